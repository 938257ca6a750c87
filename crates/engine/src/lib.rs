//! The pure game theory of nimlab: mex, rulesets, Grundy values, nim-sums, verdicts and
//! winning moves.
//!
//! Nothing here does IO, formats for people, colours or parses YAML: it takes numbers and
//! returns values, so it reads like the mathematics and can be tested against brute force.

pub mod error;
pub mod families;
pub mod limits;
pub mod notation;
pub mod play;
pub mod searches;
pub mod values;

pub use error::EngineError;
pub use families::rules::Rules;
pub use limits::cancel::{Cancel, Interrupted};
pub use limits::too_much_work::TooMuchWork;
pub use notation::heaps::Heaps;
pub use notation::pile::{Pass, Pile};
pub use play::judgement::{Judgement, Outcome};
pub use play::outcome::Player;
pub use play::position::Verdict;
pub use play::strategy::Move;
pub use values::grundy::{GrundyRow, Known, Method};

/// A Grundy value. Wider than a pile size: in zero-move Nim, g(nT) = n + 1 for odd n, so
/// u64::MAX as a pile has the value 2^64.
pub type Grundy = u128;
