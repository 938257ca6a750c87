//! The words of a claim that is not one nimlab checks as written (`error::ClaimError`), said as
//! the expression language says its own errors: `unexpected …: expected …` for a claim's shape,
//! `expected …, found …` for a value or form in it.

use std::fmt;

use crate::error::{ClaimError, Found};

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = &self.expected;
        match &self.found {
            Found::Domain => write!(f, "unexpected a domain: expected {expected}"),
            Found::Words(words) => write!(f, "unexpected `{words}`: expected {expected}"),
            Found::Form(text) => write!(f, "expected {expected}, found {text}"),
            Found::Size(n) => write!(f, "expected {expected}, found `{n}`"),
            Found::Value { value, kind: true } => {
                write!(
                    f,
                    "expected {expected}, found `{value}` ({})",
                    super::engine_words::Said(&value.kind())
                )
            }
            Found::Value { value, kind: false } => {
                write!(f, "expected {expected}, found {value}")
            }
        }
    }
}

/// The label under the caret: what was expected there, or `here` when that is too long to
/// stand under a claim's shape.
pub(super) fn label(error: &ClaimError) -> String {
    let expected = error.expected.to_string();
    if error.is_shape() && expected.chars().count() > 40 {
        "here".into()
    } else {
        format!("expected {expected}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Expected;
    use crate::expr::{Int, Value};

    fn claim(found: Found, expected: Expected) -> ClaimError {
        ClaimError::new("g(n) = true", 7..11, found, expected)
    }

    #[test]
    fn a_claims_shape_is_unexpected_and_a_value_is_found() {
        let cases = [
            (
                claim(Found::Domain, Expected::LostClaimAlone),
                "unexpected a domain: expected `lost(a, b, …) = P` alone: every position with small piles is searched, and the decider covers the rest",
                "here",
            ),
            (
                claim(
                    Found::Words("m".into()),
                    Expected::LeftVariable { var: "n".into() },
                ),
                "unexpected `m`: expected `n`, the variable of the left side",
                "expected `n`, the variable of the left side",
            ),
            (
                claim(Found::Words("h(n)".into()), Expected::Formula),
                "unexpected `h(n)`: expected a formula like `g(nT) = n + 1`: `g` of `nT`, `nF` or `n` on the left",
                "here",
            ),
            (
                claim(
                    Found::Form("g(nT)".into()),
                    Expected::NoPass {
                        var: "n".into(),
                        rules: "nim".into(),
                    },
                ),
                "expected `g(n)`: nim piles have no pass, so no T or F, found g(nT)",
                "expected `g(n)`: nim piles have no pass, so no T or F",
            ),
            (
                claim(Found::Size(Int::from(-3)), Expected::SizesUpTo { max: 10 }),
                "expected sizes from 0 to 10 (values are computed by mex), found `-3`",
                "expected sizes from 0 to 10 (values are computed by mex)",
            ),
            (
                claim(
                    Found::Value {
                        value: Value::Bool(true),
                        kind: true,
                    },
                    Expected::NumberOnRight,
                ),
                "expected a number for the right side, found `true` (true or false)",
                "expected a number for the right side",
            ),
            (
                claim(
                    Found::Value {
                        value: Value::Int(Int::from(0)),
                        kind: false,
                    },
                    Expected::Condition,
                ),
                "expected a condition (true or false) on the right of `lost(…) =`, found 0",
                "expected a condition (true or false) on the right of `lost(…) =`",
            ),
        ];
        for (error, words, label_words) in cases {
            assert_eq!(error.to_string(), words);
            assert_eq!(label(&error), label_words);
        }
    }

    #[test]
    fn what_a_claim_about_lost_positions_expects() {
        let cases = [
            (Expected::LostOnLeft, "`lost(a, b, …)` on the left"),
            (
                Expected::LostPileName,
                "a pile's name, different from the others, like `a` in `lost(a, b) = (a = b)`",
            ),
            (
                Expected::LostPiles { most: 8 },
                "`lost` of 1 to 8 piles' names, like `lost(a, b, c)`",
            ),
        ];
        for (expected, words) in cases {
            assert_eq!(expected.to_string(), words);
        }
    }
}
