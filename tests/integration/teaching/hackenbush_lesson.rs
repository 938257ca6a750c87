//! The lesson `hackenbush` walked as a learner walks it: every right answer is found here by
//! the game-tree search of `hackenbush.rs` (cut an edge, drop what falls, mex), on the
//! pictures each question describes drawn edge by edge — never from the lesson or nimlab.

use std::collections::BTreeMap;

use crate::teaching::course::{after_wrong, walk, yes_no};
use crate::values::hackenbush::{Drawing, value};

/// A trunk of `s` edges on the ground; returns the drawing and its top node.
fn trunk(s: usize) -> (Drawing, usize) {
    let mut d = Drawing {
        names: vec!["g".into()],
        edges: Vec::new(),
    };
    for i in 1..=s {
        d.names.push(i.to_string());
        d.edges.push((i - 1, i));
    }
    (d, s)
}

/// A chain of `n` new edges hanging from `from`.
fn hang(d: &mut Drawing, from: usize, n: usize) {
    let mut at = from;
    for _ in 0..n {
        let node = d.names.len();
        d.names.push(format!("n{node}"));
        d.edges.push((at, node));
        at = node;
    }
}

/// A trunk of `s` carrying arms of `a` and `b`.
fn tree(s: usize, a: usize, b: usize) -> Drawing {
    let (mut d, top) = trunk(s);
    hang(&mut d, top, a);
    hang(&mut d, top, b);
    d
}

/// A trunk of `s` carrying a cycle of `c` ≥ 2 edges through its top.
fn cycle_on(s: usize, c: usize) -> Drawing {
    let (mut d, top) = trunk(s);
    hang(&mut d, top, c - 1);
    let last = d.names.len() - 1;
    d.edges.push((last, top));
    d
}

/// Whether the sum of `parts` is lost for the player to move, by search of them side by side.
fn lost(parts: &[Drawing]) -> bool {
    value(&Drawing::union(parts).0) == 0
}

#[test]
fn hackenbush_walked_by_a_learner() {
    let stalk = |n| tree(n, 0, 0);
    let keep_on_3 = (0..=2)
        .find(|&k| lost(&[stalk(5), stalk(k), stalk(4)]))
        .expect("a winning cut");
    let keep_on_arm = (0..=1)
        .find(|&k| lost(&[tree(1, k, 3), stalk(3)]))
        .expect("a winning cut");
    let cycle_lost = lost(&[cycle_on(1, 3), stalk(2)]);
    let answers = BTreeMap::from([
        (
            "stalk",
            after_wrong("1", "A cut need not take the top edge", value(&stalk(6))),
        ),
        (
            "stalks-move",
            after_wrong("2", "If you meant cutting 2 edges away", keep_on_3),
        ),
        (
            "colon-guess",
            after_wrong("6", "6 is the number of edges", value(&tree(2, 1, 3))),
        ),
        (
            "square",
            after_wrong("4", "4 counts the edges", value(&cycle_on(0, 4))),
        ),
        (
            "fusion-guess",
            after_wrong("5", "3 loops worth 1 ⊕ 1 ⊕ 1 = 1", value(&cycle_on(2, 3))),
        ),
        (
            "ex-tree",
            after_wrong("7", "7 counts the edges", value(&tree(3, 2, 2))),
        ),
        (
            "ex-cut",
            after_wrong("0", "1(0,3) is a stalk of 4", keep_on_arm),
        ),
        (
            "ex-cycle",
            after_wrong(
                yes_no(!cycle_lost),
                "the same as the stalk",
                yes_no(cycle_lost),
            ),
        ),
    ]);
    let seen = walk("hackenbush", &answers);
    // The run steps show nimlab's working for the pictures asked about.
    for shown in [
        "hackenbush 2(1,3): value 4",
        "g({g,a,b}) = 3 loops = 1",
        "winning move: cut the edge",
    ] {
        assert!(seen.contains(shown), "{shown}:\n{seen}");
    }
}
