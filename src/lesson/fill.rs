//! `{{ EXPR }}` in a lesson's text, replaced by its value, and the expression language as a
//! lesson's evaluator. No IO: the caller shows the result.

use super::JudgeError;
use super::graphs::position_names;
use super::runner::LessonEvaluator;
use crate::expr::{Evaluator, Int, Value, parse};

/// Lesson expressions evaluated by the expression language, with a ruleset as default. On a
/// game graph, each position's name is a variable standing for its pile, so `g(b)` and
/// `lost(b, c)` read as the graph is drawn.
pub struct ExprEvaluator {
    pub rules: crate::engine::Rules,
}

impl LessonEvaluator for ExprEvaluator {
    fn eval(&mut self, source: &str) -> Result<Value, JudgeError> {
        let mut evaluator = Evaluator::new(self.rules.clone());
        for (name, pile) in position_names(&self.rules) {
            evaluator.bind(name, Value::Int(Int::from(pile)));
        }
        Ok(evaluator.eval(&parse(source)?)?)
    }
}

/// Replaces each `{{ EXPR }}` with its value.
pub fn fill(text: &str, evaluator: &mut dyn LessonEvaluator) -> Result<String, JudgeError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or(JudgeError::Unclosed)?;
        let source = after[..end].trim();
        let value = evaluator
            .eval(source)
            .map_err(|error| JudgeError::Placeholder {
                source: source.to_string(),
                error: Box::new(error),
            })?;
        out.push_str(&value.to_string());
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}
