//! A focus: something the session is stepping through — a derivation, a proof, a game, a lesson.
//! While one is active it sees each command first (to take `next`, `back`, `hint`, moves…) and
//! any line that is not a command (an answer, a short move like `2 3`, an empty line).
//! `quit` leaves the innermost one, which says what it was and keeps what it must.

use std::fmt::Debug;

use super::Session;
use crate::cli::Command;
use crate::error::Error;
use crate::output::{Activity, LessonItem, Output, Prompt};

/// An activity that owns the REPL's attention until it is done.
pub trait Focus: Debug {
    /// What the prompt shows, such as `derive 3/12` or `zero-move 3/9`.
    fn prompt(&self) -> Prompt;

    /// What kind of activity this is (`"derive"`, `"play"`, `"lesson"`…): starting one replaces
    /// a running one of the same kind.
    fn kind(&self) -> &'static str;

    /// Offered every parsed command first; `None` lets it run as usual. The focus is taken out
    /// of `session` while it runs, so it may execute commands there (a lesson's `run` steps).
    fn command(
        &mut self,
        command: &Command,
        session: &mut Session,
    ) -> Option<Result<Output, Error>>;

    /// Offered a line that is not a command (an empty line only on a terminal); `None` if it
    /// means nothing here, and the line's parse error is reported instead.
    fn text(&mut self, line: &str, session: &mut Session) -> Option<Result<Output, Error>>;

    /// Whether the activity has finished; the session then drops it.
    fn is_done(&self) -> bool;

    /// What the activity is and where it stands, for the line that says it was left (and the
    /// one that says what a further `quit` would leave).
    fn activity(&self) -> Activity;

    /// Called when `quit` leaves the activity unfinished, after which the session drops it:
    /// whatever must outlive it is kept here (a lesson's progress, the session's rules), and
    /// anything worth saying about that is returned.
    fn leave(&mut self, _session: &mut Session) -> Vec<LessonItem> {
        Vec::new()
    }
}
