//! One state, one answer: every lookup path — `grundy N`, `grundy A..B`, `grundy A..B --values`,
//! `= g(…)`, `= winner(…)`, `winner`, `move`, `nimsum`, `conjecture` and a lesson's checks —
//! gives the same value for the same state, or refuses it with one line naming it.
//!
//! Expected values are computed here and share no code with nimlab: small states by mex over
//! explicit options (`brute`, and a plain octal mex below); heaps far past any table from a period
//! this file finds in those values and proves — by the Guy–Smith theorem for octal games (if
//! g(n + p) = g(n) for n₀ ≤ n < 2n₀ + p + t, t the most tokens a move removes, it holds for all
//! n ≥ n₀) and by the window argument for subtraction games (g(n) depends on the max(S) values
//! before it). Nim's and zero-move's closed forms are checked against the brute force first.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;

use crate::oracle::brute::{self, Pile};
use crate::oracle::brute_octal::Octal;
use crate::support::{Test, str_of};

/// Heaps far past any table (tables stop at 10^7).
const FAR: [u64; 3] = [u64::MAX, 1_000_000_000_007, 12_345_678_901];

/// Small states are checked up to this size.
const SMALL: u64 = 40;

/// Long runs (octal values by mex in a debug build) are bounded by this, not timed.
const SLOW: Duration = Duration::from_secs(600);

// ---------------------------------------------------------------------------------------------
// The oracle: what each state is worth, computed here.

/// g(0..=upto) of an octal game by plain mex over every option, a split worth the XOR of its
/// parts. Digit d_k: bit 1 takes k leaving nothing, bit 2 leaving one heap, bit 4 leaving two
/// non-empty heaps (d_0 = 4: a split without taking).
fn octal_values(code: &str, upto: usize) -> Vec<u64> {
    let (whole, frac) = code.split_once('.').expect("a code like 0.77");
    let mut digits = vec![whole.parse::<usize>().expect("0 or 4")];
    digits.extend(frac.chars().map(|c| c.to_digit(8).expect("octal") as usize));
    let mut g: Vec<u64> = Vec::with_capacity(upto + 1);
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..=upto {
        seen.clear();
        seen.resize(n + 2, false);
        let mut mark = |v: u64| {
            if let Some(s) = seen.get_mut(crate::support::index(v)) {
                *s = true;
            }
        };
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && k > 0 && rest == 0 {
                mark(0);
            }
            if d & 2 != 0 && k > 0 && rest > 0 {
                mark(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    mark(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64);
    }
    g
}

/// The least period p, and for it the least n₀, that the Guy–Smith theorem proves from
/// `values`: g(n + p) = g(n) for n₀ ≤ n < 2n₀ + p + t, all within the values.
fn guy_smith(values: &[u64], t: usize) -> Option<(usize, usize)> {
    let len = values.len();
    for p in 1..len {
        for n0 in 0.. {
            let end = 2 * n0 + p + t;
            if end + p > len {
                break;
            }
            if (n0..end).all(|n| values[n + p] == values[n]) {
                return Some((n0, p));
            }
        }
    }
    None
}

/// The least period and start a subtraction game's values prove: m = max(S) values in a row
/// repeating, g(n + p) = g(n) for n₀ ≤ n < n₀ + m.
fn window(values: &[u64], m: usize) -> (usize, usize) {
    for p in 1..values.len() {
        for n0 in 0..values.len() - p - m {
            if (n0..n0 + m).all(|n| values[n + p] == values[n]) {
                return (n0, p);
            }
        }
    }
    panic!("no period in {} values", values.len())
}

/// How a game's values are known here.
#[derive(Clone)]
enum Values {
    /// Nim, zero-move, misère: brute force for small sizes, the closed forms beyond.
    TakeAny(brute::Rules),
    /// Computed g(0..): beyond them by the proven period if there is one.
    Sequence {
        values: Vec<u64>,
        period: Option<(usize, usize)>,
    },
    /// A graph's positions by name, valued by mex here.
    Graph(HashMap<String, u64>),
}

/// A ruleset and what its states are worth.
#[derive(Clone)]
struct Game {
    rules: String,
    values: Values,
}

impl Game {
    fn take_any(rules: brute::Rules) -> Self {
        // The closed forms, checked against mex over explicit options before any use.
        let mut brute_g = brute::Grundy::new(rules.clone());
        for p in rules.states(200) {
            assert_eq!(
                Some(u128::from(brute_g.value(p))),
                closed_form(&rules, p),
                "{} {p:?}",
                rules.name()
            );
        }
        Self {
            rules: rules.name(),
            values: Values::TakeAny(rules),
        }
    }

    fn octal(code: &str, upto: usize) -> Self {
        let values = octal_values(code, upto);
        // Two independent brute forces agree where the slow one is quick.
        let mut slow = Octal::new(code);
        for (n, &g) in values.iter().enumerate().take(61) {
            assert_eq!(g, slow.grundy(n as u64), "octal:{code} g({n})");
        }
        let t = code.split_once('.').map_or(0, |(_, f)| f.len());
        let period = guy_smith(&values, t);
        Self {
            rules: format!("octal:{code}"),
            values: Values::Sequence { values, period },
        }
    }

    fn subtract(set: &[u64]) -> Self {
        let values = crate::oracle::brute_octal::subtraction(set, 3000);
        let m = crate::support::index(*set.iter().max().expect("a set"));
        let period = window(&values, m);
        // The repeat goes on through every value computed.
        let (n0, p) = period;
        assert!((n0..values.len() - p).all(|n| values[n + p] == values[n]));
        let names: Vec<String> = set.iter().map(u64::to_string).collect();
        Self {
            rules: format!("subtract:{}", names.join(",")),
            values: Values::Sequence {
                values,
                period: Some(period),
            },
        }
    }

    fn period(&self) -> Option<(usize, usize)> {
        match &self.values {
            Values::Sequence { period, .. } => *period,
            _ => None,
        }
    }

    /// The value of a state written as nimlab writes it, or `None` if it is not known here.
    fn value(&self, state: &str) -> Option<u128> {
        match &self.values {
            Values::TakeAny(rules) => {
                let pile = rules.parse_state(state);
                if pile.n <= 200 {
                    Some(u128::from(brute::Grundy::new(rules.clone()).value(pile)))
                } else {
                    closed_form(rules, pile)
                }
            }
            Values::Sequence { values, period } => {
                let n: u64 = state.parse().expect("a size");
                let at = |i: u64| values.get(usize::try_from(i).ok()?).copied();
                let direct = at(n);
                let by_period = period.and_then(|(n0, p)| {
                    let (n0, p) = (n0 as u64, p as u64);
                    at(if n < n0 { n } else { n0 + (n - n0) % p })
                });
                direct.or(by_period).map(u128::from)
            }
            Values::Graph(values) => values.get(state).map(|&g| u128::from(g)),
        }
    }

    /// What a move leaves (`3`, `1+4`, a graph's position) is worth.
    fn left_value(&self, left: &str) -> Option<u128> {
        left.split('+')
            .map(|part| self.value(part))
            .try_fold(0, |acc, v| Some(acc ^ v?))
    }

    fn misere(&self) -> bool {
        self.rules == "misere"
    }

    /// The ruleset as an expression writes it (`subtract:{1,3,4}`); none for a graph, whose
    /// file an expression cannot name.
    fn expr_rules(&self) -> Option<String> {
        if self.rules.starts_with("graph:") {
            return None;
        }
        Some(match self.rules.strip_prefix("subtract:") {
            Some(set) => format!("subtract:{{{set}}}"),
            None => self.rules.clone(),
        })
    }
}

/// Nim and misère: g(n) = n; zero-move: g(nF) = n, g(nT) = n + 1 for odd n, n − 1 for even n.
fn closed_form(rules: &brute::Rules, p: Pile) -> Option<u128> {
    let n = u128::from(p.n);
    Some(match rules {
        brute::Rules::ZeroMove if p.pass && p.n % 2 == 1 => n + 1,
        brute::Rules::ZeroMove if p.pass => n - 1,
        brute::Rules::Nim | brute::Rules::Misere | brute::Rules::ZeroMove => n,
        brute::Rules::Subtract(_) => return None,
    })
}

/// States written as nimlab writes them: zero-move `0`, `nF`, `nT`; else `n`.
fn states_of(game: &Game, sizes: impl IntoIterator<Item = u64>) -> Vec<String> {
    sizes
        .into_iter()
        .flat_map(|n| {
            if game.rules == "zero-move" && n > 0 {
                vec![format!("{n}F"), format!("{n}T")]
            } else {
                vec![n.to_string()]
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Driving every path in one script per game.

/// What a line of the script must do.
enum Expect {
    /// Print one line of JSON that passes the check.
    Json(Box<dyn Fn(&Value)>),
    /// Be refused: one `error:` line naming this token.
    Refused(String),
}

struct Script {
    lines: Vec<(String, Expect)>,
    /// Lesson files the script's `lesson check` reads.
    files: Vec<(String, String)>,
}

impl Script {
    fn new() -> Self {
        Self {
            lines: Vec::new(),
            files: Vec::new(),
        }
    }

    fn json(&mut self, line: String, check: impl Fn(&Value) + 'static) {
        self.lines.push((line, Expect::Json(Box::new(check))));
    }

    fn refused(&mut self, line: String, token: &str) {
        self.lines.push((line, Expect::Refused(token.to_string())));
    }

    /// Runs the script in one session and checks every line.
    #[track_caller]
    fn run(self, test: Test) {
        let mut text = String::new();
        for (line, _) in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        let out = test
            .arg("--format")
            .arg("json")
            .stdin(text)
            .timeout(SLOW)
            .run();
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        let mut stdout = out.stdout.lines();
        let errors: HashMap<usize, &str> = out
            .stderr
            .lines()
            .filter_map(|l| {
                let rest = l.strip_prefix("error: line ")?;
                let (number, message) = rest.split_once(": ")?;
                Some((number.parse::<usize>().ok()?, message))
            })
            .collect();
        let refusals = self
            .lines
            .iter()
            .filter(|(_, e)| matches!(e, Expect::Refused(_)))
            .count();
        assert_eq!(errors.len(), refusals, "refusals:\n{}", out.stderr);
        assert_eq!(out.code, if refusals > 0 { 2 } else { 0 }, "{}", out.stderr);
        for (i, (line, expect)) in self.lines.iter().enumerate() {
            match expect {
                Expect::Json(check) => {
                    assert!(
                        !errors.contains_key(&(i + 1)),
                        "{line}: {:?}",
                        errors[&(i + 1)]
                    );
                    let printed = stdout.next().unwrap_or_else(|| panic!("{line}: no output"));
                    let v: Value = serde_json::from_str(printed)
                        .unwrap_or_else(|e| panic!("{line}: not JSON ({e}): {printed}"));
                    let checked =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&v)));
                    assert!(checked.is_ok(), "`{line}` printed {v}");
                }
                Expect::Refused(token) => {
                    let message = errors
                        .get(&(i + 1))
                        .unwrap_or_else(|| panic!("{line}: not refused"));
                    assert!(message.contains(&format!("`{token}`")), "{line}: {message}");
                }
            }
        }
        assert_eq!(stdout.next(), None, "more output than lines");
    }
}

/// A JSON number or numeric string as an exact integer.
fn int(v: &Value) -> u128 {
    v.to_string()
        .trim_matches('"')
        .parse()
        .unwrap_or_else(|_| panic!("not an integer: {v}"))
}

fn winner_of(g: u128) -> &'static str {
    if g != 0 { "first" } else { "second" }
}

/// Adds every path for one state (worth `g`) alone.
fn single_paths(script: &mut Script, game: &Game, state: &str, g: u128) {
    let rules = &game.rules;
    let expr_rules = game.expr_rules();
    let label = format!("{rules} {state}");
    let period = game.period();
    let far = state
        .trim_end_matches(['T', 'F'])
        .parse::<u64>()
        .unwrap_or(0)
        > 10_000_000;
    let lbl = label.clone();
    let is_take_any = matches!(game.values, Values::TakeAny(_));
    script.json(format!("grundy {state} --rules {rules}"), move |v| {
        let row = &v["rows"][0];
        assert_eq!(int(&row["grundy"]), g, "{lbl}: grundy N");
        let method = str_of(&row["method"]);
        // Only a formula is a closed form; a far value of any other game comes by its period.
        assert_eq!(
            method == "closed-form",
            far && is_take_any,
            "{lbl}: {method}"
        );
        if far && !is_take_any {
            assert_eq!(method, "periodic", "{lbl}");
            let (n0, p) = period.expect("a period");
            assert_eq!(
                (int(&row["preperiod"]), int(&row["period"])),
                (n0 as u128, p as u128),
                "{lbl}"
            );
        }
    });
    if let Some(r) = &expr_rules {
        let lbl = label.clone();
        script.json(format!("= g({r}, {state})"), move |v| {
            assert_eq!(int(&v["value"]), g, "{lbl}: = g(…)");
        });
    }
    // Misère Nim with every heap 0 or 1 is decided by counting 1-heaps, not by a nim-sum.
    let counted = game.misere() && size_of(state) <= 1;
    for command in ["winner", "nimsum"] {
        let lbl = label.clone();
        script.json(format!("{command} --rules {rules} {state}"), move |v| {
            if counted {
                assert_eq!(int(&v["ones"]), g, "{lbl}: {command}");
            } else {
                assert_eq!(int(&v["nim_sum"]), g, "{lbl}: {command}");
            }
        });
    }
}

/// Who wins a position whose states are worth `values` (sizes `sizes`): the nim-sum decides,
/// except misère Nim with every heap 0 or 1, won iff the number of 1-heaps is even (Bouton).
fn winner_of_position(game: &Game, sizes: &[u128], values: &[u128]) -> &'static str {
    let nim_sum = values.iter().fold(0, |a, &g| a ^ g);
    if game.misere() && sizes.iter().all(|&n| n <= 1) {
        let ones = sizes.iter().filter(|&&n| n == 1).count();
        return if ones % 2 == 0 { "first" } else { "second" };
    }
    winner_of(nim_sum)
}

/// The size of a state (0 for a graph's positions, which have none).
fn size_of(state: &str) -> u128 {
    state.trim_end_matches(['T', 'F']).parse().unwrap_or(0)
}

/// `winner`, `= winner(…)` and `move` on a position of several states: a move exactly when the
/// first player wins, and it leaves a position the next player loses.
fn position_paths(script: &mut Script, game: &Game, states: &[&str]) {
    let values: Vec<u128> = states
        .iter()
        .map(|s| game.value(s).expect("valued here"))
        .collect();
    let sizes: Vec<u128> = states.iter().map(|s| size_of(s)).collect();
    let winner = winner_of_position(game, &sizes, &values);
    let rules = game.rules.clone();
    let listed = states.join(" ");
    let label = format!("{rules} {listed}");
    let lbl = label.clone();
    script.json(format!("winner --rules {rules} {listed}"), move |v| {
        assert_eq!(str_of(&v["winner"]), winner, "{lbl}: winner");
    });
    if let Some(r) = game.expr_rules() {
        let lbl = label.clone();
        script.json(format!("= winner({r}, {})", states.join(", ")), move |v| {
            assert_eq!(str_of(&v["value"]), winner, "{lbl}: = winner(…)");
        });
    }
    let game = game.clone();
    script.json(format!("move --rules {rules} {listed}"), move |v| {
        let mv = &v["move"];
        if winner == "second" {
            assert!(mv.is_null(), "{label}: a move from a lost position: {v}");
            return;
        }
        if mv.is_null() {
            // Won with no move to make: misère Nim with every heap empty.
            assert!(
                game.misere() && sizes.iter().all(|&n| n == 0),
                "{label}: a won position with no winning move: {v}"
            );
            return;
        }
        let pile = int(&mv["pile"]) as usize - 1;
        let to = str_of(&mv["to"]);
        let mut after_values = values.clone();
        let mut after_sizes = sizes.clone();
        after_values[pile] = game
            .left_value(to)
            .unwrap_or_else(|| panic!("{label}: `{to}` is not valued here"));
        after_sizes[pile] = to.split('+').map(size_of).sum();
        if to.contains('+') {
            // A split leaves two heaps; for the misère rule only whether some heap is ≥ 2
            // matters, and a split's parts are non-empty, so count them as two heaps.
            after_sizes.push(1);
        }
        assert_eq!(
            winner_of_position(&game, &after_sizes, &after_values),
            "second",
            "{label}: the move to {to} does not leave a lost position"
        );
    });
}

/// The range paths over sizes `from..=to`: the table with options, and values alone.
fn range_paths(script: &mut Script, game: &Game, from: u64, to: u64) {
    let rules = &game.rules;
    let expected: Vec<(String, u128)> = states_of(game, from..=to)
        .into_iter()
        .map(|s| {
            let g = game.value(&s).expect("small states are valued here");
            (s, g)
        })
        .collect();
    for values in ["", " --values"] {
        let expected = expected.clone();
        let label = format!("{rules} {from}..{to}{values}");
        script.json(
            format!("grundy {from}..{to} --rules {rules}{values}"),
            move |v| {
                let rows: Vec<(String, u128)> = v["rows"]
                    .as_array()
                    .expect("rows")
                    .iter()
                    .map(|r| (str_of(&r["state"]).to_string(), int(&r["grundy"])))
                    .collect();
                assert_eq!(rows, expected, "{label}");
            },
        );
    }
}

/// `conjecture g(n) = V for n in {N}` must hold for the true value (only sizes ≤ 10^6 are
/// checked by mex; far sizes are refused).
fn conjecture_path(script: &mut Script, game: &Game, state: &str, g: u128) {
    let (size, side) = match state.strip_suffix('T') {
        Some(n) => (n, "g(nT)"),
        None => match state.strip_suffix('F') {
            Some(n) => (n, "g(nF)"),
            None => (state, "g(n)"),
        },
    };
    let line = format!(
        "conjecture --rules {} '{side} = {g} for n in {{{size}}}'",
        game.rules
    );
    if size.parse::<u64>().expect("a size") > 1_000_000 {
        script.refused(line, size);
    } else {
        let label = format!("{} {state}", game.rules);
        script.json(line, move |v| {
            assert_eq!(v["holds"], true, "{label}: conjecture {v}");
        });
    }
}

/// A lesson whose claims state the values, and one that states a wrong one, for `lesson check`.
fn lesson_paths(script: &mut Script, game: &Game, states: &[String], dir: &str) {
    let claims: Vec<String> = states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let g = game.value(s).expect("valued here");
            format!(
                "  - id: c{i}\n    claim: g({s}) is {g}.\n    check: \"g({}, {s}) = {g}\"\n",
                game.expr_rules().expect("a ruleset an expression can name")
            )
        })
        .collect();
    let id = format!("values-{}", script.files.len());
    script.files.push((
        format!("{id}.yaml"),
        format!(
            "format: 1\nid: {id}\nversion: 1\ntitle: Values\nsummary: Claims about values.\nsteps:\n{}",
            claims.concat()
        ),
    ));
    let label = format!("{} lesson", game.rules);
    script.json(format!("lesson check {dir}"), move |v| {
        assert_eq!(v["ok"], true, "{label}: {v}");
    });
}

/// Every path on the game's small states, far heaps and `extra` states, in one session.
fn every_path(game: &Game, extra: &[u64], far: bool) {
    let test = Test::new();
    let mut script = Script::new();
    let mut states = states_of(game, 0..=SMALL);
    states.extend(states_of(game, extra.iter().copied()));
    if far {
        states.extend(states_of(game, FAR));
    }
    for s in &states {
        let g = game.value(s).expect("valued here");
        single_paths(&mut script, game, s, g);
        conjecture_path(&mut script, game, s, g);
    }
    // Each state alone, and positions of two: the nim-sum of the values decides.
    for s in &states {
        position_paths(&mut script, game, &[s]);
    }
    for pair in states.windows(2).step_by(3) {
        position_paths(&mut script, game, &[&pair[0], &pair[1]]);
    }
    range_paths(&mut script, game, 0, SMALL);
    let dir = test.write("lessons.keep", "");
    let dir = dir.parent().expect("the test's directory").join("lessons");
    std::fs::create_dir_all(&dir).expect("a lessons directory");
    let dir_text = dir.display().to_string();
    lesson_paths(&mut script, game, &states, &dir_text);
    for (name, text) in &script.files {
        std::fs::write(dir.join(name), text).expect("a lesson file");
    }
    script.run(test);
}

#[test]
fn nim_zero_move_and_misere_agree_on_every_path() {
    for rules in [
        brute::Rules::Nim,
        brute::Rules::ZeroMove,
        brute::Rules::Misere,
    ] {
        every_path(&Game::take_any(rules), &[], true);
    }
}

#[test]
fn subtraction_games_agree_on_every_path() {
    for set in [&[1u64, 3, 4][..], &[5], &[2, 7, 9]] {
        let game = Game::subtract(set);
        every_path(&game, &[2999, 3000], true);
    }
}

#[test]
fn octal_games_with_periods_proven_early_agree_on_every_path() {
    // Winning Ways: Kayles (0.77) has period 12 from n = 71 (last exception g(70)); Dawson's
    // Kayles (0.07) period 34 from 53; Dawson's Chess (0.137) period 34 from 52. Found here in
    // brute-force values, proven by Guy–Smith, and seen to hold through 3000.
    for (code, n0, p) in [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)] {
        let game = Game::octal(code, 3000);
        assert_eq!(game.period(), Some((n0, p)), "octal:{code}");
        if let Values::Sequence { values, .. } = &game.values {
            assert!((n0..values.len() - p).all(|n| values[n + p] == values[n]));
        }
        every_path(&game, &[2999, 3000], true);
    }
}

#[test]
fn octal_games_past_their_first_values_agree_on_every_path() {
    // Heaps past the 4096 values a solver starts with, so each path must compute further (or
    // refuse); none of these prove a period in 4500 values.
    for code in ["0.16", "0.56", "0.127", "0.007", "4.07"] {
        let game = Game::octal(code, 4500);
        every_path(&game, &[4400, 4500], false);
    }
}

/// A graph where start's options lie after it in the file, so a range of the first positions
/// holds rows whose options fall outside it.
const GRAPH: &str = "format: 1
positions:
  start: [left, right]
  left: [middle, finish]
  right: [middle]
  middle: [finish]
  finish: []
";

#[test]
fn a_graph_agrees_on_every_path_and_shows_rows_by_name() {
    // By hand: finish 0, middle mex{0} = 1, right mex{1} = 0, left mex{1, 0} = 2,
    // start mex{2, 0} = 1.
    let values: HashMap<String, u64> = [
        ("start", 1),
        ("left", 2),
        ("right", 0),
        ("middle", 1),
        ("finish", 0),
    ]
    .into_iter()
    .map(|(k, g)| (k.to_string(), g))
    .collect();
    let test = Test::new();
    let path = test.write("game.yaml", GRAPH);
    let game = Game {
        rules: format!("graph:{}", path.display()),
        values: Values::Graph(values.clone()),
    };
    let mut script = Script::new();
    let names = ["start", "left", "right", "middle", "finish"];
    // Each position's options, from the file.
    let options: HashMap<&str, Vec<&str>> = [
        ("start", vec!["left", "right"]),
        ("left", vec!["middle", "finish"]),
        ("right", vec!["middle"]),
        ("middle", vec!["finish"]),
        ("finish", vec![]),
    ]
    .into_iter()
    .collect();
    for name in names {
        single_paths(&mut script, &game, name, u128::from(values[name]));
        position_paths(&mut script, &game, &[name]);
        // Looked up by name: its row, with its options and their mex.
        let expected: Vec<(String, u128)> = options[name]
            .iter()
            .map(|&o| (o.to_string(), u128::from(values[o])))
            .collect();
        script.json(format!("grundy {name} --rules {}", game.rules), move |v| {
            let row = &v["rows"][0];
            let listed: Vec<(String, u128)> = row["options"]
                .as_array()
                .expect("options listed")
                .iter()
                .map(|o| (str_of(&o["state"]).to_string(), int(&o["grundy"])))
                .collect();
            assert_eq!(listed, expected, "{name}");
            let mex = brute::mex(
                expected
                    .iter()
                    .map(|&(_, g)| u64::try_from(g).expect("a small value")),
            );
            assert_eq!(int(&row["grundy"]), u128::from(mex), "{name}");
        });
    }
    position_paths(&mut script, &game, &["start", "left"]);
    position_paths(&mut script, &game, &["right", "finish", "middle"]);
    // Ranges keep rows whose options lie outside them: 0..1 is start and left.
    for values_only in ["", " --values"] {
        script.json(
            format!("grundy 0..1 --rules {}{values_only}", game.rules),
            move |v| {
                let rows: Vec<(String, u128)> = v["rows"]
                    .as_array()
                    .expect("rows")
                    .iter()
                    .map(|r| (str_of(&r["state"]).to_string(), int(&r["grundy"])))
                    .collect();
                assert_eq!(rows, [("start".to_string(), 1), ("left".to_string(), 2)]);
            },
        );
    }
    script.refused(format!("grundy nowhere --rules {}", game.rules), "nowhere");
    script.run(test);
}

#[test]
fn a_subtraction_period_is_found_as_soon_as_its_certificate_fits() {
    // subtract:5: g(n) = ⌊n/5⌋ mod 2 (take 5 at a time; by hand), so period 10 from 0, and the
    // window certificate needs g(n + 10) = g(n) for 0 ≤ n < 5: the values g(0..=14).
    let values = crate::oracle::brute_octal::subtraction(&[5], 14);
    assert_eq!(values, [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    let doc = Test::new()
        .args([
            "period",
            "--rules",
            "subtract:5",
            "--to",
            "14",
            "--format",
            "json",
        ])
        .run()
        .success()
        .json();
    assert_eq!(
        (int(&doc["preperiod"]), int(&doc["period"])),
        (0, 10),
        "{doc}"
    );
    assert_eq!(int(&doc["certificate"]["checked_to"]), 5, "{doc}");
    // One value fewer proves nothing, and says only that.
    let doc = Test::new()
        .args([
            "period",
            "--rules",
            "subtract:5",
            "--to",
            "13",
            "--format",
            "json",
        ])
        .run()
        .success()
        .json();
    assert!(doc["period"].is_null(), "{doc}");
}

#[test]
fn one_state_three_commands_one_answer() {
    // octal:0.16 has period 149459 from n = 105351 (Gangolli and Plambeck, 1989), proven by
    // values up to about 510000. Its value at 2^64 − 1 is the value at the heap the period
    // maps it to, which `--values` computes by mex in a table of its own.
    let (n0, p) = (105_351u64, 149_459u64);
    let far = u64::MAX;
    let r = n0 + (far - n0) % p;
    let mut script = Script::new();
    script.json("period --rules octal:0.16 --to 1000000".into(), move |v| {
        assert_eq!(
            (int(&v["preperiod"]), int(&v["period"])),
            (105_351, 149_459)
        );
    });
    let (tx, rx) = std::sync::mpsc::channel::<u128>();
    script.json(
        format!("grundy {r}..{r} --values --rules octal:0.16"),
        move |v| {
            tx.send(int(&v["rows"][0]["grundy"]))
                .expect("the receiver waits");
        },
    );
    let answers = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    for line in [
        format!("grundy {far} --rules octal:0.16"),
        format!("= g(octal:0.16, {far})"),
        format!("winner --rules octal:0.16 {far}"),
        format!("nimsum --rules octal:0.16 {far}"),
    ] {
        let answers = answers.clone();
        script.json(line.clone(), move |v| {
            let g = ["rows", "value", "nim_sum"]
                .iter()
                .find(|k| !v[**k].is_null())
                .map(|k| match *k {
                    "rows" => int(&v["rows"][0]["grundy"]),
                    _ => int(&v[*k]),
                })
                .expect("a value");
            if line.starts_with("grundy") {
                assert_eq!(str_of(&v["rows"][0]["method"]), "periodic", "{v}");
            }
            answers.lock().expect("not poisoned").push(g);
        });
    }
    script.run(Test::new());
    let expected = rx.recv().expect("the table's value");
    let answers = answers.lock().expect("not poisoned");
    assert_eq!(answers.len(), 4);
    assert!(
        answers.iter().all(|&g| g == expected),
        "{answers:?} vs {expected}"
    );
}

#[test]
fn a_heap_no_proven_period_reaches_is_refused_not_guessed() {
    // octal:0.007 (Treblecross) proves no period in the values a lookup may compute: every
    // path refuses, naming the heap, the work limit and what would look further.
    let far = u64::MAX.to_string();
    let out = Test::new()
        .args(["grundy", &far, "--rules", "octal:0.007"])
        .timeout(SLOW)
        .run()
        .bad_input(&far);
    assert!(out.stderr.contains("work limit"), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("`period --rules octal:0.007 --to 10000000`"),
        "{}",
        out.stderr
    );
}

#[test]
fn an_expression_refuses_what_its_budget_cannot_pay_for() {
    // Valuing heap 10^6 of octal:0.007 by mex costs about 10^6 · 10^6 / 4 options, far past
    // what an expression's step budget pays for, and no period is proven on the way.
    let out = Test::new()
        .args(["=", "g(octal:0.007, 1000000)"])
        .timeout(SLOW)
        .run()
        .code(2);
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    assert!(out.stderr.contains("`1000000`"), "{}", out.stderr);
    assert!(
        out.stderr.contains("period --rules octal:0.007"),
        "{}",
        out.stderr
    );
}

/// `fib(n)` to the last Fibonacci number an expression's integers hold: F(184) ≈ 1.27·10^38
/// is below 2^127 − 1, F(185) ≈ 2.06·10^38 is not (both by the recurrence, summed here in
/// u128, which holds F(185) too).
#[test]
fn fib_reaches_the_largest_fibonacci_number_that_fits() {
    let (mut a, mut b) = (0u128, 1u128);
    for _ in 0..184 {
        (a, b) = (b, a + b);
    }
    assert!(a < i128::MAX.unsigned_abs() && b > i128::MAX.unsigned_abs());
    Test::new()
        .args(["=", "fib(184)"])
        .run()
        .success()
        .stdout(&format!("{a}\n"));
    Test::new()
        .args(["=", "fib(185)"])
        .run()
        .code(2)
        .stderr_has("fib(185) is too large");
}
