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
/// bitmap indexed by value keeps insertion O(1) and the mex pointer only ever moves forward.
#[derive(Debug, Default, Clone)]
pub struct IncrementalMex {
    present: Vec<bool>,
    mex: usize,
}

impl IncrementalMex {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a value to the set. Callers insert values of states they have computed, which are
    /// bounded by the table's size, so the bitmap stays proportional to the table.
    pub fn insert(&mut self, value: Grundy) {
        let Ok(index) = usize::try_from(value) else {
            return;
        };
        if index >= self.present.len() {
            self.present.resize(index + 1, false);
        }
        self.present[index] = true;
        while self.mex < self.present.len() && self.present[self.mex] {
            self.mex += 1;
        }
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: Grundy) -> bool {
        usize::try_from(value).is_ok_and(|i| self.present.get(i).copied().unwrap_or(false))
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
        let mut candidate = self.mex + 1;
        while self.present.get(candidate).copied().unwrap_or(false) {
            candidate += 1;
        }
        candidate as Grundy
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
