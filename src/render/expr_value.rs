//! `= EXPR`: a value in text, JSON and table rows.

use std::io::{self, Write};

use std::collections::BTreeSet;

use serde::Serialize;

use super::RenderOptions;
use crate::expr::{Int, Value};
use crate::output::ValueReport;

pub(super) fn text(
    report: &ValueReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out, "{}", opts.style.heading(&report.value.to_string()))
}

/// `= EXPR`: `{"expr": …, "value": …}`.
#[derive(Serialize)]
pub(super) struct ValueReportJson<'a> {
    expr: &'a str,
    value: ValueJson<'a>,
}

pub(super) fn json(report: &ValueReport) -> ValueReportJson<'_> {
    ValueReportJson {
        expr: &report.expr,
        value: ValueJson::new(&report.value),
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
        }
    }
}

pub(super) fn rows(report: &ValueReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    (
        vec!["expression", "value"],
        vec![vec![report.expr.clone(), report.value.to_string()]],
    )
}
