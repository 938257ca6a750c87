//! Results of the proof explorer: expression values, derivations, conjectures, proof steps and
//! exhaustive verification. Data only; `render` words them.

use crate::engine::{GrundyRow, Rules};
use crate::expr::{Int, Value};

/// `= EXPR`: the expression as evaluated and its value.
#[derive(Debug, Clone)]
pub struct ValueReport {
    pub expr: String,
    pub value: Value,
}

/// `derive`: states' derivations by mex, in table order.
#[derive(Debug, Clone)]
pub struct Derivation {
    pub rules: Rules,
    pub rows: Vec<GrundyRow>,
    /// When stepping: the 1-based number of the first row shown and how many there are.
    pub step: Option<(usize, usize)>,
}

/// `conjecture`: a formula for Grundy values checked against brute force.
#[derive(Debug, Clone)]
pub struct ConjectureReport {
    /// The formula as written.
    pub formula: String,
    pub rules: Rules,
    /// The claimed side with its variable, such as `g(nT)`.
    pub claimed: String,
    /// The checked domain as written, such as `n = 0..1000`.
    pub domain: String,
    /// How many states were compared.
    pub checked: usize,
    pub outcome: ConjectureOutcome,
}

/// Whether the formula agreed with every brute-force value.
#[derive(Debug, Clone)]
pub enum ConjectureOutcome {
    Holds,
    Fails {
        /// The first counterexample.
        n: Int,
        /// What the formula gives there.
        formula_value: Int,
        /// The brute-force derivation of that state.
        row: GrundyRow,
        /// How many states of the domain fail in all, and the first few of them.
        failures: usize,
        first_failures: Vec<Int>,
        /// A patched formula when only one state fails.
        fix: Option<String>,
    },
}
