//! `step`: perfect play on the session's position, one move at a time (a lecturer's walkthrough
//! of the strategy), or the whole line of play with `--all`. One walk plays every position —
//! piles of the session's ruleset, or the sum it holds; each says only how it plays its
//! perfect move and shows it.

use super::Session;
use super::pile_play::as_move;
use super::position::Kind;
use super::session::Stepped;
use super::sum_play::{board, term_move};
use crate::engine::Intent;
use crate::engine::Player;
use crate::engine::Side;
use crate::engine::is_over;
use crate::engine::{Part, SumGame};
use crate::engine::{Pile, Rules};
use crate::error::Error;
use crate::output::{MoveView, Output, StepMove, StepReport, SumStepMove, SumStepReport};

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

/// Who won when the player to move after `moves` moves cannot move: the other player in
/// normal play, that one in misère.
fn winner(misere: bool, moves: usize) -> Player {
    match (misere, player(moves)) {
        (true, stuck) => stuck,
        (false, Player::First) => Player::Second,
        (false, Player::Second) => Player::First,
    }
}

/// `step`: the next perfect move on the session's position (kept there), or with `all` the
/// whole line of play from it (the position left as it was).
pub(super) fn step(session: &mut Session, all: bool) -> Result<Output, Error> {
    if Kind::held(session) == Kind::StoredSum {
        return step_sum(session, all);
    }
    if session.position().is_empty() {
        return Err(Error::NoPositionToStep);
    }
    // The position's own rules: `position --rules R` set it by R.
    let rules = session.position_rules().clone();
    let start = session.position().to_vec();
    let solver = session.position_solver().clone();
    let count = session
        .steps
        .moves_to(Stepped::Piles(rules.clone(), start.clone()));
    // The one game model plays the move, as `play`'s computer does; resumed after the moves
    // already stepped, so that in a game of counters each player moves their own.
    let mut game =
        SumGame::of_position(solver.clone(), start.clone(), Side::Computer).after_moves(count);
    let (moves, count) = walk(count, all, |number| {
        if game.no_move_left(game.parts())? {
            return Ok(None);
        }
        let before = game.piles();
        let Some(turn) = game.computer_move()? else {
            return Ok(None);
        };
        let view = MoveView::new(&solver, &before, as_move(&turn.mv)?)?;
        Ok(Some(StepMove {
            number,
            player: player(number - 1),
            intent: turn.intent.unwrap_or(Intent::Delaying),
            view,
        }))
    })?;
    let piles = game.piles();
    if let (false, Some(m)) = (all, moves.last()) {
        // A split adds a pile: the position is replaced, not one pile set.
        let set = !m.view.mv.splits() && session.set_pile(m.view.mv.index, m.view.mv.to)?.is_some();
        if !set {
            session.set_position(piles.clone())?;
        }
        session
            .steps
            .reached(Stepped::Piles(rules.clone(), piles.clone()), count);
    }
    let winner = is_over(&rules, &piles)?.then(|| winner(rules.is_misere(), count));
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
    // The side names nothing here: every move is the same perfect player's.
    let mut game = SumGame::of_piles(solvers, parts, Side::Computer);
    let start = board(&game)?;
    let mut nim_sum = start.nim_sum().unwrap_or(0);
    let stepped = session.steps.moves_to(Stepped::Sum(terms(&game)));
    let (moves, count) = walk(stepped, all, |number| {
        if game.no_move_left(game.parts())? {
            return Ok(None);
        }
        let Some(turn) = game.computer_move()? else {
            return Ok(None);
        };
        let board = board(&game)?;
        let before = std::mem::replace(&mut nim_sum, board.nim_sum().unwrap_or(0));
        Ok(Some(SumStepMove {
            number,
            player: player(number - 1),
            intent: turn.intent.unwrap_or(Intent::Delaying),
            mv: term_move(&game, &turn.mv)?,
            nim_sums: (before, nim_sum),
            board,
        }))
    })?;
    if !all && !moves.is_empty() {
        let now = terms(&game);
        session.set_sum(now.clone());
        session.steps.reached(Stepped::Sum(now), count);
    }
    let over = game.no_move_left(game.parts())?;
    Ok(Output::SumStep(SumStepReport {
        start,
        moves,
        board: board(&game)?,
        // Normal play: whoever cannot move loses.
        winner: over.then(|| winner(false, count)),
        all,
    }))
}

/// The one walk every `step` takes: from `count` moves in, plays the perfect move numbered
/// `count + 1` (`play` returns `None` once no move is left), one move or with `all` every
/// move to the end. Returns the moves and the count after them.
fn walk<M>(
    mut count: usize,
    all: bool,
    mut play: impl FnMut(usize) -> Result<Option<M>, Error>,
) -> Result<(Vec<M>, usize), Error> {
    let mut moves = Vec::new();
    loop {
        let Some(m) = play(count + 1)? else {
            break;
        };
        if moves.len() == MAX_LINE {
            return Err(Error::PlayTooLong { limit: MAX_LINE });
        }
        count += 1;
        moves.push(m);
        if !all {
            break;
        }
    }
    Ok((moves, count))
}

/// Each component of a sum of games: its game and state.
fn terms(game: &SumGame) -> Vec<(Rules, Pile)> {
    game.parts()
        .iter()
        .filter_map(|p| match p {
            Part::Pile { game: g, pile } => Some((game.solvers()[*g].rules().clone(), *pile)),
            Part::Picture(_) => None,
        })
        .collect()
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
