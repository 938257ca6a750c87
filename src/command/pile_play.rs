//! `play` on piles of one ruleset (`play 4 7 5`, `play --rules moore:2 …`, `play --misere
//! …`): the sum of the heaps of one game ([`SumGame::of_position`]) as a [`PlayedGame`]. Its
//! moves are `take K from I`, `I K`, `pass I`, `I -> S`; the coach judges them by the nim-sum
//! and shows them in binary, by search in a game played misère, and by γ on the tokens of a
//! loopy graph (where a game may be a draw).

use std::sync::Arc;

use super::piles::{Piles, read_piles};
use super::play::{LearnerMove, PlayFocus, PlayedGame, first};
use super::position::one_staircase;
use super::session::{LastGame, piles_as};
use super::typed_move;
use super::{Session, parse_rules, rules_or_session};
use crate::cli::{Coach, PlayArgs, PositionArgs};
use crate::engine::Budget;
use crate::engine::GameGraph;
use crate::engine::Request;
use crate::engine::Solver;
use crate::engine::loopy::Outcome;
use crate::engine::misere_play;
use crate::engine::winning_move;
use crate::engine::{Move, Pile, Rules};
use crate::engine::{PartMove, SumGame, SumTurn, piles_of};
use crate::engine::{Player, verdict};
use crate::engine::{Side, Turn};
use crate::error::Error;
use crate::output::{
    Activity, CoachNote, GameEvent, GameReport, LoopyReport, MiserePlayReport, MoveView, Output,
    PositionReport, PositionTitle, PositionView, Prompt, WhoWins,
};

/// `play` on piles: the position read as `winner` reads it, else the session's, else three
/// piles at random.
pub(super) fn start(session: &mut Session, args: &PlayArgs) -> Result<Output, Error> {
    let mut solver = rules_or_session(session, &args.position.rules)?;
    let staircase = one_staircase(solver.rules(), &args.position)?;
    let position = staircase.as_ref().unwrap_or(&args.position);
    let piles = match read_piles(position, &mut solver, session)? {
        Piles::Listed(piles) => piles,
        Piles::Streamed { source, .. } => {
            return Err(Error::TooManyPilesToPlay { source });
        }
        // The session's position, by its own rules unless `--rules` names others.
        Piles::None if !session.position().is_empty() => {
            if args.position.rules.rules.is_none() {
                solver = session.position_solver().clone();
            }
            session.position_for(solver.rules())
        }
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
    let first = first(args);
    let coach = args.coach;
    let mut game = SumGame::of_position(solver.clone(), piles.clone(), first);
    // `--misere` on misère Nim changes nothing; any other ruleset is played misère by search,
    // which must reach the start (a position too big to search is refused here).
    let misere = args.position.misere && !solver.rules().is_misere();
    if misere {
        game = game.played_misere();
        game.decide(game.parts())?;
    }
    // The binary view reads Grundy values, which do not decide misère play, and which a
    // loopy graph does not have.
    let by_values = !misere && game.loopy_graph().is_none();
    let view = if coach.judges() && first == Side::Learner && by_values {
        let mut report = PositionReport::new(PositionView::NimSum, &solver, piles.clone())?;
        report.title = Some(PositionTitle::Start);
        Some(report)
    } else {
        None
    };
    let example = example_move(solver.rules(), &piles);
    let by_gamma = if coach.judges() && first == Side::Learner {
        game.outcome_by_gamma(game.parts())
    } else {
        None
    };
    let start = GameEvent::Start {
        piles,
        first,
        coach: coach.judges(),
        view,
        example,
        by_gamma,
    };
    PlayFocus::begin(session, PileGame { game }, coach, start)
}

/// A game on piles of one ruleset.
#[derive(Debug)]
pub(super) struct PileGame {
    game: SumGame,
}

/// A move of the sum of one game's heaps as a move of its piles. Only a cut has none, and a
/// game of piles has no picture to cut: the error is never seen, but a mix-up is refused
/// rather than a move made up.
pub(super) fn as_move(mv: &PartMove) -> Result<Move, Error> {
    mv.as_move().ok_or(Error::NoGame)
}

fn turn(t: &SumTurn) -> Result<Turn, Error> {
    Ok(Turn {
        side: t.side,
        mv: as_move(&t.mv)?,
        intent: t.intent,
    })
}

impl PileGame {
    fn solver(&self) -> &Solver {
        &self.game.solvers()[0]
    }

    /// The graph, where the game is played on a loopy graph and judged by γ.
    fn loopy(&self) -> Option<&Arc<GameGraph>> {
        match self.solver().rules() {
            Rules::Graph(graph) if self.game.loopy_graph().is_some() => Some(graph),
            _ => None,
        }
    }

    /// Whether moves are shown in binary: neither searched (played misère) nor judged by γ.
    fn by_values(&self) -> bool {
        !self.game.is_misere() && self.loopy().is_none()
    }

    fn turns(&self) -> Result<Vec<Turn>, Error> {
        self.game.turns().map(turn).collect()
    }

    /// The report of `events` and the game's state after them.
    fn report_of(&self, events: Vec<GameEvent>, detail: bool) -> GameReport {
        let over = self.game.is_over();
        GameReport {
            rules: self.solver().rules().clone(),
            why: None,
            misere_search: self.game.is_misere(),
            events,
            detail,
            piles: self.game.piles(),
            to_move: (!over).then(|| self.game.to_move()),
            winner: self.game.winner(),
        }
    }

    /// The learner's move on a loopy graph, judged by γ: a win kept or given away, a draw
    /// kept or lost, with the move that would have won or kept the draw. No binary view.
    fn learner_move_by_gamma(
        &mut self,
        request: Request,
    ) -> Result<(Move, Option<MoveView>, CoachNote), Error> {
        let before = self.game.outcome_by_gamma(self.game.parts());
        let best = self
            .game
            .move_by_gamma(self.game.parts())
            .as_ref()
            .map(as_move)
            .transpose()?;
        let mv = as_move(&self.game.learner_move(request)?)?;
        let after = self.game.outcome_by_gamma(self.game.parts());
        let before = before.unwrap_or(Outcome::Second);
        let note = CoachNote::ByGamma {
            before,
            after: after.unwrap_or(Outcome::Second),
            best: best.filter(|_| before != Outcome::Second),
        };
        Ok((mv, None, note))
    }

    /// The coach's note on `mv`, played from `before`, judged by the nim-sum (or the rule of
    /// misère Nim) and shown in binary.
    fn note(&self, before: &[Pile], view: &MoveView, white: bool) -> Result<CoachNote, Error> {
        let solver = self.solver();
        if verdict(solver, before)?.winner != Player::First {
            return Ok(CoachNote::AlreadyLost);
        }
        if view.leaves_a_loss() {
            return Ok(CoachNote::Kept);
        }
        Ok(match winning_move(solver, before)? {
            // The move the learner could have made: with their own counter in Northcott's.
            Some(best) => CoachNote::ThrewAway {
                best: Box::new(MoveView::new(
                    solver,
                    before,
                    self.game.by_counter_of(best, white)?,
                )?),
            },
            None => CoachNote::AlreadyLost,
        })
    }
}

impl PlayedGame for PileGame {
    type Event = GameEvent;
    type Request = Request;

    fn game(&self) -> &SumGame {
        &self.game
    }

    fn game_mut(&mut self) -> &mut SumGame {
        &mut self.game
    }

    fn computer_move(&mut self) -> Result<Option<GameEvent>, Error> {
        let before = self.game.piles();
        let Some(turn) = self.game.computer_move()? else {
            return Ok(None);
        };
        let mv = as_move(&turn.mv)?;
        Ok(Some(GameEvent::Moved {
            number: self.game.moves_made(),
            side: Side::Computer,
            mv: mv.clone(),
            intent: turn.intent,
            view: if self.by_values() {
                Some(MoveView::new(self.solver(), &before, mv)?)
            } else {
                None
            },
            piles: self.game.piles(),
        }))
    }

    fn end(&self) -> Result<GameEvent, Error> {
        Ok(GameEvent::End {
            winner: self.game.winner().unwrap_or(Side::Computer),
            resigned: self.game.resigned(),
            start: piles_of(self.game.start()),
            turns: self.turns()?,
        })
    }

    /// The board, with each pile's value when the coach is on (and values decide the game),
    /// or each token's γ on a loopy graph.
    fn your_move(&self, coach: Coach) -> Result<GameEvent, Error> {
        let piles = self.game.piles();
        let values = if coach.judges() && self.by_values() {
            Some(verdict(self.solver(), &piles)?.grundy)
        } else {
            None
        };
        let gamma = if coach.judges() {
            self.game.gammas(self.game.parts())
        } else {
            None
        };
        Ok(GameEvent::YourMove {
            piles,
            values,
            gamma,
        })
    }

    fn learner_move(&mut self, request: Request) -> Result<LearnerMove<GameEvent>, Error> {
        let before = self.game.piles();
        // Played misère the coach judges by search, with no binary view (Grundy values do not
        // decide misère play).
        let (mv, view, note) = if self.loopy().is_some() {
            self.learner_move_by_gamma(request)?
        } else if self.game.is_misere() {
            let (won, best) = self.game.decide(self.game.parts())?;
            let mv = as_move(&self.game.learner_move(request)?)?;
            let note = match best {
                Some(best) if won && self.game.decide(self.game.parts())?.0 => {
                    CoachNote::ThrewAwayBySearch {
                        best: as_move(&best)?,
                    }
                }
                Some(_) if won => CoachNote::Kept,
                _ => CoachNote::AlreadyLost,
            };
            (mv, None, note)
        } else {
            let white = self.game.white_to_move();
            let mv = as_move(&self.game.learner_move(request)?)?;
            let view = MoveView::new(self.solver(), &before, mv.clone())?;
            let note = self.note(&before, &view, white)?;
            (mv, Some(view), note)
        };
        Ok(LearnerMove {
            kept: matches!(
                note,
                CoachNote::Kept
                    | CoachNote::ByGamma {
                        before: Outcome::First,
                        after: Outcome::Second,
                        ..
                    }
            ),
            moved: GameEvent::Moved {
                number: self.game.moves_made(),
                side: Side::Learner,
                mv,
                intent: None,
                view,
                piles: self.game.piles(),
            },
            note: GameEvent::Coach(note),
        })
    }

    fn undo(&mut self) -> Result<Option<GameEvent>, Error> {
        let turns = self.game.undo();
        if turns.is_empty() {
            return Ok(None);
        }
        let turns = turns.iter().map(turn).collect::<Result<_, _>>()?;
        let piles = self.game.piles();
        Ok(Some(GameEvent::Undone { turns, piles }))
    }

    /// A hint is shown in full at once, and is not a move for `why` to explain.
    fn hint(&self) -> Result<Output, Error> {
        let report = |events| Output::Game(self.report_of(events, true));
        if let Some(graph) = self.loopy() {
            let hint = LoopyReport::new(
                PositionView::Move,
                self.solver().rules(),
                graph.clone(),
                &self.game.piles(),
            )?;
            return Ok(report(vec![GameEvent::LoopyHint(Box::new(hint))]));
        }
        if self.game.is_misere() {
            let piles = self.game.piles();
            let (won, best) = self.game.decide(self.game.parts())?;
            let best = best.as_ref().map(as_move).transpose()?;
            return Ok(report(vec![GameEvent::SearchHint { piles, won, best }]));
        }
        let mut position =
            PositionReport::new(PositionView::Move, self.solver(), self.game.piles())?;
        position.title = Some(PositionTitle::Hint);
        // The hint is a move the learner may make: with their own counter in Northcott's.
        if let Some((m, _)) = &position.winning_move {
            let own = self
                .game
                .by_counter_of(m.clone(), self.game.white_to_move())?;
            if own != *m {
                position = position.played_as(self.solver(), own)?;
            }
        }
        let best = match &position.winning_move {
            Some((m, _)) => Some(MoveView::new(self.solver(), &self.game.piles(), m.clone())?),
            None => None,
        };
        Ok(report(vec![GameEvent::Hint {
            report: Box::new(position),
            best,
        }]))
    }

    /// The board as it stands, by the game's rules unless the command names others.
    fn board(&self, args: &PositionArgs, view: PositionView) -> Result<Output, Error> {
        let game = self.solver();
        let solver = match args.rules.rules.as_deref().map(parse_rules).transpose()? {
            Some(rules) if &rules != game.rules() => Solver::new(&rules)?,
            _ => game.clone(),
        };
        let piles = piles_as(solver.rules(), &self.game.piles());
        // A game played misère is judged by search, as `winner --misere` judges any position.
        let misere = args.misere || (self.game.is_misere() && args.rules.rules.is_none());
        if misere && view != PositionView::NimSum {
            let verdict = misere_play::decide(&solver, &piles, misere_play::WORK_LIMIT)?;
            return Ok(Output::WhoWins(WhoWins::new(MiserePlayReport {
                view,
                rules: solver.rules().clone(),
                piles,
                verdict,
            })));
        }
        // A loopy graph has no nim-sum: its board is valued by γ, as `winner` values it.
        if let Rules::Graph(graph) = solver.rules()
            && graph.is_loopy()
            && view != PositionView::NimSum
        {
            return Ok(Output::WhoWins(WhoWins::new(LoopyReport::new(
                view,
                solver.rules(),
                graph.clone(),
                &piles,
            )?)));
        }
        let mut report = PositionReport::new(view, &solver, piles)?;
        report.title = Some(PositionTitle::Board);
        Ok(Output::WhoWins(WhoWins::new(report)))
    }

    fn take(&self, count: &str, pile: &[String]) -> Result<Request, Error> {
        typed_move::take_command(count, pile, self.game.piles().len())
    }

    fn pass(&self, index: &str) -> Result<Request, Error> {
        typed_move::pile_index(index, self.game.piles().len()).map(|index| Request::Pass { index })
    }

    fn read(&self, line: &str) -> Option<Result<Request, Error>> {
        typed_move::read(line, self.solver().rules(), self.game.piles().len())
    }

    fn prompt(&self) -> Prompt {
        let rules = self.solver().rules();
        Prompt::Piles {
            piles: self
                .game
                .piles()
                .iter()
                .map(|&p| rules.name_of(p))
                .collect(),
        }
    }

    fn activity(&self) -> Activity {
        Activity::Game {
            rules: self.solver().rules().clone(),
            start: piles_of(self.game.start()),
            board: self.game.piles(),
            moves: self.game.moves_made(),
        }
    }

    fn report(&self, events: Vec<GameEvent>, _coach: Coach, detail: bool) -> LastGame {
        LastGame::Piles(self.report_of(events, detail))
    }
}

/// Work an example move may take to list a pile's moves (a far pile's are too many: it then
/// shows none from that pile).
pub(super) const EXAMPLE_WORK: u64 = 1_000_000;

/// A legal move on `piles` to show how moves are written: a split where the rules split (the
/// syntax a reader would not guess), else the first option of the first pile that has one.
/// Piles whose moves cannot be listed show no example from them.
fn example_move(rules: &Rules, piles: &[Pile]) -> Option<Move> {
    let options = || {
        piles.iter().enumerate().flat_map(|(i, &p)| {
            let mut budget = Budget::new(EXAMPLE_WORK);
            rules
                .heap_options(p, &mut budget)
                .into_iter()
                .flatten()
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
