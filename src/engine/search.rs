//! Exhaustive game-tree search on whole positions — no Sprague–Grundy anywhere — to check the
//! rules nimlab uses against the definitions of winning and losing.
//!
//! Two forms: [`Exhaustive`] solves every position with up to K piles of size ≤ M at once (a
//! dense table over canonical sorted positions, filled so that every option is solved before
//! the positions that reach it); [`Search`] answers single positions by memoised recursion.

use std::collections::HashMap;

use super::{EngineError, Grundy, Pile, Rules};

/// The most positions [`Exhaustive`] will solve (one byte each).
pub const MAX_POSITIONS: u64 = 50_000_000;

/// Every position with up to `piles` piles of size ≤ `max`, each marked won or lost for the
/// player to move, found by trying every move.
#[derive(Debug, Clone)]
pub struct Exhaustive {
    /// The component states, by code: for zero-move 0, 1F, 1T, 2F, 2T, …; else 0, 1, 2, ….
    /// Every option of a state has a smaller code.
    states: Vec<Pile>,
    piles: usize,
    misere: bool,
    /// binom[x][y] = C(x, y), for ranking sorted positions.
    binom: Vec<Vec<u64>>,
    /// Whether the player to move wins, by rank.
    first_wins: Vec<bool>,
}

impl Exhaustive {
    /// Solves every position. `misere`: the player who cannot move wins (the last mover loses).
    pub fn solve(rules: &Rules, misere: bool, piles: usize, max: u64) -> Result<Self, EngineError> {
        if rules.splits() {
            // A split adds a pile, which the fixed-width table of K piles cannot hold.
            return Err(EngineError::TooMuchWork {
                what: format!("searching every position of {rules} at once"),
                limit: "its moves may split a pile, which this search does not follow yet".into(),
            });
        }
        // States per size: 2 with a pass (0 has one), else 1; counted before listing them.
        let per_size = if rules.has_pass() { 2 } else { 1 };
        let codes = max
            .checked_mul(per_size)
            .and_then(|c| c.checked_add(1))
            .unwrap_or(u64::MAX);
        let count = count_positions(codes, piles as u64);
        if piles == 0 || count.is_none_or(|c| c > MAX_POSITIONS) {
            return Err(EngineError::TooMuchWork {
                what: format!("searching every position of up to {piles} piles of size ≤ {max}"),
                limit: format!(
                    "the search stops at {MAX_POSITIONS} positions (and needs at least one pile)"
                ),
            });
        }
        let states: Vec<Pile> = (0..=max).flat_map(|n| rules.states(n)).collect();
        let codes = states.len();
        let index: HashMap<Pile, usize> = states.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let options: Vec<Vec<usize>> = states
            .iter()
            .map(|&p| {
                rules
                    .options(p)
                    .filter_map(|o| index.get(&o).copied())
                    .collect()
            })
            .collect();
        debug_assert!(
            options
                .iter()
                .enumerate()
                .all(|(c, o)| o.iter().all(|&d| d < c))
        );

        let binom = binomials(codes + piles, piles);
        let total = usize::try_from(count.unwrap_or(0)).unwrap_or(usize::MAX);
        let mut first_wins = vec![false; total];
        // Sorted positions a[0] ≤ … ≤ a[K-1] in colex order, which is rank order; a move
        // lowers one code, which lowers the rank, so every option is solved already.
        let mut a = vec![0usize; piles];
        let mut b = vec![0usize; piles];
        for r in 0..total {
            let mut any_move = false;
            let mut wins = false;
            'search: for i in 0..piles {
                if i > 0 && a[i] == a[i - 1] {
                    continue;
                }
                for &to in &options[a[i]] {
                    any_move = true;
                    b.copy_from_slice(&a);
                    let mut j = i;
                    while j > 0 && b[j - 1] > to {
                        b[j] = b[j - 1];
                        j -= 1;
                    }
                    b[j] = to;
                    if !first_wins[rank(&binom, &b)] {
                        wins = true;
                        break 'search;
                    }
                }
            }
            first_wins[r] = if any_move { wins } else { misere };
            next_colex(&mut a, codes);
        }
        Ok(Self {
            states,
            piles,
            misere,
            binom,
            first_wins,
        })
    }

    /// How many positions were solved.
    pub fn len(&self) -> usize {
        self.first_wins.len()
    }

    pub fn is_empty(&self) -> bool {
        self.first_wins.is_empty()
    }

    pub fn is_misere(&self) -> bool {
        self.misere
    }

    /// Every position with its verdict, in rank order; empty piles are left out.
    pub fn positions(&self) -> impl Iterator<Item = (Vec<Pile>, bool)> + '_ {
        let codes = self.states.len();
        let mut a = vec![0usize; self.piles];
        self.first_wins.iter().map(move |&wins| {
            let piles = self.piles_of(&a);
            next_colex(&mut a, codes);
            (piles, wins)
        })
    }

    /// Whether the player to move wins `piles` (which must be within the solved range).
    pub fn first_wins(&self, piles: &[Pile]) -> Option<bool> {
        let mut codes: Vec<usize> = piles
            .iter()
            .filter(|p| p.size > 0)
            .map(|p| self.states.iter().position(|s| s == p))
            .collect::<Option<_>>()?;
        if codes.len() > self.piles {
            return None;
        }
        codes.resize(self.piles, 0);
        codes.sort_unstable();
        self.first_wins.get(rank(&self.binom, &codes)).copied()
    }

    fn piles_of(&self, codes: &[usize]) -> Vec<Pile> {
        codes
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| self.states[c])
            .collect()
    }
}

/// C(codes + piles − 1, piles): multisets of `piles` codes, if it fits.
fn count_positions(codes: u64, piles: u64) -> Option<u64> {
    let mut c: u64 = 1;
    for i in 0..piles {
        c = c.checked_mul(codes + i)? / (i + 1);
    }
    Some(c)
}

fn binomials(n: usize, k: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; k + 2]; n + 2];
    for x in 0..n + 2 {
        t[x][0] = 1;
        for y in 1..=(k + 1).min(x) {
            t[x][y] = t[x - 1][y - 1].saturating_add(t[x - 1][y]);
        }
    }
    t
}

/// The colex rank of a sorted multiset: as the set {a_i + i}, Σ C(a_i + i, i + 1).
fn rank(binom: &[Vec<u64>], sorted: &[usize]) -> usize {
    let r: u64 = sorted
        .iter()
        .enumerate()
        .map(|(i, &a)| binom[a + i][i + 1])
        .sum();
    // Ranks are below the position count, which fits in memory and so in usize.
    r as usize
}

/// The next sorted multiset in colex order (wraps to all zeros after the last).
fn next_colex(a: &mut [usize], codes: usize) {
    let k = a.len();
    for i in 0..k {
        let limit = if i + 1 < k { a[i + 1] } else { codes - 1 };
        if a[i] < limit {
            a[i] += 1;
            a[..i].fill(0);
            return;
        }
    }
    a.fill(0);
}

/// Single positions by memoised recursion on sorted positions: their value by mex over the
/// whole position's options, and who wins. A work limit keeps every query finite.
#[derive(Debug)]
pub struct Search<'r> {
    rules: &'r Rules,
    misere: bool,
    values: HashMap<Vec<Pile>, Grundy>,
    wins: HashMap<Vec<Pile>, bool>,
    work: u64,
    limit: u64,
    depth: usize,
}

/// The deepest recursion a single search may reach (each level is one move).
const MAX_DEPTH: usize = 1_000;

impl<'r> Search<'r> {
    pub fn new(rules: &'r Rules, misere: bool, limit: u64) -> Self {
        Self {
            rules,
            misere,
            values: HashMap::new(),
            wins: HashMap::new(),
            work: 0,
            limit,
            depth: 0,
        }
    }

    /// Work done so far (options examined).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The options of a whole position: one pile moved, sorted, empty piles dropped.
    fn options(&mut self, position: &[Pile]) -> Result<Vec<Vec<Pile>>, EngineError> {
        if self.depth > MAX_DEPTH {
            return Err(EngineError::TooMuchWork {
                what: "searching this position's game tree".into(),
                limit: format!("games longer than {MAX_DEPTH} moves are not searched"),
            });
        }
        let mut out = Vec::new();
        for i in 0..position.len() {
            if i > 0 && position[i] == position[i - 1] {
                continue;
            }
            for o in self.rules.heap_options(position[i]) {
                self.work += 1;
                if self.work > self.limit {
                    return Err(EngineError::TooMuchWork {
                        what: "searching this position's game tree".into(),
                        limit: format!("more than {} moves examined", self.limit),
                    });
                }
                let mut next = position.to_vec();
                next[i] = o.first();
                next.extend(o.second());
                out.push(canonical(next));
            }
        }
        Ok(out)
    }

    /// The Grundy value of the whole position: the mex of its options' values, recursively.
    pub fn value(&mut self, piles: &[Pile]) -> Result<Grundy, EngineError> {
        let position = canonical(piles.to_vec());
        if let Some(&g) = self.values.get(&position) {
            return Ok(g);
        }
        let mut seen = Vec::new();
        self.depth += 1;
        let result = self.options(&position).and_then(|options| {
            for o in options {
                seen.push(self.value(&o)?);
            }
            Ok(())
        });
        self.depth -= 1;
        result?;
        let g = super::mex::mex(seen);
        self.values.insert(position, g);
        Ok(g)
    }

    /// The values of the position's options (the sum's "mex set"), sorted.
    pub fn option_values(&mut self, piles: &[Pile]) -> Result<Vec<Grundy>, EngineError> {
        let position = canonical(piles.to_vec());
        let mut seen = Vec::new();
        for o in self.options(&position)? {
            seen.push(self.value(&o)?);
        }
        seen.sort_unstable();
        seen.dedup();
        Ok(seen)
    }

    /// Whether the player to move wins, by trying every move.
    pub fn first_wins(&mut self, piles: &[Pile]) -> Result<bool, EngineError> {
        let position = canonical(piles.to_vec());
        if let Some(&w) = self.wins.get(&position) {
            return Ok(w);
        }
        self.depth += 1;
        let result = self.options(&position).and_then(|options| {
            let mut wins = options.is_empty() && self.misere;
            for o in options {
                if !self.first_wins(&o)? {
                    wins = true;
                    break;
                }
            }
            Ok(wins)
        });
        self.depth -= 1;
        let wins = result?;
        self.wins.insert(position, wins);
        Ok(wins)
    }
}

/// A position in canonical form: empty piles dropped, the rest sorted.
fn canonical(mut piles: Vec<Pile>) -> Vec<Pile> {
    piles.retain(|p| p.size > 0);
    piles.sort_unstable();
    piles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pass;

    #[test]
    fn colex_enumeration_matches_rank() {
        let binom = binomials(6 + 3, 3);
        let mut a = vec![0; 3];
        let total = count_positions(6, 3).unwrap();
        assert_eq!(total, 56); // C(8, 3)
        let mut seen = std::collections::HashSet::new();
        for r in 0..total as usize {
            assert!(a.windows(2).all(|w| w[0] <= w[1]), "{a:?}");
            assert_eq!(rank(&binom, &a), r, "{a:?}");
            assert!(seen.insert(a.clone()));
            next_colex(&mut a, 6);
        }
        assert_eq!(a, [0, 0, 0]);
    }

    #[test]
    fn small_positions_by_hand() {
        let nim = Rules::Nim;
        let all = Exhaustive::solve(&nim, false, 2, 3).unwrap();
        // Two equal Nim piles lose (the mirror strategy); unequal ones win.
        for a in 0..=3 {
            for b in 0..=3 {
                let w = all.first_wins(&[Pile::plain(a), Pile::plain(b)]).unwrap();
                assert_eq!(w, a != b, "{a} {b}");
            }
        }
        // Misère: a lone 1 loses (you must take it), the empty position wins.
        let mis = Exhaustive::solve(&Rules::Misere, true, 2, 3).unwrap();
        assert_eq!(mis.first_wins(&[Pile::plain(1)]), Some(false));
        assert_eq!(mis.first_wins(&[]), Some(true));
        assert_eq!(
            mis.first_wins(&[Pile::plain(1), Pile::plain(1)]),
            Some(true)
        );
        // Zero-move: 1T alone wins (take it); 1T + 1F: taking 1T leaves 1F (won for the
        // opponent), taking 1F leaves 1T (won), passing leaves 1F + 1F (equal Nim piles, lost).
        let zm = Exhaustive::solve(&Rules::ZeroMove, false, 2, 2).unwrap();
        let t = Pile::zero_move(1, Pass::Unused);
        let f = Pile::zero_move(1, Pass::Spent);
        assert_eq!(zm.first_wins(&[t]), Some(true));
        assert_eq!(zm.first_wins(&[t, f]), Some(true));
        assert_eq!(zm.first_wins(&[f, f]), Some(false));
        // 1T + 1T: every move leaves 1T + 0 (won), 1T + 1F (won): lost.
        assert_eq!(zm.first_wins(&[t, t]), Some(false));
    }

    #[test]
    fn single_searches_agree_with_the_table() {
        for (rules, misere) in [
            (Rules::Nim, false),
            (Rules::ZeroMove, false),
            (Rules::ZeroMove, true),
            (Rules::Misere, true),
        ] {
            let all = Exhaustive::solve(&rules, misere, 3, 4).unwrap();
            let mut one = Search::new(&rules, misere, u64::MAX);
            for (piles, wins) in all.positions() {
                assert_eq!(one.first_wins(&piles).unwrap(), wins, "{rules} {piles:?}");
                assert_eq!(all.first_wins(&piles), Some(wins));
                if !misere {
                    // Normal play: lost exactly when the position's mex value is 0.
                    assert_eq!(one.value(&piles).unwrap() == 0, !wins);
                }
            }
        }
    }

    #[test]
    fn refuses_too_much_work() {
        // A long game is cut off by depth before it can exhaust the stack.
        let one = Rules::parse("subtract:1").unwrap();
        let mut deep = Search::new(&one, false, u64::MAX);
        assert!(deep.first_wins(&[Pile::plain(50_000)]).is_err());
        assert!(deep.value(&[Pile::plain(50_000)]).is_err());
        // Within the depth, a lone pile of subtract:1 is won exactly when it is odd.
        assert_eq!(deep.first_wins(&[Pile::plain(501)]), Ok(true));
        assert!(Exhaustive::solve(&Rules::Nim, false, 40, 1000).is_err());
        assert!(Exhaustive::solve(&Rules::ZeroMove, false, 1, u64::MAX).is_err());
        assert!(Exhaustive::solve(&Rules::Nim, false, 0, 3).is_err());
        let mut s = Search::new(&Rules::Nim, false, 100);
        assert!(s.value(&[Pile::plain(50), Pile::plain(50)]).is_err());
    }

    #[test]
    fn search_follows_splits() {
        // Kayles by hand: g(4) = 1 (options 2, 1+1, 3, 1+2 → 2, 0, 3, 3), and 4 + 1 is lost.
        let kayles = Rules::parse("octal:0.77").unwrap();
        let mut s = Search::new(&kayles, false, 1_000_000);
        assert_eq!(s.value(&[Pile::plain(4)]).unwrap(), 1);
        assert!(!s.first_wins(&[Pile::plain(4), Pile::plain(1)]).unwrap());
        assert!(Exhaustive::solve(&kayles, false, 2, 3).is_err());
    }
}
