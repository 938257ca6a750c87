//! The built-in functions an expression may call (`odd`, `abs`, `pow`, `popcount`, `odious`,
//! `fib`, `zeckendorf`, `size`, `mex`, `min`,
//! `max`, `nimsum`, `g`, `mexset`, `lost`, `winner`): arity, argument types, and the values
//! they give. Game values come from [`super::games`]; this file decides what a call means.

use std::ops::Range;

use super::{Evaluator, Result, engine, overflow, suggest, type_error};
use crate::engine::verdict;
use crate::engine::{Pile, Rules};
use crate::expr::arith::{self, NoResult};
use crate::expr::ast::{Expr, ExprKind};
use crate::expr::error::{ErrorKind, ExprError, Got, Needed, Takes, TooLarge};
use crate::expr::value::{Int, Value};

/// The functions of one whole number.
const ONE_NUMBER: [&str; 9] = [
    "odd",
    "even",
    "abs",
    "isqrt",
    "popcount",
    "odious",
    "evil",
    "zeckendorf",
    "fib",
];

/// A call of `name` with `found` arguments where it takes `takes`.
fn arity_error(name: &str, takes: Takes, found: usize, span: &Range<usize>) -> ExprError {
    ExprError::new(
        ErrorKind::Arity {
            name: name.to_string(),
            takes,
            found,
        },
        span.clone(),
    )
}

impl Evaluator {
    /// `name(args)`, with `rules` when the call names a ruleset (`g(nim, 7)`), else the default.
    pub(super) fn call(
        &mut self,
        name: &str,
        name_span: &Range<usize>,
        rules: Option<&Rules>,
        args: &[Expr],
        span: &Range<usize>,
    ) -> Result<Value> {
        let arity = |takes: Takes| Err(arity_error(name, takes, args.len(), span));
        let rules = rules.cloned().unwrap_or_else(|| self.rules.clone());
        match name {
            _ if ONE_NUMBER.contains(&name) => {
                let [n] = args else {
                    return arity(Takes::OneNumber);
                };
                self.of_one_number(name, n, span)
            }
            "pow" => {
                let [base, exp] = args else {
                    return arity(Takes::Pow);
                };
                self.pow(base, exp, span)
            }
            "size" => {
                let [s] = args else {
                    return arity(Takes::OneSet);
                };
                let v = self.value(s)?;
                if !matches!(v, Value::Set(_) | Value::Range(..)) {
                    return Err(type_error(Needed::SetOrRange, v, &s.span));
                }
                v.element_count()
                    .and_then(|n| Int::try_from(n).ok())
                    .map(Value::Int)
                    .ok_or_else(|| overflow(TooLarge::Computed(format!("size({v})")), span))
            }
            "mex" | "min" | "max" => {
                let values = self.numbers(args, span)?;
                match name {
                    "mex" => Ok(Value::Int(mex_of(&values))),
                    "min" => least_or_greatest(values.first(), span),
                    _ => least_or_greatest(values.last(), span),
                }
            }
            "nimsum" => self.nimsum(args),
            "g" | "mexset" | "lost" | "misere" | "mg" | "winner" | "draw" => {
                self.of_game(name, name_span, &rules, args, span)
            }
            _ => Err(ExprError::new(
                ErrorKind::UnknownFunction {
                    name: name.to_string(),
                    suggestion: suggest(name),
                },
                name_span.clone(),
            )),
        }
    }

    /// A function of one whole number ([`ONE_NUMBER`]): `odd(n)`, `abs(n)`, `fib(n)`, ….
    fn of_one_number(&mut self, name: &str, n: &Expr, span: &Range<usize>) -> Result<Value> {
        let v = self.int(n)?;
        let natural = || {
            if v < 0 {
                Err(type_error(Needed::NonNegative, Value::Int(v), &n.span))
            } else {
                Ok(v)
            }
        };
        match name {
            "odd" | "even" => Ok(Value::Bool((v.rem_euclid(2) == 1) == (name == "odd"))),
            "abs" => v
                .checked_abs()
                .map(Value::Int)
                .ok_or_else(|| overflow(TooLarge::Computed(format!("abs({v})")), span)),
            "isqrt" => Ok(Value::Int(natural()?.isqrt())),
            "popcount" => Ok(Value::Int(Int::from(natural()?.count_ones()))),
            // Odious: an odd number of binary 1s; evil: an even number (Winning Ways).
            "odious" | "evil" => Ok(Value::Bool(
                (natural()?.count_ones() % 2 == 1) == (name == "odious"),
            )),
            "zeckendorf" => Ok(Value::Set(zeckendorf(natural()?))),
            _ => fibonacci(natural()?)
                .map(Value::Int)
                .ok_or_else(|| overflow(TooLarge::Computed(format!("fib({v})")), span)),
        }
    }

    /// A function of a game's states: `g`, `mexset`, `lost`, `misere`, `mg`, `winner`, and on
    /// a loopy graph `draw`.
    fn of_game(
        &mut self,
        name: &str,
        name_span: &Range<usize>,
        rules: &Rules,
        args: &[Expr],
        span: &Range<usize>,
    ) -> Result<Value> {
        let arity = |takes: Takes| Err(arity_error(name, takes, args.len(), span));
        if matches!(rules, Rules::Graph(graph) if graph.is_loopy()) {
            if args.is_empty() {
                return arity(Takes::GraphPositions);
            }
            let mut piles = Vec::with_capacity(args.len());
            for a in args {
                piles.push(self.pile(rules, a)?);
            }
            self.tick(args.len() as u64, span)?;
            return self.loopy(name, rules, &piles, span);
        }
        match name {
            "draw" => Err(ExprError::new(
                ErrorKind::Type {
                    needed: Needed::LoopyGraph,
                    got: Got::Bare(rules.to_string()),
                },
                name_span.clone(),
            )),
            "winner" => self.winner(rules, args, span),
            _ => {
                if args.is_empty() {
                    return arity(Takes::States);
                }
                let mut piles = Vec::with_capacity(args.len());
                for a in args {
                    piles.push(self.pile(rules, a)?);
                }
                self.value_defined(rules, &piles, span)?;
                match (name, piles.as_slice()) {
                    // Misère play of any ruleset: who wins, by game-tree search.
                    ("misere" | "mg", _) => self.search(name, rules, &piles, span),
                    ("g", [pile]) => self.grundy(rules, *pile, span),
                    ("mexset", [pile]) => self.mex_set(rules, *pile, span),
                    _ => self.search(name, rules, &piles, span),
                }
            }
        }
    }

    /// `pow(base, exp)`: exact, refused when it overflows or is not a whole number.
    fn pow(&mut self, base: &Expr, exp: &Expr, span: &Range<usize>) -> Result<Value> {
        let b = self.int(base)?;
        let e = self.int(exp)?;
        let what = || format!("pow({b}, {e})");
        arith::pow(b, e)
            .map(Value::Int)
            .map_err(|refusal| match refusal {
                // 0 to a negative power is 1 / 0.
                NoResult::DivisionByZero => {
                    ExprError::new(ErrorKind::DivisionByZero, base.span.clone())
                }
                NoResult::Overflow => overflow(TooLarge::Computed(what()), span),
                NoResult::Fraction => {
                    ExprError::new(ErrorKind::NotWhole { what: what() }, span.clone())
                }
            })
    }

    /// `nimsum(a, b, …)`: the XOR of values ≥ 0.
    fn nimsum(&mut self, args: &[Expr]) -> Result<Value> {
        let mut sum: Int = 0;
        for a in args {
            let v = self.int(a)?;
            if v < 0 {
                return Err(type_error(Needed::NimsumTerm, Value::Int(v), &a.span));
            }
            sum ^= v;
        }
        Ok(Value::Int(sum))
    }

    /// `winner(STATE, …)`: who wins the sum of the states with best play.
    fn winner(&mut self, rules: &Rules, args: &[Expr], span: &Range<usize>) -> Result<Value> {
        let mut piles = Vec::with_capacity(args.len());
        for a in args {
            piles.push(self.pile(rules, a)?);
        }
        self.tick(args.len() as u64, span)?;
        self.value_defined(rules, &piles, span)?;
        let solver = self.solver(rules, &piles, span)?;
        let v = verdict(solver, &piles).map_err(|e| engine(e, span))?;
        Ok(Value::Player(v.winner))
    }

    /// The numbers of a call's arguments: one set or range, or several numbers; sorted.
    fn numbers(&mut self, args: &[Expr], span: &Range<usize>) -> Result<Vec<Int>> {
        if let [single] = args {
            let v = self.value(single)?;
            if matches!(v, Value::Set(_) | Value::Range(..)) {
                return Ok(self.set_of(v, &single.span)?.into_iter().collect());
            }
            if let Value::Int(x) = v {
                return Ok(vec![x]);
            }
            return Err(type_error(Needed::SetOrNumbers, v, &single.span));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.int(a)?);
        }
        self.tick(args.len() as u64, span)?;
        values.sort_unstable();
        values.dedup();
        Ok(values)
    }

    /// Values the piles of a defined game before anything reads their options: the searches
    /// and `mexset` read a defined game's options as computed, so they must be.
    fn value_defined(&mut self, rules: &Rules, piles: &[Pile], span: &Range<usize>) -> Result<()> {
        if let Rules::Defined(_) = rules {
            for &pile in piles {
                self.solver(rules, &[pile], span)?;
            }
        }
        Ok(())
    }

    /// A state of `rules` from a number (`7`, the ruleset's starting state) or a state (`7F`);
    /// for a defined game of tuples, a tuple `(3, 5)`.
    fn pile(&mut self, rules: &Rules, expr: &Expr) -> Result<Pile> {
        if let (Rules::Defined(game), ExprKind::Tuple(items)) = (rules, &expr.kind)
            && game.has_tuples()
        {
            let mut tuple = Vec::with_capacity(items.len());
            for item in items {
                let v = self.int(item)?;
                tuple.push(u64::try_from(v).map_err(|_| {
                    ExprError::new(
                        ErrorKind::Type {
                            needed: Needed::TuplePart,
                            got: Got::Bare(v.to_string()),
                        },
                        item.span.clone(),
                    )
                })?);
            }
            // A state as a player may write it: a Northcott row's counters on different
            // squares, a Chomp board's rows never growing upwards; as on a command's line.
            if game.takes_length(tuple.len()) && !game.is_row(&tuple) {
                let written: Vec<String> = tuple.iter().map(u64::to_string).collect();
                let error = crate::engine::EngineError::BadPile {
                    token: format!("({})", written.join(",")),
                    expected: game.not_a_row(),
                };
                return Err(engine(error, &expr.span));
            }
            return game
                .intern(&tuple)
                .map(Pile::plain)
                .map_err(|e| engine(e, &expr.span));
        }
        let (size, pass) = match self.value(expr)? {
            Value::Int(n) => (n, None),
            Value::State { size, pass } => (size, pass),
            other => {
                return Err(type_error(Needed::Pile, other, &expr.span));
            }
        };
        let size = u64::try_from(size).map_err(|_| {
            ExprError::new(
                ErrorKind::Type {
                    needed: Needed::PileSize,
                    got: Got::Bare(size.to_string()),
                },
                expr.span.clone(),
            )
        })?;
        // A graph whose positions are named by numbers is read by name, as on a command's line.
        if let (Rules::Graph(graph), None) = (rules, pass)
            && graph.named_by_numbers()
        {
            return graph
                .node(&size.to_string())
                .map(Pile::plain)
                .ok_or_else(|| {
                    engine(
                        crate::engine::EngineError::BadPile {
                            token: size.to_string(),
                            expected: graph.pile_syntax(),
                        },
                        &expr.span,
                    )
                });
        }
        match (pass, rules.has_pass()) {
            (None, _) => Ok(rules.pile(size)),
            (Some(p), true) => Ok(Pile::zero_move(size, p)),
            (Some(p), false) => Err(ExprError::new(
                ErrorKind::Type {
                    needed: Needed::PlainSize {
                        rules: rules.to_string(),
                    },
                    got: Got::Bare(
                        Value::State {
                            size: Int::from(size),
                            pass: Some(p),
                        }
                        .to_string(),
                    ),
                },
                expr.span.clone(),
            )),
        }
    }
}

/// The least natural number not among sorted `values`.
fn mex_of(values: &[Int]) -> Int {
    let mut m = 0;
    for &v in values {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// The least or greatest of `min`/`max`'s numbers: refused when there were none.
fn least_or_greatest(pick: Option<&Int>, span: &Range<usize>) -> Result<Value> {
    pick.copied().map(Value::Int).ok_or_else(|| {
        ExprError::new(
            ErrorKind::Type {
                needed: Needed::SomeNumber,
                got: Got::EmptySet,
            },
            span.clone(),
        )
    })
}

/// `fib(n)`: F(0) = 0, F(1) = 1, F(n) = F(n − 1) + F(n − 2); `None` once F(n) itself
/// overflows (F(184) ≈ 1.27·10^38 is the last that fits: F(185) ≈ 2.06·10^38 passes
/// 2^127 − 1). The number after F(n) is not needed, so it may overflow.
fn fibonacci(n: Int) -> Option<Int> {
    let (mut a, mut b): (Int, Option<Int>) = (0, Some(1));
    for _ in 0..n {
        let next = b?;
        b = a.checked_add(next);
        a = next;
    }
    Some(a)
}

/// `zeckendorf(n)`: the Fibonacci numbers 1, 2, 3, 5, 8, … summing to n with no two
/// consecutive (Zeckendorf's theorem), found greedily: the largest that fits, then the rest.
fn zeckendorf(mut n: Int) -> std::collections::BTreeSet<Int> {
    let mut fibs: Vec<Int> = vec![1, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        if next > n {
            break;
        }
        fibs.push(next);
    }
    let mut terms = std::collections::BTreeSet::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            terms.insert(f);
            n -= f;
        }
    }
    terms
}
