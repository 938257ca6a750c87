//! Mock Turtles (`--rules mock-turtles`) against the coin-turning game itself, searched here on
//! whole rows of coins as bitmasks: a move turns over one, two or three coins, the rightmost
//! from heads to tails. Values by mex over those moves; nothing of nimlab's definition is used.

use crate::support::{Test, batch, index, u64_of};

/// Coins in the row searched.
const ROW: u32 = 10;

/// g of every row of `ROW` coins (bit i: the coin at place i + 1 is heads), by mex.
fn row_values() -> Vec<u64> {
    let size = 1usize << ROW;
    let mut g = vec![0u64; size];
    // Every move lowers the mask (its top turned coin goes from 1 to 0), so increasing order.
    for mask in 0..size {
        let mut seen = Vec::new();
        for top in 0..ROW {
            if mask >> top & 1 == 0 {
                continue;
            }
            let turned = mask ^ (1 << top);
            seen.push(g[turned]);
            for a in 0..top {
                seen.push(g[turned ^ (1 << a)]);
                for b in a + 1..top {
                    seen.push(g[turned ^ (1 << a) ^ (1 << b)]);
                }
            }
        }
        g[mask] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

#[test]
fn mock_turtles_values_and_winners_agree_with_the_coin_row() {
    let g = row_values();
    let out = Test::new()
        .args([
            "grundy",
            "--rules",
            "mock-turtles",
            "1..10",
            "--values",
            "--format",
            "json",
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
    assert_eq!(values, single);
    // Whole rows: nimlab's sum of heads coins against the row's own value.
    let masks: Vec<usize> = (1..1usize << ROW).step_by(7).collect();
    let lines: Vec<String> = masks
        .iter()
        .map(|&m| {
            let coins: Vec<String> = (0..ROW)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| (i + 1).to_string())
                .collect();
            format!(
                "winner --format json --rules mock-turtles {}",
                coins.join(" ")
            )
        })
        .collect();
    for (m, out) in masks.iter().zip(batch(&lines)) {
        assert_eq!(
            u64_of(&out["nim_sum"]),
            g[index(u64::try_from(*m).unwrap())],
            "row {m:b}"
        );
    }
}
