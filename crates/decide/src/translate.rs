//! Expressions over the naturals (sums, bitwise operations, products and quotients by
//! constants, if-then-else) and relations between them, lowered to the formula's atoms by
//! naming every compound subexpression with a fresh variable under an existential
//! quantifier. The functions are total, so the lowering is exact under negation too.

use crate::formula::{self, Formula, Term};

/// An expression over the naturals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A variable.
    Var(String),
    /// A constant.
    Const(u64),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// The XOR of any number of expressions (none: 0).
    Xor(Vec<Expr>),
    /// `a and b` (bitwise).
    BitAnd(Box<Expr>, Box<Expr>),
    /// `a or b` (bitwise).
    BitOr(Box<Expr>, Box<Expr>),
    /// `c·a`.
    Mul(u64, Box<Expr>),
    /// `a div m` (m ≥ 1).
    Div(Box<Expr>, u64),
    /// `a mod m` (m ≥ 1).
    Mod(Box<Expr>, u64),
    /// `if c then a else b`.
    Ite(Box<Formula>, Box<Expr>, Box<Expr>),
}

impl From<&str> for Expr {
    fn from(name: &str) -> Self {
        Expr::Var(name.to_owned())
    }
}

impl From<u64> for Expr {
    fn from(value: u64) -> Self {
        Expr::Const(value)
    }
}

impl From<Term> for Expr {
    fn from(t: Term) -> Self {
        match t {
            Term::Var(v) => Expr::Var(v),
            Term::Const(c) => Expr::Const(c),
        }
    }
}

impl std::ops::Add for Expr {
    type Output = Expr;
    fn add(self, rhs: Expr) -> Expr {
        Expr::Add(Box::new(self), Box::new(rhs))
    }
}

impl std::ops::BitXor for Expr {
    type Output = Expr;
    fn bitxor(self, rhs: Expr) -> Expr {
        // Keep chains flat: one k-ary XOR atom instead of k − 1 fresh variables.
        let mut terms = match self {
            Expr::Xor(ts) => ts,
            e => vec![e],
        };
        match rhs {
            Expr::Xor(ts) => terms.extend(ts),
            e => terms.push(e),
        }
        Expr::Xor(terms)
    }
}

impl std::ops::BitAnd for Expr {
    type Output = Expr;
    fn bitand(self, rhs: Expr) -> Expr {
        Expr::BitAnd(Box::new(self), Box::new(rhs))
    }
}

impl std::ops::BitOr for Expr {
    type Output = Expr;
    fn bitor(self, rhs: Expr) -> Expr {
        Expr::BitOr(Box::new(self), Box::new(rhs))
    }
}

/// `if c then a else b`.
pub fn ite(c: Formula, a: impl Into<Expr>, b: impl Into<Expr>) -> Expr {
    Expr::Ite(Box::new(c), Box::new(a.into()), Box::new(b.into()))
}

/// A relation between two expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// `=`
    Eq,
    /// `≠`
    Ne,
    /// `<`
    Lt,
    /// `≤`
    Le,
    /// `>`
    Gt,
    /// `≥`
    Ge,
}

/// The formula `a op b`, with a fresh existentially quantified variable (named `#1`, `#2`, …,
/// names the parser cannot produce) for every compound subexpression.
pub fn rel(a: impl Into<Expr>, op: Rel, b: impl Into<Expr>) -> Formula {
    let (a, b) = (a.into(), b.into());
    if op == Rel::Ne {
        return formula::not(rel(a, Rel::Eq, b));
    }
    let mut low = Lowering {
        defs: Vec::new(),
        fresh: Vec::new(),
    };
    let last = match op {
        // `compound = term` defines the term directly, without a fresh variable.
        Rel::Eq => match (simple(&a), simple(&b)) {
            (Some(ta), Some(tb)) => formula::eq(ta, tb),
            (None, Some(tb)) => low.define(&a, tb),
            (_, None) => {
                let ta = low.term(&a);
                low.define(&b, ta)
            }
        },
        _ => {
            let ta = low.term(&a);
            let tb = low.term(&b);
            match op {
                Rel::Lt => formula::lt(ta, tb),
                Rel::Le => formula::le(ta, tb),
                Rel::Gt => formula::gt(ta, tb),
                _ => formula::ge(ta, tb),
            }
        }
    };
    // Definitions first, innermost first, so the free variables of `x + y + 3 < z` come in
    // the order written (a variable only in the relation itself comes after them).
    low.defs.push(last);
    let body = if low.defs.len() == 1 {
        low.defs.pop().unwrap_or(Formula::True)
    } else {
        formula::and(low.defs)
    };
    formula::any_of(low.fresh, body)
}

fn simple(e: &Expr) -> Option<Term> {
    match e {
        Expr::Var(v) => Some(Term::Var(v.clone())),
        Expr::Const(c) => Some(Term::Const(*c)),
        _ => None,
    }
}

struct Lowering {
    defs: Vec<Formula>,
    fresh: Vec<String>,
}

impl Lowering {
    fn new_var(&mut self) -> Term {
        let name = format!("#{}", self.fresh.len() + 1);
        self.fresh.push(name.clone());
        Term::Var(name)
    }

    /// A term equal to `e`, with the definitions it needs.
    fn term(&mut self, e: &Expr) -> Term {
        if let Some(t) = simple(e) {
            return t;
        }
        let v = self.new_var();
        let def = self.define(e, v.clone());
        self.defs.push(def);
        v
    }

    /// The atom saying `e = target` for a compound `e` (its operands lowered to terms).
    fn define(&mut self, e: &Expr, target: Term) -> Formula {
        match e {
            Expr::Var(_) | Expr::Const(_) => {
                formula::eq(simple(e).unwrap_or(Term::Const(0)), target)
            }
            Expr::Add(a, b) => {
                let (ta, tb) = (self.term(a), self.term(b));
                formula::add(ta, tb, target)
            }
            Expr::Xor(es) => {
                let ts: Vec<Term> = es.iter().map(|e| self.term(e)).collect();
                formula::xor_all(ts, target)
            }
            Expr::BitAnd(a, b) => {
                let (ta, tb) = (self.term(a), self.term(b));
                formula::bit_and(ta, tb, target)
            }
            Expr::BitOr(a, b) => {
                let (ta, tb) = (self.term(a), self.term(b));
                formula::bit_or(ta, tb, target)
            }
            Expr::Mul(c, a) => {
                let ta = self.term(a);
                formula::mul(*c, ta, target)
            }
            Expr::Div(a, m) => {
                let ta = self.term(a);
                formula::div(ta, *m, target)
            }
            Expr::Mod(a, m) => {
                let ta = self.term(a);
                formula::modulo(ta, *m, target)
            }
            Expr::Ite(c, a, b) => {
                let (ta, tb) = (self.term(a), self.term(b));
                formula::or([
                    formula::and([(**c).clone(), formula::eq(ta, target.clone())]),
                    formula::and([formula::not((**c).clone()), formula::eq(tb, target)]),
                ])
            }
        }
    }
}
