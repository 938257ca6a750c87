//! A Grundy sequence g(0), g(1), … as far as it was computed, with its proven period if any:
//! the arithmetic of where the period starts, which values are exceptions and how one period
//! lays out in rows. No wording here; the renderer says it.

use std::sync::Arc;

use crate::values::growth::{Growth, growth};
use crate::values::period::Period;

/// Computed values g(0) ..= g(N) of a heap game and the period they prove, if any.
#[derive(Debug, Clone)]
pub struct Sequence {
    values: Arc<[u16]>,
    period: Option<Period>,
    growth: Option<Growth>,
}

/// An exceptional value: the last n before the period, with g(n) and g(n + p), which differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exception {
    pub n: u64,
    pub value: u16,
    pub value_a_period_on: u16,
}

impl Sequence {
    /// The values g(0), g(1), … and the period found in them.
    /// Without a proven period, the arithmetic pattern the values follow is looked for too.
    pub fn new(values: Arc<[u16]>, period: Option<Period>) -> Self {
        let growth = if period.is_none() {
            growth(&values)
        } else {
            None
        };
        Self {
            values,
            period,
            growth,
        }
    }

    /// Without a proven period: the arithmetic pattern the computed values follow, if any.
    /// Seen, not proven; never used for a value beyond those computed.
    pub fn growth(&self) -> Option<Growth> {
        self.growth
    }

    /// g(0), g(1), … g(N).
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The proven period, if the values prove one.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// g(n) as computed.
    pub(crate) fn value(&self, n: u64) -> Option<u16> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.values.get(i).copied())
    }

    /// The largest n computed (0 when nothing was).
    pub fn computed_to(&self) -> u64 {
        u64::try_from(self.values.len().saturating_sub(1)).unwrap_or(u64::MAX)
    }

    /// The last n before the period where g(n) ≠ g(n + p), with both values.
    pub fn last_exception(&self) -> Option<Exception> {
        let p = self.period?;
        let n = p.preperiod.checked_sub(1)?;
        Some(Exception {
            n,
            value: self.value(n)?,
            value_a_period_on: self.value(n.checked_add(p.period)?)?,
        })
    }

    /// Whether g(n) is exceptional: before the period and unlike g(n + p).
    pub fn is_exception(&self, n: u64) -> bool {
        self.period.is_some_and(|p| {
            n < p.preperiod && self.value(n) != n.checked_add(p.period).and_then(|m| self.value(m))
        })
    }

    /// One period of values, from the preperiod on.
    pub fn one_period(&self) -> Vec<u16> {
        self.period.map_or_else(Vec::new, |p| {
            (p.preperiod..p.preperiod.saturating_add(p.period))
                .filter_map(|n| self.value(n))
                .collect()
        })
    }

    /// The rows of the periodic table: each starts at a multiple of p and holds p values;
    /// the rows cover the preperiod and one full period after it.
    pub fn table_rows(&self) -> Vec<(u64, Vec<u16>)> {
        let Some(p) = self.period else {
            return Vec::new();
        };
        let end = p.preperiod.saturating_add(p.period);
        let rows = end.div_ceil(p.period);
        (0..rows)
            .map(|r| {
                let start = r * p.period;
                let values = (start..start + p.period)
                    .filter_map(|n| self.value(n))
                    .collect();
                (start, values)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::period::Certificate;

    /// 5 9 | 1 2 1 3 1 2 1 3 …: period 4 from n₀ = 2, written out by hand.
    fn example() -> Sequence {
        let values = [5, 9, 1, 2, 1, 3, 1, 2, 1, 3, 1, 2];
        let period = Period {
            preperiod: 2,
            period: 4,
            certificate: Certificate::Window { m: 3 },
            checked_to: 5,
        };
        Sequence::new(values.as_slice().into(), Some(period))
    }

    #[test]
    fn exceptions_are_the_values_before_the_period_unlike_one_period_on() {
        let s = example();
        assert_eq!(s.computed_to(), 11);
        // g(1) = 9 but g(5) = 3; g(0) = 5 but g(4) = 1.
        assert_eq!(
            s.last_exception(),
            Some(Exception {
                n: 1,
                value: 9,
                value_a_period_on: 3
            })
        );
        assert!(s.is_exception(0) && s.is_exception(1));
        assert!(!s.is_exception(2));
        assert_eq!(s.one_period(), [1, 2, 1, 3]);
    }

    #[test]
    fn table_rows_start_at_multiples_of_the_period() {
        // Preperiod 2 + period 4 = 6 values to cover: rows at 0 and 4.
        assert_eq!(
            example().table_rows(),
            [(0, vec![5, 9, 1, 2]), (4, vec![1, 3, 1, 2])]
        );
    }

    #[test]
    fn without_a_period_there_is_nothing_to_lay_out() {
        let s = Sequence::new([0u16, 1, 2].as_slice().into(), None);
        assert_eq!(s.last_exception(), None);
        assert!(!s.is_exception(0) && s.table_rows().is_empty());
        assert_eq!(s.computed_to(), 2);
    }
}
