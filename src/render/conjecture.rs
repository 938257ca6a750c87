//! `conjecture`: "holds (brute force)", or the first counterexample derived beside the
//! formula's value, with why it matters.

use std::io::{self, Write};

use serde::Serialize;

use super::json::StateValue;
use crate::engine::Grundy;
use crate::expr::Int;

use super::RenderOptions;
use super::derive::write_row;
use super::prose::wrap;
use crate::output::{ConjectureOutcome, ConjectureReport};

pub(super) fn text(
    report: &ConjectureReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    let para = |out: &mut dyn Write, text: &str| -> io::Result<()> {
        for line in wrap(text, width) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    };
    writeln!(
        out,
        "{}",
        style.dim(&format!("conjecture ({}):", report.rules))
    )?;
    for line in wrap(&report.formula, width - 2) {
        writeln!(out, "  {line}")?;
    }
    let ConjectureOutcome::Fails {
        n,
        formula_value,
        row,
        failures,
        first_failures,
        fix,
    } = &report.outcome
    else {
        return writeln!(
            out,
            "{} {}",
            style.win(&format!("holds for {}", report.domain)),
            style.dim(&format!(
                "(brute force: {} value{} computed by mex)",
                report.checked,
                if report.checked == 1 { "" } else { "s" }
            ))
        );
    };
    let state = row.pile;
    writeln!(
        out,
        "{}",
        style.lose(&format!(
            "fails at n = {n}: the formula gives {formula_value}, but g({state}) = {} by brute force:",
            row.grundy
        ))
    )?;
    write_row(row, opts, "  ", out)?;
    if *formula_value < 0 {
        para(
            out,
            "A Grundy value is a mex, the least number not in a set, so it is never negative.",
        )?;
    }
    if row.options.is_empty() {
        para(
            out,
            &format!(
                "{} has no move at all: its set is {{}}, so its value is 0 and whoever must \
                 move there has lost. With the formula's {formula_value}, a position such as \
                 {{{state}}} would get a nim-sum that is not 0 and look won for the player to \
                 move, though that player cannot move.",
                if state.size == 0 {
                    "The empty pile".to_string()
                } else {
                    state.to_string()
                }
            ),
        )?;
    } else {
        para(
            out,
            &format!(
                "Positions holding {state} would be misjudged: the winner is decided by the XOR of \
                 the piles' values, and {formula_value} is not {}.",
                row.grundy
            ),
        )?;
    }
    if *failures == 1 {
        para(
            out,
            &format!(
                "It fails only there: every other n in {} agrees. Add that case:",
                report
                    .domain
                    .trim_start_matches(|c: char| c != '=')
                    .trim_start_matches("= ")
            ),
        )?;
        if let Some(fix) = fix {
            writeln!(out, "  {}", style.heading(&format!("conjecture {fix}")))?;
        }
    } else {
        let listed: Vec<String> = first_failures.iter().map(ToString::to_string).collect();
        let more = if *failures > first_failures.len() {
            ", …"
        } else {
            ""
        };
        para(
            out,
            &format!(
                "It fails for {failures} of the {} values checked (n = {}{more}). `derive` shows \
                 how each value comes about.",
                report.checked,
                listed.join(", ")
            ),
        )?;
    }
    Ok(())
}

/// `conjecture`: the formula, what it was checked over and whether it held; when it failed,
/// the first counterexample with its derivation.
#[derive(Serialize)]
pub(super) struct ConjectureJson<'a> {
    checked: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    counterexample: Option<CounterexampleJson>,
    domain: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    failures: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_failures: Option<&'a [Int]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<&'a str>,
    formula: &'a str,
    holds: bool,
    rules: String,
}

/// The first state where the formula and brute force disagree.
#[derive(Serialize)]
struct CounterexampleJson {
    formula: Int,
    grundy: Grundy,
    n: Int,
    options: Vec<StateValue>,
    reachable: Vec<Grundy>,
    state: String,
}

pub(super) fn json(report: &ConjectureReport) -> ConjectureJson<'_> {
    let mut v = ConjectureJson {
        checked: report.checked,
        counterexample: None,
        domain: &report.domain,
        failures: None,
        first_failures: None,
        fix: None,
        formula: &report.formula,
        holds: true,
        rules: report.rules.to_string(),
    };
    if let ConjectureOutcome::Fails {
        n,
        formula_value,
        row,
        failures,
        first_failures,
        fix,
    } = &report.outcome
    {
        v.holds = false;
        v.counterexample = Some(CounterexampleJson {
            formula: *formula_value,
            grundy: row.grundy,
            n: *n,
            options: row
                .options
                .iter()
                .map(|(p, g)| StateValue {
                    grundy: *g,
                    state: p.to_string(),
                })
                .collect(),
            reachable: row.reachable(),
            state: row.pile.to_string(),
        });
        v.failures = Some(*failures);
        v.first_failures = Some(first_failures);
        v.fix = fix.as_deref();
    }
    v
}

pub(super) fn rows(report: &ConjectureReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let (holds, n, formula, grundy) = match &report.outcome {
        ConjectureOutcome::Holds => ("true", String::new(), String::new(), String::new()),
        ConjectureOutcome::Fails {
            n,
            formula_value,
            row,
            ..
        } => (
            "false",
            n.to_string(),
            formula_value.to_string(),
            row.grundy.to_string(),
        ),
    };
    (
        vec![
            "formula",
            "domain",
            "holds",
            "counterexample",
            "formula value",
            "grundy",
        ],
        vec![vec![
            report.formula.clone(),
            report.domain.clone(),
            holds.into(),
            n,
            formula,
            grundy,
        ]],
    )
}
