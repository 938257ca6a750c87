//! Ruler (`--rules ruler`) against the coin-turning game itself, searched here on whole rows of
//! coins as bitmasks: a move turns over any run of consecutive coins whose rightmost coin is
//! heads. Values by mex over those moves; nothing of nimlab's definition is used. By hand
//! (Winning Ways), a single heads coin at place n has the value of the largest power of two
//! dividing n: 1, 2, 1, 4, 1, 2, 1, 8.

use crate::support::{JsonRepl, Test, batch, index, str_of, u64_of};

/// Coins in the row searched.
const ROW: u32 = 12;

/// g of every row of `ROW` coins (bit i: the coin at place i + 1 is heads), by mex.
fn row_values() -> Vec<u64> {
    let size = 1usize << ROW;
    let mut g = vec![0u64; size];
    // Every move lowers the mask (its rightmost turned coin goes from 1 to 0, the others are
    // below it), so increasing order values each option first.
    for mask in 0..size {
        let mut seen = Vec::new();
        for top in 0..ROW {
            if mask >> top & 1 == 0 {
                continue;
            }
            for low in 0..=top {
                // Turn the coins at places low + 1 ..= top + 1.
                let run = (1usize << (top + 1)) - (1usize << low);
                seen.push(g[mask ^ run]);
            }
        }
        g[mask] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

/// The row holding a heads coin at each place of `heaps` (two at one place cancel: a sum of
/// a game with itself is 0, as turning a coin twice leaves it as it was).
fn mask_of(heaps: &[u64]) -> usize {
    heaps
        .iter()
        .filter(|&&h| h > 0)
        .fold(0, |m, &h| m ^ (1usize << (h - 1)))
}

/// The heaps a position's JSON lists.
fn heaps_of(piles: &serde_json::Value) -> Vec<u64> {
    piles
        .as_array()
        .expect("piles")
        .iter()
        .map(|p| str_of(p).parse().expect("a heap"))
        .collect()
}

#[test]
fn single_coins_agree_with_the_coin_row_and_the_ruler_to_64() {
    let g = row_values();
    let single: Vec<u64> = (0..ROW).map(|i| g[1 << i]).collect();
    // By hand: the largest power of two dividing n, for n = 1..12.
    assert_eq!(single, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]);
    let out = Test::new()
        .args([
            "grundy", "--rules", "ruler", "0..64", "--values", "--format", "json",
        ])
        .run()
        .success()
        .json();
    let values: Vec<u64> = out["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| u64_of(&row["grundy"]))
        .collect();
    assert_eq!(values[1..=12], single);
    // The closed form checked by hand above: 2 to the number of trailing zero bits of n.
    let ruler: Vec<u64> = (0..=64u64)
        .map(|n| if n == 0 { 0 } else { 1 << n.trailing_zeros() })
        .collect();
    assert_eq!(values, ruler);
}

#[test]
fn every_row_of_twelve_coins_has_the_value_and_winner_of_the_search() {
    let g = row_values();
    let masks: Vec<usize> = (1..1usize << ROW).collect();
    let lines: Vec<String> = masks
        .iter()
        .map(|&m| {
            let coins: Vec<String> = (0..ROW)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| (i + 1).to_string())
                .collect();
            format!("winner --format json --rules ruler {}", coins.join(" "))
        })
        .collect();
    for (m, out) in masks.iter().zip(batch(&lines)) {
        let want = g[*m];
        assert_eq!(u64_of(&out["nim_sum"]), want, "row {m:b}");
        let winner = if want == 0 { "second" } else { "first" };
        assert_eq!(str_of(&out["winner"]), winner, "row {m:b}");
    }
}

#[test]
fn a_winning_move_leaves_a_row_the_search_says_is_lost() {
    let g = row_values();
    // The brief's position, then every won position of up to three coins on 12 places.
    let mut positions: Vec<Vec<u64>> = vec![vec![3, 5, 6]];
    for a in 1..=u64::from(ROW) {
        for b in a..=u64::from(ROW) {
            for c in b..=u64::from(ROW) {
                if g[mask_of(&[a, b, c])] != 0 {
                    positions.push(vec![a, b, c]);
                }
            }
        }
    }
    let lines: Vec<String> = positions
        .iter()
        .map(|p| {
            let p: Vec<String> = p.iter().map(u64::to_string).collect();
            format!("move --format json --rules ruler {}", p.join(" "))
        })
        .collect();
    let mut splits = 0;
    for (position, out) in positions.iter().zip(batch(&lines)) {
        let mv = &out["move"];
        assert!(mv.is_object(), "{position:?}: no move in {out}");
        let pile = index(u64_of(&mv["pile"])) - 1;
        assert_eq!(str_of(&mv["from"]), position[pile].to_string());
        let left: Vec<u64> = str_of(&mv["to"])
            .split('+')
            .map(|h| h.parse().expect("a heap"))
            .collect();
        splits += usize::from(left.len() > 1);
        // What the move leaves of the pile is a run below it: places k..from - 1.
        let from = position[pile];
        if left != [0] {
            let k = left[0];
            assert_eq!(left, (k..from).collect::<Vec<_>>(), "{position:?}: {mv}");
        }
        let mut after = position.clone();
        after.remove(pile);
        after.extend(left);
        assert_eq!(
            g[mask_of(&after)],
            0,
            "{position:?} → {after:?} is not lost"
        );
    }
    assert!(
        splits > 0,
        "some winning move leaves a run of two or more heaps"
    );
}

#[test]
fn play_types_a_move_leaving_four_heaps_and_undoes_it() {
    let mut repl = JsonRepl::start();
    let start = repl.send("play --rules ruler 8 3");
    assert_eq!(start["piles"], serde_json::json!(["8", "3"]));
    // Turning the coins at places 4..8 leaves heads coins 4, 5, 6, 7 and 3.
    let moved = repl.send("1 -> 7+5+6+4");
    let first = &moved["events"][0];
    assert_eq!(first["side"], "learner", "{moved}");
    assert_eq!(first["move"]["to"], "4+5+6+7", "{moved}");
    // The search's value of 4+5+6+7+3 is not 0, so the computer has a winning reply.
    assert_ne!(row_values()[mask_of(&[4, 5, 6, 7, 3])], 0);
    let reply = moved["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["side"] == "computer")
        .unwrap_or_else(|| panic!("no reply in {moved}"));
    let after = heaps_of(&reply["piles"]);
    assert_eq!(row_values()[mask_of(&after)], 0, "{moved}");
    let undone = repl.send("undo");
    assert_eq!(undone["events"][0]["event"], "undo", "{undone}");
    assert_eq!(undone["piles"], serde_json::json!(["8", "3"]), "{undone}");
    assert_eq!(undone["to_move"], "learner");
    let three = repl.send("1 -> 5+6+7");
    assert_eq!(three["events"][0]["move"]["to"], "5+6+7", "{three}");
}

#[test]
fn heaps_that_are_not_a_run_below_the_coin_are_not_a_move() {
    let script = "play --rules ruler 8 3\n1 -> 2+5+7\n";
    Test::new()
        .stdin(script)
        .run()
        .code(2)
        .stderr_has("cannot become 2+5+7 in ruler; it can become 1+2+3+4+5+6+7,");
}

#[test]
fn a_run_in_the_game_language_is_empty_backwards_and_refused_when_huge() {
    // [n..n - 1] and [3..2] are empty: from n ≥ 1 every option leaves nothing, so g = 1.
    let script = "game empty(n) = if n = 0 then {} else {[n..n - 1], [3..2]}\n\
                  grundy 0..5 --values\n";
    let out = Test::new()
        .args(["--format", "json"])
        .stdin(script)
        .run()
        .success();
    let lines = out.json_lines();
    let values: Vec<u64> = lines.last().expect("a table")["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| u64_of(&r["grundy"]))
        .collect();
    assert_eq!(values, [0, 1, 1, 1, 1, 1]);
    // A run of 2^64 heaps is charged before it is built: refused by the work budget.
    let script = "game huge(n) = {[0..18446744073709551615] : k in 1..min(n, 1)}\n";
    Test::new()
        .stdin(script)
        .run()
        .code(2)
        .stderr_has("valuing `huge` by mex up to 20 would take too long")
        .stderr_has("reached at g(0)");
    // A run longer than the state is refused with its length, not built.
    let script = "game long(n) = {[1..n * 1000] : k in 1..min(n, 1)}\n";
    Test::new()
        .stdin(script)
        .run()
        .code(2)
        .stderr_has("the run 1..1000 holds 1000 heaps, but an option's heaps are states below 1");
}

#[test]
fn rules_ruler_prints_its_definition() {
    Test::new()
        .args(["rules", "ruler"])
        .run()
        .success()
        .stdout_has("game ruler(n) = {[k..n - 1] : k in 1..n}");
}

/// The coins a move's words name: `(turn coin 6)`, `(turn coins 2..6)`, `(turn coins 2 and
/// 6)`, `(turn coins 1, 3 and 6)`.
fn coins_named(text: &str) -> Vec<u64> {
    let start = text.find("(turn coin").expect("a coin turn named") + 1;
    let phrase = &text[start..start + text[start..].find(')').expect("a closing parenthesis")];
    let list = phrase
        .trim_start_matches("turn coins ")
        .trim_start_matches("turn coin ");
    if let Some((a, b)) = list.split_once("..") {
        let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
        return (a..=b).collect();
    }
    list.replace(" and ", ", ")
        .split(", ")
        .map(|c| c.parse().expect("a place"))
        .collect()
}

#[test]
fn a_move_names_the_coins_it_turns_and_turning_them_leaves_a_lost_row() {
    let g = row_values();
    for position in [
        vec![6],
        vec![4, 6, 3],
        vec![3, 5, 6],
        vec![12],
        vec![7, 9, 12],
    ] {
        let words: Vec<String> = position.iter().map(u64::to_string).collect();
        let out = Test::new()
            .args(["move", "--rules", "ruler"])
            .args(&words)
            .run()
            .success();
        let coins = coins_named(&out.stdout);
        // A run of consecutive places whose rightmost coin shows heads.
        let (low, high) = (coins[0], *coins.last().unwrap());
        assert_eq!(coins, (low..=high).collect::<Vec<_>>(), "{position:?}");
        let row = mask_of(&position);
        assert_eq!(
            row >> (high - 1) & 1,
            1,
            "{position:?}: coin {high} is tails"
        );
        let turned = coins.iter().fold(row, |m, &c| m ^ (1usize << (c - 1)));
        assert_eq!(g[turned], 0, "{position:?}: turning {coins:?} does not win");
        assert!(!out.stdout.contains("take"), "{}", out.stdout);
    }
}
