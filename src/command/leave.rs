//! Leaving activities: `quit` leaves the innermost one (or nimlab), and everything still going
//! on is left, each with its word, as nimlab ends.

use super::Session;
use crate::output::{Activity, LeftReport, LessonItem, LessonReport, Output, Then};

/// `quit`: leaves the innermost activity, keeping what it must keep, or nimlab when no
/// activity is going on.
pub fn quit(session: &mut Session) -> Output {
    match leave_innermost(session) {
        Some((left, notes)) => Output::Left(LeftReport {
            left,
            notes: LessonReport { items: notes },
            then: match session.focus.last() {
                Some(f) => Then::Inside(f.activity()),
                // Started on the shell for this activity: nimlab ends with it.
                None if session.for_one_activity => Then::Ending,
                None => Then::TopLevel,
            },
        }),
        None => Output::Quit,
    }
}

/// Leaves every activity, innermost first, as nimlab ends (the input ended while some were
/// going on): each says it was left, so nothing is thrown away without a word.
pub fn leave_all(session: &mut Session) -> Vec<Output> {
    std::iter::from_fn(|| {
        leave_innermost(session).map(|(left, notes)| {
            Output::Left(LeftReport {
                left,
                notes: LessonReport { items: notes },
                then: Then::Ending,
            })
        })
    })
    .collect()
}

fn leave_innermost(session: &mut Session) -> Option<(Activity, Vec<LessonItem>)> {
    let mut focus = session.focus.pop()?;
    let left = focus.activity();
    let notes = focus.leave(session);
    Some((left, notes))
}
