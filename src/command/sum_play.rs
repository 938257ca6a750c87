//! `play` on a sum: of different games (`play 'wythoff(3,5) + lasker(7) + 4'`), whose moves
//! name a component and what it becomes (`2 -> 4`, `1 -> (1,2)`, `2 -> 3+4`, `take K from I`
//! where the game takes tokens), or of Green Hackenbush pictures (`play --rules hackenbush 5
//! 2(1,3)`), whose moves cut an edge (`cut 1-2 of 2(1,3)`, `2 1-2`). The engine's
//! [`SumGame`] plays; this focus reads the moves and says what happened.

use super::play::{LearnerMove, PlayFocus, PlayedGame, first};
use super::session::LastGame;
use super::{Session, typed_move};
use crate::cli::{Coach, PlayArgs, PositionArgs};
use crate::engine::Budget;
use crate::engine::Picture;
use crate::engine::Side;
use crate::engine::hackenbush_write;
use crate::engine::{Component, solve};
use crate::engine::{IllegalMove, Request};
use crate::engine::{Part, PartMove, SumGame};
use crate::error::{Error, Expected};
use crate::output::{
    Activity, Board, HackenbushComponent, HackenbushReport, HackenbushView, Output, PositionView,
    Prompt, SumCoachNote, SumGameEvent, SumGameReport, SumKind, SumReport, Term, TermMove, WhoWins,
};

/// A game on a sum in the session.
#[derive(Debug)]
pub(super) struct SumPlay {
    game: SumGame,
    kind: SumKind,
}

/// A move the learner typed: on a pile of the sum, or a cut of edge `.1` of picture `.0`.
#[derive(Debug)]
pub(super) enum SumRequest {
    Pile(Request),
    Cut(usize, usize),
}

/// `play` on a sum of different games.
pub(super) fn start_sum(session: &mut Session, args: &PlayArgs) -> Result<Output, Error> {
    let (solvers, piles) = super::sum::read(session, &args.position)?;
    // What `move` refuses on this sum (a misère component: misère games do not add by XOR),
    // play refuses too.
    let components: Vec<Component<'_>> = piles
        .iter()
        .map(|&(g, pile)| Component {
            solver: &solvers[g],
            pile,
        })
        .collect();
    solve(&components)?;
    let game = SumGame::of_piles(solvers, piles, first(args));
    start(session, args, game, SumKind::Games)
}

/// `play` alone on the sum the session holds as its position.
pub(super) fn start_stored(session: &mut Session, args: &PlayArgs) -> Result<Output, Error> {
    let Some((solvers, piles)) = super::sum::stored(session)? else {
        return Err(Error::NoGame);
    };
    let game = SumGame::of_piles(solvers, piles, first(args));
    start(session, args, game, SumKind::Games)
}

/// `play --rules hackenbush PICTURE…`.
pub(super) fn start_pictures(session: &mut Session, args: &PlayArgs) -> Result<Output, Error> {
    if args.position.misere {
        return Err(Error::bad_token("--misere", Expected::HackenbushNormalPlay));
    }
    if let Some(file) = &args.position.file {
        return Err(Error::bad_token(
            file.display().to_string(),
            Expected::PicturesOnLine,
        ));
    }
    let pictures: Vec<Picture> = super::hackenbush::components(&args.position.piles, None)?
        .iter()
        .map(|c| c.picture().clone())
        .collect();
    let game = SumGame::of_pictures(pictures, first(args));
    start(session, args, game, SumKind::Pictures)
}

fn start(
    session: &mut Session,
    args: &PlayArgs,
    game: SumGame,
    kind: SumKind,
) -> Result<Output, Error> {
    let game = if args.position.misere {
        game.played_misere()
    } else {
        game
    };
    // The start is decided before anything is shown: a misère search past its budget, or a
    // component no sum can hold (a misère ruleset), is refused here.
    game.decide(game.parts())?;
    let play = SumPlay { game, kind };
    let start = SumGameEvent::Start {
        board: play.board()?,
        first: play.game.first(),
        coach: args.coach.judges(),
        example: play.example()?,
    };
    PlayFocus::begin(session, play, args.coach, start)
}

/// A component as the learner sees it.
pub(super) fn term(game: &SumGame, part: &Part) -> Term {
    match part {
        Part::Pile { game: g, pile } => Term::Pile {
            rules: game.solvers()[*g].rules().clone(),
            pile: *pile,
        },
        Part::Picture(p) => Term::Picture(p.clone()),
    }
}

/// The board as it stands, valued unless played misère.
pub(super) fn board(game: &SumGame) -> Result<Board, Error> {
    let parts = game.parts();
    let values = if game.is_misere() {
        None
    } else {
        Some(game.values(parts)?)
    };
    Ok(Board {
        terms: parts.iter().map(|p| term(game, p)).collect(),
        values,
    })
}

/// A move as the learner sees it, with the component's values before and after.
pub(super) fn term_move(game: &SumGame, mv: &PartMove) -> Result<TermMove, Error> {
    let values = if game.is_misere() {
        None
    } else {
        let after = game.values(&mv.after)?;
        Some((game.value(&mv.from)?, after.iter().fold(0, |a, &g| a ^ g)))
    };
    let cut = match (&mv.from, mv.edge) {
        (Part::Picture(p), Some(e)) => {
            let (a, b) = p.edges()[e];
            Some((p.name(a).to_string(), p.name(b).to_string()))
        }
        _ => None,
    };
    Ok(TermMove {
        component: mv.component,
        from: term(game, &mv.from),
        after: mv.after.iter().map(|p| term(game, p)).collect(),
        cut,
        values,
    })
}

impl SumPlay {
    fn term(&self, part: &Part) -> Term {
        term(&self.game, part)
    }

    fn board(&self) -> Result<Board, Error> {
        board(&self.game)
    }

    fn term_move(&self, mv: &PartMove) -> Result<TermMove, Error> {
        term_move(&self.game, mv)
    }

    /// A legal move of the start, for the line that teaches how moves are written: a split
    /// where a game splits (the syntax a reader would not guess), else the first move.
    fn example(&self) -> Result<Option<TermMove>, Error> {
        let mut first = None;
        for (i, part) in self.game.parts().iter().enumerate() {
            match part {
                Part::Pile { game, pile } => {
                    let rules = self.game.solvers()[*game].rules();
                    // An example, not a list: a pile whose moves are too many to list
                    // gives none.
                    let mut budget = Budget::new(super::pile_play::EXAMPLE_WORK);
                    let Ok(options) = rules.heap_options(*pile, &mut budget) else {
                        continue;
                    };
                    for heaps in options.take(64) {
                        let mv = PartMove::of_heaps(i, part.clone(), *game, &heaps);
                        if mv.after.len() > 1 {
                            return Ok(Some(self.term_move(&mv)?));
                        }
                        first.get_or_insert(mv);
                    }
                }
                Part::Picture(p) if !p.edges().is_empty() && first.is_none() => {
                    let after = hackenbush_write::canonical(&p.cut(0));
                    first = Some(PartMove {
                        component: i,
                        from: part.clone(),
                        after: vec![Part::Picture(after)],
                        edge: Some(0),
                    });
                }
                Part::Picture(_) => {}
            }
        }
        first.map(|m| self.term_move(&m)).transpose()
    }

    fn report_of(&self, events: Vec<SumGameEvent>, coach: Coach, detail: bool) -> SumGameReport {
        let over = self.game.is_over();
        SumGameReport {
            kind: self.kind,
            misere: self.game.is_misere(),
            events,
            why: None,
            coached: coach.judges(),
            detail,
            board: self.game.parts().iter().map(|p| self.term(p)).collect(),
            to_move: (!over).then(|| self.game.to_move()),
            winner: self.game.winner(),
        }
    }

    /// `winner`, `move` or `nimsum` without piles: the board as `winner`/`move` report a sum
    /// written out (played misère, the hint's search).
    fn board_report(&self, args: &PositionArgs, view: PositionView) -> Result<Output, Error> {
        if self.game.is_misere() || args.misere {
            return self.hint();
        }
        if args.rules.rules.is_some() {
            return Err(Error::bad_token("--rules", Expected::BoardRules));
        }
        let parts = self.game.parts();
        if self.kind == SumKind::Pictures {
            let view = match view {
                PositionView::Winner => HackenbushView::Winner,
                PositionView::Move => HackenbushView::Move,
                PositionView::NimSum => HackenbushView::NimSum,
            };
            let components = parts
                .iter()
                .filter_map(|p| match p {
                    Part::Picture(p) => Some(HackenbushComponent::new(
                        hackenbush_write::write(p),
                        p.clone(),
                    )),
                    Part::Pile { .. } => None,
                })
                .collect();
            return Ok(Output::WhoWins(WhoWins::new(HackenbushReport::new(
                view, components,
            ))));
        }
        let piles: Vec<(usize, crate::engine::Pile)> = parts
            .iter()
            .filter_map(|p| match p {
                Part::Pile { game, pile } => Some((*game, *pile)),
                Part::Picture(_) => None,
            })
            .collect();
        let solvers = self.game.solvers();
        let components: Vec<Component<'_>> = piles
            .iter()
            .map(|&(g, pile)| Component {
                solver: &solvers[g],
                pile,
            })
            .collect();
        let verdict = solve(&components)?;
        Ok(Output::WhoWins(WhoWins::new(SumReport {
            view,
            components: piles
                .iter()
                .map(|&(g, pile)| (solvers[g].rules().clone(), pile))
                .collect(),
            verdict,
        })))
    }

    /// A line read as a move on a sum of games: it starts with a component's number.
    fn typed_pile_move(&self, line: &str) -> Option<Result<Request, Error>> {
        let digits: String = line
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let index = digits.parse::<usize>().ok()?;
        let parts = self.game.parts();
        // The component's own game reads what it becomes; a number past the board is refused
        // naming the components (0 is refused by the reader, as in any game).
        let part = match index.checked_sub(1) {
            Some(i) => match parts.get(i) {
                Some(part) => part,
                None => {
                    return Some(Err(Error::IllegalMove(IllegalMove::NoSuchPile {
                        index: i,
                        piles: parts.len(),
                    })));
                }
            },
            None => parts.first()?,
        };
        let Part::Pile { game, .. } = part else {
            return None;
        };
        typed_move::read(line, self.game.solvers()[*game].rules(), parts.len())
    }

    /// A line read as a cut: `cut A-B of P`, the words `move` prints (`cut the edge A-B of P
    /// (component I)`), or `I A-B`. `None` if it starts like neither.
    fn typed_cut(&self, line: &str) -> Option<Result<(usize, usize), Error>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (edge, component) = match words.as_slice() {
            ["cut", rest @ ..] | ["Cut", rest @ ..] => {
                let rest = match rest {
                    ["the", "edge", rest @ ..] => rest,
                    _ => rest,
                };
                return Some(self.cut_words(rest));
            }
            [i, edge] if i.bytes().all(|b| b.is_ascii_digit()) => (*edge, *i),
            [i, ..] if i.bytes().all(|b| b.is_ascii_digit()) => {
                return Some(Err(Error::bad_token(line.trim(), Expected::Cut)));
            }
            _ => return None,
        };
        Some(
            self.component_number(component)
                .and_then(|c| self.edge(c, edge)),
        )
    }

    /// What follows `cut`: `A-B of P`, optionally `(component I)`.
    fn cut_words(&self, words: &[&str]) -> Result<(usize, usize), Error> {
        match words {
            [edge, "of", picture] => {
                let c = self.written_component(picture)?;
                self.edge(c, edge)
            }
            [edge, "of", _picture, "(component", number] => {
                let number = number.strip_suffix(')').unwrap_or(number);
                let c = self.component_number(number)?;
                self.edge(c, edge)
            }
            [] => Err(Error::bad_token("cut", Expected::Cut)),
            _ => Err(Error::bad_token(words.join(" "), Expected::Cut)),
        }
    }

    /// The component numbered `token` (from 1).
    fn component_number(&self, token: &str) -> Result<usize, Error> {
        let n = self.game.parts().len();
        token
            .parse::<usize>()
            .ok()
            .and_then(|i| i.checked_sub(1))
            .filter(|&i| i < n)
            .ok_or_else(|| Error::bad_token(token, Expected::PictureNumber { count: n }))
    }

    /// The first component written `word` (pictures written alike are the same game).
    fn written_component(&self, word: &str) -> Result<usize, Error> {
        let written: Vec<String> = self
            .game
            .parts()
            .iter()
            .map(|p| match p {
                Part::Picture(p) => hackenbush_write::write(p),
                Part::Pile { .. } => String::new(),
            })
            .collect();
        written.iter().position(|w| w == word).ok_or_else(|| {
            Error::bad_token(
                word,
                Expected::PictureOnBoard {
                    written: written.clone(),
                },
            )
        })
    }

    /// The edge written `token` (`A-B`, either way round) of picture `component`.
    fn edge(&self, component: usize, token: &str) -> Result<(usize, usize), Error> {
        let Some(Part::Picture(p)) = self.game.parts().get(component) else {
            return Err(Error::bad_token(token, Expected::Edge));
        };
        let found = token.split_once('-').and_then(|(a, b)| {
            p.edges().iter().position(|&(x, y)| {
                let (x, y) = (p.name(x), p.name(y));
                (x, y) == (a, b) || (y, x) == (a, b)
            })
        });
        found.map(|e| (component, e)).ok_or_else(|| {
            let edges = edge_list(p);
            let expected = Expected::EdgeOf {
                number: component + 1,
                picture: hackenbush_write::write(p),
                edges,
            };
            Error::bad_token(token, expected)
        })
    }
}

/// How many edges an error lists before `…`.
const EDGES_LISTED: usize = 24;

/// `g-1, 1-2, 2-3`: a picture's edges by their ends' names.
fn edge_list(p: &Picture) -> String {
    let mut names: Vec<String> = p
        .edges()
        .iter()
        .take(EDGES_LISTED)
        .map(|&(a, b)| format!("{}-{}", p.name(a), p.name(b)))
        .collect();
    if p.edges().len() > EDGES_LISTED {
        names.push("…".into());
    }
    names.join(", ")
}

impl PlayedGame for SumPlay {
    type Event = SumGameEvent;
    type Request = SumRequest;

    fn game(&self) -> &SumGame {
        &self.game
    }

    fn game_mut(&mut self) -> &mut SumGame {
        &mut self.game
    }

    fn computer_move(&mut self) -> Result<Option<SumGameEvent>, Error> {
        let Some(turn) = self.game.computer_move()? else {
            return Ok(None);
        };
        Ok(Some(SumGameEvent::Moved {
            number: self.game.moves_made(),
            side: Side::Computer,
            mv: self.term_move(&turn.mv)?,
            intent: turn.intent,
            board: self.board()?,
        }))
    }

    fn end(&self) -> Result<SumGameEvent, Error> {
        Ok(SumGameEvent::End {
            winner: self.game.winner().unwrap_or(Side::Computer),
            resigned: self.game.resigned(),
            moves: self.game.moves_made(),
        })
    }

    /// The board with its values (the report says whether the coach shows them).
    fn your_move(&self, _coach: Coach) -> Result<SumGameEvent, Error> {
        Ok(SumGameEvent::YourMove {
            board: self.board()?,
        })
    }

    /// The learner's move, judged by the nim-sum (by search, played misère).
    fn learner_move(&mut self, request: SumRequest) -> Result<LearnerMove<SumGameEvent>, Error> {
        let before = self.game.parts().to_vec();
        let (won, best) = self.game.decide(&before)?;
        let mv = match request {
            SumRequest::Pile(request) => self.game.learner_move(request)?,
            SumRequest::Cut(component, edge) => self
                .game
                .learner_cut(component, edge)
                .ok_or_else(|| Error::bad_token("cut", Expected::EdgeOnBoard))?,
        };
        let note = match best {
            Some(best) if won => {
                if self.game.decide(self.game.parts())?.0 {
                    SumCoachNote::ThrewAway {
                        best: self.term_move(&best)?,
                    }
                } else {
                    SumCoachNote::Kept
                }
            }
            _ => SumCoachNote::AlreadyLost,
        };
        Ok(LearnerMove {
            kept: note == SumCoachNote::Kept,
            moved: SumGameEvent::Moved {
                number: self.game.moves_made(),
                side: Side::Learner,
                mv: self.term_move(&mv)?,
                intent: None,
                board: self.board()?,
            },
            note: SumGameEvent::Coach(note),
        })
    }

    fn undo(&mut self) -> Result<Option<SumGameEvent>, Error> {
        let turns = self.game.undo();
        if turns.is_empty() {
            return Ok(None);
        }
        let turns = turns
            .iter()
            .map(|t| Ok((t.side, self.term_move(&t.mv)?)))
            .collect::<Result<_, Error>>()?;
        Ok(Some(SumGameEvent::Undone { turns }))
    }

    /// A hint is shown in full at once, and is not a move for `why` to explain.
    fn hint(&self) -> Result<Output, Error> {
        let (won, best) = self.game.decide(self.game.parts())?;
        let best = best.map(|m| self.term_move(&m)).transpose()?;
        let events = vec![SumGameEvent::Hint { won, best }];
        Ok(Output::SumGame(self.report_of(events, Coach::On, true)))
    }

    fn board(&self, args: &PositionArgs, view: PositionView) -> Result<Output, Error> {
        self.board_report(args, view)
    }

    fn take(&self, count: &str, pile: &[String]) -> Result<SumRequest, Error> {
        if self.kind == SumKind::Pictures {
            return Err(Error::bad_token("take", Expected::Cut));
        }
        typed_move::take_command(count, pile, self.game.parts().len()).map(SumRequest::Pile)
    }

    fn pass(&self, index: &str) -> Result<SumRequest, Error> {
        if self.kind == SumKind::Pictures {
            return Err(Error::bad_token("pass", Expected::Cut));
        }
        typed_move::pile_index(index, self.game.parts().len())
            .map(|index| SumRequest::Pile(Request::Pass { index }))
    }

    fn read(&self, line: &str) -> Option<Result<SumRequest, Error>> {
        Some(match self.kind {
            SumKind::Pictures => self.typed_cut(line)?.map(|(c, e)| SumRequest::Cut(c, e)),
            SumKind::Games => self.typed_pile_move(line)?.map(SumRequest::Pile),
        })
    }

    fn prompt(&self) -> Prompt {
        Prompt::Sum {
            terms: self
                .game
                .parts()
                .iter()
                .map(|p| self.term(p).to_string())
                .collect(),
        }
    }

    fn activity(&self) -> Activity {
        Activity::SumGame {
            start: self.game.start().iter().map(|p| self.term(p)).collect(),
            board: self.game.parts().iter().map(|p| self.term(p)).collect(),
            moves: self.game.moves_made(),
        }
    }

    fn report(&self, events: Vec<SumGameEvent>, coach: Coach, detail: bool) -> LastGame {
        LastGame::Sum(self.report_of(events, coach, detail))
    }
}
