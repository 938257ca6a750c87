//! The lesson commands (`lesson list|start|reset|quit|check`) and the lesson focus that takes
//! `next`, `back`, `goto`, `hint`, `skip`, `reveal` and typed answers while a lesson runs: the
//! dispatch and the focus's state here, each concern in a file of its own.

mod check;
mod focus;
mod list;
mod reset;
mod results;
mod rules;
mod save;
mod start;
mod steps;

use super::Session;
use super::sandbox::LineBudget;
use crate::cli::LessonAction;
use crate::error::{Error, Expected};
use crate::lesson::Lesson;
use crate::lesson::progress::{Progress, Unusable};
use crate::lesson::runner::Runner;
use crate::lesson::speaker_notes::SpeakerNotes;
use crate::output::{Feedback, LessonItem, Output};

pub(crate) fn lesson(session: &mut Session, action: &LessonAction) -> Result<Output, Error> {
    match action {
        LessonAction::List => Ok(list::list(session)),
        // `lesson start` without an id: the lessons there are to start.
        LessonAction::Start { id: None, .. } => Ok(list::list(session)),
        LessonAction::Start {
            id: Some(id),
            present,
            notes,
        } => {
            let notes = notes.clone().map(SpeakerNotes::new);
            start::start(session, id, *present, notes)
        }
        LessonAction::Results { id } => results::results(session, id.as_deref()),
        LessonAction::Reset { id, yes } => reset::reset(session, id, *yes),
        LessonAction::Quit => Err(Error::NoLesson),
        LessonAction::Check { paths } => check::check(session, paths),
    }
}

/// The lesson last worked on (by the latest time saved for any of its steps) that is not
/// finished, as a note for the prompt's start; `None` if there is none.
pub(crate) fn in_progress(session: &mut Session) -> Option<Output> {
    let (progress, _) = load_progress(session);
    let catalog = session.catalog();
    let (_, lesson, step) = catalog
        .lessons()
        .iter()
        .filter_map(|l| {
            let saved = progress.lessons.get(&l.id).filter(|p| !p.finished)?;
            let step = saved.current.as_deref().and_then(|id| l.position(id))?;
            let latest = saved.times.values().max().copied().unwrap_or(0);
            Some((latest, l, step))
        })
        // The latest; of equal times, the first in the course.
        .rev()
        .max_by_key(|(latest, _, _)| *latest)?;
    Some(Output::Note(crate::output::Note::LessonInProgress {
        id: lesson.id.clone(),
        title: lesson.title.clone(),
        step: step + 1,
        of: lesson.steps.len(),
    }))
}

fn load_progress(session: &Session) -> (Progress, Option<Unusable>) {
    match &session.store {
        Some(store) => store.load(),
        None => (Progress::default(), None),
    }
}

/// What makes two warnings the same, so that one is given once: the fault's `Debug` form
/// (an I/O error has no equality, and its words are `render`'s).
fn warning_key(fault: &impl std::fmt::Debug) -> String {
    format!("{fault:?}")
}

fn find(session: &mut Session, id: &str) -> Result<Lesson, Error> {
    let catalog = session.catalog();
    if let Some(lesson) = catalog.get(id) {
        return Ok(lesson.clone());
    }
    let ids = catalog.ids();
    // A file of that name refused as it loaded, or the `--lessons` directory unreadable:
    // that is why, more than the list of the lessons that did load.
    let dir = session
        .lessons_dir
        .as_deref()
        .map(|d| d.display().to_string());
    let refused = session.catalog_errors().iter().find(|e| {
        let stem = std::path::Path::new(&e.origin)
            .file_stem()
            .and_then(|s| s.to_str());
        stem == Some(id) || dir.as_deref() == Some(e.origin.as_str())
    });
    Err(match refused {
        Some(error) => Error::LessonNotLoaded {
            id: id.to_string(),
            error: Box::new(error.clone()),
        },
        None => Error::bad_token(id, Expected::LessonId { ids }),
    })
}

fn feedback(feedback: Feedback) -> LessonItem {
    LessonItem::Feedback(feedback)
}

/// A lesson running in the session.
#[derive(Debug)]
pub(crate) struct LessonFocus {
    runner: Runner,
    /// Warnings about the progress file and speaker notes already given (by [`warning_key`]),
    /// so none is repeated at every step.
    warned: std::collections::BTreeSet<String>,
    /// The session's rules before the lesson's setup, restored when it ends.
    rules_before: Option<crate::engine::Rules>,
    /// The lesson's own ruleset (`rules:`): its expressions use it, and its commands run under
    /// it whatever the learner has switched to meanwhile.
    pinned: Option<crate::engine::Rules>,
    /// What the lesson's command lines may still spend in the learner's current action.
    budget: LineBudget,
    done: bool,
    /// Presenter mode: where speaker notes go (they are never shown on the screen).
    notes: Option<SpeakerNotes>,
}
