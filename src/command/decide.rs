//! `decide SENTENCE`: a first-order sentence in the decider's syntax, decided for every value
//! within the session's budget and Ctrl-C.

use std::collections::BTreeMap;
use std::time::Instant;

use super::Session;
use crate::error::Error;
use crate::output::{DecideReport, Output};
use crate::proof::sentence;
use crate::proof::{DecideOutcome, SentenceError};

/// The budget of one sentence typed by a user: about a minute of one core at most.
const LIMITS: decide::Limits = decide::Limits {
    max_states: 1_000_000,
    max_work: 200_000_000,
};

pub(super) fn decide(session: &Session, words: &[String], explain: bool) -> Result<Output, Error> {
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
    let outcome = sentence::decide_formula(&formula, LIMITS, &cancel);
    let elapsed = started.elapsed();
    if let DecideOutcome::Refused(decide::DecideError::Cancelled) = outcome {
        return Err(Error::interrupted());
    }
    Ok(Output::Decided(DecideReport {
        sentence: text.trim().to_string(),
        outcome,
        elapsed,
        explain,
    }))
}

/// `decide --dot FORMULA`: the minimal automaton of a formula (free variables allowed), as
/// Graphviz DOT: what the decider builds, to look at.
pub(super) fn automaton(session: &Session, words: &[String]) -> Result<Output, Error> {
    let text = words.join(" ");
    let formula = sentence::formula(&text, &BTreeMap::new()).map_err(|error| Error::Sentence {
        text: text.clone(),
        error,
    })?;
    let cancel = || session.cancel.check().is_err();
    let started = Instant::now();
    match decide::compile(&formula, LIMITS, &cancel) {
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
        })),
    }
}
