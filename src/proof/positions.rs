//! Induction over whole positions, done by the decider: for a game of a fixed number of piles
//! where a move lowers at least one and at most K piles and leaves the others alone (Nim is
//! K = 1; Moore's Nim_K), a claim `lost(x1, …, xk) = P(x1, …, xk)` becomes the sentence "for
//! every position x, P(x) holds exactly when no option of x satisfies P" — in misère play,
//! exactly when x is not empty and no option satisfies P. Every option has a smaller total, so
//! by strong induction on the total the sentence proves P = lost everywhere. Where it fails, the
//! failing position of smallest total is a position where P is wrong: below that total P =
//! lost, so "no option satisfies P" is `lost` there, and P says the opposite. Pure: a game and
//! an expression in, formulas and a verdict out.

use decide::{Formula, Term, add, all_of, and, any, any_of, eq, ge, iff, implies, le, lt, not, or};

use super::translate::{Lower, Outside};
use crate::expr::Expr;

/// A game of whole positions the decider knows: a move lowers 1 to `most` piles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionGame {
    /// K: the most piles one move may lower (1 for Nim).
    pub most: u64,
    /// Misère play: the player who cannot move wins.
    pub misere: bool,
}

/// What the decider concluded about `lost(x⃗) = P(x⃗)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionVerdict {
    /// P is the set of lost positions, for every position of that many piles.
    Holds { stats: decide::Stats },
    /// P is wrong at `at`, a position of smallest total where it is; `lost` is the truth there.
    Fails {
        at: Vec<u128>,
        lost: bool,
        stats: decide::Stats,
    },
    /// The claim is outside the fragment.
    Outside(Outside),
    /// The decider stopped (a limit, or Ctrl-C).
    Refused(decide::DecideError),
}

/// The verdict, with the sentence decided (in the decider's syntax) if one was built.
#[derive(Debug, Clone)]
pub struct PositionDecision {
    pub verdict: PositionVerdict,
    pub sentence: Option<String>,
}

/// The sentences of one claim: the induction step for every position, and "some position of
/// smallest total fails it" (whose witness is the counterexample).
struct Sentences {
    step: Formula,
    smallest_failure: Formula,
}

/// `P(terms)`: the claim's condition with its variables standing for `terms`.
fn holds_at(
    low: &mut Lower,
    vars: &[String],
    terms: &[Term],
    rhs: &Expr,
) -> Result<Formula, Outside> {
    match (vars, terms) {
        ([], _) | (_, []) => low.truth(rhs),
        ([v, vs @ ..], [t, ts @ ..]) => low.with(v, t.clone(), |l| holds_at(l, vs, ts, rhs)),
    }
}

/// "`total` is the sum of `terms`".
fn sum_is(low: &mut Lower, terms: &[Term], total: Term) -> Formula {
    match terms {
        [] => eq(total, 0),
        [t] => eq(t.clone(), total),
        [first, rest @ ..] => {
            let partial = low.fresh();
            let inner = sum_is(low, rest, Term::Var(partial.clone()));
            any(
                &partial,
                and([inner, add(first.clone(), partial.as_str(), total)]),
            )
        }
    }
}

fn vars(names: &[String]) -> Vec<Term> {
    names.iter().map(|n| Term::Var(n.clone())).collect()
}

/// "The claim's equivalence fails at the position `xs`".
fn fails_at(
    low: &mut Lower,
    game: PositionGame,
    names: &[String],
    xs: &[String],
    rhs: &Expr,
) -> Result<Formula, Outside> {
    let k = xs.len();
    let ys: Vec<String> = (0..k).map(|_| low.fresh()).collect();
    let x = vars(xs);
    let y = vars(&ys);
    let mut option = Vec::new();
    for (xi, yi) in x.iter().zip(&y) {
        option.push(le(yi.clone(), xi.clone()));
    }
    option.push(or(x
        .iter()
        .zip(&y)
        .map(|(xi, yi)| lt(yi.clone(), xi.clone()))));
    // At most K piles lowered: no K + 1 of them all lowered.
    let most = usize::try_from(game.most).unwrap_or(usize::MAX);
    if most < k {
        for subset in subsets(k, most + 1) {
            option.push(not(and(subset
                .iter()
                .map(|&i| lt(y[i].clone(), x[i].clone())))));
        }
    }
    option.push(holds_at(low, names, &y, rhs)?);
    let no_option_in_p = not(any_of(&ys, and(option)));
    let lost = if game.misere {
        and([or(x.iter().map(|xi| ge(xi.clone(), 1))), no_option_in_p])
    } else {
        no_option_in_p
    };
    Ok(not(iff(holds_at(low, names, &x, rhs)?, lost)))
}

/// Every `size`-element subset of 0..n, as ascending indices.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, size: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == size {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, size, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, size, &mut Vec::new(), &mut out);
    out
}

fn sentences(game: PositionGame, names: &[String], rhs: &Expr) -> Result<Sentences, Outside> {
    let mut low = Lower::new();
    let xs: Vec<String> = (1..=names.len()).map(|i| format!("x{i}")).collect();
    let failure = fails_at(&mut low, game, names, &xs, rhs)?;
    let step = all_of(&xs, not(failure.clone()));
    // The smallest total among failures: xs fail, their total is s, and no position of a
    // smaller total fails.
    let zs: Vec<String> = (0..names.len()).map(|_| low.fresh()).collect();
    let (s, t) = (low.fresh(), low.fresh());
    let total = sum_is(&mut low, &vars(&xs), Term::Var(s.clone()));
    let smaller = {
        let sum = sum_is(&mut low, &vars(&zs), Term::Var(t.clone()));
        any(&t, and([sum, lt(t.as_str(), s.as_str())]))
    };
    let z_fails = fails_at(&mut low, game, names, &zs, rhs)?;
    let none_smaller = all_of(&zs, implies(smaller, not(z_fails)));
    let mut witness_vars = xs.clone();
    witness_vars.push(s);
    let smallest_failure = any_of(&witness_vars, and([failure, total, none_smaller]));
    Ok(Sentences {
        step,
        smallest_failure,
    })
}

/// The sentence "for every position, `lost(names) = rhs`" in the decider's syntax, or why
/// the claim is outside the fragment.
pub fn sentence(game: PositionGame, names: &[String], rhs: &Expr) -> Result<Formula, Outside> {
    sentences(game, names, rhs).map(|s| s.step)
}

/// Decides `lost(names) = rhs` for every position of `names.len()` piles under `game`.
pub fn decide_positions(
    game: PositionGame,
    names: &[String],
    rhs: &Expr,
    limits: decide::Limits,
    cancel: &dyn Fn() -> bool,
) -> PositionDecision {
    let s = match sentences(game, names, rhs) {
        Ok(s) => s,
        Err(e) => {
            return PositionDecision {
                verdict: PositionVerdict::Outside(e),
                sentence: None,
            };
        }
    };
    // A sentence too tall to walk is not printed either (printing recurses as deep).
    let printable = s.step.height() <= decide::MAX_HEIGHT;
    let decision = |verdict| PositionDecision {
        verdict,
        sentence: printable.then(|| s.step.to_string()),
    };
    let d = match decide::decide(&s.step, limits, cancel) {
        Ok(d) => d,
        Err(e) => return decision(PositionVerdict::Refused(e)),
    };
    if d.holds {
        return decision(PositionVerdict::Holds { stats: d.stats });
    }
    match decide::witness(&s.smallest_failure, limits, cancel) {
        Ok(Some(values)) => {
            let at: Vec<u128> = values.iter().take(names.len()).map(|&(_, v)| v).collect();
            // At the failure of smallest total the truth is "no option satisfies P", which the
            // failed equivalence says P is not: lost there is the opposite of P, decided as a
            // closed sentence with the position's numbers put in.
            let consts: Option<Vec<Term>> = at
                .iter()
                .map(|&v| u64::try_from(v).ok().map(Term::Const))
                .collect();
            let Some(consts) = consts else {
                return decision(PositionVerdict::Refused(decide::DecideError::WorkLimit {
                    limit: limits.max_work,
                }));
            };
            let p_there = match holds_at(&mut Lower::new(), names, &consts, rhs) {
                Ok(f) => f,
                Err(e) => return decision(PositionVerdict::Outside(e)),
            };
            match decide::decide(&p_there, limits, cancel) {
                Ok(p) => decision(PositionVerdict::Fails {
                    at,
                    lost: !p.holds,
                    stats: d.stats,
                }),
                Err(e) => decision(PositionVerdict::Refused(e)),
            }
        }
        Ok(None) => decision(PositionVerdict::Refused(decide::DecideError::WorkLimit {
            limit: limits.max_work,
        })),
        Err(e) => decision(PositionVerdict::Refused(e)),
    }
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)] // small pile counts and sizes
mod tests {
    use super::*;
    use crate::expr::{Evaluator, Int, Value, parse};

    const LIMITS: decide::Limits = super::super::induction::CONJECTURE_LIMITS;

    fn never() -> bool {
        false
    }

    /// Every position of `k` piles below `side`, lost or not, by the definition: a move lowers
    /// 1 to `most` piles; in misère play the empty position is a win for the player to move.
    /// Positions are indexed in mixed radix, so every option comes before its position.
    fn brute(most: usize, misere: bool, k: usize, side: usize) -> Vec<bool> {
        let count = side.pow(k as u32);
        let digits = |mut i: usize| -> Vec<usize> {
            (0..k)
                .map(|_| {
                    let d = i % side;
                    i /= side;
                    d
                })
                .collect()
        };
        let mut lost = vec![false; count];
        for i in 0..count {
            let x = digits(i);
            if x.iter().all(|&v| v == 0) {
                lost[i] = !misere;
                continue;
            }
            let reaches_lost = (0..i).any(|j| {
                let y = digits(j);
                let lowered = x.iter().zip(&y).filter(|(a, b)| b < a).count();
                lost[j] && x.iter().zip(&y).all(|(a, b)| b <= a) && (1..=most).contains(&lowered)
            });
            lost[i] = !reaches_lost;
        }
        lost
    }

    fn names(k: usize) -> Vec<String> {
        ["a", "b", "c", "d"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn claim(rhs: &Expr, k: usize, x: &[usize]) -> bool {
        let mut eval = Evaluator::new(crate::engine::Rules::Nim);
        for (name, &v) in names(k).iter().zip(x) {
            eval.bind(name, Value::Int(Int::from(v as u64)));
        }
        matches!(eval.eval(rhs), Ok(Value::Bool(true)))
    }

    /// The position of smallest total where the claim differs from brute force, below `side`.
    fn first_wrong(
        game: PositionGame,
        k: usize,
        rhs: &Expr,
        side: usize,
    ) -> Option<(Vec<usize>, bool)> {
        let lost = brute(game.most as usize, game.misere, k, side);
        let mut wrong: Vec<(usize, Vec<usize>, bool)> = Vec::new();
        for (i, &l) in lost.iter().enumerate() {
            let x: Vec<usize> = (0..k).map(|p| i / side.pow(p as u32) % side).collect();
            if claim(rhs, k, &x) != l {
                wrong.push((x.iter().sum(), x, l));
            }
        }
        wrong
            .into_iter()
            .min_by_key(|w| w.0)
            .map(|(_, x, l)| (x, l))
    }

    fn verdict(game: PositionGame, k: usize, rhs: &str) -> PositionVerdict {
        let rhs = parse(rhs).unwrap();
        decide_positions(game, &names(k), &rhs, LIMITS, &never).verdict
    }

    const NIM: PositionGame = PositionGame {
        most: 1,
        misere: false,
    };

    #[test]
    fn bouton_for_two_three_and_four_piles_is_decided_true() {
        for (k, rhs) in [
            (2, "a xor b = 0"),
            (3, "a xor b xor c = 0"),
            (4, "a xor b xor c xor d = 0"),
        ] {
            let side = if k == 4 { 5 } else { 8 };
            assert_eq!(first_wrong(NIM, k, &parse(rhs).unwrap(), side), None);
            assert!(
                matches!(verdict(NIM, k, rhs), PositionVerdict::Holds { .. }),
                "{rhs}"
            );
        }
    }

    #[test]
    fn moores_theorem_for_three_piles_and_k_two_is_decided_true() {
        // Three piles, columns 0 mod 3: each binary column has no 1 or three, so all equal.
        let moore = PositionGame {
            most: 2,
            misere: false,
        };
        let rhs = "a = b and b = c";
        assert_eq!(first_wrong(moore, 3, &parse(rhs).unwrap(), 9), None);
        assert!(matches!(
            verdict(moore, 3, rhs),
            PositionVerdict::Holds { .. }
        ));
        // Nim's rule is wrong for it ((1, 2, 3) has nim-sum 0, but lowering two piles reaches
        // (1, 1, 1)): the decider's failure must have the total of brute force's first one.
        check_failure(moore, 3, "a xor b xor c = 0", 9);
    }

    #[test]
    fn misere_nim_for_two_and_three_piles_is_decided_true() {
        let misere = PositionGame {
            most: 1,
            misere: true,
        };
        for (k, rhs) in [
            (
                2,
                "(a <= 1 and b <= 1 and a + b = 1) or (not (a <= 1 and b <= 1) and a xor b = 0)",
            ),
            (
                3,
                "(a <= 1 and b <= 1 and c <= 1 and odd(a + b + c)) or (not (a <= 1 and b <= 1 and c <= 1) and a xor b xor c = 0)",
            ),
        ] {
            assert_eq!(first_wrong(misere, k, &parse(rhs).unwrap(), 8), None);
            assert!(
                matches!(verdict(misere, k, rhs), PositionVerdict::Holds { .. }),
                "{rhs}"
            );
        }
        // Bouton's normal-play rule in misère play fails first at the empty position.
        check_failure(misere, 2, "a xor b = 0", 8);
    }

    /// The decider's failure has the smallest total brute force finds, is wrong there, and
    /// says the truth.
    fn check_failure(game: PositionGame, k: usize, rhs: &str, side: usize) {
        let expr = parse(rhs).unwrap();
        let (first, _) = first_wrong(game, k, &expr, side).expect("the claim is false");
        let PositionVerdict::Fails { at, lost, .. } = verdict(game, k, rhs) else {
            panic!("{rhs} not decided false");
        };
        let at: Vec<usize> = at.iter().map(|&v| v as usize).collect();
        assert_eq!(
            at.iter().sum::<usize>(),
            first.iter().sum::<usize>(),
            "{rhs}"
        );
        let truth = brute(game.most as usize, game.misere, k, side);
        let index: usize = at
            .iter()
            .enumerate()
            .map(|(p, &v)| v * side.pow(p as u32))
            .sum();
        assert_eq!(lost, truth[index], "{rhs} at {at:?}");
        assert_ne!(claim(&expr, k, &at), truth[index], "{rhs} at {at:?}");
    }

    #[test]
    fn false_claims_fail_at_a_position_of_smallest_total() {
        check_failure(NIM, 3, "a = b or b = c or a = c", 6);
        check_failure(NIM, 2, "a + b = 0", 6);
        check_failure(
            NIM,
            3,
            "(a xor b xor c = 0) and not (a = 2 and b = 3 and c = 1)",
            6,
        );
    }

    #[test]
    fn claims_outside_the_fragment_say_why() {
        assert!(matches!(
            verdict(NIM, 2, "a * b = 0"),
            PositionVerdict::Outside(Outside::Product { .. })
        ));
    }
}
