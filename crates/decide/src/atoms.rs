//! The automata of the atoms. Each atom is a small digit-serial machine (LSD first) over its
//! operands, which are tracks or constants; `build` runs it over every letter of the atom's
//! few tracks, with the position in the constants' digits as part of the state. The k-ary
//! XOR has its own builder: its transitions are a parity diagram with two nodes per track,
//! so it stays small for any number of tracks.

use crate::automaton::Automaton;
use crate::bdd::Builder;
use crate::budget::{Budget, DecideError};
use crate::hash::FxHashMap;

/// An operand of an atom: a track (variable id) or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operand {
    Var(u32),
    Const(u64),
}

/// The machine's next state on the operands' digits, or `None` to reject for ever.
type Step<'m> = &'m dyn Fn(u128, &[bool]) -> Option<u128>;

/// The number of binary digits of `c`.
fn bit_len(c: u64) -> u32 {
    64 - c.leading_zeros()
}

fn const_digit(c: u64, pos: u32) -> bool {
    pos < 64 && (c >> pos) & 1 == 1
}

/// The variables among `operands`, each once, in order: the automaton's tracks.
fn tracks_of(operands: &[Operand]) -> Vec<u32> {
    let mut tracks: Vec<u32> = operands
        .iter()
        .filter_map(|o| match o {
            Operand::Var(v) => Some(*v),
            Operand::Const(_) => None,
        })
        .collect();
    tracks.sort_unstable();
    tracks.dedup();
    tracks
}

/// The digits of the longest constant among `operands` (0 if none).
fn longest_constant(operands: &[Operand]) -> u32 {
    operands
        .iter()
        .map(|o| match o {
            Operand::Var(_) => 0,
            Operand::Const(c) => bit_len(*c),
        })
        .max()
        .unwrap_or(0)
}

/// The decision diagram of one state's transitions: `targets` holds the target of each
/// letter, in the order of the letters' codes (the last track deepest); returns its root.
fn letter_tree(
    out: &mut Builder,
    budget: &mut Budget<'_>,
    tracks: &[u32],
    targets: Vec<u32>,
) -> Result<u32, DecideError> {
    let mut level: Vec<u32> = Vec::with_capacity(targets.len());
    for t in targets {
        level.push(out.leaf(budget, t)?);
    }
    for &track in tracks.iter().rev() {
        let mut up = Vec::with_capacity(level.len() / 2);
        for pair in level.chunks(2) {
            up.push(out.node(budget, track, pair[0], pair[1])?);
        }
        level = up;
    }
    Ok(level[0])
}

/// Builds the automaton of a digit-serial machine over `operands`: start state 0, `step`
/// from a state on the operands' digits, `accept` at the end of the word.
pub(crate) fn build(
    operands: &[Operand],
    step: Step<'_>,
    accept: &dyn Fn(u128) -> bool,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let tracks = tracks_of(operands);
    // Constants are read digit by digit: the state remembers the position until past the
    // longest constant.
    let len = longest_constant(operands);
    let digits_at = |pos: u32, letter: &[bool]| -> Vec<bool> {
        operands
            .iter()
            .map(|o| match o {
                Operand::Var(v) => letter[tracks.binary_search(v).unwrap_or(0)],
                Operand::Const(c) => const_digit(*c, pos),
            })
            .collect()
    };
    // A state is (machine state, position) or the sink.
    const SINK: (u128, u32) = (u128::MAX, u32::MAX);
    let mut ids: FxHashMap<(u128, u32), u32> = FxHashMap::default();
    let mut states: Vec<(u128, u32)> = Vec::new();
    let mut intern = |key: (u128, u32), states: &mut Vec<(u128, u32)>, budget: &mut Budget<'_>| {
        if let Some(&id) = ids.get(&key) {
            return Ok(id);
        }
        let id = u32::try_from(states.len()).map_err(|_| budget.overflow())?;
        states.push(key);
        budget.states(states.len())?;
        ids.insert(key, id);
        Ok::<u32, DecideError>(id)
    };
    intern((0, 0), &mut states, budget)?;
    let mut out = Builder::new();
    let mut roots = Vec::new();
    let mut letter = vec![false; tracks.len()];
    let mut next = 0;
    while next < states.len() {
        let (m, pos) = states[next];
        next += 1;
        budget.tick(1)?;
        // Enumerate the letters of the atom's tracks (at most a handful), last track deepest.
        let mut targets = Vec::with_capacity(1 << tracks.len());
        for code in 0..(1u32 << tracks.len()) {
            for (t, d) in letter.iter_mut().enumerate() {
                *d = (code >> (tracks.len() - 1 - t)) & 1 == 1;
            }
            let key = if (m, pos) == SINK {
                SINK
            } else {
                match step(m, &digits_at(pos, &letter)) {
                    Some(n) => (n, (pos + 1).min(len)),
                    None => SINK,
                }
            };
            targets.push(intern(key, &mut states, budget)?);
        }
        roots.push(letter_tree(&mut out, budget, &tracks, targets)?);
    }
    // Acceptance at the end of the word: the constants' remaining digits are still to come,
    // read with zero digits on every track.
    let accepting = states
        .iter()
        .map(|&key| {
            if key == SINK {
                return false;
            }
            let (mut m, mut pos) = key;
            let zeros = vec![false; tracks.len()];
            while pos < len {
                match step(m, &digits_at(pos, &zeros)) {
                    Some(n) => m = n,
                    None => return false,
                }
                pos += 1;
            }
            accept(m)
        })
        .collect();
    Ok(Automaton {
        tracks,
        nodes: out.finish(),
        roots,
        accepting,
    })
}

/// `a + b = c`: the state is the carry.
pub(crate) fn add(
    a: Operand,
    b: Operand,
    c: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let step = |carry: u128, d: &[bool]| {
        let s = carry + u128::from(d[0]) + u128::from(d[1]);
        ((s & 1 == 1) == d[2]).then_some(s >> 1)
    };
    build(&[a, b, c], &step, &|carry| carry == 0, budget)
}

/// Comparison states, LSD first: the most significant differing digit so far decides.
// State 0, the start, is "equal so far".
const LESS: u128 = 1;
const GREATER: u128 = 2;

fn compare(state: u128, a: bool, b: bool) -> u128 {
    match (a, b) {
        (false, true) => LESS,
        (true, false) => GREATER,
        _ => state,
    }
}

/// `a < b`.
pub(crate) fn lt(
    a: Operand,
    b: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let step = |s: u128, d: &[bool]| Some(compare(s, d[0], d[1]));
    build(&[a, b], &step, &|s| s == LESS, budget)
}

/// `a = b`.
pub(crate) fn eq(
    a: Operand,
    b: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let step = |s: u128, d: &[bool]| (d[0] == d[1]).then_some(s);
    build(&[a, b], &step, &|_| true, budget)
}

/// `a and b = c`.
pub(crate) fn bit_and(
    a: Operand,
    b: Operand,
    c: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let step = |s: u128, d: &[bool]| ((d[0] && d[1]) == d[2]).then_some(s);
    build(&[a, b, c], &step, &|_| true, budget)
}

/// `a or b = c`.
pub(crate) fn bit_or(
    a: Operand,
    b: Operand,
    c: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let step = |s: u128, d: &[bool]| ((d[0] || d[1]) == d[2]).then_some(s);
    build(&[a, b, c], &step, &|_| true, budget)
}

/// `c·x = y`: the state is the carry of the running product (less than c).
pub(crate) fn mul(
    c: u64,
    x: Operand,
    y: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let c = u128::from(c);
    let step = move |carry: u128, d: &[bool]| {
        let t = carry + if d[0] { c } else { 0 };
        ((t & 1 == 1) == d[1]).then_some(t >> 1)
    };
    build(&[x, y], &step, &|carry| carry == 0, budget)
}

/// `x = m·q + r and r < m`: the state is the carry of m·q + r and the comparison of r with m.
pub(crate) fn div_mod(
    x: Operand,
    m: u64,
    q: Operand,
    r: Operand,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let mm = u128::from(m);
    let step = move |s: u128, d: &[bool]| {
        let (carry, cmp) = (s / 3, s % 3);
        let t = carry + if d[1] { mm } else { 0 } + u128::from(d[2]);
        ((t & 1 == 1) == d[0]).then_some((t >> 1) * 3 + compare(cmp, d[2], d[3]))
    };
    build(
        &[x, q, r, Operand::Const(m)],
        &step,
        &|s| s / 3 == 0 && s % 3 == LESS,
        budget,
    )
}

/// `odd(x)`: the first digit is 1.
pub(crate) fn odd(x: Operand, budget: &mut Budget<'_>) -> Result<Automaton, DecideError> {
    let step = |s: u128, d: &[bool]| if s == 1 || d[0] { Some(1) } else { None };
    build(&[x], &step, &|s| s == 1, budget)
}

/// `even(x)`: the first digit, if any, is 0.
pub(crate) fn even(x: Operand, budget: &mut Budget<'_>) -> Result<Automaton, DecideError> {
    let step = |s: u128, d: &[bool]| if s == 1 || !d[0] { Some(1) } else { None };
    build(&[x], &step, &|_| true, budget)
}

/// `t1 xor … xor tk = 0` for the operands `terms` (the caller moves z to the left): a
/// variable counts once per occurrence, so pairs cancel; the constants' XOR is what the
/// variables' digits must give. States: the position in that constant's digits, and a sink;
/// transitions: a parity diagram over the tracks.
pub(crate) fn xor_zero(
    terms: &[Operand],
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let mut constant = 0u64;
    let mut vars: Vec<u32> = Vec::new();
    for t in terms {
        match *t {
            Operand::Const(c) => constant ^= c,
            Operand::Var(v) => match vars.iter().position(|&w| w == v) {
                Some(i) => {
                    vars.swap_remove(i);
                }
                None => vars.push(v),
            },
        }
    }
    vars.sort_unstable();
    let len = bit_len(constant);
    // States 0..=len: positions (len: past the constant); len + 1: the sink.
    let sink = len + 1;
    let mut out = Builder::new();
    let mut roots = Vec::new();
    for state in 0..=sink {
        budget.tick(1)?;
        let (good, bad) = if state == sink {
            (sink, sink)
        } else {
            ((state + 1).min(len), sink)
        };
        let want = state != sink && const_digit(constant, state);
        // parity[p]: the diagram below the current level when the digits above have parity p.
        let good_leaf = out.leaf(budget, good)?;
        let bad_leaf = out.leaf(budget, bad)?;
        let mut parity = if want {
            [bad_leaf, good_leaf]
        } else {
            [good_leaf, bad_leaf]
        };
        for &v in vars.iter().rev() {
            let even = out.node(budget, v, parity[0], parity[1])?;
            let odd = out.node(budget, v, parity[1], parity[0])?;
            parity = [even, odd];
        }
        roots.push(parity[0]);
    }
    budget.states(roots.len())?;
    let accepting = (0..=sink).map(|s| s == len).collect();
    Ok(Automaton {
        tracks: vars,
        nodes: out.finish(),
        roots,
        accepting,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limits;

    fn check(a: &Automaton, vars: usize, truth: &dyn Fn(&[u128]) -> bool) {
        // One value per variable, also for a variable the atom does not test.
        let mut a = a.clone();
        a.tracks = (0..u32::try_from(vars).unwrap()).collect();
        let top = if vars == 3 { 16 } else { 64 };
        let mut t = vec![0u128; vars];
        loop {
            for padding in 0..3 {
                assert_eq!(a.accepts(&t, padding), truth(&t), "{t:?} padded {padding}");
            }
            let mut i = 0;
            loop {
                if i == vars {
                    return;
                }
                t[i] += 1;
                if t[i] < top {
                    break;
                }
                t[i] = 0;
                i += 1;
            }
        }
    }

    fn with<T>(f: impl FnOnce(&mut Budget<'_>) -> T) -> T {
        let never = || false;
        let mut b = Budget::new(Limits::UNLIMITED, &never);
        f(&mut b)
    }

    const X: Operand = Operand::Var(0);
    const Y: Operand = Operand::Var(1);
    const Z: Operand = Operand::Var(2);

    #[test]
    fn each_atom_accepts_exactly_its_tuples() {
        with(|b| {
            check(&add(X, Y, Z, b).unwrap(), 3, &|t| t[0] + t[1] == t[2]);
            check(&add(X, X, Y, b).unwrap(), 2, &|t| 2 * t[0] == t[1]);
            check(&add(X, Operand::Const(5), Y, b).unwrap(), 2, &|t| {
                t[0] + 5 == t[1]
            });
            check(&lt(X, Y, b).unwrap(), 2, &|t| t[0] < t[1]);
            check(&lt(X, Operand::Const(37), b).unwrap(), 1, &|t| t[0] < 37);
            check(&eq(X, Operand::Const(4), b).unwrap(), 1, &|t| t[0] == 4);
            check(&bit_and(X, Y, Z, b).unwrap(), 3, &|t| t[0] & t[1] == t[2]);
            check(&bit_or(X, Y, Z, b).unwrap(), 3, &|t| t[0] | t[1] == t[2]);
            check(&mul(3, X, Y, b).unwrap(), 2, &|t| 3 * t[0] == t[1]);
            check(&mul(0, X, Y, b).unwrap(), 2, &|t| t[1] == 0);
            check(&div_mod(X, 3, Y, Z, b).unwrap(), 3, &|t| {
                t[0] / 3 == t[1] && t[0] % 3 == t[2]
            });
            check(&div_mod(X, 5, Y, Operand::Const(2), b).unwrap(), 2, &|t| {
                t[0] / 5 == t[1] && t[0] % 5 == 2
            });
            check(&odd(X, b).unwrap(), 1, &|t| t[0] % 2 == 1);
            check(&even(X, b).unwrap(), 1, &|t| t[0] % 2 == 0);
            check(&xor_zero(&[X, Y, Z], b).unwrap(), 3, &|t| {
                t[0] ^ t[1] ^ t[2] == 0
            });
            check(&xor_zero(&[X, X, Y], b).unwrap(), 2, &|t| t[1] == 0);
            check(
                &xor_zero(&[X, Operand::Const(6), Y, Operand::Const(3)], b).unwrap(),
                2,
                &|t| t[0] ^ t[1] == 5,
            );
        });
    }

    #[test]
    fn k_ary_xor_is_small_for_many_tracks() {
        with(|b| {
            let ops: Vec<Operand> = (0..64).map(Operand::Var).collect();
            let a = xor_zero(&ops, b).unwrap();
            // One live state and the sink; two nodes per track per state at most.
            assert_eq!(a.state_count(), 2);
            assert!(a.node_count() <= 2 * 2 * 64 + 4);
        });
    }
}
