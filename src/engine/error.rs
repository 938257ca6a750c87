//! What the engine refuses: malformed states, unknown rulesets, values out of exact range.

use std::fmt;

/// An input the engine cannot work with. Each variant names the offending token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// A ruleset name that is not one of the known rulesets.
    UnknownRules { token: String },
    /// A subtraction set that is empty, contains 0 or a non-number.
    BadSubtractionSet { token: String, reason: String },
    /// An octal code that is not `0.` or `4.` followed by octal digits.
    BadOctalCode { token: String, reason: String },
    /// `graph:FILE` reached the engine before its file was loaded.
    GraphNotLoaded { token: String },
    /// A game graph that is not a finite DAG of named positions.
    BadGraph { source: String, reason: String },
    /// A pile beyond what nimlab has computed for a game whose values have no known period.
    BeyondComputed {
        token: String,
        rules: String,
        computed: u64,
    },
    /// A pile that is not a size, or a state the ruleset does not have.
    BadPile { token: String, expected: String },
    /// A number above 2^64 - 1 where a pile size is expected.
    PileTooLarge { token: String },
    /// A computation that would need more work than nimlab allows (never a hang).
    TooMuchWork { what: String, limit: String },
    /// A computation stopped by its cancel token (Ctrl-C), leaving no result.
    Interrupted,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownRules { token } => write!(
                f,
                "unknown rules `{token}`: expected one of `nim`, `zero-move`, `misere`, `subtract:S` (e.g. `subtract:1,3,4`), `octal:CODE` (e.g. `octal:0.77`), `graph:FILE`"
            ),
            Self::BadOctalCode { token, reason } => write!(f, "bad octal code `{token}`: {reason}"),
            Self::GraphNotLoaded { token } => write!(
                f,
                "`{token}` names a graph file, which must be loaded first (use `--rules {token}`)"
            ),
            Self::BadGraph { source, reason } => write!(f, "bad game graph `{source}`: {reason}"),
            Self::BeyondComputed {
                token,
                rules,
                computed,
            } => write!(
                f,
                "`{token}` is beyond the values nimlab computes for {rules} on the fly (heaps up to {computed}; no period was proven there, so larger heaps have no lookup)"
            ),
            Self::BadSubtractionSet { token, reason } => {
                write!(f, "bad subtraction set `{token}`: {reason}")
            }
            Self::BadPile { token, expected } => {
                write!(f, "`{token}` is not a pile: expected {expected}")
            }
            Self::PileTooLarge { token } => write!(
                f,
                "`{token}` is too large for a pile: sizes go up to 18446744073709551615 (2^64 - 1)"
            ),
            Self::TooMuchWork { what, limit } => write!(f, "{what} would take too long ({limit})"),
            Self::Interrupted => super::cancel::Interrupted.fmt(f),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<super::cancel::Interrupted> for EngineError {
    fn from(_: super::cancel::Interrupted) -> Self {
        Self::Interrupted
    }
}
