//! Long positions decided in one pass: a summary instead of a row per pile.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::json_shapes::MoveJson;
use super::verdict::winning_move_line;
use super::verdict::{move_row, outcome_name, winner_row};
use crate::engine::BulkMove;
use crate::engine::Judgement;
use crate::engine::{Grundy, Rules};
use crate::output::{BulkReport, PositionView};

pub(super) fn text(
    report: &BulkReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let s = &report.summary;
    writeln!(
        out,
        "{}",
        style.heading(&format!(
            "{}: {} piles from {}",
            report.rules, s.count, report.source
        ))
    )?;
    writeln!(out, "{}", super::verdict::sentence_lines(judgement, opts))?;
    if report.view == PositionView::Move {
        writeln!(
            out,
            "{}",
            winning_move_line(
                s.winning_move.as_ref().map(|m| describe(&report.rules, m)),
                style
            )
        )?;
    }
    Ok(())
}

/// The move in words, its states named by `rules` (a graph's positions, a game's tuples).
fn describe(rules: &Rules, m: &BulkMove) -> String {
    let pile = m.index.saturating_add(1);
    let (from, to) = (rules.name_of(m.from), rules.name_of_heaps(&m.to));
    match m.take(rules) {
        Some(0) if m.from.pass.is_some() => format!("pass on pile {pile}: {from} → {to}"),
        Some(take) => format!("pile {pile}: {from} → {to} (take {take})"),
        None => format!("pile {pile}: {from} → {to}"),
    }
}

/// `{"count", "nim_sum", "rules", "winner"}`, plus `"move"` for `move` (`null` when there is none).
#[derive(Serialize)]
pub(super) struct BulkJson {
    count: u64,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<MoveJson>>,
    nim_sum: Grundy,
    rules: String,
    winner: &'static str,
}

pub(super) fn json(report: &BulkReport, judgement: &Judgement) -> BulkJson {
    let s = &report.summary;
    BulkJson {
        count: s.count,
        mv: (report.view == PositionView::Move).then(|| {
            s.winning_move.as_ref().map(|m| MoveJson {
                from: report.rules.name_of(m.from),
                pile: m.index.saturating_add(1),
                take: m.take(&report.rules),
                to: report.rules.name_of_heaps(&m.to),
            })
        }),
        nim_sum: s.nim_sum,
        rules: report.rules.to_string(),
        winner: outcome_name(judgement.outcome),
    }
}

/// Key–value rows for Markdown and CSV.
pub(super) fn rows(report: &BulkReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let s = &report.summary;
    let mut rows = vec![
        ["rules".to_string(), report.rules.to_string()],
        ["piles".to_string(), s.count.to_string()],
        ["nim-sum".to_string(), s.nim_sum.to_string()],
        winner_row(judgement),
    ];
    if report.view == PositionView::Move {
        rows.push(move_row(
            s.winning_move.as_ref().map(|m| describe(&report.rules, m)),
        ));
    }
    rows
}
