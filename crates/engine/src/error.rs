//! What the engine refuses: malformed states, unknown rulesets, values out of exact range.

use std::fmt;

use crate::families::hackenbush::PictureError;
use crate::limits::too_much_work::TooMuchWork;
use crate::notation::hackenbush_syntax::WrittenError;

/// An input the engine cannot work with. Each variant names the offending token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// A ruleset name that is not one of the known rulesets.
    UnknownRules { token: String },
    /// A name that is neither a ruleset nor a ruleset followed by `-misere` (as `verify` takes).
    UnknownRulesOrMisere { token: String },
    /// A known ruleset name with its argument missing, or with one it does not take.
    MalformedRules {
        token: String,
        usage: String,
        example: Option<String>,
    },
    /// A subtraction set that is empty, contains 0 or a non-number.
    BadSubtractionSet { token: String, why: SetWhy },
    /// An octal code that is not `0.` or `4.` followed by octal digits.
    BadOctalCode { token: String, why: CodeWhy },
    /// `graph:FILE` reached the engine before its file was loaded.
    GraphNotLoaded { token: String },
    /// A defined game's name reached the engine before its definition was read.
    DefinitionNotLoaded { token: String },
    /// `game:NAME` where the session's rules are not a game defined as NAME.
    NoSessionGame { token: String },
    /// A game of the whole position (`moore:K`) where a ruleset of piles is needed.
    WholePositionGame { token: String },
    /// A game whose real positions are loopy and partizan in misère play (Northcott's: each
    /// player may retreat their own counters), which its definition, the impartial game that
    /// decides normal play, does not describe: misère play of it is refused, never answered as
    /// another game.
    MisereLoopy { game: String },
    /// Green Hackenbush (`hackenbush`), whose piles are pictures, where a ruleset of numbered
    /// piles is needed.
    PictureGame { token: String },
    /// A Hackenbush picture that cannot be read or built; `token` is as written.
    BadPicture { token: String, why: PictureWhy },
    /// A game graph that is not a finite DAG of named positions.
    BadGraph { source: String, why: GraphWhy },
    /// A game graph with a cycle where every play must end: a search, a table by mex, misère
    /// play (`misere`).
    LoopyGraph { source: String, misere: bool },
    /// A heap beyond the values computed by mex for a game whose values prove no period so
    /// far (boxed: it is rare and large).
    BeyondComputed(Box<Beyond>),
    /// A pile that is not a size, or a state the ruleset does not have.
    BadPile { token: String, expected: PileWanted },
    /// A number above 2^64 - 1 where a pile size is expected.
    PileTooLarge { token: String },
    /// A computation that would need more work than nimlab allows (never a hang); boxed: it
    /// is rare and large.
    TooMuchWork(Box<TooMuchWork>),
    /// A computation stopped by its cancel token (Ctrl-C), leaving no result.
    Interrupted,
    /// A defined game whose rule, at `state`, gives an option nimlab refuses.
    BadDefinition {
        game: String,
        state: String,
        refusal: Box<DefinitionRefusal>,
    },
    /// A defined game's rule failed at `state`.
    DefinitionFailed {
        game: String,
        state: String,
        why: FailedWhy,
    },
}

/// Why a definition is refused at a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DefinitionRefusal {
    /// A heap an option leaves is not a smaller state, so play might never end.
    NotSmaller { option: String },
    /// A tuple option of another length than the game's states.
    Arity { option: String, arity: usize },
    /// Options that lead back to where they started: the states of the cycle, in order, the
    /// first repeated at the end.
    Cycle { cycle: Vec<String> },
}

/// Why a defined game's options could not be computed at a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FailedWhy {
    /// A staircase with more coins in all than 2^64 - 1.
    StaircaseCoins,
    /// A state whose search would list more than `max` options, by a bound on the states it
    /// reaches.
    SearchTooBig { max: u64 },
    /// The rule's own failure, in the words of the layer that reads definitions (an
    /// expression's error).
    Said(String),
}

/// What a pile or state of a ruleset is, where a token was not one (worded in nimlab's
/// renderer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PileWanted {
    /// A whole number (with `T` or `F` where the ruleset has passes); `too_long` when the
    /// token had more digits than any pile.
    Size { passes: bool, too_long: bool },
    /// A size above 2^64 - 1.
    SizeAtMost,
    /// A tuple of `arity` whole numbers, a state of `game`.
    Tuple { game: String, arity: usize },
    /// A tuple of 1 to `max` whole numbers, a state of `game` (any length).
    TupleUpTo { game: String, max: usize },
    /// A row of `game`: White's counter and Black's on different squares.
    Row { game: String },
    /// A set of `game`: different whole numbers in any order (Welter's coins' squares).
    Set { game: String },
    /// A tuple, for a game of tuples named in general.
    AnyTuple,
    /// The name of a position in the graph: the first names, and whether there are more.
    GraphPosition { names: Vec<String>, more: bool },
    /// A state of `game`, found by its index.
    State { game: String },
    /// A game graph, where another ruleset was named.
    GameGraph,
    /// A game under normal play, in a sum (misère games do not add by XOR).
    NormalPlayInSum,
}

/// Why an octal or hexadecimal code was refused (`hex` says which).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeWhy {
    /// No point in the code.
    NoPoint { hex: bool },
    /// The digit before the point, as written, is not one the notation allows.
    FirstDigit { written: String, hex: bool },
    /// Nothing after the point.
    NoDigits { hex: bool },
    /// A character that is not a digit of the notation.
    NotADigit { c: char, hex: bool },
    /// More than `max` digits after the point.
    TooLong { max: usize },
}

/// A code as written (`octal:0.9`) and why it was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCode {
    pub(crate) token: String,
    pub(crate) why: CodeWhy,
}

/// Why a subtraction set was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetWhy {
    /// Nothing between `subtract:` and the end.
    Empty,
    /// An amount that is not a whole number, as written.
    NotANumber { item: String },
    /// The amount 0, which is no move.
    Zero,
    /// An amount above `max`, as written.
    TooLarge { item: String, max: u64 },
    /// More than `max` amounts.
    TooMany { max: usize },
}

/// A subtraction set as written (`subtract:1,3,4`) and why it was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSet {
    pub(crate) token: String,
    pub(crate) why: SetWhy,
}

/// Why a Hackenbush picture was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureWhy {
    /// As written on a line.
    Written(WrittenError),
    /// It cannot be built.
    Built(PictureError),
}

/// Why a game graph was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphWhy {
    /// It lists no position.
    NoPositions,
    /// It lists `count` positions, more than `max`.
    TooMany { count: usize, max: usize },
    /// A position's name, listed twice.
    Twice { name: String },
    /// A move from `from` to `to`, which is no listed position.
    Unlisted { from: String, to: String },
}

/// What [`EngineError::BeyondComputed`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beyond {
    /// The heap as the user wrote it.
    pub token: String,
    pub rules: String,
    /// The largest heap computed, if any.
    pub computed: Option<u64>,
    /// The lookup's work limit, if it ran out trying to reach the heap.
    pub work_limit: Option<u64>,
    /// The `period --to` that would look further.
    pub extend_to: u64,
}

impl fmt::Display for EngineError {
    /// The data, for a program that wants text from a `dyn Error` (clap's value parsers). The
    /// sentence a user reads is written in nimlab's renderer, never here.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for EngineError {}

impl From<TooMuchWork> for EngineError {
    fn from(work: TooMuchWork) -> Self {
        Self::TooMuchWork(Box::new(work))
    }
}

impl From<crate::limits::cancel::Interrupted> for EngineError {
    fn from(_: crate::limits::cancel::Interrupted) -> Self {
        Self::Interrupted
    }
}

impl From<BadSet> for EngineError {
    fn from(e: BadSet) -> Self {
        Self::BadSubtractionSet {
            token: e.token,
            why: e.why,
        }
    }
}

impl From<BadCode> for EngineError {
    fn from(e: BadCode) -> Self {
        Self::BadOctalCode {
            token: e.token,
            why: e.why,
        }
    }
}
