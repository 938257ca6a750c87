//! The JSON pieces several outputs share (a move, a state with its value) and the writer of
//! one JSON line: a leaf under every renderer of JSON, so none of them names the dispatcher.

use std::io::{self, Write};

use serde::Serialize;

use crate::engine::{Grundy, Move, Rules};

/// Writes `value` as one line of JSON.
pub(super) fn emit<T: Serialize + ?Sized>(value: &T, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// A state and its Grundy value, as an option in a row: `{"grundy": 3, "state": "4T"}`.
#[derive(Serialize)]
pub(super) struct StateValue {
    pub grundy: Grundy,
    pub state: String,
}

/// A move: `{"from": "7T", "pile": 2, "take": 5, "to": "2T"}`; a graph's moves take no tokens,
/// so `take` is left out.
#[derive(Serialize)]
pub(super) struct MoveJson {
    pub from: String,
    pub pile: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub take: Option<u64>,
    pub to: String,
}

impl MoveJson {
    /// A move with its states named by `rules` (a graph's position names).
    pub(super) fn named(rules: &Rules, m: &Move) -> Self {
        Self {
            from: rules.name_of(m.from),
            pile: pile_number(m.index),
            take: m.take(rules),
            to: rules.name_of_heaps(&m.after()),
        }
    }
}

/// A 0-based pile index as the 1-based number users see.
pub(super) fn pile_number(index: usize) -> u64 {
    u64::try_from(index).map_or(u64::MAX, |i| i.saturating_add(1))
}
