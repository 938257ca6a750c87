//! One notation for sets and ranges: what nimlab prints (`{0..4, 6}`, `g(0..5)`) is what it
//! reads, wherever a set is read — `mex`, expressions — and its messages write ranges the same
//! way, never as Rust's `0..=N`.
//!
//! Values by hand: mex{0, 1, 2, 3, 4, 6} = 5 (0..4 are there, 5 is not); mex{0..3, 5} = 4.
//! Subtraction {1, 2}: g(n) = n mod 3, so the period is 3 from n = 0.

use crate::support::{Test, u64_of};

#[test]
fn mex_reads_the_printed_notation() {
    // Printed…
    Test::new()
        .args(["mex", "0", "1", "2", "3", "4", "6"])
        .run()
        .success()
        .stdout("mex {0..4, 6} = 5\n");
    // …and read back, as one word or as the shell splits it.
    for args in [
        vec!["mex", "{0..4, 6}"],
        vec!["mex", "{0..4,", "6}"],
        vec!["mex", "0..4", "6"],
    ] {
        Test::new()
            .args(args)
            .run()
            .success()
            .stdout("mex {0..4, 6} = 5\n");
    }
    let out = Test::new()
        .args(["mex", "--format", "json", "{0..3, 5}"])
        .run()
        .success();
    assert_eq!(
        out.json(),
        serde_json::json!({"set": [0, 1, 2, 3, 5], "mex": 4})
    );
}

#[test]
fn bad_sets_name_the_bad_token() {
    Test::new()
        .args(["mex", "{4..1}"])
        .run()
        .bad_input("4..1")
        .stderr_has("A ≤ B");
    Test::new().args(["mex", "{0..x}"]).run().bad_input("0..x");
    Test::new().args(["mex", "-1"]).run().bad_input("-1");
    Test::new().args(["mex", "{0, 1"]).run().bad_input("{0, 1");
    // A short text must not become a huge set.
    Test::new()
        .args(["mex", "0..18446744073709551615"])
        .run()
        .bad_input("0..18446744073709551615");
}

#[test]
fn expressions_read_runs_inside_sets() {
    let out = Test::new()
        .stdin("= mex{0..4, 6}\n= {0..4, 6} = {0, 1, 2, 3, 4, 6}\n= size({0..2, 2..5, 9})\n")
        .run()
        .success();
    // {0..2, 2..5, 9} = {0, 1, 2, 3, 4, 5, 9}: seven elements.
    assert_eq!(out.stdout, "5\ntrue\n7\n");
}

#[test]
fn ranges_in_messages_use_the_tools_notation() {
    let out = Test::new()
        .args(["period", "--rules", "subtract:1,2", "--to", "5"])
        .run()
        .success();
    assert!(out.stdout.contains("using g(0..5)."), "{}", out.stdout);
    assert!(!out.stdout.contains("..="), "{}", out.stdout);
    let out = Test::new()
        .args([
            "period",
            "--rules",
            "subtract:1,2",
            "--to",
            "5",
            "--format",
            "json",
        ])
        .run()
        .success();
    assert_eq!(u64_of(&out.json()["period"]), 3, "{}", out.stdout);
}

/// Typed at a terminal: the set nimlab prints is accepted as typed back.
#[cfg(unix)]
#[test]
fn a_printed_set_typed_back_at_a_terminal() {
    let state = tempfile::tempdir().expect("a temporary directory");
    let mut cmd = std::process::Command::new(crate::support::bin());
    cmd.env("NIMLAB_DATA_DIR", state.path())
        .env("NIMLAB_STATE_DIR", state.path().join("state"))
        .env("NO_COLOR", "1")
        .env("TERM", "dumb");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("spawn on a pty");
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("mex 6 4 3 2 1 0").unwrap();
    p.exp_string("mex {0..4, 6} = 5").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("mex {0..4, 6}").unwrap();
    p.exp_string("mex {0..4, 6} = 5").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("= mex{0..4, 6}").unwrap();
    p.exp_string("5").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("mex {4..1}").unwrap();
    p.exp_string("error: `4..1` is not valid here: expected a run `A..B` with A")
        .unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
