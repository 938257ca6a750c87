//! The top-level error: every layer's error folded into one, each knowing its exit code.

use std::fmt;
use std::path::PathBuf;

use crate::engine::EngineError;
use crate::engine::moves::IllegalMove;

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
    /// `lesson check` found failures (each already reported).
    CheckFailed { failures: usize },
    /// A script in which some lines failed; each was reported as it happened.
    ScriptFailed { failures: usize },
    /// A command stopped by Ctrl-C before it finished; it left no result.
    Interrupted,
    /// An expression that does not parse or evaluate; `source` is the expression's text.
    Expr {
        source: String,
        error: crate::expr::ExprError,
    },
}

impl Error {
    /// 2 for bad input, 1 for a failed run, 130 (128 + SIGINT, as shells say) for Ctrl-C.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Interrupted => 130,
            Self::Write(_) | Self::CheckFailed { .. } => 1,
            _ => 2,
        }
    }

    /// One line from clap's message: its first line, without the `error: ` prefix, plus the
    /// tip clap gives for a mistyped command if there is one.
    pub fn from_clap(e: &clap::Error) -> Self {
        let rendered = e.render().to_string();
        let mut lines = rendered.lines().map(str::trim);
        let first = lines.next().unwrap_or("cannot parse the command");
        let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
        // The lines up to the first blank one complete the sentence: the missing arguments,
        // the possible values.
        for detail in lines.by_ref().take_while(|l| !l.is_empty()) {
            message.push(' ');
            message.push_str(detail);
        }
        if let Some(tip) = lines.find_map(|l| l.strip_prefix("tip: ")) {
            if tip.contains("similar") {
                message.push_str(&format!(" ({tip})"));
            }
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
                write!(f, "`{token}` is not valid here: expected {expected}")
            }
            Self::BadPileAt {
                token,
                source,
                number,
                offset,
                expected,
            } => write!(
                f,
                "`{token}` (pile {number}, at byte {offset} of {source}) is not a pile: expected {expected}"
            ),
            Self::BadRange { token, reason } => write!(f, "bad range `{token}`: {reason}"),
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
            Self::Read { path, source } => write!(f, "cannot read `{}`: {source}", path.display()),
            Self::Write(e) => write!(f, "cannot write output: {e}"),
            Self::Expr { error, .. } => error.fmt(f),
            Self::CheckFailed { failures } => write!(
                f,
                "lesson check: {failures} failure{}",
                if *failures == 1 { "" } else { "s" }
            ),
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
