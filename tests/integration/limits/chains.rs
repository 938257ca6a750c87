//! Long chains of binary operators (a few thousand `+`, `&`, `|`, `% 7`, `=>`, `<=>`) used to
//! abort nimlab with a stack overflow: the decider's parser built a tree as tall as the chain
//! and every walk over it (lowering, compiling, printing, dropping) recursed that deep. Now a
//! chain that would stack the sentence past the decider's limit is refused in one line (exit
//! 2), flat chains (`xor`, `and`, `or`) stay flat, and a conjecture whose induction sentence
//! would be too tall is not decided, in words, and still checked by mex. Each input is built
//! here and run through the real binary.

use crate::support::{Output, Test};

/// `n` copies of `item` joined by `op`.
fn chain(item: &str, op: &str, n: usize) -> String {
    vec![item; n].join(op)
}

/// Exit 2, one line on stderr saying the operators are too many, no abort.
#[track_caller]
fn refused_in_one_line(out: Output) {
    let out = out.code(2);
    assert!(!out.stderr.contains("overflow"), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("error: ")
            && out.stderr.contains(
                "more than 1000 of the operators `+`, `&`, `|`, `*`, `/`, `%`, `=>` and `<=>`"
            ),
        "{}",
        out.stderr
    );
}

/// The chains that aborted `decide`, 6 000 operators each.
fn attacks() -> Vec<String> {
    let k = 6000;
    vec![
        format!("all a: {} = a", chain("a", " + ", k)),
        format!("all a: {} = a", chain("a", " & ", k)),
        format!("all a: {} = a", chain("a", " | ", k)),
        format!("all a: a{} = a", " % 7".repeat(k)),
        format!("all a: {}", chain("a = a", " => ", k)),
        format!("all a: {}", chain("a = a", " <=> ", k)),
    ]
}

#[test]
fn decide_refuses_a_long_operator_chain_in_one_line() {
    for sentence in attacks() {
        refused_in_one_line(Test::new().args(["decide", &sentence]).run());
    }
}

/// The same lines piped into the REPL: each refused, the session goes on.
#[test]
fn piped_chains_are_refused_and_the_session_goes_on() {
    let mut script: String = attacks().iter().map(|s| format!("decide {s}\n")).collect();
    script.push_str("= 6 * 7\n");
    let out = Test::new().stdin(script).run().code(2);
    assert!(!out.stderr.contains("overflow"), "{}", out.stderr);
    assert_eq!(
        out.stderr
            .lines()
            .filter(|l| l.contains("more than 1000 of the operators"))
            .count(),
        6,
        "{}",
        out.stderr
    );
    assert!(out.stdout.ends_with("42\n"), "{}", out.stdout);
}

/// Within the limit a chain is decided: `a = a => a = a => …` is true (each implication's
/// both sides hold), `a + a + … (40 terms) = 40 * a` is true by hand.
#[test]
fn a_chain_within_the_limit_is_decided() {
    let implications = format!("all a: {}", chain("a = a", " => ", 900));
    Test::new()
        .args(["decide", &implications])
        .run()
        .success()
        .stdout_has("true for every a");
    let sum = format!("all a: {} = 40 * a", chain("a", " + ", 40));
    Test::new()
        .args(["decide", &sum])
        .run()
        .success()
        .stdout_has("true for every a");
}

/// `g(n) = n xor 0 xor 0 …` (8 000 terms) is Nim's g(n) = n (x xor 0 = x): its induction
/// sentence would stand thousands of levels tall, so it is not decided, in words, and the range
/// still holds by mex.
#[test]
fn a_conjecture_with_a_long_chain_is_checked_by_mex() {
    let formula = format!("g(n) = n{}", " xor 0".repeat(8000));
    let out = Test::new()
        .args(["conjecture", "--rules", "nim", &formula])
        .run()
        .success();
    let text = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(
            "not decided for every n: the sentence is nested more than 2000 levels deep, the limit"
        ),
        "{text}"
    );
    assert!(text.contains("holds for n = 0..1000"), "{text}");
}

/// `lost(a, b) = (a = b and a = b and …)` (20 000 terms) is two-pile Nim's rule (lost exactly
/// when the piles are equal): one flat conjunction, decided. Read from a script, as the line
/// is longer than a command line may be.
#[test]
fn a_long_and_chain_in_a_lost_claim_is_decided() {
    let claim = format!("lost(a, b) = ({})", chain("a = b", " and ", 20_000));
    let out = Test::new()
        .stdin(format!("conjecture --rules nim {claim}\n"))
        .run()
        .success();
    let text = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("holds for every position of 2 piles (decided by induction"),
        "{text}"
    );
}

const HEAD: &str = "format: 1\nid: deep\nversion: 1\ntitle: Deep\nsteps:\n";

/// A lesson whose `run:` step is a 6 000-term chain: `lesson check` reports the step broken
/// (exit 1) and `lesson start` says why and goes on to the next step.
#[test]
fn a_lesson_running_a_long_chain_does_not_abort() {
    let sentence = format!("all a: {} = a", chain("a", " + ", 6000));
    let lesson = format!(
        "{HEAD}  - id: chain\n    run: \"decide {sentence}\"\n  - id: ask\n    ask: Q?\n    answer: \"abs(6 * 7)\"\n"
    );
    let test = Test::new();
    let file = test
        .write("deep.yaml", &lesson)
        .to_string_lossy()
        .into_owned();
    let out = test.args(["lesson", "check", &file]).run().code(1);
    assert!(!out.stderr.contains("overflow"), "{}", out.stderr);
    assert!(
        out.stdout.contains("step `chain`")
            && out.stdout.contains("more than 1000 of the operators"),
        "{}",
        out.stdout
    );
    let test = Test::new();
    let path = test.write("deep.yaml", &lesson);
    let dir = path
        .parent()
        .expect("a directory")
        .to_string_lossy()
        .into_owned();
    let out = test
        .args(["--lessons", &dir])
        .stdin("lesson start deep\nnext\n42\n")
        .run();
    assert!(!out.stderr.contains("overflow"), "{}", out.stderr);
    let all = format!("{}{}", out.stdout, out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(all.contains("more than 1000 of the operators"), "{all}");
    assert!(all.contains("Correct!"), "{all}");
}
