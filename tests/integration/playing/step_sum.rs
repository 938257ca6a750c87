//! `step` on a sum of different games (`position 'wythoff(3,5) + lasker(7) + nim(4)'`): every
//! step is a legal move of one component, checked against the games' moves written here; a
//! winning step leaves the XOR of values 0, each value by mex over explicit options; and the
//! line of play ends with the winner a game-tree search of the whole sum names — no
//! Sprague–Grundy in the search.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

use crate::support::{Test, str_of, u64_of};

/// One component as nimlab writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Comp {
    Wythoff(u64, u64),
    Lasker(u64),
    Nim(u64),
}

fn parse(text: &str) -> Comp {
    let (game, rest) = text.split_once('(').expect("game(state)");
    let inner = rest.strip_suffix(')').expect("a closing parenthesis");
    match game {
        "wythoff" => {
            let inner = inner.trim_start_matches('(').trim_end_matches(')');
            let (a, b) = inner.split_once(',').expect("(a,b)");
            Comp::Wythoff(a.parse().unwrap(), b.parse().unwrap())
        }
        "lasker" => Comp::Lasker(inner.parse().unwrap()),
        "nim" => Comp::Nim(inner.parse().unwrap()),
        other => panic!("unexpected game {other}"),
    }
}

/// What one move of a component leaves: its parts (a Lasker split leaves two).
fn moves(c: Comp) -> Vec<Vec<Comp>> {
    match c {
        Comp::Wythoff(a, b) => {
            let mut out: Vec<Vec<Comp>> = (0..a).map(|x| vec![Comp::Wythoff(x, b)]).collect();
            out.extend((0..b).map(|y| vec![Comp::Wythoff(a, y)]));
            out.extend((1..=a.min(b)).map(|k| vec![Comp::Wythoff(a - k, b - k)]));
            out
        }
        Comp::Lasker(n) => {
            let mut out: Vec<Vec<Comp>> = (0..n).map(|k| vec![Comp::Lasker(k)]).collect();
            out.extend((1..n).map(|a| vec![Comp::Lasker(a), Comp::Lasker(n - a)]));
            out
        }
        Comp::Nim(n) => (0..n).map(|k| vec![Comp::Nim(k)]).collect(),
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// A component's value by mex over its options, memoised.
fn value(c: Comp, memo: &mut HashMap<Comp, u64>) -> u64 {
    if let Some(&g) = memo.get(&c) {
        return g;
    }
    let options: Vec<u64> = moves(c)
        .into_iter()
        .map(|parts| parts.into_iter().fold(0, |x, p| x ^ value(p, memo)))
        .collect();
    let g = mex(options);
    memo.insert(c, g);
    g
}

/// Whether the player to move wins the whole sum (sorted), by trying every move.
fn wins(sum: &[Comp], memo: &mut HashMap<Vec<Comp>, bool>) -> bool {
    if let Some(&w) = memo.get(sum) {
        return w;
    }
    let mut w = false;
    'all: for i in 0..sum.len() {
        for parts in moves(sum[i]) {
            let mut next: Vec<Comp> = sum[..i].to_vec();
            next.extend(&sum[i + 1..]);
            next.extend(parts);
            next.sort_unstable();
            if !wins(&next, memo) {
                w = true;
                break 'all;
            }
        }
    }
    memo.insert(sum.to_vec(), w);
    w
}

fn board(v: &Value) -> Vec<Comp> {
    v.as_array()
        .expect("a board")
        .iter()
        .map(|t| parse(str_of(t)))
        .collect()
}

const START: &str = "wythoff(3,5) + lasker(7) + nim(4)";

#[test]
fn each_step_is_legal_and_a_winning_one_leaves_nim_sum_zero() {
    let mut script = format!("position '{START}'\n");
    // More steps than the game can last: the last ones find no move and name the winner.
    script.push_str(&"step\n".repeat(40));
    let lines = Test::new()
        .args(["--format", "json"])
        .stdin(script)
        .run()
        .success()
        .json_lines();
    let mut values = HashMap::new();
    let mut memo = HashMap::new();
    let mut now = vec![Comp::Wythoff(3, 5), Comp::Lasker(7), Comp::Nim(4)];
    let mut start_sorted = now.clone();
    start_sorted.sort_unstable();
    let first_wins = wins(&start_sorted, &mut memo);
    let mut played = 0;
    let mut winner = None;
    for line in &lines[1..] {
        assert_eq!(
            board(&line["start"]),
            now,
            "each step starts where the last stopped"
        );
        for m in line["moves"].as_array().expect("moves") {
            played += 1;
            assert_eq!(u64_of(&m["number"]), played);
            let player = if played % 2 == 1 { "first" } else { "second" };
            assert_eq!(str_of(&m["player"]), player);
            let mv = &m["move"];
            let i = usize::try_from(u64_of(&mv["component"])).unwrap() - 1;
            let from = parse(str_of(&mv["from"]));
            assert_eq!(from, now[i]);
            let to = board(&mv["to"]);
            assert!(moves(from).contains(&to), "{from:?} → {to:?} is not a move");
            let mut next = now[..i].to_vec();
            next.extend(&to);
            next.extend(&now[i + 1..]);
            assert_eq!(board(&m["board"]), next);
            let before = now.iter().fold(0, |x, &c| x ^ value(c, &mut values));
            let after = next.iter().fold(0, |x, &c| x ^ value(c, &mut values));
            assert_eq!(u64_of(&m["nim_sum_before"]), before);
            assert_eq!(u64_of(&m["nim_sum_after"]), after);
            // A position of nim-sum ≠ 0 is won: the step must leave 0 (and says so).
            if before != 0 {
                assert_eq!(str_of(&m["intent"]), "winning");
                assert_eq!(after, 0);
            } else {
                assert_eq!(str_of(&m["intent"]), "delaying");
            }
            now = next;
        }
        if let Some(w) = line["winner"].as_str() {
            winner = Some(w.to_owned());
            break;
        }
    }
    // The game ended with no move left, and the search of the whole sum names its winner.
    assert!(now.iter().all(|&c| moves(c).is_empty()), "{now:?}");
    let expected = if first_wins { "first" } else { "second" };
    assert_eq!(winner.as_deref(), Some(expected));
    assert_eq!(played % 2 == 1, first_wins, "the winner made the last move");
}

#[test]
fn step_all_plays_to_the_end_and_leaves_the_position_as_it_was() {
    let script = format!("position '{START}'\nstep --all\nposition\n");
    let lines = Test::new()
        .args(["--format", "json"])
        .stdin(script)
        .run()
        .success()
        .json_lines();
    let all = &lines[1];
    let played = all["moves"].as_array().expect("moves").len();
    assert!(played > 0);
    let last = board(&all["board"]);
    assert!(last.iter().all(|&c| moves(c).is_empty()));
    let mut start = vec![Comp::Wythoff(3, 5), Comp::Lasker(7), Comp::Nim(4)];
    start.sort_unstable();
    let first_wins = wins(&start, &mut HashMap::new());
    assert_eq!(
        str_of(&all["winner"]),
        if first_wins { "first" } else { "second" }
    );
    // `position` afterwards still shows the sum stepped from.
    let states: Vec<&str> = lines[2]["components"]
        .as_array()
        .expect("components")
        .iter()
        .map(|c| str_of(&c["state"]))
        .collect();
    assert_eq!(states, ["(3,5)", "7", "4"]);
}

#[test]
fn a_step_reads_as_text_within_80_columns() {
    let out = Test::new()
        .stdin(format!("position '{START}'\nstep\nstep --all\n"))
        .run()
        .success();
    let text = out.stdout;
    assert!(text.contains("step 1: the first player\n  component 2: lasker(7) → lasker(3)"));
    assert!(text.contains("why: the nim-sum was 12"));
    assert!(text.contains("position now: wythoff(3,5) + lasker(3) + nim(4)"));
    assert!(text.contains("The first player wins"));
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
}
