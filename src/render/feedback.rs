//! The words of lesson feedback, and the tone each reads in: the one place a lesson's
//! replies to the learner are worded.

use std::path::Path;

use crate::engine::quoted;
use crate::lesson::answer_form::Form;
use crate::lesson::mistake::{Shown, Why};
use crate::lesson::runner::{Summary, choice_label};
use crate::output::Feedback;

/// How a reply reads: good news, bad news, information or a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tone {
    Good,
    Bad,
    Info,
    Warning,
}

impl Tone {
    /// The tone's name in JSON.
    pub(super) fn name(self) -> &'static str {
        match self {
            Self::Good => "good",
            Self::Bad => "bad",
            Self::Info => "info",
            Self::Warning => "warning",
        }
    }
}

/// The tone `feedback` reads in.
pub(super) fn tone(feedback: &Feedback) -> Tone {
    match feedback {
        Feedback::Correct | Feedback::CorrectPresenting | Feedback::Finished { .. } => Tone::Good,
        Feedback::Wrong { .. }
        | Feedback::WrongForm { .. }
        | Feedback::Unreadable { .. }
        | Feedback::NoSuchChoice { .. }
        | Feedback::NoSuchStep { .. } => Tone::Bad,
        Feedback::Progress(_)
        | Feedback::NotSaved(_)
        | Feedback::SetupFailed { .. }
        | Feedback::Broken(_)
        | Feedback::NotRun { .. }
        | Feedback::NotesUnwritable { .. }
        | Feedback::PinFailed { .. } => Tone::Warning,
        Feedback::Started { .. }
        | Feedback::Resumed { .. }
        | Feedback::Again { .. }
        | Feedback::Presenting { .. }
        | Feedback::RulesRestored(_)
        | Feedback::RulesPinned { .. }
        | Feedback::Repinned(_)
        | Feedback::AnswerFirst { .. }
        | Feedback::Hint { .. }
        | Feedback::NoMoreHints
        | Feedback::NoHints
        | Feedback::NotAQuestion
        | Feedback::AnswerWithoutQuestion
        | Feedback::Solution(_)
        | Feedback::AtStart
        | Feedback::Left { .. }
        | Feedback::StoppedPresenting { .. } => Tone::Info,
    }
}

/// `feedback` in words (without the `warning:` a warning's text line starts with).
pub(super) fn words(feedback: &Feedback) -> String {
    match feedback {
        Feedback::Started { title, steps } => format!(
            "“{title}”, {steps} steps. Enter or `next` moves on; answer at the prompt.\n`hint` for a hint, `skip` for the solution, `back`, `lesson quit` (kept)."
        ),
        Feedback::Resumed { title } => format!(
            "Welcome back to “{title}”: here is where you were.\nEnter or `next` moves on; `hint`, `skip`, `back`, `lesson quit`."
        ),
        Feedback::Again { title } => format!(
            "You have finished “{title}” before: here it is again from the start.\nEnter or `next` moves on; `hint`, `skip`, `back`, `lesson quit`."
        ),
        Feedback::Presenting {
            title,
            steps,
            notes,
        } => presenting(title, *steps, notes.as_deref()),
        Feedback::Progress(unusable) => unusable.to_string(),
        Feedback::NotSaved(error) => format!("{error}; the lesson goes on"),
        Feedback::SetupFailed { line, error } => format!("setup {} failed: {error}", quoted(line)),
        Feedback::RulesRestored(rules) => format!("rules: back to {rules}"),
        Feedback::RulesPinned { rules, yours } => {
            format!("This lesson plays {rules}; your rules ({yours}) come back when it ends.")
        }
        Feedback::Repinned(rules) => {
            format!("rules: back to {rules}, this lesson's ruleset, for its commands")
        }
        Feedback::PinFailed { rules, error } => {
            format!(
                "this lesson's rules, {rules}, cannot be set: {}",
                super::engine_words::Said(error)
            )
        }
        Feedback::AnswerFirst { hints: true } => {
            "Answer the question first — or `hint` for a hint, `skip` to see the solution.".into()
        }
        Feedback::AnswerFirst { hints: false } => {
            "Answer the question first — or `skip` to see the solution.".into()
        }
        Feedback::Hint { number, of, text } => format!("Hint {number} of {of}: {text}"),
        Feedback::NoMoreHints => "No more hints: `skip` shows the solution.".into(),
        Feedback::NoHints => {
            "This question has no hints: `skip` shows the solution, and every command still works for computing it.".into()
        }
        Feedback::CorrectPresenting => {
            "Correct! (Presenting: nothing is recorded; `next` moves on.)".into()
        }
        Feedback::WrongForm {
            wanted,
            state: Some(size),
        } if *wanted == Form::Number => format!(
            "That is a pile state; this question asks for a value, a number such as 13 — the value of {size}T, not the state itself."
        ),
        Feedback::WrongForm { wanted, .. } => format!("Not marked: {}", form_wanted(*wanted)),
        Feedback::NotAQuestion => "This step is not a question: `next` moves on.".into(),
        Feedback::AnswerWithoutQuestion => {
            "This step is not a question: Enter or `next` moves on.".into()
        }
        Feedback::Correct => "Correct!".into(),
        Feedback::Wrong {
            feedback,
            hints_left,
        } => wrong(feedback, *hints_left),
        Feedback::Unreadable { input, wanted } => format!(
            "{} is not an answer nimlab can read: {}",
            quoted(input),
            form_wanted(*wanted)
        ),
        Feedback::NoSuchChoice { count } => format!(
            "There are {count} choices: answer with a letter from a to {}, or the choice itself.",
            choice_label(count.saturating_sub(1))
        ),
        Feedback::Solution(shown) => solution(shown),
        Feedback::Broken(error) => format!("this question is broken ({error}); `skip` moves on"),
        Feedback::AtStart => "This is the first step.".into(),
        Feedback::Finished { title, summary } => finished(title, summary.as_ref()),
        Feedback::NoSuchStep { id, nearest, ids } => no_such_step(id, nearest.as_deref(), ids),
        Feedback::NotRun { lines } => format!(
            "{lines} more command line{} of this step not run",
            if *lines == 1 { "" } else { "s" }
        ),
        Feedback::NotesUnwritable { path, error } => format!(
            "speaker notes cannot be written to `{}`: {error}",
            path.display()
        ),
        Feedback::Left { title, step, id } => left_lesson(title, *step, id),
        Feedback::StoppedPresenting { title } => stopped_presenting(title),
    }
}

/// A lesson left at `step` (from 1), by `quit`, `lesson quit` or another `lesson start`: one
/// wording for every way out.
pub(super) fn left_lesson(title: &str, step: usize, id: &str) -> String {
    // Short enough for one line at 80 columns with most titles.
    format!("Left “{title}” at step {step} (saved; `lesson start {id}` resumes).")
}

/// A presented lesson left, by `quit` or `lesson quit`: it kept no progress.
pub(super) fn stopped_presenting(title: &str) -> String {
    format!("Stopped presenting “{title}”.")
}

/// `lesson present`'s opening: the lesson, how to move through it, where the speaker notes go.
fn presenting(title: &str, steps: usize, notes: Option<&Path>) -> String {
    let notes = notes.map_or_else(
        || "Speaker notes are not shown (`--notes FILE` sends them to a file).".to_string(),
        |path| format!("Speaker notes go to `{}`.", path.display()),
    );
    format!(
        "Presenting “{title}” ({steps} steps).\n`next`/`back` (or Enter) move; `reveal` shows an answer. {notes}"
    )
}

/// A wrong answer: the question's own feedback, or `Not quite.` with the kind of mistake a set
/// makes (never which members), then how to go on.
fn wrong(why: &Why, hints_left: bool) -> String {
    let mut line = match why {
        Why::Said(text) => text.clone(),
        Why::Set {
            missing: true,
            extra: false,
        } => "Not quite: your set is missing some members.".into(),
        Why::Set {
            missing: false,
            extra: true,
        } => "Not quite: your set has members it should not have.".into(),
        Why::Set { .. } => {
            "Not quite: your set is missing some members and has some it should not have.".into()
        }
        Why::Unsaid => "Not quite.".into(),
    };
    line.push_str(if hints_left {
        " Try again, or `hint`."
    } else {
        " Try again, or `skip` to see the solution."
    });
    line
}

/// A solution shown: on `skip`, first that the question was skipped and how to come back to
/// it.
fn solution(shown: &Shown) -> String {
    let solution = match &shown.solution {
        Ok(solution) => format!("Solution: {solution}"),
        Err(error) => format!("Solution: ({error})"),
    };
    match &shown.skipped {
        Some(id) => format!("Skipped (`goto {id}` comes back to it). {solution}"),
        None => solution,
    }
}

/// The end of a lesson: the learner's score and the steps worth another look, then what next.
fn finished(title: &str, summary: Option<&Summary>) -> String {
    let mut text = format!("You have finished “{title}”.");
    if let Some(s) = summary.filter(|s| s.questions > 0) {
        text.push_str(&format!(
            " Right at the first try: {} of {} question{}; hints used: {}.",
            s.first_time,
            s.questions,
            if s.questions == 1 { "" } else { "s" },
            s.hints
        ));
        if !s.revisit.is_empty() {
            let ids: Vec<String> = s.revisit.iter().map(|id| format!("`{id}`")).collect();
            text.push_str(&format!(
                " Worth another look: {} (`goto ID` after `lesson start`).",
                ids.join(", ")
            ));
        }
    }
    text.push_str(" `lesson list` shows what is next; `lesson results` your record.");
    text
}

/// `goto` a step the lesson does not have: the nearest id, then the numbers and ids it takes.
fn no_such_step(id: &str, nearest: Option<&str>, ids: &[String]) -> String {
    let mut line = format!("this lesson has no step {}", quoted(id));
    if let Some(near) = nearest {
        line.push_str(&format!(" — did you mean `{near}`?"));
    }
    line.push_str(&format!(
        "\n`goto` takes a step's number, 1 to {}, or its id: {}",
        ids.len(),
        ids.iter()
            .map(|i| format!("`{i}`"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    line
}

/// What a question wants, said to a learner who typed something else.
fn form_wanted(form: Form) -> &'static str {
    match form {
        Form::Number => "this question wants a number, such as 13 or 0b1101.",
        Form::Set => {
            "this question wants a set, such as {2} or {0, 3} (or the numbers alone: 0 3)."
        }
        Form::YesNo => "answer yes or no.",
        Form::Player => {
            "answer first or second (the player who wins; P for a P-position, where the second player wins, N for an N-position)."
        }
        Form::State => "this question wants a pile state, such as 7T or 7F.",
        Form::Gamma => {
            "this question wants a value of γ: a number, or ∞ with a set, such as ∞{0, 2} (or inf{0, 2})."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wrong set is told its kind of mistake; the words name no member.
    #[test]
    fn a_wrong_set_is_told_its_kind_of_mistake() {
        let wrong = |missing, extra| {
            words(&Feedback::Wrong {
                feedback: Why::Set { missing, extra },
                hints_left: true,
            })
        };
        assert_eq!(
            wrong(true, false),
            "Not quite: your set is missing some members. Try again, or `hint`."
        );
        assert_eq!(
            wrong(false, true),
            "Not quite: your set has members it should not have. Try again, or `hint`."
        );
        assert_eq!(
            wrong(true, true),
            "Not quite: your set is missing some members and has some it should not have. Try again, or `hint`."
        );
    }

    /// `skip` says the question was skipped and how to come back, then the solution; `reveal`
    /// (presenting) shows the solution alone.
    #[test]
    fn a_skipped_question_says_so_before_its_solution() {
        let shown = |skipped: Option<&str>| {
            words(&Feedback::Solution(Shown {
                solution: Ok("3".into()),
                skipped: skipped.map(str::to_string),
            }))
        };
        assert_eq!(
            shown(Some("gap")),
            "Skipped (`goto gap` comes back to it). Solution: 3"
        );
        assert_eq!(shown(None), "Solution: 3");
    }

    #[test]
    fn replies_read_in_their_tone() {
        let wrong = Feedback::Wrong {
            feedback: Why::Unsaid,
            hints_left: true,
        };
        assert_eq!(words(&wrong), "Not quite. Try again, or `hint`.");
        assert_eq!(tone(&wrong), Tone::Bad);
        let last = Feedback::Wrong {
            feedback: Why::Said("Count from 0.".into()),
            hints_left: false,
        };
        assert_eq!(
            words(&last),
            "Count from 0. Try again, or `skip` to see the solution."
        );
        assert_eq!(tone(&Feedback::Correct), Tone::Good);
        assert_eq!(
            words(&Feedback::NotRun { lines: 1 }),
            "1 more command line of this step not run"
        );
        assert_eq!(
            words(&Feedback::NoSuchChoice { count: 3 }),
            "There are 3 choices: answer with a letter from a to c, or the choice itself."
        );
        assert_eq!(tone(&Feedback::NotRun { lines: 2 }), Tone::Warning);
    }
}
