//! `lesson results`: the learner's record in every lesson worked on, a row a step — what a
//! student hands in and a lecturer collects.

use super::{find, load_progress};
use crate::command::Session;
use crate::error::Error;
use crate::lesson::StepKind;
use crate::output::{LessonResult, LessonResults, Output, StepKindName, StepResult};

pub(super) fn results(session: &mut Session, id: Option<&str>) -> Result<Output, Error> {
    // A lesson asked for by name must exist (did-you-mean as `lesson start` gives it).
    if let Some(id) = id {
        find(session, id)?;
    }
    let (progress, warning) = load_progress(session);
    let catalog = session.catalog();
    let lessons = catalog
        .lessons()
        .iter()
        .filter(|l| id.is_none_or(|id| l.id == id))
        .filter_map(|l| {
            let saved = progress.lessons.get(&l.id)?;
            let steps = l
                .steps
                .iter()
                .enumerate()
                .map(|(i, step)| StepResult {
                    number: i + 1,
                    id: step.id.clone(),
                    kind: match step.kind {
                        StepKind::Text(_) => StepKindName::Text,
                        StepKind::Run(_) => StepKindName::Run,
                        StepKind::Ask(_) => StepKindName::Question,
                        StepKind::Claim { .. } => StepKindName::Claim,
                    },
                    status: saved.steps.get(&step.id).copied(),
                    attempts: saved.attempts.get(&step.id).copied().unwrap_or(0),
                    hints: saved.hints.get(&step.id).copied().unwrap_or(0),
                    last: saved.times.get(&step.id).copied(),
                })
                .collect();
            Some(LessonResult {
                id: l.id.clone(),
                title: l.title.clone(),
                finished: saved.finished,
                steps,
            })
        })
        .collect();
    Ok(Output::LessonResults(LessonResults {
        lessons,
        warnings: warning.into_iter().collect(),
    }))
}
