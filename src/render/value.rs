//! `= EXPR`: a value in text, JSON and table rows.

use std::io::{self, Write};

use serde_json::{Value as Json, json};

use super::RenderOptions;
use crate::expr::Value;
use crate::output::ValueReport;

pub fn text(report: &ValueReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", opts.style.heading(&report.value.to_string()))
}

pub fn json(report: &ValueReport) -> Json {
    json!({ "expr": report.expr, "value": value_json(&report.value) })
}

/// A value as JSON: numbers exact, sets as sorted arrays, ranges as their ends.
pub fn value_json(value: &Value) -> Json {
    match value {
        Value::Int(v) => json!(v),
        Value::Bool(b) => json!(b),
        Value::Set(s) => json!(s.iter().collect::<Vec<_>>()),
        Value::Range(a, b) => json!({ "from": a, "to": b }),
        Value::State { .. } => json!(value.to_string()),
        Value::Player(p) => json!(p.name()),
    }
}

pub fn rows(report: &ValueReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    (
        vec!["expression", "value"],
        vec![vec![report.expr.clone(), report.value.to_string()]],
    )
}
