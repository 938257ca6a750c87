//! Moore's Nim_k (`winner --rules moore:2 3 5 6`): the binary columns with their counts mod
//! K+1, the verdict by Moore's theorem and the winning move, in text, JSON and rows.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::verdict::winning_move_line;
use super::verdict::{move_row, outcome_name, winner_row};
use crate::engine::Judgement;
use crate::output::{MooreReport, PositionView};

/// `pile 1: 7 → 4, pile 3: 6 → 2`.
fn describe(changes: &[(usize, u64, u64)]) -> String {
    changes
        .iter()
        .map(|&(i, from, to)| format!("pile {}: {from} → {to} (take {})", i + 1, from - to))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn text(
    report: &MooreReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let v = &report.verdict;
    let piles: Vec<String> = report.piles.iter().map(u64::to_string).collect();
    writeln!(
        out,
        "{}",
        style.heading(&format!("moore:{}: {}", v.k, piles.join(" ")))
    )?;
    let rule = format!(
        "a move takes from 1 to {} piles; the mover loses iff every binary column's count of 1s is 0 mod {} (Moore's theorem)",
        v.k,
        v.modulus()
    );
    writeln!(
        out,
        "{}",
        super::prose::fill(&rule, usize::from(opts.width))
    )?;
    let width = v.columns.first().map_or(1, |(c, _)| c.to_string().len());
    for &(column, ones) in &v.columns {
        let rest = u128::from(ones) % v.modulus();
        writeln!(
            out,
            "  column {column:>width$}: {ones} {}, {rest} mod {}",
            if ones == 1 { "one" } else { "ones" },
            v.modulus()
        )?;
    }
    writeln!(out, "{}", super::verdict::sentence_lines(judgement, opts))?;
    if report.view == PositionView::Move {
        writeln!(
            out,
            "{}",
            winning_move_line(v.winning_move.as_deref().map(describe), style)
        )?;
    }
    Ok(())
}

/// `{"columns": [{"column", "ones"}], "piles", "rules", "winner"}`, plus `"move"` for `move`.
#[derive(Serialize)]
pub(super) struct MooreJson {
    columns: Vec<ColumnJson>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<Vec<ChangeJson>>>,
    piles: Vec<u64>,
    rules: String,
    winner: &'static str,
}

#[derive(Serialize)]
struct ColumnJson {
    column: u64,
    ones: u64,
}

#[derive(Serialize)]
struct ChangeJson {
    from: u64,
    pile: usize,
    to: u64,
}

pub(super) fn json(report: &MooreReport, judgement: &Judgement) -> MooreJson {
    let v = &report.verdict;
    MooreJson {
        columns: v
            .columns
            .iter()
            .map(|&(column, ones)| ColumnJson { column, ones })
            .collect(),
        mv: (report.view == PositionView::Move).then(|| {
            v.winning_move.as_ref().map(|m| {
                m.iter()
                    .map(|&(i, from, to)| ChangeJson {
                        from,
                        pile: i + 1,
                        to,
                    })
                    .collect()
            })
        }),
        piles: report.piles.clone(),
        rules: format!("moore:{}", v.k),
        winner: outcome_name(judgement.outcome),
    }
}

/// Key–value rows for Markdown and CSV.
pub(super) fn rows(report: &MooreReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let v = &report.verdict;
    let piles: Vec<String> = report.piles.iter().map(u64::to_string).collect();
    let mut rows = vec![
        ["rules".to_string(), format!("moore:{}", v.k)],
        ["piles".to_string(), piles.join(" ")],
    ];
    for &(column, ones) in &v.columns {
        rows.push([format!("column {column}"), ones.to_string()]);
    }
    rows.push(winner_row(judgement));
    if report.view == PositionView::Move {
        rows.push(move_row(v.winning_move.as_deref().map(describe)));
    }
    rows
}
