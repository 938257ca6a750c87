//! `play`: a game against the perfect computer, as a focus the REPL steps through. One focus
//! plays every game — piles of one ruleset (`pile_play.rs`), a sum of different games or
//! Green Hackenbush pictures (`sum_play.rs`) — through [`PlayedGame`], and never asks which
//! it holds. It takes the game commands (`take`, `pass`, `undo`, `hint`, `resign`) and the
//! short moves a game reads, and answers each with the events that followed: moves, the
//! coach's note, the end. `winner`, `move` and `nimsum` without piles look at the board.

use super::Session;
use super::focus::Focus;
use super::session::LastGame;
use crate::cli::{Coach, Command, First, PlayArgs, PositionArgs};
use crate::engine::Side;
use crate::engine::SumGame;
use crate::error::Error;
use crate::error::Expected;
use crate::output::{
    Activity, GameEvent, Output, PositionView, Prompt, SumGameEvent, WhyPart, WhyShown,
};

/// What a game command says when no game is in progress.
pub(super) fn no_game() -> Error {
    Error::NoGame
}

/// `why`: the last command of a game again with its reasons — the learner's move first, on
/// one screen, and the computer's reply on asking (`why computer`, or its move's number). A
/// command of one move (or none) is shown whole.
pub(super) fn why(session: &Session, whose: Option<&str>) -> Result<Output, Error> {
    let mut last = session.last_game.clone().ok_or(Error::NothingToExplain)?;
    last.set_detail(true);
    let wanted = whose.map(str::to_lowercase);
    let part = |yours: usize, reply: usize| -> Result<WhyPart, Error> {
        match wanted.as_deref() {
            None | Some("you" | "me" | "mine" | "my" | "yours") => Ok(WhyPart::Yours),
            Some("computer" | "computer's" | "reply" | "it") => Ok(WhyPart::Computers),
            Some(n) if n.parse() == Ok(yours) => Ok(WhyPart::Yours),
            Some(n) if n.parse() == Ok(reply) => Ok(WhyPart::Computers),
            Some(_) => Err(Error::bad_token(
                whose.unwrap_or_default(),
                Expected::WhyWhose { yours, reply },
            )),
        }
    };
    // Each kind of game reads its own events; the split is the same: your move and the
    // coach's note, or the computer's move with the board it left and the end.
    match &mut last {
        LastGame::Piles(report) => {
            report.why = split(&mut report.events, &part, |e| match e {
                GameEvent::Moved { side, number, .. } => Some(Seen::Moved(*side, *number)),
                GameEvent::Coach(_) => Some(Seen::Coach),
                GameEvent::YourMove { .. } | GameEvent::End { .. } => Some(Seen::Board),
                _ => None,
            })?;
        }
        LastGame::Sum(report) => {
            report.why = split(&mut report.events, &part, |e| match e {
                SumGameEvent::Moved { side, number, .. } => Some(Seen::Moved(*side, *number)),
                SumGameEvent::Coach(_) => Some(Seen::Coach),
                SumGameEvent::YourMove { .. } | SumGameEvent::End { .. } => Some(Seen::Board),
                _ => None,
            })?;
        }
    }
    Ok(last.into_output())
}

/// What `why` needs to know of a game's event.
enum Seen {
    /// A move, by whom, and its number.
    Moved(Side, usize),
    /// The coach's note on the learner's move.
    Coach,
    /// The board after the computer's reply, or the game's end.
    Board,
}

/// Keeps the events of one side's move (chosen by `part` from the two moves' numbers) and
/// says which part is shown; `None` (all events kept) when the command held fewer than two
/// moves.
fn split<E>(
    events: &mut Vec<E>,
    part: &dyn Fn(usize, usize) -> Result<WhyPart, Error>,
    seen: impl Fn(&E) -> Option<Seen>,
) -> Result<Option<WhyShown>, Error> {
    let number = |side: Side| {
        events.iter().find_map(|e| match seen(e) {
            Some(Seen::Moved(s, n)) if s == side => Some(n),
            _ => None,
        })
    };
    let (Some(yours), Some(reply)) = (number(Side::Learner), number(Side::Computer)) else {
        return Ok(None);
    };
    let part = part(yours, reply)?;
    events.retain(|e| match (part, seen(e)) {
        (WhyPart::Yours, Some(Seen::Moved(side, _))) => side == Side::Learner,
        (WhyPart::Yours, Some(Seen::Coach)) => true,
        (WhyPart::Computers, Some(Seen::Moved(side, _))) => side == Side::Computer,
        (WhyPart::Computers, Some(Seen::Board)) => true,
        _ => false,
    });
    let other = if part == WhyPart::Yours { reply } else { yours };
    Ok(Some(WhyShown { part, other }))
}

/// Who moves first.
pub(super) fn first(args: &PlayArgs) -> Side {
    match args.first {
        First::Me => Side::Learner,
        First::Computer => Side::Computer,
    }
}

/// A game the learner plays against the computer: what the one `play` focus needs of it.
/// Each game says what happened as its own events (`Event`), which its report carries to
/// the renderer, and reads its own moves (`Request`).
pub(super) trait PlayedGame: std::fmt::Debug {
    type Event;
    type Request;

    /// The game played, whose state (whose turn, the winner) the focus reads.
    fn game(&self) -> &SumGame;
    fn game_mut(&mut self) -> &mut SumGame;
    /// The computer's move, if one is left.
    fn computer_move(&mut self) -> Result<Option<Self::Event>, Error>;
    /// The end of the game, once it is over.
    fn end(&self) -> Result<Self::Event, Error>;
    /// The board the learner moves on, valued as far as `coach` shows.
    fn your_move(&self, coach: Coach) -> Result<Self::Event, Error>;
    /// Plays the learner's move, judged.
    fn learner_move(&mut self, request: Self::Request) -> Result<LearnerMove<Self::Event>, Error>;
    /// Takes back the learner's last move and the reply to it; `None` if there is none.
    fn undo(&mut self) -> Result<Option<Self::Event>, Error>;
    /// The move that wins from here, shown in full.
    fn hint(&self) -> Result<Output, Error>;
    /// `winner`, `move` or `nimsum` without piles: the board as it stands.
    fn board(&self, args: &PositionArgs, view: PositionView) -> Result<Output, Error>;
    /// `take K from I`.
    fn take(&self, count: &str, pile: &[String]) -> Result<Self::Request, Error>;
    /// `pass I`.
    fn pass(&self, index: &str) -> Result<Self::Request, Error>;
    /// A line that is not a command, read as a move; `None` if it does not look like one.
    fn read(&self, line: &str) -> Option<Result<Self::Request, Error>>;
    fn prompt(&self) -> Prompt;
    fn activity(&self) -> Activity;
    /// The events of one command and the game's state after them; `detail` shows each move
    /// with its reasons.
    fn report(&self, events: Vec<Self::Event>, coach: Coach, detail: bool) -> LastGame;
}

/// The learner's move as played: its event, the coach's note on it, and whether the move kept
/// a won position won.
pub(super) struct LearnerMove<E> {
    pub moved: E,
    pub note: E,
    pub kept: bool,
}

/// A game in the session.
#[derive(Debug)]
pub(super) struct PlayFocus<G> {
    played: G,
    coach: Coach,
}

impl<G: PlayedGame + 'static> PlayFocus<G> {
    /// Starts `game` with the event `start`: the computer's first move if it is first, then
    /// the learner's board; the session keeps the game unless it is already over.
    pub(super) fn begin(
        session: &mut Session,
        game: G,
        coach: Coach,
        start: G::Event,
    ) -> Result<Output, Error> {
        let mut focus = Self {
            played: game,
            coach,
        };
        let mut events = vec![start];
        focus.continue_game(&mut events)?;
        let output = focus.report(events, session);
        if !focus.played.game().is_over() {
            session.start(Box::new(focus));
        }
        Ok(output)
    }

    /// After a start or the learner's move: the computer replies while it is its turn, then
    /// the game ends or asks for the learner's move.
    fn continue_game(&mut self, events: &mut Vec<G::Event>) -> Result<(), Error> {
        if !self.played.game().is_over()
            && self.played.game().to_move() == Side::Computer
            && let Some(reply) = self.played.computer_move()?
        {
            events.push(reply);
        }
        match self.played.game().winner() {
            Some(_) => events.push(self.played.end()?),
            None => events.push(self.played.your_move(self.coach)?),
        }
        Ok(())
    }

    /// The events of one command as a report, kept in the session for `why`.
    fn report(&self, events: Vec<G::Event>, session: &mut Session) -> Output {
        let report = self
            .played
            .report(events, self.coach, self.coach == Coach::Verbose);
        session.last_game = Some(report.clone());
        report.into_output()
    }

    /// The learner's move, the coach's note on it, and the computer's reply.
    fn learner_move(
        &mut self,
        request: G::Request,
        session: &mut Session,
    ) -> Result<Output, Error> {
        let LearnerMove { moved, note, kept } = self.played.learner_move(request)?;
        let mut events = vec![moved];
        // A winning last move needs no note: the end of the game says it.
        if self.coach.judges() && !(kept && self.played.game().is_over()) {
            events.push(note);
        }
        self.continue_game(&mut events)?;
        Ok(self.report(events, session))
    }

    fn undo(&mut self, session: &mut Session) -> Result<Output, Error> {
        let undone = self.played.undo()?.ok_or(Error::NothingToUndo)?;
        let board = self.played.your_move(self.coach)?;
        let output = self.report(vec![undone, board], session);
        // The moves `why` would explain were taken back.
        session.last_game = None;
        Ok(output)
    }

    fn resign(&mut self, session: &mut Session) -> Result<Output, Error> {
        self.played.game_mut().resign();
        let mut events = Vec::new();
        self.continue_game(&mut events)?;
        Ok(self.report(events, session))
    }
}

impl<G: PlayedGame + 'static> Focus for PlayFocus<G> {
    fn kind(&self) -> &'static str {
        "play"
    }

    fn prompt(&self) -> Prompt {
        self.played.prompt()
    }

    fn command(
        &mut self,
        command: &Command,
        session: &mut Session,
    ) -> Option<Result<Output, Error>> {
        let result = match command {
            Command::Take { count, pile } => self
                .played
                .take(count, pile)
                .and_then(|r| self.learner_move(r, session)),
            Command::Pass { index } => self
                .played
                .pass(index)
                .and_then(|r| self.learner_move(r, session)),
            Command::Undo => self.undo(session),
            Command::Hint => self.played.hint(),
            Command::Resign => self.resign(session),
            // Without piles, the position commands look at the game's board.
            Command::Winner(args) if names_no_piles(args) => {
                self.played.board(args, PositionView::Winner)
            }
            Command::Move(args) if names_no_piles(args) => {
                self.played.board(args, PositionView::Move)
            }
            Command::Nimsum(args) if names_no_piles(args) => {
                self.played.board(args, PositionView::NimSum)
            }
            Command::Play(_) => Err(Error::GameInProgress),
            Command::Step { .. } => Err(Error::StepInGame),
            _ => return None,
        };
        Some(result)
    }

    fn text(&mut self, line: &str, session: &mut Session) -> Option<Result<Output, Error>> {
        let request = self.played.read(line)?;
        Some(request.and_then(|r| self.learner_move(r, session)))
    }

    fn is_done(&self) -> bool {
        self.played.game().is_over()
    }

    fn activity(&self) -> Activity {
        self.played.activity()
    }
}

/// Whether a position command names no piles of its own (none on the line, no file).
fn names_no_piles(args: &PositionArgs) -> bool {
    args.piles.is_empty() && args.file.is_none()
}
