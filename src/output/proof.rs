//! Results of the proof explorer: expression values, derivations, conjectures, proof steps and
//! exhaustive verification. Data only; `render` words them.

use crate::engine::{GrundyRow, Pile, Player, Rules};
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
