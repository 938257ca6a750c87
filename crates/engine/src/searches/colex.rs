//! Ranking sorted multisets (positions of up to K piles, as sorted state codes) in colex order:
//! a dense, canonical index for the exhaustive search. Numbers only; no game theory.

/// Ranks of sorted multisets of `piles` codes from `0..codes`.
///
/// The rank of a[0] ≤ … ≤ a[K−1] is Σ C(a_i + i, i + 1) (the colex rank of the set
/// {a_i + i}); ranks run over 0..count with no gaps.
#[derive(Debug, Clone)]
pub(crate) struct Colex {
    piles: usize,
    codes: usize,
    /// The largest code, `codes − 1`: codes are u32s.
    top: u32,
    /// terms[i · codes + x] = C(x + i, i + 1), saturating.
    terms: Vec<u64>,
    count: u64,
}

impl Colex {
    /// `None` when the number of multisets does not fit a u64, or `codes` is 0 or more than the
    /// u32 codes can name.
    pub(crate) fn new(piles: usize, codes: usize) -> Option<Self> {
        let top = u32::try_from(codes.checked_sub(1)?).ok()?;
        let count = count_multisets(codes as u64, piles as u64)?;
        let mut terms = vec![0u64; piles * codes];
        for i in 0..piles {
            for x in 0..codes {
                // Pascal: C(x + i, i + 1) = C(x − 1 + i, i + 1) + C(x + i − 1, i).
                terms[i * codes + x] = match (i, x) {
                    (0, _) => x as u64,
                    (_, 0) => 0,
                    _ => terms[i * codes + x - 1].saturating_add(terms[(i - 1) * codes + x]),
                };
            }
        }
        Some(Self {
            piles,
            codes,
            top,
            terms,
            count,
        })
    }

    /// How many codes each multiset holds.
    pub(crate) fn piles(&self) -> usize {
        self.piles
    }

    /// How many multisets there are: C(codes + piles − 1, piles).
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// C(x + i, i + 1): what code `x` at sorted index `i` adds to a rank.
    #[inline]
    pub(crate) fn term(&self, i: usize, x: u32) -> u64 {
        self.terms[i * self.codes + x as usize]
    }

    /// The rank of a sorted multiset of `piles` codes.
    pub(crate) fn rank(&self, sorted: &[u32]) -> u64 {
        sorted
            .iter()
            .enumerate()
            .map(|(i, &x)| self.term(i, x))
            .sum()
    }

    /// The sorted multiset of rank `r` (< count), written into `out` (length `piles`).
    pub(crate) fn unrank(&self, mut r: u64, out: &mut [u32]) {
        let mut above = self.codes;
        for i in (0..self.piles).rev() {
            let row = &self.terms[i * self.codes..i * self.codes + above];
            // The largest x with term(i, x) ≤ r; row[0] = 0, so there is one.
            let x = row.partition_point(|&t| t <= r) - 1;
            #[allow(
                clippy::cast_possible_truncation,
                reason = "x < codes, and `new` checked that every code fits a u32"
            )]
            let code = x as u32;
            out[i] = code;
            r -= row[x];
            above = x + 1;
        }
    }

    /// The next sorted multiset in colex (rank) order; wraps to all zeros after the last.
    pub(crate) fn next(&self, a: &mut [u32]) {
        let k = a.len();
        for i in 0..k {
            let limit = if i + 1 < k { a[i + 1] } else { self.top };
            if a[i] < limit {
                a[i] += 1;
                a[..i].fill(0);
                return;
            }
        }
        a.fill(0);
    }
}

/// C(codes + piles − 1, piles), if it fits.
pub(crate) fn count_multisets(codes: u64, piles: u64) -> Option<u64> {
    let mut c: u64 = 1;
    for i in 0..piles {
        // c · (codes + i) is divisible by i + 1 (it is (i + 1) · C(codes + i, i + 1)).
        c = c.checked_mul(codes.checked_add(i)?)? / (i + 1);
    }
    Some(c)
}

/// The first sorted multiset of `a.len()` codes with sum `sum` (as even as possible), which
/// needs sum ≤ len · (largest allowed code).
pub(crate) fn fill_even(a: &mut [u32], sum: u64) {
    let n = a.len() as u64;
    if n == 0 {
        return;
    }
    let (q, r) = (sum / n, sum % n);
    let split = a.len() - usize::try_from(r).expect("r < n = a.len(), a usize");
    let q = u32::try_from(q).expect("fill_even needs q ≤ sum / n ≤ the largest code, a u32");
    a[..split].fill(q);
    a[split..].fill(q + 1);
}

/// The next sorted multiset with the same sum and every code ≤ `bound`; false after the last.
/// Starting from [`fill_even`], this visits each such multiset once.
pub(crate) fn next_same_sum(a: &mut [u32], bound: u32) -> bool {
    let n = a.len();
    let mut below: u64 = 0;
    for i in 0..n {
        let limit = if i + 1 < n { a[i + 1] } else { bound };
        if below >= 1 && a[i] < limit {
            a[i] += 1;
            // The codes below i give up one in all and are spread as evenly as possible;
            // each stays ≤ the old a[i], as they were.
            fill_even(&mut a[..i], below - 1);
            return true;
        }
        below += u64::from(a[i]);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ranks_run_over_every_multiset_in_order() {
        for (piles, codes) in [(1, 5), (3, 6), (4, 3), (6, 4)] {
            let colex = Colex::new(piles, codes).unwrap();
            let mut a = vec![0; piles];
            let mut seen = HashSet::new();
            for r in 0..colex.count() {
                assert!(a.windows(2).all(|w| w[0] <= w[1]), "{a:?}");
                assert_eq!(colex.rank(&a), r, "{a:?}");
                let mut back = vec![0; piles];
                colex.unrank(r, &mut back);
                assert_eq!(back, a);
                assert!(seen.insert(a.clone()));
                colex.next(&mut a);
            }
            assert!(a.iter().all(|&x| x == 0));
        }
        // Multisets of 3 from 6 by hand: C(8, 3) = 56.
        assert_eq!(count_multisets(6, 3), Some(56));
        assert_eq!(count_multisets(u64::MAX, 2), None);
    }

    #[test]
    fn same_sum_enumeration_finds_each_multiset_once() {
        for (n, bound) in [(0, 3), (1, 4), (3, 4), (4, 2), (5, 3)] {
            // Brute force: every non-decreasing tuple, grouped by sum.
            let mut all: Vec<Vec<u32>> = vec![vec![]];
            for _ in 0..n {
                all = all
                    .into_iter()
                    .flat_map(|t| {
                        let lo = t.last().copied().unwrap_or(0);
                        (lo..=bound).map(move |x| [t.clone(), vec![x]].concat())
                    })
                    .collect();
            }
            for sum in 0..=(n as u64 * u64::from(bound)) {
                let expected: HashSet<Vec<u32>> = all
                    .iter()
                    .filter(|t| t.iter().map(|&x| u64::from(x)).sum::<u64>() == sum)
                    .cloned()
                    .collect();
                let mut a = vec![0; n];
                fill_even(&mut a, sum);
                let mut got = vec![a.clone()];
                while next_same_sum(&mut a, bound) {
                    got.push(a.clone());
                }
                let set: HashSet<Vec<u32>> = got.iter().cloned().collect();
                assert_eq!(set.len(), got.len(), "{n} {bound} {sum}: repeats");
                assert_eq!(set, expected, "{n} {bound} {sum}");
            }
        }
    }
}
