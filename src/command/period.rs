//! `period`: the preperiod and fundamental period of a game's Grundy sequence, with the finite
//! check that proves it, computed up to `--to N` (within a table's work limit). What it computes
//! for the session's own octal game, the session keeps for later lookups.

use std::sync::Arc;

use super::{Session, rules_or_session};
use crate::cli::RulesArg;
use crate::engine::Rules;
use crate::engine::budget::Budget;
use crate::engine::grundy::{GrundyTable, Solver, TABLE_MAX_SIZE, TABLE_WORK};
use crate::engine::octal_sequence::Strategy;
use crate::engine::octal_values::OctalValues;
use crate::engine::period::{self, Certificate};
use crate::engine::rules::parse_size;
use crate::engine::sequence::Sequence;
use crate::error::Error;
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
                Error::bad_token(token, format!("a heap size from 1 to {TABLE_MAX_SIZE}"))
            })?,
    };
    let solver = rules_or_session(session, arg)?;
    let rules = solver.rules().clone();
    // limit ≤ TABLE_MAX_SIZE, which fits a usize.
    let upto = usize::try_from(limit).unwrap_or(usize::MAX);
    let (values, found, by): (Arc<[u16]>, _, _) = match &rules {
        Rules::Octal(code) => {
            let v = OctalValues::compute(
                code,
                upto,
                &mut Budget::new(TABLE_WORK).cancelled_by(&session.cancel),
            )?;
            let by = match v.strategy() {
                Strategy::Sparse => ValuesBy::Sparse,
                Strategy::Plain => ValuesBy::Plain,
            };
            let found = (v.values().into(), v.period(), by);
            session.remember(&Solver::from_octal(v));
            found
        }
        Rules::Subtract(set) => {
            let certificate = Certificate::Window { m: set.max() };
            let mut upto = 256.min(upto);
            loop {
                let table = GrundyTable::compute_with(&rules, upto as u64, &session.cancel)?;
                let values: Vec<u16> = (0..=upto as u64)
                    .map(|n| {
                        let g = table.value(rules.pile(n)).unwrap_or(0);
                        // Subtraction values are at most |S| ≤ 64.
                        u16::try_from(g).unwrap_or(u16::MAX)
                    })
                    .collect();
                let found = period::find(&values, certificate);
                if found.is_some() || upto as u64 >= limit {
                    break (values.into(), found, ValuesBy::Window);
                }
                upto = (upto * 2).min(usize::try_from(limit).unwrap_or(usize::MAX));
            }
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
    }))
}
