//! What a table of misère Nim shows, in words: the piles' normal-play Grundy values, which do
//! not decide misère play on their own — Bouton's misère rule does.

use crate::engine::Rules;

/// The heading's subject: "Grundy values of nim", or for misère Nim "Normal-play Grundy values
/// of single misere piles".
pub(super) fn values_of(rules: &Rules) -> String {
    if rules.is_misere() {
        format!("Normal-play Grundy values of single {rules} piles")
    } else {
        format!("Grundy values of {rules}")
    }
}

/// Said under every misère table and value: what the numbers are, and what decides play.
pub(super) const NOTE: &str = "These are the piles' normal-play values, as in Nim: misère play is \
    not decided by their nim-sum alone. Bouton's misère rule decides it: if every pile is 0 \
    or 1, the player to move wins iff the number of 1-piles is even; otherwise iff the \
    nim-sum is not 0 (see `winner`).";
