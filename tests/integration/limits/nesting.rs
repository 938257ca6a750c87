//! Expressions built to exhaust the stack (about 1 500 nested brackets used to abort nimlab with
//! a stack overflow), on the real binary: `=` on the shell, lines piped into the REPL, and a
//! lesson's `{{ }}` and `answer:` through `lesson check` and `lesson start`. Each is refused with
//! one clear line naming the token that went too deep, and nothing crashes; long flat sums, which
//! are not deep at all, are evaluated. Every run is under the builder's timeout.

use std::path::PathBuf;

use crate::support::{Output, Test};

/// The start of the message for anything nested more than 200 levels.
const TOO_DEEP: &str = "expression nested too deeply: more than 200 levels at";

fn brackets(k: usize) -> String {
    format!("{}1{}", "(".repeat(k), ")".repeat(k))
}

/// 1 + 1 + … with k terms: k.
fn ones(k: usize) -> String {
    vec!["1"; k].join(" + ")
}

/// Each way of nesting, 1 500 levels deep, and the token the refusal names.
fn attacks() -> Vec<(String, &'static str)> {
    let k = 1500;
    vec![
        (brackets(k), "("),
        ("- ".repeat(k) + "1", "-"),
        ("not ".repeat(k) + "true", "not"),
        (
            format!("{}1{}", "if true then ".repeat(k), " else 0".repeat(k)),
            "if",
        ),
        ("if false then 0 else ".repeat(k) + "1", "if"),
        (format!("{}1{}", "abs(".repeat(k), ")".repeat(k)), "("),
        (
            format!("{}0{}", "g(zero-move, ".repeat(k), ")".repeat(k)),
            ",",
        ),
        (format!("{}1{}", "mex{".repeat(k), "}".repeat(k)), "{"),
        ("all n in 0..0: ".repeat(k) + "true", ".."),
        (
            format!("{}{{1}}{}", "{k : k in ".repeat(k), "}".repeat(k)),
            "{",
        ),
    ]
}

/// Exit code 2, no panic, nothing on stdout, and `first` as the first line of stderr.
#[track_caller]
fn refused(out: Output, first: &str) {
    let out = out.code(2);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert!(!out.stderr.contains("overflow"), "{}", out.stderr);
    assert_eq!(out.stderr.lines().next(), Some(first), "{}", out.stderr);
    assert_eq!(out.stdout, "");
}

#[test]
fn the_shell_refuses_deep_nesting_in_one_line() {
    for (source, token) in attacks() {
        let out = Test::new().args(["=", &source]).run();
        refused(out, &format!("error: {TOO_DEEP} `{token}`"));
    }
}

#[test]
fn the_shell_evaluates_long_flat_sums() {
    // 10 000 ones make 10 000; 10 000 trues joined by `and` are true.
    Test::new()
        .args(["=", &ones(10_000)])
        .run()
        .success()
        .stdout("10000\n");
    Test::new()
        .args(["=", &vec!["true"; 10_000].join(" and ")])
        .run()
        .success()
        .stdout("true\n");
}

#[test]
fn the_repl_prints_the_refusal_and_carries_on() {
    let mut script = String::new();
    for (source, _) in attacks() {
        script.push_str(&format!("= {source}\n"));
    }
    script.push_str(&format!("= {}\n= 6 * 7\n", ones(10_000)));
    let out = Test::new().stdin(script).run().code(2);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    // Each attack's line is refused in turn; then the sum and the product are answered.
    let errors: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error: line"))
        .collect();
    let expected: Vec<String> = attacks()
        .iter()
        .enumerate()
        .map(|(i, (_, token))| format!("error: line {}: {TOO_DEEP} `{token}`", i + 1))
        .collect();
    assert_eq!(errors, expected, "{}", out.stderr);
    assert_eq!(out.stdout, "10000\n42\n");
}

const HEAD: &str = "format: 1\nid: deep\nversion: 1\ntitle: Deep\nsteps:\n";

/// A lesson directory holding `deep.yaml` with `steps`.
fn lesson(test: &Test, steps: &str) -> PathBuf {
    let path = test.write("deep.yaml", &format!("{HEAD}{steps}"));
    path.parent().expect("a directory").to_path_buf()
}

#[test]
fn lesson_check_reports_deep_expressions_as_broken_steps() {
    let deep = brackets(1500);
    let test = Test::new();
    let dir = lesson(
        &test,
        &format!(
            "  - id: text\n    text: \"hi {{{{ {deep} }}}}\"\n  - id: ask\n    ask: Q?\n    answer: \"{deep}\"\n"
        ),
    );
    let file = dir.join("deep.yaml").to_string_lossy().into_owned();
    // A broken lesson is a failed check: exit 1, one line for each broken step.
    let out = test.args(["lesson", "check", &file]).run().code(1);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    for step in ["text", "ask"] {
        let line = out
            .stdout
            .lines()
            .find(|l| l.contains(&format!("step `{step}`")))
            .unwrap_or_else(|| panic!("no line for step `{step}`:\n{}", out.stdout));
        assert!(line.contains(&format!("{TOO_DEEP} `(`")), "{line}");
    }
}

#[test]
fn lesson_check_accepts_long_flat_sums() {
    let sum = ones(10_000);
    let test = Test::new();
    let dir = lesson(
        &test,
        // The answer computes with a function: a constant answer is refused as a literal.
        &format!("  - id: sum\n    ask: \"Sum: {{{{ {sum} }}}}?\"\n    answer: \"abs({sum})\"\n"),
    );
    let file = dir.join("deep.yaml").to_string_lossy().into_owned();
    test.args(["lesson", "check", &file])
        .run()
        .success()
        .stdout_has("all passed");
}

#[test]
fn lesson_start_warns_of_deep_expressions_and_carries_on() {
    let deep = brackets(1500);
    let test = Test::new();
    let dir = lesson(
        &test,
        &format!(
            "  - id: text\n    text: \"hi {{{{ {deep} }}}}\"\n  - id: ask\n    ask: Q?\n    answer: \"{deep}\"\n"
        ),
    );
    let dir = dir.to_string_lossy().into_owned();
    let out = test
        .args(["--lessons", &dir])
        .stdin("lesson start deep\nnext\n1\n= 6 * 7\n")
        .run()
        .code(0);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    // Prose wraps at the width: read it as one line.
    let all = format!("{}{}", out.stdout, out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // The text's `{{ }}` and the answer both name the limit; the session still answers.
    assert!(all.matches(TOO_DEEP).count() >= 2, "{all}");
    assert!(out.stdout.ends_with("42\n"), "{}", out.stdout);
}

#[test]
fn lesson_start_accepts_a_long_flat_sum_as_the_answer() {
    let sum = ones(10_000);
    let test = Test::new();
    let dir = lesson(
        &test,
        &format!("  - id: sum\n    ask: \"Sum: {{{{ {sum} }}}}?\"\n    answer: \"{sum}\"\n"),
    );
    let dir = dir.to_string_lossy().into_owned();
    test.args(["--lessons", &dir])
        .stdin("lesson start deep\n10000\n")
        .run()
        .success()
        .stdout_has("Sum: 10000?")
        .stdout_has("Correct!");
}
