//! The computer's reply: a winning move when there is one; otherwise a move that keeps the game
//! as long as it can, so the opponent has the most chances to go wrong.
//!
//! "Long" is measured by the longest play left: the most moves the game could still last if
//! every move were as small as possible (Nim: one token each; zero-move: one token or one pass;
//! subtraction: the smallest amount). Every move shortens it by at least 1; a delaying move
//! shortens it by the least, from the largest pile (most room to go wrong), lowest number
//! first, a take before a pass. No randomness: the same position always gets the same reply.

use crate::limits::budget::{Budget, LOOKUP_WORK};
use crate::play::strategy::winning_move;
use crate::values::grundy::Solver;
use crate::{EngineError, Heaps, Move, Pass, Pile, Rules};

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// The move leaves the opponent a lost position.
    Winning,
    /// The position is lost against perfect play; the move keeps the game long.
    Delaying,
    /// The position is a draw (a loopy graph): the move keeps it one, so that neither player
    /// can force a win.
    Drawing,
}

/// A chosen move and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reply {
    pub(crate) mv: Move,
    pub(crate) intent: Intent,
}

/// The computer's move on `piles`, or `None` when no move is left. Refuses piles the solver
/// cannot value.
pub(crate) fn reply(solver: &Solver, piles: &[Pile]) -> Result<Option<Reply>, EngineError> {
    if let Some(mv) = winning_move(solver, piles)? {
        return Ok(Some(Reply {
            mv,
            intent: Intent::Winning,
        }));
    }
    Ok(delaying_move(solver.rules(), piles)?.map(|mv| Reply {
        mv,
        intent: Intent::Delaying,
    }))
}

/// The most moves one pile could still take, each move as small as the rules allow.
pub(crate) fn longest_play(rules: &Rules, pile: Pile) -> u128 {
    let n = u128::from(pile.size);
    match rules {
        Rules::Nim | Rules::Misere => n,
        Rules::ZeroMove => n + u128::from(pile.pass == Some(Pass::Unused)),
        Rules::Subtract(set) => n / u128::from(set.values()[0]),
        // `play` refuses octal and graph games; a rough bound keeps this total.
        Rules::Octal(_) | Rules::Defined(_) => n,
        Rules::Graph(_) => 0,
    }
}

/// The move that shortens the longest play left the least (see the module's doc), or `None`
/// when no move is left; refused where a pile's moves cannot be listed.
pub(crate) fn delaying_move(rules: &Rules, piles: &[Pile]) -> Result<Option<Move>, EngineError> {
    let mut best: Option<(u128, Move)> = None;
    for (index, &from) in piles.iter().enumerate() {
        let before = longest_play(rules, from);
        for to in small_options(rules, from)? {
            // A split may leave more play than the pile had: it costs nothing then.
            let after: u128 = to.piles().map(|p| longest_play(rules, p)).sum();
            let cost = before.saturating_sub(after);
            let better = match &best {
                None => true,
                Some((best_cost, m)) => {
                    cost < *best_cost || (cost == *best_cost && from.size > m.from.size)
                }
            };
            if better {
                best = Some((cost, Move::new(index, from, to)));
            }
        }
    }
    Ok(best.map(|(_, m)| m))
}

/// The options a delaying move may pick from: the smallest takes and the pass. For take-any
/// rulesets taking one token is always among the least costly, so huge piles stay cheap. A
/// defined or octal game's splits are options too (Grundy's game and octal:0.04 have no
/// others).
fn small_options(rules: &Rules, pile: Pile) -> Result<Vec<Heaps>, EngineError> {
    let mut budget = Budget::new(LOOKUP_WORK);
    Ok(match rules {
        // Some moves of these split a heap (an octal game may have no others, as 0.04).
        Rules::Defined(_) | Rules::Octal(_) | Rules::Subtract(_) | Rules::Graph(_) => {
            rules.heap_options(pile, &mut budget)?.collect()
        }
        _ if pile.size == 0 => Vec::new(),
        _ => {
            let mut out = vec![Heaps::One(match pile.pass {
                Some(pass) => Pile::zero_move(pile.size - 1, pass),
                None => Pile::plain(pile.size - 1),
            })];
            if pile.pass == Some(Pass::Unused) {
                out.push(Heaps::One(Pile::zero_move(pile.size, Pass::Spent)));
            }
            out
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver(rules: &str) -> Solver {
        Solver::new(&Rules::parse(rules).unwrap()).unwrap()
    }

    #[test]
    fn a_lost_position_gets_the_smallest_move_from_the_largest_pile() {
        // Nim 1 2 3 has nim-sum 0: take one token from pile 3.
        let s = solver("nim");
        let piles = [1, 2, 3].map(Pile::plain);
        let r = reply(&s, &piles).unwrap().unwrap();
        assert_eq!(r.intent, Intent::Delaying);
        assert_eq!((r.mv.index, r.mv.to), (2, Pile::plain(2)));
    }

    #[test]
    fn subtraction_delays_with_the_smallest_amount() {
        // subtract:2,3 values 0 0 1 1 2 …: 4 4 has nim-sum 0; taking 2 from pile 1 costs one
        // move of the longest play (4/2 = 2 → 2/2 = 1); taking 3 also leaves 1/2 = 0: cost 2.
        let s = solver("subtract:2,3");
        let piles = [4, 4].map(Pile::plain);
        let r = reply(&s, &piles).unwrap().unwrap();
        assert_eq!(r.intent, Intent::Delaying);
        assert_eq!((r.mv.index, r.mv.to), (0, Pile::plain(2)));
    }

    #[test]
    fn zero_move_delays_with_a_pass_when_a_take_would_cost_the_pass_too() {
        // 1T 1T: values 2 and 2, nim-sum 0. Taking the last token also loses the pass (longest
        // play 2 → 0); the pass costs one (2 → 1).
        let s = solver("zero-move");
        let piles = [Pile::zero_move(1, Pass::Unused); 2];
        let r = reply(&s, &piles).unwrap().unwrap();
        let spent = Pile::zero_move(1, Pass::Spent);
        assert_eq!(
            (r.intent, r.mv.index, r.mv.to),
            (Intent::Delaying, 0, spent)
        );
    }

    #[test]
    fn zero_move_prefers_a_take_to_a_pass_when_both_cost_one() {
        // 2T 2T: values 1 and 1, nim-sum 0; 2T → 1T and 2T → 2F both cost one.
        let s = solver("zero-move");
        let piles = [Pile::zero_move(2, Pass::Unused); 2];
        let r = reply(&s, &piles).unwrap().unwrap();
        let one = Pile::zero_move(1, Pass::Unused);
        assert_eq!((r.intent, r.mv.index, r.mv.to), (Intent::Delaying, 0, one));
    }

    #[test]
    fn an_octal_game_that_only_splits_gets_a_reply() {
        // octal:0.04: a move removes 2 and splits what is left into two non-empty heaps.
        // 6 6 (by hand g(6) = 1 each, nim-sum 0, so lost): the reply must still be a split,
        // such as 6 → 1+3.
        let s = solver("octal:0.04");
        let piles = [6, 6].map(Pile::plain);
        let r = reply(&s, &piles).unwrap().unwrap();
        assert_eq!(r.intent, Intent::Delaying);
        let after = r.mv.after();
        assert_eq!(after.piles().count(), 2);
        assert_eq!(after.tokens(), 4);
    }

    #[test]
    fn no_reply_when_the_game_is_over() {
        assert_eq!(reply(&solver("nim"), &[Pile::plain(0)]), Ok(None));
        assert_eq!(reply(&solver("subtract:3"), &[Pile::plain(2)]), Ok(None));
    }

    #[test]
    fn huge_piles_get_a_reply_at_once() {
        let s = solver("nim");
        let piles = [Pile::plain(u64::MAX), Pile::plain(u64::MAX)];
        let r = reply(&s, &piles).unwrap().unwrap();
        assert_eq!(r.mv.to, Pile::plain(u64::MAX - 1));
    }
}
