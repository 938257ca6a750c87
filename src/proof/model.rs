//! A proof as written in `lessons/proofs/*.yaml`: a statement, lemmas and cases, each step with
//! text and a claim the engine checks. Plain serde structs; the loader owns the YAML.

use std::collections::BTreeMap;

use serde::Deserialize;

/// One proof.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proof {
    /// Stable name: `prove ID`.
    pub id: String,
    pub title: String,
    /// The ruleset `g(…)` means inside the checks (default `zero-move`).
    #[serde(default = "default_rules")]
    pub rules: String,
    pub statement: ProofStep,
    #[serde(default)]
    pub lemmas: Vec<Section>,
    #[serde(default)]
    pub cases: Vec<Section>,
    pub conclusion: Option<ProofStep>,
    /// Relations the `decide` sentences use, by signature: `zm(k, v)` → its body in the
    /// decider's syntax (see [`super::sentence`]).
    #[serde(default)]
    pub define: BTreeMap<String, String>,
}

/// A lemma or a case: a titled run of steps.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub id: String,
    pub title: String,
    pub steps: Vec<ProofStep>,
}

/// One step: what a learner reads, and what the engine checks.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofStep {
    pub id: String,
    pub text: String,
    /// An expression that must be `true` (for every value of the domain, if there is one).
    pub check: Option<String>,
    /// The finite domain of the check's variable: `n in 0..300`.
    #[serde(rename = "for")]
    pub domain: Option<String>,
    /// Expressions shown by `at n = K` and `expand`, such as `mexset(nT)`.
    #[serde(default)]
    pub at: Vec<String>,
    /// The claim as a first-order sentence in the decider's syntax, decided for every value
    /// (the `check` stays as a finite cross-check).
    pub decide: Option<String>,
    /// What the `decide` sentence states, in words (required with `decide`): shown beside
    /// its ✓, so that the line says exactly what was decided — "for three piles", "assuming
    /// the rule below n" — and never more than the sentence, even where the step's text
    /// claims more (a theorem decided through its lemmas).
    pub states: Option<String>,
    /// Why a checked step has no `decide` sentence (shown beside its finite check).
    pub undecided: Option<String>,
}

fn default_rules() -> String {
    "zero-move".into()
}

/// A step in reading order with the heading it sits under.
#[derive(Debug, Clone, Copy)]
pub struct Walk<'p> {
    pub heading: &'p str,
    /// The lemma's or case's title, if the step belongs to one.
    pub section: Option<&'p str>,
    pub step: &'p ProofStep,
}

impl Proof {
    /// Every step in reading order: statement, lemmas, cases, conclusion.
    pub fn walk(&self) -> Vec<Walk<'_>> {
        let mut out = vec![Walk {
            heading: "Theorem",
            section: None,
            step: &self.statement,
        }];
        for (kind, sections) in [("Lemma", &self.lemmas), ("Case", &self.cases)] {
            for s in sections {
                out.extend(s.steps.iter().map(|step| Walk {
                    heading: kind,
                    section: Some(&s.title),
                    step,
                }));
            }
        }
        if let Some(step) = &self.conclusion {
            out.push(Walk {
                heading: "Conclusion",
                section: None,
                step,
            });
        }
        out
    }
}
