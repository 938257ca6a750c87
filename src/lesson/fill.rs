//! `{{ EXPR }}` in a lesson's text, replaced by its value, and the judge that evaluates a
//! lesson's expressions with the expression language. No IO: the caller shows the result.

use super::runner::Judge;
use crate::expr::Value;
use crate::quote::quoted;

/// Lesson expressions evaluated by the expression language, with a ruleset as default.
pub struct ExprJudge {
    pub rules: crate::engine::Rules,
}

impl Judge for ExprJudge {
    fn eval(&mut self, source: &str) -> Result<Value, String> {
        crate::expr::evaluate(source, &self.rules).map_err(|e| e.to_string())
    }
}

/// Replaces each `{{ EXPR }}` with its value.
pub fn fill(text: &str, judge: &mut dyn Judge) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .ok_or_else(|| "a `{{` is never closed with `}}`".to_string())?;
        let source = after[..end].trim();
        let value = judge
            .eval(source)
            .map_err(|e| format!("{} fails: {e}", quoted(&format!("{{{{ {source} }}}}"))))?;
        out.push_str(&value.to_string());
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}
