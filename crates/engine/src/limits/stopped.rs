//! What a stopped computation returns: [`Interrupted`], whether Ctrl-C (the cancel token) or the
//! memory limit stopped it. Its own module, so that both can name it without naming each other.

use std::fmt;

/// A computation stopped before its end: its token was cancelled, or the memory limit passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

/// The data, for `io::Error`, which needs a `Display`; a user reads the renderer's words.
impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for Interrupted {}

/// So a writer or reader can stop with it (`io::Error` is plain data; nothing is read here).
impl From<Interrupted> for std::io::Error {
    fn from(i: Interrupted) -> Self {
        std::io::Error::other(i)
    }
}

impl Interrupted {
    /// Whether an IO error is an interruption passed through a writer or reader.
    pub fn caused(error: &std::io::Error) -> bool {
        error
            .get_ref()
            .is_some_and(|inner| inner.is::<Interrupted>())
    }
}
