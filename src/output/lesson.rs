//! Results of the lesson commands: a step with what happened, the lesson list, a check report.
//! Data only; `render` words them.

use super::Output;
use crate::engine::{EngineError, Rules};
use crate::error::Error;
use crate::lesson::LessonError;
use crate::lesson::progress::{SaveError, Unusable};

/// What a lesson command shows: items in order.
#[derive(Debug)]
pub struct LessonReport {
    pub items: Vec<LessonItem>,
}

/// One thing shown in a lesson.
#[derive(Debug)]
pub enum LessonItem {
    /// The start of a step: the lesson, its position and id.
    Heading {
        lesson: String,
        number: usize,
        of: usize,
        step: String,
        /// Presenter mode: the step starts a fresh screen.
        present: bool,
    },
    /// Prose, with `{{ }}` filled in; or, where an expression in it fails, as written, with
    /// the failure (`broken`).
    Text {
        text: String,
        broken: Option<crate::lesson::JudgeError>,
    },
    /// A command and its output (or its error).
    Command {
        line: String,
        output: Result<Box<Output>, Error>,
    },
    /// A question: its prompt and choices.
    Question {
        prompt: String,
        choices: Vec<String>,
        hints: usize,
        present: bool,
    },
    /// A claim and whether its check holds.
    Claim {
        statement: String,
        check: String,
        holds: Result<bool, crate::lesson::JudgeError>,
    },
    /// A reply to the learner.
    Feedback(Feedback),
}

/// What nimlab tells the learner at a lesson step; `render` words it and picks its tone.
#[derive(Debug)]
pub enum Feedback {
    /// A lesson starts from its first step.
    Started {
        title: String,
        steps: usize,
    },
    /// A lesson picks up where the learner left it.
    Resumed {
        title: String,
    },
    /// A finished lesson starts again from the beginning.
    Again {
        title: String,
    },
    /// Presenter mode starts; speaker notes go to `notes` if given.
    Presenting {
        title: String,
        steps: usize,
        notes: Option<std::path::PathBuf>,
    },
    /// A progress file that could not be used; the lesson goes on.
    Progress(Unusable),
    /// Saving progress failed; the lesson goes on.
    NotSaved(SaveError),
    /// A setup line of the lesson failed.
    SetupFailed {
        line: String,
        error: Error,
    },
    /// The lesson pins its ruleset: `rules` for now, the learner's `yours` after.
    RulesPinned {
        rules: Rules,
        yours: Rules,
    },
    /// The learner changed the rules; the lesson's are set again for its commands.
    Repinned(Rules),
    /// The lesson's ruleset cannot be set.
    PinFailed {
        rules: Rules,
        error: EngineError,
    },
    /// The rules the lesson changed are given back.
    RulesRestored(Rules),
    /// Enter or `next` at an unanswered question.
    AnswerFirst {
        hints: bool,
    },
    /// The hint asked for.
    Hint {
        number: usize,
        of: usize,
        text: String,
    },
    NoMoreHints,
    /// `hint` at a question written without hints.
    NoHints,
    /// Presenter mode: a right answer from the room, not recorded.
    CorrectPresenting,
    /// An answer in another form than the question wants (a number for a set, `7T` for a
    /// value): the form wanted, and the size of a pile state typed where a number is asked.
    WrongForm {
        wanted: crate::lesson::answer_form::Form,
        state: Option<i128>,
    },
    /// `hint` or `skip` where there is no question.
    NotAQuestion,
    /// Something that reads as an answer, typed where there is no question.
    AnswerWithoutQuestion,
    Correct,
    /// A wrong answer, with why: the author's feedback, the kind of mistake a set makes, or
    /// nothing.
    Wrong {
        feedback: crate::lesson::mistake::Why,
        hints_left: bool,
    },
    /// Input that reads as no kind of answer.
    Unreadable {
        input: String,
        wanted: crate::lesson::answer_form::Form,
    },
    /// A choice's letter past the last choice.
    NoSuchChoice {
        count: usize,
    },
    /// The solution on `skip` (with the step skipped) or `reveal`, or why the question's
    /// answer has none.
    Solution(crate::lesson::mistake::Shown),
    /// The question's own answer cannot be checked.
    Broken(crate::lesson::JudgeError),
    /// `back` on the first step.
    AtStart,
    /// The last step is done: how the lesson went (none when presenting).
    Finished {
        title: String,
        summary: Option<crate::lesson::runner::Summary>,
    },
    /// `goto` an id the lesson does not have.
    NoSuchStep {
        id: String,
        nearest: Option<String>,
        ids: Vec<String>,
    },
    /// A step's command lines after one that ran out of budget.
    NotRun {
        lines: usize,
    },
    /// Speaker notes cannot be written.
    NotesUnwritable {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    /// `lesson quit`: where the learner stopped.
    Left {
        title: String,
        step: usize,
        id: String,
    },
    /// `lesson quit` in presenter mode.
    StoppedPresenting {
        title: String,
    },
}

/// `lesson results`: the learner's record, a row a step, in every lesson worked on.
#[derive(Debug)]
pub struct LessonResults {
    pub lessons: Vec<LessonResult>,
    /// Trouble with the progress file (a corrupt one kept aside).
    pub warnings: Vec<Unusable>,
}

/// One lesson's record.
#[derive(Debug)]
pub struct LessonResult {
    pub id: String,
    pub title: String,
    pub finished: bool,
    pub steps: Vec<StepResult>,
}

/// One step's record.
#[derive(Debug)]
pub struct StepResult {
    /// From 1, as the lesson's prompt shows it.
    pub number: usize,
    pub id: String,
    pub kind: StepKindName,
    /// What happened there (`None`: not reached).
    pub status: Option<crate::lesson::progress::StepStatus>,
    /// Answers judged, right or wrong; hints shown.
    pub attempts: u32,
    pub hints: u32,
    /// When it was last worked on, in seconds since the Unix epoch.
    pub last: Option<u64>,
}

/// What kind of step a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKindName {
    Text,
    Run,
    Question,
    Claim,
}

/// `lesson list`: each lesson with the learner's status.
#[derive(Debug)]
pub struct LessonList {
    /// The lessons in teaching order; a chapter's lessons follow one another.
    pub rows: Vec<LessonListRow>,
    /// How many are done, of how many.
    pub done: usize,
    /// The lessons not started whose prerequisites are all done: where to go next.
    pub ready: Vec<String>,
    /// Lessons that failed to load.
    pub errors: Vec<LessonError>,
    /// Trouble with the progress file (a corrupt one kept aside).
    pub warnings: Vec<Unusable>,
}

#[derive(Debug)]
pub struct LessonListRow {
    pub id: String,
    pub title: String,
    /// The chapter it belongs to, if it names one.
    pub chapter: Option<String>,
    pub steps: usize,
    pub status: LessonStatus,
    pub requires: Vec<String>,
    /// The prerequisites not done yet.
    pub waiting_for: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonStatus {
    NotStarted,
    /// On step k (1-based).
    AtStep(usize),
    Done,
}

/// `lesson check`: what was checked and every failure.
#[derive(Debug)]
pub struct CheckReport {
    pub lessons: usize,
    pub steps: usize,
    pub checks: usize,
    pub failures: Vec<LessonError>,
}
