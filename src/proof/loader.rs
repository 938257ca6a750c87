//! Reading proofs, through the one YAML door (`crate::yaml`). Unknown keys are refused, and
//! every expression is parsed at load time so a typo shows up before anyone walks the proof.

use std::collections::HashSet;

use super::error::{ProofError, ProofErrorKind};
use super::model::Proof;
use crate::engine::Rules;
use crate::expr::{parse, parse_domain};
use crate::yaml;

/// What reading a proof's YAML may cost (the same as a lesson).
const LIMITS: yaml::Limits = yaml::Limits {
    bytes: 1 << 20,
    depth: 64,
    expanded: 2 << 20,
};

/// The proofs compiled into nimlab, as (file name, text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "zero-move-rule.yaml",
        include_str!("../../lessons/proofs/zero-move-rule.yaml"),
    ),
    (
        "bouton.yaml",
        include_str!("../../lessons/proofs/bouton.yaml"),
    ),
    (
        "sprague-grundy-sum.yaml",
        include_str!("../../lessons/proofs/sprague-grundy-sum.yaml"),
    ),
];

/// Parses and validates one proof file; the error names the file and what is wrong.
pub fn load(file: &str, text: &str) -> Result<Proof, ProofError> {
    let error = |kind| ProofError {
        file: file.to_string(),
        kind: Box::new(kind),
    };
    let proof: Proof = yaml::from_str(text, &LIMITS).map_err(|e| error(ProofErrorKind::Yaml(e)))?;
    Rules::parse(&proof.rules).map_err(|e| error(ProofErrorKind::Rules(e)))?;
    let mut ids = HashSet::new();
    for walk in proof.walk() {
        let step = walk.step;
        if !ids.insert(step.id.as_str()) {
            return Err(error(ProofErrorKind::StepTwice {
                id: step.id.clone(),
            }));
        }
        let bad = |field: &'static str, source: &str, e: crate::expr::ExprError| {
            error(ProofErrorKind::Expr {
                step: step.id.clone(),
                field,
                source: source.to_string(),
                error: e,
            })
        };
        if let Some(check) = &step.check {
            parse(check).map_err(|e| bad("check", check, e))?;
        }
        if let Some(domain) = &step.domain {
            parse_domain(domain).map_err(|e| bad("for", domain, e))?;
        }
        for shown in &step.at {
            parse(shown).map_err(|e| bad("at", shown, e))?;
        }
        if step.decide.is_some() != step.states.is_some() {
            return Err(error(ProofErrorKind::States {
                step: step.id.clone(),
                decide: step.decide.is_some(),
            }));
        }
        if let Some(text) = &step.decide {
            let sentence_error = |e| {
                error(ProofErrorKind::Sentence {
                    step: step.id.clone(),
                    error: e,
                })
            };
            let f = super::sentence::formula(text, &proof.define).map_err(sentence_error)?;
            if let Some(name) = f.free_vars().into_iter().next() {
                return Err(sentence_error(super::SentenceError::FreeVariable { name }));
            }
        }
    }
    Ok(proof)
}

/// Every bundled proof.
pub fn bundled() -> Result<Vec<Proof>, ProofError> {
    BUNDLED
        .iter()
        .map(|(file, text)| load(file, text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_proofs_load_with_unique_ids() {
        let proofs = bundled().unwrap();
        let ids: HashSet<&str> = proofs.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), BUNDLED.len());
        for id in ["zero-move-rule", "bouton", "sprague-grundy-sum"] {
            assert!(ids.contains(id), "{id}");
        }
    }

    #[test]
    fn refuses_unknown_keys_and_bad_expressions() {
        let ok = "id: p\ntitle: T\nstatement:\n  id: s\n  text: x\n  check: 1 = 1\n";
        assert!(load("p.yaml", ok).is_ok());
        let unknown = format!("{ok}  chek: 1 = 1\n");
        let e = load("p.yaml", &unknown).unwrap_err().to_string();
        assert!(e.contains("chek"), "{e}");
        let bad = ok.replace("1 = 1", "1 = ");
        let e = load("p.yaml", &bad).unwrap_err().to_string();
        assert!(e.contains("step `s`") && e.contains("check"), "{e}");
        let twice = format!("{ok}conclusion:\n  id: s\n  text: y\n");
        assert!(
            load("p.yaml", &twice)
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
        // A decide sentence that does not read, or leaves a name free.
        for (sentence, words) in [("all n: n +", "decide"), ("n = 1", "`n` is bound by no")] {
            let bad = format!("{ok}  decide: \"{sentence}\"\n  states: for every n\n");
            let e = load("p.yaml", &bad).unwrap_err().to_string();
            assert!(e.contains("step `s`") && e.contains(words), "{e}");
        }
        // A sentence without words for what it states, or words without a sentence.
        let silent = format!("{ok}  decide: \"all n: n = n\"\n");
        let e = load("p.yaml", &silent).unwrap_err().to_string();
        assert!(
            e.contains("step `s`") && e.contains("needs `states:`"),
            "{e}"
        );
        let words = format!("{ok}  states: for every n\n");
        assert!(load("p.yaml", &words).is_err());
        let both = format!("{ok}  decide: \"all n: n = n\"\n  states: for every n, n = n\n");
        assert!(load("p.yaml", &both).is_ok());
        let rules = ok.replace("title: T", "title: T\nrules: chess");
        assert!(
            load("p.yaml", &rules)
                .unwrap_err()
                .to_string()
                .contains("chess")
        );
    }
}
