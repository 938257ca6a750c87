//! A lesson's `run` step holds the command's own output: in JSON it nests the command's JSON
//! (not its text in a string), and a failing command shows its error as nimlab shows errors,
//! caret included.

use serde_json::json;

use crate::support::Test;

const LESSON: &str = "format: 1
id: runs
version: 1
title: Runs
summary: Two commands, one that fails.
steps:
  - id: ok
    run: mex 0 1 3
  - id: broken
    run: = 3 + )
";

fn lesson_test() -> (Test, String) {
    let test = Test::new();
    let path = test.write("runs.yaml", LESSON);
    let dir = path.parent().expect("a directory").display().to_string();
    (test, dir)
}

#[test]
fn a_run_step_nests_the_commands_json() {
    let (test, dir) = lesson_test();
    let out = test
        .args(["--lessons", &dir, "--format", "json"])
        .stdin("lesson start runs\nnext\n")
        .run()
        .success();
    let lines = out.json_lines();
    let runs: Vec<_> = lines
        .iter()
        .flat_map(|doc| doc["items"].as_array().cloned().unwrap_or_default())
        .filter(|item| item["kind"] == "run")
        .collect();
    assert_eq!(runs.len(), 2, "{}", out.stdout);
    // mex{0, 1, 3} = 2: 0 and 1 are in the set, 2 is not.
    assert_eq!(
        runs[0],
        json!({"command": "mex 0 1 3", "kind": "run", "output": {"mex": 2, "set": [0, 1, 3]}})
    );
    assert_eq!(runs[1]["command"], "= 3 + )");
    assert!(runs[1].get("output").is_none(), "{}", runs[1]);
    assert!(
        runs[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("unexpected `)`")),
        "{}",
        runs[1]
    );
}

#[test]
fn a_failing_run_step_points_at_the_bad_token() {
    let (test, dir) = lesson_test();
    let out = test
        .args(["--lessons", &dir])
        .stdin("lesson start runs\nnext\n")
        .run()
        .success();
    let lines: Vec<&str> = out.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("error: unexpected `)`"))
        .unwrap_or_else(|| panic!("no error line in:\n{}", out.stdout));
    // The expression `3 + )` with a caret under the `)`, its fifth character.
    assert_eq!(lines[at + 1], "  | 3 + )");
    assert!(lines[at + 2].starts_with("  |     ^"), "{}", out.stdout);
}
