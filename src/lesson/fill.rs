//! `{{ EXPR }}` in a lesson's text, replaced by its value, and the expression language as a
//! lesson's evaluator. No IO: the caller shows the result.

use super::JudgeError;
use super::runner::LessonEvaluator;
use crate::expr::Value;

/// Lesson expressions evaluated by the expression language, with a ruleset as default.
pub struct ExprEvaluator {
    pub rules: crate::engine::Rules,
}

impl LessonEvaluator for ExprEvaluator {
    fn eval(&mut self, source: &str) -> Result<Value, JudgeError> {
        Ok(crate::expr::evaluate(source, &self.rules)?)
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
