//! The Tartan theorem for two-dimensional coin turning: in the product G × H of two
//! coin-turning games, a move picks a move of G whose rightmost coin is x and one of H whose
//! rightmost coin is y, and turns every coin of the product of the two sets, the coin (x, y)
//! from heads to tails. A heads coin at (x, y) is then worth g_G(x) ⊗ g_H(y), a nim product.
//! Checked here on whole boards searched as bitmasks — Turning Turtles × Turning Turtles and
//! Mock Turtles × Turning Turtles — against nimlab's own values of the two 1-D games,
//! multiplied with `⊗` in an expression. Nothing of nimlab's definitions is used in the search.

use crate::support::Test;

/// The sets of places a move of the 1-D game turns whose rightmost coin is `x` (1-based).
type Turns = fn(u32) -> Vec<Vec<u32>>;

/// Turning Turtles: the coin alone, or with one coin to its left.
fn turning_turtles(x: u32) -> Vec<Vec<u32>> {
    let mut out = vec![vec![x]];
    out.extend((1..x).map(|a| vec![a, x]));
    out
}

/// Mock Turtles: the coin alone, or with one or two coins to its left.
fn mock_turtles(x: u32) -> Vec<Vec<u32>> {
    let mut out = turning_turtles(x);
    for a in 1..x {
        for b in a + 1..x {
            out.push(vec![a, b, x]);
        }
    }
    out
}

/// g of every board of `cols` × `rows` coins (bit (y-1)·cols + (x-1): the coin at column x,
/// row y is heads) in the product game, by mex. Every other coin a move turns lies before
/// (x, y) in that order, so each move lowers the mask: increasing order works.
fn board_values(g: Turns, h: Turns, cols: u32, rows: u32) -> Vec<u64> {
    let bit = |x: u32, y: u32| 1usize << ((y - 1) * cols + (x - 1));
    let size = 1usize << (cols * rows);
    let mut value = vec![0u64; size];
    for mask in 0..size {
        let mut seen = Vec::new();
        for y in 1..=rows {
            for x in 1..=cols {
                if mask & bit(x, y) == 0 {
                    continue;
                }
                for a in g(x) {
                    for b in h(y) {
                        let mut next = mask;
                        for &i in &a {
                            for &j in &b {
                                next ^= bit(i, j);
                            }
                        }
                        seen.push(value[next]);
                    }
                }
            }
        }
        value[mask] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    value
}

/// nimlab's g_G(x) ⊗ g_H(y) for every coin of the board, by `=` expressions in one script.
fn nimlab_products(g: &str, h: &str, cols: u32, rows: u32) -> Vec<Vec<u64>> {
    let mut script = String::new();
    for y in 1..=rows {
        for x in 1..=cols {
            script.push_str(&format!("= g({g}, {x}) ⊗ g({h}, {y})\n"));
        }
    }
    let out = Test::new().stdin(script).run().success();
    let numbers: Vec<u64> = out
        .stdout
        .lines()
        .map(|l| l.trim().parse().expect("a number"))
        .collect();
    numbers.chunks(cols as usize).map(<[u64]>::to_vec).collect()
}

fn check(g: (&str, Turns), h: (&str, Turns), cols: u32, rows: u32) {
    let board = board_values(g.1, h.1, cols, rows);
    let products = nimlab_products(g.0, h.0, cols, rows);
    for (mask, &value) in board.iter().enumerate() {
        let mut xor = 0;
        for y in 1..=rows {
            for x in 1..=cols {
                if mask >> ((y - 1) * cols + (x - 1)) & 1 == 1 {
                    xor ^= products[(y - 1) as usize][(x - 1) as usize];
                }
            }
        }
        assert_eq!(value, xor, "{} × {}: board {mask:b}", g.0, h.0);
    }
}

#[test]
fn turning_turtles_squared_is_the_nim_product_of_the_places() {
    // By hand: x ⊗ y on the places; (2, 2) is 2 ⊗ 2 = 3, (2, 3) is 2 ⊗ 3 = 1.
    let board = board_values(turning_turtles, turning_turtles, 4, 4);
    assert_eq!(board[1 << (4 + 1)], 3);
    assert_eq!(board[1 << (2 * 4 + 1)], 1);
    check(
        ("turning-turtles", turning_turtles),
        ("turning-turtles", turning_turtles),
        4,
        4,
    );
}

#[test]
fn mock_turtles_times_turning_turtles_is_the_nim_product_of_their_values() {
    check(
        ("mock-turtles", mock_turtles),
        ("turning-turtles", turning_turtles),
        4,
        3,
    );
}
