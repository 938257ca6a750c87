//! Differential test: random formulas of the fragment with up to three free variables (x, y,
//! z), quantifiers bounded so that direct evaluation is finite; the automaton must accept a
//! tuple exactly when direct evaluation says true, and accept it alike with 1 to 3 extra
//! padding letters. The tuples checked: every tuple below 2^3, every tuple of a dozen
//! boundary values below 2^8, and random tuples below 2^8. The smallest satisfying tuple is
//! checked against brute force over every tuple below 2^4. A second property checks every
//! tuple below 2^8 — all 2^24 — for formulas whose quantifiers have constant bounds.

use decide::{Atom, Bound, Formula, Limits, Quant, Term, compile_with_order};
use proptest::prelude::*;

const NAMES: [&str; 3] = ["x", "y", "z"];

fn term() -> impl Strategy<Value = Term> {
    prop_oneof![
        3 => (0..3usize).prop_map(|i| Term::Var(NAMES[i].to_owned())),
        1 => (0..10u64).prop_map(Term::Const),
    ]
}

fn atom() -> impl Strategy<Value = Atom> {
    prop_oneof![
        (term(), term(), term()).prop_map(|(a, b, c)| Atom::Add(a, b, c)),
        (term(), term()).prop_map(|(a, b)| Atom::Lt(a, b)),
        (term(), term()).prop_map(|(a, b)| Atom::Eq(a, b)),
        (prop::collection::vec(term(), 0..5), term()).prop_map(|(ts, z)| Atom::Xor(ts, z)),
        (term(), term(), term()).prop_map(|(a, b, c)| Atom::BitAnd(a, b, c)),
        (term(), term(), term()).prop_map(|(a, b, c)| Atom::BitOr(a, b, c)),
        (0..5u64, term(), term()).prop_map(|(c, a, b)| Atom::Mul(c, a, b)),
        (term(), 1..6u64, term()).prop_map(|(a, m, b)| Atom::Div(a, m, b)),
        (term(), 1..6u64, term()).prop_map(|(a, m, b)| Atom::Mod(a, m, b)),
        term().prop_map(Atom::Odd),
        term().prop_map(Atom::Even),
    ]
}

/// A bound: a variable or a small constant.
fn bound() -> impl Strategy<Value = Bound> {
    let t = prop_oneof![
        (0..3usize).prop_map(|i| Term::Var(NAMES[i].to_owned())),
        (0..13u64).prop_map(Term::Const),
    ];
    (t, any::<bool>()).prop_map(|(t, strict)| if strict { Bound::Lt(t) } else { Bound::Le(t) })
}

fn formula() -> impl Strategy<Value = Formula> {
    let leaf = prop_oneof![
        10 => atom().prop_map(Formula::Atom),
        1 => Just(Formula::True),
        1 => Just(Formula::False),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|f| Formula::Not(Box::new(f))),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Formula::And),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Formula::Or),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Formula::Implies(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Formula::Iff(Box::new(a), Box::new(b))),
            // Quantifiers rebind x, y or z: shadowing is tested too.
            (any::<bool>(), 0..3usize, bound(), inner).prop_map(|(all, i, b, body)| {
                Formula::Quant {
                    quant: if all { Quant::All } else { Quant::Any },
                    var: NAMES[i].to_owned(),
                    bound: Some(b),
                    body: Box::new(body),
                }
            }),
        ]
    })
}

/// Quantifier nesting depth (bounded quantifiers over values up to 255 cost 256^depth).
fn depth(f: &Formula) -> usize {
    match f {
        Formula::True | Formula::False | Formula::Atom(_) => 0,
        Formula::Not(g) => depth(g),
        Formula::And(fs) | Formula::Or(fs) => fs.iter().map(depth).max().unwrap_or(0),
        Formula::Implies(a, b) | Formula::Iff(a, b) => depth(a).max(depth(b)),
        Formula::Quant { body, .. } => 1 + depth(body),
    }
}

fn value(t: &Term, env: &[(String, u128)]) -> u128 {
    match t {
        Term::Const(c) => u128::from(*c),
        Term::Var(v) => env
            .iter()
            .rev()
            .find(|(n, _)| n == v)
            .map(|&(_, x)| x)
            .expect("bound"),
    }
}

fn eval(f: &Formula, env: &mut Vec<(String, u128)>) -> bool {
    match f {
        Formula::True => true,
        Formula::False => false,
        Formula::Atom(a) => {
            let v = |t: &Term| value(t, env);
            match a {
                Atom::Add(a, b, c) => v(a) + v(b) == v(c),
                Atom::Lt(a, b) => v(a) < v(b),
                Atom::Eq(a, b) => v(a) == v(b),
                Atom::Xor(ts, z) => ts.iter().fold(0, |acc, t| acc ^ v(t)) == v(z),
                Atom::BitAnd(a, b, c) => v(a) & v(b) == v(c),
                Atom::BitOr(a, b, c) => v(a) | v(b) == v(c),
                Atom::Mul(c, a, b) => u128::from(*c) * v(a) == v(b),
                Atom::Div(a, m, b) => v(a) / u128::from(*m) == v(b),
                Atom::Mod(a, m, b) => v(a) % u128::from(*m) == v(b),
                Atom::Odd(a) => v(a) % 2 == 1,
                Atom::Even(a) => v(a) % 2 == 0,
            }
        }
        Formula::Not(g) => !eval(g, env),
        Formula::And(fs) => fs.iter().all(|g| eval(g, env)),
        Formula::Or(fs) => fs.iter().any(|g| eval(g, env)),
        Formula::Implies(a, b) => !eval(a, env) || eval(b, env),
        Formula::Iff(a, b) => eval(a, env) == eval(b, env),
        Formula::Quant {
            quant,
            var,
            bound,
            body,
        } => {
            let top = match bound {
                Some(Bound::Lt(t)) => value(t, env),
                Some(Bound::Le(t)) => value(t, env) + 1,
                None => panic!("unbounded quantifier in the differential test"),
            };
            let mut result = *quant == Quant::All;
            for x in 0..top {
                env.push((var.clone(), x));
                let b = eval(body, env);
                env.pop();
                if b != result {
                    result = b;
                    break;
                }
            }
            result
        }
    }
}

fn tuples(random: &[(u8, u8, u8)]) -> Vec<[u128; 3]> {
    let mut out = Vec::new();
    for a in 0..8 {
        for b in 0..8 {
            for c in 0..8 {
                out.push([a, b, c]);
            }
        }
    }
    let edge = [0u128, 1, 2, 3, 4, 7, 8, 15, 16, 127, 128, 255];
    for &a in &edge {
        for &b in &edge {
            for &c in &edge {
                out.push([a, b, c]);
            }
        }
    }
    out.extend(
        random
            .iter()
            .map(|&(a, b, c)| [a.into(), b.into(), c.into()]),
    );
    out
}

/// The order of `Compiled::smallest`: bit length of the largest value, then the digits from
/// the most significant position down, x's digit before y's before z's at each position.
fn order_key(t: &[u128; 3]) -> (u32, u128) {
    let len = t.iter().map(|v| 128 - v.leading_zeros()).max().unwrap_or(0);
    let mut key = 0u128;
    for pos in (0..len).rev() {
        for v in t {
            key = key << 1 | (v >> pos) & 1;
        }
    }
    (len, key)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn automaton_agrees_with_evaluation(
        f in formula().prop_filter("two quantifier levels at most", |f| depth(f) <= 2),
        random in prop::collection::vec(any::<(u8, u8, u8)>(), 64),
    ) {
        let order: Vec<String> = NAMES.iter().map(|s| (*s).to_owned()).collect();
        let c = compile_with_order(&f, &order, Limits::default(), &|| false).expect("compiles");
        for t in tuples(&random) {
            let mut env: Vec<(String, u128)> = order.iter().cloned().zip(t).collect();
            let expected = eval(&f, &mut env);
            prop_assert_eq!(c.accepts(&t), expected, "formula {} at {:?}", f, t);
            for padding in 1..=3 {
                prop_assert_eq!(c.accepts_padded(&t, padding), expected, "formula {} at {:?} padded {}", f, t, padding);
            }
        }
        // The smallest satisfying tuple: by brute force among the tuples below 2^4 (any
        // smaller tuple in the order has fewer digits, so it is below 2^4 too).
        let mut best: Option<[u128; 3]> = None;
        for a in 0..16 {
            for b in 0..16 {
                for d in 0..16 {
                    let t = [a, b, d];
                    let mut env: Vec<(String, u128)> = order.iter().cloned().zip(t).collect();
                    if eval(&f, &mut env) && best.is_none_or(|o| order_key(&t) < order_key(&o)) {
                        best = Some(t);
                    }
                }
            }
        }
        let smallest = c.smallest(&|| false).expect("finds");
        match best {
            Some(t) => prop_assert_eq!(smallest, Some(t.to_vec()), "formula {}", f),
            None => {
                if let Some(w) = smallest {
                    prop_assert!(w.iter().any(|&v| v >= 16), "formula {} witness {:?}", f, w);
                }
            }
        }
    }
}

/// Whether every quantifier's bound is a constant (so direct evaluation of a tuple costs at
/// most 13 iterations a level).
fn constant_bounds(f: &Formula) -> bool {
    match f {
        Formula::True | Formula::False | Formula::Atom(_) => true,
        Formula::Not(g) => constant_bounds(g),
        Formula::And(fs) | Formula::Or(fs) => fs.iter().all(constant_bounds),
        Formula::Implies(a, b) | Formula::Iff(a, b) => constant_bounds(a) && constant_bounds(b),
        Formula::Quant { bound, body, .. } => {
            matches!(
                bound,
                Some(Bound::Lt(Term::Const(_)) | Bound::Le(Term::Const(_)))
            ) && constant_bounds(body)
        }
    }
}

/// The slot of x, y or z.
fn slot(name: &str) -> usize {
    NAMES.iter().position(|n| *n == name).expect("x, y or z")
}

/// Direct evaluation with the three variables in fixed slots (a quantifier saves and restores
/// the slot it rebinds): the same meaning as `eval`, fast enough for 2^24 tuples.
fn eval_slots(f: &Formula, env: &mut [u128; 3]) -> bool {
    let v = |t: &Term, env: &[u128; 3]| match t {
        Term::Const(c) => u128::from(*c),
        Term::Var(name) => env[slot(name)],
    };
    match f {
        Formula::True => true,
        Formula::False => false,
        Formula::Atom(a) => match a {
            Atom::Add(a, b, c) => v(a, env) + v(b, env) == v(c, env),
            Atom::Lt(a, b) => v(a, env) < v(b, env),
            Atom::Eq(a, b) => v(a, env) == v(b, env),
            Atom::Xor(ts, z) => ts.iter().fold(0, |acc, t| acc ^ v(t, env)) == v(z, env),
            Atom::BitAnd(a, b, c) => v(a, env) & v(b, env) == v(c, env),
            Atom::BitOr(a, b, c) => v(a, env) | v(b, env) == v(c, env),
            Atom::Mul(c, a, b) => u128::from(*c) * v(a, env) == v(b, env),
            Atom::Div(a, m, b) => v(a, env) / u128::from(*m) == v(b, env),
            Atom::Mod(a, m, b) => v(a, env) % u128::from(*m) == v(b, env),
            Atom::Odd(a) => v(a, env) % 2 == 1,
            Atom::Even(a) => v(a, env) % 2 == 0,
        },
        Formula::Not(g) => !eval_slots(g, env),
        Formula::And(fs) => fs.iter().all(|g| eval_slots(g, env)),
        Formula::Or(fs) => fs.iter().any(|g| eval_slots(g, env)),
        Formula::Implies(a, b) => !eval_slots(a, env) || eval_slots(b, env),
        Formula::Iff(a, b) => eval_slots(a, env) == eval_slots(b, env),
        Formula::Quant {
            quant,
            var,
            bound,
            body,
        } => {
            let top = match bound {
                Some(Bound::Lt(t)) => v(t, env),
                Some(Bound::Le(t)) => v(t, env) + 1,
                None => panic!("unbounded quantifier in the differential test"),
            };
            let s = slot(var);
            let saved = env[s];
            let mut result = *quant == Quant::All;
            for x in 0..top {
                env[s] = x;
                let b = eval_slots(body, env);
                if b != result {
                    result = b;
                    break;
                }
            }
            env[s] = saved;
            result
        }
    }
}

/// The automaton's verdict on every tuple below 2^8, indexed `x | y << 8 | z << 16`: a walk of
/// the tree of digit strings (8 letters deep, least significant first) over a dense table of
/// transitions built from the automaton's public transition groups.
fn accepted_below_256(c: &decide::Compiled) -> Vec<bool> {
    let a = c.automaton();
    let tracks = a.track_count();
    assert!(tracks <= 3, "at most three tracks");
    let letters = 1usize << tracks;
    let table: Vec<Vec<usize>> = (0..a.state_count())
        .map(|s| {
            let groups = a.transitions(s);
            (0..letters)
                .map(|letter| {
                    groups
                        .iter()
                        .find(|g| {
                            g.digits
                                .iter()
                                .enumerate()
                                .all(|(t, d)| d.is_none_or(|d| d == ((letter >> t) & 1 == 1)))
                        })
                        .expect("the transitions are complete")
                        .target
                })
                .collect()
        })
        .collect();
    // The tracks are the free variables in x, y, z order; a variable that does not occur has
    // no track and any value of it is accepted alike.
    let track_of: Vec<Option<usize>> = NAMES
        .iter()
        .map(|n| c.free_vars().iter().position(|v| v == n))
        .collect();
    let mut out = vec![false; 1 << 24];
    let mut stack = vec![(0usize, 0usize, [0u128; 3])];
    while let Some((pos, state, values)) = stack.pop() {
        if pos == 8 {
            let [x, y, z] = values.map(|v| v as usize);
            out[x | y << 8 | z << 16] = a.is_accepting(state);
            continue;
        }
        for digits in 0..8usize {
            let mut next = values;
            let mut letter = 0;
            for (i, value) in next.iter_mut().enumerate() {
                let d = (digits >> i) & 1;
                *value |= (d as u128) << pos;
                if let Some(t) = track_of[i] {
                    letter |= d << t;
                }
            }
            stack.push((pos + 1, table[state][letter], next));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Exhaustive below 2^8: the automaton accepts exactly the tuples (x, y, z), each below
    /// 256, where direct evaluation says true — all 2^24 of them, for random formulas with
    /// up to three free variables and one level of constant-bounded quantifiers.
    #[test]
    fn automaton_agrees_with_evaluation_on_every_tuple_below_256(
        f in formula().prop_filter("one quantifier level, constant bounds", |f| {
            depth(f) <= 1 && constant_bounds(f)
        }),
    ) {
        let order: Vec<String> = NAMES.iter().map(|s| (*s).to_owned()).collect();
        let c = compile_with_order(&f, &order, Limits::default(), &|| false).expect("compiles");
        let accepted = accepted_below_256(&c);
        for (i, &verdict) in accepted.iter().enumerate() {
            let mut env = [i & 0xff, (i >> 8) & 0xff, i >> 16].map(|v| v as u128);
            let t = env;
            prop_assert_eq!(verdict, eval_slots(&f, &mut env), "formula {} at {:?}", f, t);
        }
    }
}

// ---- sentences as text, with compound bounds that name the variable they bound ----------

/// An expression of the text syntax, as written: evaluated here directly, never by the parser.
#[derive(Clone, Debug)]
enum Sum {
    Var(usize),
    Const(u64),
    Add(Box<Sum>, Box<Sum>),
    Xor(Box<Sum>, Box<Sum>),
}

/// A formula of the text syntax, as written.
#[derive(Clone, Debug)]
enum Text {
    Less(Sum, Sum),
    Equal(Sum, Sum),
    Not(Box<Text>),
    And(Box<Text>, Box<Text>),
    /// `all`/`any`, the names it binds (one or two), strict or not, the bound, the body.
    Quant(bool, Vec<usize>, bool, Sum, Box<Text>),
}

fn sum() -> impl Strategy<Value = Sum> {
    let leaf = prop_oneof![
        3 => (0..3usize).prop_map(Sum::Var),
        1 => (0..4u64).prop_map(Sum::Const),
    ];
    leaf.prop_recursive(2, 4, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Sum::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Sum::Xor(Box::new(a), Box::new(b))),
        ]
    })
}

fn text() -> impl Strategy<Value = Text> {
    let leaf = prop_oneof![
        (sum(), sum()).prop_map(|(a, b)| Text::Less(a, b)),
        (sum(), sum()).prop_map(|(a, b)| Text::Equal(a, b)),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|f| Text::Not(Box::new(f))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Text::And(Box::new(a), Box::new(b))),
            // The names re-bind x, y or z, and the bound often names one of them.
            (
                any::<bool>(),
                prop::collection::vec(0..3usize, 1..3),
                any::<bool>(),
                sum(),
                inner
            )
                .prop_map(|(all, names, strict, bound, body)| {
                    Text::Quant(all, names, strict, bound, Box::new(body))
                }),
        ]
    })
}

fn sum_text(e: &Sum) -> String {
    match e {
        Sum::Var(i) => NAMES[*i].to_owned(),
        Sum::Const(c) => c.to_string(),
        Sum::Add(a, b) => format!("({} + {})", sum_text(a), sum_text(b)),
        Sum::Xor(a, b) => format!("({} ^ {})", sum_text(a), sum_text(b)),
    }
}

fn text_of(f: &Text) -> String {
    match f {
        Text::Less(a, b) => format!("{} < {}", sum_text(a), sum_text(b)),
        Text::Equal(a, b) => format!("{} = {}", sum_text(a), sum_text(b)),
        Text::Not(g) => format!("not ({})", text_of(g)),
        Text::And(a, b) => format!("({}) and ({})", text_of(a), text_of(b)),
        Text::Quant(all, names, strict, bound, body) => {
            let names: Vec<&str> = names.iter().map(|&i| NAMES[i]).collect();
            format!(
                "({} {} {} {}: {})",
                if *all { "all" } else { "any" },
                names.join(", "),
                if *strict { "<" } else { "<=" },
                sum_text(bound),
                text_of(body)
            )
        }
    }
}

fn quant_depth(f: &Text) -> usize {
    match f {
        Text::Less(..) | Text::Equal(..) => 0,
        Text::Not(g) => quant_depth(g),
        Text::And(a, b) => quant_depth(a).max(quant_depth(b)),
        Text::Quant(_, names, _, _, body) => names.len() + quant_depth(body),
    }
}

fn sum_value(e: &Sum, env: &[u128; 3]) -> u128 {
    match e {
        Sum::Var(i) => env[*i],
        Sum::Const(c) => u128::from(*c),
        Sum::Add(a, b) => sum_value(a, env) + sum_value(b, env),
        Sum::Xor(a, b) => sum_value(a, env) ^ sum_value(b, env),
    }
}

/// As mathematics reads it: a quantifier's bound is worked out before the names it binds
/// take their values, once for all of them.
fn text_value(f: &Text, env: &mut [u128; 3]) -> bool {
    match f {
        Text::Less(a, b) => sum_value(a, env) < sum_value(b, env),
        Text::Equal(a, b) => sum_value(a, env) == sum_value(b, env),
        Text::Not(g) => !text_value(g, env),
        Text::And(a, b) => text_value(a, env) && text_value(b, env),
        Text::Quant(all, names, strict, bound, body) => {
            let top = sum_value(bound, env) + u128::from(!*strict);
            let saved = *env;
            let result = for_each_name(*all, names, top, body, env);
            *env = saved;
            result
        }
    }
}

/// `all`/`any` over each of `names` below `top` in turn.
fn for_each_name(all: bool, names: &[usize], top: u128, body: &Text, env: &mut [u128; 3]) -> bool {
    let Some((&first, rest)) = names.split_first() else {
        return text_value(body, env);
    };
    for v in 0..top {
        env[first] = v;
        if for_each_name(all, rest, top, body, env) != all {
            return !all;
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Parsed text with bounds such as `any x < x + 1` under an outer `x`: the automaton of
    /// the parsed formula accepts (x, y, z) exactly when the sentence, read as written with
    /// each bound outside the quantifier it bounds, is true.
    #[test]
    fn parsed_bounds_are_read_outside_their_quantifier(
        f in text().prop_filter("three quantified names at most", |f| quant_depth(f) <= 3),
    ) {
        let written = text_of(&f);
        let parsed = decide::parse(&written).expect("parses");
        let order: Vec<String> = NAMES.iter().map(|s| (*s).to_owned()).collect();
        let c = compile_with_order(&parsed, &order, Limits::default(), &|| false).expect("compiles");
        for a in 0..6 {
            for b in 0..6 {
                for d in 0..6 {
                    let t = [a, b, d];
                    let mut env = t;
                    prop_assert_eq!(c.accepts(&t), text_value(&f, &mut env), "{} at {:?}", written, t);
                }
            }
        }
    }
}
