//! The lessons `fibonacci-nim` and `squares` walked as a learner walks them. Every right
//! answer comes from a search written here — Fibonacci Nim on states (tokens, most the next
//! move may take), the squares game by backward induction on one pile — and Zeckendorf's sum
//! is found here by the greedy rule, checked against the search.

use std::collections::{BTreeMap, HashMap};

use crate::support::index;
use crate::teaching::course::{after_wrong, walk, yes_no};

/// Fibonacci Nim: from (n, m) take k, 1 ≤ k ≤ min(n, m), leaving (n − k, 2k).
struct Fibonacci {
    memo: HashMap<(u64, u64), bool>,
}

impl Fibonacci {
    fn wins(&mut self, n: u64, m: u64) -> bool {
        let m = m.min(n);
        if let Some(&w) = self.memo.get(&(n, m)) {
            return w;
        }
        let w = (1..=m).any(|k| !self.wins(n - k, 2 * k));
        self.memo.insert((n, m), w);
        w
    }
}

/// n's Zeckendorf terms, greedily from the largest Fibonacci number 1, 2, 3, 5, … that fits.
fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while fibs[fibs.len() - 1] + fibs[fibs.len() - 2] <= n {
        fibs.push(fibs[fibs.len() - 1] + fibs[fibs.len() - 2]);
    }
    let mut terms = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

fn set(values: impl IntoIterator<Item = u64>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("{{{}}}", items.join(", "))
}

#[test]
fn fibonacci_nim_walked_by_a_learner() {
    let mut game = Fibonacci {
        memo: HashMap::new(),
    };
    let smallest = |n: u64| *zeckendorf(n).last().expect("a term");
    // Zeckendorf's rule against the search (the lesson's claim, independently).
    for n in 1..=60 {
        for m in 1..=n {
            assert_eq!(game.wins(n, m), smallest(n) <= m, "({n}, {m})");
        }
    }
    let losing: Vec<u64> = (2..=30).filter(|&n| !game.wins(n, n - 1)).collect();
    // The rule's first move from 20 wins.
    let take = smallest(20);
    assert!(!game.wins(20 - take, 2 * take));
    let winner = |wins: bool| if wins { "first" } else { "second" };
    let answers = BTreeMap::from([
        (
            "start-5",
            after_wrong(
                winner(!game.wins(5, 4)),
                "Try each first move",
                winner(game.wins(5, 4)),
            ),
        ),
        (
            "losing-starts",
            after_wrong("{5}", "5 is one. Test the others", set(losing)),
        ),
        (
            "first-move",
            after_wrong("13", "13 is the largest term", take),
        ),
        (
            "ex-middle",
            after_wrong(
                yes_no(game.wins(26, 2)),
                "26 is not a Fibonacci number",
                yes_no(!game.wins(26, 2)),
            ),
        ),
        ("ex-take", crate::teaching::course::right(smallest(33))),
    ]);
    walk("fibonacci-nim", &answers);
}

#[test]
fn squares_walked_by_a_learner() {
    // Lost piles of subtract:squares by backward induction to 500.
    let mut lost = vec![false; 501];
    for n in 0..=500usize {
        lost[n] = !(1..).take_while(|k| k * k <= n).any(|k| lost[n - k * k]);
    }
    let p_to = |top: u64| set((0..=top).filter(|&n| lost[index(n)]));
    let without_zero = set((1..=20u64).filter(|&n| lost[index(n)]));
    let square = (1..=5u64).find(|k| lost[index(30 - k * k)]).map(|k| k * k);
    let count = (0..=100).filter(|&n| lost[n]).count();
    // Subtract a power of 2 valued by mex here, to compare with n mod 3.
    let mut powers2 = vec![0usize; 301];
    for n in 0..=300usize {
        let options: Vec<usize> = (0..usize::BITS)
            .map(|e| 1usize << e)
            .take_while(|&p| p <= n)
            .map(|p| powers2[n - p])
            .collect();
        powers2[n] = (0..).find(|v| !options.contains(v)).expect("a mex");
    }
    let period_3 = (0..=300).all(|n| powers2[n] == n % 3);
    let answers = BTreeMap::from([
        (
            "powers-of-2",
            after_wrong(
                yes_no(!period_3),
                "no power of 2 is a multiple of 3",
                yes_no(period_3),
            ),
        ),
        (
            "p-to-20",
            after_wrong(&without_zero, "The empty pile counts too", p_to(20)),
        ),
        (
            "guess-25",
            after_wrong(
                yes_no(!lost[25]),
                "The mod-5 pattern says so",
                yes_no(lost[25]),
            ),
        ),
        (
            "ex-move",
            after_wrong("1", "30 − 1 = 29 is an N-position", square.expect("a win")),
        ),
        (
            "ex-count",
            after_wrong("41", "That is the mod-5 pattern", count),
        ),
    ]);
    let seen = walk("squares", &answers);
    assert!(seen.contains(&p_to(40)), "{}\n{seen}", p_to(40));
}
