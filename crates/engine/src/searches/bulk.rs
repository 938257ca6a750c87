//! Verdicts and winning moves over positions too long to hold: one pass, constant memory.
//!
//! The winning move needs only the nim-sum and, for its top bit, the first pile whose value has
//! that bit — so the pass remembers, for each bit, the first pile that has it.

use crate::limits::budget::{Budget, LOOKUP_WORK};
use crate::play::outcome::Player;
use crate::play::position::Rule;
use crate::play::strategy::{heaps_with_value, top_bit};
use crate::values::grundy::{Known, Solver, closed_form};
use crate::{EngineError, Grundy, Heaps, Pile, Rules};

/// Bits a Grundy value can have (values reach 2^64).
const BITS: usize = Grundy::BITS as usize;

/// A position's verdict gathered one pile at a time.
#[derive(Debug, Clone)]
pub struct BulkVerdict {
    solver: Solver,
    /// What the whole pass may spend computing values of piles beyond the solver's.
    budget: Budget,
    count: u64,
    nim_sum: Grundy,
    /// For each bit, the first pile (index and state) whose Grundy value has it.
    first_with_bit: [Option<(u64, Pile)>; BITS],
    /// The bits some pile has had so far (so most piles skip the loop above).
    seen_bits: Grundy,
    /// Misère: piles of size 1, piles of size ≥ 2, and the first of each (kept only then).
    misere: bool,
    ones: u64,
    big: u64,
    first_one: Option<u64>,
    first_big: Option<(u64, Pile)>,
}

/// The result of a pass: how many piles, their nim-sum, who wins and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkSummary {
    pub count: u64,
    pub nim_sum: Grundy,
    pub winner: Player,
    pub(crate) rule: Rule,
    /// The winning move; its `index` is the pile's 0-based position in the input.
    pub winning_move: Option<BulkMove>,
}

impl BulkSummary {
    /// The outcome, by the nim-sum (or misère Nim's rule).
    pub fn judgement(&self) -> crate::Judgement {
        crate::Judgement::by_rule(self.rule, self.nim_sum, self.winner)
    }
}

/// A winning move found in one pass: pile `index` (0-based, u64 as inputs may be huge).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkMove {
    pub index: u64,
    pub from: Pile,
    /// What the move leaves of the pile (two piles for a split).
    pub to: Heaps,
}

impl BulkMove {
    /// Tokens removed under `rules` (0 for a pass); `None` where piles are not numbers of
    /// tokens (a graph's positions, a game's tuples), as for [`crate::Move::take`].
    pub fn take(&self, rules: &Rules) -> Option<u64> {
        if !rules.counts_tokens() {
            return None;
        }
        let left = u64::try_from(self.to.tokens()).ok()?;
        self.from.size.checked_sub(left)
    }
}

impl BulkVerdict {
    pub fn new(solver: Solver) -> Self {
        Self {
            misere: solver.rules().is_misere(),
            solver,
            budget: Budget::new(LOOKUP_WORK),
            count: 0,
            nim_sum: 0,
            first_with_bit: [None; BITS],
            seen_bits: 0,
            ones: 0,
            big: 0,
            first_one: None,
            first_big: None,
        }
    }

    /// Adds the next piles in order; refuses the first the solver cannot value within the
    /// pass's budget.
    pub fn push_all(&mut self, piles: &[Pile]) -> Result<(), EngineError> {
        // A loop per closed form, its ruleset a constant, so that a pile's value is the
        // formula alone; other rulesets ask the solver pile by pile.
        match self.solver.rules() {
            Rules::Nim => self.push_valued(piles, |p| closed_form(&Rules::Nim, p)),
            Rules::ZeroMove => self.push_valued(piles, |p| closed_form(&Rules::ZeroMove, p)),
            Rules::Misere => self.push_valued(piles, |p| closed_form(&Rules::Misere, p)),
            _ => piles.iter().try_for_each(|&pile| self.push(pile)),
        }
    }

    /// [`BulkVerdict::push`] with the value `value` gives, where it gives one.
    #[inline(always)]
    fn push_valued(
        &mut self,
        piles: &[Pile],
        value: impl Fn(Pile) -> Option<Known>,
    ) -> Result<(), EngineError> {
        // The batch's nim-sum and bits first, in a loop with no branch: most batches bring no
        // bit not seen before and (in misère) come after a pile of 1 and one of 2 or more,
        // and then need nothing else.
        let (mut sum, mut bits, mut ones, mut valued) = (0, 0, 0, true);
        for &pile in piles {
            let g = value(pile).map_or(0, Known::grundy);
            valued &= value(pile).is_some();
            sum ^= g;
            bits |= g;
            ones += u64::from(pile.size == 1);
        }
        let counted = !self.misere || (self.first_one.is_some() && self.first_big.is_some());
        if valued && counted && bits & !self.seen_bits == 0 {
            let (len, empty) = (
                piles.len() as u64,
                piles.iter().filter(|p| p.size == 0).count(),
            );
            self.count += len;
            self.nim_sum ^= sum;
            if self.misere {
                self.ones += ones;
                self.big += len - ones - empty as u64;
            }
            return Ok(());
        }
        for &pile in piles {
            match value(pile) {
                Some(known) => self.add(pile, known.grundy()),
                None => self.push(pile)?,
            }
        }
        Ok(())
    }

    /// Adds the next pile; refuses one the solver cannot value within the pass's budget.
    pub(crate) fn push(&mut self, pile: Pile) -> Result<(), EngineError> {
        let g = match self.solver.lookup(pile) {
            Some(known) => known.grundy(),
            None => self.reach(pile)?,
        };
        self.add(pile, g);
        Ok(())
    }

    /// Adds a pile of value `g`.
    #[inline(always)]
    fn add(&mut self, pile: Pile, g: Grundy) {
        let index = self.count;
        self.count += 1;
        self.nim_sum ^= g;
        let mut new_bits = g & !self.seen_bits;
        if new_bits != 0 {
            // Rare after the first few piles: most values bring no bit not seen before.
            self.seen_bits |= g;
            while new_bits != 0 {
                let bit = new_bits.trailing_zeros() as usize;
                new_bits &= new_bits - 1;
                self.first_with_bit[bit] = Some((index, pile));
            }
        }
        if !self.misere {
            return;
        }
        match pile.size {
            0 => {}
            1 => {
                self.ones += 1;
                self.first_one.get_or_insert(index);
            }
            _ => {
                self.big += 1;
                self.first_big.get_or_insert((index, pile));
            }
        }
    }

    /// The value of a pile beyond what the solver knows, computed within the pass's budget.
    #[cold]
    fn reach(&mut self, pile: Pile) -> Result<Grundy, EngineError> {
        let token = self.solver.rules().name_of(pile);
        self.solver.reach_within(pile, &token, &mut self.budget)?;
        Ok(self.solver.value(pile)?.grundy())
    }

    /// The verdict and winning move of every pile pushed so far.
    pub fn finish(&self) -> Result<BulkSummary, EngineError> {
        let by_sum = if self.nim_sum != 0 {
            Player::First
        } else {
            Player::Second
        };
        let misere = self.misere;
        let (winner, rule) = match (misere, self.big) {
            (false, _) => (by_sum, Rule::NimSum),
            (true, 0) => {
                let ones = usize::try_from(self.ones).unwrap_or(usize::MAX);
                let winner = if self.ones.is_multiple_of(2) {
                    Player::First
                } else {
                    Player::Second
                };
                (winner, Rule::MisereAllSmall { ones })
            }
            (true, _) => (by_sum, Rule::MisereNimSum),
        };
        let winning_move = if winner == Player::First {
            self.find_move(misere)?
        } else {
            None
        };
        Ok(BulkSummary {
            count: self.count,
            nim_sum: self.nim_sum,
            winner,
            rule,
            winning_move,
        })
    }

    fn find_move(&self, misere: bool) -> Result<Option<BulkMove>, EngineError> {
        if misere && self.big == 0 {
            return Ok(self.first_one.map(|index| BulkMove {
                index,
                from: Pile::plain(1),
                to: Heaps::One(Pile::plain(0)),
            }));
        }
        if misere && self.big == 1 {
            let to = Heaps::One(Pile::plain(if self.ones.is_multiple_of(2) { 1 } else { 0 }));
            return Ok(self
                .first_big
                .map(|(index, from)| BulkMove { index, from, to }));
        }
        let top = top_bit(self.nim_sum);
        let bit = top.trailing_zeros() as usize;
        let Some((index, from)) = self.first_with_bit[bit] else {
            return Ok(None);
        };
        let target = self.solver.value(from)?.grundy() ^ self.nim_sum;
        let to = heaps_with_value(&self.solver, from, target)?;
        Ok(to.map(|to| BulkMove { index, from, to }))
    }
}

impl BulkMove {
    /// The move with a `usize` index, where the index fits (it always does for piles in memory).
    #[cfg(test)]
    pub(crate) fn into_move(self) -> Option<crate::Move> {
        Some(crate::Move::new(
            usize::try_from(self.index).ok()?,
            self.from,
            self.to,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::limits::budget::Budget;
    use crate::play::position::verdict;
    use crate::play::strategy::winning_move;

    use proptest::prelude::*;

    proptest! {
        /// Piles pushed in batches of any sizes give what they give pushed one by one, and
        /// the verdict of the in-memory engine (misère's counts of 1s and larger piles too).
        #[test]
        fn batches_agree_with_piles_one_by_one(
            // Mostly 0s and 1s (misère's counts), or sizes of every bit length.
            sizes in prop_oneof![
                prop::collection::vec(prop_oneof![40 => 0u64..2, 1 => 2u64..], 1..300),
                prop::collection::vec(any::<u64>().prop_map(|n| n >> (n % 64)), 1..300),
            ],
            cuts in prop::collection::vec(0usize..300, 0..8),
            rules in prop::sample::select(vec!["nim", "zero-move", "misere", "subtract:1,3,4"]),
        ) {
            let rules = Rules::parse(rules).unwrap();
            let solver = Solver::new(&rules).unwrap();
            let piles: Vec<Pile> = sizes.iter().map(|&n| rules.pile(n)).collect();
            let mut one_by_one = BulkVerdict::new(solver.clone());
            piles.iter().for_each(|&p| one_by_one.push(p).unwrap());
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % piles.len()).collect();
            cuts.push(piles.len());
            cuts.sort_unstable();
            let mut batched = BulkVerdict::new(solver.clone());
            let mut from = 0;
            for to in cuts {
                batched.push_all(&piles[from..to]).unwrap();
                from = to;
            }
            let summary = batched.finish().unwrap();
            prop_assert_eq!(&summary, &one_by_one.finish().unwrap());
            let v = verdict(&solver, &piles).unwrap();
            prop_assert_eq!((summary.winner, summary.nim_sum), (v.winner, v.nim_sum));
        }
    }

    /// The one-pass result equals the in-memory verdict and move on every small position.
    #[test]
    fn agrees_with_the_in_memory_engine() {
        for name in ["nim", "zero-move", "misere", "subtract:1,3,4"] {
            let rules = Rules::parse(name).unwrap();
            let solver = Solver::new(&rules).unwrap();
            let states: Vec<Pile> = (0..6).flat_map(|n| rules.states(n)).collect();
            for a in &states {
                for b in &states {
                    for c in &states {
                        let piles = [*a, *b, *c];
                        let mut bulk = BulkVerdict::new(solver.clone());
                        piles.iter().for_each(|&p| bulk.push(p).unwrap());
                        let summary = bulk.finish().unwrap();
                        let v = verdict(&solver, &piles).unwrap();
                        assert_eq!((summary.winner, summary.nim_sum), (v.winner, v.nim_sum));
                        let mv = summary.winning_move.and_then(BulkMove::into_move);
                        let expected = winning_move(&solver, &piles).unwrap();
                        assert_eq!(mv.is_some(), expected.is_some(), "{name} {piles:?}");
                        if let Some(m) = mv {
                            // Any winning move will do: check it wins rather than that it is
                            // the same one.
                            let mut after = piles;
                            after[m.index] = m.to;
                            assert!(
                                rules
                                    .is_heap_option(m.from, &m.after(), &mut Budget::new(u64::MAX))
                                    .unwrap()
                            );
                            assert_eq!(verdict(&solver, &after).unwrap().winner, Player::Second);
                        }
                    }
                }
            }
        }
    }
}
