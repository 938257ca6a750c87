//! `play`: a game against the perfect computer, as a focus the REPL steps through. It takes the
//! game commands (`take`, `pass`, `undo`, `hint`, `resign`) and the short moves `I K`, `I pass`,
//! and answers each with the events that followed: moves, the coach's note, the end. `winner`,
//! `move` and `nimsum` without piles look at the game's board.

use super::focus::Focus;
use super::piles::{Piles, read_piles};
use super::position::one_staircase;
use super::session::piles_as;
use super::typed_move;
use super::{Session, parse_rules, rules_or_session};
use crate::cli::{Coach, Command, First, PlayArgs, PositionArgs};
use crate::engine::game::{Game, Side, loopy_move, loopy_outcome};
use crate::engine::grundy::Solver;
use crate::engine::loopy::Outcome;
use crate::engine::misere_play;
use crate::engine::moves::Request;
use crate::engine::position::{Player, verdict};
use crate::engine::strategy::winning_move;
use crate::engine::{Move, Pile, Rules};
use crate::error::Error;
use crate::output::{
    Activity, CoachNote, GameEvent, GameReport, LoopyReport, MiserePlayReport, MoveView, Output,
    PositionReport, PositionTitle, PositionView,
};

/// What a game command says when no game is in progress.
pub(super) fn no_game() -> Error {
    Error::NoGame
}

/// A game in the session.
#[derive(Debug)]
pub(super) struct PlayFocus {
    game: Game,
    coach: Coach,
}

/// `why`: the last command of a game again, each move in binary with its reasons.
pub(super) fn why(session: &Session) -> Result<Output, Error> {
    let mut report = session.last_game.clone().ok_or(Error::NothingToExplain)?;
    report.detail = true;
    Ok(Output::Game(report))
}

/// `play`: starts a game in the session and, if the computer moves first, its first move.
pub(super) fn start(session: &mut Session, args: &PlayArgs) -> Result<Output, Error> {
    if super::hackenbush::asked_for(&args.position.rules) {
        return super::sum_play::start_pictures(session, args);
    }
    if args.position.file.is_none() && super::sum::is_sum(&args.position.piles) {
        return super::sum_play::start_sum(session, args);
    }
    let alone = args.position.piles.is_empty() && args.position.file.is_none();
    if alone && args.position.rules.rules.is_none() && session.sum().is_some() {
        return super::sum_play::start_stored(session, args);
    }
    let mut solver = rules_or_session(session, &args.position.rules)?;
    let staircase = one_staircase(solver.rules(), &args.position)?;
    let position = staircase.as_ref().unwrap_or(&args.position);
    let piles = match read_piles(position, &mut solver, session)? {
        Piles::Listed(piles) => piles,
        Piles::Streamed { source, .. } => {
            return Err(Error::TooManyPilesToPlay { source });
        }
        Piles::None if !session.position().is_empty() => session.position_for(solver.rules()),
        Piles::None if solver.rules().counts_tokens() => {
            random_position(solver.rules(), args.seed.unwrap_or_else(clock_seed))
        }
        // A graph's positions and a game's tuples have no size to draw at random.
        Piles::None => {
            return Err(Error::NoStartPosition {
                rules: solver.rules().clone(),
            });
        }
    };
    solver.reach_all(&piles)?;
    let first = match args.first {
        First::Me => Side::Learner,
        First::Computer => Side::Computer,
    };
    let coach = args.coach;
    let mut game = Game::new(solver.clone(), piles.clone(), first);
    // `--misere` on misère Nim changes nothing; any other ruleset is played misère by search,
    // which must reach the start (a position too big to search is refused here).
    let misere = args.position.misere && !solver.rules().is_misere();
    if misere {
        game = game.played_misere();
        game.decide(&piles)?;
    }
    let mut focus = PlayFocus { game, coach };
    // The binary view reads Grundy values, which do not decide misère play.
    let loopy = solver.rules().is_loopy_graph();
    let view = if coach.judges() && first == Side::Learner && !misere && !loopy {
        let mut report = PositionReport::new(PositionView::NimSum, &solver, piles.clone())?;
        report.title = Some(PositionTitle::Start);
        Some(report)
    } else {
        None
    };
    let example = example_move(solver.rules(), &piles);
    let mut events = vec![GameEvent::Start {
        piles,
        first,
        coach: coach.judges(),
        view,
        example,
    }];
    focus.continue_game(&mut events)?;
    let output = focus.report(events, session);
    if !focus.game.is_over() {
        session.start(Box::new(focus));
    }
    Ok(output)
}

impl PlayFocus {
    /// After a start or the learner's move: the computer replies while it is its turn, then
    /// the game ends or asks for the learner's move.
    fn continue_game(&mut self, events: &mut Vec<GameEvent>) -> Result<(), Error> {
        if !self.game.is_over() && self.game.to_move() == Side::Computer {
            let before = self.game.piles().to_vec();
            if let Some(turn) = self.game.computer_move()? {
                events.push(GameEvent::Moved {
                    number: self.game.turns().len(),
                    side: Side::Computer,
                    mv: turn.mv.clone(),
                    intent: turn.intent,
                    view: if self.game.misere_search() || self.game.loopy_outcome(&before).is_some()
                    {
                        None
                    } else {
                        Some(MoveView::new(self.game.solver(), &before, turn.mv)?)
                    },
                    piles: self.game.piles().to_vec(),
                });
            }
        }
        match self.game.winner() {
            Some(winner) => events.push(GameEvent::End {
                winner,
                resigned: self.game.resigned(),
                start: self.game.start().to_vec(),
                turns: self.game.turns().to_vec(),
            }),
            None => events.push(self.your_move()?),
        }
        Ok(())
    }

    /// The board the learner moves on, with each pile's value when the coach is on.
    fn your_move(&self) -> Result<GameEvent, Error> {
        let piles = self.game.piles().to_vec();
        let by_gamma = self.game.loopy_outcome(&piles).is_some();
        let values = if self.coach.judges() && !self.game.misere_search() && !by_gamma {
            Some(verdict(self.game.solver(), &piles)?.grundy)
        } else {
            None
        };
        let gamma = match self.game.solver().rules() {
            Rules::Graph(graph) if by_gamma && self.coach.judges() => piles
                .iter()
                .map(|p| graph.gamma(p.size))
                .collect::<Option<Vec<_>>>(),
            _ => None,
        };
        Ok(GameEvent::YourMove {
            piles,
            values,
            gamma,
        })
    }

    /// The events of one command as a report, kept in the session for `why`.
    fn report(&self, events: Vec<GameEvent>, session: &mut Session) -> Output {
        let over = self.game.is_over();
        let report = GameReport {
            rules: self.game.solver().rules().clone(),
            misere_search: self.game.misere_search(),
            events,
            detail: self.coach == Coach::Verbose,
            piles: self.game.piles().to_vec(),
            to_move: (!over).then(|| self.game.to_move()),
            winner: self.game.winner(),
        };
        session.last_game = Some(report.clone());
        Output::Game(report)
    }

    /// The learner's move, the coach's note on it, and the computer's reply.
    fn learner_move(&mut self, request: Request, session: &mut Session) -> Result<Output, Error> {
        if self.game.misere_search() {
            return self.learner_move_by_search(request, session);
        }
        if self.game.loopy_outcome(self.game.piles()).is_some() {
            return self.learner_move_by_gamma(request, session);
        }
        let solver = self.game.solver().clone();
        let before = self.game.piles().to_vec();
        let white = self.game.white_to_move();
        let mv = self.game.learner_move(request)?;
        let view = MoveView::new(&solver, &before, mv.clone())?;
        let note = if verdict(&solver, &before)?.winner != Player::First {
            CoachNote::AlreadyLost
        } else if view.leaves_a_loss() {
            CoachNote::Kept
        } else {
            match winning_move(&solver, &before)? {
                // The move the learner could have made: with their own counter in Northcott's.
                Some(best) => CoachNote::ThrewAway {
                    best: Box::new(MoveView::new(
                        &solver,
                        &before,
                        self.game.by_counter_of(best, white)?,
                    )?),
                },
                None => CoachNote::AlreadyLost,
            }
        };
        let mut events = vec![GameEvent::Moved {
            number: self.game.turns().len(),
            side: Side::Learner,
            mv,
            intent: None,
            view: Some(view),
            piles: self.game.piles().to_vec(),
        }];
        // A winning last move needs no note: the end of the game says it.
        let last_and_kept = self.game.is_over() && matches!(note, CoachNote::Kept);
        if self.coach.judges() && !last_and_kept {
            events.push(GameEvent::Coach(note));
        }
        self.continue_game(&mut events)?;
        Ok(self.report(events, session))
    }

    /// [`Self::learner_move`] in a game played misère: the coach judges by search, with no
    /// binary view (Grundy values do not decide misère play).
    fn learner_move_by_search(
        &mut self,
        request: Request,
        session: &mut Session,
    ) -> Result<Output, Error> {
        let before = self.game.piles().to_vec();
        let (won, best) = self.game.decide(&before)?;
        let mv = self.game.learner_move(request)?;
        let after = self.game.piles().to_vec();
        let note = match best {
            Some(best) if won => {
                if self.game.decide(&after)?.0 {
                    CoachNote::ThrewAwayBySearch { best }
                } else {
                    CoachNote::Kept
                }
            }
            _ => CoachNote::AlreadyLost,
        };
        let mut events = vec![GameEvent::Moved {
            number: self.game.turns().len(),
            side: Side::Learner,
            mv,
            intent: None,
            view: None,
            piles: after,
        }];
        let last_and_kept = self.game.is_over() && matches!(note, CoachNote::Kept);
        if self.coach.judges() && !last_and_kept {
            events.push(GameEvent::Coach(note));
        }
        self.continue_game(&mut events)?;
        Ok(self.report(events, session))
    }

    /// [`Self::learner_move`] on a loopy graph: the coach judges by γ (a win kept or given
    /// away, a draw kept or lost), with no binary view.
    fn learner_move_by_gamma(
        &mut self,
        request: Request,
        session: &mut Session,
    ) -> Result<Output, Error> {
        let rules = self.game.solver().rules().clone();
        let before = self.game.piles().to_vec();
        let before_outcome = loopy_outcome(&rules, &before).unwrap_or(Outcome::Second);
        let best = loopy_move(&rules, &before);
        let mv = self.game.learner_move(request)?;
        let after = self.game.piles().to_vec();
        let after_outcome = loopy_outcome(&rules, &after).unwrap_or(Outcome::Second);
        let note = CoachNote::ByGamma {
            before: before_outcome,
            after: after_outcome,
            best: best.filter(|_| before_outcome != Outcome::Second),
        };
        let kept = matches!(
            (before_outcome, after_outcome),
            (Outcome::First, Outcome::Second)
        );
        let mut events = vec![GameEvent::Moved {
            number: self.game.turns().len(),
            side: Side::Learner,
            mv,
            intent: None,
            view: None,
            piles: after,
        }];
        if self.coach.judges() && !(self.game.is_over() && kept) {
            events.push(GameEvent::Coach(note));
        }
        self.continue_game(&mut events)?;
        Ok(self.report(events, session))
    }

    fn undo(&mut self, session: &mut Session) -> Result<Output, Error> {
        let turns = self.game.undo();
        if turns.is_empty() {
            return Err(Error::NothingToUndo);
        }
        let piles = self.game.piles().to_vec();
        let output = self.report(
            vec![GameEvent::Undone { turns, piles }, self.your_move()?],
            session,
        );
        // The moves `why` would explain were taken back.
        session.last_game = None;
        Ok(output)
    }

    /// A hint is shown in full at once, and is not a move for `why` to explain.
    fn hint(&self) -> Result<Output, Error> {
        let report = |events| {
            Output::Game(GameReport {
                rules: self.game.solver().rules().clone(),
                misere_search: self.game.misere_search(),
                events,
                detail: true,
                piles: self.game.piles().to_vec(),
                to_move: Some(self.game.to_move()),
                winner: None,
            })
        };
        if self.game.misere_search() {
            let piles = self.game.piles().to_vec();
            let (won, best) = self.game.decide(&piles)?;
            return Ok(report(vec![GameEvent::SearchHint { piles, won, best }]));
        }
        if let Rules::Graph(graph) = self.game.solver().rules()
            && graph.is_loopy()
        {
            let hint = LoopyReport::new(
                PositionView::Move,
                self.game.solver().rules(),
                graph.clone(),
                self.game.piles(),
            )?;
            return Ok(report(vec![GameEvent::LoopyHint(Box::new(hint))]));
        }
        let mut position = PositionReport::new(
            PositionView::Move,
            self.game.solver(),
            self.game.piles().to_vec(),
        )?;
        position.title = Some(PositionTitle::Hint);
        // The hint is a move the learner may make: with their own counter in Northcott's.
        if let Some((m, _)) = &position.winning_move {
            let own = self
                .game
                .by_counter_of(m.clone(), self.game.white_to_move())?;
            if own != *m {
                position = position.played_as(self.game.solver(), own)?;
            }
        }
        let best = match &position.winning_move {
            Some((m, _)) => Some(MoveView::new(
                self.game.solver(),
                self.game.piles(),
                m.clone(),
            )?),
            None => None,
        };
        Ok(report(vec![GameEvent::Hint {
            report: position,
            best,
        }]))
    }

    /// `winner`, `move` or `nimsum` without piles during a game: the board as it stands, by
    /// the game's rules unless the command names others.
    fn board(&self, args: &PositionArgs, view: PositionView) -> Result<Output, Error> {
        let game = self.game.solver();
        let solver = match args.rules.rules.as_deref().map(parse_rules).transpose()? {
            Some(rules) if &rules != game.rules() => Solver::new(&rules)?,
            _ => game.clone(),
        };
        let piles = piles_as(solver.rules(), self.game.piles());
        // A game played misère is judged by search, as `winner --misere` judges any position.
        let misere = args.misere || (self.game.misere_search() && args.rules.rules.is_none());
        if misere && view != PositionView::NimSum {
            let verdict = misere_play::decide(&solver, &piles, misere_play::WORK_LIMIT)?;
            return Ok(Output::MiserePlay(MiserePlayReport {
                view,
                rules: solver.rules().clone(),
                piles,
                verdict,
            }));
        }
        if let Rules::Graph(graph) = solver.rules()
            && graph.is_loopy()
            && view != PositionView::NimSum
        {
            return Ok(Output::Loopy(LoopyReport::new(
                view,
                solver.rules(),
                graph.clone(),
                &piles,
            )?));
        }
        let mut report = PositionReport::new(view, &solver, piles)?;
        report.title = Some(PositionTitle::Board);
        Ok(Output::Position(report))
    }

    fn resign(&mut self, session: &mut Session) -> Result<Output, Error> {
        self.game.resign();
        let mut events = Vec::new();
        self.continue_game(&mut events)?;
        Ok(self.report(events, session))
    }
}

impl Focus for PlayFocus {
    fn kind(&self) -> &'static str {
        "play"
    }

    fn prompt(&self) -> String {
        let rules = self.game.solver().rules();
        let piles: Vec<String> = self
            .game
            .piles()
            .iter()
            .map(|&p| rules.name_of(p))
            .collect();
        if piles.len() <= 8 {
            format!("play {}", piles.join(" "))
        } else {
            format!("play {} … ({} piles)", piles[..8].join(" "), piles.len())
        }
    }

    fn command(
        &mut self,
        command: &Command,
        session: &mut Session,
    ) -> Option<Result<Output, Error>> {
        let result = match command {
            Command::Take { count, pile } => {
                typed_move::take_command(count, pile, self.game.piles().len())
                    .and_then(|r| self.learner_move(r, session))
            }
            Command::Pass { index } => typed_move::pile_index(index, self.game.piles().len())
                .and_then(|index| self.learner_move(Request::Pass { index }, session)),
            Command::Undo => self.undo(session),
            Command::Hint => self.hint(),
            Command::Resign => self.resign(session),
            // Without piles, the position commands look at the game's board.
            Command::Winner(args) if names_no_piles(args) => self.board(args, PositionView::Winner),
            Command::Move(args) if names_no_piles(args) => self.board(args, PositionView::Move),
            Command::Nimsum(args) if names_no_piles(args) => self.board(args, PositionView::NimSum),
            Command::Play(_) => Err(Error::GameInProgress),
            Command::Step { .. } => Err(Error::StepInGame),
            _ => return None,
        };
        Some(result)
    }

    fn text(&mut self, line: &str, session: &mut Session) -> Option<Result<Output, Error>> {
        let request = typed_move::read(line, self.game.solver().rules(), self.game.piles().len())?;
        Some(request.and_then(|r| self.learner_move(r, session)))
    }

    fn is_done(&self) -> bool {
        self.game.is_over()
    }

    fn activity(&self) -> Activity {
        Activity::Game {
            rules: self.game.solver().rules().clone(),
            start: self.game.start().to_vec(),
            board: self.game.piles().to_vec(),
            moves: self.game.turns().len(),
        }
    }
}

/// Whether a position command names no piles of its own (none on the line, no file).
fn names_no_piles(args: &PositionArgs) -> bool {
    args.piles.is_empty() && args.file.is_none()
}

/// A legal move on `piles` to show how moves are written: a split where the rules split (the
/// syntax a reader would not guess), else the first option of the first pile that has one.
fn example_move(rules: &Rules, piles: &[Pile]) -> Option<Move> {
    let options = || {
        piles.iter().enumerate().flat_map(|(i, &p)| {
            rules
                .heap_options(p)
                .take(64)
                .map(move |h| Move::new(i, p, h))
        })
    };
    options().find(|m| m.splits()).or_else(|| options().next())
}

/// Three piles of 1 to 9 from a seed (SplitMix64), for `play` without piles.
fn random_position(rules: &Rules, seed: u64) -> Vec<Pile> {
    let mut state = seed;
    (0..3)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            rules.pile(1 + z % 9)
        })
        .collect()
}

/// A seed from the clock, for a game nobody asked to repeat.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_positions_repeat_with_the_seed() {
        let a = random_position(&Rules::Nim, 7);
        assert_eq!(a, random_position(&Rules::Nim, 7));
        assert!(a.iter().all(|p| (1..=9).contains(&p.size)));
    }
}
