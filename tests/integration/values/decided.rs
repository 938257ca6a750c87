//! What the decider decides, as `decide` and `conjecture` print it and as a script reads it:
//! the scope of a quantifier's bound, counterexamples of any size, one exit-code policy (true
//! 0, false 1, not decided 2), and a decided verdict that is never dropped. Every expected
//! value is worked out by hand in the comment beside it.

use crate::support::Test;

fn decide(sentence: &str) -> crate::support::Output {
    Test::new().args(["decide", sentence]).run()
}

/// `all x: any x < x + 1: x = 5` reads the bound `x + 1` with the outer x: at x = 0 the only
/// candidate is 0, not 5, so the sentence is false and x = 0 is its smallest counterexample.
/// `any x <= x` and `any x <= x + 0` are the same bound: both false at x = 0 (0 is not 7).
#[test]
fn a_bound_is_read_outside_the_quantifier_it_bounds() {
    decide("all x: any x < x + 1: x = 5")
        .code(1)
        .stdout_has("false (decided: ")
        .stdout_has("smallest counterexample x = 0\n");
    for sentence in ["all x: any x <= x: x = 7", "all x: any x <= x + 0: x = 7"] {
        decide(sentence)
            .code(1)
            .stdout_has("smallest counterexample x = 0\n");
    }
    // True where every x has its candidate: x itself is below x + 1.
    decide("all x: any y < x + 1: y = x")
        .code(0)
        .stdout_has("true for every x");
    // Alone, the bound's x is bound by nothing: both forms are refused alike.
    for sentence in ["any x <= x: x = 7", "any x <= x + 0: x = 7"] {
        decide(sentence).bad_input("x");
    }
}

/// `all x: not (… a8 <= x)` where a1 = 2·(2^64 − 1) and a(i+1) = 1024·a(i): every x below
/// a8 passes, and the smallest counterexample is a8 = (2^64 − 1)·2^71 =
/// 43556142965880123320950766509831508459520 (by hand), 135 binary digits.
#[test]
fn a_counterexample_past_2_to_the_128_is_shown_exactly() {
    let c = u64::MAX;
    let mut d = format!("a1 = {c} + {c}");
    for i in 2..=8 {
        d = format!("(any a{}: {d} and a{i} = 1024 * a{})", i - 1, i - 1);
    }
    let sentence = format!("all x: not (any a8: {d} and a8 <= x)");
    let out = decide(&sentence).code(1);
    let one_line = out.stdout.replace('\n', " ");
    assert!(
        one_line.contains("smallest counterexample x = 43556142965880123320950766509831508459520"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("not decided"), "{}", out.stdout);
    let out = Test::new()
        .args(["--format", "json", "decide", &sentence])
        .run()
        .code(1);
    // The number exactly, as a JSON number (serde_json reads it losslessly here).
    assert!(
        out.stdout.contains(
            r#""counterexample":[{"value":43556142965880123320950766509831508459520,"var":"x"}]"#
        ),
        "{}",
        out.stdout
    );
}

/// One policy for a claim: decided true exits 0, decided false 1 (a check that ran and
/// failed, as a false `conjecture`), stopped at a limit 2 (work past a limit), each as the
/// README's table says.
#[test]
fn decide_exits_0_true_1_false_2_not_decided() {
    // By hand: every n is k + k or k + k + 1.
    decide("all n: any k: n = k + k or n = k + k + 1")
        .success()
        .stdout_has("true for every n");
    // By hand: every x below 5 is below 6 — and only that is said, with the bound.
    decide("all x < 5: x < 6")
        .success()
        .stdout_has("true for every x < 5 (decided: ");
    // By hand: 1 is not y + y.
    decide("all x: any y: x = y + y")
        .code(1)
        .stdout_has("smallest counterexample x = 1")
        .stderr("error: the sentence is false\n");
    // 50 terms of a: decided within the default limit, but not within 1000 work units.
    let sum = vec!["a"; 50].join(" + ");
    let sentence = format!("all a: {sum} = 50 * a");
    let out = Test::new()
        .args(["decide", "--work", "1000", &sentence])
        .run()
        .code(2)
        .stdout_has("not decided: the work passed 1000 units, the limit");
    assert!(
        out.stderr.starts_with("error: ") && out.stderr.contains("`decide --work 2000`"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

/// A sentence that ends early says what should have come next, not "at ``".
#[test]
fn a_sentence_ending_early_names_what_was_expected() {
    let out = decide("all a: a = a +").code(2);
    assert_eq!(
        out.stderr,
        "error: `all a: a = a +`: the sentence ends where a term (a number, a name, `(` or `if`) was expected\n"
    );
    decide("all a")
        .code(2)
        .stderr_has("the sentence ends where `:` was expected");
    decide("all a: a + 1")
        .code(2)
        .stderr_has("ends where a comparison (`=`, `!=`, `<`, `<=`, `>` or `>=`) was expected");
}

/// `if n = 1000001 then 0 else n` is Nim's g(n) = n everywhere but n = 1000001, where it says
/// 0 (by hand: g(1000001) = 1000001 in Nim). The decider finds it; the range 0..1000 agrees.
/// A script reads false: exit 1, top-level `holds` false.
#[test]
fn a_conjecture_decided_false_is_false_for_a_script() {
    let formula = "g(n) = if n = 1000001 then 0 else n";
    Test::new()
        .args(["conjecture", "--rules", "nim", formula])
        .run()
        .code(1)
        .stdout_has("fails at n = 1000001 (decided by induction")
        .stderr_has("decided false at n = 1000001");
    let out = Test::new()
        .args(["--format", "json", "conjecture", "--rules", "nim", formula])
        .run()
        .code(1);
    let v = out.json();
    assert_eq!(v["holds"], false, "{v}");
    assert_eq!(v["holds_by_mex"], true, "{v}");
    assert_eq!(v["decided"]["fails_at"], 1_000_001, "{v}");
    // With a domain of its own the claim is about that domain: 0..50 all agree.
    Test::new()
        .args([
            "conjecture",
            "--rules",
            "nim",
            "g(n) = if n = 1000001 then 0 else n for n in 0..50",
        ])
        .run()
        .code(0);
}

/// Lasker's Nim has g(n) = n + 1 for n ≡ 3, n − 1 for n ≡ 0 (n > 0), else n (mod 4); the
/// formula below says 0 at n = 999999 (≡ 3, so g = 1000000). Valuing Lasker by mex up to
/// 999999 passes the work limit; the decided verdict stays: false at 999999, exit 1.
#[test]
fn a_decided_verdict_stays_when_mex_cannot_reach_it() {
    Test::new()
        .args([
            "conjecture",
            "--rules",
            "lasker",
            "g(n) = if n = 999999 then 0 else if n % 4 = 3 then n + 1 else if n % 4 = 0 and n > 0 then n - 1 else n",
        ])
        .run()
        .code(1)
        .stdout_has("fails at n = 999999 (decided by induction")
        .stderr_has("decided false at n = 999999");
}

/// With a domain of its own too far for mex (Lasker's Nim to 999999 passes the limits), the
/// decider's verdict is kept: the formula below says 0 at n = 999995, which is ≡ 3 (mod 4),
/// where Lasker's g is n + 1 = 999996 (by hand) — false, inside the domain, exit 1; not
/// compared with mex, and said so.
#[test]
fn a_decided_verdict_stays_when_mex_refuses_the_range() {
    let out = Test::new()
        .args([
            "--format",
            "json",
            "conjecture",
            "--rules",
            "lasker",
            "g(n) = if n = 999995 then 0 else if n % 4 = 3 then n + 1 else if n % 4 = 0 and n > 0 then n - 1 else n for n in 999990..999999",
        ])
        .run()
        .code(1);
    let v = out.json();
    assert_eq!(v["holds"], false, "{v}");
    assert_eq!(v["holds_by_mex"], serde_json::Value::Null, "{v}");
    assert_eq!(v["checked"], 0, "{v}");
    assert!(
        v["not_checked"]
            .as_str()
            .is_some_and(|s| s.contains("lasker")),
        "{v}"
    );
    assert_eq!(v["decided"]["fails_at"], 999_995, "{v}");
}

/// Nim's g(n) = n (by hand), so `if n = 5000 then 0 else n` fails at 5000 alone, past the
/// 0..1000 compared by mex: said as the decider's smallest counterexample confirmed by mex
/// there, never as "1 of the 1001 values checked" (5000 is not one of them).
#[test]
fn a_failure_past_the_range_is_not_counted_in_it() {
    let out = Test::new()
        .args([
            "conjecture",
            "--rules",
            "nim",
            "g(n) = if n = 5000 then 0 else n",
        ])
        .run()
        .code(1);
    assert!(out.stdout.contains("fails at n = 5000"), "{}", out.stdout);
    let text = out.stdout.replace('\n', " ");
    assert!(
        text.contains("past the values compared by mex, 0..1000"),
        "{text}"
    );
    assert!(!out.stderr.contains("1001 values"), "{}", out.stderr);
    assert!(
        out.stderr.contains("decided false at n = 5000"),
        "{}",
        out.stderr
    );
}
