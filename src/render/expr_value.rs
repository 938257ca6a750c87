//! `= EXPR`: a value in text, JSON and table rows.

use std::io::{self, Write};

use std::collections::BTreeSet;

use serde::Serialize;

use super::RenderOptions;
use crate::expr::{Int, PeriodicReads, Value};
use crate::output::ValueReport;

pub(super) fn text(
    report: &ValueReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    // A long set or list wraps between its elements, under its first one.
    let value = report.value.to_string();
    let value = if textwrap::core::display_width(&value) > opts.layout_width() {
        super::prose::hanging("", &value, opts.layout_width(), 1)
    } else {
        value
    };
    writeln!(out, "{}", opts.style.heading(&value))?;
    for reads in &report.periodic {
        let note = super::prose::hanging("", &periodic_note(reads), opts.layout_width(), 1);
        writeln!(out, "{note}")?;
    }
    Ok(())
}

/// Notes for stderr beside an output, the value standing as printed: `^` written between two
/// numbers, where a power was likely meant.
pub(crate) fn stderr_notes(output: &crate::output::Output) -> Vec<String> {
    let crate::output::Output::Value(report) = output else {
        return Vec::new();
    };
    report
        .carets
        .iter()
        .map(|c| match &c.operand {
            None => format!(
                "`^` is XOR here ({} xor {} = {}); a power is `pow({}, {})`",
                c.base,
                c.exponent,
                c.xor(),
                c.base,
                c.exponent
            ),
            // `2^64 - 1`: `^` binds after arithmetic, so it is 2 xor (64 - 1).
            Some(operand) => {
                let rest = operand.trim_start_matches(|c: char| c.is_ascii_digit());
                format!(
                    "`^` is XOR here and binds after arithmetic: {} ^ {operand} is {} xor \
                     ({operand}); a power is `pow({}, {}){rest}`",
                    c.base, c.base, c.base, c.exponent
                )
            }
        })
        .collect()
}

/// Which values were read off a proven period, and the period (the words `winner` uses).
fn periodic_note(reads: &PeriodicReads) -> String {
    let mut states: Vec<String> = reads.states.iter().map(|p| format!("g({p})")).collect();
    if reads.more {
        states.push("more".into());
    }
    let states = match states.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => states.concat(),
    };
    format!(
        "({states}: by period, {} repeats with period {} from n = {}, found by mex)",
        reads.rules, reads.period, reads.preperiod
    )
}

/// `= EXPR`: `{"expr": …, "value": …}`.
#[derive(Serialize)]
pub(super) struct ValueReportJson<'a> {
    expr: &'a str,
    value: ValueJson<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    periodic: Vec<PeriodicJson>,
}

/// Values read off a proven period: `{"rules": "octal:0.07", "states": ["1000000000"],
/// "more": false, "preperiod": 53, "period": 34}`.
#[derive(Serialize)]
struct PeriodicJson {
    rules: String,
    states: Vec<String>,
    more: bool,
    preperiod: u64,
    period: u64,
}

pub(super) fn json(report: &ValueReport) -> ValueReportJson<'_> {
    ValueReportJson {
        expr: &report.expr,
        value: ValueJson::new(&report.value),
        periodic: report
            .periodic
            .iter()
            .map(|r| PeriodicJson {
                rules: r.rules.to_string(),
                states: r.states.iter().map(ToString::to_string).collect(),
                more: r.more,
                preperiod: r.preperiod,
                period: r.period,
            })
            .collect(),
    }
}

/// A value as JSON: numbers exact, sets as sorted arrays, ranges as their ends.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum ValueJson<'a> {
    Int(Int),
    Bool(bool),
    Set(&'a BTreeSet<Int>),
    Range { from: Int, to: Int },
    Name(String),
    Player(&'static str),
    Infinite { infinite: &'a BTreeSet<Int> },
}

impl<'a> ValueJson<'a> {
    pub(super) fn new(value: &'a Value) -> Self {
        match value {
            Value::Int(v) => Self::Int(*v),
            Value::Bool(b) => Self::Bool(*b),
            Value::Set(s) => Self::Set(s),
            Value::Range(a, b) => Self::Range { from: *a, to: *b },
            Value::State { .. } => Self::Name(value.to_string()),
            Value::Player(p) => Self::Player(p.name()),
            Value::Infinite(k) => Self::Infinite { infinite: k },
        }
    }
}

pub(super) fn rows(report: &ValueReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    (
        vec!["expression", "value"],
        vec![vec![report.expr.clone(), report.value.to_string()]],
    )
}
