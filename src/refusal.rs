//! Why a lesson's command line was not run: data the sandbox (`command::sandbox`) decides
//! and the top-level error carries. Kept below both so neither depends on the other.

use std::fmt;
use std::time::Duration;

/// Why a lesson's command line was not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The line names a file, a directory or standard input; `what` is how (`--file PATH`).
    ReadsFiles { what: &'static str },
    /// The command is not one a lesson may run; `command` is its name, `why` the reason.
    NotForLessons {
        command: &'static str,
        why: &'static str,
    },
    /// The lesson's lines have used up their budget of lines or time.
    OverBudget { spent: Spent },
}

/// Which part of a [`Budget`] ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spent {
    Lines { limit: u32 },
    Time { limit: Duration },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ReadsFiles { what } => write!(
                f,
                "a lesson's commands cannot read files or standard input: {what}"
            ),
            Self::NotForLessons { command, why } => {
                write!(f, "a lesson's commands cannot use `{command}`: {why}")
            }
            Self::OverBudget { spent } => {
                let limit = match spent {
                    Spent::Lines { limit } => format!("{limit} command lines"),
                    Spent::Time { limit } => format!("{} seconds", limit.as_secs()),
                };
                write!(
                    f,
                    "the lesson's commands have used their budget of {limit} at once; a lesson shows quick examples, so the rest are not run"
                )
            }
        }
    }
}
