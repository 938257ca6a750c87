//! Commands the session cannot run now, and lines nimlab cannot split: each says what went
//! wrong in words written out here by hand, and exits 2.

use crate::support::Test;

/// One command on the shell's line: the whole of stderr, and exit code 2.
#[track_caller]
fn shell(args: &[&str], message: &str) {
    Test::new()
        .args(args.iter().copied())
        .run()
        .code(2)
        .stdout("")
        .stderr(&format!("error: {message}\n"));
}

#[test]
fn commands_on_the_shells_line() {
    shell(
        &["rules", "subtract", "1", "3", "4"],
        "`subtract 1 3 4` is one ruleset written as one word: did you mean `subtract:1,3,4`?",
    );
    shell(
        &["next"],
        "`next` works inside the workbench, in a game, a derivation, a proof or a lesson: start \
         one with `nimlab play 4 7 5` or `nimlab lesson start mex`, or run `nimlab` and type \
         `help`",
    );
    shell(
        &["period", "--rules", "zero-move"],
        "`period` looks at octal games (`--rules octal:0.77`) and subtraction games (`--rules \
         subtract:1,3,4`); zero-move values grow with n (g(nF) = n), so they never repeat",
    );
    shell(
        &["period", "--rules", "nim"],
        "`period` looks at octal games (`--rules octal:0.77`) and subtraction games (`--rules \
         subtract:1,3,4`); nim has g(n) = n, which never repeats",
    );
    shell(
        &["winner"],
        "no piles given: write them like `winner 3 4 5`, or set the session's position with \
         `position 3 4 5`",
    );
}

#[test]
fn pile_sources_that_cannot_be_used() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let empty = empty.to_str().unwrap();
    shell(
        &["winner", "--file", empty],
        &format!("no piles found in `{empty}`: expected whitespace-separated pile sizes"),
    );
    shell(
        &["winner", "--file", empty, "3"],
        "give piles either with --file or on the line, not both (found `3`)",
    );
    // 10001 piles: one more than the session's position keeps, and more than a game takes.
    let many = dir.path().join("many.txt");
    std::fs::write(&many, "1 ".repeat(10_001)).unwrap();
    let many = many.to_str().unwrap();
    shell(
        &["position", "--file", many],
        &format!(
            "`{many}` holds more than 10000 piles, too many for the session's position; use \
             `winner --file` or `move --file` to decide it"
        ),
    );
    shell(
        &["play", "--file", many],
        &format!("`{many}` holds too many piles to play a game with"),
    );
    // Misère play is searched move by move: the file is named once, in one pair of backticks.
    shell(
        &["winner", "--misere", "--file", many],
        &format!(
            "`{many}` holds too many piles to search move by move (misère play is decided by \
             exhaustive search)"
        ),
    );
}

#[test]
fn lines_of_a_script_the_session_cannot_run() {
    let script = [
        "undo",
        "lesson quit",
        "skip",
        "next",
        "step",
        "set 1 3",
        "winner \"3 4",
        "winner -",
        "play 4 7 5",
        "undo",
        "play 1 2",
        "step",
    ]
    .join("\n");
    let out = Test::new().stdin(script).run().code(2);
    let expected = [
        "error: line 1: no game in progress; start one with `play 4 7 5`",
        "error: line 2: no lesson in progress: start one with `lesson start ID` (see `lesson list`)",
        "error: line 3: no lesson in progress: start one with `lesson start ID` (see `lesson list`)",
        "error: line 4: nothing to step through: start with `derive 0..5` or `prove NAME`",
        "error: line 5: no position to step through: set one with `position 4 7 5`",
        "error: line 6: no position to change: set one first with `position 3 4 5`",
        "error: line 7: cannot split the line into words (missing closing quote); check its quotes",
        "error: line 8: `-` reads piles from standard input, but standard input is the script \
         being run; put the piles in a file and use `--file PATH`",
        "error: line 10: nothing to undo: you have not moved yet",
        "error: line 11: a game is in progress: finish it, or `resign` first",
        "error: line 12: `step` plays the session's position, not a game: in a game, `hint` \
         shows the winning move",
        "error: 11 lines failed",
    ];
    assert_eq!(out.stderr.lines().collect::<Vec<_>>(), expected);
}
