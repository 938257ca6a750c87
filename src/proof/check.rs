//! Running a step's check: over its finite domain, at one value (`at n = K`), or with the
//! evidence laid out value by value (`expand`). Pure: expressions in, outcomes out.

use super::model::Step;
use crate::expr::{Evaluator, Int, Value, parse, parse_domain};

/// Whether a step's claim held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    /// True at every instance that was evaluated — which says nothing about values outside
    /// them.
    Holds { checked: Checked },
    /// False at this value of the variable (or, without a domain, false outright).
    Fails { at: Option<(String, Int)> },
    /// The check could not be evaluated (it is not true or false, or ran out of steps).
    Error { message: String },
}

/// The instances a claim was evaluated at: a check covers a finite domain, never "all n".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// A claim without a variable: one statement, evaluated.
    Fact,
    /// Every whole number from `from` to `to` (both included) as the variable's value.
    Range { var: String, from: Int, to: Int },
    /// `count` values of the variable that are not one unbroken range, from `least` to
    /// `greatest`.
    Values {
        var: String,
        count: usize,
        least: Int,
        greatest: Int,
    },
    /// The domain was empty: nothing was evaluated.
    Nothing { var: String },
}

impl Checked {
    /// The instances of `values` (in the domain's order) of `var`.
    fn of(var: &str, values: &[Int]) -> Self {
        let var = var.to_string();
        let (Some(&least), Some(&greatest)) = (values.iter().min(), values.iter().max()) else {
            return Self::Nothing { var };
        };
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let unbroken = sorted.windows(2).all(|w| w[0].checked_add(1) == Some(w[1]));
        if unbroken {
            Self::Range {
                var,
                from: least,
                to: greatest,
            }
        } else {
            Self::Values {
                var,
                count: sorted.len(),
                least,
                greatest,
            }
        }
    }

    /// How many instances were evaluated.
    pub fn cases(&self) -> usize {
        match self {
            Self::Fact => 1,
            Self::Range { from, to, .. } => to
                .checked_sub(*from)
                .and_then(|d| usize::try_from(d).ok())
                .map_or(usize::MAX, |d| d.saturating_add(1)),
            Self::Values { count, .. } => *count,
            Self::Nothing { .. } => 0,
        }
    }
}

/// One value of the domain with the shown expressions' values and whether the check held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvidenceRow {
    pub value: Int,
    pub shown: Vec<String>,
    pub holds: bool,
}

/// A step's domain: its variable and values.
fn domain(step: &Step, eval: &mut Evaluator) -> Result<Option<(String, Vec<Int>)>, String> {
    let Some(text) = &step.domain else {
        return Ok(None);
    };
    let (var, expr) = parse_domain(text).map_err(|e| e.to_string())?;
    let value = eval.eval(&expr).map_err(|e| e.to_string())?;
    let values = eval
        .elements(&value, &expr.span)
        .map_err(|e| e.to_string())?;
    Ok(Some((var, values)))
}

/// The check's truth with the current bindings.
fn truth(check: &str, eval: &mut Evaluator) -> Result<bool, String> {
    let expr = parse(check).map_err(|e| e.to_string())?;
    match eval.eval(&expr).map_err(|e| e.to_string())? {
        Value::Bool(b) => Ok(b),
        other => Err(format!("the check gives `{other}`, not true or false")),
    }
}

/// Runs the step's check over its domain; `None` if the step has no check.
pub fn run(step: &Step, eval: &mut Evaluator) -> Option<CheckOutcome> {
    let check = step.check.as_deref()?;
    let error = |message: String| CheckOutcome::Error { message };
    Some(match domain(step, eval) {
        Err(message) => error(message),
        Ok(None) => match truth(check, eval) {
            Ok(true) => CheckOutcome::Holds {
                checked: Checked::Fact,
            },
            Ok(false) => CheckOutcome::Fails { at: None },
            Err(message) => error(message),
        },
        Ok(Some((var, values))) => {
            let mut outcome = CheckOutcome::Holds {
                checked: Checked::of(&var, &values),
            };
            for v in values {
                eval.bind(&var, Value::Int(v));
                match truth(check, eval) {
                    Ok(true) => continue,
                    Ok(false) => {
                        outcome = CheckOutcome::Fails {
                            at: Some((var.clone(), v)),
                        }
                    }
                    Err(message) => outcome = error(format!("at {var} = {v}: {message}")),
                }
                break;
            }
            eval.unbind(&var);
            outcome
        }
    })
}

/// The step's variable, if it has a domain.
pub fn variable(step: &Step) -> Option<String> {
    let text = step.domain.as_deref()?;
    parse_domain(text).ok().map(|(var, _)| var)
}

/// The shown expressions (and the check, last) evaluated with `var = value` bound; each value
/// as text, or the error it gave.
pub fn instantiate(
    step: &Step,
    eval: &mut Evaluator,
    var: &str,
    value: Int,
) -> Vec<(String, String)> {
    eval.bind(var, Value::Int(value));
    let mut out: Vec<(String, String)> = step
        .at
        .iter()
        .map(|src| (src.clone(), show(src, eval)))
        .collect();
    if let Some(check) = &step.check {
        out.push(("check".into(), show(check, eval)));
    }
    eval.unbind(var);
    out
}

/// The first `limit` values of the domain with the shown expressions and the check.
pub fn evidence(
    step: &Step,
    eval: &mut Evaluator,
    limit: usize,
) -> Result<(String, Vec<EvidenceRow>, usize), String> {
    let Some((var, values)) = domain(step, eval)? else {
        return Err("this step has no variable: its check is a single fact".into());
    };
    let total = values.len();
    let mut rows = Vec::new();
    for &v in values.iter().take(limit) {
        eval.bind(&var, Value::Int(v));
        let shown = step.at.iter().map(|src| show(src, eval)).collect();
        let holds = step
            .check
            .as_deref()
            .is_none_or(|c| truth(c, eval).unwrap_or(false));
        rows.push(EvidenceRow {
            value: v,
            shown,
            holds,
        });
    }
    eval.unbind(&var);
    Ok((var, rows, total))
}

fn show(src: &str, eval: &mut Evaluator) -> String {
    match parse(src).and_then(|e| eval.eval(&e)) {
        Ok(v) => v.to_string(),
        Err(e) => format!("error: {e}"),
    }
}
