//! The shell and the workbench agree: help lists every command and reaches subcommands,
//! flags after an expression are flags, newcomers' spellings are forgiven or answered with a
//! suggestion, the workbench's own commands start it or are refused with a way in, and
//! completions and the man page come from the one command definition.

use std::time::Duration;

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
    "decide",
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
    "why",
    "step",
    "run",
    "help",
    "quit",
];

/// Commands that act on an activity in the workbench.
const WORKBENCH_ONLY: &[&str] = &[
    "expand", "at", "next", "back", "goto", "skip", "reveal", "take", "pass", "undo", "hint",
    "resign", "why",
];

#[test]
fn help_lists_every_command() {
    let out = Test::new().arg("help").run().success();
    for name in EVERY_COMMAND {
        let listed = out
            .stdout
            .lines()
            .any(|l| l.split_whitespace().next() == Some(name));
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
            .stdout_has("Usage: nimlab lesson start")
            .stdout_has("--present");
    }
    // At the prompt, the usage line is the prompt's.
    Test::new()
        .stdin("help lesson start\n")
        .run()
        .success()
        .stdout_has("Usage: lesson start");
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

#[test]
fn a_command_in_capitals_is_the_command() {
    let lower = Test::new().args(["grundy", "3"]).run().success();
    Test::new()
        .args(["GRUNDY", "3"])
        .run()
        .success()
        .stdout(&lower.stdout);
}

/// `=3 xor 5` is `= 3 xor 5`: 011 xor 101 = 110 = 6.
#[test]
fn an_equals_sign_joined_to_the_expression() {
    let out = Test::new()
        .args(["=3", "xor", "5", "--format", "json"])
        .run()
        .success();
    assert_eq!(out.json()["value"], 6, "{}", out.stdout);
}

/// `winner 3,4,5` is `winner 3 4 5`. Zero-move by hand: g(3T) = 4 (odd n: n + 1),
/// g(4T) = 3 (even n: n − 1), g(5T) = 6; 4 xor 3 xor 6 = 100 ^ 011 ^ 110 = 001 = 1, so the
/// first player wins.
#[test]
fn piles_separated_by_commas() {
    let out = Test::new()
        .args(["winner", "3,4,5", "--format", "json"])
        .run()
        .success();
    let json = out.json();
    assert_eq!(json["piles"].as_array().map(Vec::len), Some(3), "{json}");
    assert_eq!(json["nim_sum"], 1, "{json}");
    assert_eq!(json["winner"], "first", "{json}");
}

#[test]
fn mistyped_names_get_a_suggestion() {
    for (args, token, suggestion) in [
        (
            vec!["rules", "zero-mvoe"],
            "zero-mvoe",
            "did you mean `zero-move`?",
        ),
        (
            vec!["winner", "--rules", "nimm", "3"],
            "nimm",
            "did you mean `nim`?",
        ),
        (
            vec!["lesson", "start", "mexx"],
            "mexx",
            "did you mean `mex`?",
        ),
        (
            vec!["prove", "bouton1"],
            "bouton1",
            "did you mean `bouton`?",
        ),
        (
            vec!["winner", "--fromat", "json", "3"],
            "--fromat",
            "--format",
        ),
        (vec!["grundi"], "grundi", "grundy"),
    ] {
        Test::new()
            .args(args)
            .run()
            .code(2)
            .stderr_has(token)
            .stderr_has(suggestion);
    }
}

#[test]
fn a_newcomers_spelling_gets_the_languages() {
    Test::new()
        .args(["rules", "subtract", "1", "3", "4"])
        .run()
        .code(2)
        .stderr_has("did you mean `subtract:1,3,4`?");
    Test::new()
        .args(["=", "7", "mod", "3"])
        .run()
        .code(2)
        .stderr_has("`mod`")
        .stderr_has("written `%`");
}

/// Zero-move 4T 7T 5T by hand: g = 3, 8, 6 (even n: n − 1, odd n: n + 1) and
/// 0011 ^ 1000 ^ 0110 = 1101 = 13. Only pile 2 has bit 8, and 8 ^ 13 = 5 = g(6T): the one
/// winning move takes 1 from pile 2, after which 3 ^ 5 ^ 6 = 0.
#[test]
fn play_on_the_shell_reads_moves_from_a_pipe() {
    let out = Test::new()
        .args(["play", "4", "7", "5"])
        .stdin("2 1\nquit\n")
        .run()
        .success();
    assert!(out.stdout.contains("your move: 4T 7T 5T"), "{}", out.stdout);
    // After our move the board shows 6T in pile 2, and the computer has moved again.
    let after: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("your move: "))
        .collect();
    assert_eq!(after.len(), 2, "{}", out.stdout);
    assert!(
        after[1].contains("4T") && !after[1].contains("7T"),
        "{}",
        after[1]
    );
    assert!(out.stdout.contains("Left the game"), "{}", out.stdout);
}

#[test]
fn workbench_commands_on_the_shell_are_refused_with_a_way_in() {
    for name in WORKBENCH_ONLY {
        let args: Vec<&str> = match *name {
            "take" => vec!["take", "1", "from", "2"],
            "pass" | "goto" => vec![name, "1"],
            "at" => vec!["at", "n", "=", "8"],
            _ => vec![name],
        };
        let out = Test::new().args(args).run().code(2);
        let lines: Vec<&str> = out.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{name}: {}", out.stderr);
        assert!(lines[0].contains(&format!("`{name}`")), "{}", lines[0]);
        assert!(lines[0].contains("nimlab play"), "{}", lines[0]);
    }
}

/// On a terminal `nimlab play 4 7 5` shows the board, takes a move and answers it.
#[cfg(unix)]
#[test]
fn play_on_a_terminal_takes_moves() {
    let mut p = Test::new()
        .args(["play", "4", "7", "5"])
        .timeout(Duration::from_secs(60))
        .pty();
    p.exp_string("your move: 4T 7T 5T").unwrap();
    p.exp_string("pile 2  7T  g 8").unwrap();
    p.send_line("2 1").unwrap();
    // Our move, then the computer's, then the prompt again.
    p.exp_string("6T").unwrap();
    p.exp_string("your move:").unwrap();
    p.send_line("resign").unwrap();
    p.exp_string("the computer wins").unwrap();
    // The game was what the shell started: when it is over, so is nimlab.
    p.exp_eof().unwrap();
}

/// `quit` in the activity the shell started goes back to the shell, not to a workbench the
/// user never opened; the exit code is 0 and the lesson's progress is kept.
#[cfg(unix)]
#[test]
fn quit_in_an_activity_started_on_the_shell_goes_back_to_the_shell() {
    // One learner's state and data for all three runs.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let spawn = |args: &[&str]| {
        Test::new()
            .args(args.iter().copied())
            .env("NIMLAB_STATE_DIR", dir.path())
            .env("NIMLAB_DATA_DIR", dir.path().join("data"))
            .timeout(Duration::from_secs(60))
            .pty()
    };
    let mut p = spawn(&["play", "4", "7", "5"]);
    p.exp_string("your move: 4T 7T 5T").unwrap();
    p.send_line("quit").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(rest.contains("Left the game"), "{rest}");
    assert!(!rest.contains("again leaves"), "{rest}");
    let status = p.process().wait();
    assert!(
        matches!(status, Ok(rexpect::process::WaitStatus::Exited(_, 0))),
        "{status:?}"
    );

    let mut p = spawn(&["lesson", "start", "mex"]);
    p.exp_string("step 1 of 11").unwrap();
    p.send_line("").unwrap();
    p.exp_string("step 2 of 11").unwrap();
    p.send_line("quit").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(
        rest.contains("at step 2 (saved; `lesson start mex` resumes)."),
        "{rest}"
    );
    // Started again, the lesson comes back at step 2.
    let mut p = spawn(&["lesson", "start", "mex"]);
    p.exp_string("step 2 of 11").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn bash_completions_are_valid_bash() {
    let out = Test::new().args(["completions", "bash"]).run().success();
    assert!(out.stdout.contains("winner"), "{}", out.stdout);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let script = dir.path().join("nimlab.bash");
    std::fs::write(&script, &out.stdout).expect("write the script");
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&script)
        .output();
    // Without bash there is nothing to check the syntax with.
    if let Ok(checked) = checked {
        assert!(
            checked.status.success(),
            "{}",
            String::from_utf8_lossy(&checked.stderr)
        );
    }
}

/// A ruleset's name shows what the game is beside it wherever the command definition lists
/// the names: the words are the renderer's, handed to the grammar as nimlab starts.
#[test]
fn completions_help_and_the_man_page_say_what_each_ruleset_is() {
    let nim = "Nim: take any number of tokens from one pile; the last mover wins";
    let fish = Test::new().args(["completions", "fish"]).run().success();
    assert!(
        fish.stdout.contains(&format!("nim\\t'{nim}'")),
        "{}",
        fish.stdout
    );
    let man = Test::new().args(["man", "rules"]).run().success();
    assert!(
        man.stdout.contains(&format!("nim: {nim}")),
        "{}",
        man.stdout
    );
    let help = Test::new().args(["rules", "--help"]).run().success();
    assert!(
        help.stdout
            .contains("Nim: take any number of tokens from one pile;"),
        "{}",
        help.stdout
    );
}

#[test]
fn zsh_and_fish_completions_name_the_commands() {
    for shell in ["zsh", "fish"] {
        let out = Test::new().args(["completions", shell]).run().success();
        for name in ["grundy", "conjecture", "lesson"] {
            assert!(out.stdout.contains(name), "{shell}: {name}");
        }
    }
    Test::new()
        .args(["completions", "powershel"])
        .run()
        .code(2)
        .stderr_has("powershel");
}

#[test]
fn the_man_page_renders() {
    let out = Test::new().arg("man").run().success();
    let roff = out
        .stdout
        .lines()
        .find(|l| l.starts_with(".TH"))
        .unwrap_or_default();
    assert!(roff.starts_with(".TH nimlab 1"), "{}", out.stdout);
    assert!(out.stdout.contains("conjecture"), "{}", out.stdout);
    let man = std::process::Command::new("man")
        .args(["-l", "-"])
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    // `man` is not everywhere; where it is, it must render the page.
    if let Ok(mut man) = man {
        use std::io::Write;
        if let Some(mut stdin) = man.stdin.take() {
            stdin
                .write_all(out.stdout.as_bytes())
                .expect("write to man");
        }
        let rendered = man.wait_with_output().expect("man runs");
        let text = String::from_utf8_lossy(&rendered.stdout);
        assert!(
            rendered.status.success(),
            "{}",
            String::from_utf8_lossy(&rendered.stderr)
        );
        assert!(text.contains("NAME") && text.contains("nimlab"), "{text}");
    }
}

/// The workbench on a pty with line editing, for completion.
#[cfg(unix)]
fn workbench() -> crate::support::Pty {
    let mut p = Test::new()
        .env("TERM", "xterm")
        .timeout(Duration::from_secs(60))
        .pty();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p
}

/// `les<Tab>` completes the one match; `lesson start <Tab><Tab>` and `--rules oc<Tab>…` list
/// the matches (the lesson ids of the bundled lessons, the octal examples).
#[cfg(unix)]
#[test]
fn completion_on_a_terminal_lists_matches() {
    let mut p = workbench();
    p.send("les\t").unwrap();
    p.flush().unwrap();
    // A word completed alone is followed by a space, as a shell's completion leaves it.
    p.exp_string("lesson ").unwrap();
    p.send("start \t\t").unwrap();
    p.flush().unwrap();
    // The list, then the line redrawn under it.
    let listed = p.exp_string("> lesson start ").unwrap();
    for id in ["mex", "kayles", "play-zero-move"] {
        assert!(listed.contains(id), "{id} not in {listed:?}");
    }
    p.send_control('u').unwrap();
    p.flush().unwrap();
    p.send("grundy --rules oc\t").unwrap();
    p.flush().unwrap();
    p.exp_string("octal:").unwrap();
    p.send("\t\t").unwrap();
    p.flush().unwrap();
    let listed = p.exp_string("> grundy --rules octal:").unwrap();
    assert!(listed.contains("octal:0.07"), "{listed:?}");
    p.send_control('u').unwrap();
    p.flush().unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// A refuted conjecture is a failed check: exit 1, the report on stdout as before, one line on
/// stderr. In zero-move Nim g(0) = 0, g(nT) = n + 1 for odd n and n − 1 for even n ≥ 2, so
/// `g(nT) = n + 1` fails exactly at the 501 even n of 0..1000 and the corrected formula holds.
#[test]
fn a_refuted_conjecture_exits_1_and_a_true_one_0() {
    let wrong = Test::new()
        .args(["conjecture", "--rules", "zero-move", "g(nT) = n + 1"])
        .run()
        .code(1)
        .stdout_has("fails at n = 0")
        .stderr("error: the conjecture is false: it fails for 501 of the 1001 values checked\n");
    assert!(wrong.stdout.contains("501 of the 1001"), "{}", wrong.stdout);
    let json = Test::new()
        .args([
            "conjecture",
            "--rules",
            "zero-move",
            "g(nT) = n + 1",
            "--format",
            "json",
        ])
        .run()
        .code(1);
    assert_eq!(json.json()["holds"], false, "{}", json.stdout);
    Test::new()
        .args([
            "conjecture",
            "--rules",
            "zero-move",
            "g(nT) = if n = 0 then 0 else if odd(n) then n + 1 else n - 1",
        ])
        .run()
        .success()
        .stdout_has("holds for every n (decided by induction: ")
        .stdout_has("and for n = 0..1000 (brute force")
        .stderr("");
}
