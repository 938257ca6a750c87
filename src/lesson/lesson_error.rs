//! Why a lesson file does not load, or does not pass `lesson check`: where (the file, line,
//! column and step) and what (a [`LessonFault`] with named fields). Data only: the words are
//! written once, in `render`.

use std::io;
use std::sync::Arc;

use super::JudgeError;
use super::model::Theorem;
use crate::engine::{EngineError, Rules};
use crate::error::Error;
use crate::expr::Value;
use crate::refusal::Spent;
use crate::yaml::YamlErrorKind;

/// A lesson that cannot be loaded or does not check, located as precisely as possible.
#[derive(Debug, Clone)]
pub struct LessonError {
    /// The file (or, for a bundled lesson, `lessons/NAME`), or the directory that holds it.
    pub origin: String,
    pub line: Option<usize>,
    /// The column, where the YAML parser knows it.
    pub column: Option<usize>,
    pub step: Option<String>,
    /// Boxed: a fault is large, and a lesson error is rare.
    pub fault: Box<LessonFault>,
}

/// What is wrong with a lesson.
#[derive(Debug, Clone)]
pub enum LessonFault {
    /// The lesson directory cannot be listed.
    DirUnreadable { source: Arc<io::Error> },
    /// The file cannot be opened or read.
    Unreadable { source: Arc<io::Error> },
    /// A directory, FIFO, device or socket where a lesson file should be.
    NotRegular { kind: crate::capped_read::FileKind },
    /// More than `limit` bytes; `bytes` is the size when it is known (a file that grows while it
    /// is read is refused after `limit` bytes, without a size).
    TooLarge { bytes: Option<u64>, limit: usize },
    /// Bytes that are not UTF-8 text (the error's line is the first bad one's).
    NotUtf8,
    /// YAML that does not read as a lesson: the reader's own complaint.
    Yaml(YamlErrorKind),
    /// A key the lesson needs at its top level is missing; `message` is the YAML reader's.
    MissingTopLevel { message: String },
    /// `format:` is not the one this nimlab reads (`expected`).
    Format { found: u32, expected: u32 },
    /// `id:` is not lowercase letters, digits, `-` and `_`.
    LessonId { id: String },
    /// No steps at all.
    NoSteps,
    /// `rules:` names no ruleset a lesson can pin.
    Rules { name: String, error: EngineError },
    /// `rules: graph:NAME` names a bundled graph whose text does not read (the tests rule it
    /// out).
    GraphFile {
        name: String,
        error: crate::graph::BadFile,
    },
    /// A definition in `games:` that does not parse, takes a name already used, or fails
    /// when its first states are valued.
    Game {
        definition: String,
        error: Arc<Error>,
    },
    /// `rules: game:NAME` names no game of the lesson's `games:` (`known` lists them).
    UnknownGame { name: String, known: Vec<String> },
    /// `rules: graph:NAME` names no graph bundled with nimlab (`known` lists them); a lesson
    /// never reads a graph file.
    UnknownGraph {
        name: String,
        known: Vec<&'static str>,
    },
    /// `rules:` on a `run` step: its commands name their ruleset themselves.
    RulesOnRun,
    /// Step `number` (1-based) has no `id`.
    NoStepId { number: usize },
    /// The step's id is not lowercase letters, digits, `-` and `_`.
    StepId,
    /// The step's id is used by an earlier step.
    StepIdTwice,
    /// The step has none of `text`, `run`, `ask`, `claim`.
    NoKind,
    /// The step has more than one of `text`, `run`, `ask`, `claim`.
    Kinds { kinds: Vec<&'static str> },
    /// A field of another kind of step (`field` belongs to `owner` steps, this is a `kind`).
    ForeignField {
        field: &'static str,
        owner: &'static str,
        kind: &'static str,
    },
    /// A `run` step with no command.
    EmptyRun,
    /// An `ask` step with no `answer`.
    NoAnswer,
    /// A `claim` step with no `check`.
    NoCheck,
    /// Loaded, but `lesson check` found this wrong.
    /// Boxed: what the checker finds is larger than what the loader does.
    Check(Box<CheckFault>),
}

/// What `lesson check` finds wrong in a lesson that loads.
#[derive(Debug, Clone)]
pub enum CheckFault {
    /// `requires` names `id`, which is not a lesson.
    UnknownRequirement { id: String },
    /// The lesson's ruleset cannot be set.
    PinFails { rules: Rules, error: EngineError },
    /// A setup line (`setup: true`) or a step's command line is unfit for a lesson.
    Line {
        line: String,
        setup: bool,
        problem: LineProblem,
    },
    /// A setup line or a step's command line fails.
    LineFails {
        line: String,
        setup: bool,
        error: Arc<Error>,
    },
    /// The lesson's lines spent their budget before this step; it and the rest are unchecked.
    OverBudget { spent: Spent },
    /// A text (`{{ }}`), an answer or a check whose expression fails.
    Expr(JudgeError),
    /// An expression whose value depends on the session's ruleset.
    SessionRules(SessionRulesCall),
    /// A claim that illustrates `theorem` but whose check does not prove it.
    Circular {
        theorem: Theorem,
        circularity: Circularity,
    },
    /// A claim's check that is false.
    ClaimFalse { check: String },
    /// A claim's check whose expression fails.
    ClaimFails { check: String, error: JudgeError },
    /// A claim's check that is neither true nor false.
    ClaimNotTruth { check: String, value: Value },
    /// A question's answer written as a literal value.
    LiteralAnswer { answer: String },
    /// A question's answer that calls nothing and reads no variable.
    ConstantAnswer { answer: String },
    /// A solution the question does not accept; `value` is what `answer` gives.
    SolutionRejected {
        solution: String,
        answer: String,
        value: Value,
    },
    /// A wrong example the question accepts.
    WrongAccepted {
        example: String,
        answer: String,
        value: Value,
    },
    /// `right` choices are accepted, not exactly one.
    RightChoices {
        right: usize,
        answer: String,
        value: Value,
    },
}

/// Why a command line is unfit for a lesson (beyond what the sandbox refuses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// A `rules` command in `setup`, where the `rules:` key belongs.
    RulesCommandInSetup,
    /// A command that uses the session's ruleset, with none pinned.
    SessionRules,
    /// An `eval` whose expression uses the session's ruleset.
    Expr(SessionRulesCall),
}

/// An expression (`source`) calling `call` without a ruleset, so its value depends on the
/// ruleset the learner last chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRulesCall {
    pub source: String,
    pub call: String,
}

/// How a theorem's claim is checked in a way that proves nothing about the theorem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Circularity {
    /// It calls `winner`, which applies the theorem.
    Winner,
    /// It calls `nimsum`, which combines values the theorem's way.
    Nimsum,
    /// It calls `call` on one heap of a game whose moves split heaps.
    OneSplittingHeap { call: String },
    /// It never searches the game tree.
    NoSearch,
}

impl LessonError {
    /// A fault of the whole file, at no line.
    pub fn of_file(origin: impl Into<String>, fault: LessonFault) -> Self {
        Self {
            origin: origin.into(),
            line: None,
            column: None,
            step: None,
            fault: Box::new(fault),
        }
    }
}

impl std::error::Error for LessonError {}
