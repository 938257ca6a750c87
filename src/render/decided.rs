//! `decide`: "true for every n (decided: automaton of 9 states, 4 ms)", or false with the
//! smallest counterexample, or why the decider stopped.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::decide_words;
use super::prose::wrap;
use crate::output::DecideReport;
use crate::proof::DecideOutcome;

pub(super) fn text(
    report: &DecideReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    let line = match &report.outcome {
        DecideOutcome::Decided(d) if d.holds => style.win(&format!(
            "true{} (decided: {})",
            every(&report.sentence),
            decide_words::figures(&d.stats, report.elapsed)
        )),
        DecideOutcome::Decided(d) => {
            let at = d
                .counterexample
                .as_ref()
                .filter(|cx| !cx.is_empty())
                .map_or(String::new(), |cx| {
                    let values: Vec<String> =
                        cx.iter().map(|(var, v)| format!("{var} = {v}")).collect();
                    format!("; smallest counterexample {}", values.join(", "))
                });
            let at = match &d.search_stopped {
                Some(e) => format!(
                    "{at}; its smallest counterexample was not found: {}",
                    decide_words::refusal(e)
                ),
                None => at,
            };
            style.lose(&format!(
                "false (decided: {}){at}",
                decide_words::figures(&d.stats, report.elapsed)
            ))
        }
        DecideOutcome::Refused(e) => {
            style.lose(&format!("not decided: {}", decide_words::refusal(e)))
        }
        DecideOutcome::Bad(e) => style.lose(&format!("not decided: {e}")),
    };
    for l in wrap(&line, width) {
        writeln!(out, "{l}")?;
    }
    if report.explain
        && let DecideOutcome::Decided(d) = &report.outcome
    {
        for l in wrap(
            &decide_words::explained(&d.stats, report.elapsed),
            width - 2,
        ) {
            writeln!(out, "{}", style.dim(&format!("  {l}")))?;
        }
    }
    Ok(())
}

/// " for every n", " for every a, b", " for every x < 5": the sentence's leading `all`
/// variables, with their bound when they have one (never more than the sentence says).
fn every(sentence: &str) -> String {
    sentence
        .trim()
        .strip_prefix("all ")
        .and_then(|rest| rest.split_once(':'))
        .map(|(names, _)| names.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|n| !n.is_empty())
        .map_or(String::new(), |n| format!(" for every {n}"))
}

#[derive(Serialize)]
pub(super) struct DecidedJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    counterexample: Option<Vec<VarValue<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    holds: Option<bool>,
    milliseconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_decided: Option<String>,
    /// A false sentence whose counterexample was not found within the limits: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    counterexample_not_found: Option<String>,
    sentence: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<usize>,
}

#[derive(Serialize)]
struct VarValue<'a> {
    /// A JSON number, exact however many digits it has.
    value: serde_json::Number,
    var: &'a str,
}

/// A number the decider found, as an exact JSON number (past 2^128 too).
fn json_number(n: &decide::Natural) -> serde_json::Number {
    n.to_string()
        .parse()
        .unwrap_or_else(|_| serde_json::Number::from(0u8))
}

pub(super) fn json(report: &DecideReport) -> DecidedJson<'_> {
    outcome_json(&report.sentence, &report.outcome, report.elapsed)
}

/// A sentence and what deciding it gave, as JSON: `decide`'s and each proof step's.
pub(super) fn outcome_json<'a>(
    sentence: &'a str,
    outcome: &'a DecideOutcome,
    elapsed: std::time::Duration,
) -> DecidedJson<'a> {
    let mut v = DecidedJson {
        counterexample: None,
        holds: None,
        milliseconds: elapsed.as_secs_f64() * 1000.0,
        not_decided: None,
        counterexample_not_found: None,
        sentence,
        states: None,
    };
    match outcome {
        DecideOutcome::Decided(d) => {
            v.holds = Some(d.holds);
            v.counterexample_not_found = d.search_stopped.as_ref().map(decide_words::refusal);
            v.states = Some(d.stats.largest);
            v.counterexample = d.counterexample.as_ref().map(|cx| {
                cx.iter()
                    .map(|(var, value)| VarValue {
                        value: json_number(value),
                        var,
                    })
                    .collect()
            });
        }
        DecideOutcome::Refused(e) => v.not_decided = Some(decide_words::refusal(e)),
        DecideOutcome::Bad(e) => v.not_decided = Some(e.to_string()),
    }
    v
}

pub(super) fn rows(report: &DecideReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let (holds, states) = match &report.outcome {
        DecideOutcome::Decided(d) => (d.holds.to_string(), d.stats.largest.to_string()),
        _ => (String::new(), String::new()),
    };
    (
        vec!["sentence", "holds", "states"],
        vec![vec![report.sentence.clone(), holds, states]],
    )
}
