//! Staircase Nim on any number of steps (`--rules staircase 3 1 4 1` or `'(3,1,4,1)'`) against
//! an exhaustive search written here; the search also checks the theorem the lesson teaches,
//! that staircase Nim is Nim on the odd steps.

use std::collections::HashMap;

use crate::support::{Test, batch, str_of};

fn moves(s: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for step in 0..s.len() {
        for k in 1..=s[step] {
            let mut t = s.to_vec();
            t[step] -= k;
            if step > 0 {
                t[step - 1] += k;
            }
            out.push(t);
        }
    }
    out
}

fn wins(s: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(s) {
        return w;
    }
    let w = moves(s).iter().any(|t| !wins(t, memo));
    memo.insert(s.to_vec(), w);
    w
}

/// Every staircase of `steps` steps with at most `most` coins on each.
fn staircases(steps: usize, most: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..steps {
        all = all
            .into_iter()
            .flat_map(|s: Vec<u64>| {
                (0..=most).map(move |c| {
                    let mut t = s.clone();
                    t.push(c);
                    t
                })
            })
            .collect();
    }
    all
}

#[test]
fn any_number_of_steps_agrees_with_search_and_the_move_wins() {
    let mut memo = HashMap::new();
    let mut lines = Vec::new();
    let mut positions = Vec::new();
    for (steps, most) in [(1, 4), (2, 3), (3, 2), (5, 1), (6, 1)] {
        for s in staircases(steps, most) {
            let words: Vec<String> = s.iter().map(u64::to_string).collect();
            // Both spellings: the words, and the tuple.
            lines.push(format!(
                "move --format json --rules staircase {}",
                words.join(" ")
            ));
            positions.push(s.clone());
            lines.push(format!(
                "winner --format json --rules staircase ({})",
                words.join(",")
            ));
            positions.push(s);
        }
    }
    for (s, out) in positions.iter().zip(batch(&lines)) {
        let first = wins(s, &mut memo);
        // The theorem, checked by the search: Nim on steps 1, 3, 5, ….
        let odd = s.iter().step_by(2).fold(0, |a, &c| a ^ c);
        assert_eq!(first, odd != 0, "{s:?}");
        let Some(mv) = out.get("move") else {
            assert_eq!(str_of(&out["winner"]) == "first", first, "{s:?}: {out}");
            continue;
        };
        assert_eq!(!mv.is_null(), first, "{s:?}: {out}");
        if mv.is_null() {
            continue;
        }
        let to: Vec<u64> = str_of(&mv["to"])
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(moves(s).contains(&to), "{s:?} → {to:?} is no move");
        assert!(!wins(&to, &mut memo), "{s:?} → {to:?} does not win");
    }
}

#[test]
fn bad_staircases_are_refused_by_name() {
    Test::new()
        .args(["winner", "--rules", "staircase", "()"])
        .run()
        .bad_input("()");
    Test::new()
        .args(["winner", "--rules", "staircase", "3", "x"])
        .run()
        .bad_input("x");
    Test::new()
        .args(["winner", "--rules", "staircase", "(18446744073709551615,1)"])
        .run()
        .code(2);
    // Too many states to search: refused, not a hang.
    Test::new()
        .args(["winner", "--rules", "staircase", "(50,50,50,50)"])
        .run()
        .code(2);
    let long = vec!["1"; 65].join(",");
    Test::new()
        .args(["winner", "--rules", "staircase", &format!("({long})")])
        .run()
        .code(2);
}
