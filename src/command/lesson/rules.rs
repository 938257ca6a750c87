//! The lesson's own ruleset: pinned while the lesson runs (its expressions and commands use it),
//! set again if the learner changes it, and the learner's rules given back at the end.

use super::{LessonFocus, feedback};
use crate::command::Session;
use crate::lesson::Step;
use crate::lesson::fill::ExprEvaluator;
use crate::output::{Feedback, LessonItem};

impl LessonFocus {
    /// Gives the session back the rules it had before the lesson's setup, and forgets the
    /// lesson's games.
    pub(super) fn restore(&mut self, session: &mut Session, items: &mut Vec<LessonItem>) {
        session.return_games();
        let Some(rules) = self.rules_before.take() else {
            return;
        };
        // As at the door: a learner who chose no rules of their own is not told about rules.
        if &rules != session.rules()
            && session.set_rules(rules.clone()).is_ok()
            && rules != Session::default_rules()
        {
            items.push(feedback(Feedback::RulesRestored(rules)));
        }
    }

    /// The evaluator for the current step's expressions.
    pub(super) fn evaluator(&self, session: &Session) -> ExprEvaluator {
        self.evaluator_for(self.runner.step(), session)
    }

    /// What `step`'s expressions mean: its own rules, else the lesson's, else the session's.
    pub(super) fn evaluator_for(&self, step: &Step, session: &Session) -> ExprEvaluator {
        let rules = step.rules.as_ref().or(self.pinned.as_ref());
        ExprEvaluator {
            rules: rules.unwrap_or(session.rules()).clone(),
        }
    }

    /// Sets the lesson's ruleset again if the learner changed it, and says so.
    pub(super) fn repin(&self, session: &mut Session, items: &mut Vec<LessonItem>) {
        let Some(rules) = &self.pinned else { return };
        if rules == session.rules() {
            return;
        }
        match session.set_rules(rules.clone()) {
            Ok(_) => items.push(feedback(Feedback::Repinned(rules.clone()))),
            Err(error) => items.push(feedback(Feedback::PinFailed {
                rules: rules.clone(),
                error,
            })),
        }
    }
}
