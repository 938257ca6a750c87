//! `lesson check`: the bundled lessons pass; a broken lesson fails with each mistake reported at
//! its file, line and step; files the loader refuses (a missing field, an unknown key, two kinds,
//! hostile YAML, an oversized file) each get one clear error, quickly.

use std::time::Duration;

use serde_json::Value;

use super::{bundled_dir, bundled_lessons, fixture, path_str};
use crate::support::{Output, Test, str_of, u64_of};

/// Hostile input must be refused well within this (it is a bound on a hang, not a timing).
const QUICKLY: Duration = Duration::from_secs(10);

#[test]
fn the_bundled_lessons_pass() {
    let out = Test::new().args(["lesson", "check"]).run().success();
    assert!(out.stdout.contains("all passed"), "{}", out.stdout);
    assert!(!out.stdout.contains('✗'), "{}", out.stdout);
}

#[test]
fn the_bundled_lessons_pass_in_json_with_every_lesson_and_step_counted() {
    let authored = bundled_lessons();
    let steps: usize = authored.iter().map(|l| l.steps.len()).sum();
    let out = Test::new()
        .args(["lesson", "check", "--format", "json"])
        .run()
        .success();
    let report = out.json();
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(report["failures"], serde_json::json!([]), "{report}");
    assert_eq!(
        crate::support::index(u64_of(&report["lessons"])),
        authored.len(),
        "{report}"
    );
    assert_eq!(
        crate::support::index(u64_of(&report["steps"])),
        steps,
        "{report}"
    );
    // At least one check per step.
    assert!(
        crate::support::index(u64_of(&report["checks"])) >= steps,
        "{report}"
    );
}

#[test]
fn the_bundled_lessons_directory_passes_when_named() {
    let dir = path_str(&bundled_dir());
    let out = Test::new().args(["lesson", "check", &dir]).run().success();
    assert!(out.stdout.contains("all passed"), "{}", out.stdout);
}

/// One failure `lesson check` must report: where, and words the reason must contain.
struct Expected {
    file: &'static str,
    line: Option<u64>,
    step: Option<&'static str>,
    says: &'static [&'static str],
}

/// The mistakes in `broken/broken.yaml` and `broken/duplicate.yaml`. Lines are the lines of the
/// steps' `- id:` items, counted by hand in the files.
const BROKEN: &[Expected] = &[
    // `requires: [mex, no-such-lesson]` on line 6: `mex` is bundled, the other is no lesson.
    Expected {
        file: "broken.yaml",
        line: Some(6),
        step: None,
        says: &["`no-such-lesson`"],
    },
    // 3 ⊕ 8 ⊕ 6 = 0011 ⊕ 1000 ⊕ 0110 = 1101 = 13, not 12.
    Expected {
        file: "broken.yaml",
        line: Some(8),
        step: Some("false-claim"),
        says: &["false"],
    },
    // mex{0, 1, 2, 4, 5} = 3: the solution 6 is wrong.
    Expected {
        file: "broken.yaml",
        line: Some(11),
        step: Some("wrong-solution"),
        says: &["`6`", "not accepted"],
    },
    // The answer is the literal 12; the solution 13 disagrees with it.
    Expected {
        file: "broken.yaml",
        line: Some(15),
        step: Some("literal-answer"),
        says: &["`13`", "not accepted"],
    },
    // The same step's answer is the literal `12`: answers must be computed.
    Expected {
        file: "broken.yaml",
        line: Some(15),
        step: Some("literal-answer"),
        says: &["`12`", "is a literal"],
    },
    // mex{0, 1, 2} = 3 = 0b11: the "wrong" example is right.
    Expected {
        file: "broken.yaml",
        line: Some(19),
        step: Some("right-wrong-example"),
        says: &["`0b11`", "accepted"],
    },
    // mex{0, 1, 2} = 3 is none of 1, 2, 4.
    Expected {
        file: "broken.yaml",
        line: Some(26),
        step: Some("no-right-choice"),
        says: &["0 of the choices"],
    },
    // 3 and 0b11 are both 3.
    Expected {
        file: "broken.yaml",
        line: Some(30),
        step: Some("two-right-choices"),
        says: &["2 of the choices"],
    },
    // `mex{0, 1` never closes its brace.
    Expected {
        file: "broken.yaml",
        line: Some(34),
        step: Some("syntax-error"),
        says: &["mex{0, 1"],
    },
    Expected {
        file: "broken.yaml",
        line: Some(37),
        step: Some("unknown-function"),
        says: &["grundy_value"],
    },
    Expected {
        file: "broken.yaml",
        line: Some(40),
        step: Some("bad-template"),
        says: &["7 / 0"],
    },
    Expected {
        file: "broken.yaml",
        line: Some(42),
        step: Some("failing-run"),
        says: &["winner --rules chess 3 4 5"],
    },
    // The third step reuses the first step's id `intro`.
    Expected {
        file: "duplicate.yaml",
        line: Some(11),
        step: Some("intro"),
        says: &["unique"],
    },
];

fn check_broken(format: &[&str]) -> Output {
    let broken = path_str(&fixture("broken/broken.yaml"));
    let duplicate = path_str(&fixture("broken/duplicate.yaml"));
    Test::new()
        .args(["lesson", "check"])
        .args(format.iter().copied())
        .args([broken, duplicate])
        .run()
        .code(1)
}

#[test]
fn a_broken_lesson_reports_each_mistake_at_its_line_and_step() {
    let out = check_broken(&[]);
    let reported: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with('✗')).collect();
    for e in BROKEN {
        let path = path_str(&fixture(&format!("broken/{}", e.file)));
        let mut at = path.clone();
        if let Some(line) = e.line {
            at.push_str(&format!(":{line}"));
        }
        if let Some(step) = e.step {
            at.push_str(&format!(": step `{step}`"));
        }
        at.push_str(": ");
        let line = reported
            .iter()
            .find(|l| l.contains(&at) && e.says.iter().all(|s| l.contains(s)))
            .unwrap_or_else(|| {
                panic!("no failure `{at}…` saying {:?} in:\n{}", e.says, out.stdout)
            });
        // The file, line and step lead the line, as compilers print them.
        assert!(line.starts_with(&format!("✗ {at}")), "{line}");
    }
    assert_eq!(reported.len(), BROKEN.len(), "{}", out.stdout);
    // One lesson loads (broken); the duplicate is refused by the loader. 13 failed.
    assert!(
        out.stdout.contains("checked 1 lesson") && out.stdout.contains("13 failed"),
        "{}",
        out.stdout
    );
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn a_broken_lesson_in_json() {
    let out = check_broken(&["--format", "json"]);
    let report = out.json();
    assert_eq!(report["ok"], false, "{report}");
    assert_eq!(u64_of(&report["lessons"]), 1, "{report}");
    // broken.yaml has 11 steps; the duplicate never loads.
    assert_eq!(u64_of(&report["steps"]), 11, "{report}");
    let failures = report["failures"].as_array().expect("failures");
    assert_eq!(failures.len(), BROKEN.len(), "{report}");
    for e in BROKEN {
        let file = path_str(&fixture(&format!("broken/{}", e.file)));
        let found = failures.iter().any(|f: &Value| {
            str_of(&f["file"]) == file
                && f["line"].as_u64() == e.line
                && f["step"].as_str() == e.step
                && e.says.iter().all(|s| str_of(&f["message"]).contains(s))
        });
        assert!(
            found,
            "no failure at {file}:{:?} step {:?} saying {:?}:\n{report:#}",
            e.line, e.step, e.says
        );
    }
}

/// Runs `lesson check FILE` on a file the loader must refuse: exit 1, exactly one failure,
/// at `line` (if the file has lines worth naming) and `step`, saying each of `says`.
#[track_caller]
fn refused(
    file: &str,
    contents: Option<&str>,
    line: Option<u64>,
    step: Option<&str>,
    says: &[&str],
) {
    let test = Test::new().timeout(QUICKLY);
    let path = match contents {
        Some(text) => test.write(file, text),
        None => fixture(&format!("load/{file}")),
    };
    let path = path_str(&path);
    let out = test
        .args(["lesson", "check", "--format", "json", &path])
        .run()
        .code(1);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let report = out.json();
    let failures = report["failures"].as_array().expect("failures");
    assert_eq!(failures.len(), 1, "{report:#}");
    let f = &failures[0];
    assert_eq!(str_of(&f["file"]), path, "{f}");
    assert_eq!(f["line"].as_u64(), line, "{f}");
    assert_eq!(f["step"].as_str(), step, "{f}");
    for s in says {
        assert!(str_of(&f["message"]).contains(s), "{f} does not say {s:?}");
    }
}

#[test]
fn a_missing_answer_names_the_field_the_step_and_its_line() {
    // The second step, `q`, starts on line 8 and has `ask` but no `answer`.
    refused(
        "missing-answer.yaml",
        None,
        Some(8),
        Some("q"),
        &["`answer`"],
    );
}

#[test]
fn two_kinds_in_one_step() {
    // Step `both` (line 8) has `text` and `run`.
    refused(
        "two-kinds.yaml",
        None,
        Some(8),
        Some("both"),
        &["`text`", "`run`"],
    );
}

#[test]
fn an_unknown_key_names_the_key_its_line_and_the_step() {
    // `hint:` (for `hints:`) is on line 11, in step `q`.
    refused("unknown-key.yaml", None, Some(11), Some("q"), &["`hint`"]);
}

#[test]
fn an_unknown_key_near_a_known_one_is_told_did_you_mean() {
    // `hint:` (for `hints:`) is on line 11: one line naming the key and the one it is near,
    // not the fourteen keys a step may have.
    let path = path_str(&fixture("load/unknown-key.yaml"));
    let out = Test::new().args(["lesson", "check", &path]).run().code(1);
    // The YAML reader knows the column too: `hint` starts in column 5.
    let want = format!("✗ {path}:11:5: step `q`: unknown field `hint`; did you mean `hints`?");
    assert!(
        out.stdout.lines().any(|l| l == want),
        "no line {want:?} in:\n{}",
        out.stdout
    );
}

#[test]
fn an_unknown_key_near_no_known_one_names_the_keys_allowed() {
    // `colour:` is like no key a step has: every key is listed.
    let test = Test::new();
    let text = "format: 1\nid: colour\ntitle: A step with a stray key\nsteps:\n  - id: intro\n    text: Hello.\n    colour: red\n";
    let path = path_str(&test.write("colour.yaml", text));
    let out = test.args(["lesson", "check", &path]).run().code(1);
    let want = format!(
        "✗ {path}:7:5: step `intro`: unknown field `colour`, expected one of `id`, `text`, `run`, `ask`, `answer`, `choices`, `hints`, `solution`, `wrong_examples`, `claim`, `check`, `theorem`, `notes`, `rules`"
    );
    assert!(
        out.stdout.lines().any(|l| l == want),
        "no line {want:?} in:\n{}",
        out.stdout
    );
}

/// Nine levels of ten aliases: a billion `x`s if they were expanded, as one flow sequence.
fn alias_bomb() -> String {
    let mut levels = vec![format!("&a [{}]", ["x"; 10].join(", "))];
    let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    for pair in names.windows(2) {
        let refs = vec![format!("*{}", pair[0]); 10].join(", ");
        levels.push(format!("&{} [{refs}]", pair[1]));
    }
    format!("[{}]", levels.join(", "))
}

#[test]
fn an_alias_bomb_is_refused() {
    // Anchors at the top level: refused (as unknown keys, or as a bomb), at once.
    let bomb = format!(
        "format: 1\nid: bomb\nversion: 1\ntitle: Boom\nboom: {}\nsteps: []\n",
        alias_bomb()
    );
    let test = Test::new().timeout(QUICKLY);
    let path = path_str(&test.write("bomb.yaml", &bomb));
    let out = test.args(["lesson", "check", &path]).run().code(1);
    assert!(out.stdout.contains(&format!("✗ {path}")), "{}", out.stdout);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn an_alias_bomb_inside_a_step_is_refused() {
    // `run` takes one command or a list, so the whole value is read before it is judged.
    let bomb = format!(
        "format: 1\nid: bomb\nversion: 1\ntitle: Boom\nsteps:\n  - id: boom\n    run: {}\n",
        alias_bomb()
    );
    let test = Test::new().timeout(QUICKLY);
    let path = path_str(&test.write("bomb.yaml", &bomb));
    let out = test.args(["lesson", "check", &path]).run().code(1);
    assert!(out.stdout.contains("alias"), "{}", out.stdout);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn ten_thousand_deep_nesting_is_refused() {
    let deep = format!(
        "format: 1\nid: deep\nversion: 1\ntitle: Deep\nsteps:\n  - id: deep\n    run: {}mex 0{}\n",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let test = Test::new().timeout(QUICKLY);
    let path = path_str(&test.write("deep.yaml", &deep));
    let out = test.args(["lesson", "check", &path]).run().code(1);
    assert!(out.stdout.contains("nests too deeply"), "{}", out.stdout);
    assert!(!out.stderr.contains("overflow"), "{}", out.stderr);

    let deep_map = deep.replace('[', "{a: ").replace(']', "}");
    let test = Test::new().timeout(QUICKLY);
    let path = path_str(&test.write("deep-map.yaml", &deep_map));
    let out = test.args(["lesson", "check", &path]).run().code(1);
    assert!(out.stdout.contains("nests too deeply"), "{}", out.stdout);
}

#[test]
fn a_file_over_one_mebibyte_is_refused() {
    // A valid lesson padded with a comment to 1 MiB + 1 byte.
    let mut big = String::from(
        "format: 1\nid: big\nversion: 1\ntitle: Big\nsteps:\n  - id: a\n    text: Hi.\n# ",
    );
    big.push_str(&"x".repeat((1 << 20) + 1 - big.len() - 1));
    big.push('\n');
    assert_eq!(big.len(), (1 << 20) + 1);
    let test = Test::new().timeout(QUICKLY);
    let path = path_str(&test.write("big.yaml", &big));
    let out = test.args(["lesson", "check", &path]).run().code(1);
    assert!(out.stdout.contains("1048577 bytes"), "{}", out.stdout);
    assert!(out.stdout.contains("at most 1048576"), "{}", out.stdout);
}

/// A lesson directory with broken files still gives the learner the rest, with warnings.
#[test]
fn broken_files_in_a_lessons_directory_leave_the_rest_usable() {
    let more = tempfile::tempdir().unwrap();
    let dir = more.path();
    let bomb = format!(
        "format: 1\nid: bomb\nversion: 1\ntitle: Boom\nsteps:\n  - id: boom\n    run: {}\n",
        alias_bomb()
    );
    std::fs::write(dir.join("bomb.yaml"), bomb).unwrap();
    std::fs::copy(fixture("load/two-kinds.yaml"), dir.join("two-kinds.yaml")).unwrap();
    std::fs::copy(fixture("good/drill.yaml"), dir.join("drill.yaml")).unwrap();
    let out = Test::new()
        .args([
            "--lessons",
            &path_str(dir),
            "lesson",
            "list",
            "--format",
            "json",
        ])
        .run()
        .success();
    let list = out.json();
    super::listed(&list, "mex");
    super::listed(&list, "drill");
    let errors: Vec<&str> = list["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(str_of)
        .collect();
    assert_eq!(errors.len(), 2, "{list:#}");
    assert!(errors.iter().any(|e| e.contains("bomb.yaml")), "{list:#}");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("two-kinds.yaml:8: step `both`")),
        "{list:#}"
    );
}
