//! The expression language: `= EXPR` in the REPL, conjectures, proof checks, and (later) lesson
//! answers and claims. Exact integers, sets, ranges, quantifiers and the engine's functions;
//! every evaluation is bounded by a step budget.
//!
//! ```
//! use nimlab::engine::Rules;
//! use nimlab::expr::{Evaluator, Value, parse};
//!
//! let expr = parse("g(nT) = if odd(n) then n + 1 else n - 1").unwrap();
//! let mut eval = Evaluator::new(Rules::ZeroMove);
//! eval.bind("n", Value::Int(7));
//! assert_eq!(eval.eval(&expr).unwrap(), Value::Bool(true));
//! ```

mod arith;
mod ast;
mod calls;
mod caret;
mod error;
mod eval;
pub mod game;
mod parser;
mod stack;
mod token;
mod value;

pub use ast::{BinaryOp, Expr, ExprKind, UnaryOp};
pub use calls::{Call, RULES_FUNCTIONS};
pub use caret::{CaretXor, caret_xors};
pub use error::{
    ErrorKind, ExprError, FUNCTIONS, Found, Got, Needed, Takes, TooLarge, Unnamable, Wanted,
};
pub use eval::{DEFAULT_BUDGET, Evaluator, MEX_LIMIT, PeriodicReads};
pub use parser::{MAX_DEPTH, parse, parse_domain, parse_with_domain};
pub use value::{Int, Value, ValueKind};

use crate::engine::Rules;

/// Parses and evaluates `source` with no variables bound.
pub fn evaluate(source: &str, rules: &Rules) -> Result<Value, ExprError> {
    Evaluator::new(rules.clone()).eval(&parse(source)?)
}

#[cfg(test)]
mod tests;
