//! What a newcomer meets first: `winner -` at a terminal says what it waits for and how to
//! end it, and the first lesson opens with the lesson, not with words about session rules.

use crate::support::Test;

/// The first lesson of `lesson list` opens with its title: nothing about rules comes first.
#[test]
fn the_first_lesson_opens_with_the_lesson() {
    let list = Test::new().args(["lesson", "list"]).run().success();
    // The first line that names a lesson id: an indented row whose first word is the id.
    let first = list
        .stdout
        .lines()
        .filter(|l| l.starts_with("  "))
        .find_map(|l| l.split_whitespace().next())
        .expect("a lesson in the list")
        .to_string();
    let out = Test::new()
        .stdin(format!("lesson start {first}\n"))
        .run()
        .success();
    let opening: Vec<&str> = out.stdout.lines().take(3).collect();
    for line in &opening {
        assert!(
            !line.contains("rules") && !line.contains("This lesson plays"),
            "the lesson opens with {line:?}:\n{}",
            out.stdout
        );
    }
    assert!(out.stdout.contains(" · step 1 of "), "{}", out.stdout);
}

/// A learner who chose other rules is still told the lesson plays its own.
#[test]
fn a_learner_with_rules_of_their_own_is_told_of_the_lessons() {
    Test::new()
        .stdin("rules nim\nlesson start pn-positions\n")
        .run()
        .success()
        .stdout_has("your rules (nim) come back when it ends");
}

/// In a pipe, `-` reads the piles without a word (the note is for a person at a terminal).
#[test]
fn winner_dash_in_a_pipe_reads_quietly() {
    let out = Test::new()
        .args(["winner", "--rules", "nim", "-"])
        .stdin("1 2 3\n")
        .run()
        .success();
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    // 1 ⊕ 2 ⊕ 3 = 0: the second player wins.
    assert!(out.stdout.contains("second player"), "{}", out.stdout);
}

/// At a terminal, `winner -` says it reads piles and that Ctrl-D ends them.
#[cfg(unix)]
#[test]
fn winner_dash_at_a_terminal_says_how_to_end() {
    use std::time::Duration;
    let mut p = Test::new()
        .args(["winner", "--rules", "nim", "-"])
        .size(80, 24)
        .timeout(Duration::from_secs(60))
        .pty();
    p.exp_string("reading piles from standard input").unwrap();
    p.exp_string("Ctrl-D").unwrap();
    p.send_line("1 2 3").unwrap();
    p.send_control('d').unwrap();
    p.exp_string("second player").unwrap();
    p.exp_eof().unwrap();
}
