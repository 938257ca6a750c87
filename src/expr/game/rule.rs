//! A definition evaluated for the engine: the options of one state, as the heaps each move
//! leaves. The set expression is walked here — unions, set literals, set builders (with their
//! conditions) and `if` — so that an element may be `[a, b]`, or hold a run `[a..b]` (the heaps
//! a, a + 1, …, b; none when a > b); every number inside is computed by the expression
//! evaluator. Work is charged to the engine's budget: each element considered,
//! and the evaluator's steps at what they cost, so no definition runs unbounded.

use std::ops::Range;

use super::{Definition, DefinitionFailure, OptionsWhy};
use crate::engine::Budget;
use crate::engine::FailedWhy;
use crate::engine::{EngineError, Rules, TooMuchWork};
use crate::engine::{Leaves, OptionRule};
use crate::expr::ast::{BinaryOp, Expr, ExprKind};
use crate::expr::eval::OPTIONS_PER_STEP;
use crate::expr::value::{Int, Value};
use crate::expr::{Evaluator, ExprError, Needed};

/// Bytes one heap of a run takes while an option is built: as a number, then as a state.
const HEAP_BYTES: u128 = 16 + 8;

/// Elements considered between looks at the budget's cancel token.
const CHECK_EVERY: u64 = 1 << 12;

/// A definition as the engine's [`OptionRule`].
#[derive(Debug)]
pub(super) struct DefinitionRule {
    definition: Definition,
}

impl DefinitionRule {
    pub(super) fn new(definition: Definition) -> Self {
        Self { definition }
    }
}

impl OptionRule for DefinitionRule {
    fn options(&self, state: &[u64], budget: &mut Budget) -> Result<Vec<Leaves>, EngineError> {
        let mut walk = Walk {
            definition: &self.definition,
            state,
            eval: Evaluator::new(Rules::Nim),
            budget,
            considered: 0,
            out: Vec::new(),
        };
        for (param, &part) in self.definition.params.iter().zip(state) {
            walk.eval.bind(param, Value::Int(Int::from(part)));
        }
        walk.options(&self.definition.body)?;
        Ok(walk.out)
    }

    fn may_split(&self) -> bool {
        let mut split = false;
        self.definition.body.walk(&mut |e| {
            split |= matches!(&e.kind, ExprKind::Heaps(items)
                if items.len() > 1 || items.iter().any(is_run));
        });
        split
    }
}

/// One state's options being collected.
struct Walk<'a> {
    definition: &'a Definition,
    state: &'a [u64],
    eval: Evaluator,
    budget: &'a mut Budget,
    considered: u64,
    out: Vec<Leaves>,
}

impl Walk<'_> {
    /// Adds the options a set expression denotes.
    fn options(&mut self, expr: &Expr) -> Result<(), EngineError> {
        match &expr.kind {
            ExprKind::Chain { first, rest }
                if rest.iter().all(|(op, _)| *op == BinaryOp::Union) =>
            {
                self.options(first)?;
                rest.iter().try_for_each(|(_, e)| self.options(e))
            }
            ExprKind::Set(items) => items.iter().try_for_each(|e| self.option(e)),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let branch = if self.truth(cond)? { then } else { otherwise };
                self.options(branch)
            }
            ExprKind::SetBuilder {
                element,
                var,
                domain,
                filter,
            } => {
                let (lo, hi, set) = match self.value(domain)? {
                    Value::Range(lo, hi) => (lo, hi, None),
                    Value::Set(s) => (0, -1, Some(s)),
                    other => {
                        return Err(self.type_error(Needed::OptionDomain, other, domain));
                    }
                };
                let items: Box<dyn Iterator<Item = Int>> = match set {
                    Some(s) => Box::new(s.into_iter()),
                    None => Box::new(lo..=hi),
                };
                // The definition's check refuses a variable that shadows another, so setting it
                // in place and unbinding it once after the loop leaves the others as they were.
                let mut added = Ok(());
                for x in items {
                    added = self.consider(expr).and_then(|()| {
                        self.eval.set(var, Value::Int(x));
                        let kept = match filter {
                            Some(f) => self.truth(f)?,
                            None => true,
                        };
                        if kept { self.option(element) } else { Ok(()) }
                    });
                    if added.is_err() {
                        break;
                    }
                }
                self.eval.unbind(var);
                added
            }
            _ => match self.value(expr)? {
                Value::Set(s) => s.into_iter().try_for_each(|v| {
                    self.consider(expr)?;
                    self.push(vec![v], expr)
                }),
                Value::Range(lo, hi) => (lo..=hi).try_for_each(|v| {
                    self.consider(expr)?;
                    self.push(vec![v], expr)
                }),
                other => Err(self.type_error(Needed::Options, other, expr)),
            },
        }
    }

    /// Adds one element: a number (one heap) or `[a, b]`, whose items may be runs `a..b`; for a
    /// game of tuples, a tuple.
    fn option(&mut self, expr: &Expr) -> Result<(), EngineError> {
        let tuples = self.definition.params.len() > 1;
        let items = match &expr.kind {
            ExprKind::Tuple(items) if tuples => items.iter().collect(),
            ExprKind::Heaps(items) if !tuples => items.iter().collect(),
            _ if tuples => {
                return Err(self.failed(
                    OptionsWhy::TupleWanted {
                        parts: self.definition.params.clone(),
                    },
                    &expr.span,
                ));
            }
            ExprKind::Tuple(_) => {
                return Err(self.failed(OptionsWhy::TupleInNumbers, &expr.span));
            }
            _ => vec![expr],
        };
        let mut heaps = Vec::with_capacity(items.len());
        for item in items {
            match self.value(item)? {
                Value::Int(v) => heaps.push(v),
                Value::Range(lo, hi) if !tuples => self.run(lo, hi, item, &mut heaps)?,
                other => {
                    return Err(self.type_error(Needed::Heap, other, item));
                }
            }
        }
        self.push(heaps, expr)
    }

    /// Adds the heaps lo, lo + 1, …, hi (none when lo > hi), each charged to the budget before
    /// any is made: a run too long for the budget, or for the state, is refused, not built.
    fn run(
        &mut self,
        lo: Int,
        hi: Int,
        item: &Expr,
        heaps: &mut Vec<Int>,
    ) -> Result<(), EngineError> {
        let count = Value::Range(lo, hi).element_count().unwrap_or(u128::MAX);
        self.budget.charge(u64::try_from(count).unwrap_or(u64::MAX));
        self.budget.check()?;
        self.spent(item)?;
        // Each heap must be a smaller state, and a run's heaps differ: a run longer than the
        // state is refused before it is built.
        let state = self.state.first().copied().unwrap_or(0);
        if count > u128::from(state) {
            return Err(self.failed(
                OptionsWhy::LongRun {
                    lo,
                    hi,
                    count,
                    state,
                },
                &item.span,
            ));
        }
        // The run is built at once, and held again as states by `push`: its bytes are asked
        // of the memory limit before (a Ruler option of a pile of 10^8 is 10^8 heaps).
        let bytes = count.saturating_mul(HEAP_BYTES);
        crate::engine::memory::reserve(u64::try_from(bytes).unwrap_or(u64::MAX))?;
        heaps.extend(lo..=hi);
        Ok(())
    }

    /// Records an option, each heap a state: a whole number up to 2^64 - 1.
    fn push(&mut self, heaps: Vec<Int>, expr: &Expr) -> Result<(), EngineError> {
        let mut leaves = Vec::with_capacity(heaps.len());
        for h in heaps {
            let Ok(size) = u64::try_from(h) else {
                return Err(self.failed(OptionsWhy::NotAState { heap: h }, &expr.span));
            };
            leaves.push(size);
        }
        self.out.push(leaves);
        Ok(())
    }

    /// Charges one element considered; refuses once the budget is spent.
    fn consider(&mut self, expr: &Expr) -> Result<(), EngineError> {
        self.considered += 1;
        self.budget.charge(1);
        if self.considered.is_multiple_of(CHECK_EVERY) {
            self.budget.check()?;
        }
        self.spent(expr)
    }

    fn spent(&self, _expr: &Expr) -> Result<(), EngineError> {
        if self.budget.is_spent() {
            let (upto, reached) = match self.state {
                [n] => (*n, n.checked_sub(1)),
                _ => (0, None),
            };
            return Err(TooMuchWork::DefinedBudget {
                game: self.definition.name.clone(),
                upto,
                options: self.budget.limit(),
                reached,
            }
            .into());
        }
        Ok(())
    }

    /// The value of an expression, its steps charged.
    fn value(&mut self, expr: &Expr) -> Result<Value, EngineError> {
        let value = self.eval.eval(expr);
        self.budget
            .charge(self.eval.steps().saturating_mul(OPTIONS_PER_STEP));
        self.spent(expr)?;
        value.map_err(|e| self.expr_error(&e))
    }

    fn truth(&mut self, expr: &Expr) -> Result<bool, EngineError> {
        match self.value(expr)? {
            Value::Bool(b) => Ok(b),
            other => Err(self.type_error(Needed::Condition, other, expr)),
        }
    }

    fn type_error(&self, needed: Needed, found: Value, expr: &Expr) -> EngineError {
        self.failed(OptionsWhy::Type { needed, found }, &expr.span)
    }

    fn expr_error(&self, e: &ExprError) -> EngineError {
        self.failed(OptionsWhy::Expr(e.clone()), &e.span)
    }

    /// The error for `why`, quoting the text of the definition at `span`; the engine carries
    /// it in the words `render` gives it.
    fn failed(&self, why: OptionsWhy, span: &Range<usize>) -> EngineError {
        let at = self.definition.text_at(span);
        let state: Vec<String> = self.state.iter().map(u64::to_string).collect();
        let state = match state.as_slice() {
            [n] => n.clone(),
            _ => format!("({})", state.join(",")),
        };
        EngineError::DefinitionFailed {
            game: self.definition.name.clone(),
            state,
            why: FailedWhy::Said(DefinitionFailure::Options { why, at }.to_string()),
        }
    }
}
/// Whether a heap is written as a run `a..b`.
fn is_run(item: &Expr) -> bool {
    matches!(
        item.kind,
        ExprKind::Binary {
            op: BinaryOp::Range,
            ..
        }
    )
}
