//! Bad input: exit code 2, no panic, one line on stderr naming the bad token, nothing on
//! stdout.

use std::time::{Duration, Instant};

use crate::support::Test;

#[track_caller]
fn refuse(args: &[&str], token: &str) {
    let out = Test::new()
        .args(args.iter().copied())
        .run()
        .bad_input(token);
    assert_eq!(out.stdout, "", "{args:?}: stdout");
}

#[test]
fn bad_piles() {
    refuse(&["winner", "abc"], "abc");
    refuse(&["winner", "-3"], "-3");
    refuse(&["winner", "3", "4x"], "4x");
    refuse(&["move", "7G"], "7G");
    refuse(&["nimsum", "3", "1.5"], "1.5");
    refuse(&["winner", "18446744073709551616"], "18446744073709551616");
    // T and F mean nothing outside zero-move.
    refuse(&["winner", "--rules", "nim", "3T"], "3T");
    refuse(&["move", "--rules", "misere", "2F"], "2F");
}

#[test]
fn bad_rules() {
    refuse(&["winner", "--rules", "nosuch", "3"], "nosuch");
    // The message lists what is valid.
    Test::new()
        .args(["winner", "--rules", "nosuch", "3"])
        .run()
        .stderr_has("`nim`")
        .stderr_has("`zero-move`")
        .stderr_has("`misere`")
        .stderr_has("`subtract:");
    refuse(&["grundy", "--rules", "subtract:", "3"], "subtract:");
    refuse(&["grundy", "--rules", "subtract:0", "3"], "subtract:0");
    refuse(&["grundy", "--rules", "subtract:1,0", "3"], "subtract:1,0");
    refuse(&["grundy", "--rules", "subtract:x", "3"], "subtract:x");
    refuse(&["grundy", "--rules", "subtract:-1", "3"], "subtract:-1");
}

#[test]
fn bad_ranges() {
    refuse(&["grundy", "9..2"], "9..2");
    refuse(&["grundy", "1..x"], "1..x");
}

#[test]
fn bad_mex() {
    refuse(&["mex", "x"], "x");
    refuse(&["mex", "0", "-1"], "-1");
}

#[test]
fn unknown_command() {
    // clap names the token in quotes of its own; require the token and one line.
    let out = Test::new().args(["frobnicate", "3"]).run().code(2);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    assert!(out.stderr.contains("frobnicate"), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

/// A range too large to print is refused at once: no table of 10^8 rows is built.
#[test]
fn a_huge_range_is_refused_quickly() {
    let start = Instant::now();
    refuse(&["grundy", "0..100000000"], "0..100000000");
    refuse(
        &["grundy", "0..18446744073709551615"],
        "0..18446744073709551615",
    );
    // Generous: this only catches a table being computed, never a slow machine.
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn no_piles() {
    for command in ["winner", "move", "nimsum"] {
        let out = Test::new().arg(command).run().code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{command}: {}", out.stderr);
        assert!(
            out.stderr.starts_with("error: "),
            "{command}: {}",
            out.stderr
        );
    }
}

#[test]
fn a_missing_pile_file() {
    let out = Test::new()
        .args(["winner", "--file", "no-such-file.txt"])
        .run()
        .code(2);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("no-such-file.txt"), "{}", out.stderr);
}

#[test]
fn a_bad_pile_in_a_file() {
    let test = Test::new();
    let path = test.write("piles.txt", "3 4\n5 oops 6\n");
    test.args(["winner", "--file"])
        .arg(path.to_string_lossy().into_owned())
        .run()
        .bad_input("oops");
}

/// Nothing to refuse: a good line prints its answer and nothing on stderr.
#[test]
fn a_good_line_is_quiet_on_stderr() {
    // mex {0, 1, 3} = 2 by hand.
    Test::new()
        .args(["mex", "0", "1", "3"])
        .run()
        .success()
        .stderr("")
        .stdout("mex {0, 1, 3} = 2\n");
}

/// A bad option value (clap's parsing): one line that names the value and the valid choices.
#[test]
fn bad_option_values_list_the_choices() {
    let out = Test::new()
        .args(["--color", "sometimes", "winner", "3"])
        .run()
        .code(2);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    let out = out
        .stderr_has("sometimes")
        .stderr_has("always")
        .stderr_has("never");
    assert_eq!(out.stdout, "");
    Test::new()
        .args(["winner", "--format", "xml", "3"])
        .run()
        .code(2)
        .stderr_has("xml")
        .stderr_has("json");
}

/// A missing argument: the one line must say which argument is missing.
#[test]
fn a_missing_argument_is_named() {
    let out = Test::new().args(["set", "1"]).run().code(2);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.to_lowercase().contains("pile"), "{}", out.stderr);
}

/// Other clap errors keep to one line and name the token.
#[test]
fn clap_errors_are_one_line() {
    for (args, token) in [
        (&["winner", "--frob", "3"][..], "--frob"),
        (&["grundy", "1", "2"][..], "2"),
        (&["winner", "--rules"][..], "--rules"),
    ] {
        let out = Test::new().args(args.iter().copied()).run().code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.starts_with("error: "),
            "{args:?}: {}",
            out.stderr
        );
        assert!(out.stderr.contains(token), "{args:?}: {}", out.stderr);
    }
}

/// An input of 10 000 characters echoed in an error is cut to its ends, with its length: the
/// error stays a line a person reads (it was 10 KB on one line).
#[test]
fn a_long_input_is_not_echoed_whole() {
    let long = "a".repeat(10_000);
    for args in [
        vec!["decide", long.as_str()],
        vec!["conjecture", long.as_str()],
    ] {
        let out = Test::new().args(&args).run().code(2);
        let first = out.stderr.lines().next().unwrap();
        assert!(
            first.chars().count() < 400 && first.contains("` (10000 characters)"),
            "{}: {first}",
            args[0]
        );
    }
}

/// `derive` past its sizes suggests `grundy` with the rules the line gave (it suggested
/// `grundy N` alone, which values the session's rules). The suggestion runs: a chain of 600
/// positions, each moving to the one before, has g(n) = n mod 2, so g(599) = 1.
#[test]
fn derive_suggests_grundy_with_the_lines_rules() {
    let test = Test::new();
    let mut yaml = String::from("format: 1\npositions:\n  0: []\n");
    for n in 1..600 {
        yaml.push_str(&format!("  {n}: [{}]\n", n - 1));
    }
    let graph = test.write("chain.yaml", &yaml);
    let rules = format!("graph:{}", graph.display());
    let out = Test::new()
        .args(["derive", "--rules", &rules, "599"])
        .run()
        .code(2);
    let suggested = format!("`grundy --rules {rules} 599`");
    assert!(out.stderr.contains(&suggested), "{}", out.stderr);
    Test::new()
        .args(["grundy", "--rules", &rules, "599", "--format", "json"])
        .run()
        .success()
        .stdout_has("\"grundy\":1");
    Test::new()
        .args(["derive", "--rules", "subtract:1,2", "899999"])
        .run()
        .code(2)
        .stderr_has("`grundy --rules subtract:1,2 899999`");
}
