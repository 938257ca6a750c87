//! `grundy`: values of a ruleset's states, as a table by mex with each state's options, as
//! rows looked up, or (`--values`) as values alone, streamed as they are computed.

use super::Session;
use super::range::{self, Target};
use super::rules::rules_or_session;
use crate::cli::RulesArg;
use crate::engine::LibraryForm;
use crate::engine::ValueRange;
use crate::engine::{GrundyRow, Pile, Rules};
use crate::engine::{GrundyTable, TABLE_MAX_SIZE};
use crate::error::{Error, RangeWhy};
use crate::output::{GrundyReport, GrundyRows, LoopyTable, Output};

use super::position::Kind;

/// The words `grundy` was given: its target and any more after it (a sum written unquoted).
pub(super) fn words(first: &str, more: &[String]) -> Vec<String> {
    std::iter::once(first.to_string())
        .chain(more.iter().cloned())
        .collect()
}

/// The kind of position `grundy`'s words give: without words it shows a table, never the
/// session's position.
pub(super) fn kind(
    session: &Session,
    rules: &RulesArg,
    target: Option<&str>,
    more: &[String],
) -> Kind {
    match target {
        Some(first) => Kind::of(session, rules, &words(first, more), false),
        None => match Kind::of(session, rules, &[], false) {
            Kind::StoredSum => Kind::Piles,
            kind => kind,
        },
    }
}

/// `grundy`: a table of values by mex over a range, or the rows of the states looked up.
pub(super) fn grundy(
    session: &mut Session,
    arg: &RulesArg,
    target: Option<&str>,
) -> Result<Output, Error> {
    let mut solver = rules_or_session(session, arg)?;
    let rules = solver.rules().clone();
    if let Some(output) = loopy_table(&rules, target)? {
        return Ok(output);
    }
    let parsed = match (&rules, target) {
        // A graph's table lists every position unless one is named.
        (Rules::Graph(graph), None) => Target::Range {
            from: 0,
            to: graph.len() as u64 - 1,
        },
        // A game of tuples has no sizes: its table lists the tuples with every part ≤ 3.
        // Only states: a board's rows never grow, a row's counters share no square, and a
        // set's numbers are listed once, from the smallest.
        (Rules::Defined(game), None) if game.has_tuples() => Target::States(
            small_tuples(game.arity())
                .iter()
                .filter(|t| game.is_row(t) && (!game.is_set() || t.is_sorted()))
                .map(|t| game.intern(t).map(Pile::plain))
                .collect::<Result<_, _>>()?,
        ),
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
                Rules::Defined(game) if game.has_tuples() => {
                    solver.reach_all(&states)?;
                    states
                        .iter()
                        .map(|&p| solver.row(p))
                        .collect::<Result<_, _>>()?
                }
                // A library game with a closed form: by mex only while that is quick.
                Rules::Defined(game)
                    if LibraryForm::of(game.name()).is_some_and(|f| size > f.checked_values()) =>
                {
                    solver.reach(states[0], token)?;
                    states
                        .iter()
                        .map(|&p| Ok(GrundyRow::known(p, solver.value(p)?)))
                        .collect::<Result<_, Error>>()?
                }
                Rules::Graph(_) | Rules::Octal(_)
                    if size <= range::MEX_LOOKUP_MAX && !too_many_options(&rules, size) =>
                {
                    solver.reach(states[0], token)?;
                    states
                        .iter()
                        .map(|&p| solver.row(p))
                        .collect::<Result<_, _>>()?
                }
                _ if size <= range::MEX_LOOKUP_MAX && !too_many_options(&rules, size) => {
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

/// `grundy` on a loopy graph: the rows of every position, or of those named, each with its
/// γ (`grundy --values` too: there is no table by mex to stream). `None` for other rules.
fn loopy_table(rules: &Rules, target: Option<&str>) -> Result<Option<Output>, Error> {
    let Rules::Graph(graph) = rules else {
        return Ok(None);
    };
    if !graph.is_loopy() {
        return Ok(None);
    }
    let len = graph.len() as u64;
    let nodes: Vec<u64> = match target.map(|_| Target::parse(target, rules)).transpose()? {
        None => (0..len).collect(),
        Some(Target::States(states)) => states.iter().map(|p| p.size).collect(),
        Some(Target::Range { from, to }) if to < len => (from..=to).collect(),
        Some(Target::Range { to, .. }) => {
            return Err(
                crate::engine::EngineError::from(crate::engine::TooMuchWork::GraphTable {
                    rows: to.saturating_add(1),
                    positions: len,
                })
                .into(),
            );
        }
    };
    Ok(Some(Output::LoopyGrundy(LoopyTable::new(
        rules,
        graph.clone(),
        &nodes,
    ))))
}

/// Whether a row of `size` would list more options than a table prints: a hexadecimal game's
/// rows hold about n²/12 three-way splits each, so past a few thousand only the value is shown.
fn too_many_options(rules: &Rules, size: u64) -> bool {
    rules.game().options_of_size(size) > u128::from(range::MAX_OPTIONS)
}

/// The largest part of the tuples a game of tuples lists when no state is named.
const SMALL_PART: u64 = 3;

/// Every tuple of `arity` parts, each 0..=[`SMALL_PART`], in order (`arity` is at most a few:
/// a definition names each part).
fn small_tuples(arity: usize) -> Vec<Vec<u64>> {
    let mut tuples: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..arity.min(4) {
        tuples = tuples
            .into_iter()
            .flat_map(|t| {
                (0..=SMALL_PART).map(move |x| {
                    let mut t = t.clone();
                    t.push(x);
                    t
                })
            })
            .collect();
    }
    tuples
}

/// `grundy A..B --values`: each state's value alone, computed as it is printed. An octal
/// game's range past the largest table is read off its proven period (found, if need be, by
/// the work of one lookup, as `grundy N` does), so the range is limited by its length.
pub(super) fn grundy_values(
    session: &mut Session,
    arg: &RulesArg,
    target: Option<&str>,
) -> Result<Output, Error> {
    let mut solver = rules_or_session(session, arg)?;
    let rules = solver.rules().clone();
    if let Some(output) = loopy_table(&rules, target)? {
        return Ok(output);
    }
    let (from, to) = match (&rules, Target::parse(target, &rules)?) {
        (Rules::Graph(graph), _) if target.is_none() => (0, graph.len() as u64 - 1),
        (_, Target::Range { from, to }) => (from, to),
        (_, Target::States(_)) => {
            return Err(Error::BadRange {
                token: target.unwrap_or_default().into(),
                why: RangeWhy::ValuesNeedRange,
            });
        }
    };
    let token = target.unwrap_or("0..15");
    let by_form = matches!(&rules, Rules::Defined(game)
        if LibraryForm::of(game.name()).is_some_and(|f| to > f.checked_values()));
    if (matches!(rules, Rules::Octal(_)) && to > TABLE_MAX_SIZE) || by_form {
        range::check_values_length(from, to, token)?;
        solver.reach(Pile::plain(to), token)?;
        session.remember(&solver);
        return Ok(Output::GrundyValues(ValueRange::by_period(
            &solver, from, to,
        )?));
    }
    range::check_values(to, token)?;
    Ok(Output::GrundyValues(ValueRange::new_with(
        &rules,
        from,
        to,
        &session.cancel,
    )?))
}
