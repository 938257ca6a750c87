//! The minimum excludant: the least natural number not in a set.

use super::Grundy;

/// The least natural number that is not in `values` (duplicates and order do not matter).
pub fn mex<I: IntoIterator<Item = Grundy>>(values: I) -> Grundy {
    let mut sorted: Vec<Grundy> = values.into_iter().collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut candidate = 0;
    for v in sorted {
        if v == candidate {
            candidate += 1;
        } else if v > candidate {
            break;
        }
    }
    candidate
}

/// The mex of a set that only grows, in amortised O(1) per insertion.
///
/// The set is dense near zero for the take-any rulesets (every smaller pile is an option), so a
/// bitset indexed by value keeps insertion O(1), and the mex pointer only ever moves forward,
/// a word of 64 values at a time.
#[derive(Debug, Default, Clone)]
pub struct IncrementalMex {
    words: Vec<u64>,
    mex: usize,
}

impl IncrementalMex {
    pub fn new() -> Self {
        Self::default()
    }

    /// A set that will hold values below `bound` without growing.
    pub fn with_bound(bound: usize) -> Self {
        Self {
            words: vec![0; bound / 64 + 1],
            mex: 0,
        }
    }

    /// Adds a value to the set. Callers insert values of states they have computed, which are
    /// bounded by the table's size, so the bitset stays proportional to the table.
    pub fn insert(&mut self, value: Grundy) {
        let Ok(index) = usize::try_from(value) else {
            return;
        };
        let word = index / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (index % 64);
        if index == self.mex {
            self.mex = self.next_absent(index);
        }
    }

    /// The least value ≥ `from` that is not in the set.
    fn next_absent(&self, from: usize) -> usize {
        let mut word = from / 64;
        // Treat the bits below `from` as present so the search starts at `from`.
        let mut bits = self.words.get(word).copied().unwrap_or(0) | ((1u64 << (from % 64)) - 1);
        while bits == u64::MAX {
            word += 1;
            bits = self.words.get(word).copied().unwrap_or(0);
        }
        word * 64 + bits.trailing_ones() as usize
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: Grundy) -> bool {
        usize::try_from(value).is_ok_and(|i| {
            self.words
                .get(i / 64)
                .is_some_and(|w| w >> (i % 64) & 1 == 1)
        })
    }

    /// The mex of the set so far.
    pub fn mex(&self) -> Grundy {
        self.mex as Grundy
    }

    /// The mex of the set with one more value, without inserting it.
    pub fn mex_with(&self, extra: Grundy) -> Grundy {
        if extra != self.mex() {
            return self.mex();
        }
        self.next_absent(self.mex + 1) as Grundy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_hand_checked_sets() {
        let cases: &[(&[Grundy], Grundy)] = &[
            (&[], 0),
            (&[0], 1),
            (&[1, 2], 0),
            (&[0, 1, 2], 3),
            (&[0, 2, 3], 1),
            (&[3, 0, 1, 0, 1], 2),
            (&[0, 1, 2, 4, 5], 3),
        ];
        for (set, expected) in cases {
            assert_eq!(mex(set.iter().copied()), *expected, "mex{set:?}");
        }
    }

    #[test]
    fn incremental_matches_batch_mex() {
        let inserts: [Grundy; 10] = [3, 0, 1, 7, 2, 2, 5, 4, 500, 6];
        let mut inc = IncrementalMex::new();
        for (i, v) in inserts.iter().enumerate() {
            inc.insert(*v);
            let seen = &inserts[..=i];
            assert_eq!(inc.mex(), mex(seen.iter().copied()), "after {seen:?}");
            for extra in 0..10 {
                let with: Vec<Grundy> = seen.iter().copied().chain([extra]).collect();
                assert_eq!(inc.mex_with(extra), mex(with), "{seen:?} + {extra}");
            }
        }
    }
}
