//! Results of the lesson commands: a step with what happened, the lesson list, a check report.
//! Data only; `render` words them.

use super::Output;
use crate::lesson::LessonError;

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
    /// Prose, with `{{ }}` already filled in.
    Text(String),
    /// A command and its output (or its error).
    Command {
        line: String,
        output: Result<Box<Output>, String>,
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
        holds: Result<bool, String>,
    },
    /// A reply to the learner.
    Feedback { tone: Tone, text: String },
}

/// How a reply should read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Good,
    Bad,
    Info,
    Warning,
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
    pub warnings: Vec<String>,
}

#[derive(Debug)]
pub struct LessonListRow {
    pub id: String,
    pub title: String,
    /// The chapter it belongs to (`More lessons` for one that names none).
    pub chapter: String,
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
