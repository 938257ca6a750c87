//! `verify` on games whose piles are tuples (Wythoff's game, Northcott's game, Fibonacci Nim)
//! and on graph files: every position of up to K piles is solved, and its counts of won and
//! lost positions — and, in misère play, the lost positions it lists — agree with a game-tree
//! search written here on the games' own moves.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

use crate::support::{Test, u64_of};

type Tuple = (u64, u64);
type TupleMoves = fn(Tuple) -> Vec<Tuple>;

/// Wythoff's game: take from one heap, or the same from both.
fn wythoff((a, b): Tuple) -> Vec<Tuple> {
    let mut out: Vec<Tuple> = (0..a).map(|x| (x, b)).collect();
    out.extend((0..b).map(|y| (a, y)));
    out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    out
}

/// Northcott's game as nimlab's library defines it: either counter advances, shrinking the
/// gap between them to any smaller one (retreats are reversible and left out).
fn northcott((w, b): Tuple) -> Vec<Tuple> {
    let (lo, hi) = (w.min(b), w.max(b));
    let mut out = Vec::new();
    for x in lo + 1..hi {
        if w < b {
            out.push((x, b));
            out.push((w, x));
        } else {
            out.push((w, x));
            out.push((x, b));
        }
    }
    out
}

/// Fibonacci Nim: (n, m) is n tokens of which at most m may be taken; taking k leaves
/// (n − k, 2k), the bound never above what is left.
fn fibonacci((n, m): Tuple) -> Vec<Tuple> {
    (1..=n.min(m))
        .map(|k| (n - k, (2 * k).min(n - k)))
        .collect()
}

/// Whether the player to move wins `position` (sorted); in misère play, with no move, wins.
fn wins(
    position: &[Tuple],
    moves: TupleMoves,
    misere: bool,
    memo: &mut HashMap<Vec<Tuple>, bool>,
) -> bool {
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    'all: for i in 0..position.len() {
        for to in moves(position[i]) {
            any = true;
            let mut next = position.to_vec();
            next[i] = to;
            next.sort_unstable();
            if !wins(&next, moves, misere, memo) {
                win = true;
                break 'all;
            }
        }
    }
    let w = if any { win } else { misere };
    memo.insert(position.to_vec(), w);
    w
}

/// The tuples with both parts ≤ `max`, and every tuple play reaches from them.
fn closure(max: u64, moves: TupleMoves) -> Vec<Tuple> {
    let mut seen: BTreeSet<Tuple> = BTreeSet::new();
    let mut stack: Vec<Tuple> = (0..=max)
        .flat_map(|a| (0..=max).map(move |b| (a, b)))
        .collect();
    while let Some(t) = stack.pop() {
        if seen.insert(t) {
            stack.extend(moves(t));
        }
    }
    seen.into_iter().collect()
}

/// Every multiset of up to `piles` of `states`, sorted.
fn positions<T: Clone + Ord>(states: &[T], piles: usize) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = vec![Vec::new()];
    let mut last: Vec<(usize, Vec<T>)> = vec![(0, Vec::new())];
    for _ in 0..piles {
        let mut grown = Vec::new();
        for (from, p) in &last {
            for (i, s) in states.iter().enumerate().skip(*from) {
                let mut q = p.clone();
                q.push(s.clone());
                grown.push((i, q));
            }
        }
        out.extend(grown.iter().map(|(_, q)| q.clone()));
        last = grown;
    }
    out
}

fn verify(rules: &str, misere: bool, piles: usize, max: u64) -> Value {
    let mut test = Test::new()
        .args(["verify", "--format", "json", "--rules", rules])
        .args(["--piles", &piles.to_string(), "--max", &max.to_string()]);
    if misere {
        test = test.arg("--misere");
    }
    test.run().success().json()
}

/// `(a,b)` as nimlab writes a tuple.
fn parse_tuple(text: &str) -> Tuple {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or_else(|| panic!("a tuple: {text}"));
    let (a, b) = inner.split_once(',').expect("two parts");
    (a.trim().parse().unwrap(), b.trim().parse().unwrap())
}

#[test]
fn tuple_games_are_verified_against_a_search_on_their_moves() {
    let games: [(&str, TupleMoves, usize, u64); 3] = [
        ("wythoff", wythoff, 3, 4),
        ("northcott", northcott, 2, 5),
        ("fibonacci-nim", fibonacci, 2, 6),
    ];
    for (name, moves, piles, max) in games {
        for misere in [false, true] {
            // Northcott's counters may retreat: played misère it is loopy and partizan, and
            // nimlab refuses it rather than answer its impartial reduction (tested in
            // `northcott.rs`).
            if misere && name == "northcott" {
                continue;
            }
            // A row of Northcott's holds the two counters on different squares: a tuple with
            // them on one square is no state (every command refuses it), nor any play reaches.
            let states: Vec<Tuple> = closure(max, moves)
                .into_iter()
                .filter(|&(a, b)| name != "northcott" || a != b)
                .collect();
            let all = positions(&states, piles);
            let mut memo = HashMap::new();
            let lost: BTreeSet<Vec<Tuple>> = all
                .iter()
                .filter(|p| !wins(p, moves, misere, &mut memo))
                .cloned()
                .collect();
            let doc = verify(name, misere, piles, max);
            let what = format!("{name} misère {misere}");
            assert_eq!(u64_of(&doc["positions"]), all.len() as u64, "{what}");
            assert_eq!(u64_of(&doc["second_wins"]), lost.len() as u64, "{what}");
            if misere {
                // No rule to compare with: the lost positions it lists are lost.
                let listed = doc["lost"].as_array().expect("a lost list");
                assert!(!listed.is_empty(), "{what}");
                for p in listed {
                    let mut p: Vec<Tuple> = p
                        .as_array()
                        .expect("a position")
                        .iter()
                        .map(|t| parse_tuple(t.as_str().expect("a tuple")))
                        .collect();
                    p.sort_unstable();
                    assert!(lost.contains(&p), "{what}: {p:?} is not lost");
                }
            } else {
                assert_eq!(u64_of(&doc["mismatches"]), 0, "{what}");
            }
        }
    }
}

#[test]
fn the_default_bounds_run_for_wythoffs_game() {
    // 4 piles of the 64 tuples with parts ≤ 7, or none: C(65 + 3, 4) = 814 385 positions.
    let doc = Test::new()
        .args(["verify", "--rules", "wythoff", "--format", "json"])
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&doc["positions"]), 814_385);
    assert_eq!(u64_of(&doc["mismatches"]), 0);
}

#[test]
fn a_graph_in_any_order_is_verified_by_name() {
    // lessons/graphs/example.yaml lists `start` first, before the positions it leads to.
    let moves: HashMap<&str, Vec<&str>> = HashMap::from([
        ("start", vec!["left", "right"]),
        ("left", vec!["middle", "finish"]),
        ("right", vec!["middle"]),
        ("middle", vec!["finish"]),
        ("finish", vec![]),
    ]);
    fn wins<'a>(
        position: &[&'a str],
        moves: &HashMap<&str, Vec<&'a str>>,
        memo: &mut HashMap<Vec<&'a str>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(position) {
            return w;
        }
        let mut any = false;
        let mut win = false;
        for i in 0..position.len() {
            for &to in &moves[position[i]] {
                any = true;
                let mut next = position.to_vec();
                next[i] = to;
                next.sort_unstable();
                win |= !wins(&next, moves, memo);
            }
        }
        // Misère: with no move, the player to move has won.
        let w = if any { win } else { true };
        memo.insert(position.to_vec(), w);
        w
    }
    let names: Vec<&str> = {
        let mut n: Vec<&str> = moves.keys().copied().collect();
        n.sort_unstable();
        n
    };
    let mut memo = HashMap::new();
    let lost: BTreeSet<Vec<&str>> = positions(&names, 2)
        .into_iter()
        .filter(|p| !wins(p, &moves, &mut memo))
        .collect();
    let top = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = Test::new()
        .current_dir(top)
        .args(["verify", "--misere", "--piles", "2", "--format", "json"])
        .args(["--rules", "graph:lessons/graphs/example.yaml"])
        .run()
        .success()
        .json();
    let listed: BTreeSet<Vec<&str>> = doc["lost"]
        .as_array()
        .expect("a lost list")
        .iter()
        .map(|p| {
            let mut p: Vec<&str> = p
                .as_array()
                .expect("a position")
                .iter()
                .map(|n| n.as_str().expect("a name"))
                .collect();
            p.sort_unstable();
            p
        })
        .collect();
    assert_eq!(listed, lost);
    // Normal play against the XOR of the values: no disagreement.
    let doc = Test::new()
        .current_dir(top)
        .args(["verify", "--piles", "3", "--format", "json"])
        .args(["--rules", "graph:lessons/graphs/example.yaml"])
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&doc["positions"]), positions(&names, 3).len() as u64);
    assert_eq!(u64_of(&doc["mismatches"]), 0);
}

#[test]
fn too_many_tuples_are_refused_at_once_naming_the_bound() {
    // 2001² tuples with parts ≤ 2000: more than the search lists.
    Test::new()
        .args(["verify", "--rules", "wythoff", "--max", "2000"])
        .run()
        .code(2)
        .stderr_has("with each part ≤ 2000")
        .stderr_has("a smaller `--max`");
}
