//! `= EXPR`: evaluates an expression with the session's ruleset as the default for `g(…)`.

use super::Session;
use crate::error::Error;
use crate::expr::{Evaluator, parse};
use crate::output::{Output, ValueReport};

pub fn eval(session: &Session, words: &[String]) -> Result<Output, Error> {
    let source = words.join(" ");
    let expr = parse(&source).map_err(|e| Error::expr(&source, e))?;
    let value = Evaluator::new(session.rules().clone())
        .eval(&expr)
        .map_err(|e| Error::expr(&source, e))?;
    Ok(Output::Value(ValueReport {
        expr: source,
        value,
    }))
}
