//! Computations the engine refuses because they would need more work than nimlab allows:
//! what was asked for, with the numbers, and the limit it would pass. Data only; nimlab's
//! renderer words it.
//!
//! A ruleset is named here as written (`rules.to_string()`), never as a `Rules`: the rulesets'
//! code returns `EngineError`, which holds this type, so naming them here would close a circle.

use crate::Pile;

/// What a search of a tuple game's positions ran past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TupleLimit {
    /// The work limit, in options examined.
    Work(u64),
    /// The most positions of one game nimlab keeps.
    States(usize),
}

/// A computation refused before it could hang, each variant named for what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TooMuchWork {
    /// Values of an octal game (its code as written, `0.77`) at a heap past `max`, the largest
    /// its value table indexes.
    OctalHeap { code: String, max: u64 },
    /// A value of an octal game, computed up to heap `upto`, wider than `max`.
    OctalValue { code: String, upto: u64, max: u64 },
    /// Values of an octal game (its ruleset as written, `octal:0.77`) up to heap `upto`,
    /// stopped at the work limit of `options` options examined; `reached` is the largest heap
    /// valued, if any.
    OctalBudget {
        rules: String,
        upto: u64,
        options: u64,
        reached: Option<u64>,
    },
    /// A search of a position's game tree deeper than `moves` moves.
    GameTreeDepth { moves: u64 },
    /// A search of a position's game tree past `moves` moves examined.
    GameTreeMoves { moves: u64 },
    /// The period of a subtraction game not found within the first `values` values.
    /// (`set` as written, `1,3,4`).
    SubtractionPeriod { set: String, values: u64 },
    /// A table by mex up to `upto`, past the largest table, `max`.
    Table { upto: u64, max: u64 },
    /// A table of `rules` (as written) by mex up to `upto`, stopped at the work limit of
    /// `options` options examined when it had reached g(`reached`).
    TableBudget {
        rules: String,
        upto: u64,
        options: u64,
        reached: u64,
    },
    /// A table of `rows` positions of a graph that has `positions`.
    GraphTable { rows: u64, positions: u64 },
    /// Values by mex up to `upto`, past the largest range, `max`.
    Values { upto: u64, max: u64 },
    /// Every position of up to `piles` piles of size at most `max`, past the search's limits;
    /// `fits` is the largest smaller `max` that keeps within them, if any.
    Exhaustive {
        piles: u64,
        max: u64,
        fits: Option<u64>,
    },
    /// Every position of up to `piles` piles of size at most `max` of `rules` (as written),
    /// whose moves may split a pile, past the limits of the search that follows splits.
    ExhaustiveSplits { rules: String, piles: u64, max: u64 },
    /// Every position of `rules` (as written), a defined game whose piles are tuples, with each
    /// part at most `max`: more tuples than the search lists, or tuples of any length.
    ExhaustiveTuples { rules: String, max: u64 },
    /// Every position of up to `piles` states of `rules` (as written), a game of tuples, with
    /// each part at most `max`: more positions than the search holds; `fits` is the largest
    /// `max` that does not.
    TuplePositions {
        rules: String,
        piles: u64,
        max: u64,
        fits: Option<u64>,
    },
    /// Every position of `rules` (as written), a game of tuples, with each part at most `max`:
    /// about `bytes` to hold, past the memory limit `limit`; `fits` is the largest `max`
    /// within it.
    TupleMemory {
        rules: String,
        max: u64,
        bytes: u64,
        limit: u64,
        fits: Option<u64>,
    },
    /// Every position of `rules`, where a move from `from` leads to `to`, from which play can
    /// come back to `from`: all three as the ruleset writes them (`Rules::name_of`).
    ExhaustiveOrder {
        rules: String,
        from: String,
        to: String,
    },
    /// An expression valuing `token` of `rules` by mex, whose budget of `steps` ran out with
    /// values computed up to g(`reached`), if any; `extend_to` is the `period --to` that
    /// looks further.
    ExpressionBudget {
        token: String,
        rules: String,
        steps: u64,
        reached: Option<u64>,
        extend_to: u64,
    },
    /// The options of `pile` listed by `mexset`, which goes up to size `max`.
    Mexset { pile: Pile, max: u64 },
    /// A table by size of a defined game whose states are tuples, which have no sizes.
    TupleTable { game: String },
    /// The moves of `state` of a defined game, listed whole, past the work limit of `options`
    /// (options and steps of the rule counted): refused rather than handed out short.
    DefinedOptionsOf {
        game: String,
        state: String,
        options: u64,
    },
    /// A defined game valued up to `state`, past `max`.
    DefinedState { game: String, state: u64, max: u64 },
    /// A defined game valued up to `upto`, stopped at the work limit of `options` options
    /// examined; `reached` is the largest state valued, if any.
    DefinedBudget {
        game: String,
        upto: u64,
        options: u64,
        reached: Option<u64>,
    },
    /// A position `state` of a defined game whose states are tuples, valued by searching every
    /// tuple its play reaches, past `limit`.
    TupleSearch {
        game: String,
        state: String,
        limit: TupleLimit,
    },
    /// A defined game valued up to `upto` would keep more than `max` options.
    DefinedOptions {
        game: String,
        upto: u64,
        max: u64,
        reached: Option<u64>,
    },
}
