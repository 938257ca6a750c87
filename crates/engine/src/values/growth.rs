//! What a Grundy sequence with no proven period looks like: an arithmetic pattern seen in the
//! computed values (g(n + p) = g(n) + s from some n₀ to the last value), found but NOT proven.
//!
//! nimlab proves ordinary periods only (`period.rs`). The Guy–Smith check does not carry over
//! to a saltus s > 0: a split of a large heap into two large parts changes the value by a XOR
//! of two growing values, not by s, so "the options of n + p are those of n, plus s" fails.
//! A pattern here is therefore a description of the values computed, never a value beyond
//! them: lookups use proven periods alone.

/// An arithmetic pattern seen in g(0), …, g(N): g(n + period) = g(n) + saltus for every n with
/// preperiod ≤ n and n + period ≤ N, where saltus > 0. Seen, not proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
    /// The last n computed, N.
    pub seen_to: u64,
}

/// The most periods looked at: a pattern needs at least `REPEATS` of them in the values.
const MAX_PERIOD: usize = 1_000;
/// How many times the pattern must repeat after its first period to be reported.
const REPEATS: usize = 3;

/// The arithmetic pattern with the smallest period that the values follow from some n₀ to
/// their end, repeated at least three times after its first period and covering at least the
/// last half of the values; `None` when none is seen.
/// Each period p is tested by walking back from the end while g(n + p) − g(n) stays the same
/// positive saltus, so the search is linear in the values for each p.
pub(crate) fn growth(values: &[u16]) -> Option<Growth> {
    let len = values.len();
    for p in 1..=MAX_PERIOD.min(len / (REPEATS + 1)) {
        let last = len - 1;
        let Some(saltus) = values[last]
            .checked_sub(values[last - p])
            .filter(|&s| s > 0)
        else {
            continue;
        };
        let mut n0 = last - p;
        while n0 > 0 && values[n0 - 1 + p].checked_sub(values[n0 - 1]) == Some(saltus) {
            n0 -= 1;
        }
        if len - n0 >= (REPEATS + 1) * p && 2 * (len - n0) >= len {
            let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
            return Some(Growth {
                preperiod: wide(n0),
                period: wide(p),
                saltus: u64::from(saltus),
                seen_to: wide(last),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_of_n_minus_1_over_3_grows_by_1_every_3_from_1() {
        // g(0) = 0, then ⌊(n − 1)/3⌋: 0 | 0 0 0 | 1 1 1 | 2 2 2 …, written out by hand.
        let v: Vec<u16> = (0..40u16).map(|n| n.saturating_sub(1) / 3).collect();
        let g = growth(&v).unwrap();
        // g(3) = 0 = g(0), not g(0) + 1, so the pattern starts at 1.
        assert_eq!((g.preperiod, g.period, g.saltus, g.seen_to), (1, 3, 1, 39));
    }

    #[test]
    fn a_stray_value_moves_the_start_past_it() {
        let mut v: Vec<u16> = (0..40u16).map(|n| n / 2).collect();
        v[5] = 9;
        let g = growth(&v).unwrap();
        // g(5 + 2) − g(5) is no longer 1: the pattern starts at 6.
        assert_eq!((g.preperiod, g.period, g.saltus), (6, 2, 1));
    }

    #[test]
    fn periodic_or_falling_or_short_values_show_no_growth() {
        // 0 1 2 3 0 1 2 3 …: the last four values grow by 1, but they are not half the values.
        let periodic: Vec<u16> = (0..60u16).map(|n| n % 4).collect();
        assert_eq!(growth(&periodic), None);
        let falling: Vec<u16> = (0..60u16).rev().collect();
        assert_eq!(growth(&falling), None);
        // Three values growing by 1: fewer than four periods of any length.
        assert_eq!(growth(&[0, 1, 2]), None);
    }
}
