//! The lesson focus: `next`, `back`, `goto`, `hint`, `skip`, `reveal`, `lesson quit` and typed
//! answers while a lesson runs, each an action on the runner whose events are then shown and saved.

use super::{LessonFocus, feedback};
use crate::cli::{Command, LessonAction};
use crate::command::sandbox::LineBudget;
use crate::command::{Focus, Session};
use crate::error::Error;
use crate::lesson::StepKind;
use crate::lesson::fill::ExprEvaluator;
use crate::lesson::runner::{Event, Runner};
use crate::output::{Feedback, LessonItem, LessonReport, Output, Prompt};

impl LessonFocus {
    /// Leaves the lesson: the learner's rules back, the progress saved, and the line that
    /// says where `lesson start ID` comes back.
    fn leave_now(&mut self, session: &mut Session) -> Vec<LessonItem> {
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
        items
    }

    fn act(
        &mut self,
        session: &mut Session,
        events: impl FnOnce(&mut Runner, &mut ExprEvaluator) -> Vec<Event>,
    ) -> Output {
        let mut evaluator = self.evaluator(session);
        // Each action the learner takes gets a fresh budget for the lesson's command lines.
        self.budget = LineBudget::default();
        let events = events(&mut self.runner, &mut evaluator);
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

    fn prompt(&self) -> Prompt {
        Prompt::Step {
            id: self.runner.lesson().id.clone(),
            at: self.runner.index() + 1,
            of: self.runner.lesson().steps.len(),
        }
    }

    fn command(
        &mut self,
        command: &Command,
        session: &mut Session,
    ) -> Option<Result<Output, Error>> {
        let output = match command {
            Command::Next => self.act(session, |r, _| r.forward()),
            Command::Back => self.act(session, |r, _| r.back()),
            Command::Goto { id } => {
                let events = self.runner.goto(id);
                // A step the lesson does not have is a failed command, as any line that
                // cannot run: on stderr, and counted in a script.
                if let [Event::NoSuchStep { id, nearest, ids }] = events.as_slice() {
                    return Some(Err(Error::NoSuchStep {
                        id: id.clone(),
                        nearest: nearest.clone(),
                        ids: ids.clone(),
                    }));
                }
                self.act(session, |_, _| events)
            }
            // `take 2` where the question wants `2`: a move, with no game to make it in.
            Command::Take { count, .. } if self.runner.awaits_answer() => {
                return Some(Err(Error::AnswerNotMove {
                    answer: count.clone(),
                }));
            }
            Command::Hint => self.act(session, |r, _| r.hint()),
            Command::Skip => self.act(session, |r, j| r.skip(j)),
            Command::Reveal => self.act(session, |r, j| r.reveal(j)),
            Command::Lesson {
                action: Some(LessonAction::Quit),
            } => Output::Lesson(LessonReport {
                items: self.leave_now(session),
            }),
            // Another lesson started from this one: this one is left with the line that says
            // so (and where it comes back), then the other starts.
            Command::Lesson {
                action: Some(action @ LessonAction::Start { id: Some(id), .. }),
            } if *id != self.runner.lesson().id && session.catalog().get(id).is_some() => {
                let mut items = self.leave_now(session);
                return Some(super::lesson(session, action).map(|started| match started {
                    Output::Lesson(report) => {
                        items.extend(report.items);
                        Output::Lesson(LessonReport { items })
                    }
                    other => other,
                }));
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
        // In presenter mode too: an answer from the room is judged and its feedback shown,
        // and nothing is recorded (the runner records nothing while presenting).
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
