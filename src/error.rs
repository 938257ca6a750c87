//! The top-level error: every layer's error folded into one, each knowing its exit code.

use std::fmt;
use std::path::PathBuf;

use crate::engine::EngineError;
use crate::engine::moves::IllegalMove;
use crate::quote::quoted;

/// A limit on scripts run by scripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScriptLimit {
    /// Scripts nested this deep.
    Depth(usize),
    /// This many lines executed by the scripts one command started.
    Lines(u64),
}

/// Something nimlab could not do, with the offending input named.
#[derive(Debug)]
pub enum Error {
    /// The engine refused an input (a ruleset, a pile, a range of work).
    Engine(EngineError),
    /// A command line that does not parse: the first line of clap's message.
    Usage { message: String },
    /// A token that is not what the command expected.
    BadToken { token: String, expected: String },
    /// A bad token in streamed pile input, with where it was.
    BadPileAt {
        token: String,
        source: String,
        number: u64,
        offset: u64,
        expected: String,
    },
    /// A script line longer than `limit` bytes (skipped without being read into memory).
    LineTooLong { limit: usize },
    /// A range whose end is before its start, or that is too large to show.
    BadRange { token: String, reason: String },
    /// A move in a game that the rules do not allow, with the reason.
    IllegalMove(IllegalMove),
    /// A command that needs a game when none is in progress, or that a game refuses.
    NoGame { message: String },
    /// A `--format` that does not apply to a command (`what`, in the words of the message).
    NoFormat { format: String, what: String },
    /// A file that could not be read.
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Output that could not be written (a closed pipe is not an error; see `main`).
    Write(std::io::Error),
    /// Lesson progress that could not be saved: the disk, not the learner, is at fault.
    Progress(crate::lesson::progress::SaveError),
    /// `lesson check` found failures (each already reported).
    CheckFailed { failures: usize },
    /// A script started by `run` that went past a limit; `line` is where in `path` it did.
    ScriptLimit {
        path: PathBuf,
        line: Option<usize>,
        limit: ScriptLimit,
    },
    /// A script in which some lines failed; each was reported as it happened.
    ScriptFailed { failures: usize },
    /// A lesson's command line that a lesson may not run.
    Refused(crate::command::Refusal),
    /// A command stopped by Ctrl-C before it finished; it left no result.
    Interrupted,
    /// An expression that does not parse or evaluate; `source` is the expression's text.
    Expr {
        source: String,
        error: crate::expr::ExprError,
    },
}

impl Error {
    /// The process's exit code: 0 is success (never an error); 1 a check that failed, or output
    /// that could not be written; 2 bad input (a command, a token, a file named on the command
    /// line); 3 a file nimlab keeps for the learner (lesson progress) that could not be written;
    /// 130 (128 + SIGINT, as shells say) a command stopped by Ctrl-C.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Interrupted => 130,
            Self::Write(_) | Self::CheckFailed { .. } => 1,
            Self::Progress(_) => 3,
            _ => 2,
        }
    }

    /// One line from clap's message: its first line, without the `error: ` prefix, plus the
    /// tip clap gives for a mistyped command if there is one.
    pub fn from_clap(e: &clap::Error) -> Self {
        // A value the engine refused (a ruleset name) keeps the engine's own message.
        let refused = std::error::Error::source(e).and_then(|s| s.downcast_ref::<EngineError>());
        if let Some(refused) = refused {
            return Self::Engine(refused.clone());
        }
        let mut rendered = e.render().to_string();
        // clap quotes what was typed in full and in single quotes; quote it as every other
        // message does, cut to a readable length.
        for (_, value) in e.context() {
            let values = match value {
                clap::error::ContextValue::String(s) => std::slice::from_ref(s),
                clap::error::ContextValue::Strings(v) => v.as_slice(),
                _ => &[],
            };
            for v in values {
                rendered = rendered.replace(&format!("'{v}'"), &quoted(v).to_string());
                if v.chars().count() > crate::quote::QUOTE_MAX {
                    rendered =
                        rendered.replace(v.as_str(), &crate::quote::shortened(v).to_string());
                }
            }
        }
        let mut lines = rendered.lines().map(str::trim);
        let first = lines.next().unwrap_or("cannot parse the command");
        let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
        // The lines up to the first blank one complete the sentence: the missing arguments,
        // the possible values.
        for detail in lines.by_ref().take_while(|l| !l.is_empty()) {
            message.push(' ');
            message.push_str(detail);
        }
        if let Some(tip) = lines.find_map(|l| l.strip_prefix("tip: "))
            && tip.contains("similar")
        {
            message.push_str(&format!(" ({tip})"));
        }
        if message.starts_with("unrecognized subcommand") {
            message.push_str("; type `help` for the list of commands");
        }
        Self::Usage { message }
    }

    /// An expression error with the text it points into.
    pub fn expr(source: &str, error: crate::expr::ExprError) -> Self {
        Self::Expr {
            source: source.to_string(),
            error,
        }
    }

    pub fn bad_token(token: impl Into<String>, expected: impl Into<String>) -> Self {
        Self::BadToken {
            token: token.into(),
            expected: expected.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Engine(e) => e.fmt(f),
            Self::Interrupted => crate::engine::Interrupted.fmt(f),
            Self::Usage { message } => f.write_str(message),
            Self::BadToken { token, expected } => {
                write!(
                    f,
                    "{} is not valid here: expected {expected}",
                    quoted(token)
                )
            }
            Self::BadPileAt {
                token,
                source,
                number,
                offset,
                expected,
            } => write!(
                f,
                "{} (pile {number}, at byte {offset} of {source}) is not a pile: expected {expected}",
                quoted(token)
            ),
            Self::LineTooLong { limit } => write!(
                f,
                "the line is longer than {limit} bytes, so it was skipped; give long lists of piles in a file with `--file PATH`"
            ),
            Self::BadRange { token, reason } => write!(f, "bad range {}: {reason}", quoted(token)),
            Self::IllegalMove(e) => write!(f, "illegal move: {e}"),
            Self::NoGame { message } => f.write_str(message),
            Self::NoFormat { format, what } => write!(
                f,
                "`--format {format}` does not apply to {what}: it prints as {}",
                {
                    let names = crate::cli::Format::names_but(format);
                    match names.split_last() {
                        Some((last, rest)) if !rest.is_empty() => {
                            format!("{} or {last}", rest.join(", "))
                        }
                        _ => names.join(""),
                    }
                }
            ),
            Self::Read { path, source } => write!(
                f,
                "cannot read {}: {source}",
                quoted(&path.to_string_lossy())
            ),
            Self::Write(e) => write!(f, "cannot write output: {e}"),
            Self::Progress(e) => e.fmt(f),
            Self::Expr { error, .. } => error.fmt(f),
            Self::Refused(refusal) => refusal.fmt(f),
            Self::CheckFailed { failures } => write!(
                f,
                "lesson check: {failures} failure{}",
                if *failures == 1 { "" } else { "s" }
            ),
            Self::ScriptLimit { path, line, limit } => {
                let path = path.to_string_lossy();
                let at = match line {
                    Some(line) => format!("{} line {line}", quoted(&path)),
                    None => quoted(&path).to_string(),
                };
                match limit {
                    ScriptLimit::Depth(depth) => {
                        write!(f, "scripts nested more than {depth} deep at {at}")?;
                    }
                    ScriptLimit::Lines(lines) => write!(
                        f,
                        "the scripts this command started ran more than {lines} lines; stopped at {at}"
                    )?,
                }
                f.write_str(" (does a script run itself?)")
            }
            Self::ScriptFailed { failures } => write!(
                f,
                "{failures} line{} failed",
                if *failures == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<IllegalMove> for Error {
    fn from(e: IllegalMove) -> Self {
        Self::IllegalMove(e)
    }
}

impl From<crate::command::Refusal> for Error {
    fn from(refusal: crate::command::Refusal) -> Self {
        Self::Refused(refusal)
    }
}

impl From<crate::engine::Interrupted> for Error {
    fn from(_: crate::engine::Interrupted) -> Self {
        Self::Interrupted
    }
}

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Self {
        if let EngineError::Interrupted = e {
            return Self::Interrupted;
        }
        Self::Engine(e)
    }
}
