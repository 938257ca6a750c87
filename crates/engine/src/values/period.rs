//! Periodicity of Grundy sequences with a finite certificate: the preperiod and the
//! fundamental period, and the check that proves the pattern continues forever.
//!
//! Two certificates:
//! - **Guy–Smith** (octal games; Winning Ways ch. 4, Siegel *CGT* Thm IV.2.7): if t is the
//!   most tokens a move removes and g(n + p) = g(n) for every n with n₀ ≤ n < 2n₀ + p + t, then
//!   g(n + p) = g(n) for every n ≥ n₀. (A heap of N ≥ 2n₀ + p + t split into two parts always
//!   has a part ≥ n₀ + p, so its options match those of N − p value for value.)
//! - **Guy–Smith for three heaps** (hexadecimal games, whose moves may leave three heaps):
//!   if g(n + p) = g(n) for n₀ ≤ n < max(2n₀ + p + t, 3n₀ + 2p + t − 2), then g(n + p) = g(n)
//!   for every n ≥ n₀. Proof, by induction on n ≥ that bound X (every n′ with n₀ ≤ n′ < n
//!   already has g(n′ + p) = g(n′)): the single heaps and two-way splits are as in Guy–Smith,
//!   since X ≥ 2n₀ + p + t. A three-way split of n + p leaves at least X + p − t ≥
//!   3n₀ + 3p − 2 tokens, so its largest part c is at least n₀ + p; c − p lies in [n₀, n), so
//!   g(c − p) = g(c), and lowering c by p gives a split of n with the same value. A three-way
//!   split of n leaves at least X − t ≥ 3n₀ + 2p − 2 ≥ 3n₀ tokens, so its largest part c is at
//!   least n₀ (and below n); raising it by p gives a split of n + p with the same value. So
//!   n and n + p have the same option values, hence the same mex.
//! - **Window repeat** (subtraction games): g(n) depends only on the m = max(S) values before
//!   it, so if g(n + p) = g(n) for n₀ ≤ n < n₀ + m, the sequence repeats from n₀ on.
//!
//! The search tries p = 1, 2, … and, for each, the least n₀ the computed values allow. The
//! first p whose certificate fits in the values is a proven period, so a multiple of the
//! fundamental period P; and P itself needs no more values than its multiples (they share n₀),
//! so the first p found *is* P, never a multiple.

/// Which finite check proves periodicity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Certificate {
    /// Guy–Smith: checked g(n + p) = g(n) for n₀ ≤ n < 2n₀ + p + t.
    GuySmith { t: u64 },
    /// Guy–Smith for games whose moves may leave three heaps: checked g(n + p) = g(n) for
    /// n₀ ≤ n < max(2n₀ + p + t, 3n₀ + 2p + t − 2).
    GuySmithThree { t: u64 },
    /// Window repeat: checked g(n + p) = g(n) for n₀ ≤ n < n₀ + m.
    Window { m: u64 },
}

impl Certificate {
    /// One past the last n the check must cover, for a preperiod and period.
    pub(crate) fn check_end(self, preperiod: u64, period: u64) -> u64 {
        match self {
            Self::GuySmith { t } => 2 * preperiod + period + t,
            Self::GuySmithThree { t } => {
                (2 * preperiod + period + t).max((3 * preperiod + 2 * period + t).saturating_sub(2))
            }
            Self::Window { m } => preperiod + m.max(1),
        }
    }
}

/// A proven period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The least n₀ from which the sequence repeats (the last exceptional value is at n₀ − 1).
    pub preperiod: u64,
    /// The fundamental period.
    pub period: u64,
    pub certificate: Certificate,
    /// The check covered n₀ ≤ n < `checked_to` (comparing g(n) with g(n + p)).
    pub checked_to: u64,
}

/// Finds the fundamental period of `values` (g(0), g(1), …) if the values prove one.
///
/// For each p the least n₀ is len − p − z(p), where z(p) counts how many values, read back
/// from the end, agree with the ones p before them: g(len − 1 − j) = g(len − 1 − j − p) for
/// j < z(p). Walking back from the end finds z(p) in z(p) + 1 steps, usually one or two; when
/// the walks add up to more than twice the values (long near-repeats: 0.56 to 10^6 spent half
/// its time walking), the rest come from the Z-function of the values read backwards, every
/// z(p) in one linear pass. Either way the search is linear in the values.
pub fn find<T: PartialEq>(values: &[T], certificate: Certificate) -> Option<Period> {
    find_walking_at_most(values, certificate, values.len().saturating_mul(2))
}

/// [`find`], walking back at most `walk` steps in all before switching to the Z-function.
fn find_walking_at_most<T: PartialEq>(
    values: &[T],
    certificate: Certificate,
    mut walk: usize,
) -> Option<Period> {
    let len = values.len();
    // A period p needs at least check_end(0, p) + p values (n₀ = 0 is the cheapest), and
    // that grows with p: past the first p that cannot fit, none can.
    let fits = |p: usize| certificate.check_end(0, p as u64) + p as u64 <= len as u64;
    let last = (1..len).take_while(|&p| fits(p)).last()?;
    let mut z: Option<Vec<usize>> = None;
    for p in 1..=last {
        let matches = match &z {
            Some(z) => z[p],
            None => {
                let mut n0 = len - p;
                while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
                    n0 -= 1;
                }
                let matches = len - p - n0;
                walk = walk.saturating_sub(matches + 1);
                if walk == 0 {
                    z = Some(backward_matches(values, last));
                }
                matches
            }
        };
        let (preperiod, period) = ((len - p - matches) as u64, p as u64);
        let end = certificate.check_end(preperiod, period);
        // The check compares g(n) with g(n + p) for n < end.
        if end + period <= len as u64 {
            return Some(Period {
                preperiod,
                period,
                certificate,
                checked_to: end,
            });
        }
    }
    None
}

/// z[p] for p ≤ `last`: the length of the longest run j = 0, 1, … with
/// values[len − 1 − j] = values[len − 1 − j − p] (the Z-function of the reversed values).
fn backward_matches<T: PartialEq>(values: &[T], last: usize) -> Vec<usize> {
    let len = values.len();
    let at = |i: usize| &values[len - 1 - i];
    let mut z = vec![0; last + 1];
    z[0] = len;
    // [l, r) is the rightmost window found so far that matches the start of the reversed values.
    let (mut l, mut r) = (0, 0);
    for i in 1..=last {
        let mut k = if i < r { (r - i).min(z[i - l]) } else { 0 };
        while i + k < len && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k;
        if i + k > r {
            (l, r) = (i, i + k);
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_fundamental_period_not_a_multiple() {
        // 5 9 | 1 2 1 3 repeating: period 4 from n₀ = 2.
        let mut v = vec![5, 9];
        for _ in 0..20 {
            v.extend([1, 2, 1, 3]);
        }
        let p = find(&v, Certificate::Window { m: 3 }).unwrap();
        assert_eq!((p.preperiod, p.period), (2, 4));
        assert_eq!(p.checked_to, 5);
    }

    #[test]
    fn needs_enough_values_for_the_certificate() {
        // 7 | 1 2 repeating from n₀ = 1, Guy–Smith with t = 2: check to 2·1 + 2 + 2 = 6, so
        // g up to index 7 (8 values) are needed.
        let mut v = vec![7];
        v.extend([1, 2, 1, 2, 1, 2]);
        assert_eq!(find(&v, Certificate::GuySmith { t: 2 }), None);
        v.push(1);
        let p = find(&v, Certificate::GuySmith { t: 2 }).unwrap();
        assert_eq!((p.preperiod, p.period, p.checked_to), (1, 2, 6));
    }

    #[test]
    fn three_heaps_need_a_longer_check() {
        // n₀ = 5, p = 4, t = 2: max(2·5 + 4 + 2, 3·5 + 2·4 + 2 − 2) = max(16, 23) = 23.
        assert_eq!(Certificate::GuySmithThree { t: 2 }.check_end(5, 4), 23);
        assert_eq!(Certificate::GuySmith { t: 2 }.check_end(5, 4), 16);
        // n₀ = 0, p = 1, t = 1: max(0 + 1 + 1, 0 + 2 + 1 − 2) = 2.
        assert_eq!(Certificate::GuySmithThree { t: 1 }.check_end(0, 1), 2);
    }

    /// The search as the definition reads: for each p, the least n₀ found by walking back
    /// from the end one value at a time.
    fn find_by_walking<T: PartialEq>(values: &[T], certificate: Certificate) -> Option<Period> {
        let len = values.len();
        for p in 1..len {
            if certificate.check_end(0, p as u64) + p as u64 > len as u64 {
                break;
            }
            let mut n0 = len - p;
            while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
                n0 -= 1;
            }
            let end = certificate.check_end(n0 as u64, p as u64);
            if end + p as u64 <= len as u64 {
                return Some(Period {
                    preperiod: n0 as u64,
                    period: p as u64,
                    certificate,
                    checked_to: end,
                });
            }
        }
        None
    }

    proptest::proptest! {
        /// A random prefix, then a random block repeated (with an optional stray value near
        /// the end), over a small alphabet so that near-repeats are common.
        #[test]
        fn agrees_with_walking_back(
            prefix in proptest::collection::vec(0u8..3, 0..40),
            block in proptest::collection::vec(0u8..3, 1..12),
            repeats in 0usize..30,
            stray in proptest::option::of((0usize..400, 0u8..3)),
            t in 0u64..4,
        ) {
            let mut v = prefix;
            for _ in 0..repeats {
                v.extend_from_slice(&block);
            }
            if let Some((at, x)) = stray
                && let Some(slot) = v.get_mut(at)
            {
                *slot = x;
            }
            for certificate in [
                Certificate::GuySmith { t },
                Certificate::GuySmithThree { t },
                Certificate::Window { m: t },
            ] {
                let expected = find_by_walking(&v, certificate);
                // Walking throughout, switching at once, after a few steps, and as shipped.
                for walk in [usize::MAX, 0, 5, 2 * v.len()] {
                    proptest::prop_assert_eq!(find_walking_at_most(&v, certificate, walk), expected);
                }
            }
        }
    }

    #[test]
    fn no_period_in_an_increasing_sequence() {
        let v: Vec<u32> = (0..100).collect();
        assert_eq!(find(&v, Certificate::GuySmith { t: 1 }), None);
    }
}
