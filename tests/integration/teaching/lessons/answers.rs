//! Answering the drill lesson's questions: compared by value (`13`, `0b1101`; `first`,
//! `Player 1`; a choice's letter or text), the author's feedback for a known mistake, hints one
//! at a time, `skip`, ordinary commands between answers, and presenter mode (`--present`: notes,
//! no grading, `reveal`).

use super::{Heading, Learner, headings, in_order, json_lines, last_heading, listed};

/// From the start of the drill lesson to its question `xor` (step 3).
fn to_xor(then: &[&str]) -> Vec<String> {
    ["lesson start drill", "next", "next"]
        .iter()
        .chain(then)
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn the_first_steps_render_templates_commands_and_the_question() {
    let out = Learner::new().script(&to_xor(&[])).success();
    assert_eq!(
        headings(&out.stdout),
        [
            Heading::drill(1, "intro"),
            Heading::drill(2, "show"),
            Heading::drill(3, "xor")
        ]
    );
    // mex{0, 1, 3}: 0 and 1 are there, 2 is missing.
    assert!(out.stdout.contains("mex{0, 1, 3} = 2."), "{}", out.stdout);
    assert!(
        out.stdout.contains("nimlab> nimsum 3 8 6"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("What is 3 ⊕ 8 ⊕ 6?"), "{}", out.stdout);
    // Speaker notes are for presenter mode only; hints wait to be asked for.
    assert!(!out.stdout.contains("Speaker notes"), "{}", out.stdout);
    assert!(
        !out.stdout.contains("Write 3, 8 and 6 in binary"),
        "{}",
        out.stdout
    );
}

/// 3 ⊕ 8 ⊕ 6 = 0011 ⊕ 1000 ⊕ 0110 = 1101 = 13 (by hand); 17 = 3 + 8 + 6 and 12 are the
/// author's wrong examples, each with its feedback.
#[test]
fn a_number_is_compared_by_value_with_feedback_for_known_mistakes() {
    let out = Learner::new()
        .script(&to_xor(&["12", "17", "14", "0b1101"]))
        .success();
    in_order(
        &out.stdout,
        &[
            "One column is off; count its ones again.",
            "That is the ordinary sum, 3 + 8 + 6.",
            "Not quite.",
            "Correct!",
        ],
    );
    assert_eq!(last_heading(&out.stdout), Heading::drill(4, "who"));

    let out = Learner::new().script(&to_xor(&["13"])).success();
    assert!(out.stdout.contains("Correct!"), "{}", out.stdout);
    assert_eq!(last_heading(&out.stdout), Heading::drill(4, "who"));

    let out = Learner::new().script(&to_xor(&["0xD"])).success();
    assert!(out.stdout.contains("Correct!"), "{}", out.stdout);
}

#[test]
fn an_unreadable_answer_is_explained_not_graded() {
    let out = Learner::new().script(&to_xor(&["thirteen"])).success();
    assert!(
        out.stdout
            .contains("`thirteen` is not an answer nimlab can read"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("Not quite"), "{}", out.stdout);
    assert_eq!(last_heading(&out.stdout), Heading::drill(3, "xor"));
}

/// Nim 1 2 4: 001 ⊕ 010 ⊕ 100 = 111 = 7 ≠ 0, so the first player wins.
#[test]
fn a_player_is_compared_by_value() {
    for (wrong, right) in [
        ("second", "first"),
        ("Player 2", "Player 1"),
        ("p2", "The first player wins."),
    ] {
        let out = Learner::new()
            .script(&to_xor(&["13", wrong, right]))
            .success();
        in_order(&out.stdout, &["Correct!", "Not quite.", "Correct!"]);
        assert_eq!(
            last_heading(&out.stdout),
            Heading::drill(5, "pick"),
            "{right}"
        );
    }
}

/// mex{0, 2} = 1 (by hand), choice b of `0`, `1`, `2`.
#[test]
fn a_choice_by_letter_or_by_its_text() {
    let out = Learner::new()
        .script(&to_xor(&["13", "first", "c", "d", "b"]))
        .success();
    in_order(
        &out.stdout,
        &[
            "a) 0",
            "b) 1",
            "c) 2",
            "Not quite.",
            "There are 3 choices",
            "Correct!",
        ],
    );
    assert_eq!(last_heading(&out.stdout), Heading::drill(6, "law"));

    let out = Learner::new()
        .script(&to_xor(&["13", "first", "1"]))
        .success();
    assert_eq!(out.stdout.matches("Correct!").count(), 3, "{}", out.stdout);
    assert_eq!(last_heading(&out.stdout), Heading::drill(6, "law"));
}

#[test]
fn hints_are_revealed_one_at_a_time() {
    let one = Learner::new().script(&to_xor(&["hint"])).success();
    assert!(
        one.stdout
            .contains("Hint 1 of 2: Write 3, 8 and 6 in binary."),
        "{}",
        one.stdout
    );
    assert!(
        !one.stdout.contains("Add each bit column"),
        "{}",
        one.stdout
    );

    let all = Learner::new()
        .script(&to_xor(&["hint", "hint", "hint", "12"]))
        .success();
    in_order(
        &all.stdout,
        &[
            "Hint 1 of 2: Write 3, 8 and 6 in binary.",
            "Hint 2 of 2: Add each bit column modulo 2.",
            "No more hints",
            // With every hint shown, a wrong answer points to `skip`.
            "`skip`",
        ],
    );
    assert_eq!(last_heading(&all.stdout), Heading::drill(3, "xor"));
}

#[test]
fn hints_are_for_questions() {
    let out = Learner::new()
        .script(&["lesson start drill", "hint"])
        .success();
    assert!(out.stdout.contains("not a question"), "{}", out.stdout);
}

#[test]
fn next_waits_for_an_answer_and_skip_shows_the_solution() {
    let out = Learner::new().script(&to_xor(&["next", "skip"])).success();
    in_order(&out.stdout, &["Answer the question first", "Solution: 13"]);
    assert_eq!(last_heading(&out.stdout), Heading::drill(4, "who"));
}

/// The learner may compute freely inside a lesson, then answer; the lesson's `setup`
/// (`rules nim`) is the session's ruleset.
#[test]
fn ordinary_commands_work_between_answers() {
    let out = Learner::new()
        .script(&to_xor(&[
            "= 3 xor 8 xor 6",
            "winner --format json 1 2 3",
            "13",
        ]))
        .success();
    let json = json_lines(&out.stdout);
    assert_eq!(json.len(), 1, "{}", out.stdout);
    assert_eq!(json[0]["rules"], "nim", "{}", json[0]);
    // 1 ⊕ 2 ⊕ 3 = 0: the second player wins.
    assert_eq!(json[0]["winner"], "second", "{}", json[0]);
    assert!(out.stdout.contains("Correct!"), "{}", out.stdout);
    assert_eq!(last_heading(&out.stdout), Heading::drill(4, "who"));
}

#[test]
fn presenting_moves_without_answers_and_reveals() {
    let learner = Learner::new();
    let out = learner
        .script(&[
            "lesson start drill --present",
            "next",
            "next",
            "reveal",
            "next",
            "next",
            "next",
            "back",
        ])
        .success();
    in_order(&out.stdout, &["What is 3 ⊕ 8 ⊕ 6?", "Solution: 13"]);
    // Speaker notes never reach the screen (`--notes FILE` sends them to a file).
    assert!(!out.stdout.contains("Speaker notes for"), "{}", out.stdout);
    let shown: Vec<usize> = headings(&out.stdout).iter().map(|h| h.number).collect();
    assert_eq!(shown, [1, 2, 3, 4, 5, 6, 5]);
    assert!(
        !out.stdout.contains("Answer the question first"),
        "{}",
        out.stdout
    );
    // A presentation is not the lecturer's own progress.
    let out = learner.script(&["lesson list --format json"]).success();
    assert_eq!(listed(&out.json(), "drill")["status"], "not-started");
}

/// A lecturer types the room's answers: each is judged and its feedback shown, nothing is
/// recorded, and the step stays where it is until `next` (3 ⊕ 8 ⊕ 6 = 13, by hand).
#[test]
fn presenting_judges_answers_and_records_nothing() {
    let learner = Learner::new();
    let out = learner
        .script(&["lesson start drill --present", "next", "next", "17", "13"])
        .success();
    in_order(
        &out.stdout,
        &[
            "That is the ordinary sum",
            "Correct! (Presenting: nothing is recorded",
        ],
    );
    assert_eq!(last_heading(&out.stdout), Heading::drill(3, "xor"));
    let out = learner.script(&["lesson list --format json"]).success();
    assert_eq!(listed(&out.json(), "drill")["status"], "not-started");
}

/// `reveal` shows the value of the answer where the author gave no solution.
#[test]
fn reveal_without_a_solution_shows_the_answers_value() {
    let lesson = "\
format: 1
id: bare
version: 1
title: Bare
steps:
  - id: q
    ask: What is mex{0, 1, 3}?
    answer: mex{0, 1, 3}
";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bare.yaml"), lesson).unwrap();
    let out = crate::support::Test::new()
        .args(["--lessons", &super::path_str(dir.path())])
        .stdin("lesson start bare --present\nreveal\n")
        .run()
        .success();
    // mex{0, 1, 3} = 2.
    assert!(out.stdout.contains("Solution: 2"), "{}", out.stdout);
}
