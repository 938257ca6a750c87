//! The pure game theory of nimlab: mex, rulesets, Grundy values, nim-sums, verdicts and
//! winning moves.
//!
//! Nothing here does IO, formats for people, colours or parses YAML: it takes numbers and
//! returns values, so it reads like the mathematics and can be tested against brute force.

mod error;
mod families;
mod limits;
mod notation;
mod play;
mod searches;
mod values;

// The front door: everything the rest of nimlab uses, named here, one level deep. The modules
// above are the engine's interior, reached only through these names; a few families of
// functions keep a namespace of their own (`memory::limit`, `moore::decide`), where their names
// alone would not say what they are about.

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
pub use values::mex::mex;

pub use error::{
    Beyond, CodeWhy, DefinitionRefusal, FailedWhy, GraphWhy, PictureWhy, PileWanted, SetWhy,
};
pub use families::defined::{BuiltIn, DefinedGame, Leaves, MAX_LENGTH, OptionRule, ProvenForm};
pub use families::game::{Can, Game};
pub use families::graph::GameGraph;
pub use families::hackenbush::{MAX_EDGES, Picture, PictureError, Piece, Valuation, winning_cut};
pub use families::octal::OctalCode;
pub use families::rules::{SizeError, parse_size};
pub use families::subtraction::{SubtractionSet, values_until_period};
pub use families::{loopy, moore, ruleset_name};
pub use limits::budget::Budget;
pub use limits::cancel::install_foreground;
pub use limits::too_much_work::TupleLimit;
pub use notation::pile::{MAX_PILE_TOKEN, MAX_SIZE_DIGITS, SHORT_WINDOW, is_space, token_excerpt};
pub use notation::quote::{QUOTE_MAX, quoted, shortened};
pub use notation::{hackenbush_syntax, hackenbush_write};
pub use play::game::{Side, Turn};
pub use play::judgement::Basis;
pub use play::moves::{IllegalMove, Request, apply, check, is_over};
pub use play::position::{Rule, verdict};
pub use play::reply::Intent;
pub use play::strategy::{top_bit, winning_move};
pub use play::sum::{Component, SumMove, SumVerdict, solve};
pub use play::sum_game::{MisereSum, Part, PartMove, SumGame, SumTurn, own_counter_move, piles_of};
pub use searches::bulk::{BulkMove, BulkSummary, BulkVerdict};
pub use searches::exhaustive::{
    Cores, Exhaustive, MAX_CODES, MAX_MOVES, MAX_POSITIONS, MAX_SPLIT_HEAPS, MAX_SPLIT_MOVES,
    MAX_SPLIT_POSITIONS,
};
pub use searches::search::{Memo, Search};
pub use searches::verify::{Verification, nimlab_rule, verify};
pub use searches::{misere_play, reachable};
pub use values::grundy::{Formula, GrundyTable, LOOKUP_WORK, Solver, TABLE_MAX_SIZE, TABLE_WORK};
pub use values::library_form::LibraryForm;
pub use values::nim_product::nim_product;
pub use values::octal_sequence::{Extent, OctalSequence, Strategy};
pub use values::octal_values::OctalValues;
pub use values::sequence::{Exception, Sequence};
pub use values::take_any::TakeAnyMex;
pub use values::value_range::ValueRange;

// Namespaces: a module whose functions are named for it.
pub use limits::memory;
pub use values::period;

/// A Grundy value. Wider than a pile size: in zero-move Nim, g(nT) = n + 1 for odd n, so
/// u64::MAX as a pile has the value 2^64.
pub type Grundy = u128;
