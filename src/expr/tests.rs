//! The expression language against hand-checked values, and every error path.

use super::*;
use crate::engine::Rules;

fn eval(source: &str) -> Result<Value, ExprError> {
    evaluate(source, &Rules::ZeroMove)
}

fn show(source: &str) -> String {
    match eval(source) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("`{source}` failed: {e}"),
    }
}

// Long on purpose: one table of expressions and their values, each checked by hand in the
// comment beside it.
#[test]
fn hand_checked_values() {
    let cases: &[(&str, &str)] = &[
        ("3 xor 5", "6"),
        // 13 = 1101₂ has three 1s: odious; 0, 3 = 11₂ and 5 = 101₂ are evil.
        ("popcount(13)", "3"),
        ("popcount(0)", "0"),
        ("odious(13)", "true"),
        ("odious(0)", "false"),
        ("evil(5)", "true"),
        ("evil(7)", "false"),
        // Misère Grundy values by search (Conway's g⁻): the empty position is worth 1, a heap
        // of 1 is worth mex{1} = 0, two heaps of 1 mex{0} = 1, a heap of 2 mex{0, 1} = 2.
        ("mg(nim, 0)", "1"),
        ("mg(nim, 1)", "0"),
        ("mg(nim, 1, 1)", "1"),
        ("mg(nim, 2)", "2"),
        // F(0..10) = 0 1 1 2 3 5 8 13 21 34 55.
        ("fib(0)", "0"),
        ("fib(2)", "1"),
        ("fib(10)", "55"),
        // 20 = 13 + 5 + 2 and 100 = 89 + 8 + 3, no two consecutive; 0 is the empty sum.
        ("zeckendorf(20)", "{2, 5, 13}"),
        ("zeckendorf(100)", "{3, 8, 89}"),
        ("zeckendorf(0)", "{}"),
        ("min(zeckendorf(20))", "2"),
        // Kayles (0.77) from the literature: 0 1 2 3 1 4 3 2 1 4 2 6 for n = 0..11.
        ("g(octal:0.77, 7)", "2"),
        ("g(octal:.77, 11)", "6"),
        ("g(octal:0.77, 4) xor g(octal:0.77, 9)", "5"),
        ("3 ^ 5", "6"),
        ("3 ⊕ 5", "6"),
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("10 - 2 - 3", "5"),
        ("2 - 5", "-3"),
        ("7 / 2", "3"),
        ("7 % 2", "1"),
        // Division rounds down and the remainder takes the divisor's sign: -7 = -4·2 + 1,
        // 7 = -3·(-3) - 2, -7 = 2·(-3) - 1, -7 = -3·3 + 2.
        ("-7 / 2", "-4"),
        ("-7 % 2", "1"),
        ("7 / -3", "-3"),
        ("7 % -3", "-2"),
        ("-7 / -3", "2"),
        ("-7 % -3", "-1"),
        ("-7 / 3", "-3"),
        ("-7 % 3", "2"),
        ("6 / -3", "-2"),
        ("6 % -3", "0"),
        // -2^127 % -1 is 0, though -2^127 / -1 = 2^127 does not fit.
        ("(-170141183460469231731687303715884105727 - 1) % -1", "0"),
        (
            "(-170141183460469231731687303715884105727 - 1) / 1",
            "-170141183460469231731687303715884105728",
        ),
        // Powers whose exponent is huge but whose value is not: 1, 0 and ±1 (2^127 - 1 is odd).
        ("pow(1, 170141183460469231731687303715884105727)", "1"),
        ("pow(0, 170141183460469231731687303715884105727)", "0"),
        ("pow(-1, 170141183460469231731687303715884105727)", "-1"),
        ("pow(-1, 170141183460469231731687303715884105726)", "1"),
        ("pow(0, 0)", "1"),
        ("pow(7, 0)", "1"),
        ("pow(-2, 3)", "-8"),
        ("pow(1, -5)", "1"),
        ("pow(-1, -3)", "-1"),
        ("pow(-1, -4)", "1"),
        // 10 - 2 - 3 groups to the left; so do * / %: (2 * 3) % 4 = 2, (12 / 2) / 3 = 2.
        ("1 - 2 - 3", "-4"),
        ("2 * 3 % 4", "2"),
        ("12 / 2 / 3", "2"),
        ("-2 * 3", "-6"),
        ("- - 3", "3"),
        ("not not true", "true"),
        // `implies` groups to the right: false implies (true implies false) is true, where
        // (false implies true) implies false would be false.
        ("false implies true implies false", "true"),
        ("true implies true implies false", "false"),
        ("1 < 2 and 2 < 3 and 3 < 4", "true"),
        ("1 > 2 or 2 > 3 or 3 < 4", "true"),
        // Short circuits: the division by zero is never reached.
        ("false and 1 / 0 = 1", "false"),
        ("true or 1 / 0 = 1", "true"),
        ("false implies 1 / 0 = 1", "true"),
        ("1..3 union {7} union 5..5", "{1, 2, 3, 5, 7}"),
        ("1 + 2 = 3 and not 1 = 2", "true"),
        (
            "size(1..170141183460469231731687303715884105727)",
            "170141183460469231731687303715884105727",
        ),
        // xor binds looser than +: (1 + 2) xor 3 = 0.
        ("1 + 2 xor 3", "0"),
        ("odd(3)", "true"),
        ("odd(-1)", "true"),
        ("even(0)", "true"),
        ("mex{0, 2, 3}", "1"),
        ("mex(0, 1, 3)", "2"),
        ("mex{}", "0"),
        ("mex(0..4)", "5"),
        ("mex{1, 2}", "0"),
        // Zero-move by hand: 7 odd → 8; 8 even → 7; nF is a Nim pile; the empty pile is 0.
        ("g(zero-move, 7T)", "8"),
        ("g(zero-move, 8T)", "7"),
        ("g(zero-move, 7F)", "7"),
        ("g(zero-move, 0)", "0"),
        ("g(7)", "8"),
        ("g((1 + 2)T)", "4"),
        ("g(nim, 5)", "5"),
        ("g(misere, 5)", "5"),
        // subtract:1,3,4 runs 0 1 0 1 2 3 2 0 …
        ("g(subtract:{1,3,4}, 6)", "2"),
        ("g(subtract:{1,3,4}, 7)", "0"),
        // 3T's options 0, 1T, 2T, 3F have values 0, 2, 1, 3.
        ("mexset(zero-move, 3T)", "{0, 1, 2, 3}"),
        // 8T: kT for k < 8 give 0 2 1 4 3 6 5 8, and 8F gives 8; the mex is 7.
        ("mexset(8T)", "{0, 1, 2, 3, 4, 5, 6, 8}"),
        ("mex(mexset(8T))", "7"),
        ("nimsum(3, 4, 5)", "2"),
        ("nimsum()", "0"),
        // 18T→17, 47T→48, 34T→33 and 17⊕48⊕33 = 0.
        ("winner(zero-move, 18, 47, 34)", "second"),
        ("winner(zero-move, 18, 47, 34) = second", "true"),
        ("winner(nim, 3, 4, 5)", "first"),
        ("winner(misere, 1, 1)", "first"),
        ("winner(misere, 1, 1, 1)", "second"),
        ("all n in 0..100: n xor n = 0", "true"),
        ("any n in 0..10: n * n = 49", "true"),
        ("any n in 0..6: n * n = 49", "false"),
        ("all n in 1..0: false", "true"),
        ("all n in {2, 4, 8}: even(n)", "true"),
        ("if 1 < 2 then 10 else 20", "10"),
        ("if odd(4) then 1 else if odd(5) then 2 else 3", "2"),
        ("not 1 = 2 and true", "true"),
        ("false implies 1 = 2", "true"),
        ("true implies 1 = 2", "false"),
        ("1 = 2 or 2 = 2", "true"),
        ("{1, 2} union {2, 3} = {1, 2, 3}", "true"),
        ("{1, 2} ∪ {5}", "{1, 2, 5}"),
        ("{k * k : k in 0..3}", "{0, 1, 4, 9}"),
        ("{g(kT) : k in 0..3}", "{0, 1, 2, 4}"),
        ("0..3 = {0, 1, 2, 3}", "true"),
        ("3 in 0..5", "true"),
        ("6 in {1, 2}", "false"),
        ("pow(2, 64)", "18446744073709551616"),
        // The largest pile: odd, so its value is 2^64, beyond u64 but exact here.
        (
            "g(zero-move, 18446744073709551615T)",
            "18446744073709551616",
        ),
        ("size({1, 2, 2})", "2"),
        ("size(1..10)", "10"),
        ("min(3, 1, 2)", "1"),
        ("max{3, 1, 2}", "3"),
        ("abs(-4)", "4"),
        ("10 ≥ 3", "true"),
        ("3 ≠ 3", "false"),
        ("3 == 3", "true"),
        ("2T", "2T"),
        // Large sets shorten their runs.
        ("{k : k in 0..30} union {40, 41, 50}", "{0..30, 40, 41, 50}"),
        // Whole positions by search. Nim {1, 2, 3} is lost (every move leaves a pair or a
        // position with a mirror reply), so its value is 0; {1, 2} has options {2}, {1} and
        // {1, 1} with values 2, 1, 0, so mex 3.
        ("g(nim, 1, 2, 3)", "0"),
        ("g(nim, 1, 2)", "3"),
        ("lost(nim, 1, 2, 3)", "true"),
        ("lost(nim, 1, 1)", "true"),
        ("lost(nim, 1, 2)", "false"),
        // Misère: a lone 1 must be taken and loses; 1 + 1 leaves the opponent a lone 1.
        ("lost(misere, 1)", "true"),
        ("lost(misere, 1, 1)", "false"),
        // Zero-move 1T + 2F: every move loses (see the verify tests).
        ("lost(zero-move, 1T, 2F)", "true"),
        ("g(zero-move, 1T, 2F)", "0"),
        // {1, 1}'s only option is {1}, of value 1.
        ("mexset(nim, 1, 1)", "{1}"),
    ];
    for (source, expected) in cases {
        assert_eq!(show(source), *expected, "{source}");
    }
}

#[test]
fn variables_are_bound_by_the_caller() {
    let expr = parse("g(nT) = if odd(n) then n + 1 else n - 1").unwrap();
    let mut ev = Evaluator::new(Rules::ZeroMove);
    for (n, holds) in [(0, false), (1, true), (2, true), (9, true)] {
        ev.bind("n", Value::Int(n));
        assert_eq!(ev.eval(&expr).unwrap(), Value::Bool(holds), "n = {n}");
    }
}

/// The error for `source`, and the text its span covers.
fn error(source: &str) -> (ExprError, String) {
    let e = eval(source).expect_err(source);
    let covered = source.get(e.span.clone()).unwrap_or("").to_string();
    (e, covered)
}

#[test]
fn syntax_errors_point_at_the_bad_token() {
    let cases: &[(&str, &str, &str)] = &[
        // (source, text under the caret, words the message must contain)
        ("3 + )", ")", "unexpected `)`"),
        ("3 +", "", "unexpected end of the expression"),
        ("(1 + 2", "", "`)`"),
        ("2 ** 3", "**", "no power operator"),
        ("3 < 4 < 5", "<", "do not chain"),
        ("if true then 1", "", "`else`"),
        ("all n 0..3: true", "0", "`in`"),
        ("{1, 2", "", "`}`"),
        ("3 $ 4", "$", "unexpected `$`"),
        ("7Tx", "Tx", "`T` or `F`"),
        ("1 2", "2", "an operator or the end"),
        ("g(zero-mov, 3)", "zero-mov", "unknown rules"),
        // Without braces the set would swallow the piles: refused, never misread.
        ("g(subtract:1,3,4, 7)", "1", "in braces"),
        ("g(subtract:2, 5)", "2", "`subtract:{2}`"),
    ];
    for (source, under, words) in cases {
        let (e, covered) = error(source);
        assert_eq!(covered, *under, "{source}: {e}");
        assert!(e.to_string().contains(words), "{source}: {e}");
    }
}

#[test]
fn evaluation_errors_name_the_culprit() {
    let cases: &[(&str, &str, &str)] = &[
        ("foo(3)", "foo", "unknown function `foo`: expected one of"),
        ("nimsun(1, 2)", "nimsun", "did you mean `nimsum`"),
        ("winer(3)", "winer", "did you mean `winner`"),
        ("Mexset(3T)", "Mexset", "did you mean `mexset`"),
        ("n + 1", "n", "unknown name `n`"),
        ("1 / 0", "0", "division by zero"),
        ("5 % 0", "0", "division by zero"),
        ("odd(1, 2)", "odd(1, 2)", "takes one number, not 2"),
        ("1 + true", "true", "expected a number"),
        ("if 1 then 2 else 3", "1", "expected true or false"),
        ("g(nim, 3T)", "3T", "no pass"),
        ("g(-1)", "-1", "pile size"),
        ("1 = {1}", "{1}", "to compare"),
        ("-1 xor 3", "-1", "≥ 0"),
        ("mexset(5000000T)", "mexset(5000000T)", "too long"),
        ("7 / 0", "0", "division by zero"),
        ("pow(0, -1)", "0", "division by zero"),
        ("pow(2, -1)", "pow(2, -1)", "pow(2, -1) is a fraction"),
        ("pow(-3, -2)", "pow(-3, -2)", "not a whole number"),
        ("true and 1", "1", "expected true or false"),
        ("1 or true", "1", "expected true or false"),
        ("1 + 2 + true", "true", "expected a number"),
        ("{1} + 2 + 3", "{1}", "expected a number"),
        ("1..2..3", "..", "a range has two ends"),
    ];
    for (source, under, words) in cases {
        let (e, covered) = error(source);
        assert_eq!(covered, *under, "{source}: {e}");
        assert!(e.to_string().contains(words), "{source}: {e}");
    }
}

#[test]
fn overflow_is_an_error_never_a_wrap() {
    for source in [
        "170141183460469231731687303715884105727 + 1",
        "-170141183460469231731687303715884105727 - 2",
        "pow(2, 127)",
        "pow(2, 64) * pow(2, 64)",
        "1000000000000000000000000000000000000000000",
        "-(-170141183460469231731687303715884105727 - 1)",
        "(-170141183460469231731687303715884105727 - 1) / -1",
        "pow(2, 170141183460469231731687303715884105727)",
        "pow(-2, 128)",
        "abs(-170141183460469231731687303715884105727 - 1)",
        // 0..2^127 - 1 has 2^127 elements, one more than the largest integer.
        "size(0..170141183460469231731687303715884105727)",
        // All 2^128 integers: more than even a u128 counts.
        "size((-170141183460469231731687303715884105727 - 1)..170141183460469231731687303715884105727)",
    ] {
        let (e, _) = error(source);
        assert!(
            matches!(e.kind, ErrorKind::Overflow { .. }),
            "{source}: {e}"
        );
        assert!(e.to_string().contains("never wraps"), "{source}: {e}");
    }
    // The message names the operation.
    let (e, _) = error("(-170141183460469231731687303715884105727 - 1) / -1");
    assert!(e.to_string().contains("/ -1 is too large"), "{e}");
    let (e, _) = error("pow(2, 128)");
    assert!(e.to_string().starts_with("pow(2, 128) is too large"), "{e}");
    // The largest value is still exact.
    assert_eq!(
        show("pow(2, 126) - 1 + pow(2, 126)"),
        "170141183460469231731687303715884105727"
    );
}

#[test]
fn the_budget_stops_long_evaluations() {
    let (e, covered) = error("all n in 0..1000000000000: n >= 0");
    assert!(matches!(e.kind, ErrorKind::Budget { .. }), "{e}");
    assert!(covered.starts_with("all n"), "{covered}");
    assert!(e.to_string().contains("steps"), "{e}");
    // Nested quantifiers blow up quadratically and are stopped too.
    let expr = parse("all a in 0..100: all b in 0..100: a + b >= 0").unwrap();
    let mut small = Evaluator::new(Rules::Nim).with_budget(1_000);
    assert!(matches!(
        small.eval(&expr).unwrap_err().kind,
        ErrorKind::Budget { limit: 1_000 }
    ));
    // A huge range as a set is refused by the budget rather than built.
    assert!(matches!(
        error("size(0..1000000000000 union {1})").0.kind,
        ErrorKind::Budget { .. }
    ));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn fragment() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "n",
            "0",
            "1",
            "7",
            "170141183460469231731687303715884105727",
            "+",
            "-",
            "*",
            "/",
            "%",
            "xor",
            "^",
            "=",
            "<",
            "and",
            "or",
            "not",
            "(",
            ")",
            "{",
            "}",
            ",",
            "..",
            ":",
            "if",
            "then",
            "else",
            "all",
            "any",
            "in",
            "mex",
            "g",
            "odd",
            "even",
            "nimsum",
            "winner",
            "zero-move",
            "nim",
            "7T",
            "pow",
            "union",
            "for",
        ])
    }

    proptest! {
        /// Random expressions parse and evaluate to a value or an error, within the budget.
        #[test]
        fn random_expressions_end(parts in prop::collection::vec(fragment(), 0..14)) {
            let source = parts.join(" ");
            if let Ok(expr) = parse(&source) {
                let _ = Evaluator::new(Rules::ZeroMove).with_budget(100_000).eval(&expr);
            }
        }

        /// Any text at all: the lexer and parser never panic.
        #[test]
        fn any_text_parses_or_errs(source in "\\PC{0,40}") {
            let _ = parse(&source);
        }
    }
}

/// a = (a / b)·b + a % b, with the remainder 0 or of b's sign and smaller than b, for every a
/// in a range and divisors of both signs; checked by the language itself, over its own `/`
/// and `%`, against the identity that defines them.
#[test]
fn division_and_remainder_agree() {
    assert_eq!(
        show(
            "all a in -30..30: all b in {-7, -3, -2, -1, 1, 2, 5}: \
             a = (a / b) * b + a % b and (a % b = 0 or (a % b < 0) = (b < 0)) \
             and abs(a % b) < abs(b)"
        ),
        "true"
    );
}

// Long on purpose: one table of deeply nested inputs, each run in the same small stack.
/// Deeply nested expressions, each at the bound (parsed and evaluated, to a value checked by
/// hand) and one level past it (refused, naming the token that went too deep), in a thread with
/// a 2 MB stack like a test's or a worker's, in whatever build the tests run.
#[test]
fn nesting_is_bounded_and_safe_in_a_small_stack() {
    let n = MAX_DEPTH;
    // (what, the expression nested k times, the most k allowed, its value, the token named
    // when k is one more).
    type Attack = (
        &'static str,
        fn(usize) -> String,
        usize,
        &'static str,
        &'static str,
    );
    let attacks: &[Attack] = &[
        (
            "brackets",
            |k| format!("{}1{}", "(".repeat(k), ")".repeat(k)),
            n,
            "1",
            "(",
        ),
        ("minus", |k| format!("{}1", "- ".repeat(k)), n, "1", "-"),
        (
            "not",
            |k| format!("{}true", "not ".repeat(k)),
            n,
            "true",
            "not",
        ),
        (
            "if",
            |k| format!("{}1{}", "if true then ".repeat(k), " else 0".repeat(k)),
            n,
            "1",
            "if",
        ),
        (
            "else if",
            |k| format!("{}7", "if false then 0 else ".repeat(k)),
            n,
            "7",
            "if",
        ),
        (
            "calls",
            |k| format!("{}1{}", "abs(".repeat(k), ")".repeat(k)),
            n,
            "1",
            "(",
        ),
        // g(0) = 0 in every ruleset, so g(g(…g(0)…)) is 0.
        (
            "g with rules",
            |k| format!("{}0{}", "g(zero-move, ".repeat(k), ")".repeat(k)),
            n,
            "0",
            ",",
        ),
        (
            "second arguments",
            |k| format!("{}5{}", "max(0, ".repeat(k), ")".repeat(k)),
            n,
            "5",
            "(",
        ),
        // A call of a set is two nodes, so half as many; mex{1} = 0 and mex{0} = 1, so an even
        // nest is 1.
        (
            "mex of sets",
            |k| format!("{}1{}", "mex{".repeat(k), "}".repeat(k)),
            n / 2,
            "1",
            "{",
        ),
        // A quantifier, with the range `0..0` under it: one level fewer.
        (
            "quantifiers",
            |k| format!("{}true", "all n in 0..0: ".repeat(k)),
            n - 1,
            "true",
            "..",
        ),
        // The innermost set `{1}` is a level of its own.
        (
            "set builders",
            |k| format!("{}{{1}}{}", "{k : k in ".repeat(k), "}".repeat(k)),
            n - 1,
            "{1}",
            "{",
        ),
    ];
    for &(name, build, most, value, token) in attacks {
        assert_eq!(
            run_small(&build(most)).as_deref(),
            Ok(value),
            "{name} at the bound"
        );
        let refused = run_small(&build(most + 1)).expect_err(name);
        assert_eq!(
            refused,
            format!("expression nested too deeply: more than {n} levels at `{token}`"),
            "{name}"
        );
        // Far past the bound: refused as quickly, never a crash.
        let far = run_small(&build(100_000)).expect_err(name);
        assert!(far.contains("nested too deeply"), "{name}: {far}");
    }
}

/// Operators that wrap the left side build a tall tree without brackets; its height is bounded
/// as well as the brackets. Each level here is (x * 1 + 0 xor 0): three nodes.
#[test]
fn tall_trees_are_bounded_too() {
    let nest = |k: usize| (0..k).fold("1".to_string(), |x, _| format!("({x} * 1 + 0 xor 0)"));
    assert_eq!(run_small(&nest(MAX_DEPTH / 3)).as_deref(), Ok("1"));
    let refused = run_small(&nest(MAX_DEPTH / 3 + 1)).expect_err("too tall");
    assert!(refused.contains("nested too deeply"), "{refused}");
}

/// Parses and evaluates `source` in a thread with a 2 MB stack: its value or its error.
fn run_small(source: &str) -> Result<String, String> {
    let source = source.to_string();
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let expr = parse(&source).map_err(|e| e.to_string())?;
            Evaluator::new(Rules::ZeroMove)
                .eval(&expr)
                .map(|v| v.to_string())
                .map_err(|e| e.to_string())
        })
        .expect("a thread")
        .join()
        .expect("no panic")
}

/// Long runs of one operator are flat: no depth limit, evaluated in a loop.
#[test]
fn long_runs_of_one_operator_evaluate() {
    let k = 100_000;
    let ones = vec!["1"; k];
    // k ones added; k - 1 of them taken from 2k; 1 multiplied k times; k trues.
    assert_eq!(run_small(&ones.join(" + ")).as_deref(), Ok("100000"));
    let minus = format!("{} - {}", 2 * k, ones[1..].join(" - "));
    assert_eq!(run_small(&minus).as_deref(), Ok("100001"));
    assert_eq!(run_small(&ones.join(" * ")).as_deref(), Ok("1"));
    // An even number of ones xor to 0.
    assert_eq!(run_small(&ones.join(" xor ")).as_deref(), Ok("0"));
    assert_eq!(
        run_small(&vec!["true"; k].join(" and ")).as_deref(),
        Ok("true")
    );
    assert_eq!(
        run_small(&vec!["false"; k].join(" or ")).as_deref(),
        Ok("false")
    );
    assert_eq!(
        run_small(&vec!["true"; k].join(" implies ")).as_deref(),
        Ok("true")
    );
    assert_eq!(
        run_small(&vec!["{1}"; k].join(" union ")).as_deref(),
        Ok("{1}")
    );
    assert_eq!(
        run_small(&format!(
            "size{{{}}}",
            (0..k).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
        ))
        .as_deref(),
        Ok("100000")
    );
    assert_eq!(
        run_small(&format!("max({})", ones.join(", "))).as_deref(),
        Ok("1")
    );
}

/// A tree built by hand rather than parsed can be deeper than the parser allows; the evaluator
/// refuses it rather than exhaust the stack.
#[test]
fn the_evaluator_bounds_depth_itself() {
    let deep = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut expr = Expr {
                kind: ExprKind::Int(1),
                span: 0..1,
            };
            for _ in 0..MAX_DEPTH + 10 {
                expr = Expr {
                    kind: ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand: Box::new(expr),
                    },
                    span: 0..1,
                };
            }
            Evaluator::new(Rules::Nim).eval(&expr).map_err(|e| e.kind)
        })
        .expect("a thread")
        .join()
        .expect("no panic");
    assert!(
        matches!(
            deep,
            Err(ErrorKind::TooDeep {
                limit: MAX_DEPTH,
                at: None
            })
        ),
        "{deep:?}"
    );
}

/// A 100 000-character number or name is refused in a message of one short line.
#[test]
fn huge_tokens_make_short_messages() {
    let digits = "7".repeat(100_000);
    let name = "x".repeat(100_000);
    for (source, words) in [
        (
            digits.clone(),
            "the number `77777777777777777777…7777777777` (100000 characters)",
        ),
        (
            name.clone(),
            "unknown name `xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxx` (100000 characters)",
        ),
        (
            format!("{name}(1)"),
            "unknown function `xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxx`",
        ),
        (
            format!("1 {name}"),
            "unexpected `xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxx` (100000 characters)",
        ),
    ] {
        let message = eval(&source).expect_err("refused").to_string();
        assert!(message.contains(words), "{message}");
        assert!(message.len() < 300, "{} characters", message.len());
    }
}

mod division {
    use super::*;
    use proptest::prelude::*;

    /// `x` as the language writes it: -2^127 has no literal of its own.
    fn literal(x: Int) -> String {
        if x == Int::MIN {
            format!("({} - 1)", Int::MIN + 1)
        } else {
            format!("({x})")
        }
    }

    proptest! {
        /// `/` and `%` in the language against the Euclidean quotient, adjusted to round down
        /// for negative divisors.
        #[test]
        fn the_language_rounds_down(x in any::<Int>(), y in any::<Int>().prop_filter("not 0", |y| *y != 0)) {
            let (q, r) = match (x.checked_div_euclid(y), x.checked_rem_euclid(y)) {
                (Some(q), Some(r)) if y < 0 && r != 0 => (Some(q - 1), r + y),
                (Some(q), Some(r)) => (Some(q), r),
                // Only -2^127 by -1: the quotient overflows, the remainder is 0.
                _ => (None, 0),
            };
            let quotient = eval(&format!("{} / {}", literal(x), literal(y)));
            match q {
                Some(q) => prop_assert_eq!(quotient, Ok(Value::Int(q))),
                None => {
                    let overflowed = matches!(quotient.map_err(|e| e.kind), Err(ErrorKind::Overflow { .. }));
                    prop_assert!(overflowed);
                }
            }
            prop_assert_eq!(eval(&format!("{} % {}", literal(x), literal(y))), Ok(Value::Int(r)));
        }
    }
}

/// `nimmul` (or `⊗`) binds like `*`: tighter than `+` and `xor`, left to right with `*`.
#[test]
fn nim_multiplication_as_an_operator() {
    let cases: &[(&str, &str)] = &[
        // 8 ⊗ 8 = 13 and 16 ⊗ 16 = 24 (Fermat 2-powers square to 3F/2; see the engine's tests).
        ("8 nimmul 8", "13"),
        ("16 ⊗ 16", "24"),
        // 3 ⊗ 3 = (2 ⊕ 1) ⊗ (2 ⊕ 1) = 3 ⊕ 2 ⊕ 2 ⊕ 1 = 2.
        ("2 + 3 nimmul 3", "4"),
        ("3 nimmul 3 xor 1", "3"),
        // Left to right with `*`: (2 * 3) ⊗ 3 = 6 ⊗ 3 = 8 ⊕ 4 ⊕ 3 ⊕ 2 = 13; 2 * (3 ⊗ 3) = 4.
        ("2 * 3 nimmul 3", "13"),
        ("3 nimmul 3 * 2", "4"),
        // The largest nimbers stay in 64 bits.
        (
            "18446744073709551615 nimmul 18446744073709551615 <= 18446744073709551615",
            "true",
        ),
        (
            "all a in 0..15: all b in 0..15: a nimmul b = b nimmul a",
            "true",
        ),
    ];
    for (source, expected) in cases {
        assert_eq!(show(source), *expected, "{source}");
    }
}

#[test]
fn nim_multiplication_refuses_what_is_not_a_64_bit_nimber() {
    for (source, found, at) in [
        ("-1 nimmul 3", "-1", 0..2),
        (
            "2 nimmul 18446744073709551616",
            "18446744073709551616",
            9..29,
        ),
    ] {
        let e = eval(source).unwrap_err();
        assert_eq!(e.span, at, "{source}");
        assert!(
            matches!(&e.kind, ErrorKind::Type { got: crate::expr::Got::Bare(f), needed: crate::expr::Needed::Nimber } if f == found),
            "{source}: {e}"
        );
    }
    assert!(eval("true nimmul 3").is_err());
    assert!(eval("nimmul(2, 3)").is_err(), "an operator, not a function");
}
