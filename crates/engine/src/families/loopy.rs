//! Loopy games: the generalised Sprague–Grundy function γ of Smith and Fraenkel on a finite
//! directed graph that may have cycles, so that some play never ends.
//!
//! A position gets either a finite value m or ∞(K), K being the finite values among its options.
//! The values come from Fraenkel and Yesha's labelling: for m = 0, 1, 2, … label m every
//! unlabelled u with no option labelled m whose every unlabelled or ∞ option has an option
//! labelled m (until no more can be), then label ∞ every unlabelled u with no option labelled m.
//! Each finite label gets a counter, the order it was given in: from a position of value m, a
//! move to a larger value or to ∞ can be answered by a move back to m with a smaller counter,
//! so the player who keeps the value at 0 wins in finite time.
//!
//! Outcomes: γ = 0 loses for the player to move, γ finite > 0 wins, ∞(K) wins when 0 ∈ K and
//! is a draw (neither player can force a win) when it is not. Sums: finite values add by XOR,
//! a + ∞(K) = ∞(K ⊕ a), and ∞ + ∞ = ∞(∅).
//!
//! Pure: graphs arrive as lists of options by index.

use crate::limits::cancel::{self, POLL_EVERY};
use crate::{EngineError, Grundy};

/// A position's generalised Sprague–Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Gamma {
    Finite(Grundy),
    /// ∞(K): the finite values among the options, ascending, without repeats.
    Infinite(Vec<Grundy>),
}

/// Who wins: the one outcome type of every verdict (a loopy game's may be a draw).
pub use crate::play::outcome::Outcome;

impl Gamma {
    pub(crate) fn is_finite(&self) -> bool {
        matches!(self, Self::Finite(_))
    }

    /// The finite value, if it is one.
    pub(crate) fn finite(&self) -> Option<Grundy> {
        match self {
            Self::Finite(g) => Some(*g),
            Self::Infinite(_) => None,
        }
    }

    /// Who wins from here.
    pub fn outcome(&self) -> Outcome {
        match self {
            Self::Finite(0) => Outcome::Second,
            Self::Finite(_) => Outcome::First,
            Self::Infinite(k) if k.contains(&0) => Outcome::First,
            Self::Infinite(_) => Outcome::Draw,
        }
    }

    /// The value of the sum of positions of these values (Smith's theorem).
    pub fn sum<'a, I: IntoIterator<Item = &'a Gamma>>(values: I) -> Gamma {
        let mut finite: Grundy = 0;
        let mut infinite: Option<&[Grundy]> = None;
        let mut infinities = 0usize;
        for v in values {
            match v {
                Self::Finite(g) => finite ^= g,
                Self::Infinite(k) => {
                    infinities += 1;
                    infinite = Some(k);
                }
            }
        }
        match (infinities, infinite) {
            (0, _) | (_, None) => Self::Finite(finite),
            (1, Some(k)) => {
                let mut shifted: Vec<Grundy> = k.iter().map(|&x| x ^ finite).collect();
                shifted.sort_unstable();
                Self::Infinite(shifted)
            }
            _ => Self::Infinite(Vec::new()),
        }
    }
}

/// Every position's γ and, for a finite value, its counter (0 for ∞).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Labelling {
    pub(crate) gamma: Vec<Gamma>,
    pub(crate) counter: Vec<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    None,
    Finite(Grundy),
    Infinite,
}

/// Labels every position of the graph whose options are `moves` (indices into `moves`). Polls
/// the foreground's stop flag and the memory limit.
pub(crate) fn label(moves: &[Vec<usize>]) -> Result<Labelling, EngineError> {
    let n = moves.len();
    let preds = predecessors(moves);
    let mut label = vec![Label::None; n];
    let mut counter = vec![0u64; n];
    let mut next_counter: u64 = 0;
    // Per stage: whether an unlabelled or ∞ position has an option labelled m ("hit"), whether
    // an unlabelled position has an option labelled m ("blocked"), and how many of an
    // unlabelled position's unlabelled or ∞ options are not yet hit.
    let mut hit = vec![false; n];
    let mut blocked = vec![false; n];
    let mut waiting = vec![0usize; n];
    let mut unlabelled: Vec<usize> = (0..n).collect();
    let mut work: u64 = 0;
    let mut tick = |units: usize| -> Result<(), EngineError> {
        let before = work / POLL_EVERY;
        work = work.saturating_add(u64::try_from(units).unwrap_or(u64::MAX));
        if work / POLL_EVERY != before {
            cancel::poll()?;
        }
        Ok(())
    };
    let mut m: Grundy = 0;
    while !unlabelled.is_empty() {
        for &u in &unlabelled {
            hit[u] = false;
            blocked[u] = false;
        }
        for (u, l) in label.iter().enumerate() {
            if *l == Label::Infinite {
                hit[u] = false;
            }
        }
        tick(n)?;
        let open = |l: Label| matches!(l, Label::None | Label::Infinite);
        let mut queue = Vec::new();
        for &u in &unlabelled {
            waiting[u] = moves[u].iter().filter(|&&v| open(label[v])).count();
            tick(moves[u].len())?;
            if waiting[u] == 0 {
                queue.push(u);
            }
        }
        while let Some(u) = queue.pop() {
            if label[u] != Label::None || blocked[u] || waiting[u] != 0 {
                continue;
            }
            label[u] = Label::Finite(m);
            counter[u] = next_counter;
            next_counter += 1;
            for &p in &preds[u] {
                tick(1)?;
                if !open(label[p]) {
                    continue;
                }
                if label[p] == Label::None {
                    blocked[p] = true;
                }
                if hit[p] {
                    continue;
                }
                hit[p] = true;
                for &q in &preds[p] {
                    tick(1)?;
                    if label[q] == Label::None {
                        // p was counted in q's waiting when the stage began: it was open and
                        // not hit, and only now is it hit.
                        debug_assert!(waiting[q] > 0);
                        waiting[q] = waiting[q].saturating_sub(1);
                        if waiting[q] == 0 && !blocked[q] {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        for &u in &unlabelled {
            if label[u] == Label::None && !blocked[u] {
                label[u] = Label::Infinite;
            }
        }
        unlabelled.retain(|&u| label[u] == Label::None);
        m += 1;
    }
    Ok(Labelling {
        gamma: gammas(moves, &label),
        counter,
    })
}

/// For each position, the positions with a move to it.
fn predecessors(moves: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); moves.len()];
    for (u, to) in moves.iter().enumerate() {
        for &v in to {
            preds[v].push(u);
        }
    }
    preds
}

/// γ of each position from its label: a finite label is its value; an unlabelled or infinite
/// position is ∞ with the finite values of its options.
fn gammas(moves: &[Vec<usize>], label: &[Label]) -> Vec<Gamma> {
    (0..moves.len())
        .map(|u| match label[u] {
            Label::Finite(g) => Gamma::Finite(g),
            _ => {
                let mut k: Vec<Grundy> = moves[u]
                    .iter()
                    .filter_map(|&v| match label[v] {
                        Label::Finite(g) => Some(g),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            }
        })
        .collect()
}

impl Labelling {
    /// The option of `u` of value `target` with the smallest counter (ties: the first listed):
    /// the move that makes progress towards the end of play.
    pub(crate) fn option_of_value(&self, moves: &[usize], target: Grundy) -> Option<usize> {
        moves
            .iter()
            .copied()
            .filter(|&v| self.gamma[v] == Gamma::Finite(target))
            .min_by_key(|&v| self.counter[v])
    }

    /// The value of the sum of the positions `position` (nodes of the labelled graph).
    pub(crate) fn sum_value(&self, position: &[usize]) -> Gamma {
        Gamma::sum(position.iter().map(|&u| &self.gamma[u]))
    }

    /// The move to make in the sum `position`, as (component, node it goes to): a winning move
    /// (to a value 0 that makes progress) when the player to move wins, a move that keeps the
    /// draw when it is a draw, `None` when every move loses or none is left.
    pub(crate) fn best_move(
        &self,
        moves: &[Vec<usize>],
        position: &[usize],
    ) -> Option<(usize, usize)> {
        match self.sum_value(position) {
            Gamma::Finite(0) => None,
            Gamma::Finite(s) => {
                let top = 1u128 << (127 - s.leading_zeros());
                let i = position
                    .iter()
                    .position(|&u| self.gamma[u].finite().is_some_and(|g| g & top != 0))?;
                let target = self.gamma[position[i]].finite()? ^ s;
                Some((i, self.option_of_value(&moves[position[i]], target)?))
            }
            Gamma::Infinite(k) if k.contains(&0) => {
                // One component is ∞; it moves to the value the others XOR to.
                let j = position.iter().position(|&u| !self.gamma[u].is_finite())?;
                let others = Gamma::sum(
                    position
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != j)
                        .map(|(_, &u)| &self.gamma[u]),
                );
                Some((
                    j,
                    self.option_of_value(&moves[position[j]], others.finite()?)?,
                ))
            }
            Gamma::Infinite(_) => self.drawing_move(moves, position),
        }
    }

    /// A move of a drawn sum to another draw, so that the opponent cannot force a win.
    fn drawing_move(&self, moves: &[Vec<usize>], position: &[usize]) -> Option<(usize, usize)> {
        let mut after = position.to_vec();
        for (i, &u) in position.iter().enumerate() {
            for &v in &moves[u] {
                after[i] = v;
                if self.sum_value(&after).outcome() == Outcome::Draw {
                    return Some((i, v));
                }
            }
            after[i] = u;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inf(k: &[Grundy]) -> Gamma {
        Gamma::Infinite(k.to_vec())
    }

    use Gamma::Finite as F;

    #[test]
    fn by_hand() {
        // 0 ⇄ 1: neither can ever be forced to stop, no option of either is finite: ∞(∅) twice.
        let l = label(&[vec![1], vec![0]]).unwrap();
        assert_eq!(l.gamma, [inf(&[]), inf(&[])]);
        // a → b, b → a and end, end: stage 0 labels end 0 (no options), then a 0 (its only
        // option b has the option end labelled 0), b not (its option end is 0); stage 1
        // labels b 1 (its options are all finite, none 1).
        let l = label(&[vec![1], vec![0, 2], vec![]]).unwrap();
        assert_eq!(l.gamma, [F(0), F(1), F(0)]);
        // A self-loop alone: x → x. Never 0 (its option x would need an option 0); ∞(∅).
        let l = label(&[vec![0]]).unwrap();
        assert_eq!(l.gamma, [inf(&[])]);
        // x → x, x → end: end = 0, x has option 0: not 0; stage 1: x's open option x has no
        // option labelled 1 → x stays unlabelled and has no option 1 → ∞({0}).
        let l = label(&[vec![0, 1], vec![]]).unwrap();
        assert_eq!(l.gamma, [inf(&[0]), F(0)]);
        assert_eq!(l.gamma[0].outcome(), Outcome::First);
    }

    #[test]
    fn sums() {
        assert_eq!(Gamma::sum(&[F(3), F(5)]), F(6));
        assert_eq!(Gamma::sum(&[F(1), inf(&[0, 3])]), inf(&[1, 2]));
        assert_eq!(Gamma::sum(&[inf(&[0]), inf(&[0])]), inf(&[]));
        assert_eq!(Gamma::sum(&[]), F(0));
        assert_eq!(Gamma::sum(&[F(2), inf(&[1])]).outcome(), Outcome::Draw);
        assert_eq!(Gamma::sum(&[F(1), inf(&[1])]).outcome(), Outcome::First);
    }

    /// Mex by depth-first search on an acyclic graph (options have larger indices).
    fn mex_values(moves: &[Vec<usize>]) -> Vec<Grundy> {
        let mut v = vec![0; moves.len()];
        for u in (0..moves.len()).rev() {
            let set: Vec<Grundy> = moves[u].iter().map(|&w| v[w]).collect();
            v[u] = (0..).find(|g| !set.contains(g)).unwrap_or(0);
        }
        v
    }

    /// A small fixed-seed generator (xorshift).
    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    fn pick(seed: &mut u64, below: usize) -> usize {
        usize::try_from(rng(seed) % u64::try_from(below).unwrap()).unwrap()
    }

    #[test]
    fn on_an_acyclic_graph_it_is_the_mex() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let n = 1 + pick(&mut seed, 14);
            let moves: Vec<Vec<usize>> = (0..n)
                .map(|u| {
                    let mut to: Vec<usize> =
                        (u + 1..n).filter(|_| pick(&mut seed, 3) == 0).collect();
                    to.dedup();
                    to
                })
                .collect();
            let l = label(&moves).unwrap();
            let want: Vec<Gamma> = mex_values(&moves).into_iter().map(F).collect();
            assert_eq!(l.gamma, want, "{moves:?}");
        }
    }

    /// Win/lose/draw by backward induction.
    fn retrograde(moves: &[Vec<usize>]) -> Vec<Outcome> {
        let n = moves.len();
        let mut out: Vec<Option<Outcome>> = vec![None; n];
        loop {
            let mut changed = false;
            for u in 0..n {
                if out[u].is_some() {
                    continue;
                }
                if moves[u].iter().any(|&v| out[v] == Some(Outcome::Second)) {
                    out[u] = Some(Outcome::First);
                    changed = true;
                } else if moves[u].iter().all(|&v| out[v] == Some(Outcome::First)) {
                    out[u] = Some(Outcome::Second);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        out.into_iter()
            .map(|o| o.unwrap_or(Outcome::Draw))
            .collect()
    }

    fn random_graph(seed: &mut u64) -> Vec<Vec<usize>> {
        let n = 1 + pick(seed, 10);
        (0..n)
            .map(|_| {
                let mut to: Vec<usize> = (0..n).filter(|_| pick(seed, 4) == 0).collect();
                to.dedup();
                to
            })
            .collect()
    }

    #[test]
    fn outcomes_agree_with_backward_induction() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for _ in 0..500 {
            let moves = random_graph(&mut seed);
            let l = label(&moves).unwrap();
            let got: Vec<Outcome> = l.gamma.iter().map(Gamma::outcome).collect();
            assert_eq!(got, retrograde(&moves), "{moves:?}");
        }
    }

    #[test]
    fn sums_agree_with_backward_induction_on_the_product() {
        let mut seed = 0x1234_5678_9abc_def1;
        for _ in 0..150 {
            let a = random_graph(&mut seed);
            let b = random_graph(&mut seed);
            let (la, lb) = (label(&a).unwrap(), label(&b).unwrap());
            let nb = b.len();
            let product: Vec<Vec<usize>> = (0..a.len() * nb)
                .map(|x| {
                    let (i, j) = (x / nb, x % nb);
                    let mut to: Vec<usize> = a[i].iter().map(|&i2| i2 * nb + j).collect();
                    to.extend(b[j].iter().map(|&j2| i * nb + j2));
                    to
                })
                .collect();
            let truth = retrograde(&product);
            for (x, want) in truth.iter().enumerate() {
                let (i, j) = (x / nb, x % nb);
                let s = Gamma::sum([&la.gamma[i], &lb.gamma[j]]);
                assert_eq!(s.outcome(), *want, "{a:?} {b:?} at ({i},{j})");
            }
        }
    }

    /// Whether the player to move on `start` wins by always playing `best_move`, whatever the
    /// opponent does: the positions reachable that way hold no cycle, and every play ends with
    /// the opponent unable to move.
    fn best_move_wins(l: &Labelling, moves: &[Vec<usize>], start: Vec<usize>) -> bool {
        use std::collections::HashMap;
        // (position, winner to move) → 0 on the path, 1 done.
        let mut state: HashMap<(Vec<usize>, bool), u8> = HashMap::new();
        fn visit(
            l: &Labelling,
            moves: &[Vec<usize>],
            p: Vec<usize>,
            mine: bool,
            state: &mut HashMap<(Vec<usize>, bool), u8>,
        ) -> bool {
            match state.get(&(p.clone(), mine)) {
                Some(0) => return false,
                Some(_) => return true,
                None => {}
            }
            state.insert((p.clone(), mine), 0);
            let ok = if mine {
                match l.best_move(moves, &p) {
                    Some((i, v)) => {
                        let mut q = p.clone();
                        q[i] = v;
                        visit(l, moves, q, false, state)
                    }
                    None => false,
                }
            } else {
                (0..p.len()).all(|i| {
                    moves[p[i]].iter().all(|&v| {
                        let mut q = p.clone();
                        q[i] = v;
                        visit(l, moves, q, true, state)
                    })
                })
            };
            state.insert((p, mine), 1);
            ok
        }
        visit(l, moves, start, true, &mut state)
    }

    #[test]
    fn best_move_wins_in_finite_time() {
        let mut seed = 0x0bad_5eed_1234_4321;
        for _ in 0..300 {
            let moves = random_graph(&mut seed);
            let l = label(&moves).unwrap();
            let n = moves.len();
            for u in 0..n {
                if l.gamma[u].outcome() == Outcome::First {
                    assert!(best_move_wins(&l, &moves, vec![u]), "{moves:?} from {u}");
                }
                for w in 0..n {
                    if l.sum_value(&[u, w]).outcome() == Outcome::First {
                        assert!(
                            best_move_wins(&l, &moves, vec![u, w]),
                            "{moves:?} from {u}+{w}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn three_tokens_agree_with_the_product_and_are_won_in_finite_time() {
        let mut seed = 0x7777_1234_abcd_0042;
        for _ in 0..120 {
            let n = 1 + pick(&mut seed, 6);
            let moves: Vec<Vec<usize>> = (0..n)
                .map(|_| (0..n).filter(|_| pick(&mut seed, 3) == 0).collect())
                .collect();
            let l = label(&moves).unwrap();
            // Three tokens: the product graph, position x = (a, b, c) in base n.
            let product: Vec<Vec<usize>> = (0..n * n * n)
                .map(|x| {
                    let p = [x / (n * n), (x / n) % n, x % n];
                    let mut to = Vec::new();
                    for (i, w) in [n * n, n, 1].into_iter().enumerate() {
                        to.extend(moves[p[i]].iter().map(|&v| x - p[i] * w + v * w));
                    }
                    to
                })
                .collect();
            let truth = retrograde(&product);
            for (x, want) in truth.iter().enumerate() {
                let p = vec![x / (n * n), (x / n) % n, x % n];
                assert_eq!(l.sum_value(&p).outcome(), *want, "{moves:?} at {p:?}");
                if l.sum_value(&p).outcome() == Outcome::First {
                    assert!(
                        best_move_wins(&l, &moves, p.clone()),
                        "{moves:?} from {p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_draw_is_kept() {
        let mut seed = 0x5151_5151_7777_0001;
        for _ in 0..300 {
            let moves = random_graph(&mut seed);
            let l = label(&moves).unwrap();
            for u in 0..moves.len() {
                for w in 0..moves.len() {
                    let p = [u, w];
                    if l.sum_value(&p).outcome() != Outcome::Draw {
                        continue;
                    }
                    let (i, v) = l.best_move(&moves, &p).expect("a draw has a move");
                    let mut q = p;
                    q[i] = v;
                    assert_eq!(l.sum_value(&q).outcome(), Outcome::Draw, "{moves:?}");
                }
            }
        }
    }

    #[test]
    fn the_counter_makes_progress() {
        // Every 0 position u and every option v of u that is ∞ or above 0 has an option of
        // value 0 with a smaller counter than u.
        let mut seed = 0xdead_beef_cafe_f00d;
        for _ in 0..300 {
            let moves = random_graph(&mut seed);
            let l = label(&moves).unwrap();
            for (u, to) in moves.iter().enumerate() {
                let Gamma::Finite(m) = l.gamma[u] else {
                    continue;
                };
                for &v in to {
                    if l.gamma[v].finite().is_some_and(|g| g < m) {
                        continue;
                    }
                    let w = l.option_of_value(&moves[v], m).expect("a way back");
                    assert!(l.counter[w] < l.counter[u], "{moves:?} {u} {v}");
                }
            }
        }
    }
}
