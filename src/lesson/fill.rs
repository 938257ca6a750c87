//! `{{ EXPR }}` in a lesson's text, replaced by its value, and the judge that evaluates a
//! lesson's expressions with the expression language. No IO: the caller shows the result.

use super::JudgeError;
use super::runner::Judge;
use crate::expr::Value;

/// Lesson expressions evaluated by the expression language, with a ruleset as default.
pub struct ExprJudge {
    pub rules: crate::engine::Rules,
}

impl Judge for ExprJudge {
    fn eval(&mut self, source: &str) -> Result<Value, JudgeError> {
        Ok(crate::expr::evaluate(source, &self.rules)?)
    }
}

/// Replaces each `{{ EXPR }}` with its value.
pub fn fill(text: &str, judge: &mut dyn Judge) -> Result<String, JudgeError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or(JudgeError::Unclosed)?;
        let source = after[..end].trim();
        let value = judge
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
