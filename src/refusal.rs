//! Why a lesson's command line was not run: data the sandbox (`command::sandbox`) decides
//! and the top-level error carries, worded in `render/error_words.rs`. Kept below both so
//! neither depends on the other.

use std::time::Duration;

/// Why a lesson's command line was not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The line names a file, a directory or standard input; `what` is how.
    ReadsFiles { what: Reads },
    /// The command is not one a lesson may run; `command` is its name, `why` the reason.
    NotForLessons { command: &'static str, why: Unfit },
    /// The lesson's lines have used up their budget of lines or time.
    OverBudget { spent: Spent },
}

/// How a lesson's line would read outside itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// `--lessons DIR` names a directory.
    LessonsDir,
    /// `run FILE` reads a script.
    Script,
    /// `--file PICTURE` names a file.
    PictureFile,
    /// `graph:FILE` names a file.
    GraphFile,
    /// `--file PATH` names a file of piles.
    PilesFile,
    /// `-` reads standard input.
    StandardInput,
}

/// Why a command is not one a lesson runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unfit {
    /// It steers what the learner is stepping through; a lesson's line stands alone.
    Steers,
    /// It starts, checks, resets or leaves lessons.
    Lessons,
    /// It leaves nimlab.
    Quits,
    /// It draws into a file; a lesson draws on the screen.
    DrawsToFile,
    /// It is for the shell (completions, the manual page).
    ShellOnly,
}

/// Which part of a [`Budget`] ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spent {
    Lines { limit: u32 },
    Time { limit: Duration },
}
