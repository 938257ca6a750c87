//! Welter's game (`--rules welter 1 4 6` or `'(1,4,6)'`): coins on squares of a strip, at most
//! one a square, a move sliding one coin down to an empty square. Its values are checked
//! against a mex over explicit options written here from the rules, its winning moves against
//! the same search, and the lesson's fact that it is not the nim-sum of the squares.

use std::collections::{BTreeSet, HashMap};

use crate::support::{Test, batch, str_of, u64_of};

/// The positions one move away: each coin to each empty square below it.
fn moves(s: &BTreeSet<u64>) -> Vec<BTreeSet<u64>> {
    let mut out = Vec::new();
    for &coin in s {
        for below in 0..coin {
            if !s.contains(&below) {
                let mut t = s.clone();
                t.remove(&coin);
                t.insert(below);
                out.push(t);
            }
        }
    }
    out
}

/// The Grundy value by mex over the options' values.
fn grundy(s: &BTreeSet<u64>, memo: &mut HashMap<BTreeSet<u64>, u64>) -> u64 {
    if let Some(&g) = memo.get(s) {
        return g;
    }
    let seen: BTreeSet<u64> = moves(s).iter().map(|t| grundy(t, memo)).collect();
    let g = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(s.clone(), g);
    g
}

/// Every set of `k` squares in 0..=`top`.
fn strips(k: usize, top: u64) -> Vec<BTreeSet<u64>> {
    let mut all = vec![BTreeSet::new()];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|s: BTreeSet<u64>| {
                let from = s.last().map_or(0, |&m| m + 1);
                (from..=top).map(move |c| {
                    let mut t = s.clone();
                    t.insert(c);
                    t
                })
            })
            .collect();
    }
    all
}

fn written(s: &BTreeSet<u64>) -> Vec<String> {
    s.iter().map(u64::to_string).collect()
}

#[test]
fn values_and_winning_moves_agree_with_search() {
    let mut memo = HashMap::new();
    let mut lines = Vec::new();
    let mut positions = Vec::new();
    for (k, top) in [(1, 6), (2, 7), (3, 7), (4, 6)] {
        for s in strips(k, top) {
            let words = written(&s);
            // The value in an expression, the coins in any order (an expression reads `(5)` as
            // the number 5, so one coin is asked by `move` alone).
            if k > 1 {
                let mut backwards = words.clone();
                backwards.reverse();
                lines.push(format!(
                    "= --format json g(welter, ({}))",
                    backwards.join(",")
                ));
                positions.push(s.clone());
            }
            lines.push(format!(
                "move --format json --rules welter {}",
                words.join(" ")
            ));
            positions.push(s);
        }
    }
    let mut zero_but_not_nim = 0;
    for (s, out) in positions.iter().zip(batch(&lines)) {
        let g = grundy(s, &mut memo);
        if let Some(value) = out.get("value") {
            assert_eq!(u64_of(value), g, "{s:?}");
            let nim_sum = s.iter().fold(0, |a, &c| a ^ c);
            if g == 0 && nim_sum != 0 {
                zero_but_not_nim += 1;
            }
            continue;
        }
        let mv = &out["move"];
        assert_eq!(!mv.is_null(), g != 0, "{s:?}: {out}");
        if mv.is_null() {
            continue;
        }
        let to: BTreeSet<u64> = str_of(&mv["to"])
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(moves(s).contains(&to), "{s:?} → {to:?} is no move");
        assert_eq!(grundy(&to, &mut memo), 0, "{s:?} → {to:?} does not win");
    }
    // Welter's game is not Nim on the squares: some positions are lost although their
    // squares' nim-sum is not 0 ({1, 4, 6}: 1 ⊕ 4 ⊕ 6 = 3, yet every move leaves a win).
    assert!(zero_but_not_nim > 0);
    assert_eq!(grundy(&BTreeSet::from([1, 4, 6]), &mut memo), 0);
}

/// With no state named, the table lists the sets of three squares up to 3, each once: by hand,
/// (0,1,2) has no move (0); (0,1,3) moves only to (0,1,2) (1); (0,2,3) to (0,1,3) or (0,1,2)
/// (2); (1,2,3) to all three (3).
#[test]
fn the_table_lists_each_set_once() {
    let out = Test::new()
        .args(["--format", "json", "grundy", "--rules", "welter"])
        .run()
        .success();
    let rows: Vec<(String, u64)> = out.json()["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| (str_of(&r["state"]).to_string(), u64_of(&r["grundy"])))
        .collect();
    let expected = [
        ("(0,1,2)", 0),
        ("(0,1,3)", 1),
        ("(0,2,3)", 2),
        ("(1,2,3)", 3),
    ];
    assert_eq!(
        rows,
        expected.map(|(s, g)| (s.to_string(), g)),
        "{}",
        out.stdout
    );
}

#[test]
fn bad_strips_are_refused_by_name() {
    // Two coins on one square: one line naming the strip and what a strip is.
    let out = Test::new()
        .args(["winner", "--rules", "welter", "2", "5", "2"])
        .run()
        .bad_input("(2,5,2)");
    assert!(out.stderr.contains("none of them twice"), "{}", out.stderr);
    Test::new()
        .args(["winner", "--rules", "welter", "3", "x"])
        .run()
        .bad_input("x");
    // Too many states to search: refused at once, not a hang.
    Test::new()
        .args([
            "winner", "--rules", "welter", "100", "200", "300", "400", "500",
        ])
        .run()
        .code(2);
}
