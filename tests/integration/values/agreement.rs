//! Issue 23, "one game model behind every command": every consumer of a ruleset is run on the
//! same positions of every ruleset of the ruleset table (`RULESETS`), and each answer is checked
//! against a brute force written here from the rules as `nimlab rules NAME` states them: Grundy
//! values by mex over explicit options, and an exhaustive game-tree search of win/lose for misère
//! play (on the row of coins for the coin-turning games), for Moore's Nim and for Hackenbush
//! positions. A consumer that does not take a ruleset must refuse it with an error naming why.
//!
//! One `nimlab` session per ruleset runs the REPL's consumers on every position (one process,
//! hundreds of lines): `grundy` (`0..N` with options and `--values`, or one state at a time),
//! `derive 0..N --all` (each state's options, as a set, against the rules), `winner`, `nimsum`,
//! `position` (winner, each pile's value, nim-sum), `move` (legal, and exists iff the position
//! is won, and leaves a lost one), `winner --misere` and `move --misere`, `step` and `step --all`
//! (every move legal; the winner's each leave a lost position), `play` and `play --misere` with
//! the coach's `hint`, the expressions `g`, `lost`, `winner` and `misere`, `verify --piles 2`
//! (no mismatch; the counts of positions and of first-player wins, and the lost positions it
//! lists), `period --to 300` (the period and preperiod hold on the brute-force values, are the
//! least, and `one_period` is theirs), and for the library's games with closed forms, heaps past
//! the values checked by mex. From the shell, once per ruleset: `draw` (every node's value, and
//! the P-positions boxed), `winner -` and `move -` on standard input (a short stream, and one of
//! 10007 piles decided in one pass), and a lesson whose `run:` steps are `winner`, `move`,
//! `nimsum` and `= lost(…)`. Then `play` once more, the learner moving from lost positions: the
//! computer's every reply must leave the learner lost. Sums of different games
//! (`lasker(7) + wythoff(3,5)`) are checked term by term, misère play of them by a search of the
//! whole sum.
//!
//! The matrix: ✓ checked against the brute force; R refused, with the reason checked; – not run.
//!
//! | ruleset | grundy | derive | winner nimsum position move | --misere (winner, move, play, `misere(…)`, verify) | step, step --all | play + hint | verify | period | draw | `g` `lost` `winner` | bulk `-` | lesson `run:` |
//! |---|---|---|---|---|---|---|---|---|---|---|---|---|
//! | nim | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: g(n) = n never repeats | ✓ | ✓ | ✓ | ✓ |
//! | zero-move | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: the values grow | ✓ | ✓ | ✓ | ✓ |
//! | misere (play is misère) | ✓ normal-play values | ✓ | ✓ by search | ✓ | ✓ | ✓ | ✓ | R: Nim's values | R: no values decide misère play | ✓ (`g` normal play, the rest misère) | ✓ (short stream only) | ✓ |
//! | subtract:1,3,4 | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
//! | subtract:^1,2 | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: a defined game | ✓ | ✓ | ✓ | ✓ |
//! | subtract:squares, subtract:powers2 | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: a defined game | ✓ | ✓ | ✓ | ✓ |
//! | octal:0.77, 0.07, 4.07 | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
//! | hex:0.F, hex:0.8 | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ (0.8: none found, its values grow) | ✓ | ✓ on the session's rules; R by name | ✓ | ✓ |
//! | graph:FILE | ✓ by name | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: no sizes | ✓ | ✓ on the session's rules, positions by number (which disagrees with the commands when the names are numbers: the ignored test below); R by name | ✓ | – (a lesson names no file) |
//! | game:NAME | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: a defined game | – | ✓ on the session's rules; R by name | – | – |
//! | lasker, grundy-game, at-least-half | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | R: a defined game | ✓ | ✓ | ✓ | ✓ |
//! | mock-turtles, turning-turtles, ruler | ✓ | ✓ | ✓ | ✓ on the coin row (ruler past 10 coins: R, too long a game) | ✓ | ✓ | ✓ | R: a defined game | ✓ | ✓ | ✓ | ✓ |
//! | wythoff, fibonacci-nim, chomp | ✓ one state; R `0..N` | R: tuples | ✓ | ✓ | ✓ | ✓ | ✓ (mismatches, lost) | R: a defined game | ✓ | ✓ | ✓ | ✓ |
//! | northcott | ✓ one state; R `0..N` | R: tuples | ✓ | R: loopy with retreats | ✓ | ✓ | ✓; `--misere` R | R: a defined game | ✓ | ✓; `misere` R | ✓ | ✓ |
//! | staircase | ✓ one state; R `0..N` | R: tuples | ✓ | ✓ | ✓ | ✓ | R: too many tuples | R: a defined game | ✓ | ✓ | ✓ | ✓ |
//! | moore:1, moore:2, moore:3 | R: the whole position | – | ✓ winner, move (search); R nimsum, position | R | R | R | R | – | R | R | R | – |
//! | hackenbush | ✓ `grundy PICTURE` | R | ✓ winner, nimsum, move (the cut, valued here); R position | R: not valued by these principles | R | ✓ | R | – | ✓ each picture's value | R: pictures | R: pictures on the line | – |
//!
//! Every expected value comes from the brute force below; nothing is taken from nimlab's output
//! but the moves it makes and the positions it names, which are then checked and valued here.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

use serde_json::Value;

use crate::support::{JsonRepl, Test, str_of};

// ---------------------------------------------------------------------------------------------
// The brute force: a component's options as the rules state them.

/// One component as this file holds it: a heap `[n]`, zero-move `[n, 1]` (nT) or `[n, 0]` (nF,
/// and 0), a tuple's parts, a graph position's index, or a Hackenbush picture's edges
/// `[a, b, c, d, …]` (edge a-b, edge c-d, …; node 0 is the ground).
type State = Vec<u64>;

/// Every option of a component: what replaces it (no parts: it is gone).
type Options = Box<dyn Fn(&State) -> Vec<Vec<State>>>;

/// How a ruleset writes a component.
#[derive(Clone)]
enum Kind {
    Heap,
    ZeroMove,
    Tuple,
    /// A graph's positions by name, in the file's order.
    Graph(Vec<String>),
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let set: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|m| !set.contains(m)).expect("a mex")
}

/// A ruleset, by its options, with memoised values and searches.
struct Brute {
    options: Options,
    grundy: RefCell<HashMap<State, u64>>,
    search: RefCell<HashMap<(Vec<State>, bool), bool>>,
}

impl Brute {
    fn new(options: impl Fn(&State) -> Vec<Vec<State>> + 'static) -> Self {
        Self {
            options: Box::new(options),
            grundy: RefCell::new(HashMap::new()),
            search: RefCell::new(HashMap::new()),
        }
    }

    fn options(&self, s: &State) -> Vec<Vec<State>> {
        (self.options)(s)
    }

    /// g(s) = mex of the options' values, an option of several parts worth their XOR.
    fn g(&self, s: &State) -> u64 {
        if let Some(&g) = self.grundy.borrow().get(s) {
            return g;
        }
        let values: Vec<u64> = self
            .options(s)
            .iter()
            .map(|parts| parts.iter().fold(0, |x, p| x ^ self.g(p)))
            .collect();
        let g = mex(values);
        self.grundy.borrow_mut().insert(s.clone(), g);
        g
    }

    fn value(&self, position: &[State]) -> u64 {
        position.iter().fold(0, |x, s| x ^ self.g(s))
    }

    /// Every position one move away (a component replaced by one of its options).
    fn children(&self, position: &[State]) -> Vec<Vec<State>> {
        let mut children = Vec::new();
        for (i, s) in position.iter().enumerate() {
            for parts in self.options(s) {
                let mut child: Vec<State> = position[..i].to_vec();
                child.extend(parts);
                child.extend_from_slice(&position[i + 1..]);
                children.push(child);
            }
        }
        children
    }

    /// True if the player to move wins the whole position, by exhaustive search: with no move
    /// the mover has lost in normal play and won in misère play. No Grundy value is used.
    fn first_wins(&self, position: &[State], misere: bool) -> bool {
        // Components with no move never change: dropping them changes no play.
        let mut key: Vec<State> = position
            .iter()
            .filter(|s| !self.options(s).is_empty())
            .cloned()
            .collect();
        key.sort();
        if let Some(&won) = self.search.borrow().get(&(key.clone(), misere)) {
            return won;
        }
        let children = self.children(&key);
        let won = if children.is_empty() {
            misere
        } else {
            children.iter().any(|c| !self.first_wins(c, misere))
        };
        self.search.borrow_mut().insert((key, misere), won);
        won
    }

    /// Whether `parts` is an option of `s` (as multisets, empty heaps ignored).
    fn is_option(&self, kind: &Kind, s: &State, parts: &[State]) -> bool {
        let want = normal(kind, parts);
        self.options(s).iter().any(|o| normal(kind, o) == want)
    }
}

/// A move's parts as a sorted list, heaps of 0 left out (they are no component).
fn normal(kind: &Kind, parts: &[State]) -> Vec<State> {
    let mut v: Vec<State> = parts
        .iter()
        .filter(|p| !matches!(kind, Kind::Heap | Kind::ZeroMove) || p[0] != 0)
        .cloned()
        .collect();
    v.sort();
    v
}

fn heap(n: u64) -> State {
    vec![n]
}

fn nim() -> Brute {
    Brute::new(|s| (0..s[0]).map(|k| vec![heap(k)]).collect())
}

fn zero_move() -> Brute {
    Brute::new(|s| {
        let (n, pass) = (s[0], s[1]);
        let mut o: Vec<Vec<State>> = (0..n)
            .map(|k| vec![vec![k, if k > 0 { pass } else { 0 }]])
            .collect();
        if pass == 1 && n > 0 {
            o.push(vec![vec![n, 0]]);
        }
        o
    })
}

/// Take `k` tokens for each `k` the predicate allows.
fn take(allowed: impl Fn(u64, u64) -> bool + 'static) -> Brute {
    Brute::new(move |s| {
        let n = s[0];
        (1..=n)
            .filter(|&k| allowed(n, k))
            .map(|k| vec![heap(n - k)])
            .collect()
    })
}

/// An octal (or hexadecimal) code: digit d_k lets a move take k tokens and leave 0 heaps (bit
/// 1), one non-empty heap (bit 2), two (bit 4) or three (bit 8); the digit before the point is
/// k = 0 (a split without taking).
fn octal(code: &str, radix: u32) -> Brute {
    let (whole, frac) = code.split_once('.').expect("a code");
    let mut digits: Vec<u32> = vec![whole.parse().expect("a digit")];
    digits.extend(frac.chars().map(|c| c.to_digit(radix).expect("a digit")));
    Brute::new(move |s| {
        let n = s[0];
        let mut o: Vec<Vec<State>> = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let r = n - k;
            if d & 1 != 0 && k > 0 && r == 0 {
                o.push(vec![]);
            }
            if d & 2 != 0 && r > 0 && k > 0 {
                o.push(vec![heap(r)]);
            }
            if d & 4 != 0 {
                for a in 1..r {
                    if a <= r - a {
                        o.push(vec![heap(a), heap(r - a)]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..r {
                    for b in a..r {
                        if a + b < r && b <= r - a - b {
                            o.push(vec![heap(a), heap(b), heap(r - a - b)]);
                        }
                    }
                }
            }
        }
        o
    })
}

fn lasker() -> Brute {
    Brute::new(|s| {
        let n = s[0];
        let mut o: Vec<Vec<State>> = (0..n).map(|k| vec![heap(k)]).collect();
        o.extend((1..=n / 2).map(|a| vec![heap(a), heap(n - a)]));
        o
    })
}

fn grundy_game() -> Brute {
    Brute::new(|s| {
        let n = s[0];
        (1..=n.saturating_sub(1) / 2)
            .map(|a| vec![heap(a), heap(n - a)])
            .collect()
    })
}

/// A coin-turning game: heap n is a heads coin at place n; a move leaves the coins it turns heads
/// (places 1..n-1), each a heap.
fn mock_turtles() -> Brute {
    Brute::new(|s| {
        let n = s[0];
        let mut o: Vec<Vec<State>> = Vec::new();
        if n >= 1 {
            o.push(vec![heap(0)]);
        }
        o.extend((1..n).map(|a| vec![heap(a)]));
        for a in 1..n {
            for b in a + 1..n {
                o.push(vec![heap(a), heap(b)]);
            }
        }
        o
    })
}

fn ruler() -> Brute {
    // Turn coins k..n, n from heads to tails: k..n-1 are left heads.
    Brute::new(|s| {
        let n = s[0];
        (1..=n).map(|k| (k..n).map(heap).collect()).collect()
    })
}

fn wythoff() -> Brute {
    Brute::new(|s| {
        let (a, b) = (s[0], s[1]);
        let mut o: Vec<Vec<State>> = Vec::new();
        o.extend((1..=a).map(|k| vec![vec![a - k, b]]));
        o.extend((1..=b).map(|k| vec![vec![a, b - k]]));
        o.extend((1..=a.min(b)).map(|k| vec![vec![a - k, b - k]]));
        o
    })
}

fn fibonacci_nim() -> Brute {
    Brute::new(|s| {
        let (n, m) = (s[0], s[1]);
        (1..=n.min(m))
            .map(|k| vec![vec![n - k, (2 * k).min(n - k)]])
            .collect()
    })
}

fn northcott() -> Brute {
    // The counters close their gap: either moves to any column strictly between them.
    Brute::new(|s| {
        let (w, b) = (s[0], s[1]);
        let (lo, hi) = (w.min(b), w.max(b));
        let mut o: Vec<Vec<State>> = Vec::new();
        for x in lo + 1..hi {
            if w < b {
                o.push(vec![vec![x, b]]);
            } else {
                o.push(vec![vec![w, x]]);
            }
        }
        for x in lo + 1..hi {
            if w < b {
                o.push(vec![vec![w, x]]);
            } else {
                o.push(vec![vec![x, b]]);
            }
        }
        o
    })
}

fn chomp() -> Brute {
    Brute::new(|s| {
        let (a, b, c) = (s[0], s[1], s[2]);
        let mut o: Vec<Vec<State>> = Vec::new();
        o.extend((1..a).map(|j| vec![vec![j, b.min(j), c.min(j)]]));
        o.extend((0..b).map(|j| vec![vec![a, j, c.min(j)]]));
        o.extend((0..c).map(|j| vec![vec![a, b, j]]));
        o
    })
}

fn staircase() -> Brute {
    // Move k coins from step i down to step i - 1 (from step 1, off the staircase).
    Brute::new(|s| {
        let mut o: Vec<Vec<State>> = Vec::new();
        for i in 0..s.len() {
            for k in 1..=s[i] {
                let mut t = s.clone();
                t[i] -= k;
                if i > 0 {
                    t[i - 1] += k;
                }
                o.push(vec![t]);
            }
        }
        o
    })
}

/// Green Hackenbush: cut one edge; whatever no longer reaches the ground (node 0) falls.
fn hackenbush() -> Brute {
    Brute::new(|s| {
        let edges: Vec<(u64, u64)> = s.chunks(2).map(|e| (e[0], e[1])).collect();
        (0..edges.len())
            .map(|cut| {
                let mut left = edges.clone();
                left.remove(cut);
                let kept = grounded(&left);
                if kept.is_empty() { vec![] } else { vec![kept] }
            })
            .collect()
    })
}

/// The edges still joined to the ground, each written smaller node first, sorted.
fn grounded(edges: &[(u64, u64)]) -> State {
    let mut reach: BTreeSet<u64> = BTreeSet::from([0]);
    loop {
        let before = reach.len();
        for &(a, b) in edges {
            if reach.contains(&a) || reach.contains(&b) {
                reach.insert(a);
                reach.insert(b);
            }
        }
        if reach.len() == before {
            break;
        }
    }
    let mut kept: Vec<(u64, u64)> = edges
        .iter()
        .filter(|(a, _)| reach.contains(a))
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    kept.sort();
    kept.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

/// Moore's Nim_k on a whole position: take from at least one and at most k piles.
fn moore_first_wins(piles: &[u64], k: usize, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = piles.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut won = false;
    for child in moore_children(&key, k) {
        if !moore_first_wins(&child, k, memo) {
            won = true;
            break;
        }
    }
    memo.insert(key, won);
    won
}

fn moore_children(piles: &[u64], k: usize) -> Vec<Vec<u64>> {
    // Every assignment of a new size ≤ the old to each pile, at least one and at most k lower.
    let mut out: Vec<Vec<u64>> = vec![Vec::new()];
    for &p in piles {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..=p).map(move |q| {
                    let mut v = prefix.clone();
                    v.push(q);
                    v
                })
            })
            .collect();
    }
    out.into_iter()
        .filter(|c| {
            let changed = c.iter().zip(piles).filter(|(a, b)| a != b).count();
            (1..=k).contains(&changed)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// A ruleset under test.

struct Game {
    /// `--rules`.
    rules: String,
    /// The ruleset as an expression names it; `None` where expressions refuse it.
    expr: Option<String>,
    kind: Kind,
    brute: Brute,
    /// The ruleset itself is played misère (misère Nim).
    misere: bool,
    /// Single components checked alone.
    singles: Vec<State>,
    /// Sums of 2–3 components.
    sums: Vec<Vec<State>>,
    /// Heaps: `grundy 0..N`, `derive 0..N --all`; tuples and graphs look states up one by one.
    range: Option<u64>,
    /// `period --to 300`: `Some(true)` proves a period, `Some(false)` finds none (the values
    /// grow), `None` refuses.
    period: Option<bool>,
    /// A coin-turning game: misère play is played on the row of coins, where two heads at one
    /// place are none.
    coins: bool,
    /// Heaps past the values nimlab computes by mex (where a library game's proven closed form
    /// takes over): looked up, and played against a small heap, in normal play.
    far: Vec<u64>,
    /// Lines refused, with (part of) the reason.
    refusals: Vec<(String, &'static str)>,
    /// Misère play is refused, with this reason.
    misere_refused: Option<&'static str>,
    /// The coin-row searches, by the set of heads.
    coin_memo: RefCell<HashMap<BTreeSet<u64>, bool>>,
    /// `verify --max`, or `None` where verify refuses.
    verify: Option<u64>,
    /// The shell's `draw` and bulk `winner -`/`move -` and a lesson take the ruleset by name.
    by_name: bool,
    /// Lines run first in the session (a game definition).
    prelude: Vec<String>,
    /// Files to write into the test's directory.
    files: Vec<(String, String)>,
}

impl Game {
    fn new(rules: &str, kind: Kind, brute: Brute) -> Self {
        Self {
            rules: rules.to_string(),
            expr: Some(rules.to_string()),
            kind,
            brute,
            misere: false,
            singles: Vec::new(),
            sums: Vec::new(),
            range: None,
            period: None,
            coins: false,
            misere_refused: None,
            refusals: Vec::new(),
            far: Vec::new(),
            coin_memo: RefCell::new(HashMap::new()),
            verify: Some(3),
            by_name: true,
            prelude: Vec::new(),
            files: Vec::new(),
        }
    }

    /// Heaps 0..=`max` alone, and sums of two and three small heaps.
    fn heaps(mut self, max: u64, sums: &[&[u64]]) -> Self {
        self.singles = (0..=max).map(heap).collect();
        self.sums = sums
            .iter()
            .map(|s| s.iter().map(|&n| heap(n)).collect())
            .collect();
        self.range = Some(max);
        self
    }

    fn write(&self, s: &State) -> String {
        match &self.kind {
            Kind::Heap => s[0].to_string(),
            Kind::ZeroMove if s[0] == 0 => "0".into(),
            Kind::ZeroMove => format!("{}{}", s[0], if s[1] == 1 { 'T' } else { 'F' }),
            Kind::Tuple => {
                let parts: Vec<String> = s.iter().map(u64::to_string).collect();
                format!("({})", parts.join(","))
            }
            Kind::Graph(names) => names[index(s[0])].clone(),
        }
    }

    fn parse(&self, text: &str) -> State {
        let text = text.trim();
        match &self.kind {
            Kind::Heap => vec![text.parse().unwrap_or_else(|_| panic!("a heap: {text}"))],
            Kind::ZeroMove => {
                let (n, pass) = match text.strip_suffix('T') {
                    Some(n) => (n, 1),
                    None => (text.strip_suffix('F').unwrap_or(text), 0),
                };
                let n: u64 = n.parse().unwrap_or_else(|_| panic!("a state: {text}"));
                vec![n, if n > 0 { pass } else { 0 }]
            }
            Kind::Tuple => text
                .trim_start_matches('(')
                .trim_end_matches(')')
                .split(',')
                .map(|p| {
                    p.trim()
                        .parse()
                        .unwrap_or_else(|_| panic!("a tuple: {text}"))
                })
                .collect(),
            Kind::Graph(names) => vec![
                names
                    .iter()
                    .position(|n| n == text)
                    .unwrap_or_else(|| panic!("a position: {text}")) as u64,
            ],
        }
    }

    /// What a move leaves, written `4+4` (several heaps) or one state.
    fn parse_parts(&self, text: &str) -> Vec<State> {
        match self.kind {
            Kind::Tuple | Kind::Graph(_) => vec![self.parse(text)],
            _ => text.split('+').map(|p| self.parse(p)).collect(),
        }
    }

    fn listed(&self, position: &[State], sep: &str) -> String {
        position
            .iter()
            .map(|s| self.write(s))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// Whether the player to move wins, by the ruleset's own play (misère for misère Nim).
    fn wins(&self, position: &[State]) -> bool {
        if self.misere {
            self.misere_wins(position)
        } else {
            self.brute.value(position) != 0
        }
    }

    /// Whether the player to move wins misère play, by search: on the sum of components, or for
    /// a coin-turning game on the row of coins (heads at the places an odd number of components
    /// name).
    fn misere_wins(&self, position: &[State]) -> bool {
        if !self.coins {
            return self.brute.first_wins(position, true);
        }
        self.coin_row_wins(Self::heads(position))
    }

    /// The heads of a coin row: places named an odd number of times.
    fn heads(position: &[State]) -> BTreeSet<u64> {
        let mut heads = BTreeSet::new();
        for s in position {
            if s[0] > 0 && !heads.remove(&s[0]) {
                heads.insert(s[0]);
            }
        }
        heads
    }

    /// Whether misère play has a move to make (a coin row, a heads coin).
    fn misere_has_move(&self, position: &[State]) -> bool {
        if self.coins {
            !Self::heads(position).is_empty()
        } else {
            !self.brute.children(position).is_empty()
        }
    }

    fn coin_row_wins(&self, heads: BTreeSet<u64>) -> bool {
        if let Some(&w) = self.coin_memo.borrow().get(&heads) {
            return w;
        }
        // A move turns a heads coin n to tails and turns the coins one of its options names.
        let mut won = heads.is_empty();
        for &n in &heads {
            for parts in self.brute.options(&heap(n)) {
                let mut after = heads.clone();
                after.remove(&n);
                for p in parts.iter().filter(|p| p[0] > 0) {
                    if !after.remove(&p[0]) {
                        after.insert(p[0]);
                    }
                }
                if !self.coin_row_wins(after) {
                    won = true;
                }
            }
        }
        self.coin_memo.borrow_mut().insert(heads, won);
        won
    }

    fn positions(&self) -> Vec<Vec<State>> {
        let mut all: Vec<Vec<State>> = self.singles.iter().map(|s| vec![s.clone()]).collect();
        all.extend(self.sums.iter().cloned());
        all
    }

    /// The expression's arguments for a position: states, or a graph's positions by number.
    fn expr_args(&self, position: &[State]) -> String {
        match self.kind {
            Kind::Graph(_) => position
                .iter()
                .map(|s| s[0].to_string())
                .collect::<Vec<_>>()
                .join(", "),
            _ => self.listed(position, ", "),
        }
    }
}

fn index(n: u64) -> usize {
    usize::try_from(n).expect("small")
}

// ---------------------------------------------------------------------------------------------
// One session's script: each line with what it must print, or be refused with.

type Check = Box<dyn Fn(&Value)>;

enum Expect {
    Json(Check),
    /// One `error:` line containing this text.
    Refused(String),
    /// Prints one line of JSON, not checked (a `rules` reply).
    Any,
}

struct Script {
    lines: Vec<(String, Expect)>,
}

impl Script {
    fn new() -> Self {
        Self { lines: Vec::new() }
    }

    fn json(&mut self, line: String, check: impl Fn(&Value) + 'static) {
        self.lines.push((line, Expect::Json(Box::new(check))));
    }

    fn refused(&mut self, line: String, why: &str) {
        self.lines.push((line, Expect::Refused(why.to_string())));
    }

    fn any(&mut self, line: String) {
        self.lines.push((line, Expect::Any));
    }

    /// Runs the script in one session and checks every line; returns how many lines it ran.
    #[track_caller]
    fn run(self, test: Test) -> usize {
        let mut text = String::new();
        for (line, _) in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        if let Ok(dir) = std::env::var("AGREE_DUMP") {
            let name = self
                .lines
                .get(1)
                .map_or("script", |(l, _)| l.as_str())
                .replace(['/', ' ', ':'], "_");
            std::fs::write(format!("{dir}/{name}.txt"), &text).expect("dump");
        }
        let out = test.arg("--format").arg("json").stdin(text).run();
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
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
        let mut stdout = out.stdout.lines();
        for (i, (line, expect)) in self.lines.iter().enumerate() {
            match expect {
                Expect::Json(_) | Expect::Any => {
                    assert!(
                        !errors.contains_key(&(i + 1)),
                        "`{line}` was refused: {}",
                        errors[&(i + 1)]
                    );
                    let printed = stdout
                        .next()
                        .unwrap_or_else(|| panic!("`{line}`: no output"));
                    let v: Value = serde_json::from_str(printed)
                        .unwrap_or_else(|e| panic!("`{line}`: not JSON ({e}): {printed}"));
                    if let Expect::Json(check) = expect {
                        let checked =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&v)));
                        assert!(checked.is_ok(), "`{line}` printed {v}");
                    }
                }
                Expect::Refused(why) => {
                    let message = errors
                        .get(&(i + 1))
                        .unwrap_or_else(|| panic!("`{line}` was not refused"));
                    assert!(message.contains(why.as_str()), "`{line}`: {message}");
                }
            }
        }
        assert_eq!(stdout.next(), None, "more output than lines");
        assert_eq!(errors.len(), refusals, "refusals:\n{}", out.stderr);
        assert_eq!(out.code, if refusals > 0 { 2 } else { 0 }, "{}", out.stderr);
        self.lines.len()
    }
}

fn winner_word(won: bool) -> &'static str {
    if won { "first" } else { "second" }
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

// ---------------------------------------------------------------------------------------------
// The consumers.

/// Checks a move (`pile` from 1, `from`, `to`) from `position`: legal by the rules, and it leaves
/// a position the mover's opponent loses (by the search in misère play).
fn check_move(game: &Game, position: &[State], mv: &Value, misere: bool, label: &str) {
    let after = check_legal(game, position, mv, label);
    let opponent_wins = if misere {
        game.misere_wins(&after)
    } else {
        game.brute.value(&after) != 0
    };
    assert!(!opponent_wins, "{label}: the move leaves a won position");
}

/// Checks that a move is one the rules allow from `position`; returns the position it leaves.
fn check_legal(game: &Game, position: &[State], mv: &Value, label: &str) -> Vec<State> {
    let pile = index(u(&mv["pile"])) - 1;
    let from = game.parse(str_of(&mv["from"]));
    assert_eq!(from, position[pile], "{label}: the move's `from`");
    let to = game.parse_parts(str_of(&mv["to"]));
    assert!(
        game.brute.is_option(&game.kind, &from, &to),
        "{label}: {} → {} is not a move",
        game.write(&from),
        str_of(&mv["to"])
    );
    let mut after: Vec<State> = position[..pile].to_vec();
    after.extend(to);
    after.extend_from_slice(&position[pile + 1..]);
    after
}

// Long on purpose: one check per REPL command on one position, all against the same brute-force
// answers computed at its top.
/// Every REPL consumer on one position.
fn position_lines(script: &mut Script, game: &std::rc::Rc<Game>, position: &[State]) {
    let listed = game.listed(position, " ");
    let label = format!("{} {listed}", game.rules);
    let value = game.brute.value(position);
    let won = game.wins(position);
    let misere_won = game.misere_wins(position);
    let has_move = !game.brute.children(position).is_empty();

    for command in ["winner", "nimsum"] {
        let (g, lbl, p) = (game.clone(), label.clone(), position.to_vec());
        script.json(format!("{command} {listed}"), move |v| {
            assert_eq!(str_of(&v["winner"]), winner_word(won), "{lbl}: {command}");
            if g.misere && p.iter().all(|s| s[0] <= 1) {
                let ones = p.iter().filter(|s| s[0] == 1).count() as u64;
                assert_eq!(u(&v["ones"]), ones, "{lbl}");
            } else {
                assert_eq!(u(&v["nim_sum"]), value, "{lbl}: {command}'s nim-sum");
            }
            if !g.misere {
                let values: Vec<u64> = v["grundy"]
                    .as_array()
                    .expect("grundy")
                    .iter()
                    .map(u)
                    .collect();
                let expected: Vec<u64> = p.iter().map(|s| g.brute.g(s)).collect();
                assert_eq!(values, expected, "{lbl}: {command}'s values");
            }
        });
    }
    let (g, lbl, p) = (game.clone(), label.clone(), position.to_vec());
    script.json(format!("move {listed}"), move |v| {
        let mv = &v["move"];
        if !won || !has_move {
            assert!(mv.is_null(), "{lbl}: a move from a lost position");
        } else {
            check_move(&g, &p, mv, g.misere, &format!("{lbl}: move"));
        }
    });
    let misere_has_move = game.misere_has_move(position);
    for flag in ["winner", "move"] {
        if let Some(why) = game.misere_refused {
            script.refused(format!("{flag} --misere {listed}"), why);
            continue;
        }
        let (g, lbl, p) = (game.clone(), label.clone(), position.to_vec());
        script.json(format!("{flag} --misere {listed}"), move |v| {
            assert_eq!(
                str_of(&v["winner"]),
                winner_word(misere_won),
                "{lbl}: {flag} --misere"
            );
            if flag == "move" {
                let mv = &v["move"];
                if !misere_won || !misere_has_move {
                    assert!(mv.is_null(), "{lbl}: a misère move from a lost position");
                } else {
                    check_move(&g, &p, mv, true, &format!("{lbl}: move --misere"));
                }
            }
        });
    }
    match &game.expr {
        Some(e) => {
            let args = game.expr_args(position);
            let named = if e.is_empty() {
                args.clone()
            } else {
                format!("{e}, {args}")
            };
            let lbl = label.clone();
            script.json(format!("= g({named})"), move |v| {
                assert_eq!(u(&v["value"]), value, "{lbl}: = g(…)");
            });
            let lbl = label.clone();
            script.json(format!("= lost({named})"), move |v| {
                assert_eq!(v["value"], Value::Bool(!won), "{lbl}: = lost(…)");
            });
            let lbl = label.clone();
            script.json(format!("= winner({named})"), move |v| {
                assert_eq!(str_of(&v["value"]), winner_word(won), "{lbl}: = winner(…)");
            });
            let lbl = label.clone();
            if let Some(why) = game.misere_refused {
                script.refused(format!("= misere({named})"), why);
            } else {
                script.json(format!("= misere({named})"), move |v| {
                    assert_eq!(
                        str_of(&v["value"]),
                        winner_word(misere_won),
                        "{lbl}: = misere(…)"
                    );
                });
            }
        }
        None => {
            let args = game.expr_args(position);
            script.refused(
                format!("= g({}, {args})", game.rules),
                "expected a ruleset an expression can name",
            );
        }
    }
    // `position` then `step`: one perfect move.
    let (misere, lbl) = (game.misere, label.clone());
    script.json(format!("position {listed}"), move |v| {
        assert_eq!(str_of(&v["winner"]), winner_word(won), "{lbl}: position");
        if !misere {
            assert_eq!(u(&v["nim_sum"]), value, "{lbl}: position's nim-sum");
        }
    });
    if has_move {
        let (g, lbl, p) = (game.clone(), label.clone(), position.to_vec());
        script.json("step".into(), move |v| {
            let first = &v["moves"][0];
            if won {
                assert_eq!(str_of(&first["intent"]), "winning", "{lbl}: step");
                check_move(&g, &p, &first["move"], g.misere, &format!("{lbl}: step"));
            } else {
                let mv = &first["move"];
                let pile = index(u(&mv["pile"])) - 1;
                let to = g.parse_parts(str_of(&mv["to"]));
                assert!(g.brute.is_option(&g.kind, &p[pile], &to), "{lbl}: step");
            }
        });
        // `play` and the coach's `hint`.
        if position.len() > 1 {
            // `step --all`: perfect play to the end; the winner's every move leaves a lost
            // position, and every move is one the rules allow.
            script.any(format!("position {listed}"));
            let (g, lbl) = (game.clone(), label.clone());
            script.json("step --all".into(), move |v| {
                assert_eq!(str_of(&v["winner"]), winner_word(won), "{lbl}: step --all");
                let moves = v["moves"].as_array().expect("moves");
                assert!(!moves.is_empty(), "{lbl}: step --all made no move");
                for m in moves {
                    let before: Vec<State> = m["before"]
                        .as_array()
                        .expect("before")
                        .iter()
                        .map(|s| g.parse(str_of(s)))
                        .collect();
                    let label = format!("{lbl}: step --all from {:?}", m["before"]);
                    if m["player"] == v["winner"] {
                        check_move(&g, &before, &m["move"], g.misere, &label);
                    } else {
                        check_legal(&g, &before, &m["move"], &label);
                    }
                }
            });
        }
        if !game.misere {
            let line = format!("play --misere {listed} --coach off");
            match game.misere_refused {
                Some(why) => script.refused(line, why),
                None if misere_has_move => {
                    script.any(line);
                    let (g, lbl, p) = (game.clone(), label.clone(), position.to_vec());
                    script.json("hint".into(), move |v| {
                        let hint = v["events"]
                            .as_array()
                            .expect("events")
                            .iter()
                            .find(|e| e["event"] == "hint")
                            .unwrap_or_else(|| panic!("{lbl}: no hint"))
                            .clone();
                        assert_eq!(
                            str_of(&hint["winner"]),
                            winner_word(misere_won),
                            "{lbl}: misère hint"
                        );
                        if misere_won {
                            check_move(&g, &p, &hint["move"], true, &format!("{lbl}: hint"));
                        }
                    });
                    script.any("resign".into());
                }
                None => {}
            }
        }
        script.any(format!("play {listed} --coach off"));
        let (g, lbl, p) = (game.clone(), label.clone(), position.to_vec());
        script.json("hint".into(), move |v| {
            let hint = v["events"]
                .as_array()
                .expect("events")
                .iter()
                .find(|e| e["event"] == "hint")
                .unwrap_or_else(|| panic!("{lbl}: no hint"))
                .clone();
            assert_eq!(str_of(&hint["winner"]), winner_word(won), "{lbl}: hint");
            if won {
                check_move(&g, &p, &hint["move"], g.misere, &format!("{lbl}: hint"));
            }
        });
        script.any("resign".into());
    }
}

/// `grundy` of each single state (tuples, graph positions), or `grundy 0..N` and `derive`.
fn table_lines(script: &mut Script, game: &std::rc::Rc<Game>) {
    match game.range {
        Some(max) => {
            for values in ["", " --values"] {
                let g = game.clone();
                script.json(format!("grundy 0..{max}{values}"), move |v| {
                    let rows = v["rows"].as_array().expect("rows");
                    let states: Vec<State> = match g.kind {
                        Kind::ZeroMove => std::iter::once(vec![0, 0])
                            .chain((1..=max).flat_map(|n| [vec![n, 0], vec![n, 1]]))
                            .collect(),
                        _ => (0..=max).map(heap).collect(),
                    };
                    assert_eq!(rows.len(), states.len(), "{}: grundy rows", g.rules);
                    for (row, s) in rows.iter().zip(&states) {
                        assert_eq!(g.parse(str_of(&row["state"])), *s, "{}", g.rules);
                        assert_eq!(u(&row["grundy"]), g.brute.g(s), "{}: g({s:?})", g.rules);
                        if let Some(options) = row["options"].as_array() {
                            for o in options {
                                let parts = g.parse_parts(str_of(&o["state"]));
                                assert!(g.brute.is_option(&g.kind, s, &parts), "{}", g.rules);
                                assert_eq!(u(&o["grundy"]), g.brute.value(&parts), "{}", g.rules);
                            }
                        }
                    }
                });
            }
            derive_line(script, game, max);
        }
        None => {
            for s in &game.singles {
                let (g, s2) = (game.clone(), s.clone());
                script.json(format!("grundy {}", game.write(s)), move |v| {
                    let row = &v["rows"][0];
                    assert_eq!(u(&row["grundy"]), g.brute.g(&s2), "{}: grundy", g.rules);
                    // `n` is a pile's size (a graph position's number): a tuple has none, and
                    // no number the session happened to give it belongs in the answer.
                    if let Kind::Tuple = g.kind {
                        assert!(row.get("n").is_none(), "{}: a tuple's `n`", g.rules);
                    }
                    for o in row["options"].as_array().expect("options") {
                        let parts = g.parse_parts(str_of(&o["state"]));
                        assert!(g.brute.is_option(&g.kind, &s2, &parts), "{}", g.rules);
                        assert_eq!(u(&o["grundy"]), g.brute.value(&parts), "{}", g.rules);
                    }
                });
            }
            match game.kind {
                Kind::Tuple => {
                    let s = game.write(&game.singles[1]);
                    script.refused(format!("derive {s}"), "its states are tuples, not sizes");
                    script.refused("grundy 0..3".into(), "its states are tuples, not sizes");
                }
                // A graph's positions are numbered in the file's order; each is shown by name.
                Kind::Graph(ref names) => derive_line(script, game, names.len() as u64 - 1),
                _ => {}
            }
        }
    }
}

/// `derive 0..max --all`: each state's options as the rules give them, their values, the mex.
fn derive_line(script: &mut Script, game: &std::rc::Rc<Game>, max: u64) {
    let g = game.clone();
    script.json(format!("derive 0..{max} --all"), move |v| {
        for step in v["steps"].as_array().expect("steps") {
            let s = g.parse(str_of(&step["state"]));
            assert_eq!(u(&step["mex"]), g.brute.g(&s), "{}: derive", g.rules);
            let shown: Vec<Vec<State>> = step["options"]
                .as_array()
                .expect("options")
                .iter()
                .map(|o| {
                    let parts = g.parse_parts(str_of(&o["state"]));
                    assert_eq!(u(&o["grundy"]), g.brute.value(&parts), "{}", g.rules);
                    normal(&g.kind, &parts)
                })
                .collect();
            let shown: BTreeSet<Vec<State>> = shown.into_iter().collect();
            let all: BTreeSet<Vec<State>> = g
                .brute
                .options(&s)
                .iter()
                .map(|o| normal(&g.kind, o))
                .collect();
            assert_eq!(shown, all, "{}: derive's options of {s:?}", g.rules);
        }
    });
}

/// Far heaps: `grundy N`, `= g(…)`, and `winner`, `move` with a small heap beside.
fn far_lines(script: &mut Script, game: &std::rc::Rc<Game>) {
    let Some(&top) = game.far.iter().max() else {
        return;
    };
    // Bottom up, so the memoised mex never recurses deep.
    for n in 0..=top {
        game.brute.g(&heap(n));
    }
    for &n in &game.far {
        let (g, expected) = (game.clone(), game.brute.g(&heap(n)));
        script.json(format!("grundy {n}"), move |v| {
            assert_eq!(u(&v["rows"][0]["grundy"]), expected, "{}: g({n})", g.rules);
        });
        if let Some(e) = game.expr.as_ref().filter(|e| !e.is_empty()) {
            let rules = game.rules.clone();
            script.json(format!("= g({e}, {n})"), move |v| {
                assert_eq!(u(&v["value"]), expected, "{rules}: = g({n})");
            });
        }
        for small in [3, 13] {
            let position = vec![heap(n), heap(small)];
            let listed = game.listed(&position, " ");
            let won = game.brute.value(&position) != 0;
            let label = format!("{} {listed}", game.rules);
            script.json(format!("winner {listed}"), move |v| {
                assert_eq!(str_of(&v["winner"]), winner_word(won), "{label}");
            });
            let (g, label) = (game.clone(), format!("{} {listed}", game.rules));
            script.json(format!("move {listed}"), move |v| {
                if won {
                    check_move(&g, &position, &v["move"], false, &label);
                } else {
                    assert!(v["move"].is_null(), "{label}");
                }
            });
        }
    }
}

/// Sorted multisets of `k` states.
fn multisets(states: &[State], k: usize) -> Vec<Vec<State>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for (i, s) in states.iter().enumerate() {
        for mut rest in multisets(&states[i..], k - 1) {
            rest.insert(0, s.clone());
            out.push(rest);
        }
    }
    out
}

fn verify_lines(script: &mut Script, game: &std::rc::Rc<Game>) {
    let Some(max) = game.verify else {
        script.refused("verify --piles 2 --max 2".into(), "would take too long");
        return;
    };
    for misere in [false, true] {
        let flag = if misere { " --misere" } else { "" };
        if let (true, Some(why)) = (misere, game.misere_refused) {
            script.refused(format!("verify --piles 2 --max {max}{flag}"), why);
            continue;
        }
        let g = game.clone();
        script.json(format!("verify --piles 2 --max {max}{flag}"), move |v| {
            assert_eq!(u(&v["mismatches"]), 0, "{}: verify{flag}", g.rules);
            let misere_play = misere || g.misere;
            // The positions: two piles of size ≤ max (heaps and zero-move states, where a pile
            // of 0 is no pile); for a graph the first max + 1 positions, for tuples every tuple
            // with each part ≤ max, with the states they lead to, and no pile at all.
            let closure = |start: Vec<State>| -> Vec<State> {
                let mut seen: BTreeSet<State> = start.into_iter().collect();
                let mut todo: Vec<State> = seen.iter().cloned().collect();
                while let Some(s) = todo.pop() {
                    for o in g.brute.options(&s).into_iter().flatten() {
                        if seen.insert(o.clone()) {
                            todo.push(o);
                        }
                    }
                }
                std::iter::once(vec![]).chain(seen).collect()
            };
            let states: Option<Vec<State>> = match g.kind {
                Kind::Heap => Some((0..=max).map(heap).collect()),
                Kind::ZeroMove => Some(
                    std::iter::once(vec![0, 0])
                        .chain((1..=max).flat_map(|n| [vec![n, 0], vec![n, 1]]))
                        .collect(),
                ),
                Kind::Graph(_) => Some(closure((0..=max).map(heap).collect())),
                Kind::Tuple => {
                    let arity = g.singles[0].len();
                    let mut tuples: Vec<State> = vec![vec![]];
                    for _ in 0..arity {
                        tuples = tuples
                            .into_iter()
                            .flat_map(|t| {
                                (0..=max).map(move |x| {
                                    let mut t = t.clone();
                                    t.push(x);
                                    t
                                })
                            })
                            .collect();
                    }
                    // Northcott's counters never share a square.
                    tuples.retain(|t| g.rules != "northcott" || t[0] != t[1]);
                    // A Chomp board's rows never grow upwards.
                    tuples.retain(|t| g.rules != "chomp" || t.windows(2).all(|w| w[0] >= w[1]));
                    Some(closure(tuples))
                }
            };
            if let Some(states) = states {
                // (An empty state is no pile: a graph's position of one.)
                let all: Vec<Vec<State>> = multisets(&states, 2)
                    .into_iter()
                    .map(|p| p.into_iter().filter(|s| !s.is_empty()).collect())
                    .collect();
                assert_eq!(u(&v["positions"]), all.len() as u64, "{}", g.rules);
                let first = all
                    .iter()
                    .filter(|p| {
                        if misere_play {
                            g.misere_wins(p)
                        } else {
                            g.brute.first_wins(p, false)
                        }
                    })
                    .count() as u64;
                assert_eq!(u(&v["first_wins"]), first, "{}: verify{flag}", g.rules);
            }
            if let Some(lost) = v["lost"].as_array() {
                for p in lost {
                    let p: Vec<State> = p
                        .as_array()
                        .expect("a position")
                        .iter()
                        .map(|s| g.parse(str_of(s)))
                        .collect();
                    let won = if misere_play {
                        g.misere_wins(&p)
                    } else {
                        g.brute.first_wins(&p, false)
                    };
                    assert!(!won, "{}: {p:?}", g.rules);
                }
            }
        });
    }
}

fn period_line(script: &mut Script, game: &std::rc::Rc<Game>) {
    let Some(found) = game.period else {
        script.refused("period".into(), "`period` looks at octal games");
        return;
    };
    let g = game.clone();
    script.json("period --to 300".into(), move |v| {
        if !found {
            assert!(
                v["period"].is_null(),
                "{}: a period of growing values",
                g.rules
            );
            let (a, b) = (g.brute.g(&heap(60)), g.brute.g(&heap(120)));
            assert!(a < b, "{}: the values do not grow", g.rules);
            return;
        }
        let p = index(u(&v["period"]));
        let pre = index(u(&v["preperiod"]));
        let upto = (pre + 3 * p + 60) as u64;
        let seq: Vec<u64> = (0..=upto).map(|n| g.brute.g(&heap(n))).collect();
        for n in pre..seq.len() - p {
            assert_eq!(
                seq[n + p],
                seq[n],
                "{}: the period {p} from {pre} at {n}",
                g.rules
            );
        }
        let one: Vec<u64> = v["one_period"]
            .as_array()
            .expect("one")
            .iter()
            .map(u)
            .collect();
        assert_eq!(one, seq[pre..pre + p], "{}: one period", g.rules);
        // The period is the least, and the preperiod where it starts.
        for q in 1..p {
            assert!(
                (pre..seq.len() - q).any(|n| seq[n + q] != seq[n]),
                "{}: {q} is a smaller period",
                g.rules
            );
        }
        if pre > 0 {
            assert_ne!(seq[pre - 1], seq[pre - 1 + p], "{}: the preperiod", g.rules);
        }
    });
}

/// `draw`: every node's value, written `g = V` under the position it labels.
fn check_draw(game: &Game, dot: &str) -> usize {
    let mut nodes = 0;
    for line in dot.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix('n') else {
            continue;
        };
        let Some((_, label)) = rest.split_once(" [label=\"") else {
            continue;
        };
        let Some((state, rest)) = label.split_once("\\ng = ") else {
            continue;
        };
        let shown: u64 = rest
            .split('"')
            .next()
            .and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("a value in {line}"));
        let position: Vec<State> = state.split(" + ").map(|s| game.parse(s)).collect();
        assert_eq!(
            shown,
            game.brute.value(&position),
            "{}: draw {state}",
            game.rules
        );
        let boxed = line.contains("peripheries=2");
        assert_eq!(boxed, shown == 0, "{}: draw marks {state}", game.rules);
        nodes += 1;
    }
    assert!(nodes > 0, "{}: no nodes drawn:\n{dot}", game.rules);
    nodes
}

/// A lesson whose `run:` steps ask `winner` and `move` of the positions.
fn lesson_check(game: &Game, positions: &[Vec<State>]) -> usize {
    // Per position: `winner`, `move`, `nimsum` and `= lost(…)` on the lesson's rules.
    const PER: usize = 4;
    let mut steps = String::new();
    for (i, p) in positions.iter().enumerate() {
        let listed = game.listed(p, " ");
        steps.push_str(&format!("  - id: w{i}\n    run: winner {listed}\n"));
        steps.push_str(&format!("  - id: m{i}\n    run: move {listed}\n"));
        steps.push_str(&format!("  - id: n{i}\n    run: nimsum {listed}\n"));
        let args = game.expr_args(p);
        steps.push_str(&format!("  - id: l{i}\n    run: \"= lost({args})\"\n"));
    }
    let lesson = format!(
        "format: 1\nid: agree\nversion: 1\ntitle: Agree\nsummary: Winners.\nrules: {}\nsteps:\n{steps}",
        game.rules
    );
    let test = Test::new();
    let path = test.write("agree.yaml", &lesson);
    let dir = path.parent().expect("a directory").display().to_string();
    let mut script = String::from("lesson start agree\n");
    for _ in 1..PER * positions.len() {
        script.push_str("next\n");
    }
    let out = test
        .args(["--lessons", &dir, "--format", "json"])
        .stdin(script)
        .run()
        .success();
    let runs: Vec<Value> = out
        .json_lines()
        .iter()
        .flat_map(|doc| doc["items"].as_array().cloned().unwrap_or_default())
        .filter(|item| item["kind"] == "run")
        .collect();
    assert_eq!(runs.len(), PER * positions.len(), "{}", out.stdout);
    for (i, p) in positions.iter().enumerate() {
        let label = format!("{} lesson {}", game.rules, game.listed(p, " "));
        let won = game.wins(p);
        let run = |k: usize| &runs[PER * i + k]["output"];
        assert_eq!(str_of(&run(0)["winner"]), winner_word(won), "{label}");
        let m = &run(1)["move"];
        if won && !game.brute.children(p).is_empty() {
            check_move(game, p, m, game.misere, &label);
        } else {
            assert!(m.is_null(), "{label}: {m}");
        }
        assert_eq!(str_of(&run(2)["winner"]), winner_word(won), "{label}");
        assert_eq!(run(3)["value"], Value::Bool(!won), "{label}: lost");
    }
    PER * positions.len()
}

/// `play` from positions lost for the learner, who makes a move: the computer's reply must be
/// a move the rules allow that leaves the learner lost again (its misère search, for misère
/// Nim). Spoken to one line at a time, since a reply may end the game.
fn play_replies(game: &Game) -> usize {
    let mut repl = JsonRepl::start();
    for line in &game.prelude {
        repl.send(line);
    }
    repl.send(&format!("rules {}", game.rules));
    let mut checked = 0;
    for p in game.positions() {
        if game.wins(&p) {
            continue;
        }
        // The learner's move: the first option of the first pile that has one.
        let Some((i, parts)) = p
            .iter()
            .enumerate()
            .find_map(|(i, s)| game.brute.options(s).into_iter().next().map(|o| (i, o)))
        else {
            continue;
        };
        let to: Vec<String> = parts.iter().map(|s| game.write(s)).collect();
        let to = if to.is_empty() {
            "0".to_string()
        } else {
            to.join("+")
        };
        let listed = game.listed(&p, " ");
        let label = format!("{} play {listed}, {} -> {to}", game.rules, i + 1);
        repl.send(&format!("play {listed} --coach off"));
        let v = repl.send(&format!("{} -> {to}", i + 1));
        let events = v["events"].as_array().expect("events").clone();
        let learner = events
            .iter()
            .find(|e| e["event"] == "move" && e["side"] == "learner")
            .unwrap_or_else(|| panic!("{label}: the learner's move was not made: {v}"));
        let before: Vec<State> = learner["piles"]
            .as_array()
            .expect("piles")
            .iter()
            .map(|s| game.parse(str_of(s)))
            .collect();
        if let Some(reply) = events
            .iter()
            .find(|e| e["event"] == "move" && e["side"] == "computer")
        {
            check_move(game, &before, &reply["move"], game.misere, &label);
            checked += 1;
        } else {
            // No reply: the learner's move ended the game.
            assert!(game.brute.children(&before).is_empty(), "{label}: no reply");
        }
        if !v["to_move"].is_null() {
            repl.send("resign");
        }
    }
    checked
}

// Long on purpose: the one driver of every agreement test: the script of commands for a game's
// positions, run once and checked; split, the script's state would pass between functions.
/// Runs every consumer on the game's positions; returns how many answers were checked.
fn agree(game: Game) -> usize {
    let start = Instant::now();
    let game = std::rc::Rc::new(game);
    let positions = game.positions();
    let test = Test::new();
    for (name, text) in &game.files {
        test.write(name, text);
    }
    let mut script = Script::new();
    for line in &game.prelude {
        script.any(line.clone());
    }
    script.any(format!("rules {}", game.rules));
    table_lines(&mut script, &game);
    for p in &positions {
        position_lines(&mut script, &game, p);
    }
    verify_lines(&mut script, &game);
    period_line(&mut script, &game);
    far_lines(&mut script, &game);
    for (line, why) in &game.refusals {
        script.refused(line.clone(), why);
    }
    let mut checked = script.run(test);

    if game.by_name {
        // Draw a sum of two and the biggest single position.
        for p in [game.sums[0].clone(), game.sums[game.sums.len() - 1].clone()] {
            let test = Test::new();
            for (name, text) in &game.files {
                test.write(name, text);
            }
            let mut args = vec!["draw".to_string(), "--rules".into(), game.rules.clone()];
            args.extend(p.iter().map(|s| game.write(s)));
            let out = test.args(&args).run();
            if game.misere {
                out.code(2)
                    .stderr_has("misère play is not decided by Grundy values");
            } else {
                checked += check_draw(&game, &out.success().stdout);
            }
        }
        // The bulk stream: every position's components, one pile a line, as one position;
        // and past 10000 piles (decided in one pass, a summary printed) the singles over and
        // over. Misère play is searched here, so its stream is short and has no long one.
        let take = if game.misere { 3 } else { game.sums.len() };
        let short: Vec<State> = game.sums.iter().take(take).flatten().cloned().collect();
        let long: Vec<State> = game.singles.iter().cycle().take(10_007).cloned().collect();
        let streams = if game.misere {
            vec![short]
        } else {
            vec![short, long]
        };
        for (all, command) in streams
            .iter()
            .flat_map(|all| [(all, "winner"), (all, "move")])
        {
            let stdin: String = all.iter().map(|s| game.write(s) + "\n").collect();
            let test = Test::new();
            for (name, text) in &game.files {
                test.write(name, text);
            }
            let out = test
                .args(["--format", "json", command, "--rules", &game.rules, "-"])
                .stdin(stdin.clone())
                .run()
                .success();
            let v = out.json();
            let won = game.wins(all);
            if all.len() > 10_000 {
                assert_eq!(u(&v["count"]), all.len() as u64, "{}: bulk", game.rules);
                assert_eq!(
                    u(&v["nim_sum"]),
                    game.brute.value(all),
                    "{}: bulk",
                    game.rules
                );
            }
            if command == "winner" {
                assert_eq!(
                    str_of(&v["winner"]),
                    winner_word(won),
                    "{}: bulk",
                    game.rules
                );
            } else if won {
                check_move(&game, all, &v["move"], game.misere, "bulk move");
            } else {
                assert!(v["move"].is_null(), "{}: bulk move", game.rules);
            }
            checked += 1;
        }
        if game.files.is_empty() {
            let lessons: Vec<Vec<State>> = game.sums.iter().take(4).cloned().collect();
            checked += lesson_check(&game, &lessons);
        }
    }
    if game.files.is_empty() {
        checked += play_replies(&game);
    }
    eprintln!(
        "{}: {} positions, {checked} answers checked in {:?}",
        game.rules,
        positions.len(),
        start.elapsed()
    );
    checked
}

// ---------------------------------------------------------------------------------------------
// The rulesets.

const PAIRS_AND_TRIPLES: &[&[u64]] = &[
    &[1, 2],
    &[2, 2],
    &[1, 3],
    &[3, 4],
    &[2, 5],
    &[4, 4],
    &[3, 6],
    &[5, 6],
    &[1, 2, 3],
    &[2, 3, 4],
    &[1, 4, 5],
    &[3, 3, 5],
];

const SMALL_SUMS: &[&[u64]] = &[
    &[1, 2],
    &[2, 2],
    &[1, 3],
    &[3, 4],
    &[2, 5],
    &[1, 2, 3],
    &[2, 2, 4],
];

#[test]
fn nim_agrees() {
    agree(Game::new("nim", Kind::Heap, nim()).heaps(12, PAIRS_AND_TRIPLES));
}

#[test]
fn zero_move_agrees() {
    let mut g = Game::new("zero-move", Kind::ZeroMove, zero_move());
    g.singles = std::iter::once(vec![0, 0])
        .chain((1..=8).flat_map(|n| [vec![n, 0], vec![n, 1]]))
        .collect();
    g.sums = vec![
        vec![vec![1, 1], vec![2, 1]],
        vec![vec![3, 1], vec![4, 0]],
        vec![vec![2, 1], vec![2, 1]],
        vec![vec![5, 1], vec![2, 0]],
        vec![vec![1, 1], vec![2, 1], vec![3, 1]],
        vec![vec![3, 0], vec![3, 1], vec![4, 1]],
    ];
    g.range = Some(8);
    g.verify = Some(2);
    agree(g);
}

#[test]
fn misere_nim_agrees() {
    let mut g = Game::new("misere", Kind::Heap, nim()).heaps(10, PAIRS_AND_TRIPLES);
    g.misere = true;
    g.sums.push(vec![heap(1), heap(1)]);
    g.sums.push(vec![heap(1), heap(1), heap(1)]);
    agree(g);
}

#[test]
fn finite_subtraction_agrees() {
    let mut g = Game::new(
        "subtract:1,3,4",
        Kind::Heap,
        take(|_, k| [1, 3, 4].contains(&k)),
    )
    .heaps(20, PAIRS_AND_TRIPLES);
    g.expr = Some("subtract:{1,3,4}".into());
    g.period = Some(true);
    agree(g);
}

#[test]
fn complement_subtraction_agrees() {
    let mut g = Game::new(
        "subtract:^1,2",
        Kind::Heap,
        take(|_, k| ![1, 2].contains(&k)),
    )
    .heaps(16, PAIRS_AND_TRIPLES);
    g.expr = Some("subtract:^{1,2}".into());
    agree(g);
}

#[test]
fn squares_agree() {
    agree(
        Game::new(
            "subtract:squares",
            Kind::Heap,
            take(|_, k| (1..=k).any(|r| r * r == k)),
        )
        .heaps(20, PAIRS_AND_TRIPLES),
    );
}

#[test]
fn powers_of_two_agree() {
    let mut g = Game::new(
        "subtract:powers2",
        Kind::Heap,
        take(|_, k| k.is_power_of_two()),
    )
    .heaps(20, PAIRS_AND_TRIPLES);
    g.far = vec![1025, 1030, 2000];
    agree(g);
}

#[test]
fn octal_games_agree() {
    for code in ["0.77", "0.07", "4.07"] {
        let mut g =
            Game::new(&format!("octal:{code}"), Kind::Heap, octal(code, 8)).heaps(12, SMALL_SUMS);
        g.period = Some(true);
        agree(g);
    }
}

#[test]
fn hexadecimal_games_agree() {
    for code in ["0.F", "0.8"] {
        let mut g =
            Game::new(&format!("hex:{code}"), Kind::Heap, octal(code, 16)).heaps(12, SMALL_SUMS);
        // hex:0.8's values grow by one every three heaps: no period.
        g.period = Some(code != "0.8");
        // An expression takes a hexadecimal game as the session's rules, not by name.
        g.expr = Some(String::new());
        g.refusals.push((
            format!("= g(hex:{code}, 3)"),
            "a hexadecimal game is named by `rules hex:CODE`",
        ));
        agree(g);
    }
}

#[test]
fn a_graph_agrees() {
    // Seven positions: a chain, a fork and a dead end.
    let names: Vec<String> = ["top", "left", "right", "mid", "low", "end", "stuck"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let edges: Vec<(usize, Vec<usize>)> = vec![
        (0, vec![1, 2, 4]),
        (1, vec![3, 5]),
        (2, vec![3]),
        (3, vec![4, 5]),
        (4, vec![5]),
        (5, vec![]),
        (6, vec![]),
    ];
    let mut yaml = String::from("format: 1\npositions:\n");
    for (from, to) in &edges {
        let to: Vec<&str> = to.iter().map(|&t| names[t].as_str()).collect();
        yaml.push_str(&format!("  {}: [{}]\n", names[*from], to.join(", ")));
    }
    let moves = edges.clone();
    let brute = Brute::new(move |s| {
        moves[index(s[0])]
            .1
            .iter()
            .map(|&t| vec![vec![t as u64]])
            .collect()
    });
    let mut g = Game::new("graph:g.yaml", Kind::Graph(names), brute);
    g.files = vec![("g.yaml".into(), yaml)];
    g.singles = (0..7).map(heap).collect();
    g.sums = vec![
        vec![heap(0), heap(1)],
        vec![heap(2), heap(3)],
        vec![heap(0), heap(0)],
        vec![heap(1), heap(4), heap(6)],
        vec![heap(0), heap(2), heap(3)],
    ];
    g.expr = Some(String::new());
    g.refusals.push((
        "= g(graph:g.yaml, 0)".into(),
        "a graph's file is read by `rules graph:FILE`",
    ));
    g.verify = Some(2);
    agree(g);
}

#[test]
fn a_session_game_agrees() {
    // Take 2 or 3, or split a heap of 6 or more into two unequal non-empty heaps.
    let brute = Brute::new(|s| {
        let n = s[0];
        let mut o: Vec<Vec<State>> = [2, 3]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| vec![heap(n - k)])
            .collect();
        if n >= 6 {
            o.extend(
                (1..n)
                    .filter(|&a| a + a < n)
                    .map(|a| vec![heap(a), heap(n - a)]),
            );
        }
        o
    });
    let mut g = Game::new("game:mine", Kind::Heap, brute).heaps(14, SMALL_SUMS);
    g.prelude =
        vec!["game mine(n) = {n - k : k in {2, 3}, k <= n} ∪ {[a, n - a] : a in 1..n, n >= 6 and a + a < n}".into()];
    g.expr = Some(String::new());
    g.refusals.push((
        "= g(game:mine, 3)".into(),
        "`rules game:NAME` makes it the session's rules",
    ));
    g.by_name = false;
    agree(g);
}

/// A heap game of the library: heaps 0..=`max`, small sums, and far heaps.
fn library_heaps(name: &str, brute: Brute, max: u64, far: &[u64]) -> Game {
    let mut g = Game::new(name, Kind::Heap, brute).heaps(max, SMALL_SUMS);
    g.coins = ["mock-turtles", "turning-turtles", "ruler"].contains(&name);
    g.far = far.to_vec();
    g
}

// Far heaps are past the values checked by mex, where the proven closed form takes over: 128
// for Mock Turtles and Ruler, 1024 for the others.

#[test]
fn lasker_agrees() {
    agree(library_heaps("lasker", lasker(), 12, &[1025, 1030]));
}

#[test]
fn grundys_game_agrees() {
    agree(library_heaps("grundy-game", grundy_game(), 14, &[]));
}

#[test]
fn mock_turtles_agree() {
    agree(library_heaps(
        "mock-turtles",
        mock_turtles(),
        10,
        &[129, 134],
    ));
}

#[test]
fn at_least_half_agrees() {
    let brute = take(|n, k| k >= n.div_ceil(2));
    agree(library_heaps("at-least-half", brute, 16, &[1025, 1030]));
}

#[test]
fn turning_turtles_agree() {
    // One or two coins, the rightmost n: n alone, or n and a (a < n) — Nim's options.
    agree(library_heaps("turning-turtles", nim(), 12, &[1025, 1030]));
}

#[test]
fn ruler_agrees() {
    let mut g = library_heaps("ruler", ruler(), 9, &[129, 134]);
    // A row of Ruler's coins up to place 11 may last 2^11 - 1 moves.
    g.refusals.push((
        "winner --misere 11".into(),
        "games longer than 1000 moves are not searched",
    ));
    agree(g);
}

/// A game of tuples: its singles and sums.
fn tuples(name: &str, brute: Brute, singles: &[&[u64]], sums: &[&[&[u64]]]) -> Game {
    let mut g = Game::new(name, Kind::Tuple, brute);
    g.singles = singles.iter().map(|s| s.to_vec()).collect();
    g.sums = sums
        .iter()
        .map(|p| p.iter().map(|s| s.to_vec()).collect())
        .collect();
    g.verify = Some(2);
    g
}

#[test]
fn wythoff_agrees() {
    agree(tuples(
        "wythoff",
        wythoff(),
        &[
            &[10, 16],
            &[12, 7],
            &[0, 0],
            &[1, 2],
            &[2, 1],
            &[2, 2],
            &[3, 5],
            &[4, 4],
            &[0, 3],
            &[4, 6],
        ],
        &[
            &[&[1, 2], &[2, 2]],
            &[&[3, 5], &[1, 1]],
            &[&[2, 3], &[3, 2]],
            &[&[1, 2], &[0, 1], &[2, 2]],
        ],
    ));
}

#[test]
fn fibonacci_nim_agrees() {
    agree(tuples(
        "fibonacci-nim",
        fibonacci_nim(),
        &[
            &[13, 12],
            &[20, 19],
            &[3, 9],
            &[0, 0],
            &[2, 1],
            &[3, 2],
            &[5, 4],
            &[8, 7],
            &[7, 6],
            &[6, 2],
            &[4, 3],
        ],
        &[
            &[&[2, 1], &[3, 2]],
            &[&[5, 4], &[4, 3]],
            &[&[6, 2], &[7, 6]],
            &[&[3, 2], &[4, 3], &[5, 4]],
        ],
    ));
}

#[test]
fn northcott_agrees() {
    let mut g = tuples(
        "northcott",
        northcott(),
        &[
            &[1, 2],
            &[1, 5],
            &[6, 2],
            &[3, 8],
            &[7, 0],
            &[2, 6],
            &[0, 30],
            &[25, 9],
        ],
        &[
            &[&[1, 5], &[6, 2]],
            &[&[3, 8], &[7, 0]],
            &[&[1, 4], &[2, 5]],
            &[&[1, 3], &[5, 2], &[0, 4]],
        ],
    );
    g.misere_refused = Some("`northcott` cannot be played misère here");
    agree(g);
}

#[test]
fn chomp_agrees() {
    agree(tuples(
        "chomp",
        chomp(),
        &[
            &[5, 5, 5],
            &[7, 4, 2],
            &[1, 0, 0],
            &[2, 0, 0],
            &[2, 2, 0],
            &[3, 1, 0],
            &[3, 3, 3],
            &[4, 1, 1],
            &[3, 2, 1],
        ],
        &[
            &[&[2, 1, 0], &[3, 2, 1]],
            &[&[2, 2, 0], &[3, 3, 0]],
            &[&[3, 1, 1], &[2, 0, 0], &[2, 1, 1]],
        ],
    ));
}

#[test]
fn staircase_agrees() {
    let mut g = tuples(
        "staircase",
        staircase(),
        &[
            &[1, 2, 1, 2, 1],
            &[0, 4, 0, 3],
            &[0, 0],
            &[2, 1],
            &[1, 3],
            &[0, 2, 1],
            &[3, 1, 2],
            &[1, 1, 1, 1],
        ],
        &[
            &[&[2, 1], &[1, 3]],
            &[&[0, 2, 1], &[1, 0]],
            &[&[1, 1], &[2, 0], &[0, 1]],
        ],
    );
    g.verify = None;
    agree(g);
}

#[test]
fn moore_agrees() {
    // Moore's Nim_k is a game of the whole position: `winner` and `move` only, by search here.
    let positions: Vec<Vec<u64>> = vec![
        vec![1],
        vec![1, 1],
        vec![1, 1, 1],
        vec![1, 2, 3],
        vec![3, 5, 6],
        vec![2, 2, 2],
        vec![1, 2, 4, 7],
        vec![3, 4, 5],
        vec![4, 4, 4, 0],
        vec![2, 3, 5, 6],
    ];
    for k in 1..=3 {
        let rules = format!("moore:{k}");
        let mut memo = HashMap::new();
        let mut script = Script::new();
        for p in &positions {
            let listed: Vec<String> = p.iter().map(u64::to_string).collect();
            let listed = listed.join(" ");
            let won = moore_first_wins(p, k, &mut memo);
            let label = format!("{rules} {listed}");
            let lbl = label.clone();
            script.json(format!("winner --rules {rules} {listed}"), move |v| {
                assert_eq!(str_of(&v["winner"]), winner_word(won), "{lbl}");
            });
            let (lbl, p2) = (label.clone(), p.clone());
            let lost_children: BTreeSet<Vec<u64>> = moore_children(p, k)
                .into_iter()
                .filter(|c| !moore_first_wins(c, k, &mut memo))
                .collect();
            script.json(format!("move --rules {rules} {listed}"), move |v| {
                if !won {
                    assert!(v["move"].is_null(), "{lbl}");
                    return;
                }
                let mut after = p2.clone();
                for change in v["move"].as_array().expect("changes") {
                    let pile = index(u(&change["pile"])) - 1;
                    assert_eq!(u(&change["from"]), p2[pile], "{lbl}");
                    after[pile] = u(&change["to"]);
                }
                assert!(lost_children.contains(&after), "{lbl}: {after:?}");
            });
            let why = format!("`{rules}` is a game of the whole position");
            for refused in ["nimsum", "grundy", "draw", "verify", "play", "position"] {
                let args = if refused == "verify" {
                    "--piles 2 --max 2".to_string()
                } else if refused == "grundy" {
                    listed.split(' ').next().expect("a pile").to_string()
                } else {
                    listed.clone()
                };
                script.refused(format!("{refused} --rules {rules} {args}"), &why);
            }
            script.refused(
                format!("winner --misere --rules {rules} {listed}"),
                "misère play of Moore's Nim is not searched",
            );
            script.refused(
                format!("= winner({rules}, {})", listed.replace(' ', ", ")),
                "`moore:K` is a game of the whole position",
            );
        }
        let checked = script.run(Test::new());
        Test::new()
            .args(["winner", "--rules", &rules, "-"])
            .stdin("1\n2\n")
            .run()
            .bad_input("-");
        eprintln!("{rules}: {} positions, {checked} answers", positions.len());
    }
}

/// A Green Hackenbush picture: as nimlab reads it, and its edges here (node 0 the ground).
struct Picture {
    text: &'static str,
    edges: Vec<(u64, u64)>,
    /// Node names as nimlab names them, by number.
    names: Vec<&'static str>,
}

fn pictures() -> Vec<Picture> {
    let stalk = |n: u64, text: &'static str| Picture {
        text,
        edges: (0..n).map(|i| (i, i + 1)).collect(),
        names: vec!["g", "1", "2", "3", "4"],
    };
    vec![
        stalk(1, "1"),
        stalk(2, "2"),
        stalk(3, "3"),
        // A stalk of 2 carrying a stalk of 1 (node 3) and one of 3 (nodes 4, 5, 6).
        Picture {
            text: "2(1,3)",
            edges: vec![(0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (5, 6)],
            names: vec!["g", "1", "2", "3", "4", "5", "6"],
        },
        // A triangle on the ground.
        Picture {
            text: "(g-a,a-b,b-g)",
            edges: vec![(0, 1), (1, 2), (2, 0)],
            names: vec!["g", "a", "b"],
        },
        // A triangle on a stem, with a hair.
        Picture {
            text: "(g-a,a-b,b-c,c-a,c-d)",
            edges: vec![(0, 1), (1, 2), (2, 3), (3, 1), (3, 4)],
            names: vec!["g", "a", "b", "c", "d"],
        },
        // Two edges from the ground to one node (a loop of two).
        Picture {
            text: "(g-a,a-g,a-b)",
            edges: vec![(0, 1), (1, 0), (1, 2)],
            names: vec!["g", "a", "b"],
        },
        // Two triangles meeting at one node.
        Picture {
            text: "(g-a,a-b,b-c,c-a,a-d,d-e,e-a)",
            edges: vec![(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)],
            names: vec!["g", "a", "b", "c", "d", "e"],
        },
        // Two roots, and a triangle above them.
        Picture {
            text: "(g-a,g-b,a-b,b-c,c-d,d-b)",
            edges: vec![(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 2)],
            names: vec!["g", "a", "b", "c", "d"],
        },
        // A triangle on the ground carrying a hair that ends in a loop of two.
        Picture {
            text: "(g-a,a-b,b-g,b-c,c-d,d-c)",
            edges: vec![(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3)],
            names: vec!["g", "a", "b", "c", "d"],
        },
        // A square on the ground with a hair.
        Picture {
            text: "(g-a,a-b,b-c,c-g,c-d)",
            edges: vec![(0, 1), (1, 2), (2, 3), (3, 0), (3, 4)],
            names: vec!["g", "a", "b", "c", "d"],
        },
    ]
}

// Long on purpose: a table of pictures and positions, then each command checked against the
// brute force on them.
#[test]
fn hackenbush_agrees() {
    let brute = hackenbush();
    let pics = pictures();
    let state = |p: &Picture| grounded(&p.edges);
    let positions: Vec<Vec<usize>> = vec![
        vec![0],
        vec![3],
        vec![4],
        vec![5],
        vec![6],
        vec![0, 1],
        vec![3, 2],
        vec![4, 0],
        vec![5, 6, 1],
        vec![3, 4, 5],
        vec![2, 2],
        vec![7],
        vec![8],
        vec![9],
        vec![10],
        vec![7, 8],
        vec![9, 10, 3],
        vec![10, 2, 5],
    ];
    let mut script = Script::new();
    let brute = std::rc::Rc::new(brute);
    let pics = std::rc::Rc::new(pics);
    for p in pics.iter() {
        let (g, text) = (brute.g(&state(p)), p.text);
        script.json(format!("grundy --rules hackenbush {text}"), move |v| {
            assert_eq!(u(&v["components"][0]["value"]), g, "hackenbush {text}");
        });
    }
    for pos in &positions {
        let listed: Vec<&str> = pos.iter().map(|&i| pics[i].text).collect();
        let listed = listed.join(" ");
        let states: Vec<State> = pos.iter().map(|&i| state(&pics[i])).collect();
        let values: Vec<u64> = states.iter().map(|s| brute.g(s)).collect();
        let nim_sum = values.iter().fold(0, |x, v| x ^ v);
        // The whole position searched, no values: it agrees with the nim-sum.
        assert_eq!(brute.first_wins(&states, false), nim_sum != 0, "{listed}");
        for command in ["winner", "nimsum"] {
            let (lbl, values) = (listed.clone(), values.clone());
            script.json(format!("{command} --rules hackenbush {listed}"), move |v| {
                assert_eq!(u(&v["nim_sum"]), nim_sum, "{lbl}");
                assert_eq!(str_of(&v["winner"]), winner_word(nim_sum != 0), "{lbl}");
                let shown: Vec<u64> = v["components"]
                    .as_array()
                    .expect("components")
                    .iter()
                    .map(|c| u(&c["value"]))
                    .collect();
                assert_eq!(shown, values, "{lbl}");
            });
        }
        let (lbl, b, pics2, pos2, values2) = (
            listed.clone(),
            brute.clone(),
            pics.clone(),
            pos.clone(),
            values.clone(),
        );
        // A cut of edge a-b from component c: what is left of it is valued here.
        let cut_value = move |c: usize, a: &str, z: &str| -> u64 {
            let pic = &pics2[pos2[c]];
            let node = |name: &str| {
                pic.names
                    .iter()
                    .position(|&n| n == name)
                    .unwrap_or_else(|| panic!("a node {name} of {}", pic.text))
                    as u64
            };
            let (a, z) = (node(a), node(z));
            let i = pic
                .edges
                .iter()
                .position(|&(x, y)| (x, y) == (a, z) || (x, y) == (z, a))
                .unwrap_or_else(|| panic!("no edge {a}-{z} in {}", pic.text));
            let mut left = pic.edges.clone();
            left.remove(i);
            b.g(&grounded(&left))
        };
        let cut_value = std::rc::Rc::new(cut_value);
        let cv = cut_value.clone();
        script.json(format!("move --rules hackenbush {listed}"), move |v| {
            let mv = &v["move"];
            if nim_sum == 0 {
                assert!(mv.is_null(), "{lbl}");
                return;
            }
            let c = index(u(&mv["component"])) - 1;
            let edge = mv["edge"].as_array().expect("an edge");
            let left = cv(c, str_of(&edge[0]), str_of(&edge[1]));
            assert_eq!(u(&mv["leaves"]), left, "{lbl}");
            assert_eq!(
                nim_sum ^ values2[c] ^ left,
                0,
                "{lbl}: the cut does not win"
            );
        });
        script.any(format!("play --rules hackenbush {listed} --coach off"));
        let (lbl, values3) = (listed.clone(), values.clone());
        script.json("hint".into(), move |v| {
            let hint = v["events"]
                .as_array()
                .expect("events")
                .iter()
                .find(|e| e["event"] == "hint")
                .expect("a hint")
                .clone();
            assert_eq!(str_of(&hint["winner"]), winner_word(nim_sum != 0), "{lbl}");
            if nim_sum != 0 {
                let mv = &hint["move"];
                let c = index(u(&mv["component"])) - 1;
                let (a, z) = str_of(&mv["cut"]).split_once('-').expect("a cut a-b");
                let left = cut_value(c, a, z);
                assert_eq!(
                    nim_sum ^ values3[c] ^ left,
                    0,
                    "{lbl}: the hint does not win"
                );
            }
        });
        script.any("resign".into());
        for refused in ["position", "verify --piles 2 --max 2", "derive 3"] {
            let line = if refused == "position" {
                format!("position --rules hackenbush {listed}")
            } else {
                format!("{refused} --rules hackenbush")
            };
            script.refused(line, "`hackenbush` is a game of pictures");
        }
        script.refused(
            "= g(hackenbush, 3)".into(),
            "`hackenbush` is a game of pictures",
        );
        script.refused(
            format!("winner --misere --rules hackenbush {listed}"),
            "misère Green Hackenbush is not valued",
        );
    }
    let checked = script.run(Test::new());
    // Draw: each picture's value beside it.
    let mut drawn = 0;
    for pos in &positions {
        let mut args = vec!["draw", "--rules", "hackenbush"];
        args.extend(pos.iter().map(|&i| pics[i].text));
        let dot = Test::new().args(&args).run().success().stdout;
        for (k, &i) in pos.iter().enumerate() {
            let g = brute.g(&state(&pics[i]));
            let title = format!("label=\"{}: g = {g}\"", pics[i].text);
            assert!(
                dot.contains(&title),
                "draw {args:?}, component {k}: {title}\n{dot}"
            );
            drawn += 1;
        }
    }
    Test::new()
        .args(["winner", "--rules", "hackenbush", "-"])
        .stdin("3\n")
        .run()
        .bad_input("-");
    eprintln!(
        "hackenbush: {} positions, {} answers",
        positions.len(),
        checked + drawn
    );
}

// ---------------------------------------------------------------------------------------------
// Sums of different games: `GAME(STATE) + …`, each term valued by its own brute force.

/// A term as a sum writes it (`lasker(7)`, `wythoff(3,5)`), read back as its game and state.
fn read_term(games: &[Game], term: &str) -> (usize, State) {
    let (i, game) = games
        .iter()
        .enumerate()
        .filter(|(_, g)| {
            term.strip_prefix(g.rules.as_str())
                .is_some_and(|rest| rest.starts_with('('))
        })
        .max_by_key(|(_, g)| g.rules.len())
        .unwrap_or_else(|| panic!("no game writes {term}"));
    let inner = &term[game.rules.len()..];
    let state = match game.kind {
        Kind::Tuple => game.parse(inner),
        _ => game.parse(inner.trim_start_matches('(').trim_end_matches(')')),
    };
    (i, state)
}

fn term(game: &Game, s: &State) -> String {
    match game.kind {
        Kind::Tuple => format!("{}{}", game.rules, game.write(s)),
        _ => format!("{}({})", game.rules, game.write(s)),
    }
}

// Long on purpose: a table of games with their brute-force rules, then the sums of them
// checked; most of its length is the table.
#[test]
fn sums_of_different_games_agree() {
    let games: Vec<Game> = vec![
        Game::new("nim", Kind::Heap, nim()),
        Game::new("zero-move", Kind::ZeroMove, zero_move()),
        Game::new(
            "subtract:1,3,4",
            Kind::Heap,
            take(|_, k| [1, 3, 4].contains(&k)),
        ),
        Game::new(
            "subtract:^1,2",
            Kind::Heap,
            take(|_, k| ![1, 2].contains(&k)),
        ),
        Game::new(
            "subtract:squares",
            Kind::Heap,
            take(|_, k| (1..=k).any(|r| r * r == k)),
        ),
        Game::new("octal:0.77", Kind::Heap, octal("0.77", 8)),
        Game::new("hex:0.F", Kind::Heap, octal("0.F", 16)),
        Game::new("lasker", Kind::Heap, lasker()),
        Game::new("grundy-game", Kind::Heap, grundy_game()),
        Game::new("mock-turtles", Kind::Heap, mock_turtles()),
        Game::new("ruler", Kind::Heap, ruler()),
        Game::new("wythoff", Kind::Tuple, wythoff()),
        Game::new("fibonacci-nim", Kind::Tuple, fibonacci_nim()),
        Game::new("northcott", Kind::Tuple, northcott()),
        Game::new("chomp", Kind::Tuple, chomp()),
        Game::new("staircase", Kind::Tuple, staircase()),
    ];
    let states = |g: &Game| -> Vec<State> {
        match g.rules.as_str() {
            "zero-move" => vec![vec![3, 1], vec![4, 0], vec![2, 1]],
            "wythoff" => vec![vec![1, 2], vec![3, 3], vec![2, 4]],
            "fibonacci-nim" => vec![vec![5, 4], vec![3, 2], vec![6, 2]],
            "northcott" => vec![vec![1, 5], vec![6, 2], vec![0, 3]],
            "chomp" => vec![vec![3, 2, 1], vec![2, 2, 0], vec![4, 1, 1]],
            "staircase" => vec![vec![2, 1], vec![0, 3, 1], vec![1, 1, 1]],
            _ => vec![heap(5), heap(7), heap(9)],
        }
    };
    let n = games.len();
    let mut positions: Vec<Vec<(usize, State)>> = Vec::new();
    for i in 0..n {
        for (k, step) in [1, 3, 7].iter().enumerate() {
            let a = (i, states(&games[i])[k].clone());
            let j = (i + step) % n;
            let b = (j, states(&games[j])[(k + 1) % 3].clone());
            let mut p = vec![a, b];
            if k == 2 {
                let l = (i + 5) % n;
                p.push((l, states(&games[l])[0].clone()));
            }
            positions.push(p);
        }
    }
    let games = std::rc::Rc::new(games);
    let value_of = {
        let games = games.clone();
        move |p: &[(usize, State)]| p.iter().fold(0, |x, (i, s)| x ^ games[*i].brute.g(s))
    };
    let mut script = Script::new();
    for p in &positions {
        let listed: Vec<String> = p.iter().map(|(i, s)| term(&games[*i], s)).collect();
        let listed = listed.join(" + ");
        let value = value_of(p);
        let values: Vec<u64> = p.iter().map(|(i, s)| games[*i].brute.g(s)).collect();
        let (lbl, vals) = (listed.clone(), values.clone());
        script.json(format!("winner {listed}"), move |v| {
            let shown: Vec<u64> = v["components"]
                .as_array()
                .expect("components")
                .iter()
                .map(|c| u(&c["value"]))
                .collect();
            assert_eq!(shown, vals, "{lbl}");
            assert_eq!(u(&v["nim_sum"]), value, "{lbl}");
            assert_eq!(str_of(&v["winner"]), winner_word(value != 0), "{lbl}");
        });
        // A move names its component, what it was and what it left (a split: `1+3`).
        let check = {
            let (games, p, lbl) = (games.clone(), p.clone(), listed.clone());
            move |c: usize, to: Vec<State>| {
                let (i, from) = &p[c];
                let g = &games[*i];
                assert!(g.brute.is_option(&g.kind, from, &to), "{lbl}: not a move");
                let after = value ^ g.brute.g(from) ^ g.brute.value(&to);
                assert_eq!(after, 0, "{lbl}: the move does not win");
            }
        };
        let check = std::rc::Rc::new(check);
        let (lbl, games2, p2, ck) = (listed.clone(), games.clone(), p.clone(), check.clone());
        script.json(format!("move {listed}"), move |v| {
            let mv = &v["move"];
            if value == 0 {
                assert!(mv.is_null(), "{lbl}");
                return;
            }
            let c = index(u(&mv["component"])) - 1;
            let g = &games2[p2[c].0];
            assert_eq!(g.parse(str_of(&mv["from"])), p2[c].1, "{lbl}");
            ck(c, g.parse_parts(str_of(&mv["to"])));
        });
        // `position` and `step`; `play` and `hint`: moves written as terms.
        let from_terms = {
            let games = games.clone();
            move |to: &Value| -> Vec<State> {
                to.as_array()
                    .expect("terms")
                    .iter()
                    .map(|t| read_term(&games, str_of(t)).1)
                    .collect()
            }
        };
        let from_terms = std::rc::Rc::new(from_terms);
        script.any(format!("position {listed}"));
        let (lbl, ck, ft) = (listed.clone(), check.clone(), from_terms.clone());
        script.json("step".into(), move |v| {
            let m = &v["moves"][0];
            if value != 0 {
                assert_eq!(str_of(&m["intent"]), "winning", "{lbl}: step");
                let c = index(u(&m["move"]["component"])) - 1;
                ck(c, ft(&m["move"]["to"]));
            }
        });
        script.any(format!("play {listed} --coach off"));
        let (lbl, ck, ft) = (listed.clone(), check.clone(), from_terms.clone());
        script.json("hint".into(), move |v| {
            let hint = v["events"]
                .as_array()
                .expect("events")
                .iter()
                .find(|e| e["event"] == "hint")
                .expect("a hint")
                .clone();
            assert_eq!(str_of(&hint["winner"]), winner_word(value != 0), "{lbl}");
            if value != 0 {
                let c = index(u(&hint["move"]["component"])) - 1;
                ck(c, ft(&hint["move"]["to"]));
            }
        });
        script.any("resign".into());
    }
    script.refused(
        "winner misere(3) + nim(2)".into(),
        "misère games do not add by XOR",
    );
    // Misère play of a sum: `play --misere`, `winner --misere` and `move --misere` search it,
    // and so does this file.
    let memo = std::rc::Rc::new(RefCell::new(HashMap::new()));
    let by_name = |name: &str| games.iter().position(|g| g.rules == name).expect("a game");
    let small: Vec<Vec<(usize, State)>> = [
        [("lasker", vec![5]), ("nim", vec![3])],
        [("octal:0.77", vec![6]), ("subtract:1,3,4", vec![5])],
        [("wythoff", vec![1, 2]), ("zero-move", vec![3, 1])],
        [("chomp", vec![3, 2, 1]), ("grundy-game", vec![7])],
        [("fibonacci-nim", vec![5, 4]), ("hex:0.F", vec![5])],
        [("staircase", vec![2, 1]), ("subtract:squares", vec![6])],
        [("subtract:^1,2", vec![6]), ("octal:0.77", vec![4])],
    ]
    .iter()
    .map(|p| p.iter().map(|(g, s)| (by_name(g), s.clone())).collect())
    .collect();
    for p in &small {
        let listed: Vec<String> = p.iter().map(|(i, s)| term(&games[*i], s)).collect();
        let listed = listed.join(" + ");
        let won = mixed_misere_wins(&games, p, &memo);
        if mixed_children(&games, p).is_empty() {
            continue;
        }
        script.any(format!("play --misere {listed} --coach off"));
        let (lbl, games2, p2, memo2) = (listed.clone(), games.clone(), p.clone(), memo.clone());
        script.json("hint".into(), move |v| {
            let hint = v["events"]
                .as_array()
                .expect("events")
                .iter()
                .find(|e| e["event"] == "hint")
                .expect("a hint")
                .clone();
            assert_eq!(str_of(&hint["winner"]), winner_word(won), "{lbl}: misère");
            if won {
                let c = index(u(&hint["move"]["component"])) - 1;
                let from = read_term(&games2, str_of(&hint["move"]["from"])).1;
                let to: Vec<(usize, State)> = hint["move"]["to"]
                    .as_array()
                    .expect("terms")
                    .iter()
                    .map(|t| read_term(&games2, str_of(t)))
                    .collect();
                misere_move_wins(&games2, &p2, (c, from, to), &memo2, &lbl);
            }
        });
        script.any("resign".into());
        let lbl = listed.clone();
        script.json(format!("winner --misere {listed}"), move |v| {
            assert_eq!(
                str_of(&v["winner"]),
                winner_word(won),
                "{lbl}: winner --misere"
            );
        });
        let (lbl, games2, p2, memo2) = (listed.clone(), games.clone(), p.clone(), memo.clone());
        script.json(format!("move --misere {listed}"), move |v| {
            assert_eq!(
                str_of(&v["winner"]),
                winner_word(won),
                "{lbl}: move --misere"
            );
            if !won {
                assert!(v["move"].is_null(), "{lbl}: a move from a lost sum");
                return;
            }
            let c = index(u(&v["move"]["component"])) - 1;
            let i = p2[c].0;
            let g = &games2[i];
            // `from` and `to` write states as the component's game does; `to` joins heaps by `+`.
            let term_of = |state: &str| {
                if state.starts_with('(') {
                    format!("{}{state}", g.rules)
                } else {
                    format!("{}({state})", g.rules)
                }
            };
            let from = read_term(&games2, &term_of(str_of(&v["move"]["from"]))).1;
            let to: Vec<(usize, State)> = str_of(&v["move"]["to"])
                .split('+')
                .filter(|t| !t.is_empty())
                .map(|t| (i, read_term(&games2, &term_of(t)).1))
                .collect();
            misere_move_wins(&games2, &p2, (c, from, to), &memo2, &lbl);
        });
    }
    let checked = script.run(Test::new());
    eprintln!("sums: {} positions, {checked} answers", positions.len());
}

/// A move of component `c` of the sum `p`, from `from` to the heaps `to`, played misère: it is
/// a move of that component's game, from the state it holds, and leaves a position lost for
/// the opponent, by the search below.
fn misere_move_wins(
    games: &[Game],
    p: &[(usize, State)],
    (c, from, to): (usize, State, Vec<(usize, State)>),
    memo: &RefCell<HashMap<Vec<(usize, State)>, bool>>,
    lbl: &str,
) {
    let (i, held) = &p[c];
    let g = &games[*i];
    assert_eq!(from, *held, "{lbl}: the move starts from another state");
    let parts: Vec<State> = to.iter().map(|(_, s)| s.clone()).collect();
    assert!(
        g.brute.is_option(&g.kind, held, &parts),
        "{lbl}: not a move"
    );
    let mut after: Vec<(usize, State)> = p.to_vec();
    after.remove(c);
    after.extend(to);
    assert!(
        !mixed_misere_wins(games, &after, memo),
        "{lbl}: the misère move leaves a won position"
    );
}

/// Every position one move away in a sum of different games.
fn mixed_children(games: &[Game], p: &[(usize, State)]) -> Vec<Vec<(usize, State)>> {
    let mut out = Vec::new();
    for (c, (i, s)) in p.iter().enumerate() {
        for parts in games[*i].brute.options(s) {
            let mut child = p.to_vec();
            child.remove(c);
            child.extend(parts.into_iter().map(|q| (*i, q)));
            out.push(child);
        }
    }
    out
}

/// Misère play of a sum of different games, by exhaustive search (no values).
fn mixed_misere_wins(
    games: &[Game],
    p: &[(usize, State)],
    memo: &RefCell<HashMap<Vec<(usize, State)>, bool>>,
) -> bool {
    let mut key: Vec<(usize, State)> = p
        .iter()
        .filter(|(i, s)| !games[*i].brute.options(s).is_empty())
        .cloned()
        .collect();
    key.sort();
    if let Some(&w) = memo.borrow().get(&key) {
        return w;
    }
    let children = mixed_children(games, &key);
    let won = children.is_empty() || children.iter().any(|c| !mixed_misere_wins(games, c, memo));
    memo.borrow_mut().insert(key, won);
    won
}

// Positions named by numbers are read by name everywhere: on a command's line and in an
// expression alike (a graph with a name that is not a number is read by names, as variables in
// a lesson, and by place in the file otherwise).
#[test]
fn a_graph_named_by_numbers_is_read_alike_by_commands_and_expressions() {
    // `2` → `0`, `1`; `0` → `1`; `1` has no move: g(1) = 0, g(0) = 1, g(2) = 2.
    let test = Test::new();
    test.write(
        "num.yaml",
        "format: 1\npositions:\n  \"2\": [\"0\", \"1\"]\n  \"0\": [\"1\"]\n  \"1\": []\n",
    );
    let brute = Brute::new(|s| match s[0] {
        2 => vec![vec![heap(0)], vec![heap(1)]],
        0 => vec![vec![heap(1)]],
        _ => vec![],
    });
    let mut script = Script::new();
    script.any("rules graph:num.yaml".into());
    for name in 0..3u64 {
        let g = brute.g(&heap(name));
        script.json(format!("winner {name}"), move |v| {
            assert_eq!(u(&v["nim_sum"]), g, "winner {name}");
        });
        script.json(format!("= g({name})"), move |v| {
            assert_eq!(u(&v["value"]), g, "= g({name})");
        });
        script.json(format!("= lost({name})"), move |v| {
            assert_eq!(v["value"], Value::Bool(g == 0), "= lost({name})");
        });
    }
    // A number that names no position is refused, as on a command's line.
    script.refused("= g(7)".into(), "`7` is not a pile");
    script.refused("winner 7".into(), "`7` is not a pile");
    script.run(test);
}
