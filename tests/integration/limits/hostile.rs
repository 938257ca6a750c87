//! Hostile lessons: expressions built to run forever, `run` steps that try to leave nimlab's
//! own commands, and a 100 MB file — each refused with a clear error, quickly.

use std::time::{Duration, Instant};

use crate::support::Test;

const HEAD: &str = "format: 1\nid: hostile\nversion: 1\ntitle: Hostile\nsteps:\n";

fn check(test: Test, body: &str) -> (String, Duration) {
    let path = test.write("hostile.yaml", &format!("{HEAD}{body}"));
    let path = path.to_string_lossy().into_owned();
    let start = Instant::now();
    // Debug builds on a loaded machine spend many seconds on the budget: the guard is generous.
    let out = test
        .args(["lesson", "check", &path])
        .timeout(Duration::from_secs(120))
        .run()
        .code(1);
    (out.stdout, start.elapsed())
}

#[test]
fn a_claim_that_would_run_forever_stops_with_the_step_budget() {
    let (out, took) = check(
        Test::new(),
        "  - id: forever\n    claim: every pile has a value\n    check: \"all n in 0..1000000000000: g(zero-move, nT) >= 0\"\n",
    );
    assert!(out.contains("step `forever`"), "{out}");
    assert!(out.to_lowercase().contains("step"), "{out}");
    // A guard against running on, not a timing test: the budget stops it in seconds.
    assert!(took < Duration::from_secs(90), "took {took:?}");
}

#[test]
fn run_steps_cannot_leave_nimlab_commands() {
    // Each line tries to reach outside: another script, a file, standard input, quitting,
    // a lesson inside a lesson, a game from a file.
    let attempts = [
        "run /etc/passwd",
        "winner --file /etc/passwd",
        "move --file /etc/hostname",
        "position -",
        "winner --rules nim -",
        "quit",
        "lesson start mex",
        "play --file /etc/passwd",
        "grundy --rules graph:/etc/passwd",
        "rules graph:/etc/passwd",
    ];
    let body: String = attempts
        .iter()
        .enumerate()
        .map(|(i, a)| format!("  - id: escape-{i}\n    run: \"{a}\"\n"))
        .collect();
    let (out, _) = check(Test::new(), &body);
    for (i, attempt) in attempts.iter().enumerate() {
        let line = out
            .lines()
            .find(|l| l.contains(&format!("step `escape-{i}`")))
            .unwrap_or_else(|| panic!("`{attempt}` was not refused:\n{out}"));
        assert!(line.contains(attempt), "{line}");
    }
    assert!(!out.contains("root:"), "a file's contents leaked:\n{out}");
}

#[test]
fn a_100_mb_lesson_is_refused_without_being_read() {
    let test = Test::new();
    let path = test.write("huge.yaml", "");
    // Sparse: 100 MB long without writing 100 MB.
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(100 * 1024 * 1024))
        .expect("a sparse file");
    let path = path.to_string_lossy().into_owned();
    let start = Instant::now();
    // Debug builds on a loaded machine spend many seconds on the budget: the guard is generous.
    let out = test
        .args(["lesson", "check", &path])
        .timeout(Duration::from_secs(120))
        .run()
        .code(1);
    assert!(out.stdout.contains("104857600 bytes"), "{}", out.stdout);
    assert!(start.elapsed() < Duration::from_secs(5));
}
