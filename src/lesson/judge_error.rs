//! Why a lesson's expression gave no value: an answer, a claim's check or a `{{ EXPR }}` in
//! its text. Data with named fields; its `Display` is the one wording, used by the runner's
//! caller, the renderer and `lesson check` alike.

use std::fmt;

use crate::expr::{ExprError, Value};
use crate::quote::quoted;

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

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Expr(error) => error.fmt(f),
            Self::Answer { answer, error } => {
                write!(f, "the answer {} fails: {error}", quoted(answer))
            }
            Self::Placeholder { source, error } => write!(
                f,
                "{} fails: {error}",
                quoted(&format!("{{{{ {source} }}}}"))
            ),
            Self::Unclosed => write!(f, "a `{{{{` is never closed with `}}}}`"),
            Self::NotTrueOrFalse { value } => {
                write!(f, "the check gives {value}, not true or false")
            }
        }
    }
}

impl std::error::Error for JudgeError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ErrorKind;

    #[test]
    fn each_variant_says_what_failed() {
        let zero = || ExprError::new(ErrorKind::DivisionByZero, 4..5);
        let cases = [
            (JudgeError::Unclosed, "a `{{` is never closed with `}}`"),
            (
                JudgeError::NotTrueOrFalse {
                    value: Value::Int(3),
                },
                "the check gives 3, not true or false",
            ),
            (
                JudgeError::Answer {
                    answer: "1 / 0".into(),
                    error: Box::new(zero().into()),
                },
                "the answer `1 / 0` fails: division by zero",
            ),
            (
                JudgeError::Placeholder {
                    source: "1 / 0".into(),
                    error: Box::new(zero().into()),
                },
                "`{{ 1 / 0 }}` fails: division by zero",
            ),
        ];
        for (error, words) in cases {
            assert_eq!(error.to_string(), words);
        }
    }
}
