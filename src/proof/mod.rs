//! Proofs the engine checks: the model, the loader (YAML through `crate::yaml`) and the checks.
//! Stepping through a proof in the REPL is `command::prove`'s job.

pub mod check;
pub mod error;
pub mod induction;
pub mod loader;
pub mod model;
pub mod positions;
pub mod sentence;
pub mod translate;

pub use check::{CheckError, CheckOutcome, Checked, EvidenceRow, Shown};
pub use error::{ProofError, ProofErrorKind};
pub use model::{Proof, ProofStep, Section, Walk};
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

    fn never() -> bool {
        false
    }

    fn decided(text: &str, define: &std::collections::BTreeMap<String, String>) -> Decided {
        match sentence::decide_text(text, define, sentence::STEP_LIMITS, &never) {
            DecideOutcome::Decided(d) => d,
            other => panic!("{text}: {other:?}"),
        }
    }

    /// Every `decide` sentence of every bundled proof is decided true, and its step's finite
    /// check holds too (the two agree); the steps the proofs leave undecided say why.
    #[test]
    fn every_bundled_sentence_is_decided_true() {
        let mut count = 0;
        for proof in loader::bundled().unwrap() {
            let rules = Rules::parse(&proof.rules).unwrap();
            let mut eval = Evaluator::new(rules);
            for walk in proof.walk() {
                let step = walk.step;
                if let Some(text) = &step.decide {
                    let d = decided(text, &proof.define);
                    assert!(d.holds, "{} / {}", proof.id, step.id);
                    assert!(d.stats.largest > 0);
                    assert!(matches!(
                        check::run(step, &mut eval),
                        Some(CheckOutcome::Holds { .. })
                    ));
                    count += 1;
                } else if step.domain.is_some() {
                    assert!(step.undecided.is_some(), "{} / {}", proof.id, step.id);
                }
            }
        }
        // zero-move-rule 6, bouton 4, sprague-grundy-sum 4 (three piles of mixed states too).
        assert_eq!(count, 14);
    }

    /// Deliberately false variants of the proofs' sentences, decided false with the
    /// smallest counterexample found by hand.
    #[test]
    fn false_variants_are_decided_false_at_their_smallest_counterexample() {
        let zero_move = find("zero-move-rule").unwrap().unwrap();
        let mut define = zero_move.define.clone();
        // The textbook's rule: n + 1 for odd n, n - 1 for even n, nothing special at 0.
        define.insert(
            "tb(k, v)".into(),
            "(odd(k) and v = k + 1) or (even(k) and v + 1 = k)".into(),
        );
        define.insert(
            "optTB(n, v)".into(),
            "(any k < n: tb(k, v)) or (n >= 1 and v = n)".into(),
        );
        // At n = 0 the rule has no value (0 - 1 is not a natural number).
        let d = decided(
            "all n: any m: tb(n, m) and not optTB(n, m) and (all j < m: optTB(n, j))",
            &define,
        );
        assert!(!d.holds);
        assert_eq!(d.counterexample, Some(vec![("n".into(), 0u128.into())]));
        // Options of nT that wrongly include kF (value k): at n = 2 the values are
        // 0 (0), 2 (1T), 1 (1F), 2 (2F), so the mex is 3, not f(2) = 1.
        define.insert(
            "optKF(n, v)".into(),
            "optT(n, v) or (any k < n: v = k)".into(),
        );
        let d = decided(
            "all n: all m: zm(n, m) => not optKF(n, m) and (all j < m: optKF(n, j))",
            &define,
        );
        assert!(!d.holds);
        // m is the rule's value there, f(2) = 1.
        assert_eq!(
            d.counterexample,
            Some(vec![("n".into(), 2u128.into()), ("m".into(), 1u128.into())])
        );
        // Bouton with OR in place of XOR: at piles 0, 1, 1 the OR is 1 and no move makes it
        // 0 (each move leaves a 1). No smaller triple: among one-digit triples, fewer than
        // two non-zero piles can always be cleared, and (0, 1, 1) is the first of the rest.
        let d = decided(
            "all a, b, c: a | b | c != 0 => (any y < a: y | b | c = 0) or (any y < b: a | y | c = 0) or (any y < c: a | b | y = 0)",
            &define,
        );
        assert!(!d.holds);
        assert_eq!(
            d.counterexample,
            Some(vec![
                ("a".into(), 0u128.into()),
                ("b".into(), 1u128.into()),
                ("c".into(), 1u128.into())
            ])
        );
    }

    #[test]
    fn a_false_check_fails_at_the_first_bad_value() {
        let step: ProofStep = ProofStep {
            id: "s".into(),
            text: String::new(),
            check: Some("g(nT) = n + 1".into()),
            domain: Some("n in 1..10".into()),
            at: vec![],
            decide: None,
            states: None,
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
        let step = |check: &str, domain: Option<&str>| ProofStep {
            id: "s".into(),
            text: String::new(),
            check: Some(check.into()),
            domain: domain.map(Into::into),
            at: vec![],
            decide: None,
            states: None,
            undecided: None,
        };
        let mut eval = Evaluator::new(Rules::ZeroMove);
        let run = |s: ProofStep, eval: &mut Evaluator| match check::run(&s, eval) {
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
