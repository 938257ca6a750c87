//! Game values for the built-in functions, from the engine: take-any rulesets by a table
//! computed by mex up to [`MEX_LIMIT`], others by the session's solver, whole positions by
//! game-tree search. Engine work is charged to the step budget at what it costs.

use std::ops::Range;

use super::{
    Evaluator, MEX_LIMIT, OPTIONS_PER_STEP, PeriodicReads, Result, SEARCH_STEP_COST, engine,
    overflow,
};
use crate::engine::Beyond;
use crate::engine::Budget;
use crate::engine::PileWanted;
use crate::engine::loopy::{Gamma, Outcome};
use crate::engine::{EngineError, Method, Pile, Player, Rules};
use crate::engine::{GrundyTable, Solver};
use crate::engine::{Memo, Search};
use crate::expr::error::{ErrorKind, ExprError, Got, Needed, TooLarge};
use crate::expr::value::{Int, Value};

impl Evaluator {
    /// A function of tokens on a loopy graph, by γ: `g` the sum's γ (a number or ∞{K}),
    /// `mexset` the finite values of the sum's options, `lost`, `winner` and `draw` by γ's
    /// outcome. Misère play of a loopy graph is refused.
    pub(super) fn loopy(
        &mut self,
        name: &str,
        rules: &Rules,
        piles: &[Pile],
        span: &Range<usize>,
    ) -> Result<Value> {
        let Rules::Graph(graph) = rules else {
            return Err(engine(
                EngineError::BadPile {
                    token: rules.to_string(),
                    expected: PileWanted::GameGraph,
                },
                span,
            ));
        };
        let nodes: Vec<u64> = piles.iter().map(|p| p.size).collect();
        let not_a_node = || {
            engine(
                EngineError::BadPile {
                    token: nodes
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    expected: graph.pile_syntax(),
                },
                span,
            )
        };
        let sum = graph.sum_gamma(&nodes).ok_or_else(not_a_node)?;
        let int = |g: crate::engine::Grundy| {
            Int::try_from(g).map_err(|_| overflow(TooLarge::Computed(format!("g({g})")), span))
        };
        let set = |k: &[crate::engine::Grundy]| -> Result<std::collections::BTreeSet<Int>> {
            k.iter().map(|&g| int(g)).collect()
        };
        match (name, &sum) {
            ("g", Gamma::Finite(g)) => Ok(Value::Int(int(*g)?)),
            ("g", Gamma::Infinite(k)) => Ok(Value::Infinite(set(k)?)),
            ("mexset", _) => {
                let mut finite = Vec::new();
                let mut after = nodes.clone();
                for (i, &u) in nodes.iter().enumerate() {
                    let options: Vec<u64> = graph.moves(u).collect();
                    self.tick(options.len() as u64, span)?;
                    for v in options {
                        after[i] = v;
                        if let Some(Gamma::Finite(g)) = graph.sum_gamma(&after) {
                            finite.push(g);
                        }
                    }
                    after[i] = u;
                }
                Ok(Value::Set(set(&finite)?))
            }
            ("lost", _) => Ok(Value::Bool(sum.outcome() == Outcome::Second)),
            ("draw", _) => Ok(Value::Bool(sum.outcome() == Outcome::Draw)),
            ("winner", _) => match sum.outcome() {
                Outcome::First => Ok(Value::Player(Player::First)),
                Outcome::Second => Ok(Value::Player(Player::Second)),
                Outcome::Draw => Err(ExprError::new(
                    ErrorKind::Type {
                        needed: Needed::Won,
                        got: Got::Bare(format!(
                            "γ = {}",
                            Value::Infinite(set(match &sum {
                                Gamma::Infinite(k) => k,
                                Gamma::Finite(_) => &[],
                            })?)
                        )),
                    },
                    span.clone(),
                )),
            },
            _ => Err(engine(
                EngineError::LoopyGraph {
                    source: graph.source().to_string(),
                    misere: true,
                },
                span,
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
    pub(super) fn solver(
        &mut self,
        rules: &Rules,
        piles: &[Pile],
        span: &Range<usize>,
    ) -> Result<&Solver> {
        let i = self.solver_index(rules, piles, span)?;
        self.note_periodic(i, piles);
        Ok(&self.solvers[i])
    }

    /// Records the piles whose values the solver reads off a proven period.
    fn note_periodic(&mut self, i: usize, piles: &[Pile]) {
        let solver = &self.solvers[i];
        for &pile in piles {
            let Ok(known) = solver.value(pile) else {
                continue;
            };
            let Method::Periodic { preperiod, period } = known.method() else {
                continue;
            };
            let reads = match self
                .periodic
                .iter_mut()
                .find(|r| r.rules == *solver.rules())
            {
                Some(reads) => reads,
                None => {
                    self.periodic.push(PeriodicReads {
                        rules: solver.rules().clone(),
                        preperiod,
                        period,
                        states: Vec::new(),
                        more: false,
                    });
                    self.periodic.last_mut().expect("just pushed")
                }
            };
            if !reads.states.contains(&pile) {
                if reads.states.len() < PeriodicReads::SHOWN {
                    reads.states.push(pile);
                } else {
                    reads.more = true;
                }
            }
        }
    }

    /// The index of [`Evaluator::solver`]'s solver, having valued `piles`.
    fn solver_index(
        &mut self,
        rules: &Rules,
        piles: &[Pile],
        span: &Range<usize>,
    ) -> Result<usize> {
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
            return Ok(i);
        }
        let Some(&largest) = piles.iter().max_by_key(|p| p.size) else {
            return Ok(i);
        };
        let left = self.budget.saturating_sub(self.steps);
        let mut budget = Budget::new(left.saturating_mul(OPTIONS_PER_STEP));
        let reached = self.solvers[i].reach_within(largest, &rules.name_of(largest), &mut budget);
        let spent = budget.spent().div_ceil(OPTIONS_PER_STEP);
        match reached {
            Ok(()) => {
                self.tick(spent, span)?;
                Ok(i)
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

    pub(super) fn grundy(
        &mut self,
        rules: &Rules,
        pile: Pile,
        span: &Range<usize>,
    ) -> Result<Value> {
        let known = if rules.is_take_any() && pile.size <= MEX_LIMIT {
            self.table(rules, pile.size, span)?.value(pile)
        } else {
            let solver = self.solver(rules, &[pile], span)?;
            Some(solver.value(pile).map_err(|e| engine(e, span))?.grundy())
        };
        known
            .and_then(|g| Int::try_from(g).ok())
            .map(Value::Int)
            .ok_or_else(|| overflow(TooLarge::Computed(format!("g({pile})")), span))
    }

    /// A whole position by game-tree search, no Sprague–Grundy: its value by mex over the
    /// position's own options (`g`), those options' values (`mexset`), or whether the player
    /// to move loses (`lost`, misère for `misere`).
    pub(super) fn search(
        &mut self,
        name: &str,
        rules: &Rules,
        piles: &[Pile],
        span: &Range<usize>,
    ) -> Result<Value> {
        // A move examined by the search costs far more than an expression step.
        let left = self.budget.saturating_sub(self.steps) / SEARCH_STEP_COST;
        let misere = (rules.is_misere() && name == "lost") || name == "misere" || name == "mg";
        if misere && let Err(e) = rules.check_misere() {
            return Err(ExprError::new(ErrorKind::Engine(e), span.clone()));
        }
        let index = self
            .searched
            .iter()
            .position(|(r, m, _)| r == rules && *m == misere);
        let memo = index.map_or_else(Memo::default, |i| std::mem::take(&mut self.searched[i].2));
        let mut search = Search::resume(rules, misere, left, memo);
        let result = match name {
            "g" | "mg" => search
                .value(piles)
                .map(|g| Value::Int(Int::try_from(g).unwrap_or(Int::MAX))),
            "mexset" => search.option_values(piles).map(|set| {
                Value::Set(
                    set.into_iter()
                        .filter_map(|g| Int::try_from(g).ok())
                        .collect(),
                )
            }),
            "misere" => search
                .first_wins(piles)
                .map(|wins| Value::Player(if wins { Player::First } else { Player::Second })),
            _ => search.first_wins(piles).map(|wins| Value::Bool(!wins)),
        };
        let work = search.work().saturating_mul(SEARCH_STEP_COST);
        // Keep what was solved, even by a search cut short: every entry is exact. Not when
        // the memory limit cut it short: what it holds is what must be given back.
        let over_memory = crate::engine::memory::tripped();
        let memo = search.into_memo();
        match index {
            _ if over_memory => drop(memo),
            Some(i) => self.searched[i].2 = memo,
            None => self.searched.push((rules.clone(), misere, memo)),
        }
        match result {
            Ok(v) => {
                self.tick(work, span)?;
                Ok(v)
            }
            Err(_) if over_memory => Err(ExprError::new(
                ErrorKind::Memory {
                    limit: crate::engine::memory::limit(),
                    bound: crate::engine::memory::bound(),
                },
                span.clone(),
            )),
            // Too large to search, in normal play: the Sprague–Grundy theorem gives the
            // position's value as the XOR of its components' values, each computed or proven
            // (a far pile's by its proven formula). Never on a shortened search.
            Err(EngineError::TooMuchWork(_)) if !misere && matches!(name, "g" | "lost") => {
                self.tick(work, span)?;
                let value = self.sum_value(rules, piles, span)?;
                Ok(match name {
                    "g" => {
                        Value::Int(Int::try_from(value).map_err(|_| {
                            overflow(TooLarge::Computed(format!("g = {value}")), span)
                        })?)
                    }
                    _ => Value::Bool(value == 0),
                })
            }
            Err(EngineError::TooMuchWork(work))
                if !matches!(*work, crate::engine::TooMuchWork::GameTreeMoves { .. }) =>
            {
                Err(engine(EngineError::TooMuchWork(work), span))
            }
            Err(_) => Err(ExprError::new(
                ErrorKind::Budget { limit: self.budget },
                span.clone(),
            )),
        }
    }

    /// The value of a sum of piles of `rules` in normal play by the Sprague–Grundy theorem:
    /// the XOR of the piles' values, each as the solver knows it (by mex, a proven period or a
    /// proven formula), or refused.
    fn sum_value(
        &mut self,
        rules: &Rules,
        piles: &[Pile],
        span: &Range<usize>,
    ) -> Result<crate::engine::Grundy> {
        let solver = self.solver(rules, piles, span)?;
        let mut value: crate::engine::Grundy = 0;
        for &p in piles {
            value ^= solver.value(p).map_err(|e| engine(e, span))?.grundy();
        }
        Ok(value)
    }

    pub(super) fn mex_set(
        &mut self,
        rules: &Rules,
        pile: Pile,
        span: &Range<usize>,
    ) -> Result<Value> {
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
                        expected: rules.pile_syntax(),
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
