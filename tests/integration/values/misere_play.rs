//! `winner`/`move --misere`: a ruleset played misère (the last mover loses), against a
//! game-tree search written here with Kayles' moves enumerated in plain Rust. Also that the
//! report says where misère Nim's rule, applied to normal-play values computed here by mex,
//! stops carrying over.

use std::collections::HashMap;

use crate::oracle::search::{self, canonical, kayles_row};
use crate::support::{Test, batch, index, str_of, u64_of};

/// Whether the player to move wins misère Kayles on `rows`, by the oracle's search.
fn misere_wins(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    search::misere_wins(rows, &|p: &[u64]| search::one_heap(p, kayles_row), memo)
}

/// Normal-play Kayles values by mex.
fn kayles_values(n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for state in 0..=n {
        let seen: Vec<u64> = kayles_row(state)
            .iter()
            .map(|l| l.iter().fold(0, |acc, &h| acc ^ g[index(h)]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn misere_kayles_agrees_with_search_and_the_moves_win() {
    let mut memo = HashMap::new();
    let g = kayles_values(10);
    let mut lines = Vec::new();
    let mut positions = Vec::new();
    for a in 1..=10u64 {
        for b in 0..=4u64 {
            let rows: Vec<u64> = [a, b].into_iter().filter(|&x| x > 0).collect();
            let words: Vec<String> = rows.iter().map(u64::to_string).collect();
            lines.push(format!(
                "move --misere --format json --rules octal:0.77 {}",
                words.join(" ")
            ));
            positions.push(rows);
        }
    }
    let mut disagreements = 0;
    for (rows, out) in positions.iter().zip(batch(&lines)) {
        let first = misere_wins(&canonical(rows.clone()), &mut memo);
        assert_eq!(str_of(&out["winner"]) == "first", first, "{rows:?}: {out}");
        // Misère Nim's rule on the values computed here.
        let values: Vec<u64> = rows.iter().map(|&r| g[index(r)]).collect();
        let rule_first = if values.iter().all(|&v| v <= 1) {
            values.iter().filter(|&&v| v == 1).count() % 2 == 0
        } else {
            values.iter().fold(0, |a, &v| a ^ v) != 0
        };
        assert_eq!(
            str_of(&out["by_nim_rule"]) == "first",
            rule_first,
            "{rows:?}"
        );
        if rule_first != first {
            disagreements += 1;
        }
        let mv = &out["move"];
        if !first {
            assert!(mv.is_null(), "{rows:?}: {out}");
            continue;
        }
        let i = usize::try_from(u64_of(&mv["pile"]) - 1).unwrap();
        let mut next = rows.clone();
        let from = next.remove(i);
        assert_eq!(from.to_string(), str_of(&mv["from"]));
        let leaves: Vec<u64> = str_of(&mv["to"])
            .split('+')
            .map(|x| x.parse().unwrap())
            .collect();
        let legal = kayles_row(from)
            .iter()
            .any(|l| canonical(l.clone()) == canonical(leaves.clone()));
        assert!(legal, "{rows:?}: {mv} is no Kayles move");
        next.extend(leaves);
        assert!(
            !misere_wins(&canonical(next), &mut memo),
            "{rows:?}: {mv} does not win"
        );
    }
    // Misère Kayles is where the rule stops carrying over (a single row of 8 or 9, by the
    // search above): the report must show some.
    assert!(disagreements > 0);
}

#[test]
fn misere_nim_by_search_agrees_with_boutons_rule_worked_by_hand() {
    // 1 1 1: three forced moves, the mover takes the last: lost. 2 2: mirror: lost.
    // 3 1: take all of 3, leaving 1 for the opponent to take last: won.
    for (piles, winner) in [
        (&["1", "1", "1"][..], "second"),
        (&["2", "2"], "second"),
        (&["3", "1"], "first"),
    ] {
        let out = Test::new()
            .args(["winner", "--misere", "--rules", "nim", "--format", "json"])
            .args(piles.iter().copied())
            .run()
            .success()
            .json();
        assert_eq!(str_of(&out["winner"]), winner, "{piles:?}");
    }
}

#[test]
fn misere_play_refuses_what_it_cannot_search() {
    Test::new()
        .args(["nimsum", "--misere", "3"])
        .run()
        .bad_input("--misere");
    Test::new()
        .args(["move", "--misere", "--rules", "nim", "1000000", "1000000"])
        .run()
        .code(2);
}

/// The comparison with misère Nim's rule is prose, filled to the 80 columns of a pipe rather
/// than left for the terminal to break mid-sentence.
#[test]
fn the_misere_report_fits_eighty_columns() {
    let out = Test::new()
        .args(["move", "--misere", "--rules", "octal:0.77", "8"])
        .run()
        .success();
    assert!(
        out.stdout.contains("it does not carry over here"),
        "{}",
        out.stdout
    );
    for line in out.stdout.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
}
