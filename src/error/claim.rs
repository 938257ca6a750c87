//! A claim (`conjecture`'s formula) that is not one nimlab checks as written: where in its text,
//! what was found there and what was expected. Data, worded in `render/claim_error.rs` and
//! `render/expected.rs`.

use std::ops::Range;

use super::Expected;
use crate::expr::{Int, Value};

/// A claim refused, with the text it points into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimError {
    /// The claim as written.
    pub source: String,
    /// Byte range into `source`, for the caret.
    pub span: Range<usize>,
    pub found: Found,
    pub expected: Expected,
}

/// What a refused claim holds where it should hold what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A domain (`for n in …`), where the claim takes none.
    Domain,
    /// These words of the claim, where a claim's shape has no place for them.
    Words(String),
    /// This text of the claim, a form the rules cannot take (`g(nT)` for piles without a pass).
    Form(String),
    /// A size of the domain outside what is valued.
    Size(Int),
    /// The right side's value, of the wrong kind; `kind` says whether its kind is named.
    Value { value: Value, kind: bool },
}

impl ClaimError {
    /// The claim `source` refused at `span`: `found` there, `expected` wanted.
    pub fn new(source: &str, span: Range<usize>, found: Found, expected: Expected) -> Self {
        Self {
            source: source.to_string(),
            span,
            found,
            expected,
        }
    }

    /// Whether the claim's shape is wrong (rather than a value or form in it).
    pub fn is_shape(&self) -> bool {
        matches!(self.found, Found::Domain | Found::Words(_))
    }
}
