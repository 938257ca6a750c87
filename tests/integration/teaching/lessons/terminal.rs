//! The drill lesson on a real terminal (a pty): the prompt names the lesson and step, Enter moves
//! on, `hint`, a wrong and a right answer, `lesson quit`, and `lesson reset` asks to confirm.

use std::time::Duration;

use super::Learner;
use crate::support::Pty;

// rexpect turns each byte it reads into a char, so only ASCII text can be matched: the step
// headings are matched by their `step K of N` and the prompt.

fn spawn(learner: &Learner) -> Pty {
    learner.test().timeout(Duration::from_secs(20)).pty()
}

#[test]
fn a_lesson_on_a_real_terminal() {
    let learner = Learner::new();
    let mut p = spawn(&learner);
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("lesson start drill").unwrap();
    p.exp_string("step 1 of 7").unwrap();
    p.exp_string("nimlab[drill 1/7]> ").unwrap();
    // Enter moves on from a text step and from a run step.
    p.send_line("").unwrap();
    p.exp_string("step 2 of 7").unwrap();
    p.exp_string("nimlab[drill 2/7]> ").unwrap();
    p.send_line("").unwrap();
    p.exp_string("step 3 of 7").unwrap();
    p.exp_string("nimlab[drill 3/7]> ").unwrap();
    // …but not from a question that has not been answered.
    p.send_line("").unwrap();
    p.exp_string("Answer the question first").unwrap();
    p.exp_string("nimlab[drill 3/7]> ").unwrap();
    p.send_line("hint").unwrap();
    p.exp_string("Hint 1 of 2: Write 3, 8 and 6 in binary.")
        .unwrap();
    p.exp_string("nimlab[drill 3/7]> ").unwrap();
    // 17 = 3 + 8 + 6, the author's wrong example; 3 ⊕ 8 ⊕ 6 = 13.
    p.send_line("17").unwrap();
    p.exp_string("That is the ordinary sum, 3 + 8 + 6.")
        .unwrap();
    p.exp_string("nimlab[drill 3/7]> ").unwrap();
    p.send_line("13").unwrap();
    p.exp_string("Correct!").unwrap();
    p.exp_string("step 4 of 7").unwrap();
    p.exp_string("nimlab[drill 4/7]> ").unwrap();
    p.send_line("lesson quit").unwrap();
    p.exp_string("lesson start drill").unwrap();
    // Out of the lesson, the prompt shows the ruleset again: the lesson's setup chose nim,
    // and leaving gives back the rules the session had before, zero-move.
    p.exp_string("nimlab[zero-move]> ").unwrap();
    // On a terminal, forgetting progress asks first.
    p.send_line("lesson reset drill").unwrap();
    p.exp_string("To confirm, type `lesson reset drill")
        .unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("lesson start drill").unwrap();
    p.exp_string("step 4 of 7").unwrap();
    p.exp_string("nimlab[drill 4/7]> ").unwrap();
    // `quit` leaves the lesson, keeping the progress; a second `quit` leaves nimlab.
    p.send_line("quit").unwrap();
    p.exp_string(" at step 4 (saved; `lesson start drill` resumes).")
        .unwrap();
    p.exp_string("`quit` again leaves nimlab.").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Coming back tomorrow: the prompt's start names the lesson last worked on and its step. The
/// drill left at step 4 (`who`) by a script, after `xor` was answered (3 ⊕ 8 ⊕ 6 = 13).
#[test]
fn the_prompt_says_where_the_learner_was() {
    let learner = Learner::new();
    learner
        .script(&["lesson start drill", "next", "next", "13", "lesson quit"])
        .success();
    let mut p = spawn(&learner);
    p.exp_string("You were at step 4 of 7 of").unwrap();
    p.exp_string("lesson start drill").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("lesson start drill").unwrap();
    p.exp_string("nimlab[drill 4/7]> ").unwrap();
}

/// A finished lesson is not mentioned: the prompt starts as on a first day.
#[test]
fn a_finished_lesson_is_not_mentioned() {
    let learner = Learner::new();
    learner
        .script(&[
            "lesson start drill",
            "next",
            "next",
            "13",
            "first",
            "b",
            "next",
            "next",
        ])
        .success();
    let mut p = spawn(&learner);
    let (before, _) = p.exp_regex("nimlab\\[zero-move\\]> ").unwrap();
    assert!(!before.contains("You were at"), "{before}");
}
