//! Staircase Nim on any number of steps: a state is the coins on steps 1 to n, and a move takes
//! any positive number of coins from one step down to the step below (from step 1, off the
//! staircase). The game language names its variables, so it cannot write a tuple of any length:
//! this rule is written here and valued like any defined game, by search, never by a formula.

use crate::error::FailedWhy;
use crate::families::defined::{BuiltIn, DefinedGame, Leaves, OptionRule, written};
use crate::limits::budget::Budget;
use crate::{EngineError, TooMuchWork};

/// The rule as `rules staircase` shows it: the game language's notation, stretched to a tuple
/// of any length (nimlab's renderer adds, in words, that coins moved down from step 1 leave).
pub(crate) const TEXT: &str =
    "game staircase(s1, …, sn) = {(…, s(i-1) + k, s(i) - k, …) : i in 1..n, k in 1..s(i)}";

/// The most work a staircase may need for nimlab to search it: the staircases it reaches
/// times (1 + its coins), which bounds the options listed on the way. A bigger one is refused
/// at once rather than searched for minutes.
pub(crate) const MAX_WORK: u64 = 20_000_000;

/// The staircases reachable from `state`, counted exactly: those whose suffix sums T_j (the
/// coins on step j and above) satisfy T_1 ≥ T_2 ≥ … ≥ 0 and T_j ≤ S_j, the suffix sums of
/// `state` (a move lowers one suffix sum and leaves the others). Counted by a table over the
/// values of T_j, so only called once the loose bound has failed; `None` past `cap` coins.
pub(crate) fn reachable_count(state: &[u64], cap: u64) -> Option<u128> {
    let suffix = suffix_sums(state);
    let total = *suffix.first()?;
    if total > cap {
        return None;
    }
    let width = usize::try_from(total).ok()?.checked_add(1)?;
    // ways[v]: the ways to choose T_j.. with T_j = v; start below the last step (T = 0).
    let mut ways = vec![0u128; width];
    ways[0] = 1;
    for &s in suffix.iter().rev() {
        let mut next = vec![0u128; width];
        let mut running: u128 = 0;
        for v in 0..width {
            running = running.saturating_add(ways[v]);
            if (v as u64) <= s {
                next[v] = running;
            }
        }
        ways = next;
    }
    Some(ways.iter().fold(0u128, |a, &w| a.saturating_add(w)))
}

fn suffix_sums(state: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; state.len()];
    let mut sum: u64 = 0;
    for (i, &coins) in state.iter().enumerate().rev() {
        sum = sum.saturating_add(coins);
        out[i] = sum;
    }
    out
}

/// An upper bound on the staircases reachable from `state`: a move never raises the coins on a
/// step and those above it (the suffix sum S_j), so each step j holds 0..=S_j coins, and there
/// are at most the product of (S_j + 1). A move lowers no bound's factor below a child's, so a
/// state within it has children within it.
pub(crate) fn reachable_bound(state: &[u64]) -> u128 {
    let mut suffix: u128 = 0;
    let mut bound: u128 = 1;
    for &coins in state.iter().rev() {
        suffix = suffix.saturating_add(u128::from(coins));
        bound = bound.saturating_mul(suffix.saturating_add(1));
    }
    bound
}

/// Staircase Nim's options, one tuple of the same length per move.
pub(crate) struct StaircaseRule;

impl OptionRule for StaircaseRule {
    fn options(&self, state: &[u64], budget: &mut Budget) -> Result<Vec<Leaves>, EngineError> {
        // Every move keeps or lowers the total, so a total within u64 keeps each step within it.
        let total = state
            .iter()
            .try_fold(0u64, |sum, &coins| sum.checked_add(coins))
            .ok_or_else(|| EngineError::DefinitionFailed {
                game: "staircase".into(),
                state: written(state),
                why: FailedWhy::StaircaseCoins,
            })?;
        let per_state = u128::from(total) + 1;
        let too_much = |states: u128| states.saturating_mul(per_state) > u128::from(MAX_WORK);
        if too_much(reachable_bound(state)) && reachable_count(state, 1 << 22).is_none_or(too_much)
        {
            return Err(EngineError::DefinitionFailed {
                game: "staircase".into(),
                state: written(state),
                why: FailedWhy::SearchTooBig { max: MAX_WORK },
            });
        }
        if total > budget.left() {
            return Err(TooMuchWork::DefinedBudget {
                game: "staircase".into(),
                upto: total,
                options: budget.limit(),
                reached: None,
            }
            .into());
        }
        let mut out = Vec::new();
        for (step, &coins) in state.iter().enumerate() {
            for k in 1..=coins {
                let mut next = state.to_vec();
                next[step] = coins - k;
                if step > 0 {
                    next[step - 1] += k;
                }
                out.push(next);
            }
        }
        Ok(out)
    }

    fn may_split(&self) -> bool {
        false
    }
}

/// Staircase Nim as a defined game of tuples of any length.
fn game() -> DefinedGame {
    DefinedGame::with_any_length("staircase", TEXT, 4, Box::new(StaircaseRule))
}

/// Staircase Nim in the library.
pub(crate) const BUILT_IN: BuiltIn = BuiltIn {
    name: "staircase",
    summary: "staircase Nim on any number of steps: a position is the coins on steps 1, 2, …, \
              written `(3,1,4,1)` or as the words `3 1 4 1`; move any number of coins from one \
              step to the step below (from step 1, off the staircase); valued by search",
    make: game,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_covers_every_reachable_staircase() {
        // Count the staircases reachable from a few small ones by a search here.
        for start in [vec![2u64, 1, 2], vec![0, 3], vec![1, 1, 1, 1], vec![4]] {
            let mut seen = std::collections::HashSet::new();
            let mut todo = vec![start.clone()];
            while let Some(s) = todo.pop() {
                if !seen.insert(s.clone()) {
                    continue;
                }
                let options = StaircaseRule
                    .options(&s, &mut Budget::new(u64::MAX))
                    .unwrap();
                todo.extend(options);
            }
            assert!(seen.len() as u128 <= reachable_bound(&start), "{start:?}");
            assert_eq!(
                Some(seen.len() as u128),
                reachable_count(&start, 100),
                "{start:?}"
            );
        }
    }
}
