//! Mock Turtles (`--rules mock-turtles`) against the coin-turning game itself, searched here on
//! whole rows of coins as bitmasks: a move turns over one, two or three coins, the rightmost
//! from heads to tails. Values by mex over those moves; nothing of nimlab's definition is used.

use crate::support::{Test, batch, index, u64_of};

/// Coins in the row searched.
const ROW: u32 = 10;

/// g of every row of `ROW` coins (bit i: the coin at place i + 1 is heads), by mex, where a
/// move turns one heads coin to tails and up to `more` coins to its left either way.
pub(super) fn row_values(more: usize) -> Vec<u64> {
    let size = 1usize << ROW;
    let mut g = vec![0u64; size];
    // Every move lowers the mask (its top turned coin goes from 1 to 0), so increasing order.
    for mask in 0..size {
        let mut seen = Vec::new();
        for top in 0..ROW {
            if mask >> top & 1 == 0 {
                continue;
            }
            // The coins below `top` turned with it: every set of at most `more` of them.
            for below in 0..1usize << top {
                if below.count_ones() as usize <= more {
                    seen.push(g[mask ^ (1 << top) ^ below]);
                }
            }
        }
        g[mask] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

/// `rules`' values of the single coins 1..=ROW are `g`'s, and `winner` on every `step`-th row of
/// heads coins gives the row's own value as its nim-sum.
pub(super) fn agrees_with_rows(rules: &str, g: &[u64], step: usize) {
    let out = Test::new()
        .args([
            "grundy", "--rules", rules, "1..10", "--values", "--format", "json",
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
    let single: Vec<u64> = (0..ROW).map(|i| g[1 << i]).collect();
    assert_eq!(values, single, "{rules}");
    // Whole rows: nimlab's sum of heads coins against the row's own value.
    let masks: Vec<usize> = (1..1usize << ROW).step_by(step).collect();
    let lines: Vec<String> = masks
        .iter()
        .map(|&m| {
            let coins: Vec<String> = (0..ROW)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| (i + 1).to_string())
                .collect();
            format!("winner --format json --rules {rules} {}", coins.join(" "))
        })
        .collect();
    for (m, out) in masks.iter().zip(batch(&lines)) {
        assert_eq!(
            u64_of(&out["nim_sum"]),
            g[index(u64::try_from(*m).unwrap())],
            "{rules}: row {m:b}"
        );
    }
}

#[test]
fn mock_turtles_values_and_winners_agree_with_the_coin_row() {
    // Mock Turtles turns one, two or three coins.
    let g = row_values(2);
    // By hand: single coins are worth the odious numbers (an odd count of 1s in binary).
    let single: Vec<u64> = (0..6).map(|i| g[1 << i]).collect();
    assert_eq!(single, [1, 2, 4, 7, 8, 11]);
    agrees_with_rows("mock-turtles", &g, 7);
}
