//! `decide SENTENCE`: a first-order sentence in the decider's syntax, decided for every value
//! within the session's budget and Ctrl-C.

use std::collections::BTreeMap;
use std::time::Instant;

use super::Session;
use crate::error::Error;
use crate::output::{DecideReport, Output};
use crate::proof::sentence;
use crate::proof::{DecideOutcome, SentenceError};

/// The work one sentence typed by a user may take by default: the worst case measured ends
/// within 30 s on a loaded two-core machine (see BENCHMARKS.md). `decide --work` sets another.
pub(super) const DEFAULT_WORK: u64 = 50_000_000;
/// Work units per state an automaton may have: the default allows 1 000 000 states, and a
/// larger `--work` proportionally more (never fewer than the default's).
const WORK_PER_STATE: u64 = DEFAULT_WORK / 1_000_000;

/// The decider's limits for `--work` (or the default).
pub(super) fn limits(work: Option<u64>) -> decide::Limits {
    let max_work = work.unwrap_or(DEFAULT_WORK);
    let states = |work: u64| usize::try_from(work / WORK_PER_STATE).unwrap_or(usize::MAX);
    decide::Limits {
        max_states: states(max_work).max(states(DEFAULT_WORK)),
        max_work,
    }
}

pub(super) fn decide(
    session: &Session,
    words: &[String],
    explain: bool,
    limits: decide::Limits,
) -> Result<Output, Error> {
    let text = words.join(" ");
    let formula = sentence::formula(&text, &BTreeMap::new()).map_err(|error| Error::Sentence {
        text: text.clone(),
        error,
    })?;
    if let Some(free) = formula.free_vars().first() {
        return Err(Error::Sentence {
            text,
            error: SentenceError::FreeVariable { name: free.clone() },
        });
    }
    // Ctrl-C and the memory limit both stop the decider (`check` reads both).
    let cancel = || session.cancel.check().is_err();
    let started = Instant::now();
    let outcome = sentence::decide_formula(&formula, limits, &cancel);
    let elapsed = started.elapsed();
    if let DecideOutcome::Refused(decide::DecideError::Cancelled) = outcome {
        return Err(Error::interrupted());
    }
    Ok(Output::Decided(DecideReport {
        sentence: text.trim().to_string(),
        outcome,
        elapsed,
        explain,
        work: limits.max_work,
    }))
}

/// `decide --dot FORMULA`: the minimal automaton of a formula (free variables allowed), as
/// Graphviz DOT: what the decider builds, to look at.
pub(super) fn automaton(
    session: &Session,
    words: &[String],
    limits: decide::Limits,
) -> Result<Output, Error> {
    let text = words.join(" ");
    let formula = sentence::formula(&text, &BTreeMap::new()).map_err(|error| Error::Sentence {
        text: text.clone(),
        error,
    })?;
    let cancel = || session.cancel.check().is_err();
    let started = Instant::now();
    match decide::compile(&formula, limits, &cancel) {
        Ok(compiled) => Ok(Output::Drawing(crate::output::Drawing::Text(
            compiled.to_dot(),
        ))),
        Err(decide::DecideError::Cancelled) => Err(Error::interrupted()),
        // A limit: said as `decide` says it.
        Err(error) => Ok(Output::Decided(DecideReport {
            sentence: text.trim().to_string(),
            outcome: DecideOutcome::Refused(error),
            elapsed: started.elapsed(),
            explain: false,
            work: limits.max_work,
        })),
    }
}
