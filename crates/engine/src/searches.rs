//! Searches that try every move: one position, every position up to a size, misère play, reachable positions, verification, bulk streams.

pub(crate) mod bulk;
pub(crate) mod colex;
pub(crate) mod exhaustive;
pub mod misere_play;
pub mod reachable;
pub(crate) mod search;
pub(crate) mod verify;
