//! Defined games whose states are tuples: Wythoff's game against its cold positions
//! (⌊kφ⌋, ⌊kφ²⌋) and an exhaustive search written here, and staircase Nim against Nim on its
//! odd steps, found by exhaustive search.

use std::collections::HashMap;

use crate::support::{Test, u64_of};

/// Whether the player to move wins, by exhaustive search over `moves` with a memo.
fn wins(
    state: &[u64],
    moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&w) = memo.get(state) {
        return w;
    }
    let win = moves(state).iter().any(|next| !wins(next, moves, memo));
    memo.insert(state.to_vec(), win);
    win
}

fn wythoff_moves(s: &[u64]) -> Vec<Vec<u64>> {
    let (a, b) = (s[0], s[1]);
    let mut m = Vec::new();
    m.extend((1..=a).map(|k| vec![a - k, b]));
    m.extend((1..=b).map(|k| vec![a, b - k]));
    m.extend((1..=a.min(b)).map(|k| vec![a - k, b - k]));
    m
}

/// The cold positions (a ≤ b) of Wythoff's game: (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k), with
/// ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ computed exactly: ⌊√(5k²)⌋ by integer square root (as k·√5 is
/// irrational for k > 0, flooring the root first changes nothing).
fn cold(k: u64) -> (u64, u64) {
    let five_k2 = 5 * k * k;
    // The largest r with r² ≤ 5k², by bisection.
    let (mut lo, mut hi) = (0u64, 3 * k + 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if mid * mid <= five_k2 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let a = (k + lo) / 2;
    (a, a + k)
}

/// nimlab's verdict on one pile of `rules`, from `winner --format json`.
fn first_wins(rules: &str, state: &str) -> bool {
    let out = Test::new()
        .args(["winner", "--format", "json", "--rules", rules, state])
        .run()
        .success();
    out.json()["winner"] == "first"
}

#[test]
fn wythoff_cold_positions_are_the_golden_ratio_pairs_and_the_searchs_losses() {
    let mut memo = HashMap::new();
    let cold: Vec<(u64, u64)> = (0..=30).map(cold).collect();
    // By hand: (0,0), (1,2), (3,5), (4,7), (6,10), (8,13).
    assert_eq!(
        cold[..6],
        [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    );
    // The search's losses with a ≤ b ≤ 20 are exactly the cold pairs there.
    for a in 0..=20u64 {
        for b in a..=20u64 {
            let lost = !wins(&[a, b], &wythoff_moves, &mut memo);
            assert_eq!(lost, cold.contains(&(a, b)), "({a},{b})");
        }
    }
    // nimlab agrees, one script for every cold pair up to k = 30 and its neighbours.
    let mut script = String::new();
    let mut expected = Vec::new();
    for &(a, b) in &cold {
        for (x, y) in [(a, b), (b, a), (a, b + 1), (a + 1, b)] {
            script.push_str(&format!("winner --format json --rules wythoff ({x},{y})\n"));
            expected.push(!cold.contains(&(x.min(y), x.max(y))));
        }
    }
    let out = Test::new().stdin(script).run().success();
    let verdicts: Vec<bool> = out
        .json_lines()
        .iter()
        .map(|v| v["winner"] == "first")
        .collect();
    assert_eq!(verdicts, expected);
}

/// Wythoff's values by mex over the moves, computed here for a, b ≤ 12.
fn wythoff_values() -> HashMap<(u64, u64), u64> {
    let mut g: HashMap<(u64, u64), u64> = HashMap::new();
    for total in 0..=24u64 {
        for a in 0..=total.min(12) {
            let b = total - a;
            if b > 12 {
                continue;
            }
            let seen: Vec<u64> = wythoff_moves(&[a, b])
                .iter()
                .map(|m| g[&(m[0], m[1])])
                .collect();
            g.insert((a, b), (0..).find(|v| !seen.contains(v)).unwrap_or(0));
        }
    }
    g
}

/// `(a,b)` as written, back to numbers.
fn tuple(text: &str) -> Vec<u64> {
    text.trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(|x| x.parse().expect("a number"))
        .collect()
}

/// A file of more tuples than are shown one by one (10 000) is streamed: its verdict and
/// winning move against the values by mex here, the move's states written as tuples.
#[test]
fn a_file_of_wythoff_positions_is_decided_and_its_move_named_in_tuples() {
    let g = wythoff_values();
    let mut seed = 12_345_u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % 13
    };
    let piles: Vec<(u64, u64)> = (0..12_000).map(|_| (next(), next())).collect();
    let nim_sum = piles.iter().fold(0, |x, p| x ^ g[p]);
    assert_ne!(nim_sum, 0, "a won position, so there is a move to check");
    let text: Vec<String> = piles.iter().map(|(a, b)| format!("({a},{b})")).collect();
    let test = Test::new();
    let file = test.write("wythoff.txt", &text.join(" "));
    let file = file.to_str().expect("a UTF-8 path");
    let doc = test
        .args([
            "move", "--format", "json", "--rules", "wythoff", "--file", file,
        ])
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&doc["nim_sum"]), nim_sum, "{doc}");
    let mv = &doc["move"];
    assert!(mv.get("take").is_none(), "{doc}");
    let index = usize::try_from(u64_of(&mv["pile"]) - 1).expect("an index");
    let (from, to) = (
        tuple(mv["from"].as_str().expect("from")),
        tuple(mv["to"].as_str().expect("to")),
    );
    assert_eq!(from, [piles[index].0, piles[index].1], "{doc}");
    assert!(wythoff_moves(&from).contains(&to), "{doc}");
    assert_eq!(nim_sum ^ g[&piles[index]] ^ g[&(to[0], to[1])], 0, "{doc}");
}

#[test]
fn wythoff_values_match_mex_over_the_moves() {
    let g = wythoff_values();
    let mut script = String::new();
    let mut expected = Vec::new();
    for a in 0..=12u64 {
        for b in 0..=12u64 {
            script.push_str(&format!("nimsum --format json --rules wythoff ({a},{b})\n"));
            expected.push(g[&(a, b)]);
        }
    }
    let out = Test::new().stdin(script).run().success();
    let values: Vec<u64> = out
        .json_lines()
        .iter()
        .map(|v| u64_of(&v["nim_sum"]))
        .collect();
    assert_eq!(values, expected);
}

#[test]
fn staircase_nim_is_nim_on_the_odd_steps() {
    let moves = |s: &[u64]| {
        let mut m = Vec::new();
        for step in 0..4 {
            for k in 1..=s[step] {
                let mut t = s.to_vec();
                t[step] -= k;
                if step > 0 {
                    t[step - 1] += k;
                }
                m.push(t);
            }
        }
        m
    };
    let mut memo = HashMap::new();
    let mut script = String::new();
    let mut expected = Vec::new();
    for a in 0..=3u64 {
        for b in 0..=3u64 {
            for c in 0..=3u64 {
                for d in 0..=3u64 {
                    let win = wins(&[a, b, c, d], &moves, &mut memo);
                    // Nim on the odd steps (1 and 3): the first player wins iff a xor c ≠ 0.
                    assert_eq!(win, a ^ c != 0, "({a},{b},{c},{d})");
                    script.push_str(&format!(
                        "winner --format json --rules staircase ({a},{b},{c},{d})\n"
                    ));
                    expected.push(win);
                }
            }
        }
    }
    let out = Test::new().stdin(script).run().success();
    let verdicts: Vec<bool> = out
        .json_lines()
        .iter()
        .map(|v| v["winner"] == "first")
        .collect();
    assert_eq!(verdicts, expected);
    assert!(first_wins("staircase", "(1,0,0,0)"));
}

#[test]
fn a_tuple_state_written_wrong_or_a_cycle_is_refused() {
    Test::new()
        .args(["winner", "--rules", "wythoff", "3"])
        .run()
        .bad_input("3");
    Test::new()
        .args(["winner", "--rules", "wythoff", "(1,2,3)"])
        .run()
        .bad_input("(1,2,3)");
    // In an expression too, a tuple of three is no state of Wythoff's game: the same refusal
    // as on the line, not a definition refused "at the state the start".
    Test::new()
        .args(["=", "g(wythoff, (1,2,3))"])
        .run()
        .code(2)
        .stderr_has("`(1,2,3)` is not a pile: expected a state of wythoff: a tuple of 2");
    Test::new()
        .args(["game", "swap(a, b) = {(b, a)}"])
        .run()
        .code(2)
        .stderr_has("cycle");
    assert!(!first_wins("wythoff", "(3,5)"));
}

/// A winning move in a game of tuples goes to a position the search here finds lost, and
/// says no amount taken: a tuple's number is a name, not a count of tokens, and a difference
/// of two such numbers (once printed as `take 24`, and an underflow when the number grew)
/// means nothing.
#[test]
fn a_winning_move_in_wythoffs_game_is_checked_and_takes_no_counted_tokens() {
    let mut memo = HashMap::new();
    for (a, b) in [(4, 6), (2, 7), (5, 5), (0, 9), (9, 3)] {
        let state = format!("({a},{b})");
        assert!(wins(&[a, b], &wythoff_moves, &mut memo), "{state} is won");
        let out = Test::new()
            .args(["move", "--format", "json", "--rules", "wythoff", &state])
            .run()
            .success();
        let doc = out.json();
        let mv = &doc["move"];
        assert!(mv.get("take").is_none(), "{state}: {doc}");
        let to: Vec<u64> = mv["to"]
            .as_str()
            .expect("the state moved to")
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|x| x.parse().expect("a number"))
            .collect();
        assert!(
            wythoff_moves(&[a, b]).contains(&to),
            "{state} → {to:?} is a move"
        );
        assert!(
            !wins(&to, &wythoff_moves, &mut memo),
            "{state} → {to:?} is lost"
        );
        let text = Test::new()
            .args(["move", "--rules", "wythoff", &state])
            .run()
            .success();
        assert!(!text.stdout.contains("take"), "{}", text.stdout);
    }
}

/// Changing between rules whose piles are token counts and rules whose piles are tuples clears
/// the position and says so: `(3,5)` is not a heap of Nim, and `3T` is not a Wythoff state.
/// Before, the tuples carried over as their internal numbers (Nim showed "0 1"), and `rules
/// wythoff` was refused while a zero-move position was set, so a lesson pinning Wythoff could not
/// start for a learner with a position.
#[test]
fn a_position_that_cannot_carry_over_is_cleared_and_named() {
    let script = "position 3 5\nrules wythoff\nposition\nposition (3,5) (1,2)\nrules nim\n\
                  position\nposition 6 6\nrules zero-move\nwinner\n";
    let out = Test::new().stdin(script).run().success();
    let text = &out.stdout;
    assert!(
        text.contains(
            "the position 3T 5T (zero-move) was cleared: its piles are not piles of wythoff"
        ),
        "{text}"
    );
    assert!(
        text.contains("the position (3,5) (1,2) (wythoff) was cleared"),
        "{text}"
    );
    assert!(!text.contains("position (nim): 0 1"), "{text}");
    // Token counts still carry over between rulesets of token counts: 6 6 in Nim is 6T 6T,
    // and g(6T) = 5 (even n ≥ 2: n − 1), so the nim-sum is 0.
    assert!(text.contains("position (zero-move): 6T 6T"), "{text}");
    assert!(text.contains("nim-sum 0"), "{text}");
}

#[test]
fn a_lesson_pinning_wythoff_starts_over_a_zero_move_position() {
    let out = Test::new()
        .stdin("position 3 5\nlesson start wythoff\n")
        .run()
        .success()
        .stdout_has("step 1 of");
    assert!(!out.stderr.contains("cannot be set"), "{}", out.stderr);
}
