//! Piles of library games too large for their moves to be listed: every answer is whole or a
//! refusal in one line, never an answer on a move list cut short (which once made a pile of
//! 10^9 Lasker tokens a pile with no move: `lost` true, `misere` second, `play` refusing the
//! move that takes it all).
//!
//! Expected values come from the games' rules written here: Lasker's values by mex over its
//! moves for small piles, which confirm the closed form g(4k+1) = 4k+1, g(4k+2) = 4k+2,
//! g(4k+3) = 4k+4, g(4k+4) = 4k+3 (Winning Ways) used for far piles; a coin row's single heads
//! coin is won by turning it alone; Ruler's coin n is worth the largest power of two dividing n
//! (Winning Ways, checked against a search of whole rows in `ruler.rs`).

use crate::support::{Test, index};

/// Lasker's Nim by mex over its moves (take any number, or split into two non-empty heaps).
fn lasker_brute(upto: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=upto {
        let mut seen: Vec<u64> = (0..n).map(|m| g[index(m)]).collect();
        seen.extend((1..n).map(|a| g[index(a)] ^ g[index(n - a)]));
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// Lasker's closed form, checked against the brute force below.
fn lasker(n: u64) -> u64 {
    match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    }
}

/// Ruler: the largest power of two dividing n.
fn ruler(n: u64) -> u64 {
    if n == 0 { 0 } else { n & n.wrapping_neg() }
}

#[test]
fn lasker_closed_form_agrees_with_mex() {
    let g = lasker_brute(120);
    for (n, &v) in (0..).zip(&g) {
        assert_eq!(lasker(n), v, "g({n})");
    }
}

fn eval(expr: &str) -> String {
    let out = Test::new().args(["=", expr]).run().success();
    out.stdout.trim().to_string()
}

#[test]
fn one_far_pile_with_a_move_is_not_lost() {
    // One pile: the mover takes every token, or turns the one heads coin alone, and wins.
    for expr in [
        "lost(lasker, 1000000000)",
        "lost(mock-turtles, 1422)",
        "lost(ruler, 20000)",
        "lost(at-least-half, 100000000)",
    ] {
        assert_eq!(eval(expr), "false", "{expr}");
    }
}

#[test]
fn far_sums_are_valued_by_their_piles() {
    let (a, b) = (1_000_000_000, 999_999_999);
    assert_eq!(
        eval("lost(lasker, pow(10,9), 999999999)"),
        (lasker(a) ^ lasker(b) == 0).to_string()
    );
    assert_eq!(
        eval("g(lasker, 1000000000, 0)"),
        lasker(1_000_000_000).to_string()
    );
    assert_eq!(
        eval("g(ruler, 100000, 3)"),
        (ruler(100_000) ^ ruler(3)).to_string()
    );
    // Once took 90 s: answered now, within the test's timeout.
    assert_eq!(
        eval("lost(ruler, 20000, 16)"),
        (ruler(20_000) ^ ruler(16) == 0).to_string()
    );
}

#[test]
fn what_needs_a_far_piles_moves_is_refused_in_one_line() {
    // Each once answered as if the far pile had no move: `{}`, `0`, "1 position".
    for expr in ["mexset(mock-turtles, 1422)", "mg(lasker, 1000000000, 1)"] {
        let out = Test::new().args(["=", expr]).run().code(2);
        assert!(out.stdout.trim().is_empty(), "{expr}: {}", out.stdout);
        assert!(out.stderr.starts_with("error: "), "{expr}: {}", out.stderr);
    }
    for args in [
        &["draw", "--rules", "lasker", "5000000"][..],
        // Two far piles: no short move decides it (the opponent mirrors), so refused.
        &[
            "winner",
            "--misere",
            "--rules",
            "lasker",
            "1000000000",
            "1000000000",
        ],
    ] {
        let out = Test::new().args(args).run().code(2);
        assert!(out.stdout.trim().is_empty(), "{args:?}: {}", out.stdout);
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
    }
}

/// Misère, by hand: taking a far pile whole (or turning its coin alone) leaves one pile of 1
/// (one heads coin 1), whose only move is the last: the opponent makes it and loses. So the
/// first player wins, and says how it was known (these once said "second", "no winning move").
#[test]
fn a_far_pile_taken_whole_wins_misere() {
    assert_eq!(eval("misere(lasker, 1000000000, 1)"), "first");
    Test::new()
        .args(["winner", "--misere", "--rules", "lasker", "1000000000", "1"])
        .run()
        .success()
        .stdout_has("by search of one move's result")
        .stdout_has("the first player (to move) wins");
    Test::new()
        .args(["move", "--misere", "--rules", "mock-turtles", "1500", "1"])
        .run()
        .success()
        .stdout_has("winning move: pile 1: 1500 → 0 (turn coin 1500)");
    Test::new()
        .args(["move", "--misere", "lasker(1000000000) + nim(1)"])
        .run()
        .success()
        .stdout_has("the first player (to move) wins")
        .stdout_has("winning move: component 1: lasker(1000000000) → lasker(0)");
}

#[test]
fn a_far_lasker_pile_wins_by_its_proven_value() {
    let n = 1_000_000_003;
    Test::new()
        .args(["winner", "--rules", "lasker", "1000000003"])
        .run()
        .success()
        .stdout_has(&format!("nim-sum {} ≠ 0: the first player", lasker(n)));
    // A winning move of 1000000003 and 5: pile 1 to the size worth g(5) = 5, which is 5.
    Test::new()
        .args(["move", "--rules", "lasker", "1000000003", "5"])
        .run()
        .success()
        .stdout_has("winning move: pile 1: 1000000003 → 5 (take 999999998)");
    // Alone, g = 10^9 + 4: every move to 0 wins; the size worth 0 is 0, take it all.
    Test::new()
        .args(["move", "--rules", "lasker", "1000000003"])
        .run()
        .success()
        .stdout_has("winning move: pile 1: 1000000003 → 0");
}

#[test]
fn a_far_pile_can_be_played_whole() {
    // Taking the whole far pile is legal (it was "illegal … no move left").
    Test::new()
        .stdin("play --rules lasker 1000000000 1\n1 -> 0\nquit\nquit\n")
        .run()
        .stdout_has("take 1000000000 from pile 1 (1000000000 → 0)");
}

#[test]
fn a_position_keeps_the_rules_it_was_set_by() {
    // subtract:1,2: g(n) = n mod 3, so from 5 the winning move leaves 3 (take 2), never a
    // zero-move pass or take.
    Test::new()
        .stdin("position --rules subtract:1,2 5\nstep\n")
        .run()
        .success()
        .stdout_has("position now: 3");
    // Wythoff's (1,2) is a P-position: step plays on, it does not say no move is left.
    Test::new()
        .stdin("position --rules wythoff (1,2)\nstep\n")
        .run()
        .success()
        .stdout_has("step 1: the first player: game 1: (1,2) →");
    // Northcott's rows stay rows: `position` shows them by Northcott's game, not zero-move.
    let out = Test::new()
        .stdin("position --rules northcott (1,5) (2,4)\nposition\n")
        .run()
        .success();
    assert_eq!(
        out.stdout.matches("position (northcott)").count(),
        2,
        "{}",
        out.stdout
    );
}

/// Misère Lasker, by a search written here: (1,2,3,4,3) is lost for the player to move, so
/// from (1,2,3,4,9999999) taking the far pile down to 3 wins; the short moves are tried on the
/// far pile, not on the small ones (whose results still hold the far pile).
#[test]
fn a_far_pile_left_small_wins_misere_beside_small_piles() {
    fn moves(n: u64) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = (0..n)
            .map(|m| if m > 0 { vec![m] } else { vec![] })
            .collect();
        out.extend((1..=n / 2).map(|a| vec![a, n - a]));
        out
    }
    fn first_wins(pos: Vec<u64>, memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
        let mut pos: Vec<u64> = pos.into_iter().filter(|&p| p > 0).collect();
        pos.sort_unstable();
        if let Some(&w) = memo.get(&pos) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        'all: for (i, &p) in pos.iter().enumerate() {
            for l in moves(p) {
                any = true;
                let mut next = pos.clone();
                next.remove(i);
                next.extend(l);
                if !first_wins(next, memo) {
                    wins = true;
                    break 'all;
                }
            }
        }
        let wins = wins || !any;
        memo.insert(pos, wins);
        wins
    }
    let mut memo = std::collections::HashMap::new();
    assert!(!first_wins(vec![1, 2, 3, 4, 3], &mut memo));
    assert_eq!(eval("misere(lasker, 1, 2, 3, 4, 9999999)"), "first");
    Test::new()
        .args([
            "move", "--misere", "--rules", "lasker", "1", "2", "3", "4", "9999999",
        ])
        .run()
        .success()
        .stdout_has("winning move: pile 5: 9999999 → 3");
}
