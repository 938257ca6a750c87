//! `step`: perfect play on the session's position, one move at a time (a lecturer's walkthrough
//! of the strategy), or the whole line of play with `--all`. One walk plays every position —
//! piles of the session's ruleset, or the sum it holds — through [`Stepped`], and never asks
//! which it holds.

use super::Session;
use super::sum_play::{board, term_move};
use crate::engine::game::Side;
use crate::engine::grundy::Solver;
use crate::engine::moves::{apply, is_over};
use crate::engine::position::Player;
use crate::engine::reply::{Intent, reply};
use crate::engine::sum_game::{Part, SumGame};
use crate::engine::{Grundy, Move, Pile, Rules};
use crate::error::Error;
use crate::output::{Board, MoveView, Output, StepMove, StepReport, SumStepMove, SumStepReport};

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

fn other(p: Player) -> Player {
    match p {
        Player::First => Player::Second,
        Player::Second => Player::First,
    }
}

/// `step`: the next perfect move on the session's position (kept there), or with `all` the
/// whole line of play from it (the position left as it was).
pub(super) fn step(session: &mut Session, all: bool) -> Result<Output, Error> {
    match super::sum::stored(session)? {
        Some((solvers, parts)) => walk(SumLine::new(session, solvers, parts)?, session, all),
        None if session.position().is_empty() => Err(Error::NoPositionToStep),
        None => walk(PileLine::new(session), session, all),
    }
}

/// A position `step` plays perfect moves on.
trait Stepped {
    type Move;

    /// How many moves the walkthrough has made to reach this position.
    fn moves_made(&self) -> usize;
    /// Whether no move is left.
    fn is_over(&self) -> bool;
    /// Plays the perfect move from here — the one `move` names, or in a lost position its
    /// delaying move — as move `number`, by `player`; `None` if no move is left.
    fn play(&mut self, number: usize, player: Player) -> Result<Option<Self::Move>, Error>;
    /// Keeps in the session the position one step left, and that it is `moves` moves in.
    fn keep(&self, session: &mut Session, moves: usize) -> Result<(), Error>;
    /// Who won when `stuck` cannot move.
    fn winner(&self, stuck: Player) -> Player;
    fn report(
        self,
        moves: Vec<Self::Move>,
        winner: Option<Player>,
        all: bool,
    ) -> Result<Output, Error>;
}

/// Plays `line` one move on (kept in the session), or out to the end with `all`.
fn walk<S: Stepped>(mut line: S, session: &mut Session, all: bool) -> Result<Output, Error> {
    let mut count = line.moves_made();
    let mut moves = Vec::new();
    while !line.is_over() {
        if moves.len() == MAX_LINE {
            return Err(Error::PlayTooLong { limit: MAX_LINE });
        }
        let Some(m) = line.play(count + 1, player(count))? else {
            break;
        };
        count += 1;
        moves.push(m);
        if !all {
            line.keep(session, count)?;
            break;
        }
    }
    let winner = line.is_over().then(|| line.winner(player(count)));
    line.report(moves, winner, all)
}

/// Piles of the session's ruleset, each move shown in binary.
struct PileLine {
    solver: Solver,
    start: Vec<Pile>,
    piles: Vec<Pile>,
    moves: usize,
    last: Option<Move>,
}

impl PileLine {
    fn new(session: &mut Session) -> Self {
        let rules = session.rules().clone();
        let start = session.position().to_vec();
        let moves = session.steps.moves_to(&rules, &start);
        Self {
            solver: session.solver().clone(),
            piles: start.clone(),
            start,
            moves,
            last: None,
        }
    }

    fn rules(&self) -> &Rules {
        self.solver.rules()
    }
}

impl Stepped for PileLine {
    type Move = StepMove;

    fn moves_made(&self) -> usize {
        self.moves
    }

    fn is_over(&self) -> bool {
        is_over(self.rules(), &self.piles)
    }

    fn play(&mut self, number: usize, player: Player) -> Result<Option<StepMove>, Error> {
        let Some(r) = reply(&self.solver, &self.piles)? else {
            return Ok(None);
        };
        let view = MoveView::new(&self.solver, &self.piles, r.mv.clone())?;
        self.piles = apply(&self.piles, &r.mv);
        self.last = Some(r.mv);
        Ok(Some(StepMove {
            number,
            player,
            intent: r.intent,
            view,
        }))
    }

    fn keep(&self, session: &mut Session, moves: usize) -> Result<(), Error> {
        match &self.last {
            // A split adds a pile: the position is replaced, not one pile set.
            Some(mv) if !mv.splits() => {
                session.set_pile(mv.index, mv.to)?;
            }
            _ => session.set_position(self.piles.clone())?,
        }
        session.steps.reached(self.piles.clone(), moves);
        Ok(())
    }

    /// The other player in normal play; `stuck` in misère.
    fn winner(&self, stuck: Player) -> Player {
        if self.rules().is_misere() {
            stuck
        } else {
            other(stuck)
        }
    }

    fn report(
        self,
        moves: Vec<StepMove>,
        winner: Option<Player>,
        all: bool,
    ) -> Result<Output, Error> {
        Ok(Output::Step(StepReport {
            rules: self.rules().clone(),
            start: self.start,
            moves,
            piles: self.piles,
            winner,
            all,
        }))
    }
}

/// A sum of different games: each move the one `move` names for the same sum (the move
/// `play`'s computer makes), shown with the component's values and the nim-sums.
struct SumLine {
    game: SumGame,
    start: Board,
    moves: usize,
    /// The nim-sum now.
    nim_sum: Grundy,
}

impl SumLine {
    fn new(
        session: &mut Session,
        solvers: Vec<Solver>,
        parts: Vec<(usize, Pile)>,
    ) -> Result<Self, Error> {
        // The side names nothing here: every move is the same perfect player's.
        let game = SumGame::of_piles(solvers, parts, Side::Computer);
        let moves = session.steps.sum_moves_to(&terms(&game));
        let start = board(&game)?;
        Ok(Self {
            nim_sum: start.nim_sum().unwrap_or(0),
            game,
            start,
            moves,
        })
    }
}

/// Each component's game and state.
fn terms(game: &SumGame) -> Vec<(Rules, Pile)> {
    game.parts()
        .iter()
        .filter_map(|p| match p {
            Part::Pile { game: g, pile } => Some((game.solvers()[*g].rules().clone(), *pile)),
            Part::Picture(_) => None,
        })
        .collect()
}

impl Stepped for SumLine {
    type Move = SumStepMove;

    fn moves_made(&self) -> usize {
        self.moves
    }

    fn is_over(&self) -> bool {
        self.game.no_move_left(self.game.parts())
    }

    fn play(&mut self, number: usize, player: Player) -> Result<Option<SumStepMove>, Error> {
        let Some(turn) = self.game.computer_move()? else {
            return Ok(None);
        };
        let after = board(&self.game)?;
        let before = self.nim_sum;
        self.nim_sum = after.nim_sum().unwrap_or(0);
        Ok(Some(SumStepMove {
            number,
            player,
            intent: turn.intent.unwrap_or(Intent::Delaying),
            mv: term_move(&self.game, &turn.mv)?,
            nim_sums: (before, self.nim_sum),
            board: after,
        }))
    }

    fn keep(&self, session: &mut Session, moves: usize) -> Result<(), Error> {
        let now = terms(&self.game);
        session.set_sum(now.clone())?;
        session.steps.sum_reached(now, moves);
        Ok(())
    }

    /// Normal play: whoever cannot move loses.
    fn winner(&self, stuck: Player) -> Player {
        other(stuck)
    }

    fn report(
        self,
        moves: Vec<SumStepMove>,
        winner: Option<Player>,
        all: bool,
    ) -> Result<Output, Error> {
        Ok(Output::SumStep(SumStepReport {
            board: board(&self.game)?,
            start: self.start,
            moves,
            winner,
            all,
        }))
    }
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
