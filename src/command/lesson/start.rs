//! `lesson start ID`: a lesson begun, resumed or presented — its ruleset pinned, its setup
//! run, its first step shown and the lesson focus handed to the session.

use super::{LessonFocus, feedback, find, load_progress, warning_key};
use crate::command::Session;
use crate::command::sandbox::{LineBudget, run_line};
use crate::error::Error;
use crate::lesson::runner::Runner;
use crate::lesson::speaker_notes::SpeakerNotes;
use crate::output::{Feedback, LessonItem, LessonReport, Output};

pub(super) fn start(
    session: &mut Session,
    id: &str,
    present: bool,
    notes: Option<SpeakerNotes>,
) -> Result<Output, Error> {
    let lesson = find(session, id)?;
    let (progress, warning) = load_progress(session);
    let saved = if present {
        None
    } else {
        progress.lessons.get(id)
    };
    let resumed = saved.is_some_and(|p| p.current.is_some() && !p.finished);
    let again = saved.is_some_and(|p| p.finished);
    let mut items = Vec::new();
    let warned = warning.iter().map(warning_key).collect();
    if let Some(unusable) = warning {
        items.push(LessonItem::Feedback(Feedback::Progress(unusable)));
    }
    // The lesson's games are nameable (`game:NAME`) while it runs.
    session.lend_games(lesson.games.clone());
    // A pinned ruleset and the setup apply on start and on resume alike; the learner's rules
    // come back when the lesson ends.
    let pinned = lesson.rules.clone();
    let rules_before =
        (pinned.is_some() || !lesson.setup.is_empty()).then(|| session.rules().clone());
    if let Some(rules) = &pinned
        && rules != session.rules()
    {
        let yours = session.rules().clone();
        match session.set_rules(rules.clone()) {
            // A newcomer who chose no rules is not told about rules at the door.
            Ok(_) if yours == Session::default_rules() => {}
            Ok(_) => items.push(feedback(Feedback::RulesPinned {
                rules: rules.clone(),
                yours,
            })),
            Err(error) => items.push(feedback(Feedback::PinFailed {
                rules: rules.clone(),
                error,
            })),
        }
    }
    let mut budget = LineBudget::default();
    for line in &lesson.setup {
        if let Err(error) = run_line(session, line, &mut budget) {
            items.push(LessonItem::Feedback(Feedback::SetupFailed {
                line: line.text.clone(),
                error,
            }));
        }
    }
    let mut runner = Runner::new(lesson, saved, present);
    let title = &runner.lesson().title;
    let count = runner.lesson().steps.len();
    let title = title.clone();
    let intro = match (present, resumed) {
        (true, _) => Feedback::Presenting {
            title,
            steps: count,
            notes: notes.as_ref().map(|n| n.path().to_path_buf()),
        },
        (false, _) if again => Feedback::Again { title },
        (false, true) => Feedback::Resumed { title },
        (false, false) => Feedback::Started {
            title,
            steps: count,
        },
    };
    items.push(LessonItem::Feedback(intro));
    let event = runner.show();
    let mut focus = LessonFocus {
        runner,
        rules_before,
        pinned,
        budget,
        warned,
        done: false,
        notes,
    };
    focus.report(session, vec![event], &mut items);
    focus.save(session, &mut items);
    session.start(Box::new(focus));
    Ok(Output::Lesson(LessonReport { items }))
}
