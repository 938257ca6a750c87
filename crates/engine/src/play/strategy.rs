//! Winning moves: for Sprague–Grundy rulesets, the pile holding the nim-sum's top bit moved to
//! the value g ⊕ s; for misère Nim, the known strategy.

use crate::limits::budget::{Budget, LOOKUP_WORK};
use crate::play::outcome::Player;
use crate::play::position::verdict;
use crate::values::grundy::Solver;
use crate::values::library_form::leaves_as_heaps;
use crate::{EngineError, Grundy, Heaps, Pass, Pile, Rules};

/// One move: pile `index` (0-based) goes from `from` to `to` — and, when the move splits the
/// pile (octal games, Ruler), to `to` and the piles of `rest`, several piles where there was
/// one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub index: usize,
    pub from: Pile,
    pub to: Pile,
    /// The piles a split leaves besides `to` (empty for a move that does not split).
    pub rest: Box<[Pile]>,
}

impl Move {
    /// A move that leaves what `after` says.
    pub fn new(index: usize, from: Pile, after: Heaps) -> Self {
        Self {
            index,
            from,
            to: after.first(),
            rest: after.rest().collect(),
        }
    }

    /// Whether the move leaves more than one pile.
    pub fn splits(&self) -> bool {
        !self.rest.is_empty()
    }

    /// What the move leaves of the pile.
    pub fn after(&self) -> Heaps {
        if self.rest.is_empty() {
            return Heaps::One(self.to);
        }
        Heaps::of(
            std::iter::once(self.to)
                .chain(self.rest.iter().copied())
                .collect(),
        )
    }

    /// Tokens removed under `rules`; 0 for a pass (and for a split that removes nothing, in
    /// `4.` games). `None` where piles are not numbers of tokens (a graph's positions, a
    /// game's tuples: their numbers are names, and a difference of names means nothing).
    pub fn take(&self, rules: &Rules) -> Option<u64> {
        if !rules.counts_tokens() {
            return None;
        }
        let left = u64::try_from(self.after().tokens()).ok()?;
        self.from.size.checked_sub(left)
    }
}

/// Options of a pile searched exhaustively up to this size; beyond it, by the closed form's
/// inverse (every candidate is still checked against the solver).
const EXHAUSTIVE_SEARCH: u64 = 1 << 12;

/// A move that leaves the opponent a lost position, or `None` if every move loses (or there is
/// no move). Refuses piles the solver cannot value.
pub fn winning_move(solver: &Solver, piles: &[Pile]) -> Result<Option<Move>, EngineError> {
    let v = verdict(solver, piles)?;
    if v.winner != Player::First {
        return Ok(None);
    }
    if solver.rules().is_misere() {
        return Ok(misere_move(piles, &v.grundy, v.nim_sum));
    }
    let top = top_bit(v.nim_sum);
    let Some(index) = v.grundy.iter().position(|&g| g & top != 0) else {
        return Ok(None);
    };
    let target = v.grundy[index] ^ v.nim_sum;
    let after = heaps_with_value(solver, piles[index], target)?;
    Ok(after.map(|after| Move::new(index, piles[index], after)))
}

/// An option of `pile` — one heap or a split — whose Grundy value is `target`.
pub(crate) fn heaps_with_value(
    solver: &Solver,
    pile: Pile,
    target: Grundy,
) -> Result<Option<Heaps>, EngineError> {
    // A defined game's options, splits included, listed whole (kept ones, or for a pile
    // valued by a closed form past the values by mex, asked of the rule now within a
    // lookup's work, refused past it): look through them all.
    if let Rules::Defined(game) = solver.rules() {
        // A far pile of a library game with a closed form: the move found from the game's
        // structure (a take or a split to the value, a coin or a run), checked against the
        // rule and valued by the solver; else its options listed whole.
        if game.kept_options(pile.size).is_none()
            && let Some(leaves) = solver
                .library_form()
                .and_then(|form| form.move_to_value(pile.size, target))
        {
            let heaps = leaves_as_heaps(&leaves);
            if solver.heaps_value(&heaps)? == target {
                return Ok(Some(heaps));
            }
        }
        let mut budget = Budget::new(LOOKUP_WORK);
        for h in game.options_within(pile.size, &mut budget)?.iter() {
            if solver.heaps_value(h)? == target {
                return Ok(Some(h.clone()));
            }
        }
        return Ok(None);
    }
    let (Rules::Octal(code), Some(values)) = (solver.rules(), solver.octal()) else {
        return Ok(option_with_value(solver, pile, target)?.map(Heaps::One));
    };
    // With a proven period from n₀, a split a + b (a ≤ b, b ≥ n₀) has the value of the split
    // with a lowered by a multiple of p while a stays ≥ n₀, so smaller parts up to n₀ + p
    // reach every value a split can have.
    let bound = values.period().map_or(u64::MAX, |p| p.preperiod + p.period);
    for h in code.moves_with_smaller_part_upto(pile.size, bound) {
        if solver.heaps_value(&h)? == target {
            return Ok(Some(h));
        }
    }
    Ok(None)
}

/// The highest set bit of a non-zero value (0 for 0).
pub fn top_bit(value: Grundy) -> Grundy {
    if value == 0 {
        0
    } else {
        1 << (Grundy::BITS - 1 - value.leading_zeros())
    }
}

/// An option of `pile` whose Grundy value is `target`.
pub(crate) fn option_with_value(
    solver: &Solver,
    pile: Pile,
    target: Grundy,
) -> Result<Option<Pile>, EngineError> {
    let rules = solver.rules();
    let exhaustive = pile.size <= EXHAUSTIVE_SEARCH || !rules.is_take_any();
    let mut budget = Budget::new(LOOKUP_WORK);
    let candidates: Box<dyn Iterator<Item = Pile>> = if exhaustive {
        rules.options(pile, &mut budget)?
    } else {
        let mut kept = Vec::new();
        for o in take_any_candidates(rules, pile, target) {
            if rules.is_option(pile, o, &mut budget)? {
                kept.push(o);
            }
        }
        Box::new(kept.into_iter())
    };
    for o in candidates {
        if solver.value(o)?.grundy() == target {
            return Ok(Some(o));
        }
    }
    Ok(None)
}

/// For huge take-any piles, the only options that can have value `target`: a handful of sizes
/// by the closed forms' inverses (each is still checked against the solver).
fn take_any_candidates(rules: &Rules, pile: Pile, target: Grundy) -> Vec<Pile> {
    let k = u64::try_from(target).ok();
    match (rules, pile.pass) {
        (Rules::ZeroMove, Some(Pass::Unused)) => {
            let mut c = vec![Pile::zero_move(pile.size, Pass::Spent)];
            c.extend(
                [
                    k.map(|k| k.wrapping_sub(1)),
                    k.map(|k| k.wrapping_add(1)),
                    Some(0),
                ]
                .into_iter()
                .flatten()
                .map(|k| Pile::zero_move(k, Pass::Unused)),
            );
            c
        }
        (Rules::ZeroMove, _) => k
            .map(|k| Pile::zero_move(k, Pass::Spent))
            .into_iter()
            .collect(),
        _ => k.map(Pile::plain).into_iter().collect(),
    }
}

/// Misère Nim: play normal Nim until the move would leave only piles ≤ 1; then leave an odd
/// number of 1-piles.
fn misere_move(piles: &[Pile], grundy: &[Grundy], nim_sum: Grundy) -> Option<Move> {
    let big: Vec<usize> = (0..piles.len()).filter(|&i| piles[i].size >= 2).collect();
    let ones = piles.iter().filter(|p| p.size == 1).count();
    let (index, to) = match big.as_slice() {
        [] => (piles.iter().position(|p| p.size == 1)?, 0),
        [i] => (*i, if ones % 2 == 0 { 1 } else { 0 }),
        _ => {
            let top = top_bit(nim_sum);
            let i = grundy.iter().position(|&g| g & top != 0)?;
            (i, u64::try_from(grundy[i] ^ nim_sum).ok()?)
        }
    };
    Some(Move::new(index, piles[index], Heaps::One(Pile::plain(to))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_bit_by_hand() {
        assert_eq!(top_bit(0), 0);
        assert_eq!(top_bit(1), 1);
        assert_eq!(top_bit(20), 16);
        assert_eq!(top_bit(1 << 64), 1 << 64);
    }

    #[test]
    fn zero_move_pass_can_be_the_winning_move() {
        // 3T (value 4) against 3F (value 3): nim-sum 7, top bit 4 is in 3T; target 4⊕7 = 3,
        // which only the pass 3T→3F reaches.
        let rules = Rules::ZeroMove;
        let solver = Solver::new(&rules).unwrap();
        let piles = [
            Pile::zero_move(3, Pass::Unused),
            Pile::zero_move(3, Pass::Spent),
        ];
        let m = winning_move(&solver, &piles).unwrap().unwrap();
        assert_eq!((m.index, m.to), (0, Pile::zero_move(3, Pass::Spent)));
        assert_eq!(m.take(&rules), Some(0));
    }

    #[test]
    fn huge_piles_get_exact_moves() {
        let rules = Rules::ZeroMove;
        let solver = Solver::new(&rules).unwrap();
        let piles = [
            Pile::zero_move(u64::MAX, Pass::Unused),
            Pile::zero_move(5, Pass::Unused),
        ];
        let m = winning_move(&solver, &piles).unwrap().unwrap();
        let mut after = piles;
        after[m.index] = m.to;
        assert!(
            rules
                .is_option(piles[m.index], m.to, &mut Budget::new(100))
                .unwrap()
        );
        assert_eq!(verdict(&solver, &after).unwrap().nim_sum, 0);
    }
}
