//! What can be wrong with a progress file, what became of such a file, and why progress could
//! not be saved. Data with named fields; `render` words each in one line.

use std::io;
use std::path::PathBuf;

use crate::capped_read::CappedReadError;
use crate::state_file::LockError;

/// What is wrong with a progress file.
#[derive(Debug)]
pub enum Problem {
    /// Not a readable regular file of a sane size: a directory, a FIFO, a device, a file too
    /// large, one that cannot be opened.
    Unreadable(CappedReadError),
    /// A symbolic link to `target`, which does not exist: writing there would replace the
    /// link (or create a file the learner may not expect), so it is set aside with a word.
    DanglingLink { target: PathBuf },
    /// Bytes that are not UTF-8 text; the first bad one is at `offset`.
    NotText { offset: usize },
    /// Nothing in it.
    Empty,
    /// Not JSON (a truncated file), or JSON that is not progress (the wrong shape).
    Malformed { reason: Malformed },
    /// A format that no nimlab writes.
    UnknownFormat { format: u64 },
    /// A format written by a newer nimlab.
    NewerFormat { format: u64 },
}

/// What makes a progress file's text not progress.
#[derive(Debug)]
pub enum Malformed {
    /// Not JSON at all: the JSON reader's error.
    NotJson { error: serde_json::Error },
    /// JSON, but not an object.
    NotAnObject,
    /// No `format` key.
    NoFormat,
    /// A `format` that is not a whole number.
    Format { value: serde_json::Value },
    /// A `lessons` that is not an object.
    LessonsNotAnObject,
    /// Lesson `id`'s entry is not an object.
    LessonNotAnObject { id: String },
    /// Lesson `id`'s entry has a known key of the wrong shape.
    Lesson {
        id: String,
        error: serde_json::Error,
    },
}

/// A progress file that could not be used, and what became of it.
#[derive(Debug)]
pub struct Unusable {
    pub path: PathBuf,
    pub problem: Problem,
    pub fate: Fate,
}

/// What became of an unusable progress file. Nothing is ever written over one.
#[derive(Debug)]
pub enum Fate {
    /// Renamed to `kept`; progress starts afresh.
    SetAside { kept: PathBuf },
    /// Left as it is on purpose: a newer nimlab's progress is that nimlab's to use.
    LeftForNewer,
    /// Left as it is because renaming it failed.
    NotMoved { source: io::Error },
    /// Left as it is because `copies` copies were already set aside within this second.
    NoFreeName { copies: u32 },
    /// Left as it is because the lock that renaming needs could not be taken.
    NotLocked { source: LockError },
}

/// Why progress could not be saved. Exit code 3: nothing the learner typed was wrong.
#[derive(Debug)]
pub enum SaveError {
    /// Making the data directory, or writing and renaming the file, failed at `path`.
    Io { path: PathBuf, source: io::Error },
    /// The lock on the progress file could not be taken.
    Lock(LockError),
    /// The progress file there is unusable and was left as it is.
    Unusable(Unusable),
}

impl Unusable {
    /// Whether the file was moved out of the way, so that progress can be saved afresh.
    pub fn set_aside(&self) -> bool {
        matches!(self.fate, Fate::SetAside { .. })
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Lock(e) => Some(e),
            Self::Unusable(_) => None,
        }
    }
}
