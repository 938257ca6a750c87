//! An octal game's values computed until a period is proven (Guy–Smith) or a limit is reached:
//! what the solver uses for lookups and `period` reports.

use std::sync::Arc;

use super::cancel::Cancel;
use super::octal::OctalCode;
use super::octal_sequence::{OctalSequence, Strategy};
use super::period::{self, Certificate, Period};
use super::{EngineError, Grundy};

/// The first size at which a period is looked for; then at each doubling.
const FIRST_CHECK: usize = 256;

/// Values of an octal game, and its period if the values prove one.
#[derive(Debug, Clone)]
pub struct OctalValues {
    code: OctalCode,
    values: Arc<[u16]>,
    period: Option<Period>,
    strategy: Strategy,
    /// Split options examined.
    work: u64,
}

impl OctalValues {
    /// Computes values until a period is proven or g(limit) is reached, looking for the period
    /// at 256, 512, … and at `limit`.
    pub fn compute(code: &OctalCode, limit: usize) -> Result<Self, EngineError> {
        Self::compute_with(code, limit, &Cancel::new())
    }

    /// [`OctalValues::compute`], stopping with `Interrupted` once `cancel` is cancelled; its
    /// progress counts values out of `limit`.
    pub fn compute_with(
        code: &OctalCode,
        limit: usize,
        cancel: &Cancel,
    ) -> Result<Self, EngineError> {
        cancel.begin(limit as u64);
        let mut seq = OctalSequence::new(code);
        let certificate = Self::certificate(code);
        let mut upto = FIRST_CHECK.min(limit);
        loop {
            seq.extend_with(upto, cancel)?;
            let found = period::find(seq.values(), certificate);
            if found.is_some() || upto >= limit {
                return Ok(Self {
                    code: code.clone(),
                    values: seq.values().into(),
                    period: found,
                    strategy: seq.strategy(),
                    work: seq.work(),
                });
            }
            upto = upto.saturating_mul(2).min(limit);
        }
    }

    /// The Guy–Smith certificate for this code: t is the most tokens a move removes.
    pub fn certificate(code: &OctalCode) -> Certificate {
        Certificate::GuySmith {
            t: code.max_take() as u64,
        }
    }

    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// g(0), g(1), … as computed.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Whether the rare/common split was in use at the end.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    pub fn work(&self) -> u64 {
        self.work
    }

    /// The largest heap computed.
    pub fn computed(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// g(n): computed, or by the proven period; `None` beyond both.
    pub fn value(&self, n: u64) -> Option<Grundy> {
        let index = match self.period {
            Some(p) if n >= p.preperiod + p.period => p.preperiod + (n - p.preperiod) % p.period,
            _ => n,
        };
        let index = usize::try_from(index).ok()?;
        self.values.get(index).map(|&g| Grundy::from(g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(code: &str) -> Period {
        let code = OctalCode::parse(code).unwrap();
        OctalValues::compute(&code, 100_000)
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
}
