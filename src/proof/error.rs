//! Why a proof file does not load: the file, and what in it is wrong. Data only; `render`
//! words it once.

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
    /// A step's `decide` sentence that does not read.
    Sentence {
        step: String,
        error: super::SentenceError,
    },
    /// A step with a `decide` sentence and no `states:` saying what it states, or `states:`
    /// without a sentence.
    States { step: String, decide: bool },
}

impl std::error::Error for ProofError {}
