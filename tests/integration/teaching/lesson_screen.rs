//! A lesson as a learner reads it on an 80×24 terminal (issue 38 §5): leaving by `quit`,
//! `lesson quit` or another `lesson start` worded alike. Every expected line is written by hand
//! from the lesson files (`lessons/mex.yaml`: “The minimum excludant”, 11 steps;
//! `lessons/wythoff.yaml`: “Wythoff's game”, 15 steps).

#![cfg(unix)]

use std::time::Duration;

use crate::support::{Pty, Test, pty_text};

/// The bundled lessons at 80×24, with a data directory of the test's own.
fn terminal() -> Pty {
    let mut p = Test::new()
        .size(80, 24)
        .timeout(Duration::from_secs(30))
        .pty();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p
}

/// Sends `line` and returns what the screen shows until `prompt`, as UTF-8 lines.
fn answer(p: &mut Pty, line: &str, prompt: &str) -> Vec<String> {
    p.send_line(line).unwrap();
    let raw = p.exp_string(prompt).unwrap();
    pty_text(&raw).lines().map(str::to_string).collect()
}

/// The line that says a lesson was left: the same words from `quit` and from `lesson quit`,
/// on one line at 80 columns.
const LEFT_MEX_AT_2: &str =
    "Left “The minimum excludant” at step 2 (saved; `lesson start mex` resumes).";

#[test]
fn quit_and_lesson_quit_leave_a_lesson_in_one_wording() {
    let mut p = terminal();
    answer(&mut p, "lesson start mex", "nimlab[mex 1/11]> ");
    answer(&mut p, "next", "nimlab[mex 2/11]> ");
    let by_quit = answer(&mut p, "quit", "nimlab[zero-move]> ");
    assert!(by_quit.iter().any(|l| l == LEFT_MEX_AT_2), "{by_quit:#?}");
    // `quit` alone adds what a second `quit` would leave.
    assert!(
        by_quit.iter().any(|l| l == "`quit` again leaves nimlab."),
        "{by_quit:#?}"
    );
    answer(&mut p, "lesson start mex", "nimlab[mex 2/11]> ");
    let by_lesson_quit = answer(&mut p, "lesson quit", "nimlab[zero-move]> ");
    assert!(
        by_lesson_quit.iter().any(|l| l == LEFT_MEX_AT_2),
        "{by_lesson_quit:#?}"
    );
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn starting_another_lesson_says_in_one_line_that_the_first_was_left() {
    let mut p = terminal();
    answer(&mut p, "lesson start mex", "nimlab[mex 1/11]> ");
    answer(&mut p, "next", "nimlab[mex 2/11]> ");
    let screen = answer(&mut p, "lesson start wythoff", "nimlab[wythoff 1/15]> ");
    let left = screen
        .iter()
        .position(|l| l == LEFT_MEX_AT_2)
        .unwrap_or_else(|| panic!("{screen:#?}"));
    let heading = screen
        .iter()
        .position(|l| l.starts_with("── Wythoff's game · step 1 of 15 · "))
        .unwrap_or_else(|| panic!("{screen:#?}"));
    assert!(left < heading, "{screen:#?}");
    // `mex` kept its place: started again, it resumes at step 2.
    answer(&mut p, "lesson start mex", "nimlab[mex 2/11]> ");
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Step 14 of `wythoff.yaml`, `fib-pairs`: the claim as its author wrote it, then the verdict;
/// the checker's 200-character expression (`fib(2*j) = …`) stays off the screen.
#[test]
fn a_claim_is_shown_in_its_words_not_its_checkers_expression() {
    let mut p = terminal();
    answer(&mut p, "lesson start wythoff", "nimlab[wythoff 1/15]> ");
    let screen = answer(&mut p, "goto fib-pairs", "nimlab[wythoff 14/15]> ");
    let claim = [
        "Claim: Every other pair of consecutive Fibonacci numbers is lost:",
        "(F(2j), F(2j + 1)) = (1, 2), (3, 5), (8, 13), (21, 34), (55, 89), …",
        "is the pair with k = F(2j − 1), and (F(2j + 1), F(2j + 2)) is won.",
        "Checked by the formula for j up to 30.",
        "✓ checked by nimlab",
    ];
    assert!(
        screen.windows(claim.len()).any(|w| w == claim),
        "{screen:#?}"
    );
    assert!(!screen.iter().any(|l| l.contains("fib(2*j")), "{screen:#?}");
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Step 13 of `wythoff.yaml`, `ex-lost`: "Is (13, 21) lost for the player to move?" Its answer
/// is `lost((13, 21))`, no (the lost pair of difference 8 is (⌊8φ⌋, ⌊8φ²⌋) = (12, 20), by
/// hand: 8 × 1.618… = 12.9…). `lost` reads as "yes", so it earns the author's feedback for
/// "yes"; `won` could mean the opposite of a draw and is not read; `not lost` is right.
#[test]
fn is_it_lost_is_answered_in_its_own_words() {
    let mut p = terminal();
    answer(&mut p, "lesson start wythoff", "nimlab[wythoff 1/15]> ");
    answer(&mut p, "goto ex-lost", "nimlab[wythoff 13/15]> ");
    let screen = answer(&mut p, "lost", "nimlab[wythoff 13/15]> ").join(" ");
    assert!(
        screen.contains("Not every pair of consecutive Fibonacci numbers is lost:"),
        "{screen}"
    );
    let screen = answer(&mut p, "won", "nimlab[wythoff 13/15]> ");
    assert!(
        screen
            .iter()
            .any(|l| l == "`won` is not an answer nimlab can read: answer yes or no."),
        "{screen:#?}"
    );
    let screen = answer(&mut p, "not lost", "nimlab[wythoff 14/15]> ");
    assert!(screen.iter().any(|l| l == "Correct!"), "{screen:#?}");
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Step 5 of `pn-positions.yaml`, `p-set`: the P-positions of subtract:1,2 from 0 to 10 are the
/// multiples of 3, {0, 3, 6, 9} (by hand: from 3k every move leaves 3k − 1 or 3k − 2, and from
/// 3k + 1 or 3k + 2 a move leaves 3k). A wrong set is told its kind of mistake, and no
/// member of the answer is named.
#[test]
fn a_wrong_set_is_told_what_is_wrong_without_the_answer() {
    let mut p = terminal();
    answer(
        &mut p,
        "lesson start pn-positions",
        "nimlab[pn-positions 1/20]> ",
    );
    answer(&mut p, "goto p-set", "nimlab[pn-positions 5/20]> ");
    let told = |p: &mut Pty, set: &str| {
        let screen = answer(p, set, "nimlab[pn-positions 5/20]> ");
        // The screen after the input's line: what nimlab says.
        screen.join(" ").trim().to_string()
    };
    assert_eq!(
        told(&mut p, "{0, 3, 6}"),
        "Not quite: your set is missing some members. Try again, or `hint`."
    );
    assert_eq!(
        told(&mut p, "{0, 3, 6, 9, 10}"),
        "Not quite: your set has members it should not have. Try again, or `hint`."
    );
    assert_eq!(
        told(&mut p, "{0, 3, 6, 10}"),
        "Not quite: your set is missing some members and has some it should not have. Try \
         again, or `hint`."
    );
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Step 3 of `mex.yaml`, `gap`: "What is mex{0, 1, 2, 4, 5}?", solution 3 (0, 1, 2 are in the
/// set, 3 is not). `skip` says it skipped the question and how to come back, then the solution,
/// then the next step.
#[test]
fn skip_says_the_question_was_skipped_and_how_to_come_back() {
    let mut p = terminal();
    answer(&mut p, "lesson start mex", "nimlab[mex 1/11]> ");
    answer(&mut p, "goto gap", "nimlab[mex 3/11]> ");
    let screen = answer(&mut p, "skip", "nimlab[mex 4/11]> ");
    assert_eq!(
        screen.first().map(String::as_str),
        Some("Skipped (`goto gap` comes back to it). Solution: 3"),
        "{screen:#?}"
    );
    assert!(
        screen
            .iter()
            .any(|l| l.starts_with("── The minimum excludant · step 4 of 11")),
        "{screen:#?}"
    );
    answer(&mut p, "goto gap", "nimlab[mex 3/11]> ");
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// `wythoff.yaml` plays wythoff. A newcomer, who chose no rules, was told nothing about rules
/// at the door and is told nothing on the way out; a learner who chose nim is told at the door
/// and given nim back with a line.
#[test]
fn rules_given_back_are_told_only_to_a_learner_who_chose_rules() {
    let mut p = terminal();
    answer(&mut p, "lesson start wythoff", "nimlab[wythoff 1/15]> ");
    let screen = answer(&mut p, "quit", "nimlab[zero-move]> ");
    assert!(
        !screen.iter().any(|l| l.starts_with("rules: back to")),
        "{screen:#?}"
    );
    answer(&mut p, "rules nim", "nimlab[nim]> ");
    let screen = answer(&mut p, "lesson start wythoff", "nimlab[wythoff 1/15]> ");
    assert!(
        screen
            .iter()
            .any(|l| l == "This lesson plays wythoff; your rules (nim) come back when it ends."),
        "{screen:#?}"
    );
    let screen = answer(&mut p, "lesson quit", "nimlab[nim]> ");
    assert!(
        screen.iter().any(|l| l == "rules: back to nim"),
        "{screen:#?}"
    );
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
