//! The words of a proof file that does not load: `FILE:LINE:COLUMN: ` and what is wrong. The
//! loader only says what it found.

use std::fmt;

use crate::proof::{ProofError, ProofErrorKind};

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
