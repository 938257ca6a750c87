//! An octal game's values, computed by mex as far as they are asked for and a work budget
//! allows, with the period they prove (Guy–Smith) once they prove one: what the solver uses
//! for lookups and `period` reports.

use std::sync::Arc;

use crate::families::octal::OctalCode;
use crate::limits::budget::Budget;
use crate::values::octal_sequence::{Extent, OctalSequence, Strategy};
use crate::values::period::{self, Certificate, Period};
use crate::{EngineError, Grundy};

/// The first size at which a period is looked for; then each time the values grow by an eighth
/// (a look costs about one comparison per value, computing a value hundreds of options, so
/// looking often stops the computation soon after the values prove the period).
const FIRST_CHECK: usize = 256;

/// The size after `at` at which a period is looked for next.
fn next_check(at: usize) -> usize {
    at.saturating_add(at / 8)
}

/// Values of an octal game, and its period if the values prove one.
#[derive(Debug, Clone)]
pub struct OctalValues {
    /// Shared between clones of a solver; copied only when one of them computes further.
    seq: Arc<OctalSequence>,
    period: Option<Period>,
    /// The next size at which a period is looked for.
    next_check: usize,
}

impl OctalValues {
    /// No values yet.
    pub fn new(code: &OctalCode) -> Self {
        Self {
            seq: Arc::new(OctalSequence::new(code)),
            period: None,
            next_check: FIRST_CHECK,
        }
    }

    /// Computes values until a period is proven or g(limit) is reached (see
    /// [`OctalValues::extend`]); refuses if the budget runs out before either.
    pub fn compute(
        code: &OctalCode,
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Self, EngineError> {
        let mut values = Self::new(code);
        budget.begin(limit as u64);
        match values.extend(limit, budget)? {
            Extent::Done => Ok(values),
            Extent::BudgetSpent => Err(values.out_of_budget(limit, budget)),
        }
    }

    /// As [`OctalValues::compute`], but when the budget runs out first the values computed so
    /// far are kept and returned with [`Extent::BudgetSpent`] (as `period` shows them).
    pub fn compute_as_far_as(
        code: &OctalCode,
        limit: usize,
        budget: &mut Budget,
    ) -> Result<(Self, Extent), EngineError> {
        let mut values = Self::new(code);
        budget.begin(limit as u64);
        let extent = values.extend(limit, budget)?;
        Ok((values, extent))
    }

    /// Computes values toward g(upto), looking for the period at 256 and each eighth more, at
    /// `upto` and where the budget runs out, and stopping as soon as one is proven (every value is then
    /// known). `Done` means every heap up to `upto` has its value.
    pub fn extend(&mut self, upto: usize, budget: &mut Budget) -> Result<Extent, EngineError> {
        let certificate = Self::certificate(self.seq.code());
        while self.period.is_none() && self.seq.values().len() <= upto {
            let target = self.next_check.min(upto);
            let seq = Arc::make_mut(&mut self.seq);
            let progress = seq.extend_to(target, budget)?;
            self.period = period::find(seq.values(), certificate);
            if progress == Extent::BudgetSpent && self.period.is_none() {
                return Ok(Extent::BudgetSpent);
            }
            if target == self.next_check {
                self.next_check = next_check(self.next_check);
            }
        }
        Ok(Extent::Done)
    }

    /// The refusal when the budget ran out before g(upto) or a period.
    pub(crate) fn out_of_budget(&self, upto: usize, budget: &Budget) -> EngineError {
        crate::TooMuchWork::OctalBudget {
            rules: crate::Rules::Octal(self.seq.code().clone()).to_string(),
            upto: upto as u64,
            options: budget.limit(),
            reached: self.computed(),
        }
        .into()
    }

    /// The Guy–Smith certificate for this code: t is the most tokens a move removes; its
    /// bound is larger when a move may leave three heaps.
    pub(crate) fn certificate(code: &OctalCode) -> Certificate {
        let t = code.max_take() as u64;
        if code.splits_in_three() {
            Certificate::GuySmithThree { t }
        } else {
            Certificate::GuySmith { t }
        }
    }

    pub(crate) fn code(&self) -> &OctalCode {
        self.seq.code()
    }

    /// g(0), g(1), … as computed.
    pub fn values(&self) -> &[u16] {
        self.seq.values()
    }

    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Whether the rare/common split was in use at the end.
    pub fn strategy(&self) -> Strategy {
        self.seq.strategy()
    }

    /// The largest heap computed, if any.
    pub fn computed(&self) -> Option<u64> {
        (self.seq.values().len() as u64).checked_sub(1)
    }

    /// g(n) as computed by mex, or `None` beyond the computed values.
    pub(crate) fn computed_value(&self, n: u64) -> Option<Grundy> {
        let index = usize::try_from(n).ok()?;
        self.seq.values().get(index).map(|&g| Grundy::from(g))
    }

    /// g(n) by the proven period from a computed value, for n beyond the computed values.
    pub(crate) fn periodic_value(&self, n: u64) -> Option<(Grundy, Period)> {
        let p = self.period?;
        // The period was proven on computed values, so preperiod + period is among them.
        let index = if n < p.preperiod + p.period {
            n
        } else {
            p.preperiod + (n - p.preperiod) % p.period
        };
        self.computed_value(index).map(|g| (g, p))
    }

    /// g(0), …, g(upto): the computed values, then (past them) the proven period repeated; or
    /// `None` when neither reaches `upto`. What a table of the sequence holds.
    pub fn sequence_to(&self, upto: usize) -> Option<PeriodicTail> {
        let computed = self.seq.values();
        let len = upto.checked_add(1)?;
        if len <= computed.len() {
            return Some(PeriodicTail {
                values: computed[..len].to_vec(),
                period: None,
            });
        }
        let p = self.period?;
        // The period was proven on computed values: preperiod + period of them at least.
        let start = usize::try_from(p.preperiod).ok()?;
        let period = usize::try_from(p.period).ok()?;
        let block = computed.get(start..start.checked_add(period)?)?;
        let mut values = Vec::with_capacity(len);
        values.extend_from_slice(computed);
        // g(n) = g(n − period) for n ≥ preperiod + period, so each value past the computed
        // ones is the one a whole number of periods back in the first block.
        let mut offset = (computed.len() - start) % period;
        while values.len() < len {
            let take = (period - offset).min(len - values.len());
            values.extend_from_slice(&block[offset..offset + take]);
            offset = 0;
        }
        Some(PeriodicTail {
            values,
            period: Some((computed.len() as u64 - 1, p)),
        })
    }
}

/// A stretch g(0), g(1), … of an octal game's values, and how the ones past the computed
/// values were found.
#[derive(Debug, Clone)]
pub struct PeriodicTail {
    pub values: Vec<u16>,
    /// When values past the computed ones were read off the proven period: the last heap
    /// computed by mex, and the period.
    pub(crate) period: Option<(u64, Period)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(code: &str) -> Period {
        let code = OctalCode::parse(code).unwrap();
        OctalValues::compute(&code, 100_000, &mut Budget::new(u64::MAX))
            .unwrap()
            .period()
            .unwrap()
    }

    #[test]
    fn known_periods() {
        // Winning Ways: Kayles has period 12, last exceptional value at n = 70.
        let k = found("0.77");
        assert_eq!((k.preperiod, k.period), (71, 12));
        // Dawson's Kayles 0.07: period 34, last exception at n = 52 (0.07 indexing).
        let d = found("0.07");
        assert_eq!((d.preperiod, d.period), (53, 34));
    }

    #[test]
    fn stops_when_the_budget_is_spent_and_keeps_what_it_computed() {
        // 0.007 (Treblecross) proves no period early: 5 000 heaps cost about 5000²/4 options.
        let code = OctalCode::parse("0.007").unwrap();
        let mut budget = Budget::new(1_000_000);
        let mut v = OctalValues::new(&code);
        assert_eq!(v.extend(5_000, &mut budget).unwrap(), Extent::BudgetSpent);
        let reached = v.computed().unwrap();
        assert!((1_000..5_000).contains(&reached), "{reached}");
        assert!(v.computed_value(reached + 1).is_none());
        assert!(v.periodic_value(reached + 1).is_none());
        // A budget spent at most one heap's work (under 2 500 options) past its limit.
        assert!(budget.spent() < 1_000_000 + 2_500, "{}", budget.spent());
        // More budget goes on from there.
        assert_eq!(
            v.extend(5_000, &mut Budget::new(u64::MAX)).unwrap(),
            Extent::Done
        );
        assert_eq!(v.computed(), Some(5_000));
        let err = OctalValues::compute(&code, 5_000, &mut Budget::new(1_000)).unwrap_err();
        assert!(format!("{err:?}").contains("options: 1000,"), "{err:?}");
        // As far as the budget goes: the same values, handed back rather than refused.
        let (partial, extent) =
            OctalValues::compute_as_far_as(&code, 5_000, &mut Budget::new(1_000_000)).unwrap();
        assert_eq!(extent, Extent::BudgetSpent);
        assert_eq!(partial.computed(), Some(reached));
        assert_eq!(
            partial.values(),
            &v.values()[..=usize::try_from(reached).unwrap()]
        );
    }
}
