//! Why a definition could not list a state's options, or could not be read at all: data,
//! worded in `render/expr_error.rs`. The engine, which cannot name nimlab, carries the words
//! as the rule's own (`FailedWhy::Said`).

use crate::expr::{ExprError, Int, Needed, Value};

/// A definition's failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DefinitionFailure {
    /// A state's options could not be listed: why, and the definition's text where (`at`).
    Options { why: OptionsWhy, at: String },
    /// A definition nimlab wrote (`bundled`: one of the library's; else one made from a
    /// family, `subtract:^S`) does not parse.
    Unparsed { bundled: bool, error: ExprError },
}

/// Why a state's options could not be listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionsWhy {
    /// A value of the wrong kind.
    Type { needed: Needed, found: Value },
    /// An option of a game of tuples that is not a tuple of `parts.len()` numbers; `parts`
    /// are the names of the state's parts.
    TupleWanted { parts: Vec<String> },
    /// A tuple among the options of a game whose states are numbers.
    TupleInNumbers,
    /// A run `lo..hi` of `count` heaps, more than the `state` allows (each heap is a smaller
    /// state, and a run's heaps differ).
    LongRun {
        lo: Int,
        hi: Int,
        count: u128,
        state: u64,
    },
    /// An option's heap that is not a state (below 0, or above 2^64 − 1).
    NotAState { heap: Int },
    /// The expression failed.
    Expr(ExprError),
}
