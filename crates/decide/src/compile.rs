//! From formulas to automata: variables become tracks (numbered by scope, free variables
//! first in the caller's order), atoms become their machines, connectives products and
//! complements, quantifiers projections; every result is minimised at once, and quantifiers
//! are eliminated innermost first.

use crate::atoms::{self, Operand};
use crate::automaton::Automaton;
use crate::budget::{Budget, DecideError};
use crate::formula::{Atom, Bound, Formula, Quant, Term};
use crate::hash::FxHashMap;
use crate::minimise::minimise;
use crate::ops::{self, BoolOp};

/// Compiles formulas within one budget.
pub(crate) struct Compiler<'b, 'c> {
    budget: &'b mut Budget<'c>,
    /// The tracks of the variables in scope by name, innermost binding last.
    scope: FxHashMap<String, Vec<u32>>,
    /// The tracks of the free variables, in the caller's order.
    free: Vec<u32>,
    next_var: u32,
}

impl<'b, 'c> Compiler<'b, 'c> {
    /// A compiler whose free variables are `free`, as tracks 0, 1, … in that order.
    pub(crate) fn new(budget: &'b mut Budget<'c>, free: &[String]) -> Self {
        let mut c = Compiler {
            budget,
            scope: FxHashMap::default(),
            free: Vec::new(),
            next_var: 0,
        };
        for name in free {
            let id = c.fresh();
            c.scope.entry(name.clone()).or_default().push(id);
            c.free.push(id);
        }
        c
    }

    fn fresh(&mut self) -> u32 {
        let id = self.next_var;
        self.next_var += 1;
        id
    }

    fn operand(&mut self, t: &Term) -> Operand {
        match t {
            Term::Const(c) => Operand::Const(*c),
            Term::Var(name) => match self.scope.get(name).and_then(|ids| ids.last()) {
                Some(&id) => Operand::Var(id),
                // Every free variable is declared up front, so this is a name the caller left
                // out of the order; give it a track of its own.
                None => {
                    let id = self.fresh();
                    self.scope.entry(name.clone()).or_default().push(id);
                    Operand::Var(id)
                }
            },
        }
    }

    fn min(&mut self, a: Automaton) -> Result<Automaton, DecideError> {
        minimise(&a, self.budget)
    }

    /// The minimal automaton of `f`.
    pub(crate) fn formula(&mut self, f: &Formula) -> Result<Automaton, DecideError> {
        match f {
            Formula::True | Formula::False => {
                let a = atoms::build(&[], &|s, _| Some(s), &|_| true, self.budget)?;
                let a = self.min(a)?;
                Ok(if matches!(f, Formula::True) {
                    a
                } else {
                    ops::complement(a)
                })
            }
            Formula::Atom(atom) => {
                let a = self.atom(atom)?;
                self.min(a)
            }
            Formula::Not(g) => Ok(ops::complement(self.formula(g)?)),
            Formula::And(fs) => self.fold(fs, BoolOp::And),
            Formula::Or(fs) => self.fold(fs, BoolOp::Or),
            Formula::Implies(a, b) => self.binary(a, b, BoolOp::Implies),
            Formula::Iff(a, b) => self.binary(a, b, BoolOp::Iff),
            Formula::Quant {
                quant,
                var,
                bound,
                body,
            } => {
                // The bound is read in the outer scope.
                let limit = match bound {
                    None => None,
                    Some(Bound::Lt(t)) => Some((true, self.operand(t))),
                    Some(Bound::Le(t)) => Some((false, self.operand(t))),
                };
                let id = self.fresh();
                self.scope.entry(var.clone()).or_default().push(id);
                let body = self.formula(body);
                if let Some(ids) = self.scope.get_mut(var) {
                    ids.pop();
                }
                let body = body?;
                let guard = match limit {
                    None => None,
                    Some((strict, t)) => Some(self.guard(Operand::Var(id), strict, t)?),
                };
                match quant {
                    // any x: guard and body.
                    Quant::Any => {
                        let inner = match guard {
                            None => body,
                            Some(g) => self.product(&g, &body, BoolOp::And)?,
                        };
                        self.exists(&inner, id)
                    }
                    // all x: guard ⇒ body, as not any x: guard and not body.
                    Quant::All => {
                        let negated = ops::complement(body);
                        let inner = match guard {
                            None => negated,
                            Some(g) => self.product(&g, &negated, BoolOp::And)?,
                        };
                        Ok(ops::complement(self.exists(&inner, id)?))
                    }
                }
            }
        }
    }

    /// `x < t` (strict) or `x ≤ t`.
    fn guard(&mut self, x: Operand, strict: bool, t: Operand) -> Result<Automaton, DecideError> {
        let a = if strict {
            atoms::lt(x, t, self.budget)?
        } else {
            ops::complement(atoms::lt(t, x, self.budget)?)
        };
        self.min(a)
    }

    fn exists(&mut self, a: &Automaton, var: u32) -> Result<Automaton, DecideError> {
        let p = ops::project(a, var, self.budget)?;
        self.min(p)
    }

    fn product(
        &mut self,
        a: &Automaton,
        b: &Automaton,
        op: BoolOp,
    ) -> Result<Automaton, DecideError> {
        let p = ops::product(a, b, op, self.budget)?;
        self.min(p)
    }

    fn binary(&mut self, a: &Formula, b: &Formula, op: BoolOp) -> Result<Automaton, DecideError> {
        let a = self.formula(a)?;
        let b = self.formula(b)?;
        self.product(&a, &b, op)
    }

    fn fold(&mut self, fs: &[Formula], op: BoolOp) -> Result<Automaton, DecideError> {
        let Some((first, rest)) = fs.split_first() else {
            return self.formula(if op == BoolOp::And {
                &Formula::True
            } else {
                &Formula::False
            });
        };
        let mut acc = self.formula(first)?;
        for f in rest {
            // A decided side decides the rest: an empty conjunct or a full disjunct.
            if is_constant(&acc) == Some(op == BoolOp::Or) {
                return Ok(acc);
            }
            let next = self.formula(f)?;
            acc = self.product(&acc, &next, op)?;
        }
        Ok(acc)
    }

    fn atom(&mut self, atom: &Atom) -> Result<Automaton, DecideError> {
        match atom {
            Atom::Add(a, b, c) => {
                let (a, b, c) = (self.operand(a), self.operand(b), self.operand(c));
                atoms::add(a, b, c, self.budget)
            }
            Atom::Lt(a, b) => {
                let (a, b) = (self.operand(a), self.operand(b));
                atoms::lt(a, b, self.budget)
            }
            Atom::Eq(a, b) => {
                let (a, b) = (self.operand(a), self.operand(b));
                atoms::eq(a, b, self.budget)
            }
            Atom::Xor(ts, z) => {
                let mut ops: Vec<Operand> = ts.iter().map(|t| self.operand(t)).collect();
                ops.push(self.operand(z));
                atoms::xor_zero(&ops, self.budget)
            }
            Atom::BitAnd(a, b, c) => {
                let (a, b, c) = (self.operand(a), self.operand(b), self.operand(c));
                atoms::bit_and(a, b, c, self.budget)
            }
            Atom::BitOr(a, b, c) => {
                let (a, b, c) = (self.operand(a), self.operand(b), self.operand(c));
                atoms::bit_or(a, b, c, self.budget)
            }
            Atom::Mul(c, x, y) => {
                let (x, y) = (self.operand(x), self.operand(y));
                atoms::mul(*c, x, y, self.budget)
            }
            Atom::Div(x, m, q) => {
                if *m == 0 {
                    return Err(DecideError::ZeroDivisor);
                }
                let (x, q) = (self.operand(x), self.operand(q));
                let r = self.fresh();
                let a = atoms::div_mod(x, *m, q, Operand::Var(r), self.budget)?;
                let a = self.min(a)?;
                ops::project(&a, r, self.budget)
            }
            Atom::Mod(x, m, r) => {
                if *m == 0 {
                    return Err(DecideError::ZeroDivisor);
                }
                let (x, r) = (self.operand(x), self.operand(r));
                let q = self.fresh();
                let a = atoms::div_mod(x, *m, Operand::Var(q), r, self.budget)?;
                let a = self.min(a)?;
                ops::project(&a, q, self.budget)
            }
            Atom::Odd(x) => {
                let x = self.operand(x);
                atoms::odd(x, self.budget)
            }
            Atom::Even(x) => {
                let x = self.operand(x);
                atoms::even(x, self.budget)
            }
        }
    }

    /// The tracks of the free variables, in declaration order.
    pub(crate) fn free_ids(&self) -> Vec<u32> {
        self.free.clone()
    }
}

/// `Some(b)` if the minimal automaton `a` accepts everything (`true`) or nothing (`false`).
fn is_constant(a: &Automaton) -> Option<bool> {
    (a.state_count() == 1).then(|| a.accepting[0])
}
