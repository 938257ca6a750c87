//! The lesson `kayles` walked as a learner walks it. Every right answer comes from Kayles
//! valued here by mex over explicit options (`brute_octal`), and from whole positions played
//! out by search — including the guess of a period from the first twenty values and the first
//! place where it fails.

use std::collections::{BTreeMap, BTreeSet};

use crate::oracle::brute_octal::Octal;
use crate::teaching::course::{after_wrong, after_wrongs, right, walk};

#[test]
fn kayles_walked_by_a_learner() {
    let mut kayles = Octal::new("0.77");
    let mut no_splits = Octal::new("0.33");
    let g: Vec<u64> = (0..=1000).map(|n| kayles.grundy(n)).collect();
    let options_5: BTreeSet<u64> = kayles
        .moves(5)
        .iter()
        .map(|heaps| {
            heaps
                .iter()
                .fold(0, |x, &h| x ^ g[crate::support::index(h)])
        })
        .collect();
    let set = |s: &BTreeSet<u64>| {
        let items: Vec<String> = s.iter().map(u64::to_string).collect();
        format!("{{{}}}", items.join(", "))
    };
    // The guess: the smallest p with g(n + p) = g(n) for 4 ≤ n ≤ 19 − p, within the first
    // twenty values; and the first n ≥ 4 past which it fails.
    let period = (1..=15usize)
        .find(|&p| (4..=19usize.saturating_sub(p)).all(|n| g[n + p] == g[n]))
        .expect("a period that fits");
    let fails = (4..=100usize)
        .find(|&n| g[n + period] != g[n])
        .expect("the guess fails");
    assert_eq!(period, 12, "the lesson says the guess is 12");
    // The true period starts later than the failure.
    assert!((71..=1000 - 12).all(|n| g[n + 12] == g[n]) && g[70 + 12] != g[70]);
    // Which split of 7 beside a row of 4 is lost for the opponent: the smaller part.
    let split = (1..=3u64)
        .flat_map(|a| [(a, 5 - a), (a, 6 - a)])
        .filter(|&(a, b)| a <= b && b > 0)
        .filter(|&(a, b)| !kayles.first_wins(&[a, b, 4]))
        .map(|(a, _)| a)
        .min()
        .expect("a winning split");
    let answers = BTreeMap::from([
        ("digit", right(no_splits.grundy(8))),
        ("options-5", right(set(&options_5))),
        ("g5", right(g[5])),
        (
            "guess-period",
            after_wrong("4", "the values 4 apart agree at first", period),
        ),
        (
            "guess-refuted",
            after_wrongs(&[("71", "71 is where the true period begins")], fails),
        ),
        ("big", right(g[999])),
        ("position", right(g[999] ^ g[90] ^ g[70])),
        ("target", right(g[4])),
        ("which-split", right(split)),
    ]);
    walk("kayles", &answers);
}
