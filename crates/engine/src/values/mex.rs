//! The minimum excludant: the least natural number not in a set.

use crate::Grundy;

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
/// bitset indexed by value keeps insertion O(1), and the mex only ever moves forward, a word of
/// 64 values at a time. Every value below the mex is present, so within the word that holds
/// the mex (`front`, kept apart so a tight loop holds it in a register) the mex is the lowest
/// clear bit: inserting it is `front | (front + 1)`, with no shift or bit count on the way.
#[derive(Debug, Default, Clone)]
pub(crate) struct IncrementalMex {
    /// The bitset, except word `base`, which is `front`. Every word below `base` is full.
    words: Vec<u64>,
    front: u64,
    base: usize,
}

impl IncrementalMex {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// A set that will hold values below `bound` without growing.
    pub(crate) fn with_bound(bound: usize) -> Self {
        Self {
            words: vec![0; bound / 64 + 1],
            front: 0,
            base: 0,
        }
    }

    /// Adds a value to the set. Callers insert values of states they have computed, which are
    /// bounded by the table's size, so the bitset stays proportional to the table.
    #[cfg(test)]
    pub(crate) fn insert(&mut self, value: Grundy) {
        if let Ok(index) = usize::try_from(value) {
            self.insert_index(index);
        }
    }

    /// [`IncrementalMex::insert`] for a value known to be small.
    #[inline]
    pub(crate) fn insert_index(&mut self, index: usize) {
        let word = index / 64;
        if word == self.base {
            self.front |= 1 << (index % 64);
            if self.front == u64::MAX {
                self.advance_word();
            }
        } else if word > self.base {
            if word >= self.words.len() {
                self.grow(word);
            }
            self.words[word] |= 1 << (index % 64);
        }
        // Below the front word every value is present already.
    }

    /// Inserts the mex itself and returns it: the tight loops of tables.
    #[inline]
    pub(crate) fn insert_mex(&mut self) -> usize {
        let m = self.mex_index();
        self.front |= self.front + 1;
        if self.front == u64::MAX {
            self.advance_word();
        }
        m
    }

    /// Inserts the mex of the set with `extra` added (without adding `extra`) and returns it.
    #[inline]
    pub(crate) fn insert_mex_with(&mut self, extra: usize) -> usize {
        if extra != self.mex_index() {
            return self.insert_mex();
        }
        // The lowest clear bit once the mex's own bit is counted as set.
        let with = self.front | (self.front + 1);
        if with == u64::MAX {
            let value = self.absent_after_front();
            self.insert_index(value);
            return value;
        }
        let bit = (with + 1) & !with;
        self.front |= bit;
        self.base * 64 + bit.trailing_zeros() as usize
    }

    /// The front word is full: the mex moves on to a later word. (Words below `base` are
    /// never read again, so the full one is not written back.)
    #[cold]
    fn advance_word(&mut self) {
        loop {
            self.base += 1;
            self.front = self.words.get(self.base).copied().unwrap_or(0);
            if self.front != u64::MAX {
                break;
            }
        }
    }

    #[cold]
    fn grow(&mut self, word: usize) {
        self.words.resize(word + 1, 0);
    }

    /// Whether `value` is in the set.
    #[cfg(test)]
    pub(crate) fn contains(&self, value: Grundy) -> bool {
        usize::try_from(value).is_ok_and(|i| {
            let word = match (i / 64).cmp(&self.base) {
                std::cmp::Ordering::Less => Some(u64::MAX),
                std::cmp::Ordering::Equal => Some(self.front),
                std::cmp::Ordering::Greater => self.words.get(i / 64).copied(),
            };
            word.is_some_and(|w| w >> (i % 64) & 1 == 1)
        })
    }

    /// The mex of the set so far.
    #[cfg(test)]
    pub(crate) fn mex(&self) -> Grundy {
        self.mex_index() as Grundy
    }

    /// The mex of the set so far, as an index.
    #[inline]
    pub(crate) fn mex_index(&self) -> usize {
        self.base * 64 + self.front.trailing_ones() as usize
    }

    /// The mex of the set with one more value, without inserting it.
    #[cfg(test)]
    pub(crate) fn mex_with(&self, extra: Grundy) -> Grundy {
        let mex = self.mex_index();
        if extra != mex as Grundy {
            return mex as Grundy;
        }
        self.mex_index_with(mex) as Grundy
    }

    /// [`IncrementalMex::mex_with`] for an index.
    #[cfg(test)]
    #[inline]
    pub(crate) fn mex_index_with(&self, extra: usize) -> usize {
        let mex = self.mex_index();
        if extra != mex {
            return mex;
        }
        let with = self.front | (self.front + 1);
        if with != u64::MAX {
            return self.base * 64 + with.trailing_ones() as usize;
        }
        self.absent_after_front()
    }

    /// The least value not in the set beyond the front word.
    #[cold]
    fn absent_after_front(&self) -> usize {
        let mut word = self.base + 1;
        while self.words.get(word) == Some(&u64::MAX) {
            word += 1;
        }
        word * 64
            + self
                .words
                .get(word)
                .map_or(0, |w| w.trailing_ones() as usize)
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

    #[test]
    fn incremental_matches_batch_mex_across_words() {
        // A fixed xorshift sequence of values, dense near the mex and sometimes far above it,
        // so runs cross word boundaries and later words fill before the mex reaches them.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut inc = IncrementalMex::with_bound(64);
        let mut seen = Vec::new();
        for step in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let near = inc.mex_index() + (x % 5) as usize;
            let v = match step % 7 {
                0 => {
                    let v = (x % 700) as usize;
                    inc.insert_index(v);
                    v
                }
                1 | 2 => inc.insert_mex(),
                3 | 4 => {
                    let extra = if x.is_multiple_of(2) {
                        inc.mex_index()
                    } else {
                        near
                    };
                    let expected = inc.mex_index_with(extra);
                    let v = inc.insert_mex_with(extra);
                    assert_eq!(v, expected, "step {step}");
                    v
                }
                _ => {
                    inc.insert_index(near);
                    near
                }
            };
            seen.push(v as Grundy);
            if step % 50 == 0 || step > 2900 {
                let batch = mex(seen.iter().copied());
                assert_eq!(inc.mex(), batch, "step {step}");
                assert_eq!(
                    inc.mex_with(batch),
                    mex(seen.iter().copied().chain([batch]))
                );
                for probe in 0..(batch as usize + 140) {
                    assert_eq!(
                        inc.contains(probe as Grundy),
                        seen.contains(&(probe as Grundy))
                    );
                }
            }
        }
    }
}
