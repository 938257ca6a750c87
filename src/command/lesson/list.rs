//! `lesson list`: every lesson with its chapter, status and what it waits for — the lesson map.

use super::load_progress;
use crate::command::Session;
use crate::output::{LessonList, LessonListRow, LessonStatus, Output};

pub(super) fn list(session: &mut Session) -> Output {
    let (progress, warning) = load_progress(session);
    let catalog = session.catalog();
    let done = |id: &String| progress.lessons.get(id).is_some_and(|p| p.finished);
    let rows: Vec<LessonListRow> = catalog
        .lessons()
        .iter()
        .map(|l| {
            let saved = progress.lessons.get(&l.id);
            let status = match saved {
                Some(p) if p.finished => LessonStatus::Done,
                Some(p) => LessonStatus::AtStep(
                    p.current
                        .as_deref()
                        .and_then(|id| l.position(id))
                        .map_or(1, |i| i + 1),
                ),
                None => LessonStatus::NotStarted,
            };
            LessonListRow {
                id: l.id.clone(),
                title: l.title.clone(),
                chapter: l.chapter.clone(),
                steps: l.steps.len(),
                status,
                requires: l.requires.clone(),
                waiting_for: l.requires.iter().filter(|r| !done(r)).cloned().collect(),
            }
        })
        .collect();
    let ready = rows
        .iter()
        .filter(|r| r.status == LessonStatus::NotStarted && r.waiting_for.is_empty())
        .map(|r| r.id.clone())
        .collect();
    Output::LessonList(LessonList {
        done: rows
            .iter()
            .filter(|r| r.status == LessonStatus::Done)
            .count(),
        ready,
        rows,
        errors: session.catalog_errors().to_vec(),
        warnings: warning.into_iter().collect(),
    })
}
