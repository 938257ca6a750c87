//! Cooperative cancellation and progress for long computations: a token that a loop polls
//! now and then (one relaxed atomic load) and that says how far the work has got.
//!
//! The engine only reads the stop flag and counts its work; who sets the flag (a Ctrl-C
//! handler, a test) and who draws the progress is none of its business. A computation that
//! finds the flag set stops with [`Interrupted`] and returns nothing partial: a value that was
//! not computed in full cannot be shown.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};

pub use crate::limits::stopped::Interrupted;

/// Loops poll the token about this often (in iterations of their cheapest step).
pub(crate) const POLL_EVERY: u64 = 4096;

/// The stop flag of the computation in the foreground, for searches that run without a token
/// of their own (see [`poll`]).
static FOREGROUND: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Makes `flag` the foreground's stop flag (the REPL's Ctrl-C sets it). Only the first call
/// counts.
pub fn install_foreground(flag: Arc<AtomicBool>) {
    let _ = FOREGROUND.set(flag);
}

/// For a computation with no token of its own (a search of one position, deep in a command):
/// `Err(Interrupted)` once the foreground's flag is set or the memory limit is passed.
#[inline]
pub(crate) fn poll() -> Result<(), Interrupted> {
    if FOREGROUND.get().is_some_and(|flag| flag.load(Relaxed)) {
        return Err(Interrupted);
    }
    crate::limits::memory::check()
}

/// A handle on one running computation: whether it should stop, and how far it has got.
/// Clones share the same state.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    stop: Arc<AtomicBool>,
    progress: Arc<WorkDone>,
}

/// How far a computation has got: `done` units out of `total` (0: unknown).
#[derive(Debug, Default)]
struct WorkDone {
    done: AtomicU64,
    total: AtomicU64,
}

impl Cancel {
    /// A token nobody has cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// The stop flag itself, for a signal handler to set (it must not allocate or lock).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Asks every computation polling this token to stop.
    pub fn cancel(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Makes the token ready for the next computation: not cancelled, no progress.
    pub fn reset(&self) {
        self.stop.store(false, Relaxed);
        self.progress.done.store(0, Relaxed);
        self.progress.total.store(0, Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// `Err(Interrupted)` once the token is cancelled, or once the process holds more memory
    /// than its limit (see [`crate::limits::memory`]).
    #[inline]
    pub fn check(&self) -> Result<(), Interrupted> {
        if self.stop.load(Relaxed) {
            Err(Interrupted)
        } else {
            crate::limits::memory::check()
        }
    }

    /// Starts counting a piece of work of `total` units (0: of unknown size).
    pub fn begin(&self, total: u64) {
        self.progress.done.store(0, Relaxed);
        self.progress.total.store(total, Relaxed);
    }

    /// Counts `units` more done (from any thread), then checks the flag.
    #[inline]
    pub(crate) fn advance(&self, units: u64) -> Result<(), Interrupted> {
        self.progress.done.fetch_add(units, Relaxed);
        self.check()
    }

    /// Says that `done` units are done in all, then checks the flag.
    #[inline]
    pub fn reach(&self, done: u64) -> Result<(), Interrupted> {
        self.progress.done.store(done, Relaxed);
        self.check()
    }

    /// Units done and the total (0: unknown) of the current piece of work.
    pub fn progress(&self) -> (u64, u64) {
        (
            self.progress.done.load(Relaxed),
            self.progress.total.load(Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_the_count() {
        let token = Cancel::new();
        let other = token.clone();
        assert_eq!(token.check(), Ok(()));
        token.begin(10);
        other.advance(3).unwrap();
        other.advance(4).unwrap();
        assert_eq!(token.progress(), (7, 10));
        other.flag().store(true, Relaxed);
        assert!(token.is_cancelled());
        assert_eq!(token.advance(1), Err(Interrupted));
        assert_eq!(token.reach(9), Err(Interrupted));
        token.reset();
        assert_eq!(other.check(), Ok(()));
        assert_eq!(other.progress(), (0, 0));
    }
}
