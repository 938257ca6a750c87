//! A ruleset played misère (`move --misere --rules octal:0.77 9`): the verdict of exhaustive
//! search, the winning move, and whether misère Nim's rule on the Grundy values agrees.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::json_shapes::MoveJson;
use super::verdict::{move_row, outcome_name, winner_row};
use super::verdict::{who_words, winning_move_line};
use crate::engine::{Grundy, Judgement, Player};
use crate::output::{MiserePlayReport, PositionView};

pub(super) fn text(
    report: &MiserePlayReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let v = &report.verdict;
    let piles: Vec<String> = report
        .piles
        .iter()
        .map(|&p| report.rules.name_of(p))
        .collect();
    writeln!(
        out,
        "{}",
        style.heading(&format!(
            "{} played misère (the last mover loses): {}",
            report.rules,
            piles.join(" ")
        ))
    )?;
    writeln!(out, "{}", super::verdict::sentence_lines(judgement, opts))?;
    let values: Vec<String> = v.grundy.iter().map(Grundy::to_string).collect();
    let agrees = if v.by_nim_rule == v.winner {
        "it agrees here"
    } else {
        "it does not carry over here"
    };
    let comparison = format!(
        "misère Nim's rule on the normal-play values {{{}}} would say {}: {agrees}.",
        values.join(", "),
        who_words(v.by_nim_rule.into())
    );
    for line in super::wrap(&comparison, opts.layout_width()) {
        writeln!(out, "{line}")?;
    }
    if report.view == PositionView::Move && v.winning_move.is_none() && v.winner == Player::First {
        // The first player wins with no winning move only where no move is possible.
        writeln!(
            out,
            "{}",
            style.change("no move is possible: the player to move made no last move, and wins.")
        )?
    } else if report.view == PositionView::Move {
        writeln!(
            out,
            "{}",
            winning_move_line(
                v.winning_move
                    .as_ref()
                    .map(|m| super::move_words(&report.rules, m)),
                style
            )
        )?
    }
    Ok(())
}

/// `{"by_nim_rule", "grundy", "piles", "rules", "winner", "work"}`, plus `"move"` for `move`.
#[derive(Serialize)]
pub(super) struct MiserePlayJson {
    by_nim_rule: &'static str,
    grundy: Vec<Grundy>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<MoveJson>>,
    piles: Vec<String>,
    rules: String,
    winner: &'static str,
    work: u64,
}

pub(super) fn json(report: &MiserePlayReport, judgement: &Judgement) -> MiserePlayJson {
    let v = &report.verdict;
    MiserePlayJson {
        by_nim_rule: v.by_nim_rule.name(),
        grundy: v.grundy.clone(),
        mv: (report.view == PositionView::Move).then(|| {
            v.winning_move
                .as_ref()
                .map(|m| MoveJson::named(&report.rules, m))
        }),
        piles: report
            .piles
            .iter()
            .map(|&p| report.rules.name_of(p))
            .collect(),
        rules: report.rules.to_string(),
        winner: outcome_name(judgement.outcome),
        work: v.work,
    }
}

/// Key–value rows for Markdown and CSV.
pub(super) fn rows(report: &MiserePlayReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let v = &report.verdict;
    let piles: Vec<String> = report
        .piles
        .iter()
        .map(|&p| report.rules.name_of(p))
        .collect();
    let mut rows = vec![
        [
            "rules".to_string(),
            format!("{} played misère", report.rules),
        ],
        ["piles".to_string(), piles.join(" ")],
        winner_row(judgement),
        [
            "misère Nim's rule on the values".to_string(),
            v.by_nim_rule.name().to_string(),
        ],
    ];
    if report.view == PositionView::Move {
        rows.push(move_row(
            v.winning_move
                .as_ref()
                .map(|m| super::move_words(&report.rules, m)),
        ));
    }
    rows
}
