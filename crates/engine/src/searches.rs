//! Searches that try every move: one position, every position up to a size, misère play, reachable positions, verification, bulk streams.

pub mod bulk;
pub mod colex;
pub mod exhaustive;
pub mod misere_play;
pub mod reachable;
pub mod search;
pub mod verify;
