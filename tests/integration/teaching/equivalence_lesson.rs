//! The lesson `equivalence` walked as a learner walks it. Kayles answers come from a search of
//! whole positions written here (knock down one pin or two adjacent ones; a row may split),
//! never from Grundy values; Northcott's rows are valued by mex over their advances (each
//! player closing a gap; `northcott.rs` checks that reduction against the full loopy game).

use std::collections::{BTreeMap, HashMap};

use crate::oracle::brute::mex;
use crate::teaching::course::{after_wrong, walk, yes_no};

/// Kayles positions (sorted rows, empty rows dropped): whether the player to move wins.
struct Kayles {
    memo: HashMap<Vec<u64>, bool>,
}

impl Kayles {
    fn wins(&mut self, rows: &[u64]) -> bool {
        let mut key: Vec<u64> = rows.iter().copied().filter(|&r| r > 0).collect();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut w = false;
        'search: for i in 0..key.len() {
            for take in 1..=2u64.min(key[i]) {
                for left in 0..=key[i] - take {
                    let mut next = key.clone();
                    next[i] = left;
                    next.push(key[i] - take - left);
                    if !self.wins(&next) {
                        w = true;
                        break 'search;
                    }
                }
            }
        }
        self.memo.insert(key, w);
        w
    }

    fn lost(&mut self, rows: &[u64]) -> bool {
        !self.wins(rows)
    }
}

/// A Northcott row with `gap` empty squares between the counters, played by advances only:
/// its value by mex (an advance leaves any smaller gap).
fn gap_value(gap: u64) -> u64 {
    let mut values: Vec<u64> = Vec::new();
    for g in 0..=gap {
        let v = mex((0..g).map(|h| values[crate::support::index(h)]));
        values.push(v);
    }
    values[crate::support::index(gap)]
}

#[test]
fn equivalence_walked_by_a_learner() {
    let mut kayles = Kayles {
        memo: HashMap::new(),
    };
    let like_one: Vec<String> = (5..=12)
        .filter(|&n| kayles.lost(&[n, 1]))
        .map(|n| n.to_string())
        .collect();
    // The Nim heap a row of 11 is equivalent to: the h with 11 + h lost (h by search).
    let heap_11 = (0..=20)
        .find(|&h| nim_plus_kayles_lost(&mut kayles, 11, h))
        .expect("a heap");
    let northcott = gap_value(4 - 1 - 1) ^ gap_value(7 - 2 - 1);
    let answers = BTreeMap::from([
        (
            "row-like-1",
            after_wrong(
                "{5, 9}",
                "Rows of 5 and 9 are equivalent to each other",
                format!("{{{}}}", like_one.join(", ")),
            ),
        ),
        (
            "northcott-q",
            after_wrong(
                yes_no(northcott != 0),
                "The gaps are 2 and 4",
                yes_no(northcott == 0),
            ),
        ),
        (
            "ex-equivalent",
            after_wrong(
                yes_no(!kayles.lost(&[9, 5])),
                "They look different",
                yes_no(kayles.lost(&[9, 5])),
            ),
        ),
        (
            "ex-heap",
            after_wrong("11", "A row of 11 is not a Nim heap of 11", heap_11),
        ),
    ]);
    walk("equivalence", &answers);
}

/// Whether a Kayles row of `row` pins beside a Nim heap of `heap` is lost for the player to
/// move, by search of the sum: a move knocks pins down in the Kayles position or lowers the
/// heap.
fn nim_plus_kayles_lost(kayles: &mut Kayles, row: u64, heap: u64) -> bool {
    fn wins(
        kayles: &mut Kayles,
        memo: &mut HashMap<(Vec<u64>, u64), bool>,
        rows: Vec<u64>,
        heap: u64,
    ) -> bool {
        let mut key: Vec<u64> = rows.into_iter().filter(|&r| r > 0).collect();
        key.sort_unstable();
        if heap == 0 {
            return kayles.wins(&key);
        }
        if let Some(&w) = memo.get(&(key.clone(), heap)) {
            return w;
        }
        let mut w = (0..heap).any(|h| !wins(kayles, memo, key.clone(), h));
        for i in 0..key.len() {
            for take in 1..=2u64.min(key[i]) {
                for left in 0..=key[i] - take {
                    if w {
                        break;
                    }
                    let mut next = key.clone();
                    next[i] = left;
                    next.push(key[i] - take - left);
                    w = !wins(kayles, memo, next, heap);
                }
            }
        }
        memo.insert((key, heap), w);
        w
    }
    !wins(kayles, &mut HashMap::new(), vec![row], heap)
}
