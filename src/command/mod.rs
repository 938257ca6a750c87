//! Commands of the language, executed against a session. Results are `Output` data; nothing
//! here prints.

mod bulk_input;
mod conjecture;
mod derive;
mod eval;
mod focus;
mod formats;
mod help;
mod lesson;
mod lesson_check;
mod period;
mod piles;
mod play;
mod prove;
mod range;
mod rules;
mod sandbox;
mod session;
mod step;
mod verify;

pub use focus::Focus;
pub use formats::check_format;
pub use help::help_text;
pub use sandbox::{Budget, Refusal, Spent};
pub use session::{PileChange, Session};

use crate::cli::{Command, PositionArgs, RulesArg};
use crate::engine::grundy::{GrundyTable, Solver};
use crate::engine::value_range::ValueRange;
use crate::engine::{Grundy, GrundyRow, Rules, mex::mex};
use crate::error::Error;
use crate::output::{
    Activity, BulkReport, GrundyReport, GrundyRows, LeftReport, LessonItem, LessonReport, Note,
    Output, PileChanged, PositionReport, PositionTitle, PositionView, Then,
};

pub use rules::parse_rules;

pub use piles::{KEEP_PILES, Piles, stream_piles};
use range::Target;

/// Runs one command. The session's focus sees it first. `run` is handled by the caller, which
/// owns the output stream.
pub fn execute(command: &Command, session: &mut Session) -> Result<Output, Error> {
    // `quit` belongs to no activity: it leaves the innermost one, or nimlab.
    if let Command::Quit = command {
        return Ok(quit(session));
    }
    if let Some(result) = with_focus(session, |focus, session| focus.command(command, session)) {
        return result;
    }
    match command {
        Command::Mex { values } => mex_command(values),
        Command::Grundy {
            rules,
            target,
            values: false,
        } => grundy(session, rules, target.as_deref()),
        Command::Grundy {
            rules,
            target,
            values: true,
        } => grundy_values(session, rules, target.as_deref()),
        Command::Period { rules, to, table } => {
            period::period(session, rules, to.as_deref(), *table)
        }
        Command::Winner(args) => position_report(session, args, PositionView::Winner),
        Command::Move(args) => position_report(session, args, PositionView::Move),
        Command::Nimsum(args) => position_report(session, args, PositionView::NimSum),
        Command::Rules { name: None } => Ok(Output::Rulesets {
            current: session.rules().clone(),
        }),
        Command::Rules { name: Some(name) } => {
            session.set_rules(parse_rules(name)?)?;
            Ok(Output::Note(Note::RulesSet(session.rules().clone())))
        }
        Command::Position(args) => set_position(session, args),
        Command::Set { index, pile } => set_pile(session, index, pile),
        Command::Eval { expr } => eval::eval(session, expr),
        Command::Derive { rules, range, all } => {
            derive::derive(session, rules, range.as_deref(), *all)
        }
        Command::Conjecture { rules, formula } => conjecture::conjecture(session, rules, formula),
        Command::Verify {
            rules,
            misere,
            piles,
            max,
        } => verify::verify(session, rules.as_deref(), *misere, *piles, *max),
        Command::Prove { name, all } => prove::prove(session, name.as_deref(), *all),
        Command::Next | Command::Back | Command::Expand | Command::At { .. } => Err(Error::Usage {
            message: "nothing to step through: start with `derive 0..5` or `prove NAME`".into(),
        }),
        Command::Lesson { action } => lesson::lesson(session, action),
        Command::Goto { .. } | Command::Skip | Command::Reveal => Err(Error::Usage {
            message: "no lesson in progress: start one with `lesson start ID` (see `lesson list`)"
                .into(),
        }),
        Command::Help { topic } => help_text(topic).map(Output::Help),
        Command::Quit => Ok(quit(session)),
        // Written by the caller, which owns the output stream.
        Command::Run { .. } | Command::Completions { .. } | Command::Man => Ok(Output::Nothing),
        Command::Play(args) => play::start(session, args),
        Command::Take { .. }
        | Command::Pass { .. }
        | Command::Undo
        | Command::Hint
        | Command::Resign => Err(play::no_game()),
        Command::Step { all } => step::step(session, *all),
    }
}

/// `quit`: leaves the innermost activity, keeping what it must keep, or nimlab when no
/// activity is going on.
pub fn quit(session: &mut Session) -> Output {
    match leave_innermost(session) {
        Some((left, notes)) => Output::Left(LeftReport {
            left,
            notes: LessonReport { items: notes },
            then: session
                .focus
                .last()
                .map_or(Then::TopLevel, |f| Then::Inside(f.activity())),
        }),
        None => Output::Quit,
    }
}

/// Leaves every activity, innermost first, as nimlab ends (the input ended while some were
/// going on): each says it was left, so nothing is thrown away without a word.
pub fn leave_all(session: &mut Session) -> Vec<Output> {
    std::iter::from_fn(|| {
        leave_innermost(session).map(|(left, notes)| {
            Output::Left(LeftReport {
                left,
                notes: LessonReport { items: notes },
                then: Then::Ending,
            })
        })
    })
    .collect()
}

fn leave_innermost(session: &mut Session) -> Option<(Activity, Vec<LessonItem>)> {
    let mut focus = session.focus.pop()?;
    let left = focus.activity();
    let notes = focus.leave(session);
    Some((left, notes))
}

/// Offers a line that did not parse as a command to the session's focus.
pub fn execute_text(line: &str, session: &mut Session) -> Option<Result<Output, Error>> {
    with_focus(session, |focus, session| focus.text(line, session))
}

/// Offers a command or line to the focuses, innermost first; each is taken out of the
/// session while it runs. Finished focuses are dropped; ones `f` started stay on top.
fn with_focus<T>(
    session: &mut Session,
    mut f: impl FnMut(&mut dyn Focus, &mut Session) -> Option<T>,
) -> Option<T> {
    for i in (0..session.focus.len()).rev() {
        let mut focus = session.focus.remove(i);
        let handled = f(focus.as_mut(), session);
        let kind = focus.kind();
        let replaced = session.focus[i..].iter().any(|g| g.kind() == kind);
        if !focus.is_done() && !replaced {
            session.focus.insert(i, focus);
        }
        if handled.is_some() {
            return handled;
        }
    }
    None
}

/// `mex 0 1 3`, `mex {0..4, 6}`: the set as nimlab prints sets.
fn mex_command(values: &[String]) -> Result<Output, Error> {
    let set = crate::set_notation::read_set(
        &values.join(" "),
        // Decimal digits only, as piles are written (`str::parse` would also take `+3`).
        |t| {
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<Grundy>().ok())
                .flatten()
        },
        "a whole number ≥ 0",
    )
    .map_err(|e| Error::bad_token(e.token, e.expected))?;
    let set: Vec<Grundy> = set.into_iter().collect();
    let m = mex(set.iter().copied());
    Ok(Output::Mex { set, mex: m })
}

fn rules_or_session(session: &Session, arg: &RulesArg) -> Result<Solver, Error> {
    let rules = arg.rules.as_deref().map(parse_rules).transpose()?;
    Ok(session.solver_for(rules.as_ref())?)
}

fn grundy(session: &mut Session, arg: &RulesArg, target: Option<&str>) -> Result<Output, Error> {
    let mut solver = rules_or_session(session, arg)?;
    let rules = solver.rules().clone();
    let parsed = match (&rules, target) {
        // A graph's table lists every position unless one is named.
        (Rules::Graph(graph), None) => Target::Range {
            from: 0,
            to: graph.len() as u64 - 1,
        },
        _ => Target::parse(target, &rules)?,
    };
    let rows = match parsed {
        Target::Range { from, to } => {
            range::check_printable(&rules, from, to, target.unwrap_or("0..15"))?;
            GrundyRows::ByMex {
                table: GrundyTable::compute_with(&rules, to, &session.cancel)?,
                from,
                to,
            }
        }
        Target::States(states) => {
            let size = states[0].size;
            let token = target.unwrap_or_default();
            let rows = match &rules {
                // Rows by mex with their options: a graph's come from its values (all known),
                // an octal game's from the solver's values (computed as far as asked).
                Rules::Graph(_) | Rules::Octal(_) if size <= range::MEX_LOOKUP_MAX => {
                    solver.reach(states[0], token)?;
                    states
                        .iter()
                        .map(|&p| solver.row(p))
                        .collect::<Result<_, _>>()?
                }
                _ if size <= range::MEX_LOOKUP_MAX => {
                    let table = GrundyTable::compute_with(&rules, size, &session.cancel)?;
                    states.iter().filter_map(|&p| table.row(p)).collect()
                }
                _ => {
                    solver.reach(states[0], token)?;
                    states
                        .iter()
                        .map(|&p| Ok(GrundyRow::known(p, solver.value(p)?)))
                        .collect::<Result<_, Error>>()?
                }
            };
            session.remember(&solver);
            GrundyRows::Lookup { rows }
        }
    };
    Ok(Output::Grundy(GrundyReport { rules, rows }))
}

/// `grundy A..B --values`: each state's value alone, computed as it is printed.
fn grundy_values(session: &Session, arg: &RulesArg, target: Option<&str>) -> Result<Output, Error> {
    let solver = rules_or_session(session, arg)?;
    let rules = solver.rules().clone();
    let (from, to) = match (&rules, Target::parse(target, &rules)?) {
        (Rules::Graph(graph), _) if target.is_none() => (0, graph.len() as u64 - 1),
        (_, Target::Range { from, to }) => (from, to),
        (_, Target::States(_)) => {
            return Err(Error::BadRange {
                token: target.unwrap_or_default().into(),
                reason: "`--values` lists a range: write it like `0..1000000` (both ends included)"
                    .into(),
            });
        }
    };
    range::check_values(to, target.unwrap_or("0..15"))?;
    Ok(Output::GrundyValues(ValueRange::new_with(
        &rules,
        from,
        to,
        &session.cancel,
    )?))
}

fn position_report(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<Output, Error> {
    let mut solver = rules_or_session(session, &args.rules)?;
    let (piles, title) = match piles::read_piles(args, &mut solver, session)? {
        Piles::Listed(piles) => (piles, None),
        Piles::Streamed { summary, source } => {
            return Ok(Output::Bulk(BulkReport {
                view,
                rules: solver.rules().clone(),
                summary,
                source,
            }));
        }
        Piles::None if !session.position().is_empty() => {
            let piles = session.position_for(solver.rules());
            solver.reach_all(&piles)?;
            (piles, Some(PositionTitle::SessionPosition))
        }
        Piles::None => {
            return Err(Error::Usage {
                message: "no piles given: write them like `winner 3 4 5`, or set the session's position with `position 3 4 5`".into(),
            });
        }
    };
    session.remember(&solver);
    let mut report = PositionReport::new(view, &solver, piles)?;
    report.title = title;
    Ok(Output::Position(report))
}

/// `position`: sets or shows the session's position. `--rules R` reads and shows it by R for
/// this command only; the session keeps its rules, and the piles become its states.
fn set_position(session: &mut Session, args: &PositionArgs) -> Result<Output, Error> {
    let solver = rules_or_session(session, &args.rules)?;
    let graphs = [solver.rules(), session.rules()]
        .iter()
        .filter(|r| matches!(r, Rules::Graph(_)))
        .count();
    if graphs == 1 {
        return Err(Error::Usage {
            message: format!(
                "a graph's positions are names, not pile sizes: they mean nothing by the session's rules (`{}`) or the other way round; change the session's rules first with `rules …`",
                session.rules()
            ),
        });
    }
    let mut solver = solver;
    match piles::read_piles(args, &mut solver, session)? {
        Piles::None => {}
        Piles::Listed(piles) => {
            let kept = session::piles_as(session.rules(), &piles);
            session.set_position(kept)?;
        }
        Piles::Streamed { source, .. } => {
            return Err(Error::Usage {
                message: format!(
                    "{source} holds more than {} piles, too many for the session's position; use `winner --file` or `move --file` to decide it",
                    piles::KEEP_PILES
                ),
            });
        }
    }
    if session.position().is_empty() {
        return Ok(Output::Note(Note::NoPosition));
    }
    let piles = session.position_for(solver.rules());
    let mut report = PositionReport::new(PositionView::NimSum, &solver, piles)?;
    report.title = Some(PositionTitle::Position);
    Ok(Output::Position(report))
}

fn set_pile(session: &mut Session, index: &str, pile: &str) -> Result<Output, Error> {
    let count = session.position().len();
    if count == 0 {
        return Err(Error::Usage {
            message: "no position to change: set one first with `position 3 4 5`".into(),
        });
    }
    let i: usize = index
        .parse()
        .ok()
        .filter(|i| (1..=count).contains(i))
        .ok_or_else(|| Error::bad_token(index, format!("a pile number from 1 to {count}")))?;
    let token = pile;
    let pile = session.rules().parse_pile(token)?;
    let mut solver = session.solver().clone();
    solver.reach(pile, token)?;
    session.remember(&solver);
    let change = session.set_pile(i - 1, pile)?;
    let mut report = PositionReport::new(
        PositionView::NimSum,
        session.solver(),
        session.position().to_vec(),
    )?;
    report.title = Some(PositionTitle::Changed(Box::new(PileChanged {
        pile: i,
        from: change.from,
        to: change.to,
        old_value: change.old_value,
        new_value: change.new_value,
        old_sum: change.old_sum,
        new_sum: change.new_sum,
    })));
    Ok(Output::Position(report))
}
