//! The lesson `misere-play` walked as a learner walks it. Every right answer comes from a
//! search written here: positions are multisets of heaps, a move changes one heap (Kayles:
//! knock down one pin or two adjacent ones, possibly splitting the row), and the misère Grundy
//! value g⁻ is the mex of the options' values with a position without moves worth 1.

use std::collections::{BTreeMap, HashMap};

use crate::oracle::brute::mex;
use crate::teaching::course::{after_wrong, walk, yes_no};

/// The heaps one heap of `n` may become: Nim (any smaller heap) or Kayles (split after taking
/// one or two adjacent pins).
fn heap_options(kayles: bool, n: u64) -> Vec<Vec<u64>> {
    if !kayles {
        return (0..n).map(|m| vec![m]).collect();
    }
    let mut out = Vec::new();
    for take in 1..=2u64.min(n) {
        for left in 0..=(n - take) / 2 {
            out.push(vec![left, n - take - left]);
        }
    }
    out
}

/// Misère Grundy values of positions (sorted heaps, zeros dropped), memoised.
struct Misere {
    kayles: bool,
    memo: HashMap<Vec<u64>, u64>,
}

impl Misere {
    fn new(kayles: bool) -> Self {
        Self {
            kayles,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, heaps: &[u64]) -> u64 {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&g) = self.memo.get(&key) {
            return g;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for parts in heap_options(self.kayles, key[i]) {
                let mut next = key.clone();
                next.remove(i);
                next.extend(parts);
                seen.push(self.value(&next));
            }
        }
        let g = if seen.is_empty() { 1 } else { mex(seen) };
        self.memo.insert(key, g);
        g
    }

    fn lost(&mut self, heaps: &[u64]) -> bool {
        self.value(heaps) == 0
    }
}

#[test]
fn misere_play_walked_by_a_learner() {
    let mut nim = Misere::new(false);
    let mut kayles = Misere::new(true);
    assert!(nim.lost(&[1]) && kayles.lost(&[1]) && kayles.lost(&[4]));
    let winner = |lost: bool| if lost { "second" } else { "first" };
    let answers = BTreeMap::from([
        (
            "p-plus-p",
            after_wrong(
                yes_no(!nim.lost(&[1, 1])),
                "In normal play P + P is P",
                yes_no(nim.lost(&[1, 1])),
            ),
        ),
        (
            "kayles-sum",
            after_wrong(
                winner(!kayles.lost(&[1, 4])),
                "That is normal play's P + P = P",
                winner(kayles.lost(&[1, 4])),
            ),
        ),
        (
            "kayles-4",
            after_wrong("4", "4 is the number of pins", kayles.value(&[4])),
        ),
        (
            "ex-mg-5",
            after_wrong("4", "the normal-play value", kayles.value(&[5])),
        ),
        ("ex-class", right_yes_no(nim.lost(&[1, 1, 1, 2, 2]))),
    ]);
    let seen = walk("misere-play", &answers);
    // The genus table: each row's g^(γ₀γ₁γ₂γ₃) as in Winning Ways, g by normal-play mex here.
    let mut normal: Vec<u64> = Vec::new();
    for n in 0..=12u64 {
        let g = mex(heap_options(true, n).into_iter().map(|p| {
            p.iter()
                .fold(0, |x, &h| x ^ normal[crate::support::index(h)])
        }));
        normal.push(g);
        let genus: String = (0..4)
            .map(|twos| {
                let mut position = vec![n];
                position.extend(std::iter::repeat_n(2, twos));
                kayles.value(&position).to_string()
            })
            .collect();
        if n <= 9 {
            let row = format!("row {n}  {g}^({genus})");
            assert!(seen.contains(&row), "{row:?} not in:\n{seen}");
        }
    }
    // The tame genera, found rather than stated: those of every Nim position of up to three
    // heaps up to 7, on their first four entries; then the rows with none of them.
    let genus = |game: &mut Misere, heaps: &[u64], g: u64| -> Vec<u64> {
        let mut entries = vec![g];
        for twos in 0..4 {
            let mut position = heaps.to_vec();
            position.extend(std::iter::repeat_n(2, twos));
            entries.push(game.value(&position));
        }
        entries
    };
    let mut tame = std::collections::BTreeSet::new();
    for a in 0..=7u64 {
        for b in 0..=a {
            for c in 0..=b {
                tame.insert(genus(&mut nim, &[a, b, c], a ^ b ^ c));
            }
        }
    }
    let wild: Vec<u64> = (0..=12u64)
        .filter(|&n| !tame.contains(&genus(&mut kayles, &[n], normal[crate::support::index(n)])))
        .collect();
    assert_eq!(wild, [5, 9, 11, 12], "the claim `wild-rows`");
    assert_eq!(
        genus(&mut kayles, &[8], normal[8]),
        genus(&mut nim, &[2, 3], 2 ^ 3),
        "the claim `row-8`"
    );
    assert!(
        !(0..=7u64).any(|h| genus(&mut nim, &[h], h) == genus(&mut kayles, &[8], normal[8])),
        "row 8's genus is no single heap's"
    );
}

fn right_yes_no(truth: bool) -> crate::teaching::course::Answer {
    crate::teaching::course::right(yes_no(truth))
}
