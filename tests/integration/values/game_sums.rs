//! `winner`/`move` on a sum of different games, `wythoff(a,b) + lasker(n) + nim(h)`, against a
//! game-tree search of the whole sum written here: a position is the Wythoff pair, the Lasker
//! heaps (a split makes two) and the Nim heap; the player to move wins iff some move leaves a
//! position the opponent loses. No Sprague–Grundy value is used by the search.

use std::collections::HashMap;

use serde_json::Value;

use crate::support::{Test, batch, str_of, u64_of};

/// A position of the sum: Wythoff's pair, the Lasker heaps (sorted, no zeros), the Nim heap.
type Position = ((u64, u64), Vec<u64>, u64);

fn normal(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// Every position one move away.
fn moves(p: &Position) -> Vec<Position> {
    let ((a, b), lasker, h) = p;
    let mut out = Vec::new();
    // Wythoff: take from one heap, or the same from both.
    for k in 1..=*a {
        out.push(((a - k, *b), lasker.clone(), *h));
    }
    for k in 1..=*b {
        out.push(((*a, b - k), lasker.clone(), *h));
    }
    for k in 1..=(*a).min(*b) {
        out.push(((a - k, b - k), lasker.clone(), *h));
    }
    // Lasker: take any number from one heap, or split one into two non-empty heaps.
    for (i, &n) in lasker.iter().enumerate() {
        let rest: Vec<u64> = lasker
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &m)| m)
            .collect();
        for m in 0..n {
            let mut next = rest.clone();
            next.push(m);
            out.push(((*a, *b), normal(next), *h));
        }
        for x in 1..n {
            let mut next = rest.clone();
            next.extend([x, n - x]);
            out.push(((*a, *b), normal(next), *h));
        }
    }
    // Nim.
    for m in 0..*h {
        out.push(((*a, *b), lasker.clone(), m));
    }
    out
}

/// Whether the player to move wins, by search with a memo.
fn wins(p: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let w = moves(p).iter().any(|q| !wins(q, memo));
    memo.insert(p.clone(), w);
    w
}

/// `COMMAND --format json wythoff(a,b) + lasker(n) + nim(h)` for a in 0..=3, b up to `b_max`,
/// n up to `n_max` and h in `heaps`, each line with its position.
fn sums(command: &str, b_max: u64, n_max: u64, heaps: &[u64]) -> (Vec<String>, Vec<Position>) {
    let mut lines = Vec::new();
    let mut positions = Vec::new();
    for a in 0..=3 {
        for b in 0..=b_max {
            for n in 0..=n_max {
                for &h in heaps {
                    lines.push(format!(
                        "{command} --format json wythoff({a},{b}) + lasker({n}) + nim({h})"
                    ));
                    positions.push(((a, b), normal(vec![n]), h));
                }
            }
        }
    }
    (lines, positions)
}

#[test]
fn the_winner_and_the_move_of_a_sum_agree_with_a_search_of_the_whole_sum() {
    let mut memo = HashMap::new();
    let (lines, positions) = sums("move", 4, 6, &[0, 1, 2, 3, 4]);
    for (p, out) in positions.iter().zip(batch(&lines)) {
        let first = wins(p, &mut memo);
        let winner = str_of(&out["winner"]);
        assert_eq!(winner == "first", first, "{p:?}: {out}");
        let mv = &out["move"];
        if !first {
            assert!(mv.is_null(), "{p:?}: {out}");
            continue;
        }
        // The move named must be a move of the sum that leaves a lost position.
        let ((a, b), lasker, h) = p.clone();
        let to = str_of(&mv["to"]);
        let after: Position = match u64_of(&mv["component"]) {
            1 => {
                let pair: Vec<u64> = to
                    .trim_matches(|c| c == '(' || c == ')')
                    .split(',')
                    .map(|x| x.parse().unwrap())
                    .collect();
                ((pair[0], pair[1]), lasker, h)
            }
            2 => {
                let heaps = to.split('+').map(|x| x.parse().unwrap()).collect();
                ((a, b), normal(heaps), h)
            }
            3 => ((a, b), lasker, to.parse().unwrap()),
            other => panic!("{p:?}: component {other}"),
        };
        assert!(moves(p).contains(&after), "{p:?}: {to} is not a move");
        assert!(!wins(&after, &mut memo), "{p:?}: {to} does not win");
    }
}

/// Each component's value in the JSON of `winner`, `move` or `grundy` on a sum.
fn component_values(out: &Value) -> Vec<u64> {
    out["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| u64_of(&c["value"]))
        .collect()
}

/// The Grundy value of the whole sum, by mex over its options (no value of a component).
fn value(p: &Position, memo: &mut HashMap<Position, u64>) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let options: std::collections::HashSet<u64> = moves(p).iter().map(|q| value(q, memo)).collect();
    let g = (0..).find(|g| !options.contains(g)).expect("a gap");
    memo.insert(p.clone(), g);
    g
}

#[test]
fn grundy_of_a_sum_is_the_value_of_the_whole_sum() {
    // `grundy` on a sum written out gives each component's value and the sum's; the sum's is
    // checked against mex over the options of the whole sum, searched here.
    let mut memo = HashMap::new();
    let (lines, positions) = sums("grundy", 3, 5, &[0, 1, 2, 5]);
    for (p, out) in positions.iter().zip(batch(&lines)) {
        assert_eq!(u64_of(&out["value"]), value(p, &mut memo), "{p:?}: {out}");
        // Each component's own value, searched alone (the others empty).
        let ((a, b), lasker, h) = p.clone();
        let alone = [
            ((a, b), Vec::new(), 0),
            ((0, 0), lasker, 0),
            ((0, 0), Vec::new(), h),
        ];
        let values = component_values(&out);
        let searched: Vec<u64> = alone.iter().map(|q| value(q, &mut memo)).collect();
        assert_eq!(values, searched, "{p:?}: {out}");
    }
    // The text names the values and their XOR: Lasker(7) = 8, Wythoff(3,5) = 0, nim 4 = 4.
    Test::new()
        .args(["grundy", "wythoff(3,5)", "+", "lasker(7)", "+", "nim(4)"])
        .run()
        .success()
        .stdout_has("XOR of the values: 0 ⊕ 8 ⊕ 4 = 12")
        .stdout_has("the sum's value is 12");
}

#[test]
fn the_value_is_the_xor_of_the_components() {
    // Lasker(7) = 8 (its closed form: 4k+3 → 4k+4), Wythoff (3,5) = 0 (a P-position: 3 = ⌊φ·2⌋,
    // 5 = 3 + 2), Nim 4 = 4; 8 ⊕ 0 ⊕ 4 = 12.
    let out = Test::new()
        .args([
            "winner",
            "--format",
            "json",
            "wythoff(3,5) + lasker(7) + nim(4)",
        ])
        .run()
        .success()
        .json();
    assert_eq!(component_values(&out), [0, 8, 4]);
    assert_eq!(out["nim_sum"], Value::from(12));
}

#[test]
fn a_bare_pile_is_of_the_commands_rules_and_words_may_be_unquoted() {
    // subtract:1,2 has g(n) = n mod 3 by hand; 4 → 1, 5 → 2, nim 3 → 3: 1 ⊕ 2 ⊕ 3 = 0.
    Test::new()
        .args([
            "winner",
            "--rules",
            "subtract:1,2",
            "4",
            "+",
            "5",
            "+",
            "nim(3)",
        ])
        .run()
        .success()
        .stdout_has("the second player wins");
}

/// The components stand in a column with their values right-aligned: Lasker(17) = 17
/// (17 = 4·4 + 1, so its closed form gives 17), Wythoff (3,5) = 0, a Nim heap of 4 is 4.
#[test]
fn the_components_are_listed_in_a_column() {
    let out = Test::new()
        .args(["winner", "wythoff(3,5) + lasker(17) + nim(4)"])
        .run()
        .success();
    let rows: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains(" value "))
        .collect();
    assert_eq!(
        rows,
        [
            "  wythoff(3,5)  value  0",
            "  lasker(17)    value 17",
            "  nim(4)        value  4",
        ],
        "{}",
        out.stdout
    );
}

#[test]
fn bad_sums_are_one_line_naming_the_token() {
    Test::new()
        .args(["move", "foo(3) + 4"])
        .run()
        .bad_input("foo");
    Test::new()
        .args(["move", "lasker(7 + 4"])
        .run()
        .bad_input("lasker(7 + 4");
    Test::new().args(["move", "3 + + 4"]).run().bad_input("+");
    Test::new()
        .args(["move", "misere(3) + 4"])
        .run()
        .bad_input("misere");
    Test::new()
        .args(["move", "wythoff(3) + 4"])
        .run()
        .bad_input("(3)");
    Test::new()
        .args(["move", "lasker(99999999999999999999) + 4"])
        .run()
        .bad_input("99999999999999999999");
    Test::new().args(["move", "(3) + 4"]).run().code(2);
}
