//! The lesson `chomp` walked as a learner walks it, and the library game `chomp` against the
//! game itself: a board is a set of squares (row, column), a move eats a square other than the
//! poisoned (0, 0) with every square above and to its right, and a player facing the poison
//! alone has lost — searched here on bitmasks of squares, sharing nothing with nimlab.

use std::collections::{BTreeMap, HashMap};

use crate::support::Test;
use crate::teaching::course::{after_wrong, walk, yes_no};

const COLUMNS: u32 = 16;

/// The board with rows of `lengths` from the bottom, as a bitmask: bit row * COLUMNS + column.
fn board(lengths: &[u32]) -> u64 {
    let mut mask = 0;
    for (row, &len) in lengths.iter().enumerate() {
        for column in 0..len {
            mask |= 1 << (u32::try_from(row).expect("a few rows") * COLUMNS + column);
        }
    }
    mask
}

struct Chomp {
    memo: HashMap<u64, bool>,
}

impl Chomp {
    /// Every board one bite leaves.
    fn options(mask: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for bit in 1..64 {
            if mask & (1 << bit) == 0 {
                continue;
            }
            let (row, column) = (bit / COLUMNS, bit % COLUMNS);
            let mut left = mask;
            for b in 0..64 {
                if b / COLUMNS >= row && b % COLUMNS >= column {
                    left &= !(1u64 << b);
                }
            }
            out.push(left);
        }
        out
    }

    fn wins(&mut self, mask: u64) -> bool {
        if let Some(&w) = self.memo.get(&mask) {
            return w;
        }
        let w = Self::options(mask).into_iter().any(|o| !self.wins(o));
        self.memo.insert(mask, w);
        w
    }
}

#[test]
fn the_library_game_is_chomp() {
    let mut chomp = Chomp {
        memo: HashMap::new(),
    };
    let mut lines = Vec::new();
    let mut expected = Vec::new();
    for a in 1..=6 {
        for b in 0..=a {
            for c in 0..=b {
                lines.push(format!("= lost(chomp, ({a}, {b}, {c}))"));
                expected.push(yes_no(!chomp.wins(board(&[a, b, c]))) == "yes");
            }
        }
    }
    let out = Test::new().stdin(lines.join("\n")).run().success();
    let got: Vec<bool> = out.stdout.lines().map(|l| l == "true").collect();
    assert_eq!(got, expected, "{}", out.stdout);
}

#[test]
fn chomp_walked_by_a_learner() {
    let mut chomp = Chomp {
        memo: HashMap::new(),
    };
    let mut lost = |lengths: &[u32]| !chomp.wins(board(lengths));
    // Strategy stealing's conclusion on the rectangles the lesson claims.
    for n in 2..=12 {
        assert!(!lost(&[n, n, n]) && !lost(&[n, n]), "{n}");
    }
    let r_2 = (0..=1).find(|&r| lost(&[2, r])).expect("a winning move");
    let r_3 = (0..=2).find(|&r| lost(&[3, r, r])).expect("a winning move");
    // The 3 × 4 board: every winning move, by brute force over all bites.
    let winning: Vec<u64> = Chomp::options(board(&[4, 4, 4]))
        .into_iter()
        .filter(|&o| !chomp.wins(o))
        .collect();
    assert_eq!(winning.len(), 1, "one winning move");
    let j = (0..=3)
        .find(|&j| board(&[4, j, j]) == winning[0])
        .expect("the move cuts the middle row");
    let first = |lost: bool| if lost { "second" } else { "first" };
    let mut lost = |lengths: &[u32]| !chomp.wins(board(lengths));
    let answers = BTreeMap::from([
        (
            "two-by-two",
            after_wrong("0", "That eats the whole top row", r_2),
        ),
        (
            "square-move",
            after_wrong("0", "That eats two whole rows", r_3),
        ),
        (
            "three-by-four",
            after_wrong("1", "That is the 3 × 3 board's answer", j),
        ),
        (
            "ex-two-rows",
            after_wrong(
                yes_no(!lost(&[5, 4])),
                "(a, a − 1) is lost",
                yes_no(lost(&[5, 4])),
            ),
        ),
        (
            "ex-l",
            after_wrong(
                first(!lost(&[4, 1, 1])),
                "Unequal arms are a first-player win",
                first(lost(&[4, 1, 1])),
            ),
        ),
    ]);
    walk("chomp", &answers);
}
