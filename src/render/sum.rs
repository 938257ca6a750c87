//! A sum of different games (`winner 'wythoff(3,5) + lasker(7) + 4'`): each component with its
//! value, the XOR, the verdict and the winning move, in text, JSON and rows.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::verdict::winning_move_line;
use super::verdict::{move_row, outcome_name, winner_row};
use crate::engine::Judgement;
use crate::engine::SumMove;
use crate::engine::{Grundy, Pile, Rules};
use crate::engine::{Part, PartMove};
use crate::output::{MisereSumReport, PositionView, SumReport};

/// `wythoff((3,5))` is written `wythoff(3,5)`: a tuple state is its own parentheses.
fn term(rules: &Rules, pile: Pile) -> String {
    let state = rules.name_of(pile);
    if state.starts_with('(') {
        format!("{rules}{state}")
    } else {
        format!("{rules}({state})")
    }
}

/// `component 2: lasker(7) → lasker(3+1)`, and the value it goes to.
fn describe(report: &SumReport, m: &SumMove) -> String {
    let (rules, pile) = &report.components[m.component];
    let after: Vec<String> = m.after.piles().map(|p| term(rules, p)).collect();
    let after = after.join(" + ");
    format!(
        "component {}: {} → {after} (value {} → {})",
        m.component + 1,
        term(rules, *pile),
        report.verdict.values[m.component],
        m.value
    )
}

pub(super) fn text(
    report: &SumReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let v = &report.verdict;
    components_text(report, opts, out)?;
    writeln!(out, "{}", super::verdict::sentence_lines(judgement, opts))?;
    if report.view == PositionView::Move {
        writeln!(
            out,
            "{}",
            winning_move_line(v.winning_move.as_ref().map(|m| describe(report, m)), style)
        )?;
    }
    Ok(())
}

/// `grundy` on a sum: its components, their values and the XOR that is the sum's value.
pub(super) fn value_text(
    report: &SumReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    components_text(report, opts, out)?;
    writeln!(
        out,
        "the sum's value is {} (the XOR of its components' values)",
        opts.style.heading(&report.verdict.nim_sum.to_string())
    )
}

/// The sum's heading, each component with its value, and their XOR.
fn components_text(
    report: &SumReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let v = &report.verdict;
    let terms: Vec<String> = report.components.iter().map(|(r, p)| term(r, *p)).collect();
    writeln!(
        out,
        "{}",
        style.heading(&format!("sum: {}", terms.join(" + ")))
    )?;
    // Components in a column, their values right-aligned beside them.
    let term_width = terms.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let value_width = v
        .values
        .iter()
        .map(|g| g.to_string().len())
        .max()
        .unwrap_or(0);
    for (t, g) in terms.iter().zip(&v.values) {
        let pad = term_width - t.chars().count();
        writeln!(out, "  {t}{:pad$}  value {g:>value_width$}", "")?;
    }
    let values: Vec<String> = v.values.iter().map(Grundy::to_string).collect();
    writeln!(
        out,
        "XOR of the values: {} = {}",
        values.join(" ⊕ "),
        v.nim_sum
    )
}

/// `{"components": [{"game", "state", "value"}], "nim_sum", "winner"}`, plus `"move"` for `move`
/// (`null` when there is none).
#[derive(Serialize)]
pub(super) struct SumJson {
    components: Vec<ComponentJson>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<SumMoveJson>>,
    nim_sum: Grundy,
    winner: &'static str,
}

#[derive(Serialize)]
struct ComponentJson {
    game: String,
    state: String,
    value: Grundy,
}

/// `{"component": 2, "from": "7", "to": "3+1", "value": 4}`.
#[derive(Serialize)]
struct SumMoveJson {
    component: usize,
    from: String,
    to: String,
    value: Grundy,
}

/// `grundy` on a sum: `{"components": [{"game", "state", "value"}], "value"}`.
#[derive(Serialize)]
pub(super) struct SumValueJson {
    components: Vec<ComponentJson>,
    value: Grundy,
}

pub(super) fn value_json(report: &SumReport) -> SumValueJson {
    SumValueJson {
        components: components_json(report),
        value: report.verdict.nim_sum,
    }
}

fn components_json(report: &SumReport) -> Vec<ComponentJson> {
    report
        .components
        .iter()
        .zip(&report.verdict.values)
        .map(|((rules, pile), &value)| ComponentJson {
            game: rules.to_string(),
            state: rules.name_of(*pile),
            value,
        })
        .collect()
}

pub(super) fn json(report: &SumReport, judgement: &Judgement) -> SumJson {
    let v = &report.verdict;
    SumJson {
        components: components_json(report),
        mv: (report.view == PositionView::Move).then(|| {
            v.winning_move.as_ref().map(|m| {
                let (rules, pile) = &report.components[m.component];
                SumMoveJson {
                    component: m.component + 1,
                    from: rules.name_of(*pile),
                    to: rules.name_of_heaps(&m.after),
                    value: m.value,
                }
            })
        }),
        nim_sum: v.nim_sum,
        winner: outcome_name(judgement.outcome),
    }
}

/// Key–value rows for Markdown and CSV.
/// `grundy` on a sum: each component and its value, then the sum's.
pub(super) fn value_rows(report: &SumReport) -> Vec<[String; 2]> {
    let mut rows = component_rows(report);
    rows.push(["value".to_string(), report.verdict.nim_sum.to_string()]);
    rows
}

fn component_rows(report: &SumReport) -> Vec<[String; 2]> {
    report
        .components
        .iter()
        .zip(&report.verdict.values)
        .map(|((r, p), g)| [term(r, *p), g.to_string()])
        .collect()
}

pub(super) fn rows(report: &SumReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let v = &report.verdict;
    let mut rows = component_rows(report);
    rows.push(["nim-sum".to_string(), v.nim_sum.to_string()]);
    rows.push(winner_row(judgement));
    if report.view == PositionView::Move {
        rows.push(move_row(
            v.winning_move.as_ref().map(|m| describe(report, m)),
        ));
    }
    rows
}

/// `component 2: kayles(4) → kayles(1) + kayles(1)`: a move of a sum played misère.
fn misere_move(report: &MisereSumReport, m: &PartMove) -> String {
    let (rules, pile) = &report.components[m.component];
    let after: Vec<String> = m
        .after
        .iter()
        .filter_map(|p| match p {
            Part::Pile { pile, .. } => Some(term(rules, *pile)),
            Part::Picture(_) => None,
        })
        .collect();
    let after = if after.is_empty() {
        "nothing".to_string()
    } else {
        after.join(" + ")
    };
    format!(
        "component {}: {} → {after}",
        m.component + 1,
        term(rules, *pile)
    )
}

/// `winner`/`move --misere` on a sum: its terms, the search's verdict and the move.
pub(super) fn misere_text(
    report: &MisereSumReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let terms: Vec<String> = report.components.iter().map(|(r, p)| term(r, *p)).collect();
    let heading = format!(
        "sum played misère (the last mover loses): {}",
        terms.join(" + ")
    );
    writeln!(
        out,
        "{}",
        style.heading(&super::prose::fill(&heading, usize::from(opts.width)))
    )?;
    writeln!(
        out,
        "{}",
        super::prose::fill(
            "misère values do not add by XOR: the whole sum is searched.",
            usize::from(opts.width)
        )
    )?;
    writeln!(out, "{}", super::verdict::sentence_lines(judgement, opts))?;
    if report.view == PositionView::Move && !report.verdict.no_move {
        let line = winning_move_line(
            report.verdict.best.as_ref().map(|m| misere_move(report, m)),
            style,
        );
        writeln!(
            out,
            "{}",
            super::prose::fill(&line, usize::from(opts.width))
        )?;
    }
    Ok(())
}

/// `{"components": [{"game", "state"}], "winner", "work"}`, plus `"move"` for `move`.
#[derive(Serialize)]
pub(super) struct MisereSumJson {
    components: Vec<MisereComponentJson>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<MisereMoveJson>>,
    winner: &'static str,
    work: u64,
}

#[derive(Serialize)]
struct MisereComponentJson {
    game: String,
    state: String,
}

/// `{"component": 2, "from": "4", "to": "1+1"}`.
#[derive(Serialize)]
struct MisereMoveJson {
    component: usize,
    from: String,
    to: String,
}

pub(super) fn misere_json(report: &MisereSumReport, judgement: &Judgement) -> MisereSumJson {
    MisereSumJson {
        components: report
            .components
            .iter()
            .map(|(rules, pile)| MisereComponentJson {
                game: rules.to_string(),
                state: rules.name_of(*pile),
            })
            .collect(),
        mv: (report.view == PositionView::Move).then(|| {
            report.verdict.best.as_ref().map(|m| {
                let (rules, pile) = &report.components[m.component];
                let after: Vec<String> = m
                    .after
                    .iter()
                    .filter_map(|p| match p {
                        Part::Pile { pile, .. } => Some(rules.name_of(*pile)),
                        Part::Picture(_) => None,
                    })
                    .collect();
                MisereMoveJson {
                    component: m.component + 1,
                    from: rules.name_of(*pile),
                    to: after.join("+"),
                }
            })
        }),
        winner: outcome_name(judgement.outcome),
        work: report.verdict.work,
    }
}

/// Key–value rows for Markdown and CSV.
pub(super) fn misere_rows(report: &MisereSumReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let mut rows: Vec<[String; 2]> = report
        .components
        .iter()
        .map(|(r, p)| [term(r, *p), "misère: searched".to_string()])
        .collect();
    rows.push(winner_row(judgement));
    if report.view == PositionView::Move {
        rows.push(move_row(
            report.verdict.best.as_ref().map(|m| misere_move(report, m)),
        ));
    }
    rows
}
