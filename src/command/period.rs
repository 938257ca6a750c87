//! `period`: the preperiod and fundamental period of a game's Grundy sequence, with the finite
//! check that proves it, computed up to `--to N` (within a table's work limit). What it computes
//! for the session's own octal game, the session keeps for later lookups.

use std::sync::Arc;

use super::{Session, rules_or_session};
use crate::cli::RulesArg;
use crate::engine::Budget;
use crate::engine::Extent;
use crate::engine::OctalValues;
use crate::engine::Rules;
use crate::engine::Sequence;
use crate::engine::Strategy;
use crate::engine::parse_size;
use crate::engine::values_until_period;
use crate::engine::{Solver, TABLE_MAX_SIZE, TABLE_WORK};
use crate::error::{Error, Expected};
use crate::output::{Output, PeriodReport, ValuesBy};

/// Heaps looked at unless `--to` says otherwise.
pub(super) const DEFAULT_TO: u64 = 100_000;

pub(super) fn period(
    session: &mut Session,
    arg: &RulesArg,
    to: Option<&str>,
    table: bool,
) -> Result<Output, Error> {
    let limit = match to {
        None => DEFAULT_TO,
        Some(token) => parse_size(token)
            .ok()
            .filter(|&n| (1..=TABLE_MAX_SIZE).contains(&n))
            .ok_or_else(|| {
                Error::bad_token(
                    token,
                    Expected::HeapSizeUpTo {
                        max: TABLE_MAX_SIZE,
                    },
                )
            })?,
    };
    let solver = rules_or_session(session, arg)?;
    let rules = solver.rules().clone();
    // limit ≤ TABLE_MAX_SIZE, which fits a usize.
    let upto = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut stopped = None;
    let (values, found, by): (Arc<[u16]>, _, _) = match &rules {
        Rules::Octal(code) => {
            // Stopped by the work limit, the values reached are still shown: what they look
            // like says more than a refusal to look.
            let (v, extent) = OctalValues::compute_as_far_as(
                code,
                upto,
                &mut Budget::new(TABLE_WORK).cancelled_by(&session.cancel),
            )?;
            stopped = (extent == Extent::BudgetSpent).then_some(TABLE_WORK);
            let by = match v.strategy() {
                Strategy::Sparse => ValuesBy::Sparse,
                Strategy::Plain => ValuesBy::Plain,
            };
            let found = (v.values().into(), v.period(), by);
            session.remember(&Solver::from_octal(v));
            found
        }
        Rules::Subtract(set) => {
            // g(0) … g(limit): limit + 1 values.
            let looked = values_until_period(set, upto.saturating_add(1), &session.cancel)?;
            let values: Vec<u16> = looked.values.iter().map(|&g| u16::from(g)).collect();
            (values.into(), looked.period, ValuesBy::Window)
        }
        _ => {
            return Err(Error::NoPeriod { rules });
        }
    };
    Ok(Output::Period(PeriodReport {
        rules,
        sequence: Sequence::new(values, found),
        by,
        table,
        work_limit: stopped,
    }))
}
