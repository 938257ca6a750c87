//! Hostile input on the real binary: a lesson's `run:` and `setup:` lines trying every way to
//! name a file (quoting tricks included), escape sequences and control characters in lessons,
//! graph files and errors, scripts that fan out, lessons of too many commands, 10 MB tokens,
//! and output to a full disk.
//!
//! What counts as unsafe for a terminal is written out here from the terminal's side, not taken
//! from nimlab: C0 controls but newline and tab, DEL, C1 controls (U+0080–U+009F) and the
//! bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). With colour
//! on, an ESC may only start a colour code `ESC [ digits/semicolons m`.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Output, Test};

/// Whether a terminal would act on `c` rather than print it.
fn acts_on(c: char) -> bool {
    let n = u32::from(c);
    (n < 0x20 && c != '\n' && c != '\t')
        || (0x7f..=0x9f).contains(&n)
        || (0x202a..=0x202e).contains(&n)
        || (0x2066..=0x2069).contains(&n)
}

/// Asserts `text` holds nothing a terminal acts on, except colour codes when `color` is on.
#[track_caller]
fn assert_inert(text: &str, color: bool, what: &str) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\u{1b}' && color && chars.get(i + 1) == Some(&'[') {
            let end = chars[i + 2..]
                .iter()
                .position(|&d| !(d.is_ascii_digit() || d == ';'))
                .map(|k| i + 2 + k);
            if let Some(end) = end.filter(|&e| chars[e] == 'm') {
                i = end + 1;
                continue;
            }
        }
        assert!(
            !acts_on(c),
            "{what}: U+{:04X} at character {i} reaches the terminal raw:\n{}",
            u32::from(c),
            text.escape_debug()
        );
        i += 1;
    }
}

/// A directory of the test's own, next to the files `test` writes.
fn dir_of(test: &Test, name: &str) -> PathBuf {
    let dir = test.write(".keep", "").with_file_name(name);
    std::fs::create_dir_all(&dir).expect("a directory");
    dir
}

fn path_str(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_owned()
}

// ---------------------------------------------------------------------------------------------
// The sandbox: a lesson's lines never name a file.

/// The secret files a hostile lesson tries to reach. Each would show `TOPSECRET` if read: the
/// graph's positions are listed by `grundy`, the pile file's first token is quoted by the pile
/// error, the script prints 31337000 (= 31337 × 1000) and the lesson directory holds a lesson
/// of that title.
struct Secrets {
    graph: String,
    piles: String,
    script: String,
    lessons: String,
}

const LEAK_MARKERS: [&str; 2] = ["TOPSECRET", "31337000"];

fn secrets(test: &Test) -> Secrets {
    let graph = test.write(
        "secret-graph.yaml",
        "format: 1\npositions:\n  TOPSECRETSTART: [TOPSECRETEND]\n  TOPSECRETEND: []\n",
    );
    let piles = test.write("secret-piles.txt", "TOPSECRET 1 2\n");
    let script = test.write("secret-script.txt", "= 31337 * 1000\n");
    let lessons = dir_of(test, "secret-lessons");
    std::fs::write(
        lessons.join("top.yaml"),
        "format: 1\nid: top\nversion: 1\ntitle: TOPSECRET lesson\nsteps:\n  - id: a\n    text: TOPSECRET text\n",
    )
    .expect("a secret lesson");
    Secrets {
        graph: path_str(&graph),
        piles: path_str(&piles),
        script: path_str(&script),
        lessons: path_str(&lessons),
    }
}

/// Every way we could think of for a lesson line to name a file, a directory or standard
/// input, or to leave the lesson. Shell quoting is the trick in most: after splitting,
/// `gr''aph:`, `gr"a"ph:`, `gr\aph:` and `--fi''le` are `graph:` and `--file`.
fn attacks(s: &Secrets) -> Vec<String> {
    let g = &s.graph;
    [
        format!("rules 'gr''aph:{g}'"),
        format!("rules gr\"a\"ph:{g}"),
        format!("rules gr\\aph:{g}"),
        format!("rules GRAPH:{g}"),
        format!("rules \"graph:{g}\""),
        format!("grundy --rules 'gr''aph:{g}'"),
        format!("grundy --rules=gr\"aph:{g}\""),
        format!("winner --rules 'Graph:{g}'"),
        format!("position --rules 'graph:{g}'"),
        format!("derive --rules 'graph:{g}' --all"),
        format!("period --rules 'graph:{g}'"),
        format!("conjecture --rules 'graph:{g}' g(n) = 0"),
        format!("verify --rules 'graph:{g}'"),
        format!("verify --rules 'graph:{g}-misere'"),
        format!("play --rules 'graph:{g}'"),
        format!("winner --file {}", s.piles),
        format!("winner --file={}", s.piles),
        format!("move --fi''le {}", s.piles),
        format!("nimsum --file '{}'", s.piles),
        format!("position --file {}", s.piles),
        format!("play --file {}", s.piles),
        "winner -".into(),
        "nimsum '-'".into(),
        "position \"-\"".into(),
        "play -".into(),
        format!("run {}", s.script),
        format!("r''un '{}'", s.script),
        format!("--lessons {} lesson list", s.lessons),
        format!("mex 1 --lessons {}", s.lessons),
        format!("lesson check {}", s.lessons),
        format!("lesson check {}", s.piles),
        "lesson start mex".into(),
        "lesson list".into(),
        "quit".into(),
        "exit".into(),
        "next".into(),
        "hint".into(),
    ]
    .into()
}

/// A lesson whose `setup` holds the first attacks and whose steps each run one of them, with
/// a last step that is fine.
fn hostile_lesson(attacks: &[String]) -> String {
    let quote = |line: &str| serde_json::to_string(line).expect("a JSON string");
    let mut yaml = String::from("format: 1\nid: hostile\nversion: 1\ntitle: Hostile\nsetup:\n");
    for line in &attacks[..5] {
        yaml.push_str(&format!("  - {}\n", quote(line)));
    }
    yaml.push_str("steps:\n");
    for (i, line) in attacks.iter().enumerate() {
        yaml.push_str(&format!("  - id: attack-{i}\n    run: {}\n", quote(line)));
    }
    yaml.push_str("  - id: all-in-one\n    run:\n");
    for line in attacks {
        yaml.push_str(&format!("      - {}\n", quote(line)));
    }
    yaml.push_str("  - id: fine\n    run: mex 0 1 3\n");
    yaml
}

#[track_caller]
fn assert_no_leak(out: &Output) {
    for marker in LEAK_MARKERS {
        assert!(
            !out.stdout.contains(marker) && !out.stderr.contains(marker),
            "{marker} leaked:\n{}\n{}",
            out.stdout,
            out.stderr
        );
    }
}

#[test]
fn lesson_check_refuses_every_line_that_names_a_file() {
    let test = Test::new();
    let s = secrets(&test);
    let attacks = attacks(&s);
    let file = test.write("hostile.yaml", &hostile_lesson(&attacks));
    let out = test
        .args(["lesson", "check", &path_str(&file)])
        .run()
        .code(1);
    assert_no_leak(&out);
    let failures: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with('✗')).collect();
    for (i, attack) in attacks.iter().enumerate() {
        let line = failures
            .iter()
            .find(|l| l.contains(&format!("step `attack-{i}`:")))
            .unwrap_or_else(|| panic!("`{attack}` was not refused:\n{}", out.stdout));
        assert!(line.contains(" fails: "), "{line}");
    }
    // The setup's five attacks, and every line of the step that holds them all.
    let setup = failures.iter().filter(|l| l.contains(": setup `")).count();
    let all = failures
        .iter()
        .filter(|l| l.contains("`all-in-one`"))
        .count();
    assert_eq!((setup, all), (5, attacks.len()), "{}", out.stdout);
    assert!(!out.stdout.contains("`fine`"), "{}", out.stdout);
    let expected = format!("{} failed", 5 + 2 * attacks.len());
    assert!(out.stdout.trim_end().ends_with(&expected), "{}", out.stdout);
}

#[test]
fn lesson_start_refuses_every_line_that_names_a_file() {
    let test = Test::new();
    let s = secrets(&test);
    let attacks = attacks(&s);
    let dir = dir_of(&test, "hostile-lessons");
    std::fs::write(dir.join("hostile.yaml"), hostile_lesson(&attacks)).expect("a lesson");
    // Show every step: the setup runs at the start, then each `next` runs one step.
    let mut script = String::from("lesson start hostile\n");
    script.push_str(&"next\n".repeat(attacks.len() + 2));
    let out = test
        .args(["--lessons", &path_str(&dir), "--format", "json"])
        .stdin(script)
        .run()
        .success();
    assert_no_leak(&out);
    let items: Vec<Value> = out
        .json_lines()
        .iter()
        .flat_map(|doc| doc["items"].as_array().cloned().unwrap_or_default())
        .collect();
    let runs: Vec<&Value> = items.iter().filter(|i| i["kind"] == "run").collect();
    // Each attack twice (its own step and the step of all of them), then the fine step.
    assert_eq!(runs.len(), 2 * attacks.len() + 1, "{}", out.stdout);
    for (run, attack) in runs.iter().zip(attacks.iter().chain(attacks.iter())) {
        assert_eq!(run["command"], attack.as_str());
        assert!(run.get("error").is_some(), "`{attack}` ran: {run}");
        assert!(run.get("output").is_none(), "`{attack}` ran: {run}");
    }
    let last = runs.last().expect("the fine step");
    assert_eq!(last["command"], "mex 0 1 3");
    // mex{0, 1, 3} = 2: 0 and 1 are in the set, 2 is not.
    assert_eq!(last["output"]["mex"], 2, "{last}");
    // The setup's five lines each gave a warning.
    let warnings = items
        .iter()
        .filter(|i| {
            i["tone"] == "warning" && i["text"].as_str().is_some_and(|t| t.contains("setup"))
        })
        .count();
    assert_eq!(warnings, 5, "{}", out.stdout);
}

#[test]
fn a_refused_line_says_why_in_one_line() {
    let test = Test::new();
    let s = secrets(&test);
    let file = test.write(
        "why.yaml",
        &format!(
            "format: 1\nid: why\nversion: 1\ntitle: Why\nsteps:\n  - id: graph\n    run: \"rules 'gr''aph:{}'\"\n  - id: file\n    run: winner --file {}\n  - id: quit\n    run: quit\n",
            s.graph, s.piles
        ),
    );
    let out = test
        .args(["lesson", "check", &path_str(&file)])
        .run()
        .code(1);
    assert!(
        out.stdout
            .contains("cannot read files or standard input: `graph:FILE` names a file"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("cannot read files or standard input: `--file PATH` names a file"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("cannot use `quit`"), "{}", out.stdout);
}

// ---------------------------------------------------------------------------------------------
// A budget for a lesson's commands.

/// A lesson whose first step runs `mex 0 1 3` 250 times.
fn long_lesson() -> String {
    let mut yaml = String::from(
        "format: 1\nid: long\nversion: 1\ntitle: Long\nsteps:\n  - id: many\n    run:\n",
    );
    yaml.push_str(&"      - mex 0 1 3\n".repeat(250));
    yaml.push_str("  - id: after\n    run: mex 0\n");
    yaml
}

#[test]
fn a_lesson_of_too_many_commands_is_stopped() {
    let test = Test::new();
    let file = test.write("long.yaml", &long_lesson());
    let out = test
        .args(["lesson", "check", &path_str(&file)])
        .run()
        .code(1);
    // 200 lines run; the 201st is refused and checking stops there: one failure.
    let failures: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with('✗')).collect();
    assert_eq!(failures.len(), 1, "{}", out.stdout);
    assert!(
        failures[0].contains("budget of 200 command lines"),
        "{}",
        failures[0]
    );
    assert!(failures[0].contains("step `many`"), "{}", failures[0]);

    let test = Test::new();
    let dir = dir_of(&test, "long-lessons");
    std::fs::write(dir.join("long.yaml"), long_lesson()).expect("a lesson");
    let out = test
        .args(["--lessons", &path_str(&dir)])
        .stdin("lesson start long\nnext\n")
        .run()
        .success();
    // On start: 200 run, the 201st refused, and the other 49 of the 250 not run.
    assert_eq!(
        out.stdout.matches("nimlab> mex 0 1 3").count(),
        201,
        "{}",
        out.stdout
    );
    assert_eq!(out.stdout.matches("mex {0, 1, 3} = 2").count(), 200);
    assert!(
        out.stdout
            .contains("49 more command lines of this step not run")
    );
    // The next action has a budget of its own: the next step runs (mex{0} = 1).
    assert!(out.stdout.contains("mex {0} = 1"), "{}", out.stdout);
}

// ---------------------------------------------------------------------------------------------
// Escape sequences and control characters never reach the terminal.

/// A window title, a clear screen, the alternate screen, a hyperlink, an author's own colour,
/// a carriage return, a backspace, a bell, C1 controls (CSI U+009B, NEL U+0085), DEL and
/// bidirectional overrides, in YAML double-quoted escapes.
const PAYLOAD_YAML: &str = r#"\e]0;PWNED\a \e[2J \e[?1049h \e]8;;http://evil.example\e\\link\e]8;;\e\\ \e[31mred \r \b \x9b2J \x85 \x7f \u202e \u2066"#;

/// The payload as `cat -v` shows it: ESC `^[`, BEL `^G`, CR `^M`, BS `^H`, DEL `^?`.
const PAYLOAD_SHOWN: &str = r"^[]0;PWNED^G ^[[2J ^[[?1049h ^[]8;;http://evil.example^[\link^[]8;;^[\ ^[[31mred ^M ^H \u{9b}2J \u{85} ^? \u{202e} \u{2066}";

fn escape_lesson() -> String {
    let p = PAYLOAD_YAML;
    format!(
        r#"format: 1
id: escapes
version: 1
title: "Title {p}"
steps:
  - id: prose
    text: "Text {p}"
    notes: "Notes {p}"
  - id: question
    ask: "Prompt {p} What is mex{{0, 2}}?"
    answer: "mex{{0, 2}}"
    choices: ["Choice {p}", "1", "2"]
    hints: ["Hint {p}"]
    solution: "Solution {p}"
    wrong_examples:
      - answer: "2"
        feedback: "Feedback {p}"
    notes: "Notes {p}"
  - id: claim
    claim: "Claim {p}"
    check: "1 = 1"
"#
    )
}

/// Starts the escape lesson and visits every string in it: text, prompt, choices, hint, wrong
/// feedback, solution, claim, and (presenting) the notes.
fn run_escape_lesson(flags: &[&str]) -> Output {
    let test = Test::new();
    let dir = dir_of(&test, "escape-lessons");
    std::fs::write(dir.join("escapes.yaml"), escape_lesson()).expect("a lesson");
    let script = "lesson start escapes\nnext\nhint\n2\nskip\nlesson quit\nlesson start escapes --present\nnext\nreveal\nnext\nlesson list\n";
    test.args(["--lessons", &path_str(&dir)])
        .args(flags.iter().copied())
        .stdin(script)
        .run()
        .success()
}

#[test]
fn lesson_text_is_shown_not_obeyed_in_text_with_and_without_colour() {
    for (flags, color) in [(&[][..], false), (&["--color", "always"][..], true)] {
        let out = run_escape_lesson(flags);
        assert_inert(&out.stdout, color, &format!("{flags:?}"));
        // (Speaker notes may go elsewhere than standard output; they are checked where shown.)
        for part in [
            "Title", "Text", "Prompt", "Choice", "Hint", "Feedback", "Solution", "Claim",
        ] {
            let shown = format!("{part} {PAYLOAD_SHOWN}");
            assert!(
                one_line(&out.stdout).contains(&one_line(&shown)),
                "{flags:?}: {part} is not shown as {shown:?}:\n{}",
                out.stdout
            );
        }
        if color {
            // The renderer's own colour still works: the step heading is bold.
            assert!(out.stdout.contains("\u{1b}[1m── Title "), "{}", out.stdout);
        }
    }
}

#[test]
fn lesson_text_is_inert_in_markdown_and_csv() {
    for format in ["markdown", "csv"] {
        let out = run_escape_lesson(&["--format", format]);
        assert_inert(&out.stdout, false, format);
        assert!(
            one_line(&out.stdout).contains(&one_line(&format!("Text {PAYLOAD_SHOWN}"))),
            "{}",
            out.stdout
        );
    }
}

#[test]
fn json_escapes_the_lesson_text_and_keeps_it_whole() {
    let out = run_escape_lesson(&["--format", "json"]);
    assert_inert(&out.stdout, false, "json");
    // Decoded, the title is exactly what the author wrote (YAML's escapes, by hand).
    let title = "Title \u{1b}]0;PWNED\u{7} \u{1b}[2J \u{1b}[?1049h \u{1b}]8;;http://evil.example\u{1b}\\link\u{1b}]8;;\u{1b}\\ \u{1b}[31mred \r \u{8} \u{9b}2J \u{85} \u{7f} \u{202e} \u{2066}";
    let docs = out.json_lines();
    let heading = docs
        .iter()
        .flat_map(|d| d["items"].as_array().cloned().unwrap_or_default())
        .find(|i| i["kind"] == "step")
        .expect("a step heading");
    assert_eq!(heading["lesson"], title);
    let list = docs
        .iter()
        .find(|d| d.get("lessons").is_some())
        .expect("the list");
    assert!(
        list["lessons"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["title"] == title),
        "{list}"
    );
}

#[test]
fn graph_position_names_are_shown_not_obeyed() {
    // Names hold no whitespace, so no CR here: a bell, C1 CSI, a clear screen, a backspace.
    let graph = "format: 1\npositions:\n  \"start\\e]0;PWNED\\a\\x9b\": [\"end\\e[2J\\b\"]\n  \"end\\e[2J\\b\": []\n";
    for flags in [
        &[][..],
        &["--color", "always"],
        &["--format", "markdown"],
        &["--format", "csv"],
        &["--format", "json"],
    ] {
        let color = flags.contains(&"always");
        for command in [&["grundy"][..], &["move", "start\u{1b}]0;PWNED\u{7}\u{9b}"]] {
            let test = Test::new();
            test.write("g.yaml", graph);
            let out = test
                .args(flags.iter().copied())
                .args(command.iter().copied())
                .arg("--rules=graph:g.yaml")
                .run()
                .success();
            assert_inert(&out.stdout, color, &format!("{flags:?} {command:?}"));
            if flags.is_empty() {
                assert!(
                    out.stdout.contains("start^[]0;PWNED^G\\u{9b}"),
                    "{}",
                    out.stdout
                );
                assert!(out.stdout.contains("end^[[2J^H"), "{}", out.stdout);
            }
        }
    }
}

#[test]
fn errors_show_a_token_with_escapes_inertly() {
    for flags in [&[][..], &["--color", "always"]] {
        let color = !flags.is_empty();
        let out = Test::new()
            .args(flags.iter().copied())
            .args(["mex", "\u{1b}]0;PWNED\u{7}\u{9b}"])
            .run()
            .code(2);
        assert_inert(&out.stderr, color, "stderr");
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr.contains("`^[]0;PWNED^G\\u{9b}`"),
            "{}",
            out.stderr
        );
        // An expression: the message and the caret line under it.
        let out = Test::new()
            .args(flags.iter().copied())
            .args(["=", "1 + \u{1b}[2J"])
            .run()
            .code(2);
        assert_inert(&out.stderr, color, "stderr");
        assert!(out.stderr.contains("^[[2J"), "{}", out.stderr);
        // A line of a script.
        let out = Test::new()
            .args(flags.iter().copied())
            .stdin("winner 3 \u{1b}]8;;http://x\u{7}link\n")
            .run()
            .code(2);
        assert_inert(&out.stderr, color, "stderr");
        assert!(
            out.stderr.contains("`^[]8;;http://x^Glink`"),
            "{}",
            out.stderr
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Scripts that run scripts.

#[test]
fn a_script_that_runs_itself_stops_at_once() {
    let test = Test::new();
    let script = test.write(
        "self.txt",
        "run self.txt\nrun self.txt\nrun self.txt\nrun self.txt\n",
    );
    let out = test.args(["run", &path_str(&script)]).run();
    // One error for the whole run, not one per line of every copy.
    let out = out.code(2);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("nested more than 16 deep"),
        "{}",
        out.stderr
    );
    // Piped, the line after the runaway `run` still runs: mex{5} = 0.
    let test = Test::new();
    test.write(
        "self.txt",
        "run self.txt\nrun self.txt\nrun self.txt\nrun self.txt\n",
    );
    let out = test.stdin("run self.txt\nmex 5\n").run().code(2);
    assert_eq!(out.stdout, "mex {5} = 0\n");
    assert!(
        out.stderr.starts_with("error: line 1: scripts nested"),
        "{}",
        out.stderr
    );
}

#[test]
fn nested_scripts_within_the_limits_run_every_line() {
    // a runs b three times; b shows mex{0} = 1 and mex{0, 1} = 2.
    let test = Test::new();
    test.write("a.txt", "run b.txt\n# a comment\nrun b.txt\n\nrun b.txt\n");
    test.write("b.txt", "mex 0\nmex 0 1\n");
    let out = test.args(["run", "a.txt"]).run().success();
    assert_eq!(out.stdout, "mex {0} = 1\nmex {0, 1} = 2\n".repeat(3));
}

#[test]
fn a_fifo_is_not_a_script() {
    let test = Test::new();
    let fifo = test.write(".keep", "").with_file_name("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // No mkfifo here: nothing to test.
    }
    test.args(["run", "fifo"]).run().bad_input("fifo");
}

// ---------------------------------------------------------------------------------------------
// Huge tokens.

/// As long as one argument may be (Linux allows 128 KiB).
const LONG: usize = 100_000;

#[test]
fn a_long_token_is_quoted_shortened() {
    let token = "x".repeat(LONG);
    let digits = "7".repeat(LONG);
    // The first 20 and last 10 characters, and the length.
    let shown = format!(
        "`{}…{}` (100000 characters)",
        "x".repeat(20),
        "x".repeat(10)
    );
    let digits_shown = format!(
        "`{}…{}` (100000 characters)",
        "7".repeat(20),
        "7".repeat(10)
    );
    let range = format!("0..{token}");
    let sum = format!("1 + {token}");
    let set = format!("subtract:{digits}");
    for args in [
        vec!["mex", &token],
        vec!["winner", "3", &token],
        vec!["winner", &digits],
        vec!["rules", &token],
        vec!["grundy", &range],
        vec!["lesson", "start", &token],
        vec!["=", &sum],
        vec!["=", &digits],
        vec!["help", &token],
        vec![&token, "1", "2"],
        vec!["mex", "1", "--format", &token],
        vec!["winner", "--rules", &set, "1"],
        vec!["winner", "--file", &token],
        vec!["run", &token],
    ] {
        let out = Test::new().args(args.iter().copied()).run().code(2);
        let what: String = args.concat().chars().take(20).collect();
        assert!(
            out.stderr.len() < 1000,
            "{what}: {} bytes on stderr",
            out.stderr.len()
        );
        let first = out.stderr.lines().next().unwrap_or_default();
        // Piles are cut by the reader itself, which never holds a whole token: its first 40
        // characters and `…`.
        let excerpt = first.contains("…` is not a pile") && first.chars().count() < 400;
        assert!(
            first.contains(&shown) || first.contains(&digits_shown) || excerpt,
            "{what}: {first}"
        );
    }
}

#[test]
fn a_10_mb_line_gives_a_short_error() {
    let line = format!("mex {}\n", "x".repeat(10 << 20));
    let out = Test::new().stdin(line).run().code(2);
    assert!(
        out.stderr.len() < 1000,
        "{} bytes on stderr",
        out.stderr.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Output that cannot be written.

#[cfg(target_os = "linux")]
#[test]
fn output_to_a_full_disk_fails_with_a_message() {
    for args in [&["--help"][..], &["--version"], &["grundy"], &["help"]] {
        let full = std::fs::File::create("/dev/full").expect("/dev/full");
        let out = std::process::Command::new(crate::support::bin())
            .args(args)
            .env(
                "NIMLAB_DATA_DIR",
                std::env::temp_dir().join("nimlab-full-test"),
            )
            .stdout(full)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("run nimlab");
        // 3: an input/output failure, not bad input (2) nor a failed check (1).
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("error: cannot write output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_closed_pipe_is_quiet() {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(crate::support::bin())
        .args(["grundy", "0..10000000", "--values", "--rules", "nim"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run nimlab");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    // The reader is gone (like `| head -1`); nimlab must stop quietly.
    let out = child.wait_with_output().expect("nimlab ends");
    assert!(first.starts_with("Grundy values of nim"), "{first}");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Text with its lines joined and its runs of spaces as one: prose wraps at the width.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
