//! The formulas: terms, atoms, connectives and quantifiers of first-order arithmetic over the
//! natural numbers with `+`, `<`, the bitwise operations and constants; builder functions; the
//! free variables; and printing in the text syntax that `parse` reads.

use crate::hash::{FxHashMap, FxHashSet};
use std::fmt;

/// A term of an atom: a variable or a constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// A variable, by name.
    Var(String),
    /// A natural number.
    Const(u64),
}

impl From<&str> for Term {
    fn from(name: &str) -> Self {
        Term::Var(name.to_owned())
    }
}

impl From<String> for Term {
    fn from(name: String) -> Self {
        Term::Var(name)
    }
}

impl From<&String> for Term {
    fn from(name: &String) -> Self {
        Term::Var(name.clone())
    }
}

impl From<u64> for Term {
    fn from(value: u64) -> Self {
        Term::Const(value)
    }
}

/// An atomic relation between terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// `a + b = c`.
    Add(Term, Term, Term),
    /// `a < b`.
    Lt(Term, Term),
    /// `a = b`.
    Eq(Term, Term),
    /// `t1 xor … xor tk = z` (bitwise); k may be 0 (then `z = 0`).
    Xor(Vec<Term>, Term),
    /// `a and b = c` (bitwise).
    BitAnd(Term, Term, Term),
    /// `a or b = c` (bitwise).
    BitOr(Term, Term, Term),
    /// `c·x = y` for a constant c.
    Mul(u64, Term, Term),
    /// `x div m = q` for a constant m ≥ 1.
    Div(Term, u64, Term),
    /// `x mod m = r` for a constant m ≥ 1.
    Mod(Term, u64, Term),
    /// `x` is odd.
    Odd(Term),
    /// `x` is even.
    Even(Term),
}

/// Which quantifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quant {
    /// For all.
    All,
    /// There is (any).
    Any,
}

/// The bound of a bounded quantifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `x < t`.
    Lt(Term),
    /// `x ≤ t`.
    Le(Term),
}

/// A first-order formula over the natural numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Formula {
    /// Always true.
    True,
    /// Always false.
    False,
    /// An atomic relation.
    Atom(Atom),
    /// Negation.
    Not(Box<Formula>),
    /// Conjunction of any number of formulas (none: true).
    And(Vec<Formula>),
    /// Disjunction of any number of formulas (none: false).
    Or(Vec<Formula>),
    /// `a ⇒ b`.
    Implies(Box<Formula>, Box<Formula>),
    /// `a ⇔ b`.
    Iff(Box<Formula>, Box<Formula>),
    /// A quantifier over one variable, optionally bounded.
    Quant {
        /// All or any.
        quant: Quant,
        /// The bound variable.
        var: String,
        /// `x < t` or `x ≤ t`, if bounded.
        bound: Option<Bound>,
        /// The scope.
        body: Box<Formula>,
    },
}

// ---- builders -----------------------------------------------------------------------------

/// The variable named `name`.
pub fn var(name: &str) -> Term {
    Term::Var(name.to_owned())
}

/// The constant `value`.
pub fn konst(value: u64) -> Term {
    Term::Const(value)
}

/// `a + b = c`.
pub fn add(a: impl Into<Term>, b: impl Into<Term>, c: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Add(a.into(), b.into(), c.into()))
}

/// `a < b`.
pub fn lt(a: impl Into<Term>, b: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Lt(a.into(), b.into()))
}

/// `a ≤ b`, as `not b < a`.
pub fn le(a: impl Into<Term>, b: impl Into<Term>) -> Formula {
    not(lt(b, a))
}

/// `a > b`.
pub fn gt(a: impl Into<Term>, b: impl Into<Term>) -> Formula {
    lt(b, a)
}

/// `a ≥ b`, as `not a < b`.
pub fn ge(a: impl Into<Term>, b: impl Into<Term>) -> Formula {
    not(lt(a, b))
}

/// `a = b`.
pub fn eq(a: impl Into<Term>, b: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Eq(a.into(), b.into()))
}

/// `a ≠ b`.
pub fn ne(a: impl Into<Term>, b: impl Into<Term>) -> Formula {
    not(eq(a, b))
}

/// `a xor b = c`.
pub fn xor(a: impl Into<Term>, b: impl Into<Term>, c: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Xor(vec![a.into(), b.into()], c.into()))
}

/// `t1 xor … xor tk = z`: one atom, one automaton state, whatever k.
pub fn xor_all<T: Into<Term>>(terms: impl IntoIterator<Item = T>, z: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Xor(
        terms.into_iter().map(Into::into).collect(),
        z.into(),
    ))
}

/// `a and b = c` (bitwise).
pub fn bit_and(a: impl Into<Term>, b: impl Into<Term>, c: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::BitAnd(a.into(), b.into(), c.into()))
}

/// `a or b = c` (bitwise).
pub fn bit_or(a: impl Into<Term>, b: impl Into<Term>, c: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::BitOr(a.into(), b.into(), c.into()))
}

/// `c·x = y`.
pub fn mul(c: u64, x: impl Into<Term>, y: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Mul(c, x.into(), y.into()))
}

/// `x div m = q` (m ≥ 1; m = 0 is refused when the formula is compiled).
pub fn div(x: impl Into<Term>, m: u64, q: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Div(x.into(), m, q.into()))
}

/// `x mod m = r` (m ≥ 1; m = 0 is refused when the formula is compiled).
pub fn modulo(x: impl Into<Term>, m: u64, r: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Mod(x.into(), m, r.into()))
}

/// `x` is odd.
pub fn odd(x: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Odd(x.into()))
}

/// `x` is even.
pub fn even(x: impl Into<Term>) -> Formula {
    Formula::Atom(Atom::Even(x.into()))
}

/// `not f`.
pub fn not(f: Formula) -> Formula {
    Formula::Not(Box::new(f))
}

/// The conjunction of `fs` (true if empty).
pub fn and(fs: impl IntoIterator<Item = Formula>) -> Formula {
    Formula::And(fs.into_iter().collect())
}

/// The disjunction of `fs` (false if empty).
pub fn or(fs: impl IntoIterator<Item = Formula>) -> Formula {
    Formula::Or(fs.into_iter().collect())
}

/// `a ⇒ b`.
pub fn implies(a: Formula, b: Formula) -> Formula {
    Formula::Implies(Box::new(a), Box::new(b))
}

/// `a ⇔ b`.
pub fn iff(a: Formula, b: Formula) -> Formula {
    Formula::Iff(Box::new(a), Box::new(b))
}

fn quant(quant: Quant, x: &str, bound: Option<Bound>, body: Formula) -> Formula {
    Formula::Quant {
        quant,
        var: x.to_owned(),
        bound,
        body: Box::new(body),
    }
}

/// `all x: body`.
pub fn all(x: &str, body: Formula) -> Formula {
    quant(Quant::All, x, None, body)
}

/// `any x: body`.
pub fn any(x: &str, body: Formula) -> Formula {
    quant(Quant::Any, x, None, body)
}

/// `all x < t: body`.
pub fn all_lt(x: &str, t: impl Into<Term>, body: Formula) -> Formula {
    quant(Quant::All, x, Some(Bound::Lt(t.into())), body)
}

/// `all x ≤ t: body`.
pub fn all_le(x: &str, t: impl Into<Term>, body: Formula) -> Formula {
    quant(Quant::All, x, Some(Bound::Le(t.into())), body)
}

/// `any x < t: body`.
pub fn any_lt(x: &str, t: impl Into<Term>, body: Formula) -> Formula {
    quant(Quant::Any, x, Some(Bound::Lt(t.into())), body)
}

/// `any x ≤ t: body`.
pub fn any_le(x: &str, t: impl Into<Term>, body: Formula) -> Formula {
    quant(Quant::Any, x, Some(Bound::Le(t.into())), body)
}

/// `all x1: all x2: … body`.
pub fn all_of<S: AsRef<str>>(xs: impl IntoIterator<Item = S>, body: Formula) -> Formula {
    let xs: Vec<S> = xs.into_iter().collect();
    xs.iter().rev().fold(body, |f, x| all(x.as_ref(), f))
}

/// `any x1: any x2: … body`.
pub fn any_of<S: AsRef<str>>(xs: impl IntoIterator<Item = S>, body: Formula) -> Formula {
    let xs: Vec<S> = xs.into_iter().collect();
    xs.iter().rev().fold(body, |f, x| any(x.as_ref(), f))
}

// ---- height -------------------------------------------------------------------------------

/// The tallest formula the decider walks: every walk over a formula (compiling, printing,
/// its free variables) recurses once a level, and a thread's stack is finite. A sentence of
/// a thousand `+` (each a fresh quantified variable) stands about a thousand levels tall.
pub const MAX_HEIGHT: usize = 2000;

impl Formula {
    /// How many levels the formula stands (an atom 1), found without recursing, so that a
    /// formula of any height can be measured before it is walked.
    pub fn height(&self) -> usize {
        let mut tallest = 0;
        let mut stack: Vec<(&Formula, usize)> = vec![(self, 1)];
        while let Some((f, level)) = stack.pop() {
            tallest = tallest.max(level);
            match f {
                Formula::True | Formula::False | Formula::Atom(_) => {}
                Formula::Not(g) | Formula::Quant { body: g, .. } => stack.push((g, level + 1)),
                Formula::And(fs) | Formula::Or(fs) => {
                    stack.extend(fs.iter().map(|g| (g, level + 1)));
                }
                Formula::Implies(a, b) | Formula::Iff(a, b) => {
                    stack.push((a, level + 1));
                    stack.push((b, level + 1));
                }
            }
        }
        tallest
    }
}

// ---- free variables -----------------------------------------------------------------------

impl Atom {
    /// The terms of the atom, in the order they are written.
    pub fn terms(&self) -> Vec<&Term> {
        match self {
            Atom::Add(a, b, c) | Atom::BitAnd(a, b, c) | Atom::BitOr(a, b, c) => vec![a, b, c],
            Atom::Lt(a, b) | Atom::Eq(a, b) | Atom::Mul(_, a, b) => vec![a, b],
            Atom::Div(a, _, b) | Atom::Mod(a, _, b) => vec![a, b],
            Atom::Xor(ts, z) => ts.iter().chain(std::iter::once(z)).collect(),
            Atom::Odd(a) | Atom::Even(a) => vec![a],
        }
    }
}

impl Formula {
    /// The free variables, in order of first appearance (left to right).
    pub fn free_vars(&self) -> Vec<String> {
        let mut free = Free::default();
        self.collect_free(&mut free);
        free.order
    }

    fn collect_free(&self, free: &mut Free) {
        match self {
            Formula::True | Formula::False => {}
            Formula::Atom(atom) => {
                for t in atom.terms() {
                    free.term(t);
                }
            }
            Formula::Not(f) => f.collect_free(free),
            Formula::And(fs) | Formula::Or(fs) => {
                for f in fs {
                    f.collect_free(free);
                }
            }
            Formula::Implies(a, b) | Formula::Iff(a, b) => {
                a.collect_free(free);
                b.collect_free(free);
            }
            Formula::Quant {
                var,
                bound: limit,
                body,
                ..
            } => {
                if let Some(Bound::Lt(t) | Bound::Le(t)) = limit {
                    free.term(t);
                }
                *free.bound.entry(var.clone()).or_insert(0) += 1;
                body.collect_free(free);
                if let Some(n) = free.bound.get_mut(var) {
                    *n -= 1;
                }
            }
        }
    }
}

/// The walk of `free_vars`: hashed, so formulas with thousands of variables stay linear.
#[derive(Default)]
struct Free {
    /// How many quantifiers in scope bind each name.
    bound: FxHashMap<String, usize>,
    seen: FxHashSet<String>,
    order: Vec<String>,
}

impl Free {
    fn term(&mut self, t: &Term) {
        if let Term::Var(name) = t
            && self.bound.get(name).is_none_or(|&n| n == 0)
            && !self.seen.contains(name)
        {
            self.seen.insert(name.clone());
            self.order.push(name.clone());
        }
    }
}

// ---- printing in the text syntax ----------------------------------------------------------

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Var(name) => f.write_str(name),
            Term::Const(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Add(a, b, c) => write!(f, "{a} + {b} = {c}"),
            Atom::Lt(a, b) => write!(f, "{a} < {b}"),
            Atom::Eq(a, b) => write!(f, "{a} = {b}"),
            Atom::Xor(ts, z) => {
                if ts.is_empty() {
                    return write!(f, "0 = {z}");
                }
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ^ ")?;
                    }
                    write!(f, "{t}")?;
                }
                write!(f, " = {z}")
            }
            Atom::BitAnd(a, b, c) => write!(f, "{a} & {b} = {c}"),
            Atom::BitOr(a, b, c) => write!(f, "{a} | {b} = {c}"),
            Atom::Mul(c, x, y) => write!(f, "{c} * {x} = {y}"),
            Atom::Div(x, m, q) => write!(f, "{x} / {m} = {q}"),
            Atom::Mod(x, m, r) => write!(f, "{x} % {m} = {r}"),
            Atom::Odd(x) => write!(f, "odd({x})"),
            Atom::Even(x) => write!(f, "even({x})"),
        }
    }
}

impl fmt::Display for Formula {
    /// Prints in the syntax `parse` reads, parenthesised so that it reads back the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, fs: &[Formula], op: &str, empty: &str| {
            if fs.is_empty() {
                return f.write_str(empty);
            }
            f.write_str("(")?;
            for (i, g) in fs.iter().enumerate() {
                if i > 0 {
                    write!(f, " {op} ")?;
                }
                write!(f, "{g}")?;
            }
            f.write_str(")")
        };
        match self {
            Formula::True => f.write_str("true"),
            Formula::False => f.write_str("false"),
            Formula::Atom(a) => write!(f, "{a}"),
            Formula::Not(g) => write!(f, "not ({g})"),
            Formula::And(fs) => list(f, fs, "and", "true"),
            Formula::Or(fs) => list(f, fs, "or", "false"),
            Formula::Implies(a, b) => write!(f, "({a} => {b})"),
            Formula::Iff(a, b) => write!(f, "({a} <=> {b})"),
            Formula::Quant {
                quant,
                var,
                bound,
                body,
            } => {
                let q = match quant {
                    Quant::All => "all",
                    Quant::Any => "any",
                };
                match bound {
                    None => write!(f, "({q} {var}: {body})"),
                    Some(Bound::Lt(t)) => write!(f, "({q} {var} < {t}: {body})"),
                    Some(Bound::Le(t)) => write!(f, "({q} {var} <= {t}: {body})"),
                }
            }
        }
    }
}
