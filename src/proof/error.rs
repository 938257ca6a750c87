//! Why a proof file does not load: the file, and what in it is wrong. Data only; the words
//! are written once, in `Display`.

use std::fmt;

use crate::engine::EngineError;
use crate::expr::ExprError;
use crate::yaml::YamlError;

/// A proof that does not load, with the file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofError {
    pub file: String,
    /// Boxed: an expression's error is large, and a proof error is rare.
    pub kind: Box<ProofErrorKind>,
}

/// What is wrong with a proof file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofErrorKind {
    /// YAML that does not read as a proof (a syntax error, an unknown key, too large).
    Yaml(YamlError),
    /// A `rules:` that is not a ruleset.
    Rules(EngineError),
    /// Two steps with the same id.
    StepTwice { id: String },
    /// An expression of step `step` that does not parse; `field` is the key it is under
    /// (`check`, `for`, `at`) and `source` its text.
    Expr {
        step: String,
        field: &'static str,
        source: String,
        error: ExprError,
    },
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = &self.file;
        match self.kind.as_ref() {
            ProofErrorKind::Yaml(e) => match (e.line, e.column) {
                (Some(line), Some(column)) => write!(f, "{file}:{line}:{column}: {e}"),
                (Some(line), None) => write!(f, "{file}:{line}: {e}"),
                _ => write!(f, "{file}: {e}"),
            },
            ProofErrorKind::Rules(e) => write!(f, "{file}: {e}"),
            ProofErrorKind::StepTwice { id } => {
                write!(f, "{file}: step id `{id}` is used twice")
            }
            ProofErrorKind::Expr {
                step,
                field,
                source,
                error,
            } => write!(f, "{file}: step `{step}`: {field} `{source}`: {error}"),
        }
    }
}

impl std::error::Error for ProofError {}

#[cfg(test)]
mod tests {
    use super::*;

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
                .starts_with("p.yaml: unknown rules `chess`: expected one of ")
        );
    }
}
