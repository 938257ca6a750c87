//! The lesson file's schema as serde structs (unknown keys rejected), and the validated lesson
//! the runner uses: each step with exactly one kind.

use std::fmt;
use std::sync::Arc;

use serde::Deserialize;

use crate::cli::{Cli, Parsed};
use crate::engine::Rules;
use crate::error::Error;

/// The lesson format this nimlab reads.
pub const FORMAT: u32 = 1;

/// A lesson file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    pub format: u32,
    pub id: String,
    pub version: u32,
    pub title: String,
    #[serde(default)]
    pub summary: String,
    /// The part of the course the lesson belongs to, as `lesson list` groups them.
    #[serde(default)]
    pub chapter: Option<String>,
    #[serde(default)]
    pub requires: Vec<String>,
    /// The ruleset the lesson's commands and expressions mean, whatever the learner's is.
    #[serde(default)]
    pub rules: Option<String>,
    /// Games the lesson defines, each `game NAME(n) = OPTIONS`; `rules: game:NAME` pins one.
    #[serde(default)]
    pub games: Vec<String>,
    #[serde(default)]
    pub setup: Vec<String>,
    pub steps: Vec<StepFile>,
}

/// One step as written: exactly one of `text`, `run`, `ask`, `claim`, with its own fields.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepFile {
    pub id: Option<String>,
    pub text: Option<String>,
    pub run: Option<OneOrMany>,
    pub ask: Option<String>,
    pub answer: Option<String>,
    pub choices: Option<Vec<String>>,
    #[serde(default)]
    pub hints: Vec<String>,
    pub solution: Option<String>,
    #[serde(default)]
    pub wrong_examples: Vec<WrongExample>,
    pub claim: Option<String>,
    pub check: Option<String>,
    pub theorem: Option<Theorem>,
    pub notes: Option<String>,
    /// The ruleset this step means — its commands and its expressions — named as the lesson's
    /// `rules:` is (`game:NAME` for any of the lesson's `games:`), whatever the lesson pins.
    #[serde(default)]
    pub rules: Option<String>,
}

/// A theorem a claim illustrates. Such a claim must be checked by game-tree search, never by
/// the functions that apply the theorem (`lesson check` refuses `winner` and `nimsum` there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theorem {
    /// Bouton: a Nim position is lost for the player to move exactly when its nim-sum is 0.
    Bouton,
    /// Sprague–Grundy: a sum of games is worth the XOR of its parts' values.
    SpragueGrundy,
    /// Bouton's misère rule: with a pile of 2 or more, misère Nim is decided as Nim.
    Misere,
    /// The copying (mirror) strategy: two equal games are lost for the player to move.
    Copying,
}

impl Theorem {
    /// The name as a lesson writes it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Bouton => "bouton",
            Self::SpragueGrundy => "sprague-grundy",
            Self::Misere => "misere",
            Self::Copying => "copying",
        }
    }
}

impl fmt::Display for Theorem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `run: grundy` or `run: [rules nim, grundy]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    pub fn into_vec(self) -> Vec<String> {
        match self {
            Self::One(s) => vec![s],
            Self::Many(v) => v,
        }
    }
}

/// A wrong answer a learner might give, and what to tell them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongExample {
    pub answer: String,
    #[serde(default)]
    pub feedback: Option<String>,
}

/// A validated lesson.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    pub id: String,
    pub version: u32,
    pub title: String,
    pub summary: String,
    /// The chapter of the course, if the lesson names one.
    pub chapter: Option<String>,
    pub requires: Vec<String>,
    /// The ruleset pinned for the lesson's duration (`rules:`), if the lesson names one.
    pub rules: Option<Rules>,
    /// The games the lesson defines (`games:`), parsed and probed when it loaded.
    pub games: Vec<Rules>,
    pub setup: Vec<CommandLine>,
    pub steps: Vec<Step>,
    /// Where it came from (a path, or `bundled:NAME`), for messages.
    pub origin: String,
    /// The 1-based lines of the `requires:`, `rules:` and `setup:` keys (0 if absent), for
    /// messages.
    pub requires_line: usize,
    pub rules_line: usize,
    pub setup_line: usize,
}

/// A validated step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub id: String,
    pub kind: StepKind,
    pub notes: Option<String>,
    /// The step's own ruleset (`rules:` on the step), if it names one: its commands and
    /// expressions mean it instead of the lesson's.
    pub rules: Option<Rules>,
    /// The 1-based line of the step in its file.
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepKind {
    /// Prose; `{{ EXPR }}` is replaced by the expression's value.
    Text(String),
    /// Commands shown with their output.
    Run(Vec<CommandLine>),
    /// A question whose answer is an expression the engine evaluates.
    Ask(Question),
    /// A statement checked by an expression (over its domain, if quantified), and the theorem
    /// it illustrates, if it says so.
    Claim {
        statement: String,
        check: String,
        theorem: Option<Theorem>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub prompt: String,
    pub answer: String,
    pub choices: Vec<String>,
    pub hints: Vec<String>,
    pub solution: Option<String>,
    pub wrong_examples: Vec<WrongExample>,
}

/// A lesson's command line (`setup:`, `run:`): the text the learner sees and the command it
/// parsed to when the lesson was loaded, so showing a step never parses it again.
#[derive(Debug, Clone)]
pub struct CommandLine {
    pub text: String,
    /// Why a line is not a command (`winner --rules chess`) is kept too: the step shows it
    /// and `lesson check` reports it beside every other mistake in the lesson, rather than
    /// the whole lesson failing to load.
    parsed: Result<Arc<Parsed>, Arc<Error>>,
}

impl CommandLine {
    /// Parses `text` as a line typed at the prompt would be.
    pub fn parse(text: String) -> Self {
        let parsed = Cli::parse_line(&text).map(Arc::new).map_err(Arc::new);
        Self { text, parsed }
    }

    /// The parsed command, or why the line is not one.
    pub fn parsed(&self) -> Result<&Parsed, &Arc<Error>> {
        self.parsed.as_deref()
    }
}

/// Lines are equal when their texts are: the parsed command is a function of the text.
impl PartialEq for CommandLine {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for CommandLine {}

impl Lesson {
    /// The index of the step with `id`.
    pub fn position(&self, id: &str) -> Option<usize> {
        self.steps.iter().position(|s| s.id == id)
    }
}
