//! `step`: perfect play on the session's position, one move at a time (a lecturer's walkthrough
//! of the strategy), or the whole line of play with `--all`.

use super::Session;
use crate::engine::Rules;
use crate::engine::moves::{apply, is_over};
use crate::engine::position::Player;
use crate::engine::reply::reply;
use crate::error::Error;
use crate::output::{MoveView, Output, StepMove, StepReport};

/// The longest line of play `step --all` shows.
pub(super) const MAX_LINE: usize = 10_000;

/// The player to move after `moves` moves, naming the first to move as `First`.
fn player(moves: usize) -> Player {
    if moves.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    }
}

/// Who won when `stuck` cannot move: the other player in normal play, `stuck` in misère.
fn winner(rules: &Rules, stuck: Player) -> Player {
    match (rules.is_misere(), stuck) {
        (true, p) => p,
        (false, Player::First) => Player::Second,
        (false, Player::Second) => Player::First,
    }
}

pub(super) fn step(session: &mut Session, all: bool) -> Result<Output, Error> {
    if session.sum().is_some() {
        return Err(Error::bad_token(
            "step",
            "a position of piles of the session's rules: a sum of different games is played \
             out with `play` (and `move` names its winning move)",
        ));
    }
    if session.position().is_empty() {
        return Err(Error::NoPositionToStep);
    }
    let rules = session.rules().clone();
    let start = session.position().to_vec();
    let mut count = session.steps.moves_to(&rules, &start);
    let solver = session.solver().clone();
    let mut piles = start.clone();
    let mut moves = Vec::new();
    loop {
        if is_over(&rules, &piles) {
            break;
        }
        if moves.len() == MAX_LINE {
            return Err(Error::PlayTooLong { limit: MAX_LINE });
        }
        let Some(r) = reply(&solver, &piles)? else {
            break;
        };
        count += 1;
        moves.push(StepMove {
            number: count,
            player: player(count - 1),
            intent: r.intent,
            view: MoveView::new(&solver, &piles, r.mv.clone())?,
        });
        piles = apply(&piles, &r.mv);
        if !all {
            // A split adds a pile: the position is replaced, not one pile set.
            if r.mv.splits() {
                session.set_position(piles.clone())?;
            } else {
                session.set_pile(r.mv.index, r.mv.to)?;
            }
            session.steps.reached(piles.clone(), count);
            break;
        }
    }
    let winner = is_over(&rules, &piles).then(|| winner(&rules, player(count)));
    Ok(Output::Step(StepReport {
        rules,
        start,
        moves,
        piles,
        winner,
        all,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pile;

    fn session(rules: &str, sizes: &[u64]) -> Session {
        let rules = Rules::parse(rules).unwrap();
        let mut s = Session::new(rules.clone()).unwrap();
        s.set_position(sizes.iter().map(|&n| rules.pile(n)).collect())
            .unwrap();
        s
    }

    fn report(output: Output) -> StepReport {
        match output {
            Output::Step(r) => r,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn repeated_steps_alternate_players_and_end_with_the_winner() {
        // Nim 1 2: nim-sum 3, the first player wins: 2 → 1, then 1 1 → 0 1 → 0 0.
        let mut s = session("nim", &[1, 2]);
        let players: Vec<Player> = (0..3)
            .map(|_| report(step(&mut s, false).unwrap()).moves[0].player)
            .collect();
        assert_eq!(players, [Player::First, Player::Second, Player::First]);
        let last = report(step(&mut s, false).unwrap());
        assert!(last.moves.is_empty());
        assert_eq!(last.winner, Some(Player::First));
    }

    #[test]
    fn all_leaves_the_position_as_it_was() {
        let mut s = session("misere", &[1, 1]);
        let r = report(step(&mut s, true).unwrap());
        // Misère 1 1: take one, the opponent must take the last: the first player wins.
        assert_eq!((r.moves.len(), r.winner), (2, Some(Player::First)));
        assert_eq!(s.position(), [Pile::plain(1), Pile::plain(1)]);
    }
}
