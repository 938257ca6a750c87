//! Checking a winner rule against exhaustive search: the rule nimlab uses (XOR of Grundy
//! values; misère Nim's rule) or any other, so a wrong rule is shown to fail.

use crate::limits::cancel::Cancel;
use crate::searches::exhaustive::Exhaustive;
use rayon::prelude::*;

use crate::play::position::verdict;
use crate::values::grundy::Solver;
use crate::{EngineError, Pile, Player, Rules};

/// A rule deciding who wins a position, or refusing one it cannot value.
pub(crate) type WinnerRule<'a> = dyn Fn(&[Pile]) -> Result<Player, EngineError> + Sync + 'a;

/// A position where the rule and the search disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub piles: Vec<Pile>,
    pub search: Player,
    pub rule: Player,
}

/// Counts over every solved position, and the first disagreements.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verification {
    pub positions: usize,
    /// Positions the player to move wins, by search.
    pub first_wins: usize,
    /// Positions the player to move loses, by search.
    pub second_wins: usize,
    /// Disagreements with the rule (0 when there is no rule).
    pub mismatches: usize,
    pub examples: Vec<Mismatch>,
}

/// Compares every position of `table` with `rule`, keeping the first `keep` disagreements (in
/// rank order). Ranges of ranks are compared on all cores and merged in order, so the result
/// does not depend on how many there are. Stops once `cancel` is cancelled; its progress
/// counts positions compared.
pub fn verify(
    table: &Exhaustive,
    rule: Option<&WinnerRule<'_>>,
    keep: usize,
    cancel: &Cancel,
) -> Result<Verification, EngineError> {
    let total = table.len() as u64;
    // Enough pieces to balance two busy cores, few enough that merging costs nothing.
    let pieces: u64 = 64;
    // Ranks compared between two looks at the cancel token.
    let chunk: u64 = 1 << 16;
    cancel.begin(total);
    let parts: Vec<Verification> = (0..pieces)
        .into_par_iter()
        .map(|p| {
            let mut v = Verification::default();
            let mut refused = None;
            let (from, to) = (total * p / pieces, total * (p + 1) / pieces);
            let mut at = from;
            while at < to && refused.is_none() {
                cancel.check()?;
                let end = to.min(at + chunk);
                table.scan(at, end, |piles, wins| {
                    if refused.is_none() {
                        refused = v.add(piles, wins, rule, keep).err();
                    }
                });
                cancel.advance(end - at)?;
                at = end;
            }
            refused.map_or(Ok(v), Err)
        })
        .collect::<Result<_, EngineError>>()?;
    let mut v = Verification::default();
    for part in parts {
        v.positions += part.positions;
        v.first_wins += part.first_wins;
        v.second_wins += part.second_wins;
        v.mismatches += part.mismatches;
        let room = keep - v.examples.len();
        v.examples.extend(part.examples.into_iter().take(room));
    }
    Ok(v)
}

impl Verification {
    fn add(
        &mut self,
        piles: &[Pile],
        wins: bool,
        rule: Option<&WinnerRule<'_>>,
        keep: usize,
    ) -> Result<(), EngineError> {
        self.positions += 1;
        let search = if wins {
            self.first_wins += 1;
            Player::First
        } else {
            self.second_wins += 1;
            Player::Second
        };
        if let Some(rule) = rule {
            let said = rule(piles)?;
            if said != search {
                self.mismatches += 1;
                if self.examples.len() < keep {
                    self.examples.push(Mismatch {
                        piles: piles.to_vec(),
                        search,
                        rule: said,
                    });
                }
            }
        }
        Ok(())
    }
}

/// The rule nimlab uses to decide `rules` (misère if `misere`), or `None` where it has none
/// (zero-move misère, misère subtraction games).
pub fn nimlab_rule(
    rules: &Rules,
    misere: bool,
) -> Result<Option<Box<WinnerRule<'static>>>, EngineError> {
    let solver = match (rules, misere) {
        (_, false) => Solver::new(rules)?,
        (Rules::Nim | Rules::Misere, true) => Solver::new(&Rules::Misere)?,
        _ => return Ok(None),
    };
    Ok(Some(Box::new(move |piles: &[Pile]| {
        verdict(&solver, piles).map(|v| v.winner)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::position::nim_sum;

    fn check(rules: &Rules, misere: bool, piles: usize, max: u64) -> Verification {
        let table = Exhaustive::solve(rules, misere, piles, max).unwrap();
        let rule = nimlab_rule(rules, misere).unwrap().expect("a rule");
        verify(&table, Some(rule.as_ref()), 5, &Cancel::new()).unwrap()
    }

    #[test]
    fn nimlab_rules_agree_with_search() {
        for (rules, misere) in [
            (Rules::Nim, false),
            (Rules::ZeroMove, false),
            (Rules::Misere, true),
            (Rules::parse("subtract:1,3,4").unwrap(), false),
        ] {
            let v = check(&rules, misere, 4, 7);
            assert_eq!(v.mismatches, 0, "{rules}: {:?}", v.examples);
            assert_eq!(v.positions, v.first_wins + v.second_wins);
        }
        // 4 piles ≤ 7: multisets of 4 from 8 sizes = C(11, 4) = 330; zero-move has 15 states
        // (0, 1F, 1T, …, 7T), so C(18, 4) = 3060.
        assert_eq!(check(&Rules::Nim, false, 4, 7).positions, 330);
        assert_eq!(check(&Rules::ZeroMove, false, 4, 7).positions, 3060);
    }

    #[test]
    fn a_wrong_rule_is_caught() {
        // Treating zero-move piles as plain Nim piles (ignoring the pass) is wrong. By hand:
        // 1T + 2F has sizes 1 ⊕ 2 ≠ 0, yet every move loses — 1T→0 and 2F→0 leave one pile
        // to take, 1T→1F leaves Nim 1 + 2, 2F→1F leaves 1T + 1F, where passing wins.
        let table = Exhaustive::solve(&Rules::ZeroMove, false, 4, 7).unwrap();
        let sizes_xor = |piles: &[Pile]| {
            Ok(if nim_sum(piles.iter().map(|p| u128::from(p.size))) != 0 {
                Player::First
            } else {
                Player::Second
            })
        };
        let v = verify(&table, Some(&sizes_xor), 3, &Cancel::new()).unwrap();
        assert!(v.mismatches > 0);
        assert_eq!(v.examples.len(), 3);
        let hand = [
            Pile::zero_move(1, crate::Pass::Unused),
            Pile::zero_move(2, crate::Pass::Spent),
        ];
        assert_eq!(table.first_wins(&hand), Some(false));
        assert_eq!(sizes_xor(&hand), Ok(Player::First));
        for m in &v.examples {
            assert_ne!(m.search, m.rule);
        }
        // The examples are the first disagreements in rank order, however the work was shared.
        let first: Vec<Vec<Pile>> = table
            .positions()
            .filter(|(p, wins)| (sizes_xor(p) == Ok(Player::First)) != *wins)
            .map(|(p, _)| p)
            .take(3)
            .collect();
        let kept: Vec<Vec<Pile>> = v.examples.iter().map(|m| m.piles.clone()).collect();
        assert_eq!(kept, first);
        let all = table
            .positions()
            .filter(|(p, w)| (sizes_xor(p) == Ok(Player::First)) != *w);
        assert_eq!(v.mismatches, all.count());
        // Misère decided as if normal Nim: a lone 1 is won in Nim, lost in misère.
        let mis = Exhaustive::solve(&Rules::Misere, true, 4, 7).unwrap();
        let normal = nimlab_rule(&Rules::Nim, false).unwrap().unwrap();
        let v = verify(&mis, Some(normal.as_ref()), 5, &Cancel::new()).unwrap();
        assert!(v.mismatches > 0);
        assert!(v.examples.iter().any(|m| m.piles == [Pile::plain(1)]));
    }

    #[test]
    fn zero_move_misere_has_no_rule() {
        assert!(nimlab_rule(&Rules::ZeroMove, true).unwrap().is_none());
        let table = Exhaustive::solve(&Rules::ZeroMove, true, 3, 3).unwrap();
        let v = verify(&table, None, 5, &Cancel::new()).unwrap();
        assert_eq!(v.mismatches, 0);
        assert!(v.second_wins > 0);
    }

    #[test]
    fn a_cancelled_token_leaves_no_result() {
        let cancel = Cancel::new();
        cancel.cancel();
        let solved = Exhaustive::solve_on(
            &Rules::ZeroMove,
            false,
            3,
            5,
            crate::searches::exhaustive::Cores::All,
            &cancel,
        );
        assert_eq!(solved.err(), Some(EngineError::Interrupted));
        // A finished table, compared under a cancelled token: no counts come back.
        let table = Exhaustive::solve(&Rules::ZeroMove, false, 3, 5).unwrap();
        let rule = nimlab_rule(&Rules::ZeroMove, false).unwrap().unwrap();
        assert_eq!(
            verify(&table, Some(rule.as_ref()), 5, &cancel),
            Err(EngineError::Interrupted)
        );
        // The same token reset works again and counts every position: 3 piles of the 11
        // states 0, 1F, 1T, …, 5T are multisets of 3 from 11, C(13, 3) = 286.
        cancel.reset();
        let v = verify(&table, Some(rule.as_ref()), 5, &cancel).unwrap();
        assert_eq!(v.positions, 286);
        assert_eq!(cancel.progress(), (286, 286));
    }
}
