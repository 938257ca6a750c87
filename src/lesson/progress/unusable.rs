//! What can be wrong with a progress file, what became of such a file, and why progress could
//! not be saved. Data with named fields; each says itself in one line.

use std::fmt;
use std::io;
use std::path::PathBuf;

use super::FORMAT;
use crate::capped_read::CappedReadError;
use crate::state_file::LockError;

/// What is wrong with a progress file.
#[derive(Debug)]
pub enum Problem {
    /// Not a readable regular file of a sane size: a directory, a FIFO, a device, a file too
    /// large, one that cannot be opened.
    Unreadable(CappedReadError),
    /// Bytes that are not UTF-8 text; the first bad one is at `offset`.
    NotText { offset: usize },
    /// Nothing in it.
    Empty,
    /// Not JSON (a truncated file), or JSON that is not progress (the wrong shape).
    Malformed { reason: String },
    /// A format that no nimlab writes.
    UnknownFormat { format: u64 },
    /// A format written by a newer nimlab.
    NewerFormat { format: u64 },
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

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(CappedReadError::NotRegular { kind, .. }) => {
                write!(f, "is a {kind}, not a regular file")
            }
            Self::Unreadable(CappedReadError::TooLarge { limit, .. }) => {
                write!(f, "is larger than {limit} bytes")
            }
            Self::Unreadable(CappedReadError::Io { source, .. }) => {
                write!(f, "cannot be read ({source})")
            }
            Self::NotText { offset } => write!(f, "is not UTF-8 text (byte {offset})"),
            Self::Empty => f.write_str("is empty"),
            Self::Malformed { reason } => write!(f, "is not nimlab progress ({reason})"),
            Self::UnknownFormat { format } => {
                write!(f, "has format {format}, which no nimlab writes")
            }
            Self::NewerFormat { format } => write!(
                f,
                "has format {format}, from a newer nimlab (this one reads format {FORMAT})"
            ),
        }
    }
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "progress file `{}` {}",
            self.path.display(),
            self.problem
        )?;
        let left = "it is left as it is, and progress will not be saved over it";
        match &self.fate {
            Fate::SetAside { kept } => write!(
                f,
                "; it was kept as `{}` and progress starts afresh",
                kept.display()
            ),
            Fate::LeftForNewer => write!(f, "; {left}"),
            Fate::NotMoved { source } => {
                write!(f, " and could not be moved aside ({source}); {left}")
            }
            Fate::NotLocked { source } => {
                write!(f, " and could not be moved aside ({source}); {left}")
            }
        }
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => {
                write!(f, "cannot save progress: `{}`: {source}", path.display())
            }
            Self::Lock(e) => write!(f, "cannot save progress: {e}"),
            Self::Unusable(u) => u.fmt(f),
        }
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
