//! What an expression calls and whether it reads a variable, read from its tree without
//! evaluating it — for `lesson check`, which must know whether an expression names its ruleset,
//! whether it computes anything at all, and which functions a theorem's check leans on.

use std::ops::Range;

use super::ast::{Expr, ExprKind};
use crate::engine::Rules;

/// The functions whose value depends on a ruleset: without one written first, they use the
/// session's.
pub const RULES_FUNCTIONS: &[&str] = &["g", "mexset", "lost", "winner", "misere", "mg", "draw"];

/// One function call in an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call<'e> {
    pub name: &'e str,
    /// The ruleset written as the first argument (`g(zero-move, 7T)`), if one was.
    pub rules: Option<&'e Rules>,
    /// How many arguments follow the ruleset.
    pub args: usize,
    /// Where the call's name is, in the source.
    pub span: Range<usize>,
}

impl Call<'_> {
    /// Whether the call's value depends on the session's ruleset: a function of a ruleset,
    /// called without one.
    pub fn uses_session_rules(&self) -> bool {
        self.rules.is_none() && RULES_FUNCTIONS.contains(&self.name)
    }
}

impl Expr {
    /// Every function call in the expression, in the order they are written.
    pub fn calls(&self) -> Vec<Call<'_>> {
        let mut out = Vec::new();
        self.walk(&mut |e| {
            if let ExprKind::Call {
                name,
                name_span,
                rules,
                args,
            } = &e.kind
            {
                out.push(Call {
                    name,
                    rules: rules.as_ref(),
                    args: args.len(),
                    span: name_span.clone(),
                });
            }
        });
        out
    }

    /// Whether the expression reads a variable (one a quantifier or set builder binds).
    pub fn reads_variable(&self) -> bool {
        let mut found = false;
        self.walk(&mut |e| found |= matches!(e.kind, ExprKind::Var(_)));
        found
    }

    /// Visits this node and every node below it. The parser bounds the depth of the tree, so
    /// the recursion is bounded too.
    pub(crate) fn walk<'e>(&'e self, visit: &mut dyn FnMut(&'e Expr)) {
        visit(self);
        match &self.kind {
            ExprKind::Int(_)
            | ExprKind::Bool(_)
            | ExprKind::Player(_)
            | ExprKind::Var(_)
            | ExprKind::Picture(_) => {}
            ExprKind::State { size, .. } => size.walk(visit),
            ExprKind::Unary { operand, .. } => operand.walk(visit),
            ExprKind::Binary { lhs, rhs, .. } => {
                lhs.walk(visit);
                rhs.walk(visit);
            }
            ExprKind::Chain { first, rest } => {
                first.walk(visit);
                for (_, e) in rest {
                    e.walk(visit);
                }
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                cond.walk(visit);
                then.walk(visit);
                otherwise.walk(visit);
            }
            ExprKind::Quantifier { domain, body, .. } => {
                domain.walk(visit);
                body.walk(visit);
            }
            ExprKind::Set(items) => {
                for e in items {
                    e.walk(visit);
                }
            }
            ExprKind::SetBuilder {
                element,
                domain,
                filter,
                ..
            } => {
                domain.walk(visit);
                element.walk(visit);
                if let Some(filter) = filter {
                    filter.walk(visit);
                }
            }
            ExprKind::Heaps(items) | ExprKind::Tuple(items) => {
                for e in items {
                    e.walk(visit);
                }
            }
            ExprKind::Call { args, .. } => {
                for e in args {
                    e.walk(visit);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    fn names(source: &str) -> Vec<(String, bool, usize)> {
        parse(source)
            .unwrap()
            .calls()
            .iter()
            .map(|c| (c.name.to_string(), c.uses_session_rules(), c.args))
            .collect()
    }

    #[test]
    fn lists_calls_with_and_without_a_ruleset() {
        assert_eq!(names("1 + 2 xor 3"), []);
        assert_eq!(
            names("all n in 0..9: g(nT) = g(zero-move, nT) and lost(nim, n, n)"),
            [
                ("g".into(), true, 1),
                ("g".into(), false, 1),
                ("lost".into(), false, 2)
            ]
        );
        assert_eq!(
            names("{if winner(3, 4) = first then mex{0, 1} else 0 : k in 0..2}"),
            [("winner".into(), true, 2), ("mex".into(), false, 1),]
        );
        assert_eq!(names("nimsum(3, 5)"), [("nimsum".into(), false, 2)]);
    }

    #[test]
    fn finds_variables() {
        assert!(!parse("1 + 2").unwrap().reads_variable());
        assert!(!parse("g(zero-move, 7T)").unwrap().reads_variable());
        assert!(parse("any n in 0..3: n = 2").unwrap().reads_variable());
        assert!(parse("(n)T").unwrap().reads_variable());
    }
}
