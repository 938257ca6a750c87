//! Turning Turtles (`--rules turning-turtles`) against the coin-turning game itself, searched
//! here on whole rows of coins as bitmasks: a move turns over one or two coins, the rightmost
//! from heads to tails. Values by mex over those moves; nothing of nimlab's definition is used.
//! By hand, a single heads coin at place n is then a Nim heap of n.

use super::coin_turning::{agrees_with_rows, row_values};

#[test]
fn turning_turtles_values_and_winners_agree_with_the_coin_row() {
    // Turning Turtles turns one or two coins.
    let g = row_values(1);
    let single: Vec<u64> = (0..10).map(|i| g[1 << i]).collect();
    // By hand: the coin at place n is a Nim heap of n.
    assert_eq!(single, (1..=10).collect::<Vec<u64>>());
    agrees_with_rows("turning-turtles", &g, 5);
}
