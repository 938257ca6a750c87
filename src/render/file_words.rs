//! The words of a file nimlab would not read (`capped_read`): what a path names other than a
//! regular file, and why reading it stopped; and of a lock on a kept file not taken
//! (`state_file`).

use std::fmt;

use crate::capped_read::{CappedReadError, FileKind};
use crate::state_file::LockError;

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Directory => "directory",
            Self::Fifo => "FIFO",
            Self::Device => "device",
            Self::Socket => "socket",
            Self::Special => "special file",
        })
    }
}

impl fmt::Display for CappedReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => write!(f, "cannot read `{}`: {source}", path.display()),
            Self::NotRegular { path, kind } => write!(
                f,
                "cannot read `{}`: it is a {kind}, not a regular file",
                path.display()
            ),
            Self::TooLarge { path, limit } => write!(
                f,
                "cannot read `{}`: it is larger than the limit of {limit} bytes",
                path.display()
            ),
        }
    }
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => write!(f, "cannot lock `{}`: {source}", path.display()),
            Self::Busy { path, waited } => write!(
                f,
                "`{}` is still locked by another nimlab after {} seconds",
                path.display(),
                waited.as_secs()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn each_refusal_names_the_file_and_why() {
        let path = PathBuf::from("piles.txt");
        let cases = [
            (
                CappedReadError::Io {
                    path: path.clone(),
                    source: std::io::Error::other("gone"),
                },
                "cannot read `piles.txt`: gone",
            ),
            (
                CappedReadError::NotRegular {
                    path: path.clone(),
                    kind: FileKind::Fifo,
                },
                "cannot read `piles.txt`: it is a FIFO, not a regular file",
            ),
            (
                CappedReadError::TooLarge { path, limit: 10 },
                "cannot read `piles.txt`: it is larger than the limit of 10 bytes",
            ),
        ];
        for (error, words) in cases {
            assert_eq!(error.to_string(), words);
        }
    }

    #[test]
    fn a_lock_not_taken_names_its_file() {
        let busy = LockError::Busy {
            path: PathBuf::from("progress.lock"),
            waited: std::time::Duration::from_secs(10),
        };
        assert_eq!(
            busy.to_string(),
            "`progress.lock` is still locked by another nimlab after 10 seconds"
        );
    }
}
