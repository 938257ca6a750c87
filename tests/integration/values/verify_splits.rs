//! `verify` on games whose moves split a pile (Lasker's Nim, Kayles, Grundy's game): every
//! position of up to K piles is solved, and the counts of won and lost positions — and, in
//! misère play, where nimlab has no rule, the lost positions it lists — agree with a game-tree
//! search written here over whole positions, splits and all.

use std::collections::HashMap;

use serde_json::Value;

use crate::support::{Test, u64_of};

/// What one move leaves of a heap: its parts (none, one or two).
type Moves = fn(u64) -> Vec<Vec<u64>>;

fn lasker(n: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = (0..n).map(|m| vec![m]).collect();
    out.extend((1..n).map(|a| vec![a, n - a]));
    out
}

/// Kayles: knock down one pin or two adjacent ones, leaving up to two rows.
fn kayles(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for k in 1..=2u64.min(n) {
        for left in 0..=n - k {
            out.push(vec![left, n - k - left]);
        }
    }
    out
}

/// Ruler, a heads coin at place n: turning it and the coins k..n − 1 leaves the heaps k..n − 1.
fn ruler(n: u64) -> Vec<Vec<u64>> {
    (1..=n).map(|k| (k..n).collect()).collect()
}

fn grundy_game(n: u64) -> Vec<Vec<u64>> {
    (1..n)
        .filter(|&a| 2 * a != n)
        .map(|a| vec![a, n - a])
        .collect()
}

/// A row of coins as the set of its heads: a coin turned twice is tails again, so two equal
/// heaps cancel. (Normal play cannot tell — equal heaps XOR to 0 — but misère play can.)
fn heads(mut position: Vec<u64>) -> Vec<u64> {
    position.sort_unstable();
    let mut out: Vec<u64> = Vec::new();
    for h in position {
        if out.last() == Some(&h) {
            out.pop();
        } else {
            out.push(h);
        }
    }
    out
}

/// Whether the player to move wins `position` (sorted, no empty heaps; for a coin game, a set
/// of heads); in misère play the player who cannot move wins.
fn wins(
    position: &[u64],
    (moves, coins): (Moves, bool),
    misere: bool,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    for i in 0..position.len() {
        for parts in moves(position[i]) {
            any = true;
            let mut next: Vec<u64> = position[..i].to_vec();
            next.extend(&position[i + 1..]);
            next.extend(parts.into_iter().filter(|&h| h > 0));
            next.sort_unstable();
            if coins {
                next = heads(next);
            }
            if !wins(&next, (moves, coins), misere, memo) {
                win = true;
                break;
            }
        }
        if win {
            break;
        }
    }
    let w = if any { win } else { misere };
    memo.insert(position.to_vec(), w);
    w
}

/// Every position of up to `piles` heaps of size ≤ `max`, sorted, empty heaps left out.
fn positions(piles: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = vec![Vec::new()];
    let mut last: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..piles {
        let mut grown = Vec::new();
        for p in &last {
            let from = p.last().copied().unwrap_or(1);
            for h in from..=max {
                let mut q = p.clone();
                q.push(h);
                grown.push(q);
            }
        }
        out.extend(grown.iter().cloned());
        last = grown;
    }
    out
}

fn verify(rules: &str, piles: usize, max: u64) -> Value {
    Test::new()
        .args(["verify", "--format", "json", "--rules", rules])
        .args(["--piles", &piles.to_string(), "--max", &max.to_string()])
        .run()
        .success()
        .json()
}

#[test]
fn verify_follows_splits_and_agrees_with_the_search() {
    let games: [(&str, Moves, usize, u64); 4] = [
        ("lasker", lasker, 3, 7),
        ("octal:0.77", kayles, 3, 7),
        ("grundy-game", grundy_game, 3, 7),
        // A Ruler move may leave many heaps: smaller bounds.
        ("ruler", ruler, 3, 5),
    ];
    for (name, moves, piles, max) in games {
        for misere in [false, true] {
            let mut memo = HashMap::new();
            let all = positions(piles, max);
            // Ruler's positions are rows of coins: a listed position with a coin twice is the
            // row without it.
            let coins = name == "ruler";
            let row = |p: &Vec<u64>| if coins { heads(p.clone()) } else { p.clone() };
            let lost: Vec<Vec<u64>> = all
                .iter()
                .filter(|p| !wins(&row(p), (moves, coins), misere, &mut memo))
                .cloned()
                .collect();
            let rules = if misere {
                format!("{name}-misere")
            } else {
                name.to_string()
            };
            let doc = verify(&rules, piles, max);
            assert_eq!(u64_of(&doc["positions"]), all.len() as u64, "{rules}");
            assert_eq!(u64_of(&doc["second_wins"]), lost.len() as u64, "{rules}");
            assert_eq!(
                u64_of(&doc["first_wins"]),
                (all.len() - lost.len()) as u64,
                "{rules}"
            );
            assert_eq!(u64_of(&doc["mismatches"]), 0, "{rules}");
            if let Some(listed) = doc["lost"].as_array() {
                let listed: Vec<Vec<u64>> = listed
                    .iter()
                    .map(|p| {
                        let mut p: Vec<u64> = p
                            .as_array()
                            .expect("a position")
                            .iter()
                            .map(|h| h.as_str().expect("a pile").parse().expect("a number"))
                            .collect();
                        p.sort_unstable();
                        p
                    })
                    .collect();
                assert!(!listed.is_empty(), "{rules}");
                for p in &listed {
                    assert!(lost.contains(p), "{rules}: {p:?} is not lost");
                }
            }
        }
    }
}

#[test]
fn a_split_search_too_large_is_refused_at_once_by_its_count() {
    // 20 piles of size ≤ 30: more positions of up to K piles than the split search takes.
    Test::new()
        .args([
            "verify", "--rules", "lasker", "--piles", "20", "--max", "30",
        ])
        .run()
        .code(2)
        .stderr_has("its moves may split a pile");
}
