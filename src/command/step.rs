//! `step`: perfect play on the session's position, one move at a time (a lecturer's walkthrough
//! of the strategy), or the whole line of play with `--all`.

use super::Session;
use crate::engine::Rules;
use crate::engine::moves::{apply, is_over};
use crate::engine::position::Player;
use crate::engine::reply::reply;
use crate::error::Error;
use crate::output::{MoveView, Output, StepMove, StepReport, SumStepMove, SumStepReport};

use super::sum_play::{board, term_move};
use crate::engine::Pile;
use crate::engine::game::Side;
use crate::engine::reply::Intent;
use crate::engine::sum_game::{Part, SumGame};

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
        return step_sum(session, all);
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

/// `step` on a sum of different games: each move is the one `move` names for the same sum
/// (the move `play`'s computer makes), or in a lost position its delaying move.
fn step_sum(session: &mut Session, all: bool) -> Result<Output, Error> {
    let Some((solvers, parts)) = super::sum::stored(session)? else {
        return Err(Error::NoPositionToStep);
    };
    let terms = |game: &SumGame| -> Vec<(Rules, Pile)> {
        game.parts()
            .iter()
            .filter_map(|p| match p {
                Part::Pile { game: g, pile } => Some((game.solvers()[*g].rules().clone(), *pile)),
                Part::Picture(_) => None,
            })
            .collect()
    };
    // The side names nothing here: every move is the same perfect player's.
    let mut game = SumGame::of_piles(solvers, parts, Side::Computer);
    let mut count = session.steps.sum_moves_to(&terms(&game));
    let start = board(&game)?;
    let mut moves = Vec::new();
    let mut before = start.nim_sum().unwrap_or(0);
    while !game.no_move_left(game.parts()) {
        if moves.len() == MAX_LINE {
            return Err(Error::PlayTooLong { limit: MAX_LINE });
        }
        let Some(turn) = game.computer_move()? else {
            break;
        };
        count += 1;
        let after = board(&game)?;
        let now = after.nim_sum().unwrap_or(0);
        moves.push(SumStepMove {
            number: count,
            player: player(count - 1),
            intent: turn.intent.unwrap_or(Intent::Delaying),
            mv: term_move(&game, &turn.mv)?,
            nim_sums: (before, now),
            board: after,
        });
        before = now;
        if !all {
            let now = terms(&game);
            session.set_sum(now.clone())?;
            session.steps.sum_reached(now, count);
            break;
        }
    }
    let over = game.no_move_left(game.parts());
    // Normal play: whoever cannot move loses.
    let winner = over.then(|| match player(count) {
        Player::First => Player::Second,
        Player::Second => Player::First,
    });
    Ok(Output::SumStep(SumStepReport {
        start,
        moves,
        board: board(&game)?,
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
