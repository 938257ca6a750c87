//! The words of a proof file that does not load: `FILE:LINE:COLUMN: ` and what is wrong. The
//! loader only says what it found.

use std::fmt;

use crate::proof::sentence::MAX_EXPANSIONS;
use crate::proof::{ProofError, ProofErrorKind, SentenceError};

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = &self.file;
        match self.kind.as_ref() {
            ProofErrorKind::Yaml(e) => match (e.line, e.column) {
                (Some(line), Some(column)) => write!(f, "{file}:{line}:{column}: {e}"),
                (Some(line), None) => write!(f, "{file}:{line}: {e}"),
                _ => write!(f, "{file}: {e}"),
            },
            ProofErrorKind::Rules(e) => write!(f, "{file}: {}", super::engine_words::Said(e)),
            ProofErrorKind::StepTwice { id } => {
                write!(f, "{file}: step id `{id}` is used twice")
            }
            ProofErrorKind::Expr {
                step,
                field,
                source,
                error,
            } => write!(f, "{file}: step `{step}`: {field} `{source}`: {error}"),
            ProofErrorKind::Sentence { step, error } => {
                write!(f, "{file}: step `{step}`: decide: {error}")
            }
            ProofErrorKind::States { step, decide: true } => write!(
                f,
                "{file}: step `{step}`: a `decide:` sentence needs `states:`, what it states in words (\"for three piles …\"), shown beside its ✓"
            ),
            ProofErrorKind::States {
                step,
                decide: false,
            } => write!(
                f,
                "{file}: step `{step}`: `states:` says what a `decide:` sentence states, and the step has none"
            ),
        }
    }
}

impl fmt::Display for SentenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadSignature { signature } => write!(
                f,
                "definition `{signature}`: expected a name with parameters, like `f(n, v)`"
            ),
            Self::BadUse { name, expected } => write!(
                f,
                "`{name}` takes {expected} argument(s), each a name or a number, like `{name}(n, m)`"
            ),
            Self::Captured { name, argument } => write!(
                f,
                "`{argument}` as an argument of `{name}`: its definition binds `{argument}` itself; use another name"
            ),
            Self::FreeVariable { name } => write!(
                f,
                "`{name}` is bound by no `all` or `any`: a sentence binds every name (`all {name}: …`)"
            ),
            Self::TooDeep => write!(
                f,
                "definitions use one another more than {MAX_EXPANSIONS} deep (a loop?)"
            ),
            // At the end there is nothing to quote: the words say what was expected.
            Self::Parse { error, text } if error.offset >= text.len() => {
                f.write_str(&super::decide_words::parse_error(&error.kind))
            }
            Self::Parse { error, text } => {
                let near: String = text
                    .get(error.offset..)
                    .unwrap_or("")
                    .chars()
                    .take(24)
                    .collect();
                write!(
                    f,
                    "{} at `{near}`",
                    super::decide_words::parse_error(&error.kind)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineError;

    #[test]
    fn names_the_file_and_the_fault() {
        let e = ProofError {
            file: "p.yaml".into(),
            kind: Box::new(ProofErrorKind::StepTwice { id: "s".into() }),
        };
        assert_eq!(e.to_string(), "p.yaml: step id `s` is used twice");
        let e = ProofError {
            file: "p.yaml".into(),
            kind: Box::new(ProofErrorKind::Rules(EngineError::UnknownRules {
                token: "chess".into(),
            })),
        };
        assert!(
            e.to_string()
                .starts_with("p.yaml: unknown rules `chess`: expected a ruleset such as ")
        );
    }
}
