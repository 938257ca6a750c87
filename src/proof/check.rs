//! Running a step's check: over its finite domain, at one value (`at n = K`), or with the
//! evidence laid out value by value (`expand`). Pure: expressions in, outcomes out.

use super::model::ProofStep;
use crate::expr::{Evaluator, Expr, ExprError, Int, Value, parse, parse_domain};

/// Whether a step's claim held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    /// True at every instance that was evaluated — which says nothing about values outside
    /// them.
    Holds { checked: Checked },
    /// False at this value of the variable (or, without a domain, false outright).
    Fails { at: Option<(String, Int)> },
    /// The check could not be evaluated (it is not true or false, or ran out of steps).
    Error { error: CheckError },
}

/// Why a step's check could not be evaluated. Data only; `render` words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The domain or the check does not parse, or its evaluation fails.
    Expr(ExprError),
    /// The check gives `value`, which is not true or false.
    NotTruth { value: Value },
    /// The check could not be evaluated with the variable `var` bound to `value`.
    At {
        var: String,
        value: Int,
        error: Box<CheckError>,
    },
}

impl From<ExprError> for CheckError {
    fn from(error: ExprError) -> Self {
        Self::Expr(error)
    }
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

/// A shown expression's value, or why it has none.
pub type Shown = Result<Value, ExprError>;

/// One value of the domain with the shown expressions' values and whether the check held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvidenceRow {
    pub value: Int,
    pub shown: Vec<Shown>,
    pub holds: bool,
}

/// A step's domain: its variable and values.
fn domain(
    step: &ProofStep,
    eval: &mut Evaluator,
) -> Result<Option<(String, Vec<Int>)>, CheckError> {
    let Some(text) = &step.domain else {
        return Ok(None);
    };
    let (var, expr) = parse_domain(text)?;
    let value = eval.eval(&expr)?;
    let values = eval.elements(&value, &expr.span)?;
    Ok(Some((var, values)))
}

/// The check's truth with the current bindings.
fn truth(check: &Expr, eval: &mut Evaluator) -> Result<bool, CheckError> {
    match eval.eval(check)? {
        Value::Bool(b) => Ok(b),
        value => Err(CheckError::NotTruth { value }),
    }
}

/// Runs the step's check over its domain; `None` if the step has no check.
pub fn run(step: &ProofStep, eval: &mut Evaluator) -> Option<CheckOutcome> {
    let error = |error: CheckError| CheckOutcome::Error { error };
    // Parsed once: a domain of 300 values evaluates one tree 300 times.
    let check = match parse(step.check.as_deref()?) {
        Ok(check) => check,
        Err(e) => return Some(error(e.into())),
    };
    let check = &check;
    Some(match domain(step, eval) {
        Err(e) => error(e),
        Ok(None) => match truth(check, eval) {
            Ok(true) => CheckOutcome::Holds {
                checked: Checked::Fact,
            },
            Ok(false) => CheckOutcome::Fails { at: None },
            Err(e) => error(e),
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
                    Err(e) => {
                        outcome = error(CheckError::At {
                            var: var.clone(),
                            value: v,
                            error: Box::new(e),
                        });
                    }
                }
                break;
            }
            eval.unbind(&var);
            outcome
        }
    })
}

/// The step's variable, if it has a domain.
pub fn variable(step: &ProofStep) -> Option<String> {
    let text = step.domain.as_deref()?;
    parse_domain(text).ok().map(|(var, _)| var)
}

/// The shown expressions (and the check, last) evaluated with `var = value` bound; each value,
/// or the error it gave.
pub fn instantiate(
    step: &ProofStep,
    eval: &mut Evaluator,
    var: &str,
    value: Int,
) -> Vec<(String, Shown)> {
    eval.bind(var, Value::Int(value));
    let mut out: Vec<(String, Shown)> = step
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

/// The first `limit` values of the domain with the shown expressions and the check, with the
/// variable and the domain's size; `None` for a step with no variable (its check is one fact).
pub fn evidence(
    step: &ProofStep,
    eval: &mut Evaluator,
    limit: usize,
) -> Result<Option<(String, Vec<EvidenceRow>, usize)>, CheckError> {
    let Some((var, values)) = domain(step, eval)? else {
        return Ok(None);
    };
    let total = values.len();
    let check = step.check.as_deref().map(parse).transpose();
    let mut rows = Vec::new();
    for &v in values.iter().take(limit) {
        eval.bind(&var, Value::Int(v));
        let shown = step.at.iter().map(|src| show(src, eval)).collect();
        let holds = match &check {
            Ok(None) => true,
            Ok(Some(c)) => truth(c, eval).unwrap_or(false),
            Err(_) => false,
        };
        rows.push(EvidenceRow {
            value: v,
            shown,
            holds,
        });
    }
    eval.unbind(&var);
    Ok(Some((var, rows, total)))
}

fn show(src: &str, eval: &mut Evaluator) -> Shown {
    parse(src).and_then(|e| eval.eval(&e))
}
