//! Welter's game: coins on the squares 0, 1, 2, … of a strip, at most one a square; a move
//! slides one coin down to any empty square below it (over other coins if need be). A state is
//! the coins' squares, `(1,4,6)`, a tuple of any length whose order does not matter. Its value
//! is Welter's function, which is not the nim-sum of the squares (two coins side by side block
//! each other); nimlab values it by search, like any defined game, never by a formula.

use crate::error::FailedWhy;
use crate::families::defined::{BuiltIn, DefinedGame, Leaves, OptionRule, written};
use crate::limits::budget::Budget;
use crate::{EngineError, TooMuchWork};

/// The rule as `rules welter` shows it: the game language's notation, stretched to a tuple of
/// any length.
pub(crate) const TEXT: &str = "game welter(a1, …, an) = {(…, b, …) : i in 1..n, b in 0..a(i)-1, \
                               b not among a1, …, an}";

/// The most work a strip may need for nimlab to search it: the states it reaches (each a set of
/// as many squares, all below its highest coin) times the moves of one. A bigger one is
/// refused at once rather than searched for minutes.
pub(crate) const MAX_WORK: u64 = 20_000_000;

/// How many sets of `k` squares lie in 0..=`top`, the binomial coefficient C(top + 1, k),
/// saturating: a bound on the states reachable from a strip of `k` coins whose highest is on
/// square `top` (a move only lowers a coin).
pub(crate) fn reachable_bound(top: u64, k: usize) -> u128 {
    let n = u128::from(top) + 1;
    let mut count: u128 = 1;
    for i in 0..k as u128 {
        if i >= n {
            return 0;
        }
        // C(n, i + 1) = C(n, i) · (n − i) / (i + 1), exact at each step.
        count = match count.checked_mul(n - i) {
            Some(product) => product / (i + 1),
            None => return u128::MAX,
        };
    }
    count
}

/// Welter's options: each coin moved to each empty square below it, the coins' squares then
/// listed from the lowest (a state is a set, so every order of it is one state).
pub(crate) struct WelterRule;

impl OptionRule for WelterRule {
    fn options(&self, state: &[u64], budget: &mut Budget) -> Result<Vec<Leaves>, EngineError> {
        let failed = |why| EngineError::DefinitionFailed {
            game: "welter".into(),
            state: written(state),
            why,
        };
        // A state is a set (a tuple repeating a square is never numbered), so sorted it rises.
        let mut squares = state.to_vec();
        squares.sort_unstable();
        let top = squares.last().copied().unwrap_or(0);
        let moves = squares.iter().map(|&a| u128::from(a)).sum::<u128>();
        let work = reachable_bound(top, squares.len()).saturating_mul(moves.max(1));
        if work > u128::from(MAX_WORK) {
            return Err(failed(FailedWhy::SearchTooBig { max: MAX_WORK }));
        }
        let moves = u64::try_from(moves).unwrap_or(u64::MAX);
        if moves > budget.left() {
            return Err(TooMuchWork::DefinedBudget {
                game: "welter".into(),
                upto: moves,
                options: budget.limit(),
                reached: None,
            }
            .into());
        }
        let mut out = Vec::new();
        for (i, &coin) in squares.iter().enumerate() {
            for below in (0..coin).filter(|b| squares.binary_search(b).is_err()) {
                let mut next = squares.clone();
                next[i] = below;
                next.sort_unstable();
                out.push(next);
            }
        }
        Ok(out)
    }

    fn may_split(&self) -> bool {
        false
    }
}

/// Welter's game as a defined game of tuples of any length.
fn game() -> DefinedGame {
    DefinedGame::with_any_length("welter", TEXT, 3, Box::new(WelterRule)).as_set()
}

/// Welter's game in the library.
pub(crate) const BUILT_IN: BuiltIn = BuiltIn {
    name: "welter",
    summary: "Welter's game: coins on the squares 0, 1, 2, … of a strip, at most one a square, \
              written `(1,4,6)` or as the words `1 4 6`; a move slides one coin down to any \
              empty square below it; valued by search (its value is Welter's function, not the \
              nim-sum of the squares)",
    make: game,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn options(state: &[u64]) -> Vec<Vec<u64>> {
        WelterRule
            .options(state, &mut Budget::new(u64::MAX))
            .unwrap()
    }

    /// By hand: from (1,3) the coin on 1 goes to 0; the coin on 3 to 2 or 0 (1 is taken).
    #[test]
    fn a_coin_slides_to_any_empty_square_below_it() {
        assert_eq!(options(&[1, 3]), [vec![0, 3], vec![0, 1], vec![1, 2]]);
        assert_eq!(options(&[3, 1]), options(&[1, 3]));
        assert_eq!(options(&[0, 1, 2]), Vec::<Vec<u64>>::new());
    }

    /// A tuple that repeats a square is no state: it is refused when read, and never
    /// numbered.
    #[test]
    fn two_coins_on_one_square_are_no_state() {
        use crate::families::game::Game;
        let welter = game();
        for bad in [&[2, 5, 2][..], &[0, 0]] {
            assert!(matches!(
                welter.intern(bad),
                Err(EngineError::BadPile {
                    expected: crate::PileWanted::Set { .. },
                    ..
                })
            ));
        }
        assert!(welter.read_state(b"(2,5,2)").is_err());
        assert!(welter.read_state(b"(5,2)").is_ok());
    }

    /// The bound counts the sets of k squares in 0..=top: C(7, 3) = 35, C(4, 1) = 4; no set of
    /// 5 squares fits in 0..=2.
    #[test]
    fn the_bound_is_a_binomial_coefficient() {
        assert_eq!(reachable_bound(6, 3), 35);
        assert_eq!(reachable_bound(3, 1), 4);
        assert_eq!(reachable_bound(2, 5), 0);
        assert_eq!(reachable_bound(u64::MAX, 40), u128::MAX);
    }
}
