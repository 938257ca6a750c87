//! `conjecture lost(a, b, c) = P`: the decider's verdict for every position, then brute
//! force's over the small positions, and where the claim first fails, what is true there.

use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;

use super::RenderOptions;
use super::decide_words;
use super::prose::wrap;
use crate::output::PositionConjectureReport;
use crate::proof::positions::{PositionDecision, PositionVerdict};

/// `(a, b, c) = (1, 2, 3)`.
fn position(names: &[String], values: &[impl ToString]) -> String {
    let values: Vec<String> = values.iter().map(ToString::to_string).collect();
    if names.len() == 1 {
        format!("{} = {}", names[0], values[0])
    } else {
        format!("({}) = ({})", names.join(", "), values.join(", "))
    }
}

/// `3 piles`: how many piles the claim is about.
fn piles(report: &PositionConjectureReport) -> String {
    let k = report.names.len();
    format!("{k} pile{}", if k == 1 { "" } else { "s" })
}

/// Who wins a position, lost or not, in words.
fn loses(lost: bool) -> &'static str {
    if lost {
        "the player to move loses"
    } else {
        "the player to move wins"
    }
}

/// `conjecture lost(…) = P`: the claim, the decider's verdict for every position, brute
/// force's over the small ones, and a warning where the two disagree.
pub(super) fn text(
    report: &PositionConjectureReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    writeln!(
        out,
        "{}",
        style.dim(&format!(
            "conjecture ({}, {}):",
            report.rules,
            piles(report)
        ))
    )?;
    for line in wrap(&report.formula, width - 2) {
        writeln!(out, "  {line}")?;
    }
    if let Some((decision, elapsed)) = &report.decided {
        decided(report, decision, *elapsed, opts, out)?;
    }
    brute_force(report, opts, out)?;
    disagreement(report, opts, out)
}

/// The decider's verdict for every position (holds, fails where, or why not decided), and
/// its sentence and figures under `--explain`.
fn decided(
    report: &PositionConjectureReport,
    decision: &PositionDecision,
    elapsed: Duration,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let how = |stats: &decide::Stats| {
        format!(
            "decided by induction on the total: {}",
            decide_words::figures(stats, elapsed)
        )
    };
    let line = match &decision.verdict {
        PositionVerdict::Holds { stats } => style.win(&format!(
            "holds for every position of {} ({})",
            piles(report),
            how(stats)
        )),
        PositionVerdict::Fails { at, lost, stats } => style.lose(&format!(
            "fails at {}, where {} ({})",
            position(&report.names, at),
            loses(*lost),
            how(stats)
        )),
        PositionVerdict::Outside(why) => style.dim(&format!(
            "not decided for every position: {}",
            super::conjecture::outside(why, &report.formula)
        )),
        PositionVerdict::Refused(e) => style.dim(&format!(
            "not decided for every position: {}",
            decide_words::refusal(e)
        )),
    };
    for l in wrap(&line, opts.layout_width()) {
        writeln!(out, "{l}")?;
    }
    if report.explain {
        let stats = match &decision.verdict {
            PositionVerdict::Holds { stats } | PositionVerdict::Fails { stats, .. } => Some(stats),
            _ => None,
        };
        super::conjecture::explained(decision.sentence.as_deref(), stats, elapsed, opts, out)?;
    }
    Ok(())
}

/// Brute force's verdict over the small positions: holds for all it searched, or the failure
/// of smallest total and how many failed.
fn brute_force(
    report: &PositionConjectureReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, width) = (opts.style, opts.layout_width());
    let scanned = format!(
        "{} positions with piles 0..{}, every move tried",
        report.checked,
        report.side.saturating_sub(1)
    );
    match &report.failure {
        None => {
            let line = format!("holds for every position searched (brute force: {scanned})");
            for l in wrap(&line, width) {
                writeln!(out, "{}", style.win(&l))?;
            }
        }
        Some(f) => {
            let line = format!(
                "fails at {} by brute force: the formula says {}, but {} there",
                position(&report.names, &f.position),
                if f.claimed_lost { "lost" } else { "not lost" },
                loses(!f.claimed_lost)
            );
            for l in wrap(&line, width) {
                writeln!(out, "{}", style.lose(&l))?;
            }
            let more = format!(
                "No position of smaller total fails. It fails at {} of the {scanned}.",
                f.failures,
            );
            for line in wrap(&more, width) {
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}

/// Where the decider and brute force contradict each other (a bug in one of them), a line
/// that says so.
fn disagreement(
    report: &PositionConjectureReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let Some((decision, _)) = &report.decided else {
        return Ok(());
    };
    let decided_total = match &decision.verdict {
        PositionVerdict::Holds { .. } => Some(None),
        PositionVerdict::Fails { at, .. } => Some(Some(at.iter().sum::<u128>())),
        _ => None,
    };
    let scan_total = report
        .failure
        .as_ref()
        .map(|f| f.position.iter().map(|&v| u128::from(v)).sum::<u128>());
    let disagree = match (decided_total, scan_total) {
        (Some(None), Some(_)) => true,
        (Some(Some(d)), Some(s)) => d != s,
        _ => false,
    };
    if disagree {
        writeln!(
            out,
            "{}",
            opts.style
                .lose("the decider and brute force disagree here: please report this formula")
        )?;
    }
    Ok(())
}

#[derive(Serialize)]
pub(super) struct PositionConjectureJson<'a> {
    formula: &'a str,
    rules: &'a str,
    piles: &'a [String],
    /// Brute force: every position with piles 0..=largest_pile.
    checked: usize,
    largest_pile: u64,
    holds: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    counterexample: Option<CounterexampleJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failures: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided: Option<DecidedJson<'a>>,
}

#[derive(Serialize)]
struct CounterexampleJson<'a> {
    position: &'a [u64],
    formula_says_lost: bool,
    lost: bool,
}

#[derive(Serialize)]
struct DecidedJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    holds: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fails_at: Option<&'a [u128]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lost_there: Option<bool>,
    milliseconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_decided: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sentence: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<usize>,
}

pub(super) fn json(report: &PositionConjectureReport) -> PositionConjectureJson<'_> {
    PositionConjectureJson {
        formula: &report.formula,
        rules: &report.rules,
        piles: &report.names,
        checked: report.checked,
        largest_pile: report.side.saturating_sub(1),
        holds: report.fails_at().is_none(),
        counterexample: report.failure.as_ref().map(|f| CounterexampleJson {
            position: &f.position,
            formula_says_lost: f.claimed_lost,
            lost: !f.claimed_lost,
        }),
        failures: report.failure.as_ref().map(|f| f.failures),
        decided: report.decided.as_ref().map(|(d, elapsed)| {
            let mut j = DecidedJson {
                holds: None,
                fails_at: None,
                lost_there: None,
                milliseconds: elapsed.as_secs_f64() * 1000.0,
                not_decided: None,
                sentence: d.sentence.as_deref(),
                states: None,
            };
            match &d.verdict {
                PositionVerdict::Holds { stats } => {
                    j.holds = Some(true);
                    j.states = Some(stats.largest);
                }
                PositionVerdict::Fails { at, lost, stats } => {
                    j.holds = Some(false);
                    j.fails_at = Some(at);
                    j.lost_there = Some(*lost);
                    j.states = Some(stats.largest);
                }
                PositionVerdict::Outside(why) => {
                    j.not_decided = Some(super::conjecture::outside(why, &report.formula));
                }
                PositionVerdict::Refused(e) => j.not_decided = Some(decide_words::refusal(e)),
            }
            j
        }),
    }
}

pub(super) fn rows(report: &PositionConjectureReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let (holds, at, says) = match &report.failure {
        None => ("true", String::new(), String::new()),
        Some(f) => (
            "false",
            f.position
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            if f.claimed_lost { "lost" } else { "not lost" }.to_string(),
        ),
    };
    (
        vec![
            "formula",
            "rules",
            "positions searched",
            "holds",
            "counterexample",
            "formula says",
        ],
        vec![vec![
            report.formula.clone(),
            report.rules.clone(),
            report.checked.to_string(),
            holds.into(),
            at,
            says,
        ]],
    )
}
