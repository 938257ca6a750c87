//! A decision procedure for first-order claims over the natural numbers with `+`, `<`, `=`,
//! constants, multiplication, `div` and `mod` by constants, and the bitwise `xor`, `and`, `or`
//! (Büchi arithmetic), by finite automata reading the numbers' binary digits, least
//! significant digit first.
//!
//! Build a [`Formula`] with the builder functions (or [`parse`] its text), then [`decide`] a
//! sentence, [`compile`] a formula with free variables to its [`Automaton`], or ask for the
//! smallest [`counterexample`] of a false `all …` claim. Every run takes [`Limits`] and a
//! cancellation hook, and ends with a value: the answer with its [`Stats`], or a
//! [`DecideError`]. The engine is pure: no input, output or text of its own.
//!
//! Transitions are decision diagrams over the digit tracks (one per state, shared in an
//! arena), so an automaton with m tracks costs its diagram's size, not 2^m letters; and the
//! k-ary XOR is one atom with a one-state automaton.
//!
//! ```
//! use decide::{all, any, add, decide, counterexample, parse, Limits};
//! let never = || false;
//! // Every number has a successor.
//! let claim = all("x", any("y", add("x", 1, "y")));
//! assert!(decide(&claim, Limits::default(), &never).unwrap().holds);
//! // Not every number is even: the smallest counterexample is 1.
//! let claim = parse("all x: any y: x = y + y").unwrap();
//! assert!(!decide(&claim, Limits::default(), &never).unwrap().holds);
//! let cx = counterexample(&claim, Limits::default(), &never).unwrap().unwrap();
//! assert_eq!(cx, vec![("x".to_string(), 1)]);
//! ```

#![warn(missing_docs)]

mod atoms;
mod automaton;
mod bdd;
mod budget;
mod compile;
mod formula;
mod hash;
mod minimise;
mod natural;
pub mod nim;
mod ops;
mod parse;
mod translate;
mod witness;

pub use automaton::{Automaton, Transition};
pub use budget::{DecideError, Limits, Stats};
pub use formula::{
    Atom, Bound, Formula, MAX_HEIGHT, Quant, Term, add, all, all_le, all_lt, all_of, and, any,
    any_le, any_lt, any_of, bit_and, bit_or, div, eq, even, ge, gt, iff, implies, konst, le, lt,
    modulo, mul, ne, not, odd, or, var, xor, xor_all,
};
pub use natural::Natural;
pub use parse::{MAX_DEPTH, MAX_OPERATORS, ParseError, ParseErrorKind, Wanted, parse};
pub use translate::{Expr, Rel, ite, rel};

use budget::Budget;
use compile::Compiler;

/// The answer for a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Whether the sentence is true.
    pub holds: bool,
    /// Figures about the run.
    pub stats: Stats,
}

/// Refuses a formula taller than [`MAX_HEIGHT`], before any recursive walk over it.
fn short_enough(f: &Formula) -> Result<(), DecideError> {
    if f.height() > MAX_HEIGHT {
        return Err(DecideError::TooDeep { limit: MAX_HEIGHT });
    }
    Ok(())
}

/// Decides a sentence (a formula without free variables).
pub fn decide(
    f: &Formula,
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> Result<Decision, DecideError> {
    short_enough(f)?;
    let free = f.free_vars();
    if !free.is_empty() {
        return Err(DecideError::FreeVariables { names: free });
    }
    let c = compile(f, limits, cancel)?;
    Ok(Decision {
        holds: c.automaton.accepting[0],
        stats: c.stats,
    })
}

/// The automaton of a formula with free variables, as tracks in their order of first
/// appearance.
pub fn compile(
    f: &Formula,
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> Result<Compiled, DecideError> {
    short_enough(f)?;
    let free = f.free_vars();
    compile_with_order(f, &free, limits, cancel)
}

/// The automaton of a formula whose free variables are among `order`, with one track per name
/// of `order`, in that order (a name the formula does not use is a track it does not test).
pub fn compile_with_order(
    f: &Formula,
    order: &[String],
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> Result<Compiled, DecideError> {
    short_enough(f)?;
    let free = f.free_vars();
    let mut names: Vec<String> = Vec::new();
    for name in order {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    if free.iter().any(|v| !names.contains(v)) {
        return Err(DecideError::FreeOrderMismatch { free });
    }
    let mut budget = Budget::new(limits, cancel);
    let mut compiler = Compiler::new(&mut budget, &names);
    let mut automaton = compiler.formula(f)?;
    automaton.tracks = compiler.free_ids();
    budget.stats.final_states = automaton.state_count();
    Ok(Compiled {
        automaton,
        free: names,
        stats: budget.stats,
        limits,
    })
}

/// A formula's automaton with the names of its tracks.
#[derive(Clone, Debug)]
pub struct Compiled {
    automaton: Automaton,
    free: Vec<String>,
    stats: Stats,
    limits: Limits,
}

impl Compiled {
    /// The minimal automaton.
    pub fn automaton(&self) -> &Automaton {
        &self.automaton
    }

    /// The free variables, in track order.
    pub fn free_vars(&self) -> &[String] {
        &self.free
    }

    /// Figures about the compilation.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// For a sentence, whether it holds; for a formula, whether it holds with every free
    /// variable 0.
    pub fn holds_at_zero(&self) -> bool {
        self.automaton.accepting[0]
    }

    /// Whether the formula holds for `values` (one per free variable, in track order).
    pub fn accepts(&self, values: &[u128]) -> bool {
        self.automaton.accepts(values, 0)
    }

    /// As `accepts`, reading `padding` extra all-zero letters after the digits.
    pub fn accepts_padded(&self, values: &[u128], padding: usize) -> bool {
        self.automaton.accepts(values, padding)
    }

    /// The smallest satisfying values (one per free variable, in track order), or `None` if
    /// there are none. Smallest: fewest binary digits of the largest value first, then the
    /// digits compared from the most significant position down, at each position the first
    /// variable's digit first (for one variable, the ordinary order).
    pub fn smallest(&self, cancel: &dyn Fn() -> bool) -> Result<Option<Vec<u128>>, DecideError> {
        let mut budget = Budget::new(self.limits, cancel);
        match witness::smallest_word(&self.automaton, &mut budget)? {
            None => Ok(None),
            Some(word) => witness::values(&word, self.automaton.track_count()).map(Some),
        }
    }

    /// As [`Compiled::smallest`], each value exact however many digits it has.
    pub fn smallest_exact(
        &self,
        cancel: &dyn Fn() -> bool,
    ) -> Result<Option<Vec<Natural>>, DecideError> {
        let mut budget = Budget::new(self.limits, cancel);
        match witness::smallest_word(&self.automaton, &mut budget)? {
            None => Ok(None),
            Some(word) => Ok(Some(witness::naturals(&word, self.automaton.track_count()))),
        }
    }

    /// The automaton in Graphviz DOT, with the tracks named.
    pub fn to_dot(&self) -> String {
        self.automaton.to_dot(&self.free)
    }
}

/// The smallest counterexample of a claim `all x1: … all xk: body` (leading universal
/// quantifiers, bounded or not, and guards `g ⇒ all x: …` between them): the smallest values of x1, …, xk (in the order of
/// `Compiled::smallest`) where the bounds hold and `body` fails, with their names; `None` if
/// the claim holds. A formula without leading `all` has no variables to report: `Some` of an
/// empty list if it is false, `None` if true.
pub fn counterexample(
    f: &Formula,
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> Result<Option<Vec<(String, u128)>>, DecideError> {
    let Some(cx) = counterexample_exact(f, limits, cancel)? else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(cx.len());
    for (name, value) in cx {
        let Some(v) = value.to_u128() else {
            return Err(DecideError::WitnessTooLarge {
                digits: value.bits(),
            });
        };
        out.push((name, v));
    }
    Ok(Some(out))
}

/// As [`counterexample`], each value exact however many binary digits it has: a false
/// claim's smallest counterexample is always found and shown, past 2^128 too.
pub fn counterexample_exact(
    f: &Formula,
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> Result<Option<Vec<(String, Natural)>>, DecideError> {
    short_enough(f)?;
    let mut names = Vec::new();
    let mut guards = Vec::new();
    let mut body = f;
    loop {
        match body {
            Formula::Quant {
                quant: Quant::All,
                var,
                bound,
                body: inner,
            } => {
                names.push(var.clone());
                match bound {
                    None => {}
                    Some(Bound::Lt(t)) => guards.push(lt(var.as_str(), t.clone())),
                    Some(Bound::Le(t)) => guards.push(le(var.as_str(), t.clone())),
                }
                body = inner;
            }
            // `guard ⇒ all x: …` is `all x: guard ⇒ …` when x is not free in the guard.
            Formula::Implies(guard, inner)
                if matches!(&**inner, Formula::Quant { quant: Quant::All, var, .. }
                    if !guard.free_vars().contains(var)) =>
            {
                guards.push((**guard).clone());
                body = inner;
            }
            _ => break,
        }
    }
    // A name bound twice: the inner one is the one the body sees; keep the last.
    let mut unique: Vec<String> = Vec::new();
    for n in names.iter().rev() {
        if !unique.contains(n) {
            unique.insert(0, n.clone());
        }
    }
    guards.push(not(body.clone()));
    let negated = and(guards);
    let order = unique.clone();
    for v in negated.free_vars() {
        if !order.contains(&v) {
            return Err(DecideError::FreeVariables { names: vec![v] });
        }
    }
    let c = compile_with_order(&negated, &order, limits, cancel)?;
    Ok(c.smallest_exact(cancel)?
        .map(|vals| unique.into_iter().zip(vals).collect()))
}

/// The smallest witness of a claim `any x1: … any xk: body` (leading existential
/// quantifiers, bounded or not): the smallest values of x1, …, xk (in the order of
/// `Compiled::smallest`) where the bounds and `body` hold, with their names; `None` if the
/// claim is false. A formula without leading `any` has no variables to report: `Some` of an
/// empty list if it is true.
pub fn witness(
    f: &Formula,
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> Result<Option<Vec<(String, u128)>>, DecideError> {
    short_enough(f)?;
    let mut names = Vec::new();
    let mut parts = Vec::new();
    let mut body = f;
    while let Formula::Quant {
        quant: Quant::Any,
        var,
        bound,
        body: inner,
    } = body
    {
        names.push(var.clone());
        match bound {
            None => {}
            Some(Bound::Lt(t)) => parts.push(lt(var.as_str(), t.clone())),
            Some(Bound::Le(t)) => parts.push(le(var.as_str(), t.clone())),
        }
        body = inner;
    }
    let mut unique: Vec<String> = Vec::new();
    for n in names.iter().rev() {
        if !unique.contains(n) {
            unique.insert(0, n.clone());
        }
    }
    parts.push(body.clone());
    let conjunction = and(parts);
    if let Some(v) = conjunction
        .free_vars()
        .into_iter()
        .find(|v| !unique.contains(v))
    {
        return Err(DecideError::FreeVariables { names: vec![v] });
    }
    let c = compile_with_order(&conjunction, &unique, limits, cancel)?;
    Ok(c.smallest(cancel)?
        .map(|vals| unique.into_iter().zip(vals).collect()))
}

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
