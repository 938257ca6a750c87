//! `= EXPR`: evaluates an expression with the session's ruleset as the default for `g(…)`, and
//! the session's solvers (so what one lookup computes, the next reuses).

use super::Session;
use crate::error::Error;
use crate::expr::{Evaluator, parse};
use crate::output::{Output, ValueReport};

pub(super) fn eval(session: &mut Session, words: &[String]) -> Result<Output, Error> {
    let source = words.join(" ");
    let expr = parse(&source).map_err(|e| Error::expr(&source, e))?;
    let mut evaluator = Evaluator::new(session.rules().clone());
    for solver in session.solvers() {
        evaluator = evaluator.with_solver(solver.clone());
    }
    let value = evaluator.eval(&expr);
    let periodic = evaluator.periodic().to_vec();
    for solver in evaluator.solvers() {
        session.remember(solver);
    }
    let value = value.map_err(|e| Error::expr(&source, e))?;
    let carets = crate::expr::caret_xors(&source, &expr);
    Ok(Output::Value(ValueReport {
        expr: source,
        value,
        periodic,
        carets,
    }))
}
