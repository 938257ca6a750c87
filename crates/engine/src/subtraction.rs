//! Subtraction sets and the periodicity of their Grundy sequences.

use std::collections::HashMap;
use std::fmt;

use super::{EngineError, Grundy, mex::mex};

/// The most values a subtraction set may hold, and its largest element: bounds that keep every
/// table and period search finite and quick.
pub const MAX_SET_LEN: usize = 64;
pub const MAX_ELEMENT: u64 = 100_000;

/// A non-empty set of positive amounts that may be taken from a pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionSet(Vec<u64>);

impl SubtractionSet {
    /// Parses `1,3,4` (order and repeats do not matter).
    pub fn parse(list: &str) -> Result<Self, EngineError> {
        let bad = |reason: String| EngineError::BadSubtractionSet {
            token: format!("subtract:{list}"),
            reason,
        };
        if list.trim().is_empty() {
            return Err(bad(
                "the set is empty; write amounts like `subtract:1,3,4`".into()
            ));
        }
        let mut values = Vec::new();
        for item in list.split(',') {
            let item = item.trim();
            let value: u64 = item.parse().map_err(|_| {
                let item = crate::quote::quoted(item);
                bad(format!("{item} is not a positive whole number"))
            })?;
            if value == 0 {
                return Err(bad(
                    "0 is not a move (every amount must be at least 1)".into()
                ));
            }
            if value > MAX_ELEMENT {
                return Err(bad(format!(
                    "{} is above the largest supported amount {MAX_ELEMENT}",
                    crate::quote::quoted(item)
                )));
            }
            values.push(value);
        }
        values.sort_unstable();
        values.dedup();
        if values.len() > MAX_SET_LEN {
            return Err(bad(format!("at most {MAX_SET_LEN} amounts are supported")));
        }
        Ok(Self(values))
    }

    /// The amounts, ascending.
    pub fn values(&self) -> &[u64] {
        &self.0
    }

    /// The largest amount.
    pub fn max(&self) -> u64 {
        self.0.last().copied().unwrap_or(0)
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(u64::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

/// The Grundy sequence of a subtraction game, computed by mex until it provably repeats.
///
/// g(n) depends only on the window g(n−m..n) with m = max(S), so once a window of m values
/// recurs the sequence is periodic from there on. The first recurrence gives the preperiod and
/// the fundamental period.
#[derive(Debug, Clone)]
pub struct Periodic {
    /// g(0), g(1), … up to the end of the first period.
    values: Vec<u8>,
    pub preperiod: u64,
    pub period: u64,
}

/// The most values computed while looking for the period.
const SEARCH_LIMIT: usize = 4_000_000;

impl Periodic {
    /// Computes the sequence by mex over explicit options until its period shows.
    pub fn find(set: &SubtractionSet) -> Result<Self, EngineError> {
        // max(S) ≤ MAX_ELEMENT, so this conversion cannot fail on any supported platform.
        let m = usize::try_from(set.max()).unwrap_or(usize::MAX);
        let mut values: Vec<u8> = Vec::new();
        let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
        let base: u64 = 1_000_003;
        let top = base.wrapping_pow(u32::try_from(m.saturating_sub(1)).unwrap_or(u32::MAX));
        let mut hash: u64 = 0;
        for n in 0..SEARCH_LIMIT {
            let g = mex(set
                .values()
                .iter()
                .filter_map(|&s| usize::try_from(s).ok())
                .filter(|&s| s <= n)
                .map(|s| Grundy::from(values[n - s])));
            // g ≤ |S| ≤ MAX_SET_LEN, so it fits a byte.
            values.push(u8::try_from(g).unwrap_or(u8::MAX));
            // Rolling hash of the window values[n+1-m ..= n].
            if n >= m {
                hash = hash.wrapping_sub(top.wrapping_mul(u64::from(values[n - m])));
            }
            hash = hash.wrapping_mul(base).wrapping_add(u64::from(values[n]));
            if n + 1 < m {
                continue;
            }
            let start = n + 1 - m;
            let window = &values[start..=n];
            let earlier = seen.entry(hash).or_default();
            if let Some(&first) = earlier.iter().find(|&&a| &values[a..a + m] == window) {
                values.truncate(start);
                return Ok(Self {
                    values,
                    preperiod: first as u64,
                    period: (start - first) as u64,
                });
            }
            earlier.push(start);
        }
        Err(super::TooMuchWork::SubtractionPeriod {
            set: set.clone(),
            values: SEARCH_LIMIT as u64,
        }
        .into())
    }

    /// g(n) as computed by mex: for n below preperiod + period.
    pub fn computed_value(&self, n: u64) -> Option<Grundy> {
        let index = usize::try_from(n).ok()?;
        self.values.get(index).map(|&g| Grundy::from(g))
    }

    /// The largest n computed by mex.
    pub fn computed(&self) -> u64 {
        self.preperiod + self.period - 1
    }

    /// g(n), for any n: computed, or by the period from a computed value (`None` only if the
    /// values did not reach preperiod + period, which `find` never makes).
    pub fn value(&self, n: u64) -> Option<Grundy> {
        let index = if n < self.preperiod + self.period {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.computed_value(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// g by plain recursion on the definition, for small n.
    fn brute(set: &[u64], n: u64) -> Grundy {
        let n = usize::try_from(n).unwrap();
        let mut g = vec![0; n + 1];
        for i in 0..=n {
            let opts: Vec<Grundy> = set
                .iter()
                .map(|&s| usize::try_from(s).unwrap())
                .filter(|&s| s <= i)
                .map(|s| g[i - s])
                .collect();
            g[i] = mex(opts);
        }
        g[n]
    }

    #[test]
    fn subtract_1_3_4_has_period_7() {
        // Hand-checked: 0 1 0 1 2 3 2 | 0 1 0 1 2 3 2 | …
        let p = Periodic::find(&SubtractionSet::parse("1,3,4").unwrap()).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        let first: Vec<Grundy> = (0..14).map(|n| p.value(n).unwrap()).collect();
        assert_eq!(first, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    }

    #[test]
    fn periodic_values_match_brute_force() {
        for set in [
            &[1][..],
            &[1, 2],
            &[2, 3],
            &[1, 3, 4],
            &[2, 5, 7],
            &[3, 4, 9, 10],
            &[5],
        ] {
            let text: Vec<String> = set.iter().map(u64::to_string).collect();
            let p = Periodic::find(&SubtractionSet::parse(&text.join(",")).unwrap()).unwrap();
            for n in 0..300 {
                assert_eq!(p.value(n), Some(brute(set, n)), "S={set:?} n={n}");
            }
        }
    }
}
