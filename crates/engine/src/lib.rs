//! The pure game theory of nimlab: mex, rulesets, Grundy values, nim-sums, verdicts and
//! winning moves.
//!
//! Nothing here does IO, formats for people, colours or parses YAML: it takes numbers and
//! returns values, so it reads like the mathematics and can be tested against brute force.

pub mod budget;
pub mod bulk;
pub mod cancel;
pub mod colex;
pub mod defined;
pub mod error;
pub mod exhaustive;
pub mod game;
pub mod graph;
pub mod grundy;
pub mod hackenbush;
pub mod hackenbush_syntax;
pub mod hackenbush_write;
pub mod heaps;
pub mod library_form;
pub mod loopy;
pub mod memory;
pub mod mex;
pub mod misere_play;
pub mod moore;
pub mod moves;
pub mod nim_product;
// Five `as` casts in the octal engine (octal.rs: `d as u8`; octal_sequence.rs: `n as u32`,
// `i as u32`, `p.size as usize`, `mex(set) as u16`) are left to the rework of that engine.
#[allow(clippy::cast_possible_truncation)]
pub mod octal;
#[allow(clippy::cast_possible_truncation)]
pub mod octal_sequence;
pub mod octal_values;
pub mod period;
pub mod pile;
pub mod position;
pub mod quote;
pub mod reachable;
pub mod reply;
pub mod rules;
pub mod ruleset_name;
pub mod search;
pub mod sequence;
pub mod staircase;
pub mod stopped;
pub mod strategy;
pub mod subtraction;
pub mod sum;
pub mod sum_game;
pub mod take_any;
pub mod too_much_work;
pub mod value_range;
pub mod verify;

pub use cancel::{Cancel, Interrupted};
pub use error::EngineError;
pub use grundy::{GrundyRow, Known, Method};
pub use heaps::Heaps;
pub use pile::{Pass, Pile};
pub use position::{Player, Verdict};
pub use rules::Rules;
pub use strategy::Move;
pub use too_much_work::TooMuchWork;

/// A Grundy value. Wider than a pile size: in zero-move Nim, g(nT) = n + 1 for odd n, so
/// u64::MAX as a pile has the value 2^64.
pub type Grundy = u128;
