//! The evaluator: walks an [`Expr`] with variable bindings and a step budget. Grundy values come
//! from the engine. Take-any rulesets (nim, zero-move, misère) are valued by mex over explicit
//! options for sizes up to [`MEX_LIMIT`], so claims about their closed forms are checked against
//! values the closed forms did not produce, and by the closed forms only beyond that. Every other
//! ruleset is valued by the same solver `grundy N` uses (values by mex, a proven period beyond
//! them), kept between evaluations. Engine work is charged to the step budget at what it costs,
//! and a computation the budget cannot pay for is stopped and refused.

use std::collections::BTreeSet;
use std::ops::Range;

use super::arith::{self, Refusal};
use super::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use super::error::{ErrorKind, ExprError, FUNCTIONS};
use super::parser::MAX_DEPTH;
use super::stack::with_room;
use super::value::{Int, Value};
use crate::engine::budget::Budget;
use crate::engine::error::Beyond;
use crate::engine::grundy::{GrundyTable, Solver};
use crate::engine::nim_product::nim_product;
use crate::engine::position::verdict;
use crate::engine::search::{Memo, Search};
use crate::engine::{EngineError, Pile, Rules};

/// Steps one evaluation may take unless told otherwise: about a second of work.
pub const DEFAULT_BUDGET: u64 = 20_000_000;

/// Budget steps charged per move a game-tree search examines.
const SEARCH_STEP_COST: u64 = 20;

/// Take-any sizes up to this are valued by a table computed by mex; larger ones by the closed
/// forms.
pub const MEX_LIMIT: u64 = 1_000_000;

/// Options a mex computation may examine per expression step: a step is about 50 ns and an
/// option 3 to 9 ns, so the default budget pays for what one `grundy N` lookup may do
/// ([`crate::engine::grundy::LOOKUP_WORK`]).
const OPTIONS_PER_STEP: u64 = 15;
const _: () = assert!(DEFAULT_BUDGET * OPTIONS_PER_STEP >= crate::engine::grundy::LOOKUP_WORK);

/// Evaluates expressions against variable bindings and a default ruleset. Grundy tables it
/// computes are kept between evaluations, so checking a claim for n = 0..10 000 stays linear.
#[derive(Debug)]
pub struct Evaluator {
    rules: Rules,
    vars: Vec<(String, Value)>,
    budget: u64,
    steps: u64,
    /// Calls of [`Evaluator::value`] open now.
    depth: usize,
    tables: Vec<(Rules, GrundyTable)>,
    /// Solvers for the rulesets valued by the solver, with what they computed so far.
    solvers: Vec<Solver>,
    /// What game-tree searches solved, by ruleset and ending rule (misère or not).
    searched: Vec<(Rules, bool, Memo)>,
}

type Result<T> = std::result::Result<T, ExprError>;

impl Evaluator {
    /// An evaluator whose `g(STATE)` without a ruleset means `g(rules, STATE)`.
    pub fn new(rules: Rules) -> Self {
        Self {
            rules,
            vars: Vec::new(),
            budget: DEFAULT_BUDGET,
            steps: 0,
            depth: 0,
            tables: Vec::new(),
            solvers: Vec::new(),
            searched: Vec::new(),
        }
    }

    /// Sets the most steps one evaluation may take.
    pub fn with_budget(mut self, steps: u64) -> Self {
        self.budget = steps;
        self
    }

    /// Values lookups with `solver` (the session's) and what it has computed, so `= g(…)` and
    /// `grundy N` share one solver.
    pub fn with_solver(mut self, solver: Solver) -> Self {
        self.solvers.retain(|s| s.rules() != solver.rules());
        self.solvers.push(solver);
        self
    }

    /// The solvers as the evaluations left them: those given and those made.
    pub fn solvers(&self) -> impl Iterator<Item = &Solver> {
        self.solvers.iter()
    }

    /// The default ruleset.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Binds (or rebinds) a variable for the following evaluations.
    pub fn bind(&mut self, name: &str, value: Value) {
        self.vars.retain(|(n, _)| n != name);
        self.vars.push((name.to_string(), value));
    }

    /// Removes a binding.
    pub fn unbind(&mut self, name: &str) {
        self.vars.retain(|(n, _)| n != name);
    }

    /// Evaluates `expr` within a fresh budget.
    pub fn eval(&mut self, expr: &Expr) -> Result<Value> {
        self.steps = 0;
        self.value(expr)
    }

    /// The elements of a set or range value, in order, within the budget.
    pub fn elements(&mut self, domain: &Value, span: &Range<usize>) -> Result<Vec<Int>> {
        self.steps = 0;
        self.iterate(domain, span)
    }

    fn tick(&mut self, cost: u64, span: &Range<usize>) -> Result<()> {
        self.steps = self.steps.saturating_add(cost);
        if self.steps > self.budget {
            return Err(ExprError::new(
                ErrorKind::Budget { limit: self.budget },
                span.clone(),
            ));
        }
        Ok(())
    }

    /// The value of `expr`, one level deeper. Every recursion of the evaluator passes through
    /// here, so this is where depth is counted: a tree from the parser is never deeper than
    /// [`MAX_DEPTH`], and one built by hand is refused rather than allowed to exhaust the stack.
    fn value(&mut self, expr: &Expr) -> Result<Value> {
        if self.depth > MAX_DEPTH {
            return Err(ExprError::new(
                ErrorKind::TooDeep {
                    limit: MAX_DEPTH,
                    at: None,
                },
                expr.span.clone(),
            ));
        }
        self.depth += 1;
        let value = with_room(self.depth, || self.node(expr));
        self.depth -= 1;
        value
    }

    /// One node's value. Each arm with locals of its own is a method, so that this frame, which
    /// recursion repeats, stays small.
    fn node(&mut self, expr: &Expr) -> Result<Value> {
        self.tick(1, &expr.span)?;
        let span = &expr.span;
        match &expr.kind {
            ExprKind::Int(v) => Ok(Value::Int(*v)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Player(p) => Ok(Value::Player(*p)),
            ExprKind::Var(name) => self.variable(name, span),
            ExprKind::State { size, pass } => Ok(Value::State {
                size: self.int(size)?,
                pass: Some(*pass),
            }),
            ExprKind::Unary { op, operand } => self.unary(*op, operand, span),
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, span),
            ExprKind::Chain { first, rest } => self.chain(first, rest),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let branch = if self.boolean(cond)? { then } else { otherwise };
                self.value(branch)
            }
            ExprKind::Quantifier {
                all,
                var,
                domain,
                body,
            } => self.quantifier(*all, var, domain, body, span),
            ExprKind::Set(elements) => self.set_literal(elements),
            ExprKind::SetBuilder {
                element,
                var,
                domain,
            } => self.set_builder(element, var, domain, span),
            ExprKind::Call {
                name,
                name_span,
                rules,
                args,
            } => self.call(name, name_span, rules.as_ref(), args, span),
        }
    }

    fn variable(&self, name: &str, span: &Range<usize>) -> Result<Value> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| {
                ExprError::new(
                    ErrorKind::UnknownVariable {
                        name: name.to_string(),
                    },
                    span.clone(),
                )
            })
    }

    fn unary(&mut self, op: UnaryOp, operand: &Expr, span: &Range<usize>) -> Result<Value> {
        match op {
            UnaryOp::Not => Ok(Value::Bool(!self.boolean(operand)?)),
            UnaryOp::Neg => {
                let v = self.int(operand)?;
                v.checked_neg()
                    .map(Value::Int)
                    .ok_or_else(|| overflow(format!("-({v})"), span))
            }
        }
    }

    /// `all`/`any`: stops at the first element that decides.
    fn quantifier(
        &mut self,
        all: bool,
        var: &str,
        domain: &Expr,
        body: &Expr,
        span: &Range<usize>,
    ) -> Result<Value> {
        let domain_value = self.value(domain)?;
        let (lo, hi) = self.bounds(&domain_value, &domain.span)?;
        let items = self.lazy(&domain_value, lo, hi);
        for x in items {
            self.tick(1, span)?;
            self.vars.push((var.to_string(), Value::Int(x)));
            let holds = self.boolean(body);
            self.vars.pop();
            if holds? != all {
                return Ok(Value::Bool(!all));
            }
        }
        Ok(Value::Bool(all))
    }

    fn set_literal(&mut self, elements: &[Expr]) -> Result<Value> {
        let mut set = BTreeSet::new();
        for e in elements {
            // A run `A..B` among the elements, as sets are printed: `{0..4, 6}`.
            match self.value(e)? {
                range @ Value::Range(..) => set.extend(self.iterate(&range, &e.span)?),
                Value::Int(v) => {
                    set.insert(v);
                }
                other => return Err(type_error("a number", &other, &e.span)),
            }
        }
        Ok(Value::Set(set))
    }

    fn set_builder(
        &mut self,
        element: &Expr,
        var: &str,
        domain: &Expr,
        span: &Range<usize>,
    ) -> Result<Value> {
        let domain_value = self.value(domain)?;
        let (lo, hi) = self.bounds(&domain_value, &domain.span)?;
        let items = self.lazy(&domain_value, lo, hi);
        let mut set = BTreeSet::new();
        for x in items {
            self.tick(1, span)?;
            self.vars.push((var.to_string(), Value::Int(x)));
            let v = self.int(element);
            self.vars.pop();
            set.insert(v?);
        }
        Ok(Value::Set(set))
    }

    fn int(&mut self, expr: &Expr) -> Result<Int> {
        match self.value(expr)? {
            Value::Int(v) => Ok(v),
            other => Err(type_error("a number", &other, &expr.span)),
        }
    }

    fn boolean(&mut self, expr: &Expr) -> Result<bool> {
        let v = self.value(expr)?;
        truth(&v, &expr.span)
    }

    /// A range's ends, or a set's first and last element, checking the value is a domain.
    fn bounds(&self, domain: &Value, span: &Range<usize>) -> Result<(Int, Int)> {
        match domain {
            Value::Range(a, b) => Ok((*a, *b)),
            Value::Set(s) => Ok((
                s.first().copied().unwrap_or(0),
                s.last().copied().unwrap_or(-1),
            )),
            other => Err(type_error("a range like `0..100` or a set", other, span)),
        }
    }

    /// The elements of a domain one at a time, without building a range in memory.
    fn lazy(&self, domain: &Value, lo: Int, hi: Int) -> Box<dyn Iterator<Item = Int>> {
        match domain {
            Value::Set(s) => Box::new(s.clone().into_iter()),
            _ => Box::new(lo..=hi),
        }
    }

    fn iterate(&mut self, domain: &Value, span: &Range<usize>) -> Result<Vec<Int>> {
        let (lo, hi) = self.bounds(domain, span)?;
        let mut out = Vec::new();
        for x in self.lazy(domain, lo, hi) {
            self.tick(1, span)?;
            out.push(x);
        }
        Ok(out)
    }

    fn set_of(&mut self, value: Value, span: &Range<usize>) -> Result<BTreeSet<Int>> {
        match value {
            Value::Set(s) => Ok(s),
            Value::Range(..) => Ok(self.iterate(&value, span)?.into_iter().collect()),
            other => Err(type_error("a set", &other, span)),
        }
    }

    /// A comparison, `in` or a range: both sides, then the operator.
    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expr,
        rhs: &Expr,
        span: &Range<usize>,
    ) -> Result<Value> {
        let a = self.value(lhs)?;
        if let Some(decided) = self.short_circuit(op, &a, &lhs.span)? {
            return Ok(decided);
        }
        let b = self.value(rhs)?;
        self.combine(op, a, b, &lhs.span, &rhs.span, span)
    }

    /// A run of operators of one level, in a loop rather than by recursion, so a sum of any
    /// length takes one frame. `and` and `or` skip operands once the answer is known.
    fn chain(&mut self, first: &Expr, rest: &[(BinaryOp, Expr)]) -> Result<Value> {
        if rest.first().is_some_and(|(op, _)| *op == BinaryOp::Implies) {
            return self.implications(first, rest);
        }
        let mut acc = self.value(first)?;
        let mut acc_span = first.span.clone();
        for (op, operand) in rest {
            let span = acc_span.start..operand.span.end;
            acc = match self.short_circuit(*op, &acc, &acc_span)? {
                Some(decided) => decided,
                None => {
                    let b = self.value(operand)?;
                    self.combine(*op, acc, b, &acc_span, &operand.span, &span)?
                }
            };
            acc_span = span;
        }
        Ok(acc)
    }

    /// `a₁ implies a₂ implies … implies aₙ`, grouped to the right: true as soon as a premise is
    /// false, otherwise the last operand.
    fn implications(&mut self, first: &Expr, rest: &[(BinaryOp, Expr)]) -> Result<Value> {
        let mut premise = first;
        for (_, next) in rest {
            if !self.boolean(premise)? {
                return Ok(Value::Bool(true));
            }
            premise = next;
        }
        Ok(Value::Bool(self.boolean(premise)?))
    }

    /// The value of `a op …` when `a` alone decides it: `false and …`, `true or …`,
    /// `false implies …`.
    fn short_circuit(&self, op: BinaryOp, a: &Value, span: &Range<usize>) -> Result<Option<Value>> {
        let decider = match op {
            BinaryOp::And => false,
            BinaryOp::Or => true,
            BinaryOp::Implies => false,
            _ => return Ok(None),
        };
        let a = truth(a, span)?;
        Ok((a == decider).then_some(Value::Bool(op != BinaryOp::And)))
    }

    /// `a op b` for values already computed; `lhs` and `rhs` are where they were written.
    fn combine(
        &mut self,
        op: BinaryOp,
        a: Value,
        b: Value,
        lhs: &Range<usize>,
        rhs: &Range<usize>,
        span: &Range<usize>,
    ) -> Result<Value> {
        use BinaryOp::*;
        let ints = |a: &Value, b: &Value| -> Result<(Int, Int)> {
            match (a, b) {
                (Value::Int(x), Value::Int(y)) => Ok((*x, *y)),
                (Value::Int(_), other) => Err(type_error("a number", other, rhs)),
                (other, _) => Err(type_error("a number", other, lhs)),
            }
        };
        let checked = |r: Option<Int>, x: Int, y: Int| {
            r.map(Value::Int)
                .ok_or_else(|| overflow(format!("{x} {} {y}", op.symbol()), span))
        };
        match op {
            Add => {
                let (x, y) = ints(&a, &b)?;
                checked(x.checked_add(y), x, y)
            }
            Sub => {
                let (x, y) = ints(&a, &b)?;
                checked(x.checked_sub(y), x, y)
            }
            Mul => {
                let (x, y) = ints(&a, &b)?;
                checked(x.checked_mul(y), x, y)
            }
            Div | Rem => {
                let (x, y) = ints(&a, &b)?;
                let r = if op == Div {
                    arith::div_floor(x, y)
                } else {
                    arith::rem_floor(x, y)
                };
                r.map(Value::Int).map_err(|refusal| match refusal {
                    Refusal::DivisionByZero => {
                        ExprError::new(ErrorKind::DivisionByZero, rhs.clone())
                    }
                    Refusal::Overflow | Refusal::Fraction => {
                        overflow(format!("{x} {} {y}", op.symbol()), span)
                    }
                })
            }
            Xor => {
                let (x, y) = ints(&a, &b)?;
                for (v, at) in [(x, lhs), (y, rhs)] {
                    if v < 0 {
                        return Err(ExprError::new(
                            ErrorKind::Type {
                                expected: "a whole number ≥ 0 (xor works on binary digits)".into(),
                                found: v.to_string(),
                            },
                            at.clone(),
                        ));
                    }
                }
                Ok(Value::Int(x ^ y))
            }
            NimMul => {
                let (x, y) = ints(&a, &b)?;
                let nimber = |v: Int, at: &std::ops::Range<usize>| {
                    u64::try_from(v).map_err(|_| {
                        ExprError::new(
                            ErrorKind::Type {
                                expected: "a whole number from 0 to 18446744073709551615 (nim multiplication works on 64-bit nimbers)".into(),
                                found: v.to_string(),
                            },
                            at.clone(),
                        )
                    })
                };
                let product = nim_product(nimber(x, lhs)?, nimber(y, rhs)?);
                Ok(Value::Int(Int::from(product)))
            }
            Lt | Le | Gt | Ge => {
                let (x, y) = ints(&a, &b)?;
                Ok(Value::Bool(match op {
                    Lt => x < y,
                    Le => x <= y,
                    Gt => x > y,
                    _ => x >= y,
                }))
            }
            Eq | Ne => {
                let equal = self.equal(a, b, lhs, rhs)?;
                Ok(Value::Bool(equal == (op == Eq)))
            }
            In => {
                let Value::Int(x) = a else {
                    return Err(type_error("a number", &a, lhs));
                };
                match b {
                    Value::Set(s) => Ok(Value::Bool(s.contains(&x))),
                    Value::Range(lo, hi) => Ok(Value::Bool(lo <= x && x <= hi)),
                    other => Err(type_error("a set or a range", &other, rhs)),
                }
            }
            Union => {
                let mut s = self.set_of(a, lhs)?;
                let t = self.set_of(b, rhs)?;
                self.tick(t.len() as u64, span)?;
                s.extend(t);
                Ok(Value::Set(s))
            }
            Range => {
                let (x, y) = ints(&a, &b)?;
                Ok(Value::Range(x, y))
            }
            And | Or | Implies => {
                let (x, y) = (truth(&a, lhs)?, truth(&b, rhs)?);
                Ok(Value::Bool(match op {
                    And => x && y,
                    Or => x || y,
                    _ => !x || y,
                }))
            }
        }
    }

    fn equal(
        &mut self,
        a: Value,
        b: Value,
        lhs: &Range<usize>,
        rhs: &Range<usize>,
    ) -> Result<bool> {
        let set_like = |v: &Value| matches!(v, Value::Set(_) | Value::Range(..));
        if set_like(&a) && set_like(&b) {
            let s = self.set_of(a, lhs)?;
            let t = self.set_of(b, rhs)?;
            return Ok(s == t);
        }
        if std::mem::discriminant(&a) != std::mem::discriminant(&b) {
            return Err(type_error(
                &format!("{} to compare with the left side", a.kind()),
                &b,
                rhs,
            ));
        }
        Ok(a == b)
    }

    fn call(
        &mut self,
        name: &str,
        name_span: &Range<usize>,
        rules: Option<&Rules>,
        args: &[Expr],
        span: &Range<usize>,
    ) -> Result<Value> {
        let arity = |expected: &str| {
            Err(ExprError::new(
                ErrorKind::Arity {
                    name: name.to_string(),
                    expected: expected.to_string(),
                    found: args.len(),
                },
                span.clone(),
            ))
        };
        let rules = rules.cloned().unwrap_or_else(|| self.rules.clone());
        match name {
            "odd" | "even" => {
                let [n] = args else {
                    return arity("one number");
                };
                let v = self.int(n)?;
                Ok(Value::Bool((v.rem_euclid(2) == 1) == (name == "odd")))
            }
            "abs" => {
                let [n] = args else {
                    return arity("one number");
                };
                let v = self.int(n)?;
                v.checked_abs()
                    .map(Value::Int)
                    .ok_or_else(|| overflow(format!("abs({v})"), span))
            }
            "pow" => {
                let [base, exp] = args else {
                    return arity("two numbers: pow(base, exponent)");
                };
                let b = self.int(base)?;
                let e = self.int(exp)?;
                let what = || format!("pow({b}, {e})");
                arith::pow(b, e)
                    .map(Value::Int)
                    .map_err(|refusal| match refusal {
                        // 0 to a negative power is 1 / 0.
                        Refusal::DivisionByZero => {
                            ExprError::new(ErrorKind::DivisionByZero, base.span.clone())
                        }
                        Refusal::Overflow => overflow(what(), span),
                        Refusal::Fraction => {
                            ExprError::new(ErrorKind::NotWhole { what: what() }, span.clone())
                        }
                    })
            }
            "size" => {
                let [s] = args else { return arity("one set") };
                let v = self.value(s)?;
                if !matches!(v, Value::Set(_) | Value::Range(..)) {
                    return Err(type_error("a set or a range", &v, &s.span));
                }
                v.element_count()
                    .and_then(|n| Int::try_from(n).ok())
                    .map(Value::Int)
                    .ok_or_else(|| overflow(format!("size({v})"), span))
            }
            "mex" | "min" | "max" => {
                let values = self.numbers(args, span)?;
                match name {
                    "mex" => Ok(Value::Int(mex_of(&values))),
                    _ => {
                        let pick = if name == "min" {
                            values.first()
                        } else {
                            values.last()
                        };
                        pick.copied().map(Value::Int).ok_or_else(|| {
                            ExprError::new(
                                ErrorKind::Type {
                                    expected: "at least one number".into(),
                                    found: "an empty set".into(),
                                },
                                span.clone(),
                            )
                        })
                    }
                }
            }
            "nimsum" => {
                let mut sum: Int = 0;
                for a in args {
                    let v = self.int(a)?;
                    if v < 0 {
                        return Err(type_error(
                            "a value ≥ 0 (nim-sums XOR Grundy values; for piles write nimsum(g(3T), g(4T)))",
                            &Value::Int(v),
                            &a.span,
                        ));
                    }
                    sum ^= v;
                }
                Ok(Value::Int(sum))
            }
            "g" | "mexset" | "lost" => {
                if args.is_empty() {
                    return arity(
                        "one or more states, optionally after a ruleset: g(zero-move, 7T)",
                    );
                }
                let mut piles = Vec::with_capacity(args.len());
                for a in args {
                    piles.push(self.pile(&rules, a)?);
                }
                match (name, piles.as_slice()) {
                    ("g", [pile]) => self.grundy(&rules, *pile, span),
                    ("mexset", [pile]) => self.mex_set(&rules, *pile, span),
                    _ => self.search(name, &rules, &piles, span),
                }
            }
            "winner" => {
                let mut piles = Vec::with_capacity(args.len());
                for a in args {
                    piles.push(self.pile(&rules, a)?);
                }
                self.tick(args.len() as u64, span)?;
                let solver = self.solver(&rules, &piles, span)?;
                let v = verdict(solver, &piles).map_err(|e| engine(e, span))?;
                Ok(Value::Player(v.winner))
            }
            _ => Err(ExprError::new(
                ErrorKind::UnknownFunction {
                    name: name.to_string(),
                    suggestion: suggest(name),
                },
                name_span.clone(),
            )),
        }
    }

    /// The numbers of a call's arguments: one set or range, or several numbers; sorted.
    fn numbers(&mut self, args: &[Expr], span: &Range<usize>) -> Result<Vec<Int>> {
        if let [single] = args {
            let v = self.value(single)?;
            if matches!(v, Value::Set(_) | Value::Range(..)) {
                return Ok(self.set_of(v, &single.span)?.into_iter().collect());
            }
            if let Value::Int(x) = v {
                return Ok(vec![x]);
            }
            return Err(type_error("a set or numbers", &v, &single.span));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.int(a)?);
        }
        self.tick(args.len() as u64, span)?;
        values.sort_unstable();
        values.dedup();
        Ok(values)
    }

    /// A state of `rules` from a number (`7`, the ruleset's starting state) or a state (`7F`).
    fn pile(&mut self, rules: &Rules, expr: &Expr) -> Result<Pile> {
        let (size, pass) = match self.value(expr)? {
            Value::Int(n) => (n, None),
            Value::State { size, pass } => (size, pass),
            other => {
                return Err(type_error(
                    "a pile state like `7T` or a size like `7`",
                    &other,
                    &expr.span,
                ));
            }
        };
        let size = u64::try_from(size).map_err(|_| {
            ExprError::new(
                ErrorKind::Type {
                    expected: "a pile size from 0 to 18446744073709551615".into(),
                    found: size.to_string(),
                },
                expr.span.clone(),
            )
        })?;
        match (pass, rules.has_pass()) {
            (None, _) => Ok(rules.pile(size)),
            (Some(p), true) => Ok(Pile::zero_move(size, p)),
            (Some(p), false) => Err(ExprError::new(
                ErrorKind::Type {
                    expected: format!("a plain size: {rules} piles have no pass, so no T or F"),
                    found: Value::State {
                        size: Int::from(size),
                        pass: Some(p),
                    }
                    .to_string(),
                },
                expr.span.clone(),
            )),
        }
    }

    /// The table for take-any `rules` reaching at least `size` (at most [`MEX_LIMIT`]).
    fn table(&mut self, rules: &Rules, size: u64, span: &Range<usize>) -> Result<&GrundyTable> {
        let index = self.tables.iter().position(|(r, _)| r == rules);
        let current = index.map(|i| self.tables[i].1.upto());
        if current.is_none_or(|upto| upto < size) {
            let target = size
                .max(current.unwrap_or(0).saturating_mul(2))
                .clamp(1023, MEX_LIMIT);
            // Incremental mex: a step per size covers its options.
            self.tick(target, span)?;
            let table = GrundyTable::compute(rules, target).map_err(|e| engine(e, span))?;
            match index {
                Some(i) => self.tables[i].1 = table,
                None => self.tables.push((rules.clone(), table)),
            }
        }
        let i = self
            .tables
            .iter()
            .position(|(r, _)| r == rules)
            .unwrap_or(0);
        Ok(&self.tables[i].1)
    }

    /// The solver for `rules`, having valued `piles` with what is left of the budget (charged
    /// with the work it did); refuses if that does not reach them.
    fn solver(&mut self, rules: &Rules, piles: &[Pile], span: &Range<usize>) -> Result<&Solver> {
        let i = match self.solvers.iter().position(|s| s.rules() == rules) {
            Some(i) => i,
            None => {
                let solver =
                    Solver::new_within(rules, &mut Budget::new(0)).map_err(|e| engine(e, span))?;
                self.solvers.push(solver);
                self.solvers.len() - 1
            }
        };
        // Valued already (always, for closed forms and proven periods): nothing to compute.
        if piles.iter().all(|&p| self.solvers[i].value(p).is_ok()) {
            return Ok(&self.solvers[i]);
        }
        let Some(&largest) = piles.iter().max_by_key(|p| p.size) else {
            return Ok(&self.solvers[i]);
        };
        let left = self.budget.saturating_sub(self.steps);
        let mut budget = Budget::new(left.saturating_mul(OPTIONS_PER_STEP));
        let reached = self.solvers[i].reach_within(largest, &rules.name_of(largest), &mut budget);
        let spent = budget.spent().div_ceil(OPTIONS_PER_STEP);
        match reached {
            Ok(()) => {
                self.tick(spent, span)?;
                Ok(&self.solvers[i])
            }
            Err(EngineError::BeyondComputed(beyond)) if beyond.work_limit.is_some() => {
                let Beyond {
                    token,
                    rules,
                    computed,
                    extend_to,
                    ..
                } = *beyond;
                Err(engine(
                    crate::engine::TooMuchWork::ExpressionBudget {
                        token,
                        rules,
                        steps: self.budget,
                        reached: computed,
                        extend_to,
                    }
                    .into(),
                    span,
                ))
            }
            Err(e) => Err(engine(e, span)),
        }
    }

    fn grundy(&mut self, rules: &Rules, pile: Pile, span: &Range<usize>) -> Result<Value> {
        let known = if rules.is_take_any() && pile.size <= MEX_LIMIT {
            self.table(rules, pile.size, span)?.value(pile)
        } else {
            let solver = self.solver(rules, &[pile], span)?;
            Some(solver.value(pile).map_err(|e| engine(e, span))?.grundy())
        };
        known
            .and_then(|g| Int::try_from(g).ok())
            .map(Value::Int)
            .ok_or_else(|| overflow(format!("g({pile})"), span))
    }

    /// A whole position by game-tree search, no Sprague–Grundy: its value by mex over the
    /// position's own options (`g`), those options' values (`mexset`), or whether the player
    /// to move loses (`lost`, misère for `misere`).
    fn search(
        &mut self,
        name: &str,
        rules: &Rules,
        piles: &[Pile],
        span: &Range<usize>,
    ) -> Result<Value> {
        // A move examined by the search costs far more than an expression step.
        let left = self.budget.saturating_sub(self.steps) / SEARCH_STEP_COST;
        let misere = rules.is_misere() && name == "lost";
        let index = self
            .searched
            .iter()
            .position(|(r, m, _)| r == rules && *m == misere);
        let memo = index.map_or_else(Memo::default, |i| std::mem::take(&mut self.searched[i].2));
        let mut search = Search::resume(rules, misere, left, memo);
        let result = match name {
            "g" => search
                .value(piles)
                .map(|g| Value::Int(Int::try_from(g).unwrap_or(Int::MAX))),
            "mexset" => search.option_values(piles).map(|set| {
                Value::Set(
                    set.into_iter()
                        .filter_map(|g| Int::try_from(g).ok())
                        .collect(),
                )
            }),
            _ => search.first_wins(piles).map(|wins| Value::Bool(!wins)),
        };
        let work = search.work().saturating_mul(SEARCH_STEP_COST);
        // Keep what was solved, even by a search cut short: every entry is exact.
        let memo = search.into_memo();
        match index {
            Some(i) => self.searched[i].2 = memo,
            None => self.searched.push((rules.clone(), misere, memo)),
        }
        match result {
            Ok(v) => {
                self.tick(work, span)?;
                Ok(v)
            }
            Err(_) => Err(ExprError::new(
                ErrorKind::Budget { limit: self.budget },
                span.clone(),
            )),
        }
    }

    fn mex_set(&mut self, rules: &Rules, pile: Pile, span: &Range<usize>) -> Result<Value> {
        if pile.size > MEX_LIMIT {
            return Err(engine(
                crate::engine::TooMuchWork::Mexset {
                    pile,
                    max: MEX_LIMIT,
                }
                .into(),
                span,
            ));
        }
        self.tick(pile.size, span)?;
        let reachable = if rules.is_take_any() {
            let row = self.table(rules, pile.size, span)?.row(pile);
            // The table reaches the pile, so the row is there.
            row.map(|r| r.reachable()).ok_or_else(|| {
                engine(
                    EngineError::BadPile {
                        token: pile.to_string(),
                        expected: rules.pile_syntax().to_string(),
                    },
                    span,
                )
            })?
        } else {
            let solver = self.solver(rules, &[pile], span)?;
            solver.row(pile).map_err(|e| engine(e, span))?.reachable()
        };
        let set = reachable
            .into_iter()
            .filter_map(|g| Int::try_from(g).ok())
            .collect();
        Ok(Value::Set(set))
    }
}

/// The least natural number not among sorted `values`.
fn mex_of(values: &[Int]) -> Int {
    let mut m = 0;
    for &v in values {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// A truth value, or the error for `value` written at `span` where one was needed.
fn truth(value: &Value, span: &Range<usize>) -> Result<bool> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => Err(type_error(
            "true or false (a comparison, `odd(n)`, …)",
            other,
            span,
        )),
    }
}

fn type_error(expected: &str, found: &Value, span: &Range<usize>) -> ExprError {
    let found = match found {
        Value::Set(_) | Value::Range(..) => format!("{} `{found}`", found.kind()),
        _ => format!("`{found}` ({})", found.kind()),
    };
    ExprError::new(
        ErrorKind::Type {
            expected: expected.to_string(),
            found,
        },
        span.clone(),
    )
}

fn overflow(what: String, span: &Range<usize>) -> ExprError {
    ExprError::new(ErrorKind::Overflow { what }, span.clone())
}

fn engine(e: EngineError, span: &Range<usize>) -> ExprError {
    ExprError::new(ErrorKind::Engine(e), span.clone())
}

/// The known function closest to a misspelt one, if any is close.
fn suggest(name: &str) -> Option<String> {
    FUNCTIONS
        .iter()
        .map(|f| (distance(name, f), f))
        .filter(|(d, f)| *d <= (f.len() / 3).max(1))
        .min()
        .map(|(_, f)| f.to_string())
}

/// Levenshtein distance, for suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
