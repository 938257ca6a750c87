//! The lesson commands (`lesson list|start|reset|quit|check`) and the lesson focus that takes
//! `next`, `back`, `goto`, `hint`, `skip`, `reveal` and typed answers while a lesson runs.

use super::sandbox::Refusal;
use super::sandbox::{Budget, run_line};
use super::{Focus, Session};
use crate::cli::{Command, LessonAction};
use crate::error::Error;
use crate::expr::Value;
use crate::lesson::fill::{ExprJudge, fill};
use crate::lesson::progress::{Progress, SaveError};
use crate::lesson::runner::{Event, Judge, Runner};
use crate::lesson::speaker_notes::SpeakerNotes;
use crate::lesson::{Lesson, StepKind};
use crate::output::{
    Feedback, LessonItem, LessonList, LessonListRow, LessonReport, LessonStatus, Note, Output,
};

pub(super) fn lesson(session: &mut Session, action: &LessonAction) -> Result<Output, Error> {
    match action {
        LessonAction::List => Ok(list(session)),
        LessonAction::Start { id, present, notes } => {
            let notes = notes.clone().map(SpeakerNotes::new);
            start(session, id, *present, notes)
        }
        LessonAction::Reset { id, yes } => reset(session, id, *yes),
        LessonAction::Quit => Err(Error::NoLesson),
        LessonAction::Check { paths } => super::lesson_check::check(session, paths),
    }
}

fn list(session: &mut Session) -> Output {
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
                chapter: l
                    .chapter
                    .clone()
                    .unwrap_or_else(|| "More lessons".to_string()),
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

fn load_progress(session: &Session) -> (Progress, Option<String>) {
    match &session.store {
        Some(store) => {
            let (progress, unusable) = store.load();
            (progress, unusable.map(|u| u.to_string()))
        }
        None => (Progress::default(), None),
    }
}

fn find(session: &mut Session, id: &str) -> Result<Lesson, Error> {
    let catalog = session.catalog();
    catalog.get(id).cloned().ok_or_else(|| {
        Error::bad_token(
            id,
            format!("a lesson id, one of {}", catalog.ids().join(", ")),
        )
    })
}

fn start(
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
    if let Some(w) = &warning {
        items.push(LessonItem::Feedback(Feedback::Progress(w.clone())));
    }
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
            Ok(()) => items.push(feedback(Feedback::RulesPinned {
                rules: rules.clone(),
                yours,
            })),
            Err(e) => items.push(feedback(Feedback::PinFailed {
                rules: rules.clone(),
                error: e.to_string(),
            })),
        }
    }
    let mut budget = Budget::default();
    for line in &lesson.setup {
        if let Err(e) = run_line(session, line, &mut budget) {
            items.push(LessonItem::Feedback(Feedback::SetupFailed {
                line: line.clone(),
                error: e.to_string(),
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
        warned: warning.into_iter().collect(),
        done: false,
        notes,
    };
    focus.report(session, vec![event], &mut items);
    focus.save(session, &mut items);
    session.start(Box::new(focus));
    Ok(Output::Lesson(LessonReport { items }))
}

fn reset(session: &mut Session, id: &str, yes: bool) -> Result<Output, Error> {
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
        warning: unusable.map(|w| w.to_string()),
    }))
}

fn feedback(feedback: Feedback) -> LessonItem {
    LessonItem::Feedback(feedback)
}

/// A lesson running in the session.
#[derive(Debug)]
pub(super) struct LessonFocus {
    runner: Runner,
    /// Warnings about the progress file already given, so none is repeated at every step.
    warned: std::collections::BTreeSet<String>,
    /// The session's rules before the lesson's setup, restored when it ends.
    rules_before: Option<crate::engine::Rules>,
    /// The lesson's own ruleset (`rules:`): its expressions use it, and its commands run under
    /// it whatever the learner has switched to meanwhile.
    pinned: Option<crate::engine::Rules>,
    /// What the lesson's command lines may still spend in the learner's current action.
    budget: Budget,
    done: bool,
    /// Presenter mode: where speaker notes go (they are never shown on the screen).
    notes: Option<SpeakerNotes>,
}

impl LessonFocus {
    /// Gives the session back the rules it had before the lesson's setup.
    fn restore(&mut self, session: &mut Session, items: &mut Vec<LessonItem>) {
        let Some(rules) = self.rules_before.take() else {
            return;
        };
        if &rules != session.rules() && session.set_rules(rules.clone()).is_ok() {
            items.push(feedback(Feedback::RulesRestored(rules)));
        }
    }

    fn judge(&self, session: &Session) -> ExprJudge {
        ExprJudge {
            rules: self.pinned.as_ref().unwrap_or(session.rules()).clone(),
        }
    }

    /// Sets the lesson's ruleset again if the learner changed it, and says so.
    fn repin(&self, session: &mut Session, items: &mut Vec<LessonItem>) {
        let Some(rules) = &self.pinned else { return };
        if rules == session.rules() {
            return;
        }
        match session.set_rules(rules.clone()) {
            Ok(()) => items.push(feedback(Feedback::Repinned(rules.clone()))),
            Err(e) => items.push(feedback(Feedback::PinFailed {
                rules: rules.clone(),
                error: e.to_string(),
            })),
        }
    }

    /// Turns runner events into items, showing steps in full.
    fn report(&mut self, session: &mut Session, events: Vec<Event>, items: &mut Vec<LessonItem>) {
        let mut judge = self.judge(session);
        // Authors may compute values in hints, feedback, solutions and notes too.
        let mut fill_in = |text: String| fill(&text, &mut judge).unwrap_or(text);
        for event in events {
            match event {
                Event::Show(i) => self.show_step(session, i, items),
                Event::AnswerFirst => {
                    let hints =
                        matches!(&self.runner.step().kind, StepKind::Ask(q) if !q.hints.is_empty());
                    items.push(feedback(Feedback::AnswerFirst { hints }));
                }
                Event::Hint { number, of, text } => {
                    let text = fill_in(text);
                    items.push(feedback(Feedback::Hint { number, of, text }));
                }
                Event::NoMoreHints => items.push(feedback(Feedback::NoMoreHints)),
                Event::NotAQuestion => items.push(feedback(Feedback::NotAQuestion)),
                Event::Correct => items.push(feedback(Feedback::Correct)),
                Event::Wrong {
                    feedback: text,
                    hints_left,
                } => items.push(feedback(Feedback::Wrong {
                    feedback: text.map(&mut fill_in),
                    hints_left: hints_left > 0,
                })),
                Event::Unreadable { input } => items.push(feedback(Feedback::Unreadable { input })),
                Event::NoSuchChoice { count } => {
                    items.push(feedback(Feedback::NoSuchChoice { count }));
                }
                Event::Solution(s) => items.push(feedback(Feedback::Solution(fill_in(s)))),
                Event::Broken(e) => items.push(feedback(Feedback::Broken(e.to_string()))),
                Event::AtStart => items.push(feedback(Feedback::AtStart)),
                Event::Finished => {
                    self.done = true;
                    self.restore(session, items);
                    items.push(feedback(Feedback::Finished {
                        title: self.runner.lesson().title.clone(),
                    }));
                }
                Event::NoSuchStep { id } => items.push(feedback(Feedback::NoSuchStep { id })),
            }
        }
    }

    fn show_step(&mut self, session: &mut Session, index: usize, items: &mut Vec<LessonItem>) {
        let lesson = self.runner.lesson();
        let step = lesson.steps[index].clone();
        items.push(LessonItem::Heading {
            lesson: lesson.title.clone(),
            number: index + 1,
            of: lesson.steps.len(),
            step: step.id.clone(),
            present: self.runner.present,
        });
        let mut judge = self.judge(session);
        match &step.kind {
            StepKind::Text(text) => items.push(LessonItem::Text(
                fill(text, &mut judge).unwrap_or_else(|e| format!("{text}\n(⚠ {e})")),
            )),
            StepKind::Run(lines) => {
                self.repin(session, items);
                for (i, line) in lines.iter().enumerate() {
                    let result = run_line(session, line, &mut self.budget);
                    let over = matches!(result, Err(Error::Refused(Refusal::OverBudget { .. })));
                    items.push(LessonItem::Command {
                        line: line.clone(),
                        output: result.map(Box::new),
                    });
                    if over {
                        // One refusal says it; the lines after it are not run either.
                        let rest = lines.len() - i - 1;
                        if rest > 0 {
                            items.push(feedback(Feedback::NotRun { lines: rest }));
                        }
                        break;
                    }
                }
            }
            StepKind::Ask(q) => items.push(LessonItem::Question {
                prompt: fill(&q.prompt, &mut judge).unwrap_or_else(|_| q.prompt.clone()),
                choices: q.choices.clone(),
                hints: q.hints.len(),
                present: self.runner.present,
            }),
            StepKind::Claim {
                statement, check, ..
            } => items.push(LessonItem::Claim {
                statement: fill(statement, &mut judge).unwrap_or_else(|_| statement.clone()),
                check: check.clone(),
                holds: match judge.eval(check) {
                    Ok(Value::Bool(b)) => Ok(b),
                    Ok(v) => Err(format!("the check gives {v}, not true or false")),
                    Err(e) => Err(e),
                },
            }),
        }
        if let Some(speaker) = &self.notes {
            let notes = step
                .notes
                .as_ref()
                .map(|n| fill(n, &mut judge).unwrap_or_else(|_| n.clone()));
            let heading = format!(
                "{} · step {} of {} · {}",
                lesson.title,
                index + 1,
                lesson.steps.len(),
                step.id
            );
            if let Err(e) = speaker.append(&heading, notes.as_deref()) {
                let error = e.to_string();
                if self.warned.insert(error.clone()) {
                    items.push(feedback(Feedback::NotesUnwritable {
                        path: speaker.path().to_path_buf(),
                        error,
                    }));
                }
            }
        }
    }

    /// Saves progress (never in presenter mode); a failure is a warning, not an end.
    fn save(&mut self, session: &Session, items: &mut Vec<LessonItem>) {
        if self.runner.present {
            return;
        }
        let Some(store) = &session.store else { return };
        let id = self.runner.lesson().id.clone();
        let lesson = self.runner.progress();
        // Only this lesson, into the file as it is now: another nimlab (another terminal) may
        // have saved other lessons since this one started.
        // Each warning once, keyed by its text: the one given at the start is not repeated.
        let (key, warning): (String, fn(String) -> Feedback) = match store.update(|progress| {
            progress.lessons.insert(id, lesson);
        }) {
            Ok(None) => return,
            Ok(Some(unusable)) | Err(SaveError::Unusable(unusable)) => {
                (unusable.to_string(), Feedback::Progress)
            }
            Err(e) => (e.to_string(), Feedback::NotSaved),
        };
        if self.warned.insert(key.clone()) {
            items.push(feedback(warning(key)));
        }
    }

    fn act(
        &mut self,
        session: &mut Session,
        events: impl FnOnce(&mut Runner, &mut ExprJudge) -> Vec<Event>,
    ) -> Output {
        let mut judge = self.judge(session);
        // Each action the learner takes gets a fresh budget for the lesson's command lines.
        self.budget = Budget::default();
        let events = events(&mut self.runner, &mut judge);
        let mut items = Vec::new();
        self.report(session, events, &mut items);
        self.save(session, &mut items);
        Output::Lesson(LessonReport { items })
    }
}

impl Focus for LessonFocus {
    fn kind(&self) -> &'static str {
        "lesson"
    }

    fn prompt(&self) -> String {
        format!(
            "{} {}/{}",
            self.runner.lesson().id,
            self.runner.index() + 1,
            self.runner.lesson().steps.len()
        )
    }

    fn command(
        &mut self,
        command: &Command,
        session: &mut Session,
    ) -> Option<Result<Output, Error>> {
        let output = match command {
            Command::Next => self.act(session, |r, _| r.forward()),
            Command::Back => self.act(session, |r, _| r.back()),
            Command::Goto { id } => self.act(session, |r, _| r.goto(id)),
            Command::Hint => self.act(session, |r, _| r.hint()),
            Command::Skip => self.act(session, |r, j| r.skip(j)),
            Command::Reveal => self.act(session, |r, j| r.reveal(j)),
            Command::Lesson {
                action: LessonAction::Quit,
            } => {
                self.done = true;
                let mut items = Vec::new();
                self.restore(session, &mut items);
                self.save(session, &mut items);
                let lesson = self.runner.lesson();
                let left = if self.runner.present {
                    Feedback::StoppedPresenting {
                        title: lesson.title.clone(),
                    }
                } else {
                    Feedback::Left {
                        title: lesson.title.clone(),
                        step: self.runner.index() + 1,
                        id: lesson.id.clone(),
                    }
                };
                items.push(feedback(left));
                Output::Lesson(LessonReport { items })
            }
            _ => return None,
        };
        Some(Ok(output))
    }

    fn text(&mut self, line: &str, session: &mut Session) -> Option<Result<Output, Error>> {
        let is_question = matches!(self.runner.step().kind, StepKind::Ask(_));
        if line.trim().is_empty() {
            // Enter moves on from anything but an unanswered question.
            return Some(Ok(self.act(session, |r, _| r.forward())));
        }
        if !is_question {
            // An answer typed one step late deserves better than "unrecognized subcommand".
            let looks_like_answer = crate::lesson::answer::read_answer(line).is_some();
            return looks_like_answer.then(|| {
                Ok(Output::Lesson(LessonReport {
                    items: vec![feedback(Feedback::AnswerWithoutQuestion)],
                }))
            });
        }
        if self.runner.present {
            // Not an unknown command: a lecturer trying an answer from the room.
            return Some(Ok(Output::Lesson(LessonReport {
                items: vec![feedback(Feedback::NotGraded)],
            })));
        }
        Some(Ok(self.act(session, |r, j| r.answer(line, j))))
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn activity(&self) -> crate::output::Activity {
        let lesson = self.runner.lesson();
        crate::output::Activity::Lesson {
            id: lesson.id.clone(),
            title: lesson.title.clone(),
            at: self.runner.index() + 1,
            of: lesson.steps.len(),
            presenting: self.runner.present,
        }
    }

    /// `quit` keeps the progress and gives back the rules, as `lesson quit` does.
    fn leave(&mut self, session: &mut Session) -> Vec<LessonItem> {
        self.done = true;
        let mut items = Vec::new();
        self.restore(session, &mut items);
        self.save(session, &mut items);
        items
    }
}
