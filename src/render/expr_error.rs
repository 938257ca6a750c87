//! The sentences of the expression language's errors (the caret's label is the parser's).

use std::fmt;

use super::engine_words::Said;
use crate::engine::notation::quote::shortened;
use crate::expr::{ErrorKind, ExprError, FUNCTIONS, QUOTED_CHARS, backticked, quoted};

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Syntax { found, expected } => {
                write!(f, "unexpected {found}: expected {expected}")
            }
            ErrorKind::UnknownFunction { name, suggestion } => {
                write!(f, "unknown function {}", quoted(name))?;
                match suggestion {
                    Some(s) => write!(f, " (did you mean `{s}`?)"),
                    None => write!(f, ": expected one of {}", backticked(FUNCTIONS)),
                }
            }
            ErrorKind::UnknownVariable { name } if name.chars().count() > QUOTED_CHARS => write!(
                f,
                "unknown name {}: bind it with a quantifier or use a number",
                quoted(name)
            ),
            ErrorKind::UnknownVariable { name } => write!(
                f,
                "unknown name {}: bind it with a quantifier (`all {} in 0..10: …`) or use a number",
                quoted(name),
                shortened(name)
            ),
            ErrorKind::Arity {
                name,
                expected,
                found,
            } => write!(f, "{} takes {expected}, not {found}", quoted(name)),
            ErrorKind::Type { expected, found } => write!(f, "expected {expected}, found {found}"),
            ErrorKind::Overflow { what } => write!(
                f,
                "{what} is too large: nimlab computes exactly with integers up to about ±1.7 × 10^38 and never wraps"
            ),
            ErrorKind::DivisionByZero => f.write_str("division by zero"),
            ErrorKind::NotWhole { what } => write!(
                f,
                "{what} is a fraction, not a whole number: a negative exponent needs the base 1 or -1"
            ),
            ErrorKind::TooDeep { limit, at } => {
                write!(f, "expression nested too deeply: more than {limit} levels")?;
                match at {
                    Some(at) => write!(f, " at {at}"),
                    None => Ok(()),
                }
            }
            ErrorKind::Budget { limit } => write!(
                f,
                "the expression needs more than {limit} steps, so it was stopped; use smaller ranges"
            ),
            ErrorKind::Memory { limit } => write!(
                f,
                "the expression needs more than nimlab's memory limit of {}, so it was stopped; \
                 use smaller ranges or raise the limit with `--memory SIZE`",
                super::bytes::Bytes(*limit)
            ),
            ErrorKind::Engine(e) => Said(e).fmt(f),
        }
    }
}
