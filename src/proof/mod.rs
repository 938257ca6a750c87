//! Proofs the engine checks: the model, the loader (YAML through `crate::yaml`) and the checks.
//! Stepping through a proof in the REPL is `command::prove`'s job.

pub mod check;
pub mod error;
pub mod loader;
pub mod model;
pub mod sentence;

pub use check::{CheckError, CheckOutcome, Checked, EvidenceRow, Shown};
pub use error::{ProofError, ProofErrorKind};
pub use model::{Proof, Section, Step, Walk};
pub use sentence::{DecideOutcome, Decided, SentenceError};

/// The bundled proof named `id`.
pub fn find(id: &str) -> Result<Option<Proof>, ProofError> {
    Ok(loader::bundled()?.into_iter().find(|p| p.id == id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::expr::Evaluator;

    /// Every check of every bundled proof holds over its whole domain.
    #[test]
    fn every_bundled_check_holds() {
        for proof in loader::bundled().unwrap() {
            let rules = Rules::parse(&proof.rules).unwrap();
            let mut eval = Evaluator::new(rules);
            let mut checked = 0;
            for walk in proof.walk() {
                if let Some(outcome) = check::run(walk.step, &mut eval) {
                    assert!(
                        matches!(outcome, CheckOutcome::Holds { .. }),
                        "{} / {}: {outcome:?}",
                        proof.id,
                        walk.step.id
                    );
                    checked += 1;
                }
                // Every shown expression evaluates at the domain's first value.
                if let Some(var) = check::variable(walk.step) {
                    for (src, value) in check::instantiate(walk.step, &mut eval, &var, 3) {
                        assert!(value.is_ok(), "{} / {src}: {value:?}", proof.id);
                    }
                }
            }
            assert!(checked >= 3, "{} has only {checked} checks", proof.id);
        }
    }

    #[test]
    fn a_false_check_fails_at_the_first_bad_value() {
        let step: Step = Step {
            id: "s".into(),
            text: String::new(),
            check: Some("g(nT) = n + 1".into()),
            domain: Some("n in 1..10".into()),
            at: vec![],
            decide: None,
            undecided: None,
        };
        let mut eval = Evaluator::new(Rules::ZeroMove);
        // 1T has value 2 = 1 + 1; 2T has value 1 ≠ 3.
        assert_eq!(
            check::run(&step, &mut eval),
            Some(CheckOutcome::Fails {
                at: Some(("n".into(), 2))
            })
        );
    }

    #[test]
    fn a_passed_check_says_which_instances_it_covered() {
        let step = |check: &str, domain: Option<&str>| Step {
            id: "s".into(),
            text: String::new(),
            check: Some(check.into()),
            domain: domain.map(Into::into),
            at: vec![],
            decide: None,
            undecided: None,
        };
        let mut eval = Evaluator::new(Rules::ZeroMove);
        let run = |s: Step, eval: &mut Evaluator| match check::run(&s, eval) {
            Some(CheckOutcome::Holds { checked }) => checked,
            other => panic!("{other:?}"),
        };
        // By hand: g(nF) = n for every n, so each of these holds on exactly its domain.
        let range = run(step("g(nF) = n", Some("n in 1..300")), &mut eval);
        assert_eq!(
            range,
            Checked::Range {
                var: "n".into(),
                from: 1,
                to: 300
            }
        );
        assert_eq!(range.cases(), 300);
        let odd = run(
            step("g(nF) = n", Some("n in {2 * j + 1 : j in 0..150}")),
            &mut eval,
        );
        assert_eq!(
            odd,
            Checked::Values {
                var: "n".into(),
                count: 151,
                least: 1,
                greatest: 301
            }
        );
        let none = run(step("g(nF) = n", Some("n in {}")), &mut eval);
        assert_eq!(none, Checked::Nothing { var: "n".into() });
        assert_eq!(none.cases(), 0);
        assert_eq!(run(step("g(0) = 0", None), &mut eval), Checked::Fact);
    }

    #[test]
    fn instantiating_the_induction_step_at_eight() {
        let proof = find("zero-move-rule").unwrap().unwrap();
        let walk = proof.walk();
        let step = walk
            .iter()
            .find(|w| w.step.id == "options-of-nT")
            .unwrap()
            .step;
        let mut eval = Evaluator::new(Rules::ZeroMove);
        let shown = check::instantiate(step, &mut eval, "n", 8);
        // By hand: g(kT) for k = 0..7 is 0 2 1 4 3 6 5 8, g(8F) = 8, so the set is
        // {0, 1, 2, 3, 4, 5, 6, 8} and its mex is 7.
        let find = |src: &str| {
            shown
                .iter()
                .find(|(s, _)| s == src)
                .and_then(|(_, v)| v.as_ref().ok())
                .map(ToString::to_string)
        };
        assert_eq!(
            find("mexset(nT)").as_deref(),
            Some("{0, 1, 2, 3, 4, 5, 6, 8}")
        );
        assert_eq!(find("mex(mexset(nT))").as_deref(), Some("7"));
        assert_eq!(find("check").as_deref(), Some("true"));
    }
}
