//! The evaluator: walks an [`Expr`] with variable bindings and a step budget. Grundy values come
//! from the engine. Take-any rulesets (nim, zero-move, misère) are valued by mex over explicit
//! options for sizes up to [`MEX_LIMIT`], so claims about their closed forms are checked against
//! values the closed forms did not produce, and by the closed forms only beyond that. Every other
//! ruleset is valued by the same solver `grundy N` uses (values by mex, a proven period beyond
//! them), kept between evaluations. Engine work is charged to the step budget at what it costs,
//! and a computation the budget cannot pay for is stopped and refused.

mod games;
mod library;
mod operators;

use std::collections::BTreeSet;
use std::ops::Range;

use super::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use super::error::{ErrorKind, ExprError, FUNCTIONS, Got, Needed, TooLarge};
use super::parser::MAX_DEPTH;
use super::stack::with_room;
use super::value::{Int, Value};
use crate::engine::Memo;
use crate::engine::{EngineError, Pile, Rules};
use crate::engine::{GrundyTable, Solver};

/// Steps one evaluation may take unless told otherwise: about a second of work.
pub const DEFAULT_BUDGET: u64 = 20_000_000;

/// Budget steps charged per move a game-tree search examines.
const SEARCH_STEP_COST: u64 = 20;

/// Take-any sizes up to this are valued by a table computed by mex; larger ones by the closed
/// forms.
pub const MEX_LIMIT: u64 = 1_000_000;

/// Options a mex computation may examine per expression step: a step is about 50 ns and an
/// option 3 to 9 ns, so the default budget pays for what one `grundy N` lookup may do
/// ([`crate::engine::LOOKUP_WORK`]).
pub(super) const OPTIONS_PER_STEP: u64 = 15;
const _: () = assert!(DEFAULT_BUDGET * OPTIONS_PER_STEP >= crate::engine::LOOKUP_WORK);

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
    /// The values the last evaluation read off a proven period, by ruleset.
    periodic: Vec<PeriodicReads>,
}

/// States of one ruleset whose values an evaluation read off its proven period (not computed
/// by mex): what a value printed must say about how it is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodicReads {
    pub rules: Rules,
    /// g(n + period) = g(n) for every n ≥ preperiod, proven on values computed by mex.
    pub preperiod: u64,
    pub period: u64,
    /// The first [`PeriodicReads::SHOWN`] distinct states read, in the order read.
    pub states: Vec<Pile>,
    /// Whether more distinct states were read than `states` holds.
    pub more: bool,
}

impl PeriodicReads {
    /// The most states kept by name (a loop may read millions).
    pub const SHOWN: usize = 3;
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
            periodic: Vec::new(),
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

    /// Sets a variable's value in place if it is bound (no allocation: what a loop over a
    /// domain calls for each element), else binds it.
    pub fn set(&mut self, name: &str, value: Value) {
        match self.vars.iter_mut().rev().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.vars.push((name.to_string(), value)),
        }
    }

    /// Removes a binding.
    pub fn unbind(&mut self, name: &str) {
        self.vars.retain(|(n, _)| n != name);
    }

    /// Evaluates `expr` within a fresh budget.
    pub fn eval(&mut self, expr: &Expr) -> Result<Value> {
        self.steps = 0;
        self.periodic.clear();
        self.value(expr)
    }

    /// The values the last evaluation read off a proven period, by ruleset.
    pub fn periodic(&self) -> &[PeriodicReads] {
        &self.periodic
    }

    /// The steps the last evaluation took.
    pub fn steps(&self) -> u64 {
        self.steps
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
            // By the colon and fusion principles (`--rules hackenbush`): at most a few thousand.
            ExprKind::Picture(picture) => i128::try_from(picture.value())
                .map(Value::Int)
                .map_err(|_| overflow(TooLarge::HackenbushValue, span)),
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
                filter,
            } => self.set_builder(element, var, domain, filter.as_deref(), span),
            ExprKind::Tuple(_) => Err(ExprError::new(
                ErrorKind::Type {
                    needed: Needed::NotTuple,
                    got: Got::Tuple,
                },
                span.clone(),
            )),
            ExprKind::Heaps(_) => Err(ExprError::new(
                ErrorKind::Type {
                    needed: Needed::NotHeaps,
                    got: Got::Heaps,
                },
                span.clone(),
            )),
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
                    .ok_or_else(|| overflow(TooLarge::Computed(format!("-({v})")), span))
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
                other => return Err(type_error(Needed::Number, other, &e.span)),
            }
        }
        Ok(Value::Set(set))
    }

    fn set_builder(
        &mut self,
        element: &Expr,
        var: &str,
        domain: &Expr,
        filter: Option<&Expr>,
        span: &Range<usize>,
    ) -> Result<Value> {
        let domain_value = self.value(domain)?;
        let (lo, hi) = self.bounds(&domain_value, &domain.span)?;
        let items = self.lazy(&domain_value, lo, hi);
        let mut set = BTreeSet::new();
        for x in items {
            self.tick(1, span)?;
            self.vars.push((var.to_string(), Value::Int(x)));
            let kept = filter.map_or(Ok(true), |f| self.boolean(f));
            let v = match kept {
                Ok(true) => self.int(element).map(Some),
                Ok(false) => Ok(None),
                Err(e) => Err(e),
            };
            self.vars.pop();
            set.extend(v?);
        }
        Ok(Value::Set(set))
    }

    fn int(&mut self, expr: &Expr) -> Result<Int> {
        match self.value(expr)? {
            Value::Int(v) => Ok(v),
            other => Err(type_error(Needed::Number, other, &expr.span)),
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
            other => Err(type_error(Needed::Domain, other.clone(), span)),
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
            other => Err(type_error(Needed::Set, other, span)),
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
}

/// A truth value, or the error for `value` written at `span` where one was needed.
fn truth(value: &Value, span: &Range<usize>) -> Result<bool> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => Err(type_error(Needed::Truth, other.clone(), span)),
    }
}

/// The error for `found` written at `span`, where a value of the kind `needed` was needed.
fn type_error(needed: Needed, found: Value, span: &Range<usize>) -> ExprError {
    ExprError::new(
        ErrorKind::Type {
            needed,
            got: Got::Value(Box::new(found)),
        },
        span.clone(),
    )
}

/// The error for `what`, too large for nimlab's integers, computed at `span`.
fn overflow(what: TooLarge, span: &Range<usize>) -> ExprError {
    ExprError::new(ErrorKind::Overflow { what }, span.clone())
}

fn engine(e: EngineError, span: &Range<usize>) -> ExprError {
    ExprError::new(ErrorKind::Engine(e), span.clone())
}

/// The known function closest to a misspelt one, if any is close. Function names are case
/// sensitive, so one that differs only in case is the closest of all.
fn suggest(name: &str) -> Option<String> {
    FUNCTIONS
        .iter()
        .copied()
        .find(|f| f.eq_ignore_ascii_case(name))
        .or_else(|| crate::suggestion::nearest(name, FUNCTIONS.iter().copied()))
        .map(str::to_string)
}
