//! The Sprague–Grundy statements nimlab proves for every n, as formulas: Bouton's theorem and
//! the value of a sum of Nim heaps for k piles, the induction step of zero-move Nim, and
//! Lasker's Nim's closed form. Shared by the tests and the benchmark; each function says
//! which claim it builds, and whether that claim is a theorem is for the caller to know.

use crate::formula::{
    Formula, Term, add, all, all_lt, all_of, and, any, any_lt, eq, even, ge, implies, modulo, not,
    odd, or, xor, xor_all,
};
use crate::translate::{Expr, Rel, rel};

/// How the piles are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PileSum {
    /// Bitwise XOR (Bouton: the true one).
    Xor,
    /// Bitwise OR (a wrong rule, for counterexamples).
    Or,
}

/// The names of k piles: `x1`, …, `xk`.
pub fn pile_names(k: usize) -> Vec<String> {
    (1..=k).map(|i| format!("x{i}")).collect()
}

/// `combine(terms) = z`.
fn sum_is(op: PileSum, terms: &[Term], z: Term) -> Formula {
    match op {
        PileSum::Xor => xor_all(terms.iter().cloned(), z),
        PileSum::Or => {
            let e = terms
                .iter()
                .cloned()
                .map(Expr::from)
                .reduce(|a, b| a | b)
                .unwrap_or(Expr::Const(0));
            rel(e, Rel::Eq, Expr::from(z))
        }
    }
}

/// The piles with pile `i` replaced by the variable `y`.
fn moved(piles: &[String], i: usize, y: &str) -> Vec<Term> {
    piles
        .iter()
        .enumerate()
        .map(|(j, p)| Term::Var(if i == j { y.to_owned() } else { p.clone() }))
        .collect()
}

fn terms(piles: &[String]) -> Vec<Term> {
    piles.iter().map(Term::from).collect()
}

/// "sum = 0 ⇒ every move (decrease one pile) gives sum ≠ 0", for all k piles.
pub fn bouton_p(k: usize, op: PileSum) -> Formula {
    let xs = pile_names(k);
    let moves = (0..k).map(|i| {
        all_lt(
            "y",
            xs[i].as_str(),
            not(sum_is(op, &moved(&xs, i, "y"), Term::Const(0))),
        )
    });
    all_of(
        &xs,
        implies(sum_is(op, &terms(&xs), Term::Const(0)), and(moves)),
    )
}

/// "sum ≠ 0 ⇒ some move gives sum = 0", for all k piles.
pub fn bouton_n(k: usize, op: PileSum) -> Formula {
    let xs = pile_names(k);
    let moves = (0..k).map(|i| {
        any_lt(
            "y",
            xs[i].as_str(),
            sum_is(op, &moved(&xs, i, "y"), Term::Const(0)),
        )
    });
    all_of(
        &xs,
        implies(not(sum_is(op, &terms(&xs), Term::Const(0))), or(moves)),
    )
}

/// `v` is the XOR of the piles after some single-pile decrease.
fn nim_option(xs: &[String], v: &str) -> Formula {
    or((0..xs.len()).map(|i| any_lt("y", xs[i].as_str(), xor_all(moved(xs, i, "y"), v))))
}

/// "the mex of the values of all single-pile decreases is the XOR of the piles" (the value
/// of a sum of k Nim heaps is their XOR), for all k piles.
pub fn nim_sum_value(k: usize) -> Formula {
    let xs = pile_names(k);
    let mex = and([
        not(nim_option(&xs, "s")),
        all_lt("j", "s", nim_option(&xs, "j")),
    ]);
    all_of(&xs, all("s", implies(xor_all(terms(&xs), "s"), mex)))
}

/// "m = mex(S)" for the set whose membership is `member(v)`, with fresh names `j`.
fn is_mex(m: &str, member: &dyn Fn(&str) -> Formula) -> Formula {
    and([not(member(m)), all_lt("j", m, member("j"))])
}

/// Zero-move Nim's closed form f(n) = n + 1 (n odd), n − 1 (n even, n ≥ 2), f(0) = 0, as the
/// relation `y = f(n)`.
fn zero_move_f(n: &str, y: &str) -> Formula {
    or([
        and([odd(n), add(n, 1, y)]),
        and([even(n), ge(n, 2), add(y, 1, n)]),
        and([eq(n, 0), eq(y, 0)]),
    ])
}

/// The textbook's f(n) = n + 1 (n odd), n − 1 (n even), with no case for 0, where n − 1 does
/// not exist.
fn zero_move_textbook_f(n: &str, y: &str) -> Formula {
    or([and([odd(n), add(n, 1, y)]), and([even(n), add(y, 1, n)])])
}

/// The values of the options of state nT (pass available) under closed form `f`: kT
/// (value f(k)) for k < n, taking tokens and keeping the pass, and nF (value n, the pass
/// used) when n ≥ 1. With `with_kf`, also kF (value k) for k < n, as if taking tokens could
/// spend the pass too (a wrong rule, for a counterexample).
fn zero_move_option(f: &dyn Fn(&str, &str) -> Formula, n: &str, v: &str, with_kf: bool) -> Formula {
    let mut options = vec![any_lt("k", n, f("k", v)), and([ge(n, 1), eq(v, n)])];
    if with_kf {
        options.push(any_lt("k", n, eq(v, "k")));
    }
    or(options)
}

/// Zero-move Nim's induction step: for all n ≥ 1 and m = f(n), m is the mex of the options'
/// values.
pub fn zero_move_step() -> Formula {
    let f = |a: &str, b: &str| zero_move_f(a, b);
    let member = |v: &str| zero_move_option(&f, "n", v, false);
    all(
        "n",
        implies(
            ge("n", 1),
            all("m", implies(zero_move_f("n", "m"), is_mex("m", &member))),
        ),
    )
}

/// The same for every n including 0 (where the options are none and f(0) = 0).
pub fn zero_move_step_all() -> Formula {
    let f = |a: &str, b: &str| zero_move_f(a, b);
    let member = |v: &str| zero_move_option(&f, "n", v, false);
    all(
        "n",
        all("m", implies(zero_move_f("n", "m"), is_mex("m", &member))),
    )
}

/// The step for n ≥ 1 with the wrong option set that also has kF for k < n (false: at
/// n = 2 the options' values are 0, 1, 2, so the mex is 3, not f(2) = 1).
pub fn zero_move_step_with_kf() -> Formula {
    let f = |a: &str, b: &str| zero_move_f(a, b);
    let member = |v: &str| zero_move_option(&f, "n", v, true);
    all(
        "n",
        implies(
            ge("n", 1),
            all("m", implies(zero_move_f("n", "m"), is_mex("m", &member))),
        ),
    )
}

/// The textbook variant: for every n, f(n) exists and is the mex of the options' values.
pub fn zero_move_textbook() -> Formula {
    let f = |a: &str, b: &str| zero_move_textbook_f(a, b);
    let member = |v: &str| zero_move_option(&f, "n", v, false);
    all(
        "n",
        any(
            "m",
            and([zero_move_textbook_f("n", "m"), is_mex("m", &member)]),
        ),
    )
}

/// Lasker's Nim's closed form as the relation `y = f(x)`: x for x ≡ 1, 2 (mod 4), x + 1 for
/// x ≡ 3, x − 1 for x ≡ 0 (x ≥ 1), f(0) = 0; `swapped` exchanges the last two cases.
fn lasker_f(x: &str, y: &str, swapped: bool) -> Formula {
    let (three, four) = if swapped {
        (add(y, 1, x), add(x, 1, y))
    } else {
        (add(x, 1, y), add(y, 1, x))
    };
    or([
        and([or([modulo(x, 4, 1), modulo(x, 4, 2)]), eq(y, x)]),
        and([modulo(x, 4, 3), three]),
        and([modulo(x, 4, 0), ge(x, 1), four]),
        and([eq(x, 0), eq(y, 0)]),
    ])
}

/// `v` is the value of an option of a Lasker's Nim heap of n: remove k ≥ 1 tokens, leaving
/// r < n (value f(r)), or split into heaps a, b ≥ 1 (value f(a) xor f(b)).
fn lasker_option(n: &str, v: &str, swapped: bool) -> Formula {
    let split = any(
        "a",
        any(
            "b",
            and([
                ge("a", 1),
                ge("b", 1),
                add("a", "b", n),
                any(
                    "fa",
                    any(
                        "fb",
                        and([
                            lasker_f("a", "fa", swapped),
                            lasker_f("b", "fb", swapped),
                            xor("fa", "fb", v),
                        ]),
                    ),
                ),
            ]),
        ),
    );
    or([any_lt("r", n, lasker_f("r", v, swapped)), split])
}

/// Lasker's Nim's induction step: for all n and m = f(n), m is the mex of the options'
/// values (true as stated; false with the 4k+3 and 4k+4 cases swapped).
pub fn lasker_step(swapped: bool) -> Formula {
    let member = |v: &str| lasker_option("n", v, swapped);
    all(
        "n",
        all(
            "m",
            implies(lasker_f("n", "m", swapped), is_mex("m", &member)),
        ),
    )
}

/// The sum theorem for two Nim heaps: mex({a' xor b : a' < a} ∪ {a xor b' : b' < b}) =
/// a xor b.
pub fn nim_sum_two() -> Formula {
    let member = |v: &str| {
        or([
            any_lt("c", "a", xor("c", "b", v)),
            any_lt("d", "b", xor("a", "d", v)),
        ])
    };
    all(
        "a",
        all(
            "b",
            all("s", implies(xor("a", "b", "s"), is_mex("s", &member))),
        ),
    )
}
