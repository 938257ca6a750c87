//! What can go wrong in an expression: each error names the offending text and carries its span
//! so the renderer can put a caret under it.

use std::ops::Range;

use crate::engine::EngineError;

/// An error in parsing or evaluating an expression, with where it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    pub kind: ErrorKind,
    /// Byte range into the source.
    pub span: Range<usize>,
}

/// The kinds of expression errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not follow the grammar.
    Syntax { found: String, expected: String },
    /// A call of a function the language does not have.
    UnknownFunction {
        name: String,
        suggestion: Option<String>,
    },
    /// A name that is not bound.
    UnknownVariable { name: String },
    /// A function given the wrong number of arguments.
    Arity {
        name: String,
        expected: String,
        found: usize,
    },
    /// A value of the wrong kind, such as a set where a number is needed.
    Type { expected: String, found: String },
    /// A result outside the exact integers nimlab keeps (about ±1.7 × 10^38).
    Overflow { what: String },
    /// Division or remainder by zero.
    DivisionByZero,
    /// A result that is a fraction, such as `pow(2, -1)`.
    NotWhole { what: String },
    /// An expression nested deeper than [`MAX_DEPTH`](super::MAX_DEPTH) levels; `at` is the
    /// token that opened the level too many, as written.
    TooDeep { limit: usize, at: Option<String> },
    /// Evaluation needed more steps than allowed.
    Budget { limit: u64 },
    /// Evaluation needed more memory than the process's limit of `limit` bytes.
    Memory { limit: u64 },
    /// The engine refused (an unknown ruleset, a state the ruleset lacks).
    Engine(EngineError),
}

/// The functions of the language, for errors and help.
pub const FUNCTIONS: &[&str] = &[
    "odd",
    "even",
    "mex",
    "mexset",
    "g",
    "lost",
    "draw",
    "nimsum",
    "winner",
    "misere",
    "mg",
    "pow",
    "isqrt",
    "popcount",
    "odious",
    "evil",
    "fib",
    "zeckendorf",
    "abs",
    "min",
    "max",
    "size",
    "hackenbush",
];

impl ExprError {
    pub fn new(kind: ErrorKind, span: Range<usize>) -> Self {
        Self { kind, span }
    }

    /// A short label for the caret: what was expected there.
    pub fn label(&self) -> String {
        match &self.kind {
            ErrorKind::Syntax { expected, .. } if expected.chars().count() <= 40 => {
                format!("expected {expected}")
            }
            ErrorKind::Syntax { .. } => "here".into(),
            ErrorKind::UnknownFunction {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            ErrorKind::UnknownFunction { .. } => "not a function".into(),
            ErrorKind::UnknownVariable { .. } => "not bound here".into(),
            ErrorKind::Arity { expected, .. } => format!("takes {expected}"),
            ErrorKind::Type { expected, .. } => format!("expected {expected}"),
            ErrorKind::Overflow { .. } => "too large".into(),
            ErrorKind::DivisionByZero => "this is 0".into(),
            ErrorKind::NotWhole { .. } => "a fraction".into(),
            ErrorKind::TooDeep { .. } => "nested too deeply".into(),
            ErrorKind::Budget { .. } => "too much work".into(),
            ErrorKind::Memory { .. } => "too much memory".into(),
            ErrorKind::Engine(_) => "here".into(),
        }
    }
}

impl std::error::Error for ExprError {}

/// User text longer than this is shortened when quoted in a message.
pub(crate) const QUOTED_CHARS: usize = 40;

/// `text` in backticks, shortened to its first and last characters and its length when long, so
/// that a 100 000-digit number makes a one-line message: `` `12345678901234567890…7890` (100000
/// characters) ``.
pub(crate) fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTED_CHARS {
        return format!("`{text}`");
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(count - 10).collect();
    format!("`{head}…{tail}` ({count} characters)")
}

pub(crate) fn backticked(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
