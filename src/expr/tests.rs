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

#[test]
fn hand_checked_values() {
    let cases: &[(&str, &str)] = &[
        ("3 xor 5", "6"),
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
        // Division rounds down and the remainder is never negative: -7 = -4·2 + 1.
        ("-7 / 2", "-4"),
        ("-7 % 2", "1"),
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
    ] {
        let (e, _) = error(source);
        assert!(
            matches!(e.kind, ErrorKind::Overflow { .. }),
            "{source}: {e}"
        );
        assert!(e.to_string().contains("never wraps"), "{source}: {e}");
    }
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
