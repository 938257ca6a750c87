//! The shell and the workbench agree: help lists every command and reaches subcommands,
//! flags after an expression are flags, newcomers' spellings are forgiven or answered with a
//! suggestion, the workbench's own commands start it or are refused with a way in, and
//! completions and the man page come from the one command definition.

use crate::support::Test;

/// Every command the language has, written out by hand: `help` must name each one.
const EVERY_COMMAND: &[&str] = &[
    "mex",
    "grundy",
    "period",
    "winner",
    "move",
    "nimsum",
    "=",
    "derive",
    "conjecture",
    "verify",
    "prove",
    "expand",
    "at",
    "next",
    "back",
    "lesson",
    "goto",
    "skip",
    "reveal",
    "rules",
    "position",
    "set",
    "play",
    "take",
    "pass",
    "undo",
    "hint",
    "resign",
    "step",
    "run",
    "help",
    "quit",
];

/// Commands that act on an activity in the workbench.
const WORKBENCH_ONLY: &[&str] = &[
    "expand", "at", "next", "back", "goto", "skip", "reveal", "take", "pass", "undo", "hint",
    "resign",
];

#[test]
fn help_lists_every_command() {
    let out = Test::new().arg("help").run().success();
    for name in EVERY_COMMAND {
        let listed = out
            .stdout
            .lines()
            .any(|l| l.trim_start().split_whitespace().next() == Some(name));
        assert!(listed, "`{name}` missing from help:\n{}", out.stdout);
    }
}

#[test]
fn help_reaches_a_subcommand_both_ways() {
    for args in [["help", "lesson", "start"], ["lesson", "help", "start"]] {
        Test::new()
            .args(args)
            .run()
            .success()
            .stdout_has("Usage: lesson start")
            .stdout_has("--present");
    }
    Test::new()
        .args(["lesson", "help"])
        .run()
        .success()
        .stdout_has("lesson list");
    Test::new()
        .args(["help", "lesson", "begin"])
        .run()
        .bad_input("begin");
}

#[test]
fn the_shell_help_keeps_workbench_commands_apart() {
    let out = Test::new().arg("--help").run().success();
    let commands: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for name in WORKBENCH_ONLY {
        assert!(!commands.contains(name), "{name} in {commands:?}");
    }
    for name in EVERY_COMMAND.iter().filter(|n| !WORKBENCH_ONLY.contains(n)) {
        assert!(commands.contains(name), "{name} not in {commands:?}");
    }
}

/// 3 = 011 and 5 = 101 differ in bits 2 and 1: 3 xor 5 = 110 = 6.
#[test]
fn flags_after_an_expression_are_flags() {
    for args in [
        vec!["=", "3", "xor", "5", "--format", "json"],
        vec!["=", "3", "xor", "5", "--format=json"],
        vec!["eval", "3", "xor", "--format", "json", "5"],
    ] {
        let out = Test::new().args(args.clone()).run().success();
        let json = out.json();
        assert_eq!(json["value"], 6, "{args:?}: {}", out.stdout);
        assert_eq!(json["expr"], "3 xor 5", "{args:?}: {}", out.stdout);
    }
    // The same in a script line.
    let out = Test::new()
        .stdin("= 3 xor 5 --format json\n")
        .run()
        .success();
    assert_eq!(out.json()["value"], 6, "{}", out.stdout);
}

/// In Nim a heap of n has options 0..n-1, so by induction and mex g(n) = n.
#[test]
fn flags_after_a_formula_are_flags() {
    let out = Test::new()
        .args([
            "conjecture",
            "g(n)",
            "=",
            "n",
            "--rules",
            "nim",
            "--format",
            "json",
        ])
        .run()
        .success();
    let json = out.json();
    assert_eq!(json["rules"], "nim", "{}", out.stdout);
    assert_eq!(json["holds"], true, "{}", out.stdout);
}
