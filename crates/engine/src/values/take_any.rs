//! Grundy values of the take-any rulesets (Nim, misère Nim, zero-move Nim) by genuine mex, one
//! size after another: every smaller state of a kind is an option, so each value is the mex of
//! a set that only grows, kept as a bitset ([`IncrementalMex`]) — O(1) amortised per size and
//! memory of one bit per value, whatever the number of sizes.

use crate::values::mex::IncrementalMex;

/// The values of sizes 0, 1, 2, … in turn, for a take-any ruleset.
#[derive(Debug, Clone)]
pub struct TakeAnyMex {
    /// Values of n (Nim) or nF (zero-move): nF's options are kF, k < n.
    spent: IncrementalMex,
    /// Values of nT (zero-move only): nT's options are kT, k < n, and nF.
    unused: IncrementalMex,
    with_pass: bool,
    size: u64,
}

impl TakeAnyMex {
    /// Values for sizes below `bound` (beyond it the bitsets grow).
    pub fn new(with_pass: bool, bound: usize) -> Self {
        // Values of sizes below `bound` are at most bound + 1 (nT for odd n is n + 1).
        let set = IncrementalMex::with_bound(bound.saturating_add(2));
        Self {
            spent: set.clone(),
            unused: if with_pass {
                set
            } else {
                IncrementalMex::new()
            },
            with_pass,
            size: 0,
        }
    }

    /// The next size's value (g(n), or g(nF) for zero-move) and for zero-move g(nT) (0 for the
    /// empty pile, which has one state).
    #[inline]
    pub(crate) fn next_values(&mut self) -> (usize, usize) {
        if self.with_pass {
            self.next_pair()
        } else {
            (self.next_value(), 0)
        }
    }

    /// The next size's value, for rulesets without a pass.
    #[inline]
    pub(crate) fn next_value(&mut self) -> usize {
        self.size += 1;
        self.spent.insert_mex()
    }

    /// The next size's g(nF) and g(nT), for zero-move.
    #[inline]
    pub(crate) fn next_pair(&mut self) -> (usize, usize) {
        if self.size == 0 {
            self.size = 1;
            self.spent.insert_index(0);
            self.unused.insert_index(0);
            return (0, 0);
        }
        self.size += 1;
        self.next_pair_after_zero()
    }

    /// Calls `f` with the next `count` sizes' g(nF) and g(nT), for zero-move: the tight loop.
    #[inline]
    pub fn for_each_pair(&mut self, count: usize, mut f: impl FnMut(usize, usize)) {
        let mut rest = count;
        if rest > 0 && self.size == 0 {
            let (a, b) = self.next_pair();
            f(a, b);
            rest -= 1;
        }
        for _ in 0..rest {
            let (a, b) = self.next_pair_after_zero();
            f(a, b);
        }
        self.size += rest as u64;
    }

    /// One size's values once the empty pile is behind (its nT has no state of its own).
    #[inline(always)]
    fn next_pair_after_zero(&mut self) -> (usize, usize) {
        let f = self.spent.insert_mex();
        let t = self.unused.insert_mex_with(f);
        (f, t)
    }
}
