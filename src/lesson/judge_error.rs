//! Why a lesson's expression gave no value: an answer, a claim's check or a `{{ EXPR }}` in
//! its text. Data with named fields; `render` words it once, for the runner's caller, the
//! renderer and `lesson check` alike.

use crate::expr::{ExprError, Value};

/// A lesson expression that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// The expression does not parse or cannot be evaluated.
    Expr(ExprError),
    /// A question's answer whose expression fails: the question cannot be graded.
    Answer {
        answer: String,
        error: Box<JudgeError>,
    },
    /// `{{ EXPR }}` in a text whose expression fails.
    Placeholder {
        source: String,
        error: Box<JudgeError>,
    },
    /// A `{{` with no `}}` after it.
    Unclosed,
    /// A claim's check that gives a value other than true or false.
    NotTrueOrFalse { value: Value },
}

impl From<ExprError> for JudgeError {
    fn from(error: ExprError) -> Self {
        Self::Expr(error)
    }
}

impl std::error::Error for JudgeError {}
