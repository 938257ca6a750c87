//! Saving a running lesson's progress: only this lesson, into the file as it is now; a failure
//! is a warning given once, never an end.

use super::{LessonFocus, feedback, warning_key};
use crate::command::Session;
use crate::lesson::progress::SaveError;
use crate::output::{Feedback, LessonItem};

impl LessonFocus {
    /// Saves progress (never in presenter mode); a failure is a warning, not an end.
    pub(super) fn save(&mut self, session: &Session, items: &mut Vec<LessonItem>) {
        if self.runner.present {
            return;
        }
        let Some(store) = &session.store else { return };
        let id = self.runner.lesson().id.clone();
        self.runner.stamp(unix_now());
        let lesson = self.runner.progress();
        // Only this lesson, into the file as it is now, step by step: another nimlab (another
        // terminal) may have saved other lessons, or other steps of this one, since this one
        // started.
        // Each warning once: the one given at the start is not repeated.
        let warning = match store.update(|progress| {
            progress.record(id, lesson);
        }) {
            Ok(None) => return,
            Ok(Some(unusable)) | Err(SaveError::Unusable(unusable)) => {
                (warning_key(&unusable), Feedback::Progress(unusable))
            }
            Err(e) => (warning_key(&e), Feedback::NotSaved(e)),
        };
        session.unsaved_progress.set(true);
        let (key, warning) = warning;
        if self.warned.insert(key) {
            items.push(feedback(warning));
        }
    }
}

/// Seconds since the Unix epoch by this machine's clock (0 for a clock set before 1970: a
/// time is a convenience, never a reason not to save).
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
