//! Showing a lesson: runner events turned into items, each step shown in full — its text
//! filled in, its command lines run in the sandbox, its question asked, its claim checked — and
//! presenter notes written aside.

use super::{LessonFocus, feedback, warning_key};
use crate::command::Session;
use crate::command::sandbox::{Refusal, run_line};
use crate::error::Error;
use crate::expr::Value;
use crate::lesson::fill::fill;
use crate::lesson::runner::{Event, LessonEvaluator, solution_text};
use crate::lesson::{JudgeError, StepKind};
use crate::output::{Feedback, LessonItem};

impl LessonFocus {
    /// Turns runner events into items, showing steps in full.
    pub(super) fn report(
        &mut self,
        session: &mut Session,
        events: Vec<Event>,
        items: &mut Vec<LessonItem>,
    ) {
        let mut evaluator = self.evaluator(session);
        // Authors may compute values in hints, feedback, solutions and notes too.
        let mut fill_in = |text: String| fill(&text, &mut evaluator).unwrap_or(text);
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
                Event::NoHints => items.push(feedback(Feedback::NoHints)),
                Event::CorrectPresenting => items.push(feedback(Feedback::CorrectPresenting)),
                Event::WrongForm { wanted, state } => {
                    items.push(feedback(Feedback::WrongForm { wanted, state }));
                }
                Event::NotAQuestion => items.push(feedback(Feedback::NotAQuestion)),
                Event::Correct => items.push(feedback(Feedback::Correct)),
                Event::Wrong {
                    feedback: text,
                    hints_left,
                } => items.push(feedback(Feedback::Wrong {
                    feedback: text.map(&mut fill_in),
                    hints_left: hints_left > 0,
                })),
                Event::Unreadable { input, wanted } => {
                    items.push(feedback(Feedback::Unreadable { input, wanted }));
                }
                Event::NoSuchChoice { count } => {
                    items.push(feedback(Feedback::NoSuchChoice { count }));
                }
                Event::Solution(s) => {
                    items.push(feedback(Feedback::Solution(s.map(&mut fill_in))));
                }
                Event::Broken(e) => items.push(feedback(Feedback::Broken(e))),
                Event::AtStart => items.push(feedback(Feedback::AtStart)),
                Event::Finished => {
                    self.done = true;
                    self.restore(session, items);
                    items.push(feedback(Feedback::Finished {
                        title: self.runner.lesson().title.clone(),
                        summary: (!self.runner.present).then(|| self.runner.summary()),
                    }));
                }
                Event::NoSuchStep { id, nearest, ids } => {
                    items.push(feedback(Feedback::NoSuchStep { id, nearest, ids }));
                }
            }
        }
    }

    pub(super) fn show_step(
        &mut self,
        session: &mut Session,
        index: usize,
        items: &mut Vec<LessonItem>,
    ) {
        let lesson = self.runner.lesson();
        let step = lesson.steps[index].clone();
        items.push(LessonItem::Heading {
            lesson: lesson.title.clone(),
            number: index + 1,
            of: lesson.steps.len(),
            step: step.id.clone(),
            present: self.runner.present,
        });
        let mut evaluator = self.evaluator_for(&step, session);
        match &step.kind {
            StepKind::Text(text) => items.push(match fill(text, &mut evaluator) {
                Ok(text) => LessonItem::Text { text, broken: None },
                Err(e) => LessonItem::Text {
                    text: text.clone(),
                    broken: Some(e),
                },
            }),
            StepKind::Run(lines) => {
                self.repin(session, items);
                for (i, line) in lines.iter().enumerate() {
                    let result = run_line(session, line, &mut self.budget);
                    let over = matches!(result, Err(Error::Refused(Refusal::OverBudget { .. })));
                    items.push(LessonItem::Command {
                        line: line.text.clone(),
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
                prompt: fill(&q.prompt, &mut evaluator).unwrap_or_else(|_| q.prompt.clone()),
                choices: q.choices.clone(),
                hints: q.hints.len(),
                present: self.runner.present,
            }),
            StepKind::Claim {
                statement, check, ..
            } => items.push(LessonItem::Claim {
                statement: fill(statement, &mut evaluator).unwrap_or_else(|_| statement.clone()),
                check: check.clone(),
                holds: match evaluator.eval(check) {
                    Ok(Value::Bool(b)) => Ok(b),
                    Ok(value) => Err(JudgeError::NotTrueOrFalse { value }),
                    Err(e) => Err(e),
                },
            }),
        }
        if let Some(speaker) = &self.notes {
            let notes = step
                .notes
                .as_ref()
                .map(|n| fill(n, &mut evaluator).unwrap_or_else(|_| n.clone()));
            let solution = match &step.kind {
                StepKind::Ask(q) => Some(match solution_text(q, &mut evaluator) {
                    Ok(s) => fill(&s, &mut evaluator).unwrap_or(s),
                    Err(e) => format!("({e})"),
                }),
                _ => None,
            };
            let notes = crate::render::speaker_notes(&step, notes, solution, &mut |text: &str| {
                fill(text, &mut evaluator).unwrap_or_else(|_| text.to_string())
            });
            let heading = crate::render::speaker_heading(lesson, index);
            if let Err(error) = speaker.append(&heading, &notes)
                && self.warned.insert(warning_key(&error))
            {
                items.push(feedback(Feedback::NotesUnwritable {
                    path: speaker.path().to_path_buf(),
                    error,
                }));
            }
        }
    }
}
