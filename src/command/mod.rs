//! Commands of the language, executed against a session. Results are `Output` data; nothing
//! here prints.

mod bulk_input;
mod conjecture;
mod derive;
mod eval;
mod focus;
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
pub use help::help_text;
pub use sandbox::{Budget, Refusal, Spent};
pub use session::{PileChange, Session};

use crate::cli::{Command, PositionArgs, RulesArg};
use crate::engine::grundy::{GrundyTable, Solver};
use crate::engine::value_range::ValueRange;
use crate::engine::{Grundy, Rules, mex::mex};
use crate::error::Error;
use crate::output::{BulkReport, GrundyReport, GrundyRows, Output, PositionReport, PositionView};

pub use rules::parse_rules;

use piles::Piles;
use range::Target;

/// Runs one command. The session's focus sees it first. `run` is handled by the caller, which
/// owns the output stream.
pub fn execute(command: &Command, session: &mut Session) -> Result<Output, Error> {
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
        Command::Rules { name: None } => Ok(Output::Message(format!(
            "rules: {} (change with `rules nim`, `rules zero-move`, `rules misere` or `rules subtract:1,3,4`)",
            session.rules()
        ))),
        Command::Rules { name: Some(name) } => {
            session.set_rules(parse_rules(name)?)?;
            Ok(Output::Message(format!("rules: {}", session.rules())))
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
        Command::Help { topic } => help_text(topic.as_deref()).map(Output::Help),
        Command::Quit => Ok(Output::Quit),
        Command::Run { .. } => Ok(Output::Nothing),
        Command::Play(args) => play::start(session, args),
        Command::Take { .. }
        | Command::Pass { .. }
        | Command::Undo
        | Command::Hint
        | Command::Resign => Err(play::no_game()),
        Command::Step { all } => step::step(session, *all),
    }
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

fn mex_command(values: &[String]) -> Result<Output, Error> {
    let mut set = Vec::new();
    for token in values
        .iter()
        .flat_map(|v| v.split(|c: char| c == ',' || c.is_whitespace()))
        .map(|t| t.trim_matches(|c| c == '{' || c == '}'))
        .filter(|t| !t.is_empty())
    {
        let value: Grundy = token.parse().map_err(|_| {
            Error::bad_token(
                token,
                "a whole number ≥ 0 (the set's values, like `mex 0 1 3`)",
            )
        })?;
        set.push(value);
    }
    set.sort_unstable();
    set.dedup();
    let m = mex(set.iter().copied());
    Ok(Output::Mex { set, mex: m })
}

fn rules_or_session(session: &Session, arg: &RulesArg) -> Result<Solver, Error> {
    let rules = arg.rules.as_deref().map(parse_rules).transpose()?;
    Ok(session.solver_for(rules.as_ref())?)
}

fn grundy(session: &Session, arg: &RulesArg, target: Option<&str>) -> Result<Output, Error> {
    let solver = rules_or_session(session, arg)?;
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
                table: GrundyTable::compute(&rules, to)?,
                from,
                to,
            }
        }
        Target::States(states) => {
            let size = states[0].size;
            if size <= range::MEX_LOOKUP_MAX {
                let table = GrundyTable::compute(&rules, size)?;
                GrundyRows::Lookup {
                    rows: states.iter().filter_map(|&p| table.row(p)).collect(),
                }
            } else {
                GrundyRows::Lookup {
                    rows: states
                        .iter()
                        .map(|&pile| crate::engine::GrundyRow {
                            pile,
                            grundy: solver.grundy(pile),
                            method: solver.method(),
                            options: Vec::new(),
                            parts: Vec::new(),
                        })
                        .collect(),
                }
            }
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
    Ok(Output::GrundyValues(ValueRange::new(&rules, from, to)?))
}

fn position_report(
    session: &Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<Output, Error> {
    let solver = rules_or_session(session, &args.rules)?;
    let (piles, title) = match piles::read_piles(args, &solver, session.stdin_is_script)? {
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
            piles::check_piles(&solver, &piles)?;
            (piles, Some("the session's position".to_string()))
        }
        Piles::None => {
            return Err(Error::Usage {
                message: "no piles given: write them like `winner 3 4 5`, or set the session's position with `position 3 4 5`".into(),
            });
        }
    };
    let mut report = PositionReport::new(view, &solver, piles);
    report.title = title;
    Ok(Output::Position(report))
}

fn set_position(session: &mut Session, args: &PositionArgs) -> Result<Output, Error> {
    if let Some(r) = &args.rules.rules {
        session.set_rules(parse_rules(r)?)?;
    }
    match piles::read_piles(args, session.solver(), session.stdin_is_script)? {
        Piles::None => {}
        Piles::Listed(piles) => session.set_position(piles),
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
        return Ok(Output::Message(
            "no position yet: set one with `position 3 4 5`".into(),
        ));
    }
    let mut report = PositionReport::new(
        PositionView::NimSum,
        session.solver(),
        session.position().to_vec(),
    );
    report.title = Some("position".into());
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
    session.solver().check(pile, token)?;
    let change = session.set_pile(i - 1, pile);
    let mut report = PositionReport::new(
        PositionView::NimSum,
        session.solver(),
        session.position().to_vec(),
    );
    report.title = Some(format!(
        "pile {}: {} → {}, value {} → {}; nim-sum {} ⊕ {} ⊕ {} = {}",
        i,
        change.from,
        change.to,
        change.old_value,
        change.new_value,
        change.old_sum,
        change.old_value,
        change.new_value,
        change.new_sum
    ));
    Ok(Output::Position(report))
}
