//! The public surface: limits and cancellation end a run with an error value, sentences with
//! free variables are refused, automata can be read and drawn, and the expression layer
//! (sums of several terms, constants, if-then-else) means what it says.

use decide::nim::{self, PileSum};
use decide::{
    DecideError, Expr, Limits, Rel, compile, compile_with_order, decide, eq, ite, lt, parse, rel,
};
use std::cell::Cell;

fn never() -> bool {
    false
}

#[test]
fn limits_give_errors_not_panics() {
    let f = nim::lasker_step(false);
    let few_states = Limits {
        max_states: 5,
        max_work: u64::MAX,
    };
    assert_eq!(
        decide(&f, few_states, &never),
        Err(DecideError::StateLimit { limit: 5 })
    );
    let little_work = Limits {
        max_states: usize::MAX,
        max_work: 1000,
    };
    assert_eq!(
        decide(&f, little_work, &never),
        Err(DecideError::WorkLimit { limit: 1000 })
    );
}

#[test]
fn cancellation_is_asked_and_obeyed() {
    let asked = Cell::new(0u32);
    let cancel = || {
        asked.set(asked.get() + 1);
        asked.get() > 2
    };
    let f = nim::bouton_n(64, PileSum::Xor);
    assert_eq!(
        decide(&f, Limits::default(), &cancel),
        Err(DecideError::Cancelled)
    );
    assert_eq!(asked.get(), 3);
}

#[test]
fn free_variables_are_named() {
    // In order of first appearance after lowering: the sum's definition comes first.
    let f = parse("x < y + 1").unwrap();
    assert_eq!(
        decide(&f, Limits::default(), &never),
        Err(DecideError::FreeVariables {
            names: vec!["y".into(), "x".into()]
        })
    );
    let order = vec!["x".to_owned()];
    assert!(matches!(
        compile_with_order(&f, &order, Limits::default(), &never),
        Err(DecideError::FreeOrderMismatch { .. })
    ));
    assert_eq!(
        decide(&decide::div("x", 0, "y"), Limits::default(), &never).unwrap_err(),
        DecideError::FreeVariables {
            names: vec!["x".into(), "y".into()]
        }
    );
    let zero = decide::all("x", decide::any("y", decide::modulo("x", 0, "y")));
    assert_eq!(
        decide(&zero, Limits::default(), &never),
        Err(DecideError::ZeroDivisor)
    );
}

#[test]
fn automata_can_be_read_and_drawn() {
    let c = compile(&parse("x + y = z").unwrap(), Limits::default(), &never).unwrap();
    assert_eq!(c.free_vars(), ["x", "y", "z"]);
    let a = c.automaton();
    assert_eq!(a.state_count(), 3);
    assert_eq!(a.track_count(), 3);
    assert!(a.is_accepting(0));
    // Every state's transition groups cover all 8 letters exactly once.
    for s in 0..a.state_count() {
        let covered: usize = a
            .transitions(s)
            .iter()
            .map(|t| 1 << t.digits.iter().filter(|d| d.is_none()).count())
            .sum();
        assert_eq!(covered, 8);
    }
    let dot = c.to_dot();
    assert!(dot.starts_with("digraph"));
    assert!(dot.contains("// tracks: x y z"));
    assert!(dot.contains("doublecircle"));
    assert!(c.accepts(&[3, 4, 7]));
    assert!(!c.accepts(&[3, 4, 8]));
    assert_eq!(c.stats().final_states, 3);
}

#[test]
fn expressions_with_several_terms_and_conditionals() {
    let holds = |f| decide(&f, Limits::default(), &never).unwrap().holds;
    // x + y + 3 < z, checked against arithmetic on a few values.
    let f = rel(
        Expr::from("x") + Expr::from("y") + Expr::from(3),
        Rel::Lt,
        "z",
    );
    let c = compile(&f, Limits::default(), &never).unwrap();
    for (x, y, z) in [(0, 0, 4), (0, 0, 3), (5, 6, 15), (5, 6, 14), (100, 1, 105)] {
        assert_eq!(c.accepts(&[x, y, z]), x + y + 3 < z, "{x} {y} {z}");
    }
    // max(x, y) as if-then-else: it is at least both and equals one of them.
    let max = || ite(lt("x", "y"), "y", "x");
    let claim = decide::all_of(
        ["x", "y"],
        decide::and([
            rel(max(), Rel::Ge, "x"),
            rel(max(), Rel::Ge, "y"),
            decide::or([rel(max(), Rel::Eq, "x"), rel(max(), Rel::Eq, "y")]),
        ]),
    );
    assert!(holds(claim));
    // The same in text, and a wrong one.
    assert!(holds(
        parse("all x, y: (if x < y then y else x) + (if x < y then x else y) = x + y").unwrap()
    ));
    assert!(!holds(
        parse("all x, y: (if x < y then y else x) = x").unwrap()
    ));
    // x ^ y ^ z as one atom.
    assert!(holds(
        parse("all x, y, z: (x ^ y) ^ z = x ^ (y ^ z)").unwrap()
    ));
    assert!(holds(decide::all(
        "x",
        decide::not(eq("x", 5)).into_or_eq5()
    )));
}

trait OrEq5 {
    fn into_or_eq5(self) -> decide::Formula;
}

impl OrEq5 for decide::Formula {
    fn into_or_eq5(self) -> decide::Formula {
        decide::or([self, eq("x", 5)])
    }
}

#[test]
fn dot_of_less_than() {
    let c = compile(&parse("x < y").unwrap(), Limits::default(), &never).unwrap();
    let dot = c.to_dot();
    // Two states: "not less" (start) and "less" (accepting); the letter x=0, y=1 leads to
    // "less", x=1, y=0 back, equal digits stay.
    assert_eq!(c.automaton().state_count(), 2);
    assert!(dot.contains("0 -> 1 [label=\"01\"]"), "{dot}");
    assert!(dot.contains("1 -> 0 [label=\"10\"]"), "{dot}");
    assert!(dot.contains("1 [shape=doublecircle]"), "{dot}");
}

/// `all x: not (… a8 <= x)` where a1 = 2·(2^64 − 1) and each a(i+1) = 1024·a(i): every x
/// below a8 = (2^64 − 1)·2^71 passes, and a8 itself is the smallest counterexample.
fn past_2_to_the_128() -> String {
    let c = u64::MAX;
    let mut d = format!("a1 = {c} + {c}");
    for i in 2..=8 {
        d = format!("(any a{}: {d} and a{i} = 1024 * a{})", i - 1, i - 1);
    }
    format!("all x: not (any a8: {d} and a8 <= x)")
}

/// A false claim whose smallest counterexample passes 2^128 still has it, exactly.
#[test]
fn a_counterexample_past_2_to_the_128_is_found_exactly() {
    // (2^64 − 1)·2^71 = 43556142965880123320950766509831508459520, worked out by hand: 135
    // binary digits.
    let claim = decide::parse(&past_2_to_the_128()).unwrap();
    let never = || false;
    let limits = decide::Limits::default();
    let cx = decide::counterexample_exact(&claim, limits, &never)
        .unwrap()
        .unwrap();
    assert_eq!(cx.len(), 1);
    assert_eq!(cx[0].0, "x");
    assert_eq!(
        cx[0].1.to_string(),
        "43556142965880123320950766509831508459520"
    );
    assert_eq!(cx[0].1.bits(), 135);
    // The u128 form says it does not fit, rather than a wrong number.
    assert_eq!(
        decide::counterexample(&claim, limits, &never),
        Err(decide::DecideError::WitnessTooLarge { digits: 135 })
    );
}
