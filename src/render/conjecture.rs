//! `conjecture`: "holds (brute force)", or the first counterexample derived beside the
//! formula's value, with why it matters.

use std::io::{self, Write};

use serde::Serialize;

use super::json_shapes::StateValue;
use crate::engine::{EngineError, Grundy, GrundyRow};
use crate::expr::Int;

use super::RenderOptions;
use super::decide_words;
use super::derive::write_row;
use super::prose::wrap;
use crate::output::{ConjectureOutcome, ConjectureReport};
use crate::proof::induction::{Decision, FormulaVerdict};
use crate::proof::translate::{Form, Outside};

/// `conjecture`: the formula, the decider's verdict, then brute force's: it holds, it could
/// not be compared, or the first counterexample with why it matters and how to mend it.
pub(super) fn text(
    report: &ConjectureReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    writeln!(
        out,
        "{}",
        style.dim(&format!("conjecture ({}):", report.rules))
    )?;
    for line in wrap(&report.formula, width - 2) {
        writeln!(out, "  {line}")?;
    }
    decided(report, opts, width, out)?;
    match &report.outcome {
        ConjectureOutcome::NotChecked(refused) => not_compared(report, refused, opts, out),
        ConjectureOutcome::Holds => holds(report, opts, out),
        ConjectureOutcome::Fails {
            n,
            formula_value,
            row,
            failures,
            first_failures,
            fix,
            past_range,
        } => {
            fails_at(report, *n, *formula_value, row, opts, out)?;
            if *past_range || *failures == 1 {
                add_the_case(report, *past_range, fix.as_deref(), opts, out)
            } else {
                more_failures(report, *failures, first_failures, width, out)
            }
        }
    }
}

/// `text` wrapped at `width`, a line at a time.
fn paragraph(out: &mut dyn Write, text: &str, width: usize) -> io::Result<()> {
    for line in wrap(text, width) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Why mex gave no cross-check (the decider's verdict above is the answer).
fn not_compared(
    report: &ConjectureReport,
    refused: &EngineError,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let line = format!(
        "not compared with mex for {}: {}",
        report.domain,
        super::engine_words::Said(refused)
    );
    for l in wrap(&line, opts.layout_width()) {
        writeln!(out, "{}", opts.style.dim(&l))?;
    }
    Ok(())
}

/// Brute force found no counterexample: what it compared and how many values, and that a
/// proven formula is remembered from now on.
fn holds(report: &ConjectureReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let style = opts.style;
    let brute = if matches!(
        report.decided,
        Some((
            Decision {
                verdict: FormulaVerdict::Holds { .. },
                ..
            },
            _
        ))
    ) {
        style.dim(&format!("and for {}", report.domain))
    } else if report.decided_false() {
        // False all the same: the values compared are only the ones below the failure.
        style.dim(&format!("agrees with mex for {}", report.domain))
    } else {
        style.win(&format!("holds for {}", report.domain))
    };
    writeln!(
        out,
        "{} {}",
        brute,
        style.dim(&format!(
            "(brute force: {} value{} computed by mex)",
            report.checked,
            if report.checked == 1 { "" } else { "s" }
        ))
    )?;
    if report.remembered {
        let note = format!(
            "From now on, lookups of {} past its values by mex use this proven formula.",
            report.rules
        );
        for l in wrap(&note, opts.layout_width()) {
            writeln!(out, "{}", style.dim(&l))?;
        }
    }
    Ok(())
}

/// The first counterexample: the formula's value beside brute force's, the derivation of
/// the true value, and why the wrong value would mislead.
fn fails_at(
    report: &ConjectureReport,
    n: Int,
    formula_value: Int,
    row: &GrundyRow,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let width = opts.layout_width();
    let state = row.pile;
    writeln!(
        out,
        "{}",
        opts.style.lose(&format!(
            "fails at n = {n}: the formula gives {formula_value}, but g({state}) = {} by brute force:",
            row.grundy
        ))
    )?;
    write_row(&report.rules, row, opts, "  ", out)?;
    if formula_value < 0 {
        paragraph(
            out,
            "A Grundy value is a mex, the least number not in a set, so it is never negative.",
            width,
        )?;
    }
    if row.options.is_empty() {
        paragraph(
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
            width,
        )
    } else {
        paragraph(
            out,
            &format!(
                "Positions holding {state} would be misjudged: the winner is decided by the XOR of \
                 the piles' values, and {formula_value} is not {}.",
                row.grundy
            ),
            width,
        )
    }
}

/// Where the formula fails at one n only (or past the values compared): that it is the one
/// case, and the conjecture with the case added.
fn add_the_case(
    report: &ConjectureReport,
    past_range: bool,
    fix: Option<&str>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let range = report
        .domain
        .trim_start_matches(|c: char| c != '=')
        .trim_start_matches("= ");
    let text = if past_range {
        format!(
            "That n lies past the values compared by mex, {range}, which all agree: it is \
             the smallest n where the formula fails, found by the decider and confirmed by \
             mex there. Add that case:"
        )
    } else {
        format!("It fails only there: every other n in {range} agrees. Add that case:")
    };
    paragraph(out, &text, opts.layout_width())?;
    if let Some(fix) = fix {
        writeln!(
            out,
            "  {}",
            opts.style.heading(&format!("conjecture {fix}"))
        )?;
    }
    Ok(())
}

/// Where the formula fails more than once: how often, and the first n where it does.
fn more_failures(
    report: &ConjectureReport,
    failures: usize,
    first_failures: &[Int],
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let listed: Vec<String> = first_failures.iter().map(ToString::to_string).collect();
    let more = if failures > first_failures.len() {
        ", …"
    } else {
        ""
    };
    paragraph(
        out,
        &format!(
            "It fails for {failures} of the {} values checked (n = {}{more}). `derive` shows \
             how each value comes about.",
            report.checked,
            listed.join(", ")
        ),
        width,
    )
}

/// The decider's line: "holds for every n (decided by induction: …)", "fails at n = 0
/// (decided by induction: …)", or why it was not decided.
fn decided(
    report: &ConjectureReport,
    opts: &RenderOptions,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let Some((decision, elapsed)) = &report.decided else {
        return Ok(());
    };
    let var = report
        .domain
        .split_whitespace()
        .next()
        .unwrap_or("n")
        .to_string();
    let how = |stats: &decide::Stats| {
        format!(
            "decided by induction: {}",
            decide_words::figures(stats, *elapsed)
        )
    };
    let line = match &decision.verdict {
        FormulaVerdict::Holds { stats } => style.win(&format!("holds for every {var} ({})", how(stats))),
        FormulaVerdict::Fails { n, stats } => {
            style.lose(&format!("fails at {var} = {n} ({})", how(stats)))
        }
        FormulaVerdict::FailsUnlocated { stats, why } => style.lose(&format!(
            "fails for some {var} ({}); the smallest was not found: {}",
            how(stats),
            decide_words::refusal(why)
        )),
        FormulaVerdict::NotSmaller { .. } => style.dim(&format!(
            "not decided for every {var}: some option of {} is not a smaller state, so induction does not apply",
            report.rules
        )),
        FormulaVerdict::Outside(why) => style.dim(&format!(
            "not decided for every {var}: {}",
            outside(why, &report.formula)
        )),
        FormulaVerdict::Refused(e) => style.dim(&format!(
            "not decided for every {var}: {}",
            decide_words::refusal(e)
        )),
    };
    for l in wrap(&line, width) {
        writeln!(out, "{l}")?;
    }
    if report.explain {
        let stats = match &decision.verdict {
            FormulaVerdict::Holds { stats }
            | FormulaVerdict::Fails { stats, .. }
            | FormulaVerdict::FailsUnlocated { stats, .. } => Some(stats),
            _ => None,
        };
        explained(decision.sentence.as_deref(), stats, *elapsed, opts, out)?;
    }
    let scan_fails = matches!(report.outcome, ConjectureOutcome::Fails { .. });
    let disagree = match &decision.verdict {
        FormulaVerdict::Holds { .. } => scan_fails,
        // The scan failing below the decider's first failure contradicts it.
        FormulaVerdict::Fails { n, .. } => match &report.outcome {
            ConjectureOutcome::Fails { n: m, .. } => u128::try_from(*m).is_ok_and(|m| m < *n),
            ConjectureOutcome::Holds | ConjectureOutcome::NotChecked(_) => false,
        },
        _ => false,
    };
    if disagree {
        writeln!(
            out,
            "{}",
            style.lose("the decider and brute force disagree here: please report this formula")
        )?;
    }
    Ok(())
}

/// `--explain`: the sentence decided and the automata's figures, each under its label.
pub(super) fn explained(
    sentence: Option<&str>,
    stats: Option<&decide::Stats>,
    elapsed: std::time::Duration,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, width) = (opts.style, opts.layout_width());
    let figures = stats.map(|s| decide_words::explained(s, elapsed));
    for (label, text) in [
        ("  sentence ", sentence),
        ("  automata ", figures.as_deref()),
    ] {
        let Some(text) = text else { continue };
        for (i, l) in wrap(text, width - 11).iter().enumerate() {
            let label = if i == 0 { label } else { "           " };
            writeln!(out, "{}{l}", style.dim(label))?;
        }
    }
    Ok(())
}

/// Why a formula or a game is outside the decidable fragment.
pub(super) fn outside(why: &Outside, source: &str) -> String {
    let at = |span: &std::ops::Range<usize>| {
        source
            .get(span.clone())
            .map_or(String::new(), |t| format!("`{t}`: "))
    };
    match why {
        Outside::Product { span } => format!(
            "{}a product of two variables is outside the decidable fragment (with it, arithmetic is undecidable); checked by brute force only",
            at(span)
        ),
        Outside::Divisor { span } => format!(
            "{}division by a variable is outside the decidable fragment; checked by brute force only",
            at(span)
        ),
        Outside::Function { name, span } => format!(
            "{}`{name}` is not a function of the decidable fragment (+, -, * and / by constants, xor, odd, even, min, max, if); checked by brute force only",
            at(span)
        ),
        Outside::Variable { name, span } => format!(
            "{}`{name}` is not the conjecture's variable; checked by brute force only",
            at(span)
        ),
        Outside::SubtractionInCondition { span } => format!(
            "{}subtraction inside a condition (below 0 it has no value on the natural numbers); checked by brute force only",
            at(span)
        ),
        Outside::Negative { span } => format!(
            "{}a negative number has no place among the natural numbers; checked by brute force only",
            at(span)
        ),
        Outside::Form { what, .. } => format!(
            "{} is outside the decidable fragment (in the formula or the game's options); checked by brute force only",
            form(*what)
        ),
        Outside::Rules { rules } => format!(
            "the options of {rules} are not written in the decidable fragment; checked by brute force only"
        ),
    }
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
    /// `null` when mex could not value the range (`not_checked` says why).
    holds_by_mex: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_checked: Option<String>,
    rules: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided: Option<DecidedJson<'a>>,
}

/// The decider's verdict for every n.
#[derive(Serialize)]
struct DecidedJson<'a> {
    /// `true`, `false`, or absent when not decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    holds: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fails_at: Option<u128>,
    /// Decided false, but its smallest n was not found: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    counterexample_not_found: Option<String>,
    milliseconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_decided: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sentence: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<usize>,
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
        holds: report.holds(),
        holds_by_mex: Some(true),
        not_checked: None,
        rules: report.rules.to_string(),
        decided: report.decided.as_ref().map(|(d, elapsed)| {
            let mut j = DecidedJson {
                holds: None,
                fails_at: None,
                counterexample_not_found: None,
                milliseconds: elapsed.as_secs_f64() * 1000.0,
                not_decided: None,
                sentence: d.sentence.as_deref(),
                states: None,
            };
            match &d.verdict {
                FormulaVerdict::Holds { stats } => {
                    j.holds = Some(true);
                    j.states = Some(stats.largest);
                }
                FormulaVerdict::Fails { n, stats } => {
                    j.holds = Some(false);
                    j.fails_at = Some(*n);
                    j.states = Some(stats.largest);
                }
                FormulaVerdict::FailsUnlocated { stats, why } => {
                    j.holds = Some(false);
                    j.states = Some(stats.largest);
                    j.counterexample_not_found = Some(decide_words::refusal(why));
                }
                FormulaVerdict::NotSmaller { .. } => {
                    j.not_decided = Some("options not smaller".into());
                }
                FormulaVerdict::Outside(why) => j.not_decided = Some(outside(why, &report.formula)),
                FormulaVerdict::Refused(e) => j.not_decided = Some(decide_words::refusal(e)),
            }
            j
        }),
    };
    if let ConjectureOutcome::Fails {
        n,
        formula_value,
        row,
        failures,
        first_failures,
        fix,
        past_range,
    } = &report.outcome
    {
        // Past the range, every value compared by mex agreed.
        v.holds_by_mex = Some(*past_range);
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
    if let ConjectureOutcome::NotChecked(refused) = &report.outcome {
        v.holds_by_mex = None;
        v.not_checked = Some(super::engine_words::Said(refused).to_string());
    }
    v
}

pub(super) fn rows(report: &ConjectureReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let (holds, n, formula, grundy) = match &report.outcome {
        // Decided false past the values compared: the smallest n, without a value by mex.
        ConjectureOutcome::Holds | ConjectureOutcome::NotChecked(_) => {
            match (report.decided_false(), report.decided_fails_at()) {
                (true, Some(n)) => ("false", n.to_string(), String::new(), String::new()),
                (true, None) => ("false", String::new(), String::new(), String::new()),
                _ => ("true", String::new(), String::new(), String::new()),
            }
        }
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
/// A form of expression the decider does not read.
fn form(form: Form) -> &'static str {
    match form {
        Form::HugeNumber => "a number above 2^64 − 1",
        Form::NotANumber => "a value that is not a number",
        Form::ConditionOperator => "this operator in a condition",
        Form::Condition => "a condition of this form",
        Form::HeapsInSet => "heaps `[a, b]` in a set of numbers",
        Form::Set => "a set of this form",
        Form::BuilderDomain => "a set builder over something other than a range",
        Form::Options => "a set of options of this form",
        Form::Tuple => "a state that is a tuple",
        Form::Run => "a run of heaps `[a..b]`",
    }
}
