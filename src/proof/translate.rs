//! nimlab's expressions as the decider's formulas: a number-valued expression `e` becomes the
//! relation "t = e" (every compound part named by a fresh variable under `any`), a condition
//! becomes a formula, and a set of options (unions, set literals, set builders over ranges,
//! `[a, b]` splits) becomes "v is the value of an option". Pure: expressions in, formulas or
//! the reason they are outside the fragment out.
//!
//! On the natural numbers `a - b` has a value only when b ≤ a: "t = a - b" is `t + b = a`,
//! false when b > a — so `n - 1` at n = 0 has no value, which is exactly the textbook's bug.
//! Inside a condition, where "no value" would turn into "true" under `not`, subtraction is
//! refused.

use std::ops::Range;

use decide::{Formula, Term};

use crate::expr::{BinaryOp, Expr, ExprKind, UnaryOp};

/// Why an expression is not translated. Data only; `render` words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outside {
    /// A product of two non-constants (Peano arithmetic, undecidable).
    Product { span: Range<usize> },
    /// A division or remainder by a non-constant or by 0.
    Divisor { span: Range<usize> },
    /// A function outside the fragment (`g`, `mex`, `pow`, …).
    Function { name: String, span: Range<usize> },
    /// A name that is not the conjecture's variable or a bound one.
    Variable { name: String, span: Range<usize> },
    /// Subtraction inside a condition.
    SubtractionInCondition { span: Range<usize> },
    /// A negative number.
    Negative { span: Range<usize> },
    /// A form the translation does not cover (sets as values, quantifiers, runs of heaps).
    Form { what: Form, span: Range<usize> },
    /// A ruleset whose options are not written in the fragment.
    Rules { rules: String },
}

/// A form of expression outside the fragment the decider reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A number above 2^64 − 1.
    HugeNumber,
    /// A value that is not a number (a set, a truth value as a number).
    NotANumber,
    /// An operator that makes no condition.
    ConditionOperator,
    /// A condition of another form.
    Condition,
    /// Heaps `[a, b]` in a set of numbers.
    HeapsInSet,
    /// A set of another form.
    Set,
    /// A set builder over something other than a range.
    BuilderDomain,
    /// A set of options of another form.
    Options,
    /// A state that is a tuple.
    Tuple,
    /// A run of heaps `[a..b]`.
    Run,
}

/// The translation's state: what each variable stands for, and the fresh names used.
pub struct Lower {
    subst: Vec<(String, Term)>,
    fresh: usize,
}

type Out<T> = Result<T, Outside>;

impl Default for Lower {
    fn default() -> Self {
        Self::new()
    }
}

impl Lower {
    pub fn new() -> Self {
        Self {
            subst: Vec::new(),
            fresh: 0,
        }
    }

    /// A fresh variable name (names nimlab's parser cannot write, so never a user's).
    pub fn fresh(&mut self) -> String {
        self.fresh += 1;
        format!("_{}", self.fresh)
    }

    /// Runs `f` with the expression variable `name` standing for `term`.
    pub fn with<T>(&mut self, name: &str, term: Term, f: impl FnOnce(&mut Self) -> T) -> T {
        self.subst.push((name.to_string(), term));
        let out = f(self);
        self.subst.pop();
        out
    }

    fn lookup(&self, name: &str) -> Option<Term> {
        self.subst
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.clone())
    }

    /// "t = e".
    pub fn value(&mut self, e: &Expr, t: Term) -> Out<Formula> {
        let mut defs = Vec::new();
        let mut vars = Vec::new();
        self.define(e, t, &mut defs, &mut vars)?;
        Ok(decide::any_of(vars, decide::and(defs)))
    }

    /// A term for `e`: the term itself if simple, else a fresh variable defined in `defs`.
    fn term(&mut self, e: &Expr, defs: &mut Vec<Formula>, vars: &mut Vec<String>) -> Out<Term> {
        match &e.kind {
            ExprKind::Int(c) if *c >= 0 => {
                let c = u64::try_from(*c).map_err(|_| Outside::Form {
                    what: Form::HugeNumber,
                    span: e.span.clone(),
                })?;
                Ok(Term::Const(c))
            }
            ExprKind::Var(name) => self.lookup(name).ok_or_else(|| Outside::Variable {
                name: name.clone(),
                span: e.span.clone(),
            }),
            _ => {
                let x = self.fresh();
                vars.push(x.clone());
                self.define(e, Term::Var(x.clone()), defs, vars)?;
                Ok(Term::Var(x))
            }
        }
    }

    /// Pushes the formulas saying `t = e`.
    fn define(
        &mut self,
        e: &Expr,
        t: Term,
        defs: &mut Vec<Formula>,
        vars: &mut Vec<String>,
    ) -> Out<()> {
        match &e.kind {
            ExprKind::Int(c) if *c < 0 => defs.push(Formula::False),
            ExprKind::Int(_) | ExprKind::Var(_) => {
                let term = self.term(e, defs, vars)?;
                defs.push(decide::eq(t, term));
            }
            ExprKind::Chain { first, rest } => {
                let mut acc = self.term(first, defs, vars)?;
                for (i, (op, rhs)) in rest.iter().enumerate() {
                    let r = self.term(rhs, defs, vars)?;
                    let out = if i + 1 == rest.len() {
                        t.clone()
                    } else {
                        let x = self.fresh();
                        vars.push(x.clone());
                        Term::Var(x)
                    };
                    let span = e.span.clone();
                    defs.push(arith(*op, acc, r, out.clone(), span)?);
                    acc = out;
                }
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.truth(cond)?;
                let a = self.value(then, t.clone())?;
                let b = self.value(otherwise, t)?;
                defs.push(decide::or([
                    decide::and([c.clone(), a]),
                    decide::and([decide::not(c), b]),
                ]));
            }
            ExprKind::Call { name, args, .. } if (name == "min" || name == "max") => {
                let [a, b] = args.as_slice() else {
                    return Err(function(name, e));
                };
                let ta = self.term(a, defs, vars)?;
                let tb = self.term(b, defs, vars)?;
                let a_first = if name == "min" {
                    decide::le(ta.clone(), tb.clone())
                } else {
                    decide::ge(ta.clone(), tb.clone())
                };
                defs.push(decide::or([
                    decide::and([a_first.clone(), decide::eq(t.clone(), ta)]),
                    decide::and([decide::not(a_first), decide::eq(t, tb)]),
                ]));
            }
            // mex(S) = t: t is not in S, and every j < t is.
            ExprKind::Call { name, args, .. } if name == "mex" => {
                let [set] = args.as_slice() else {
                    return Err(function(name, e));
                };
                let absent = decide::not(self.number_set(set, t.clone())?);
                let j = self.fresh();
                let below = decide::all_lt(&j, t, self.number_set(set, Term::Var(j.clone()))?);
                defs.push(decide::and([absent, below]));
            }
            ExprKind::Call { name, .. } => return Err(function(name, e)),
            ExprKind::Unary {
                op: UnaryOp::Neg, ..
            } => {
                return Err(Outside::Negative {
                    span: e.span.clone(),
                });
            }
            _ => {
                return Err(Outside::Form {
                    what: Form::NotANumber,
                    span: e.span.clone(),
                });
            }
        }
        Ok(())
    }

    /// A condition as a formula.
    pub fn truth(&mut self, e: &Expr) -> Out<Formula> {
        if let Some(span) = subtraction(e) {
            return Err(Outside::SubtractionInCondition { span });
        }
        match &e.kind {
            ExprKind::Bool(true) => Ok(Formula::True),
            ExprKind::Bool(false) => Ok(Formula::False),
            ExprKind::Unary {
                op: UnaryOp::Not,
                operand,
            } => Ok(decide::not(self.truth(operand)?)),
            ExprKind::Chain { first, rest }
                if rest.iter().all(|(op, _)| {
                    matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Implies)
                }) =>
            {
                let mut parts = vec![self.truth(first)?];
                for (_, x) in rest {
                    parts.push(self.truth(x)?);
                }
                let ops: Vec<BinaryOp> = rest.iter().map(|(op, _)| *op).collect();
                Ok(connect(parts, &ops))
            }
            // all k in D: body / any k in D: body, D a set of numbers.
            ExprKind::Quantifier {
                all,
                var,
                domain,
                body,
            } => {
                let k = self.fresh();
                let member = self.number_set(domain, Term::Var(k.clone()))?;
                let body = self.with(var, Term::Var(k.clone()), |l| l.truth(body))?;
                Ok(if *all {
                    decide::all(&k, decide::implies(member, body))
                } else {
                    decide::any(&k, decide::and([member, body]))
                })
            }
            // Two sets are equal when they have the same members.
            ExprKind::Binary {
                op: op @ (BinaryOp::Eq | BinaryOp::Ne),
                lhs,
                rhs,
            } if is_set(lhs) || is_set(rhs) => {
                let x = self.fresh();
                let a = self.number_set(lhs, Term::Var(x.clone()))?;
                let b = self.number_set(rhs, Term::Var(x.clone()))?;
                let same = decide::all(&x, decide::iff(a, b));
                Ok(if *op == BinaryOp::Eq {
                    same
                } else {
                    decide::not(same)
                })
            }
            ExprKind::Binary { op, lhs, rhs } => match op {
                BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge => self.comparison(*op, lhs, rhs),
                BinaryOp::In => {
                    let mut defs = Vec::new();
                    let mut vars = Vec::new();
                    let x = self.term(lhs, &mut defs, &mut vars)?;
                    defs.push(self.number_set(rhs, x)?);
                    Ok(decide::any_of(vars, decide::and(defs)))
                }
                _ => Err(form(Form::ConditionOperator, e)),
            },
            ExprKind::Call { name, args, .. } if name == "odd" || name == "even" => {
                let [a] = args.as_slice() else {
                    return Err(function(name, e));
                };
                self.parity(name == "odd", a)
            }
            ExprKind::Call { name, .. } => Err(function(name, e)),
            _ => Err(form(Form::Condition, e)),
        }
    }

    /// `lhs OP rhs`, a comparison of two numbers.
    fn comparison(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> Out<Formula> {
        let mut defs = Vec::new();
        let mut vars = Vec::new();
        let a = self.term(lhs, &mut defs, &mut vars)?;
        let b = self.term(rhs, &mut defs, &mut vars)?;
        defs.push(match op {
            BinaryOp::Eq => decide::eq(a, b),
            BinaryOp::Ne => decide::ne(a, b),
            BinaryOp::Lt => decide::lt(a, b),
            BinaryOp::Le => decide::le(a, b),
            BinaryOp::Gt => decide::gt(a, b),
            _ => decide::ge(a, b),
        });
        Ok(decide::any_of(vars, decide::and(defs)))
    }

    /// `odd(a)` (or with `odd` false, `even(a)`).
    fn parity(&mut self, odd: bool, a: &Expr) -> Out<Formula> {
        let mut defs = Vec::new();
        let mut vars = Vec::new();
        let x = self.term(a, &mut defs, &mut vars)?;
        defs.push(if odd { decide::odd(x) } else { decide::even(x) });
        Ok(decide::any_of(vars, decide::and(defs)))
    }

    /// "x is in the set of numbers `set`": a literal, a range or their union.
    fn number_set(&mut self, set: &Expr, x: Term) -> Out<Formula> {
        match &set.kind {
            ExprKind::Set(items) => {
                let mut parts = Vec::new();
                for item in items {
                    parts.push(self.value(item, x.clone())?);
                }
                Ok(decide::or(parts))
            }
            ExprKind::Binary {
                op: BinaryOp::Range,
                lhs,
                rhs,
            } => {
                let mut defs = Vec::new();
                let mut vars = Vec::new();
                let a = self.term(lhs, &mut defs, &mut vars)?;
                let b = self.term(rhs, &mut defs, &mut vars)?;
                defs.push(decide::le(a, x.clone()));
                defs.push(decide::le(x, b));
                Ok(decide::any_of(vars, decide::and(defs)))
            }
            ExprKind::Chain { first, rest }
                if rest.iter().all(|(op, _)| *op == BinaryOp::Union) =>
            {
                let mut parts = vec![self.number_set(first, x.clone())?];
                for (_, s) in rest {
                    parts.push(self.number_set(s, x.clone())?);
                }
                Ok(decide::or(parts))
            }
            ExprKind::Binary {
                op: BinaryOp::Union,
                lhs,
                rhs,
            } => Ok(decide::or([
                self.number_set(lhs, x.clone())?,
                self.number_set(rhs, x)?,
            ])),
            // A set builder or a choice of sets: its elements are single numbers.
            ExprKind::SetBuilder { .. } | ExprKind::If { .. } => {
                let mut element = |_: &mut Self, heaps: &[Term]| -> Out<Formula> {
                    match heaps {
                        [h] => Ok(decide::eq(x.clone(), h.clone())),
                        _ => Err(form(Form::HeapsInSet, set)),
                    }
                };
                self.options(set, &mut element)
            }
            _ => Err(form(Form::Set, set)),
        }
    }

    /// "some option in the set `options` satisfies `element`", where `element` is given the
    /// heaps the option leaves (one for a plain number, several for `[a, b]`).
    pub fn options(
        &mut self,
        options: &Expr,
        element: &mut dyn FnMut(&mut Self, &[Term]) -> Out<Formula>,
    ) -> Out<Formula> {
        match &options.kind {
            ExprKind::Set(items) => {
                let mut parts = Vec::new();
                for item in items {
                    parts.push(self.option(item, element)?);
                }
                Ok(decide::or(parts))
            }
            ExprKind::Chain { first, rest }
                if rest.iter().all(|(op, _)| *op == BinaryOp::Union) =>
            {
                let mut parts = vec![self.options(first, element)?];
                for (_, s) in rest {
                    parts.push(self.options(s, element)?);
                }
                Ok(decide::or(parts))
            }
            ExprKind::Binary {
                op: BinaryOp::Union,
                lhs,
                rhs,
            } => Ok(decide::or([
                self.options(lhs, element)?,
                self.options(rhs, element)?,
            ])),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.truth(cond)?;
                let a = self.options(then, element)?;
                let b = self.options(otherwise, element)?;
                Ok(decide::or([
                    decide::and([c.clone(), a]),
                    decide::and([decide::not(c), b]),
                ]))
            }
            ExprKind::SetBuilder {
                element: item,
                var,
                domain,
                filter,
            } => {
                let ExprKind::Binary {
                    op: BinaryOp::Range,
                    lhs,
                    rhs,
                } = &domain.kind
                else {
                    return Err(form(Form::BuilderDomain, domain));
                };
                let k = self.fresh();
                let kt = Term::Var(k.clone());
                let mut defs = Vec::new();
                let mut vars = Vec::new();
                let lo = self.term(lhs, &mut defs, &mut vars)?;
                let hi = self.term(rhs, &mut defs, &mut vars)?;
                defs.push(decide::le(lo, kt.clone()));
                defs.push(decide::le(kt.clone(), hi));
                let body = self.with(var, kt, |l| -> Out<Formula> {
                    let mut parts = Vec::new();
                    if let Some(f) = filter {
                        parts.push(l.truth(f)?);
                    }
                    parts.push(l.option(item, element)?);
                    Ok(decide::and(parts))
                })?;
                defs.push(body);
                vars.insert(0, k);
                Ok(decide::any_of(vars, decide::and(defs)))
            }
            _ => Err(form(Form::Options, options)),
        }
    }

    /// One option: a heap, or `[a, b, …]`.
    fn option(
        &mut self,
        item: &Expr,
        element: &mut dyn FnMut(&mut Self, &[Term]) -> Out<Formula>,
    ) -> Out<Formula> {
        let heaps: Vec<&Expr> = match &item.kind {
            ExprKind::Heaps(items) => items.iter().collect(),
            ExprKind::Tuple(_) => return Err(form(Form::Tuple, item)),
            _ => vec![item],
        };
        let mut defs = Vec::new();
        let mut vars = Vec::new();
        let mut terms = Vec::new();
        for h in heaps {
            if let ExprKind::Binary {
                op: BinaryOp::Range,
                ..
            } = &h.kind
            {
                return Err(form(Form::Run, h));
            }
            terms.push(self.term(h, &mut defs, &mut vars)?);
        }
        defs.push(element(self, &terms)?);
        Ok(decide::any_of(vars, decide::and(defs)))
    }
}

/// `out = acc op r`.
fn arith(op: BinaryOp, acc: Term, r: Term, out: Term, span: Range<usize>) -> Out<Formula> {
    let constant = |t: &Term| match t {
        Term::Const(c) => Some(*c),
        Term::Var(_) => None,
    };
    Ok(match op {
        BinaryOp::Add => decide::add(acc, r, out),
        BinaryOp::Sub => decide::add(out, r, acc),
        BinaryOp::Xor => decide::xor(acc, r, out),
        BinaryOp::Mul => match (constant(&acc), constant(&r)) {
            (Some(c), _) => decide::mul(c, r, out),
            (None, Some(c)) => decide::mul(c, acc, out),
            (None, None) => return Err(Outside::Product { span }),
        },
        BinaryOp::Div | BinaryOp::Rem => match constant(&r) {
            Some(c) if c > 0 => {
                if op == BinaryOp::Div {
                    decide::div(acc, c, out)
                } else {
                    decide::modulo(acc, c, out)
                }
            }
            _ => return Err(Outside::Divisor { span }),
        },
        BinaryOp::NimMul => {
            return Err(Outside::Function {
                name: "nimmul".into(),
                span,
            });
        }
        _ => {
            return Err(Outside::Form {
                what: Form::NotANumber,
                span,
            });
        }
    })
}

/// `p1 op1 p2 op2 …` with `and`/`or` left to right and `implies` to the right.
fn connect(parts: Vec<Formula>, ops: &[BinaryOp]) -> Formula {
    // Split at each `implies`: the groups between are and/or chains, joined right to left.
    let mut groups: Vec<Formula> = Vec::new();
    let mut iter = parts.into_iter();
    let mut acc = iter.next().unwrap_or(Formula::True);
    for (op, p) in ops.iter().zip(iter) {
        // A chain of `and` (or of `or`) is one flat conjunction: as tall as one, however long.
        match (op, acc) {
            (BinaryOp::And, Formula::And(mut fs)) => {
                fs.push(p);
                acc = Formula::And(fs);
            }
            (BinaryOp::Or, Formula::Or(mut fs)) => {
                fs.push(p);
                acc = Formula::Or(fs);
            }
            (BinaryOp::And, a) => acc = decide::and([a, p]),
            (BinaryOp::Or, a) => acc = decide::or([a, p]),
            (_, a) => {
                groups.push(a);
                acc = p;
            }
        }
    }
    groups.push(acc);
    let mut out = groups.pop().unwrap_or(Formula::True);
    while let Some(g) = groups.pop() {
        out = decide::implies(g, out);
    }
    out
}

/// The span of a subtraction inside `e`, if any.
fn subtraction(e: &Expr) -> Option<Range<usize>> {
    let mut found = None;
    e.walk(&mut |x| {
        if let ExprKind::Chain { rest, .. } = &x.kind
            && rest.iter().any(|(op, _)| *op == BinaryOp::Sub)
            && found.is_none()
        {
            found = Some(x.span.clone());
        }
    });
    found
}

/// Whether `e` is written as a set (a literal, a range, a builder or a union of them).
fn is_set(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Set(_) | ExprKind::SetBuilder { .. } => true,
        ExprKind::Binary { op, .. } => matches!(op, BinaryOp::Range | BinaryOp::Union),
        ExprKind::Chain { rest, .. } => rest.iter().all(|(op, _)| *op == BinaryOp::Union),
        _ => false,
    }
}

fn function(name: &str, e: &Expr) -> Outside {
    Outside::Function {
        name: name.to_string(),
        span: e.span.clone(),
    }
}

fn form(what: Form, e: &Expr) -> Outside {
    Outside::Form {
        what,
        span: e.span.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::expr::{Evaluator, Value, parse};

    /// Each expression's relation "y = e(n)", compiled by the decider, accepts exactly the
    /// pairs the expression evaluator gives, for n < 64 (and y < 256): where the evaluator's
    /// value is negative, no y at all.
    #[test]
    fn translated_expressions_agree_with_the_evaluator() {
        let never = || false;
        for src in [
            "n",
            "n + 3",
            "n - 1",
            "2 * n + 1",
            "n / 3",
            "n % 5",
            "n xor 6",
            "(n xor 5) - 2",
            "if odd(n) then n + 1 else n - 1",
            "if n = 0 then 0 else if odd(n) then n + 1 else n - 1",
            "if n % 4 = 3 then n + 1 else if n % 4 = 0 and n > 0 then n - 1 else n",
            "if n % 7 in {0, 2} then 0 else if n in 10..20 then 3 else 1",
            "min(n, 10) + max(n, 3)",
            "if not (n < 5 or even(n)) then n * 3 else 7",
            "mex({k xor 1 : k in 0..n})",
            "mex({0, 1, 2} union {k + 4 : k in 0..n})",
            "mex({k : k in 0..n-1, k % 3 != 1})",
            "mex({k : k in 0..n-1} union {n + 1})",
            "if all k in 1..n: k % 7 != 0 then 1 else 2",
            "if any k in 0..n: 3 * k = n then n / 3 else n",
            "if {k : k in 0..n, even(k)} = {2 * k : k in 0..n / 2} then 1 else 0",
            "if {k xor 1 : k in 0..n} = 0..n then 1 else 0",
            "if {k xor 1 : k in 0..n} != 0..n then n else 0",
        ] {
            let e = parse(src).unwrap();
            let mut low = Lower::new();
            let f = low
                .with("n", Term::Var("n".into()), |l| {
                    l.value(&e, Term::Var("y".into()))
                })
                .unwrap();
            let order = ["n".to_string(), "y".to_string()];
            let c =
                decide::compile_with_order(&f, &order, decide::Limits::default(), &never).unwrap();
            let mut eval = Evaluator::new(Rules::Nim);
            for n in 0..64u64 {
                eval.bind("n", Value::Int(i128::from(n)));
                let want = match eval.eval(&e).unwrap() {
                    Value::Int(v) => u128::try_from(v).ok(),
                    other => panic!("{src}: {other:?}"),
                };
                for y in 0..256u128 {
                    assert_eq!(
                        c.accepts(&[u128::from(n), y]),
                        want == Some(y),
                        "{src} at n = {n}, y = {y}"
                    );
                }
            }
        }
    }

    #[test]
    fn outside_the_fragment_is_named() {
        let outside = |src: &str| {
            let e = parse(src).unwrap();
            Lower::new()
                .with("n", Term::Var("n".into()), |l| {
                    l.value(&e, Term::Var("y".into()))
                })
                .unwrap_err()
        };
        assert!(matches!(outside("n * n"), Outside::Product { .. }));
        assert!(matches!(outside("7 / n"), Outside::Divisor { .. }));
        assert!(matches!(outside("pow(2, n)"), Outside::Function { .. }));
        assert!(matches!(outside("k + 1"), Outside::Variable { .. }));
        assert!(matches!(
            outside("if n - 1 > 2 then 1 else 0"),
            Outside::SubtractionInCondition { .. }
        ));
    }
}
