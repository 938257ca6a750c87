//! Known theorems decide true and known false claims false with their smallest
//! counterexample; the expected answers come from the mathematics, not from the engine.

use decide::nim::{self, PileSum};
use decide::{Formula, Limits, counterexample, decide, parse, witness};

fn never() -> bool {
    false
}

fn holds(f: &Formula) -> bool {
    decide(f, Limits::default(), &never).expect("decides").holds
}

fn holds_text(t: &str) -> bool {
    holds(&parse(t).expect("parses"))
}

fn cx(f: &Formula) -> Option<Vec<(String, u128)>> {
    counterexample(f, Limits::default(), &never).expect("decides")
}

fn named(pairs: &[(&str, u128)]) -> Option<Vec<(String, u128)>> {
    Some(pairs.iter().map(|&(n, v)| (n.to_owned(), v)).collect())
}

#[test]
fn exists_four_needs_the_padding_repair() {
    assert!(holds_text("any x: x = 4"));
    assert!(holds_text("any x: x = 1000000"));
    assert!(holds_text("any x, y: x = 4 and y = 1 and x > y"));
}

#[test]
fn successor_and_halving() {
    assert!(holds_text("all x: any y: y = x + 1"));
    let halves = parse("all x: any y: x = y + y").unwrap();
    assert!(!holds(&halves));
    assert_eq!(cx(&halves), named(&[("x", 1)]));
}

#[test]
fn small_sentences() {
    assert!(holds_text("all x: x < x + 1"));
    assert!(!holds_text("any x: x + 1 = 0"));
    assert!(holds_text("all x: odd(x) <=> not even(x)"));
    assert!(holds_text("all x: x % 4 = 3 => odd(x)"));
    assert!(holds_text("all x: x / 3 * 3 + x % 3 = x"));
    assert!(holds_text("all x, y: x ^ y = y ^ x"));
    assert!(holds_text("all x, y: (x & y) + (x | y) = x + y"));
    assert!(holds_text("all x, y: x + y = (x ^ y) + 2 * (x & y)"));
    assert!(holds_text("all x: 5 * x = x + x + x + x + x"));
    assert!(!holds_text("all x: any y: 3 * y = x"));
    assert!(holds_text("all x: any q: any r < 7: x = 7 * q + r"));
    // Powers of two: x ≠ 0 and x and (x − 1) = 0; there are arbitrarily large ones.
    assert!(holds_text(
        "all n: any x: x > n and any y: y + 1 = x and x & y = 0"
    ));
    // Every number is a sum of at most... not two powers of two: 7 is not.
    let two_powers = parse(
        "all n: any a, b: (a = 0 or any c: c + 1 = a and a & c = 0) \
         and (b = 0 or any c: c + 1 = b and b & c = 0) and n = a + b",
    )
    .unwrap();
    assert_eq!(cx(&two_powers), named(&[("n", 7)]));
}

#[test]
fn smallest_counterexamples_of_simple_claims() {
    assert_eq!(cx(&parse("all x: x < 37").unwrap()), named(&[("x", 37)]));
    assert_eq!(
        cx(&parse("all x: x % 5 != 3 or x < 20").unwrap()),
        named(&[("x", 23)])
    );
    assert_eq!(cx(&parse("all x: x = x").unwrap()), None);
    // Two variables: fewest digits of the larger first, then x's digit before y's from the
    // top: among 1-digit pairs with x + y = 1, (0, 1) comes before (1, 0).
    assert_eq!(
        cx(&parse("all x, y: x + y != 1").unwrap()),
        named(&[("x", 0), ("y", 1)])
    );
}

#[test]
fn smallest_witnesses_of_existential_claims() {
    let w = |t: &str| witness(&parse(t).unwrap(), Limits::default(), &never).expect("decides");
    assert_eq!(w("any x: x > 5 and x % 7 = 3"), named(&[("x", 10)]));
    assert_eq!(w("any x: x = 4"), named(&[("x", 4)]));
    assert_eq!(w("any x < 3: x > 5"), None);
    // Powers of two above 100: 128.
    assert_eq!(
        w("any x: x > 100 and any y: y + 1 = x and x & y = 0"),
        named(&[("x", 128)])
    );
    // Three odd numbers summing to 15 with x < y < z: (1, 3, 11), (1, 5, 9), (3, 5, 7) and
    // more; fewest digits first: z < 8 leaves only (3, 5, 7).
    assert_eq!(
        w("any x, y, z: odd(x) and odd(y) and odd(z) and x < y and y < z and x + y + z = 15"),
        named(&[("x", 3), ("y", 5), ("z", 7)])
    );
}

#[test]
fn zero_move_induction_step() {
    assert!(holds(&nim::zero_move_step()));
    assert!(holds(&nim::zero_move_step_all()));
    let textbook = nim::zero_move_textbook();
    assert!(!holds(&textbook));
    assert_eq!(cx(&textbook), named(&[("n", 0)]));
    // Options kF as well: at n = 2 they are 0T, 1T, 0F, 1F, 2F with values 0, 2, 0, 1, 2,
    // whose mex is 3, not f(2) = 1 (n = 1 still agrees: values 0, 0, 1, mex 2 = f(1)).
    let with_kf = nim::zero_move_step_with_kf();
    assert!(!holds(&with_kf));
    assert_eq!(cx(&with_kf), named(&[("n", 2), ("m", 1)]));
}

#[test]
fn bouton_two_to_sixteen_piles() {
    for k in 2..=16 {
        assert!(holds(&nim::bouton_p(k, PileSum::Xor)), "k = {k}");
        assert!(holds(&nim::bouton_n(k, PileSum::Xor)), "k = {k}");
        // With or: "or = 0" means every pile is empty, so the first direction holds
        // vacuously; the second fails first at the piles 0, …, 0, 1, 1 (the least tuple of
        // one-digit piles with two non-empty piles).
        assert!(holds(&nim::bouton_p(k, PileSum::Or)), "k = {k}");
        let wrong = nim::bouton_n(k, PileSum::Or);
        assert!(!holds(&wrong), "k = {k}");
        let expected: Vec<(String, u128)> = nim::pile_names(k)
            .into_iter()
            .enumerate()
            .map(|(i, n)| (n, u128::from(i + 2 >= k)))
            .collect();
        assert_eq!(cx(&wrong), Some(expected), "k = {k}");
    }
}

#[test]
fn sum_of_nim_heaps() {
    assert!(holds(&nim::nim_sum_two()));
    for k in (1..=6).chain([12, 16]) {
        assert!(holds(&nim::nim_sum_value(k)), "k = {k}");
    }
}

#[test]
fn lasker_closed_form() {
    assert!(holds(&nim::lasker_step(false)));
    let swapped = nim::lasker_step(true);
    assert!(!holds(&swapped));
    // Lasker's values run 0, 1, 2, 4, 3, …; the swapped form says f(3) = 2, but the options
    // of 3 have values 0, 1, 2 and 1 xor 2 = 3, whose mex is 4.
    assert_eq!(cx(&swapped), named(&[("n", 3), ("m", 2)]));
}

/// Moore's Nim with k = 2 (a move takes from one or two piles), three piles. Moore's theorem:
/// a position is lost for the mover iff in every binary column the number of 1s is a multiple
/// of k + 1 = 3; with three piles that is 0 or 3 ones per column, i.e. all three piles equal.
/// A move leaves each pile at most what it was, changes at most two piles, and changes one.
const MOORE_OPTION: &str = "(a2 <= a and b2 <= b and c2 <= c) \
     and (a2 != a or b2 != b or c2 != c) \
     and (a2 = a or b2 = b or c2 = c)";

#[test]
fn moores_theorem_for_three_piles_and_k_two() {
    // From a lost position every move leads to a won one.
    assert!(holds_text(&format!(
        "all a, b, c: (a = b and b = c) => \
         (all a2, b2, c2: ({MOORE_OPTION}) => not (a2 = b2 and b2 = c2))"
    )));
    // From any other position some move leads to a lost one.
    assert!(holds_text(&format!(
        "all a, b, c: not (a = b and b = c) => \
         (any a2, b2, c2: ({MOORE_OPTION}) and a2 = b2 and b2 = c2)"
    )));
    // Bouton's rule is not Moore's: with XOR = 0 as the lost test, (1, 2, 3) is called lost,
    // yet taking 1 from the 2 and 2 from the 3 reaches (1, 1, 1), lost for the opponent. The
    // smallest counterexample is a position with xor 0 that is not all equal.
    let bouton_for_moore = format!(
        "all a, b, c: (a ^ b ^ c = 0) => \
         (all a2, b2, c2: ({MOORE_OPTION}) => not (a2 = b2 and b2 = c2))"
    );
    let found = cx(&parse(&bouton_for_moore).unwrap()).expect("a counterexample");
    let value = |name: &str| found.iter().find(|(n, _)| n == name).unwrap().1;
    let (a, b, c) = (value("a"), value("b"), value("c"));
    assert_eq!(a ^ b ^ c, 0);
    assert!(!(a == b && b == c), "{found:?}");
}
