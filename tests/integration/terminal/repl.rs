//! The REPL on a piped stdin (a script) and `nimlab run FILE`: each line's output in order,
//! errors with their line number, the remaining lines still run, exit 2 if any line failed.

use std::time::Duration;

use crate::support::{Output, Test, str_of, u64_of};

/// The session: rules nim, position 3 4 5, `set 2 7` → 3 7 5.
/// By hand: 3 ⊕ 7 ⊕ 5 = 1 → first wins; the winning move makes some pile p into p ⊕ 1 where
/// p has bit 1: 3 → 2, 7 → 6 or 5 → 4.
const SESSION: &str = "\
rules nim
position 3 4 5
set 2 7
winner --format json
winner abc
move --format json
quit
winner --format json 1 2 3
";

fn check_session(out: Output) {
    let out = out.code(2);
    // Exactly one error line, naming line 5 and the bad token, then the summary if any.
    let first = out.stderr.lines().next().unwrap_or_default();
    assert!(first.starts_with("error: line 5: "), "{}", out.stderr);
    assert!(first.contains("`abc`"), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);

    // The JSON lines are the answers of lines 4 and 6; nothing after `quit` ran.
    let json: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(json.len(), 2, "{}", out.stdout);
    let winner = &json[0];
    assert_eq!(str_of(&winner["rules"]), "nim", "{winner}");
    let piles: Vec<&str> = winner["piles"]
        .as_array()
        .expect("piles")
        .iter()
        .map(str_of)
        .collect();
    assert_eq!(piles, ["3", "7", "5"], "{winner}");
    assert_eq!(u64_of(&winner["nim_sum"]), 1, "{winner}");
    assert_eq!(str_of(&winner["winner"]), "first", "{winner}");

    let mv = &json[1]["move"];
    let answer = (u64_of(&mv["pile"]), str_of(&mv["from"]), str_of(&mv["to"]));
    assert!(
        [(1, "3", "2"), (2, "7", "6"), (3, "5", "4")].contains(&answer),
        "{}",
        json[1]
    );
}

#[test]
fn a_piped_session() {
    check_session(Test::new().stdin(SESSION).run());
}

#[test]
fn run_a_script_file() {
    let test = Test::new();
    let path = test.write("session.nimlab", SESSION);
    let path = path.to_string_lossy().into_owned();
    check_session(test.args(["run", &path]).run());
}

/// Text output of the session commands says what changed, with the new position.
#[test]
fn session_commands_in_text() {
    let out = Test::new()
        .stdin("rules nim\nposition 3 4 5\nset 2 7\nposition\n")
        .run()
        .success();
    assert!(out.stdout.contains("nim"), "{}", out.stdout);
    assert!(out.stdout.contains("3 7 5"), "{}", out.stdout);
}

/// `set` names the pile's states as the game writes them, never as nimlab numbers them
/// inside: a row of Northcott's game is `(w,b)`, a graph's position its name. By hand:
/// Northcott's value is the gap, (1,5) → 3 and (1,6) → 4; with (2,6) (gap 3) the nim-sum
/// goes from 3 ⊕ 3 = 0 to 4 ⊕ 3 = 7.
#[test]
fn set_names_the_states_as_the_game_writes_them() {
    Test::new()
        .stdin("rules northcott\nposition (1,5) (2,6)\nset 1 (1,6)\n")
        .run()
        .success()
        .stdout_has("pile 1: (1,5) → (1,6), value 3 → 4; nim-sum 0 ⊕ 3 ⊕ 4 = 7");
    let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/graphs/example.yaml");
    Test::new()
        .stdin(format!(
            "rules graph:{graph}\nposition start left\nset 2 finish\n"
        ))
        .run()
        .success()
        .stdout_has("pile 2: left → finish, value");
}

/// `set` keeps the nim-sum right over a chain of changes, zero-move included (each value
/// below by g(nT) = n ± 1): 18 47 34 is 0; set 1 to 19T → 20 ⊕ 48 ⊕ 33 = 5;
/// set 3 to 0 → 20 ⊕ 48 = 36; set 2 to 47F → 20 ⊕ 47 = 59; set 1 to 18 → 17 ⊕ 47 = 62.
#[test]
fn set_updates_the_nim_sum() {
    let script = "\
position 18 47 34
winner --format json
set 1 19
winner --format json
set 3 0
winner --format json
set 2 47F
winner --format json
set 1 18
winner --format json
";
    let out = Test::new().stdin(script).run().success();
    let sums: Vec<u64> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| u64_of(&serde_json::from_str::<serde_json::Value>(l).expect("JSON")["nim_sum"]))
        .collect();
    assert_eq!(sums, [0, 5, 36, 59, 62], "{}", out.stdout);
}

#[test]
fn set_out_of_range_is_an_error() {
    let out = Test::new()
        .stdin("position 3 4 5\nset 4 1\nset 0 1\nwinner --format json --rules nim\n")
        .run()
        .code(2);
    let errors: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error: line"))
        .collect();
    assert_eq!(errors.len(), 2, "{}", out.stderr);
    assert!(errors[0].starts_with("error: line 2: "), "{}", out.stderr);
    assert!(errors[1].starts_with("error: line 3: "), "{}", out.stderr);
    // The position is unchanged and the last line still ran: 3 ⊕ 4 ⊕ 5 = 2.
    assert!(out.stdout.contains("\"nim_sum\":2"), "{}", out.stdout);
}

/// A clean script exits 0 and prints nothing on stderr; comments and blank lines are skipped.
#[test]
fn a_clean_script() {
    let out = Test::new()
        .stdin("# a comment\n\nmex --format json 0 1 3\nquit\n")
        .run()
        .success();
    assert_eq!(out.json(), serde_json::json!({"set": [0, 1, 3], "mex": 2}));
}

#[test]
fn a_clean_script_file() {
    let test = Test::new();
    let path = test.write("ok.nimlab", "rules misere\nwinner --format json 1 1\n");
    let path = path.to_string_lossy().into_owned();
    // Misère 1 1: two 1-piles (even) → first wins (see the brute force's self-test).
    let out = test.args(["run", &path]).run().success();
    assert!(
        out.stdout.contains("\"winner\":\"first\""),
        "{}",
        out.stdout
    );
}

/// Several bad lines: each reported with its own number, every good line still runs.
#[test]
fn errors_carry_on() {
    let out = Test::new()
        .stdin(
            "mex --format json 1\nbogus\nmex --format json 0\nwinner -3\nmex --format json 0 1\n",
        )
        .run()
        .code(2);
    let numbered: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error: line"))
        .collect();
    assert_eq!(numbered.len(), 2, "{}", out.stderr);
    assert!(numbered[0].starts_with("error: line 2: "), "{}", out.stderr);
    assert!(numbered[1].starts_with("error: line 4: "), "{}", out.stderr);
    assert!(numbered[1].contains("`-3`"), "{}", out.stderr);
    let mexes: Vec<u64> = out.json_lines().iter().map(|v| u64_of(&v["mex"])).collect();
    assert_eq!(mexes, [0, 1, 2], "{}", out.stdout);
}

#[test]
fn an_empty_script_exits_0() {
    Test::new().stdin("").run().success();
}

/// `-` (piles from standard input) on a line of a piped script: standard input *is* the
/// script. nimlab must not hang; refusing the line (exit 2) or reading the rest of the script
/// as piles would both be answers.
#[test]
fn dash_inside_a_piped_script_does_not_hang() {
    let out = Test::new()
        .stdin("winner --rules nim --format json -\n3 4 5\n")
        .timeout(Duration::from_secs(5))
        .run();
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert!(matches!(out.code, 0 | 2), "{out:?}");
}

/// In a script file, standard input is free, so `-` reads the piles from it (nim 1 4 5 →
/// nim-sum 0, second wins).
#[test]
fn dash_inside_a_script_file_reads_stdin() {
    let test = Test::new();
    let path = test.write("s.nimlab", "winner --rules nim --format json -\n");
    let path = path.to_string_lossy().into_owned();
    let out = test.args(["run", &path]).stdin("1 4 5\n").run().success();
    assert_eq!(str_of(&out.json()["winner"]), "second", "{}", out.stdout);
}

/// A help or version line in a piped script answers and the script goes on (it used to wait
/// for ever on standard input's lock, which the script itself holds). By hand: 3 ⊕ 4 ⊕ 5 = 2
/// → first; 1 ⊕ 4 ⊕ 5 = 0 → second.
#[test]
fn a_help_line_in_a_piped_script_does_not_hang() {
    for help in [
        "winner -h",
        "winner --help",
        "--version",
        "-h",
        "help winner",
    ] {
        let out = Test::new()
            .stdin(format!(
                "winner --rules nim 3 4 5\n{help}\nwinner --rules nim 1 4 5\n"
            ))
            .timeout(Duration::from_secs(20))
            .run()
            .success();
        let first = out
            .stdout
            .find("the first player")
            .expect("the first answer");
        let second = out
            .stdout
            .rfind("the second player")
            .expect("the last answer");
        assert!(first < second, "{help}: {}", out.stdout);
    }
    // `why --help` inside a piped game: the game goes on.
    let out = Test::new()
        .stdin("play --rules nim 1 2\nwhy --help\nresign\n")
        .timeout(Duration::from_secs(20))
        .run();
    assert!(out.stdout.contains("Usage"), "{}", out.stdout);
}
