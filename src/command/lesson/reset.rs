//! `lesson reset ID`: forgets one lesson's progress, after asking on a terminal.

use super::find;
use crate::command::Session;
use crate::error::Error;
use crate::output::{Note, Output};

pub(super) fn reset(session: &mut Session, id: &str, yes: bool) -> Result<Output, Error> {
    find(session, id)?;
    if session.interactive && !yes {
        return Ok(Output::Note(Note::ConfirmReset { id: id.to_string() }));
    }
    let Some(store) = session.store.clone() else {
        return Ok(Output::Note(Note::NoProgressKept));
    };
    // Only this lesson: the others stay as the file has them now.
    let unusable = store
        .update(|progress| {
            progress.forget(id);
        })
        .map_err(Error::Progress)?;
    Ok(Output::Note(Note::Forgotten {
        id: id.to_string(),
        warning: unusable,
    }))
}
