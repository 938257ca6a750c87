//! Subtraction sets and the periodicity of their Grundy sequences.

use std::fmt;

use crate::error::{BadSet, SetWhy};
use crate::families::game::{Game, single};
use crate::limits::budget::Budget;
use crate::{EngineError, Heaps, Pile};

use crate::limits::cancel::{Cancel, Interrupted};
use crate::values::period::{self, Certificate, Period};
use crate::{Grundy, values::mex::mex};

/// The most values a subtraction set may hold, and its largest element: bounds that keep every
/// table and period search finite and quick.
pub(crate) const MAX_SET_LEN: usize = 64;
pub(crate) const MAX_ELEMENT: u64 = 100_000;

/// A non-empty set of positive amounts that may be taken from a pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionSet(Vec<u64>);

impl SubtractionSet {
    /// Parses `1,3,4` (order and repeats do not matter).
    pub fn parse(list: &str) -> Result<Self, BadSet> {
        let bad = |why: SetWhy| BadSet {
            token: format!("subtract:{list}"),
            why,
        };
        if list.trim().is_empty() {
            return Err(bad(SetWhy::Empty));
        }
        let mut values = Vec::new();
        for item in list.split(',') {
            let item = item.trim();
            let value: u64 = item.parse().map_err(|_| {
                bad(SetWhy::NotANumber {
                    item: item.to_string(),
                })
            })?;
            if value == 0 {
                return Err(bad(SetWhy::Zero));
            }
            if value > MAX_ELEMENT {
                return Err(bad(SetWhy::TooLarge {
                    item: item.to_string(),
                    max: MAX_ELEMENT,
                }));
            }
            values.push(value);
        }
        values.sort_unstable();
        values.dedup();
        if values.len() > MAX_SET_LEN {
            return Err(bad(SetWhy::TooMany { max: MAX_SET_LEN }));
        }
        Ok(Self(values))
    }

    /// The amounts, ascending.
    pub fn values(&self) -> &[u64] {
        &self.0
    }

    /// The largest amount.
    pub(crate) fn max(&self) -> u64 {
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
pub(crate) struct Periodic {
    /// g(0), g(1), … up to the end of the first period.
    values: Vec<u8>,
    pub(crate) preperiod: u64,
    pub(crate) period: u64,
}

/// The most values computed while looking for the period of a game being valued.
pub(crate) const SEARCH_LIMIT: usize = 4_000_000;

/// The values of a subtraction game by mex, from g(0), as far as [`values_until_period`]
/// computed them, and the period they prove, if any.
#[derive(Debug, Clone)]
pub struct Looked {
    /// g(0), g(1), …: at most `limit` values.
    pub values: Vec<u8>,
    pub period: Option<Period>,
}

/// The one period finder of a subtraction game: values by mex over explicit options, looked at
/// by [`period::find`] with the window certificate (m = max S) each time their count doubles
/// (from 256), until a period is proven or `limit` values are computed. Doubling keeps the
/// whole search linear: the values are extended, never recomputed. `cancel` is polled at every
/// doubling and every 65 536 values.
pub fn values_until_period(
    set: &SubtractionSet,
    limit: usize,
    cancel: &Cancel,
) -> Result<Looked, Interrupted> {
    let certificate = Certificate::Window { m: set.max() };
    let amounts: Vec<usize> = set
        .values()
        .iter()
        .filter_map(|&s| usize::try_from(s).ok())
        .collect();
    let mut values: Vec<u8> = Vec::new();
    let mut look_at = 256.min(limit);
    loop {
        while values.len() < look_at {
            let n = values.len();
            if n.is_multiple_of(65_536) {
                cancel.check()?;
            }
            let g = mex(amounts
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| Grundy::from(values[n - s])));
            // g ≤ |S| ≤ MAX_SET_LEN, so it fits a byte.
            values.push(u8::try_from(g).unwrap_or(u8::MAX));
        }
        cancel.check()?;
        let period = period::find(&values, certificate);
        if period.is_some() || look_at >= limit {
            return Ok(Looked { values, period });
        }
        look_at = look_at.saturating_mul(2).min(limit);
    }
}

impl Periodic {
    /// Computes the sequence by mex over explicit options until its period shows, within
    /// [`SEARCH_LIMIT`] values; `None` if no period is proven by then.
    pub(crate) fn find(set: &SubtractionSet) -> Result<Option<Self>, Interrupted> {
        let Looked { mut values, period } = values_until_period(set, SEARCH_LIMIT, &Cancel::new())?;
        let Some(period) = period else {
            return Ok(None);
        };
        values.truncate(usize::try_from(period.preperiod + period.period).unwrap_or(usize::MAX));
        Ok(Some(Self {
            values,
            preperiod: period.preperiod,
            period: period.period,
        }))
    }

    /// g(n) as computed by mex: for n below preperiod + period.
    pub(crate) fn computed_value(&self, n: u64) -> Option<Grundy> {
        let index = usize::try_from(n).ok()?;
        self.values.get(index).map(|&g| Grundy::from(g))
    }

    /// The largest n computed by mex.
    pub(crate) fn computed(&self) -> u64 {
        self.preperiod + self.period - 1
    }

    /// g(n), for any n: computed, or by the period from a computed value (`None` only if the
    /// values did not reach preperiod + period, which `find` never makes).
    pub(crate) fn value(&self, n: u64) -> Option<Grundy> {
        let index = if n < self.preperiod + self.period {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.computed_value(index)
    }
}

/// A subtraction game: take s from a pile for some s in the set; the last mover wins.
impl Game for SubtractionSet {
    /// The largest amount first, so the piles left rise.
    fn options<'a>(
        &'a self,
        pile: Pile,
        _: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError> {
        let n = pile.size;
        Ok(Box::new(
            self.values()
                .iter()
                .rev()
                .filter(move |&&s| s <= n)
                .map(move |&s| Heaps::One(Pile::plain(n - s))),
        ))
    }

    /// One option for each amount of the set, at most.
    fn options_of_size(&self, _: u64) -> u128 {
        self.values().len() as u128
    }

    fn is_option(&self, from: Pile, to: &Heaps, _: &mut Budget) -> Result<bool, EngineError> {
        Ok(single(to.clone()).is_some_and(|to| {
            to.size < from.size && self.values().contains(&(from.size - to.size))
        }))
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
        let p = Periodic::find(&SubtractionSet::parse("1,3,4").unwrap())
            .unwrap()
            .unwrap();
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
            let p = Periodic::find(&SubtractionSet::parse(&text.join(",")).unwrap())
                .unwrap()
                .unwrap();
            for n in 0..300 {
                assert_eq!(p.value(n), Some(brute(set, n)), "S={set:?} n={n}");
            }
        }
    }
}
