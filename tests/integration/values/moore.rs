//! Moore's Nim_k (`--rules moore:K`) against an exhaustive search written here: a move lowers
//! at least one and at most K piles; the player to move wins iff some move leaves a position
//! the opponent loses. Nothing of Moore's theorem is used by the search.

use std::collections::HashMap;

use crate::oracle::search;
use crate::support::{Test, batch, str_of, u64_of};

/// Whether the player to move wins `piles` of Moore's Nim_k, by the oracle's search.
fn wins(k: usize, piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    search::wins(piles, &|p: &[u64]| search::moore(k, p), memo)
}

#[test]
fn winner_and_move_agree_with_exhaustive_search() {
    for k in 1..=3usize {
        let mut memo = HashMap::new();
        let mut lines = Vec::new();
        let mut positions = Vec::new();
        for a in 0..=5u64 {
            for b in 0..=5 {
                for c in 0..=4 {
                    for d in 0..=2 {
                        lines.push(format!(
                            "move --format json --rules moore:{k} {a} {b} {c} {d}"
                        ));
                        positions.push(vec![a, b, c, d]);
                    }
                }
            }
        }
        for (p, out) in positions.iter().zip(batch(&lines)) {
            let first = wins(k, p, &mut memo);
            assert_eq!(
                str_of(&out["winner"]) == "first",
                first,
                "k={k} {p:?}: {out}"
            );
            if !first {
                assert!(out["move"].is_null(), "{p:?}: {out}");
                continue;
            }
            let mut after = p.clone();
            for change in out["move"].as_array().unwrap() {
                let i = usize::try_from(u64_of(&change["pile"]) - 1).unwrap();
                assert_eq!(after[i], u64_of(&change["from"]), "{p:?}: {out}");
                after[i] = u64_of(&change["to"]);
            }
            assert!(
                search::moore(k, p).contains(&after),
                "k={k} {p:?} → {after:?} is no move"
            );
            assert!(
                !wins(k, &after, &mut memo),
                "k={k} {p:?} → {after:?} does not win"
            );
        }
    }
}

#[test]
fn moore_is_refused_where_piles_have_values_and_bad_input_is_named() {
    Test::new()
        .args(["grundy", "--rules", "moore:2", "5"])
        .run()
        .bad_input("moore:2");
    Test::new()
        .args(["move", "--rules", "moore:0", "5"])
        .run()
        .bad_input("moore:0");
    Test::new()
        .args(["move", "--rules", "moore:2", "5", "x"])
        .run()
        .bad_input("x");
    Test::new()
        .args(["move", "--rules", "moore:2", "18446744073709551616"])
        .run()
        .bad_input("18446744073709551616");
    // Hand-checked: three piles of 2^64 − 1 under moore:2 have 3 ones in every column.
    Test::new()
        .args([
            "winner",
            "--rules",
            "moore:2",
            "18446744073709551615",
            "18446744073709551615",
            "18446744073709551615",
        ])
        .run()
        .success()
        .stdout_has("the second player wins");
}

/// What a learner reads at 80 columns: the rule wrapped at spaces, counts in words (by hand:
/// piles 1 and 2 have one 1 in each of the columns 2 and 1).
#[test]
fn moore_text_fits_eighty_columns_and_counts_in_words() {
    let out = Test::new()
        .args(["winner", "--rules", "moore:2", "1", "2"])
        .run()
        .success()
        .stdout_has("  column 2: 1 one, 1 mod 3\n")
        .stdout_has("  column 1: 1 one, 1 mod 3\n");
    for line in out.stdout.lines() {
        assert!(
            line.chars().count() <= 80,
            "longer than 80 columns: {line:?}"
        );
    }
}
