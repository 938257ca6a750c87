//! `play` on a sum of different games (`wythoff(3,5) + lasker(7) + 4`) and on Green Hackenbush
//! pictures, through the real binary.
//!
//! Every verdict comes from this file: a sum's components are valued by mex over their options
//! written here from each game's rules, and pictures by a game-tree search on edge bitmasks
//! (a cut drops every edge no longer joined to the ground; values by mex, memoised). The
//! pictures are read from their written form by a reader written here from the grammar.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;

use crate::support::{JsonRepl, Test};

// ---------------------------------------------------------------------------------------------
// Sums of different games: a component is written `game(state)` as the board writes it.

/// The game and state of a component: `lasker(7)` → (`lasker`, `7`), `wythoff(3,5)` →
/// (`wythoff`, `3,5`).
fn split(term: &str) -> (&str, &str) {
    let open = term.find('(').unwrap();
    (&term[..open], &term[open + 1..term.len() - 1])
}

/// Every option of a component, each the components it leaves (two where Lasker's Nim or
/// Kayles splits a heap), from the game's rules alone.
pub(crate) fn options(term: &str) -> Vec<Vec<String>> {
    let (game, state) = split(term);
    let n = || state.parse::<u64>().unwrap();
    let one = |s: String| vec![format!("{game}({s})")];
    match game {
        "nim" => (0..n()).map(|k| one(k.to_string())).collect(),
        "lasker" => {
            let n = n();
            let mut out: Vec<Vec<String>> = (0..n).map(|k| one(k.to_string())).collect();
            for a in 1..=n / 2 {
                out.push(vec![format!("lasker({a})"), format!("lasker({})", n - a)]);
            }
            out
        }
        // Kayles: knock down one pin or two adjacent, maybe splitting the row.
        "octal:0.77" => {
            let n = n();
            let mut out = Vec::new();
            for k in 1..=2u64.min(n) {
                for left in 0..=n - k {
                    let right = n - k - left;
                    let parts: Vec<String> = [left, right]
                        .into_iter()
                        .filter(|&p| p > 0)
                        .map(|p| format!("octal:0.77({p})"))
                        .collect();
                    out.push(if parts.is_empty() {
                        vec!["octal:0.77(0)".to_string()]
                    } else {
                        parts
                    });
                }
            }
            out
        }
        // Zero-move Nim: nT takes to (n-k)T or spends its pass to nF; nF takes to (n-k)F. An
        // empty pile, written 0, has no move.
        "zero-move" if state == "0" => Vec::new(),
        "zero-move" => {
            let (size, pass) = state.split_at(state.len() - 1);
            let size: u64 = size.parse().unwrap();
            let written = |k: u64| match k {
                0 => "0".to_string(),
                k => format!("{k}{pass}"),
            };
            let mut out: Vec<Vec<String>> = (0..size)
                .map(|k| vec![format!("zero-move({})", written(k))])
                .collect();
            if pass == "T" && size > 0 {
                out.push(vec![format!("zero-move({size}F)")]);
            }
            out
        }
        // Wythoff's queen: left, down, or diagonally down-left.
        "wythoff" => {
            let (a, b) = state.split_once(',').unwrap();
            let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
            let mut out = Vec::new();
            for k in 1..=a {
                out.push(one(format!("{},{b}", a - k)));
            }
            for k in 1..=b {
                out.push(one(format!("{a},{}", b - k)));
            }
            for k in 1..=a.min(b) {
                out.push(one(format!("{},{}", a - k, b - k)));
            }
            out
        }
        other => panic!("no rules written here for {other}"),
    }
}

/// Component values by mex over [`options`], memoised.
#[derive(Default)]
pub(crate) struct Mex(HashMap<String, u64>);

impl Mex {
    pub(crate) fn value(&mut self, term: &str) -> u64 {
        if let Some(&g) = self.0.get(term) {
            return g;
        }
        let seen: Vec<u64> = options(term)
            .iter()
            .map(|parts| parts.iter().fold(0, |x, p| x ^ self.value(p)))
            .collect();
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        self.0.insert(term.to_string(), g);
        g
    }

    pub(crate) fn nim_sum(&mut self, board: &[String]) -> u64 {
        board.iter().fold(0, |x, t| x ^ self.value(t))
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The board after a move: component `i` (from 1) replaced by `to`.
fn replaced(board: &[String], i: usize, to: &[String]) -> Vec<String> {
    let mut out = board[..i - 1].to_vec();
    out.extend_from_slice(to);
    out.extend_from_slice(&board[i..]);
    out
}

/// Checks every move of a reply against the board before it: each is legal (its result is an
/// option of its component, written here) and leaves the board shown; a computer facing a
/// won board leaves a lost one. Returns the board after.
fn follow_sum(mex: &mut Mex, mut board: Vec<String>, reply: &Value) -> Vec<String> {
    for e in reply["events"].as_array().unwrap() {
        if e["event"] != "move" {
            continue;
        }
        let mv = &e["move"];
        let i = usize::try_from(mv["component"].as_u64().unwrap()).unwrap();
        let from = mv["from"].as_str().unwrap();
        let to = strings(&mv["to"]);
        assert_eq!(board[i - 1], from, "{e}");
        let mut sorted = to.clone();
        sorted.sort();
        let legal = options(from).into_iter().any(|mut o| {
            o.sort();
            o == sorted
        });
        assert!(legal, "{from} cannot become {to:?}: {e}");
        let after = replaced(&board, i, &to);
        assert_eq!(strings(&e["board"]), after, "{e}");
        if e["side"] == "computer" && mex.nim_sum(&board) != 0 {
            assert_eq!(mex.nim_sum(&after), 0, "the computer missed a win: {e}");
            assert_eq!(e["intent"], "winning", "{e}");
        }
        board = after;
    }
    assert_eq!(strings(&reply["board"]), board, "{reply}");
    board
}

/// A pseudo-random choice, the same every run.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}

/// How a learner types the move of component `i` to `to`: `I -> S`, `I -> A+B`, or `take K
/// from I` for a take from a Nim heap.
fn typed_sum(i: usize, from: &str, to: &[String], dice: &mut Dice) -> String {
    let (game, state) = split(from);
    if game == "nim" && dice.below(2) == 0 {
        let left: u64 = split(&to[0]).1.parse().unwrap();
        let k = state.parse::<u64>().unwrap() - left;
        return format!("take {k} from {i}");
    }
    let states: Vec<String> = to
        .iter()
        .map(|t| {
            let s = split(t).1;
            if s.contains(',') {
                format!("({s})")
            } else {
                s.to_string()
            }
        })
        .collect();
    format!("{i} -> {}", states.join("+"))
}

/// Plays a whole game: the learner a random legal move (or the winning one, when `perfect`),
/// every reply checked. Returns the winner.
fn play_sum(repl: &mut JsonRepl, start: &str, first: &str, seed: u64, perfect: bool) -> String {
    let mut mex = Mex::default();
    let mut dice = Dice(seed);
    let reply = repl.send(&format!(
        "play --coach off --first {first} --rules nim {start}"
    ));
    assert_eq!(reply["game"], "sum", "{reply}");
    let start_board = strings(&reply["events"][0]["board"]);
    let mut board = follow_sum(&mut mex, start_board, &reply);
    let mut reply = reply;
    for _ in 0..400 {
        if !reply["winner"].is_null() {
            return reply["winner"].as_str().unwrap().to_string();
        }
        let moves: Vec<(usize, Vec<String>)> = board
            .iter()
            .enumerate()
            .flat_map(|(i, t)| options(t).into_iter().map(move |o| (i + 1, o)))
            .collect();
        let winning = moves.iter().find(|(i, to)| {
            let after = replaced(&board, *i, to);
            mex.nim_sum(&after) == 0
        });
        let (i, to) = match winning {
            Some(m) if perfect => m.clone(),
            _ => moves[dice.below(moves.len())].clone(),
        };
        let line = typed_sum(i, &board[i - 1], &to, &mut dice);
        reply = repl.send(&line);
        assert!(reply.get("error").is_none(), "{line}: {reply}");
        board = follow_sum(&mut mex, board, &reply);
    }
    panic!("the game did not end");
}

#[test]
fn the_mex_here_agrees_with_hand_checked_values() {
    let mut mex = Mex::default();
    // Lasker by hand: g(1..=4) = 1, 2, 4, 3. Wythoff (3,5) and (1,2) are cold: 0. Kayles:
    // g(1..=4) = 1, 2, 3, 1. Zero-move: g(4T) = 3, g(3T) = 4, g(nF) = n.
    for (term, g) in [
        ("lasker(1)", 1),
        ("lasker(2)", 2),
        ("lasker(3)", 4),
        ("lasker(4)", 3),
        ("wythoff(3,5)", 0),
        ("wythoff(1,2)", 0),
        ("wythoff(1,1)", 2),
        ("octal:0.77(4)", 1),
        ("octal:0.77(3)", 3),
        ("zero-move(4T)", 3),
        ("zero-move(3T)", 4),
        ("zero-move(5F)", 5),
    ] {
        assert_eq!(mex.value(term), g, "{term}");
    }
}

#[test]
fn the_computer_never_misses_a_win_on_a_sum_of_different_games() {
    let mut repl = JsonRepl::start();
    let starts = [
        "wythoff(3,5) + lasker(7) + 4",
        "wythoff(2,4) + octal:0.77(6) + zero-move(3T)",
        "lasker(5) + lasker(3) + wythoff(1,3) + 2",
        "octal:0.77(7) + wythoff(4,4) + zero-move(5T) + zero-move(2F)",
    ];
    for (n, start) in starts.iter().enumerate() {
        for (seed, first) in [(1u64, "me"), (2, "computer"), (3, "me")] {
            play_sum(&mut repl, start, first, seed * 31 + n as u64, false);
        }
    }
}

#[test]
fn a_perfect_learner_wins_a_won_sum() {
    let mut repl = JsonRepl::start();
    let mut mex = Mex::default();
    let start = "wythoff(3,5) + lasker(7) + 4";
    let board: Vec<String> = ["wythoff(3,5)", "lasker(7)", "nim(4)"]
        .map(String::from)
        .to_vec();
    // 0 ⊕ 8 ⊕ 4 ≠ 0: the learner, first, wins.
    assert_ne!(mex.nim_sum(&board), 0);
    assert_eq!(play_sum(&mut repl, start, "me", 5, true), "learner");
}

#[test]
fn hint_undo_and_resign_on_a_sum() {
    let mut repl = JsonRepl::start();
    let mut mex = Mex::default();
    repl.send("play --coach on --rules nim wythoff(3,5) + lasker(7) + 4");
    let board: Vec<String> = ["wythoff(3,5)", "lasker(7)", "nim(4)"]
        .map(String::from)
        .to_vec();
    // The hint's move leaves nim-sum 0 by the mex here.
    let hint = repl.send("hint");
    let mv = &hint["events"][0]["move"];
    assert_eq!(hint["events"][0]["winner"], "first", "{hint}");
    let i = usize::try_from(mv["component"].as_u64().unwrap()).unwrap();
    assert!(
        options(&board[i - 1]).contains(&strings(&mv["to"])),
        "{hint}"
    );
    assert_eq!(mex.nim_sum(&replaced(&board, i, &strings(&mv["to"]))), 0);
    // `move` on the board names the same move as the hint.
    let shown = repl.send("move");
    let m = &shown["move"];
    assert_eq!(m["component"], mv["component"], "{shown} {hint}");
    let (game, _) = split(&board[i - 1]);
    assert_eq!(
        strings(&mv["to"]),
        [format!("{game}({})", m["to"].as_str().unwrap())],
        "{shown} {hint}"
    );
    // A losing split, the coach's note, the reply; undo restores the start.
    let reply = repl.send("2 -> 1+6");
    let coach = reply["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "coach")
        .unwrap();
    let split = replaced(
        &board,
        2,
        &["lasker(1)".to_string(), "lasker(6)".to_string()],
    );
    assert_ne!(mex.nim_sum(&split), 0);
    assert_eq!(coach["verdict"], "threw-away", "{reply}");
    let undone = repl.send("undo");
    assert_eq!(strings(&undone["board"]), board, "{undone}");
    let resigned = repl.send("resign");
    assert_eq!(resigned["winner"], "computer", "{resigned}");
}

#[test]
fn a_sum_played_misere_is_searched_and_a_big_one_refused() {
    // Misère by a search written here: the player to move wins a board with no move (the
    // opponent moved last), or one with a move to a board lost for the other.
    fn wins(board: &[String], memo: &mut HashMap<Vec<String>, bool>) -> bool {
        let mut key = board.to_vec();
        key.sort();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let next: Vec<Vec<String>> = board
            .iter()
            .enumerate()
            .flat_map(|(i, t)| options(t).into_iter().map(move |o| (i + 1, o)))
            .map(|(i, o)| replaced(board, i, &o))
            .collect();
        let w = next.is_empty() || next.iter().any(|n| !wins(n, memo));
        memo.insert(key, w);
        w
    }
    let mut memo = HashMap::new();
    let mut repl = JsonRepl::start();
    let mut dice = Dice(9);
    for first in ["me", "computer", "me"] {
        let mut reply = repl.send(&format!(
            "play --misere --coach off --first {first} --rules nim lasker(3) + octal:0.77(4) + 2"
        ));
        assert_eq!(reply["misere"], true, "{reply}");
        let mut board = strings(&reply["events"][0]["board"]);
        for _ in 0..100 {
            for e in reply["events"].as_array().unwrap() {
                if e["event"] != "move" {
                    continue;
                }
                let after = strings(&e["board"]);
                if e["side"] == "computer" && wins(&board, &mut memo) {
                    assert!(!wins(&after, &mut memo), "missed a misère win: {e}");
                }
                board = after;
            }
            if !reply["winner"].is_null() {
                break;
            }
            let moves: Vec<(usize, Vec<String>)> = board
                .iter()
                .enumerate()
                .flat_map(|(i, t)| options(t).into_iter().map(move |o| (i + 1, o)))
                .collect();
            let (i, to) = moves[dice.below(moves.len())].clone();
            reply = repl.send(&typed_sum(i, &board[i - 1], &to, &mut dice));
        }
        assert!(!reply["winner"].is_null(), "{reply}");
    }
    // Past the search's budget: refused before the game starts.
    Test::new()
        .args(["play", "--misere", "lasker(40) + octal:0.77(40) + 30"])
        .run()
        .code(2)
        .stderr_has("would take too long");
}

#[test]
fn illegal_moves_on_a_sum_exit_2_with_one_line() {
    // Lasker's 7 can become 6 … 0 or split (by hand); (1,2) is not a queen's move from (3,5).
    let out = Test::new()
        .args(["--color", "never"])
        .stdin("play --rules nim wythoff(3,5) + lasker(7) + 4\n1 -> (1,2)\n2 -> 2+3\n4 -> 1\ntake 2 from 1\n")
        .run()
        .code(2);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 5, "{}", out.stderr);
    assert!(
        lines[0].contains("line 2: illegal move") && lines[0].contains("cannot become (1,2)"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("line 3: illegal move") && lines[1].contains("cannot become 2+3"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("line 4: illegal move") && lines[2].contains("numbered 1 to 3"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains("line 5: illegal move") && lines[3].contains("takes no tokens"),
        "{}",
        lines[3]
    );
    // A misère component does not add by XOR: refused as `move` refuses it.
    Test::new()
        .args(["play", "misere(3) + 4"])
        .run()
        .code(2)
        .stderr_has("misère games do not add by XOR");
}

// ---------------------------------------------------------------------------------------------
// Green Hackenbush: pictures read from their written form, searched on edge bitmasks.

/// A picture: node 0 the ground, node names, edges as pairs of nodes.
#[derive(Debug, Clone)]
pub(crate) struct Drawn {
    pub(crate) names: Vec<String>,
    pub(crate) edges: Vec<(usize, usize)>,
}

/// Reads `2(1,3)` (stalks carrying trees; nodes `g`, `1`, `2`, … in the order written) or
/// `(g-a,a-b)` (edges, the ground `g`).
pub(crate) fn drawn(word: &str) -> Drawn {
    if let Some(inner) = word.strip_prefix('(') {
        let inner = inner.strip_suffix(')').unwrap();
        let mut names = vec!["g".to_string()];
        let mut edges = Vec::new();
        for e in inner.split(',').filter(|e| !e.is_empty()) {
            let (a, b) = e.split_once('-').unwrap();
            let mut node = |n: &str| match names.iter().position(|m| m == n) {
                Some(i) => i,
                None => {
                    names.push(n.to_string());
                    names.len() - 1
                }
            };
            let pair = (node(a), node(b));
            edges.push(pair);
        }
        return Drawn { names, edges };
    }
    // Recursive descent: a stalk's length, then optionally `(` trees `,` … `)`.
    fn stalk(
        chars: &[char],
        at: &mut usize,
        base: usize,
        nodes: &mut usize,
        edges: &mut Vec<(usize, usize)>,
    ) {
        let start = *at;
        while chars.get(*at).is_some_and(char::is_ascii_digit) {
            *at += 1;
        }
        let len: usize = chars[start..*at]
            .iter()
            .collect::<String>()
            .parse()
            .unwrap();
        let mut top = base;
        for _ in 0..len {
            edges.push((top, *nodes));
            top = *nodes;
            *nodes += 1;
        }
        if chars.get(*at) == Some(&'(') {
            *at += 1;
            loop {
                stalk(chars, at, top, nodes, edges);
                match chars[*at] {
                    ',' => *at += 1,
                    ')' => {
                        *at += 1;
                        break;
                    }
                    c => panic!("unexpected {c}"),
                }
            }
        }
    }
    let chars: Vec<char> = word.chars().collect();
    let (mut at, mut nodes, mut edges) = (0, 1, Vec::new());
    stalk(&chars, &mut at, 0, &mut nodes, &mut edges);
    assert_eq!(at, chars.len(), "{word}");
    let names = std::iter::once("g".to_string())
        .chain((1..nodes).map(|i| i.to_string()))
        .collect();
    Drawn { names, edges }
}

/// The edges of `mask` still joined to the ground.
fn grounded(d: &Drawn, mask: u64) -> u64 {
    let mut seen = vec![false; d.names.len()];
    seen[0] = true;
    loop {
        let mut grew = false;
        for (e, &(a, b)) in d.edges.iter().enumerate() {
            if mask >> e & 1 == 1 && seen[a] != seen[b] {
                seen[a] = true;
                seen[b] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    (0..d.edges.len())
        .filter(|&e| mask >> e & 1 == 1 && seen[d.edges[e].0])
        .fold(0, |m, e| m | 1 << e)
}

/// A picture's value by mex over every cut, memoised on the edges left.
fn picture_value(d: &Drawn, mask: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let seen: Vec<u64> = (0..d.edges.len())
        .filter(|&e| mask >> e & 1 == 1)
        .map(|e| picture_value(d, grounded(d, mask & !(1 << e)), memo))
        .collect();
    let g = (0..).find(|g| !seen.contains(g)).unwrap();
    memo.insert(mask, g);
    g
}

pub(crate) fn value_of(word: &str) -> u64 {
    let d = drawn(word);
    assert!(d.edges.len() < 40, "{word}");
    let all = (1u64 << d.edges.len()) - 1;
    picture_value(&d, grounded(&d, all), &mut HashMap::new())
}

/// The value of `word` with the edge `a-b` cut, by the search.
pub(crate) fn value_after_cut(word: &str, a: &str, b: &str) -> u64 {
    let d = drawn(word);
    let e = d
        .edges
        .iter()
        .position(|&(x, y)| {
            let (x, y) = (d.names[x].as_str(), d.names[y].as_str());
            (x, y) == (a, b) || (x, y) == (b, a)
        })
        .unwrap_or_else(|| panic!("no edge {a}-{b} in {word}"));
    let all = (1u64 << d.edges.len()) - 1;
    picture_value(&d, grounded(&d, all & !(1 << e)), &mut HashMap::new())
}

/// Checks every cut of a reply: the edge is one of the picture's, the picture redrawn is
/// worth what the search says that cut leaves, and a computer facing a won board leaves a
/// lost one. Returns the board after.
fn follow_cuts(mut board: Vec<String>, reply: &Value) -> Vec<String> {
    let sum = |b: &[String]| b.iter().fold(0, |x, w| x ^ value_of(w));
    for e in reply["events"].as_array().unwrap() {
        if e["event"] != "move" {
            continue;
        }
        let mv = &e["move"];
        let i = usize::try_from(mv["component"].as_u64().unwrap()).unwrap();
        let from = mv["from"].as_str().unwrap();
        assert_eq!(board[i - 1], from, "{e}");
        let (a, b) = mv["cut"].as_str().unwrap().split_once('-').unwrap();
        let to = strings(&mv["to"]);
        assert_eq!(to.len(), 1, "{e}");
        assert_eq!(value_of(&to[0]), value_after_cut(from, a, b), "{e}");
        let after = replaced(&board, i, &to);
        assert_eq!(strings(&e["board"]), after, "{e}");
        if e["side"] == "computer" && sum(&board) != 0 {
            assert_eq!(sum(&after), 0, "the computer missed a winning cut: {e}");
        }
        board = after;
    }
    board
}

#[test]
fn the_search_here_agrees_with_hand_checked_pictures() {
    // By hand: a stalk of n is worth n; 2(1,3) by the colon principle is 2 + (1 ⊕ 3) = 4;
    // 0(2,3) is two stalks, 2 ⊕ 3 = 1; the triangle g-a-b-g: cutting g-a or b-g leaves a
    // stalk of 2, cutting a-b two stalks of 1 (worth 0), so mex{2, 0} = 1.
    assert_eq!(value_of("5"), 5);
    assert_eq!(value_of("2(1,3)"), 4);
    assert_eq!(value_of("0(2,3)"), 1);
    assert_eq!(value_of("(g-a,a-b,b-g)"), 1);
    assert_eq!(value_of("0"), 0);
}

#[test]
fn the_computer_never_misses_a_winning_cut() {
    let mut repl = JsonRepl::start();
    let starts = [
        "5 2(1,3) 3",
        "2(1,3) 4 (g-a,a-b,b-g,b-c)",
        "0(2,3) 1(1,1) (g-a,a-a,a-b)",
        "3(2,2) 1(1(1,1),2)",
    ];
    let mut dice = Dice(17);
    for (n, start) in starts.iter().enumerate() {
        for first in ["me", "computer", "me"] {
            let mut reply = repl.send(&format!(
                "play --coach off --first {first} --rules hackenbush {start}"
            ));
            assert_eq!(reply["game"], "hackenbush", "{reply}");
            let mut board = follow_cuts(strings(&reply["events"][0]["board"]), &reply);
            for _ in 0..200 {
                if !reply["winner"].is_null() {
                    break;
                }
                let cuts: Vec<(usize, String)> = board
                    .iter()
                    .enumerate()
                    .flat_map(|(i, w)| {
                        let d = drawn(w);
                        d.edges
                            .iter()
                            .map(|&(a, b)| (i + 1, format!("{}-{}", d.names[a], d.names[b])))
                            .collect::<Vec<_>>()
                    })
                    .collect();
                let (i, edge) = cuts[dice.below(cuts.len())].clone();
                // Both ways of writing a cut.
                let line = if (n + i) % 2 == 0 {
                    format!("cut {edge} of {}", board[i - 1])
                } else {
                    format!("{i} {edge}")
                };
                reply = repl.send(&line);
                assert!(reply.get("error").is_none(), "{line}: {reply}");
                board = follow_cuts(board, &reply);
            }
            assert!(!reply["winner"].is_null(), "{reply}");
        }
    }
}

#[test]
fn move_s_words_are_a_cut_and_undo_restores_the_picture() {
    let mut repl = JsonRepl::start();
    repl.send("play --coach on --rules hackenbush 2(1,3) 5 3");
    // 4 ⊕ 5 ⊕ 3 = 2: the learner wins; `move`'s cut is typed as it prints it.
    let shown = repl.send("move");
    assert_eq!(shown["move"]["component"], 3, "{shown}");
    let reply = repl.send("cut the edge 1-2 of 3 (component 3)");
    let first = &reply["events"][0];
    assert_eq!(first["move"]["cut"], "1-2", "{reply}");
    assert_eq!(strings(&first["board"]), ["2(1,3)", "5", "1"], "{reply}");
    // 4 ⊕ 5 ⊕ 1 = 0 by the search: the coach says the win was kept.
    assert_eq!(4 ^ 5 ^ value_of("1"), 0);
    assert_eq!(reply["events"][1]["verdict"], "kept", "{reply}");
    let undone = repl.send("undo");
    assert_eq!(strings(&undone["board"]), ["2(1,3)", "5", "3"], "{undone}");
}

#[test]
fn illegal_cuts_exit_2_with_one_line_naming_the_edges() {
    let out = Test::new()
        .args(["--color", "never"])
        .stdin("play --rules hackenbush 2(1,3) 4\ncut 5-9 of 2(1,3)\n2 1-3\ncut 1-2 of 7\ntake 1 from 2\n")
        .run()
        .code(2);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 5, "{}", out.stderr);
    // 2(1,3)'s edges as the reader here names them.
    let d = drawn("2(1,3)");
    let edges: Vec<String> = d
        .edges
        .iter()
        .map(|&(a, b)| format!("{}-{}", d.names[a], d.names[b]))
        .collect();
    assert!(
        lines[0].contains("line 2: `5-9`") && lines[0].ends_with(&edges.join(", ")),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("line 3: `1-3`") && lines[1].contains("g-1, 1-2, 2-3, 3-4"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("line 4: `7`") && lines[2].contains("2(1,3), 4"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains("line 5: `take`") && lines[3].contains("cut A-B of P"),
        "{}",
        lines[3]
    );
}

// ---------------------------------------------------------------------------------------------
// On a terminal, as a person types.

#[cfg(unix)]
fn spawn(dir: &std::path::Path, args: &[&str]) -> crate::support::Pty {
    Test::new()
        .args(args.iter().copied())
        .env("NIMLAB_STATE_DIR", dir)
        .env("NO_COLOR", "1")
        .timeout(Duration::from_secs(60))
        .pty()
}

#[cfg(unix)]
#[test]
fn a_sum_of_different_games_on_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // By the mex here: wythoff(3,5) 0, lasker(7) 8, zero-move(4T) 3; 8 ⊕ 3 = 11, so lasker(7)
    // goes to value 3: lasker(4).
    let mut mex = Mex::default();
    assert_eq!(mex.value("lasker(4)"), 3);
    let mut p = spawn(dir.path(), &["play", "wythoff(3,5) + lasker(7) + 4"]);
    p.exp_string("`I -> S`").unwrap();
    p.exp_string("lasker(7)").unwrap();
    p.exp_string("value 8").unwrap();
    // 11 is not 0: the coach says the start can be won.
    p.exp_string("you can win from here").unwrap();
    p.send_line("1 -> (3,9)").unwrap();
    p.exp_string("cannot become (3,9)").unwrap();
    p.send_line("2 -> 4").unwrap();
    p.exp_string("your move:").unwrap();
    // (rexpect reads bytes as chars: the mark and the dot are not matched.)
    p.exp_string("kept the win").unwrap();
    p.exp_string("computer moved").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("took back 2 moves").unwrap();
    p.exp_string("lasker(7)").unwrap();
    p.exp_string("value 8").unwrap();
    p.send_line("resign").unwrap();
    p.exp_string("the computer wins").unwrap();
    p.exp_eof().unwrap();
}

#[cfg(unix)]
#[test]
fn hackenbush_on_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = spawn(
        dir.path(),
        &["play", "--rules", "hackenbush", "5", "2(1,3)"],
    );
    p.exp_string("cut A-B of P").unwrap();
    p.exp_string("edges g-1 1-2 2-3 2-4 4-5 5-6").unwrap();
    p.send_line("cut 2-9 of 2(1,3)").unwrap();
    p.exp_string("g-1, 1-2, 2-3, 2-4, 4-5, 5-6").unwrap();
    // 5 ⊕ 4 = 1: cutting 2-3 of 2(1,3) leaves a stalk of 5, nim-sum 0.
    assert_eq!(value_after_cut("2(1,3)", "2", "3"), 5);
    p.send_line("2 2-3").unwrap();
    p.exp_string("your move:").unwrap();
    p.exp_string("kept the win").unwrap();
    p.exp_string("computer cut").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("took back 2 moves").unwrap();
    p.exp_string("2(1,3)").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// `position` takes a sum; `winner`, `move` and `play` alone then use it, and a position of
/// piles replaces it.
#[test]
fn a_sum_set_as_the_position_is_played() {
    let mut repl = JsonRepl::start();
    let mut mex = Mex::default();
    let set = repl.send("position --rules nim wythoff(3,5) + lasker(7) + 4");
    // 0 ⊕ 8 ⊕ 4 by the mex here.
    let board: Vec<String> = ["wythoff(3,5)", "lasker(7)", "nim(4)"]
        .map(String::from)
        .to_vec();
    assert_eq!(set["nim_sum"], mex.nim_sum(&board), "{set}");
    let shown = repl.send("move");
    assert_eq!(shown["move"]["component"], 2, "{shown}");
    let game = repl.send("play --coach off");
    assert_eq!(strings(&game["board"]), board, "{game}");
    repl.send("quit");
    // `step` walks a sum too (its moves are checked in step_sum.rs).
    Test::new()
        .stdin("position 'lasker(3) + 4'\nstep\n")
        .run()
        .success()
        .stdout_has("step 1: the first player\n  component");
    repl.send("position 3 4");
    let piles = repl.send("winner");
    assert!(piles.get("components").is_none(), "{piles}");
}
