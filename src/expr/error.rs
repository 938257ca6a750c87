//! What can go wrong in an expression: each error names the offending text and carries its span
//! so the renderer can put a caret under it.

use std::ops::Range;

use super::value::Value;
use crate::engine::EngineError;

/// An error in parsing or evaluating an expression, with where it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    pub kind: ErrorKind,
    /// Byte range into the source.
    pub span: Range<usize>,
}

/// The kinds of expression errors: data, worded in `render/expr_error.rs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not follow the grammar: `found` where the grammar wanted `wanted`.
    Syntax { found: Found, wanted: Wanted },
    /// A call of a function the language does not have.
    UnknownFunction {
        name: String,
        suggestion: Option<String>,
    },
    /// A name that is not bound.
    UnknownVariable { name: String },
    /// A function given the wrong number of arguments: `takes` is what it takes.
    Arity {
        name: String,
        takes: Takes,
        found: usize,
    },
    /// A value of the wrong kind, such as a set where a number is needed.
    Type { needed: Needed, got: Got },
    /// A result outside the exact integers nimlab keeps (about ±1.7 × 10^38).
    Overflow { what: TooLarge },
    /// Division or remainder by zero.
    DivisionByZero,
    /// A result that is a fraction, such as `pow(2, -1)`: `what` is the call, as written
    /// (`pow(2, -1)`).
    NotWhole { what: String },
    /// An expression nested deeper than [`MAX_DEPTH`](super::MAX_DEPTH) levels; `at` is the
    /// token that opened the level too many.
    TooDeep { limit: usize, at: Option<Found> },
    /// Evaluation needed more steps than allowed.
    Budget { limit: u64 },
    /// Evaluation needed more memory than the process's limit of `limit` bytes.
    Memory {
        limit: u64,
        bound: crate::engine::memory::Bound,
    },
    /// The engine refused (an unknown ruleset, a state the ruleset lacks).
    Engine(EngineError),
}

/// What stands where the grammar wanted something else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A token or character as written (a number, a name, an operator), quoted and shortened
    /// when long.
    Token(String),
    /// A game's name as written, shortened when long, without its length.
    Name(String),
    /// The end of the expression.
    End,
    /// The end of a definition's header.
    DefinitionEnd,
}

/// What the grammar wanted where it found something else: a token, or the part of an
/// expression or of a definition's header that belongs there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// A character that starts a token: a number, a name, an operator or a bracket.
    Token,
    /// What starts an operand: a number, a name, `(`, `{` or `if`.
    Operand,
    /// An operator, or the end of the expression.
    OperatorOrEnd,
    /// After a comparison: `and`, `or` or the end (comparisons do not chain).
    AfterComparison,
    /// After a range: an operator other than `..` (a range has two ends).
    AfterRange,
    /// `T` or `F` right after a number, or a space.
    Pass,
    /// `)` to close a `(`.
    CloseParen,
    /// `then` after the condition of `if`.
    Then,
    /// `else`: every `if … then …` has one.
    Else,
    /// `:` before a quantifier's body.
    QuantifierColon,
    /// A variable's name, in `VAR in DOMAIN`.
    VariableName,
    /// `in`, in `VAR in DOMAIN`.
    In,
    /// `}` to close a set builder, or `,` and its condition.
    CloseSetBuilder,
    /// `,` or `}` in a set.
    CloseSet,
    /// `,` or `)` in a tuple.
    CloseTuple,
    /// `,` or `]` in heaps.
    CloseHeaps,
    /// `,` or `)` in a call's arguments.
    CloseArguments,
    /// `)` to close a Hackenbush picture.
    ClosePicture,
    /// An amount of a subtraction set; `example` is the family's, as the engine writes it.
    Amount { example: &'static str },
    /// `,` or `}` in a subtraction set.
    AmountSeparator,
    /// A subtraction set's amounts in braces.
    AmountsInBraces { example: &'static str },
    /// An octal code.
    OctalCode { example: &'static str },
    /// A ruleset an expression can name, where one of a family it cannot was written.
    NamableRuleset(Unnamable),
    /// `,` after a ruleset written first in a call, then the state.
    CommaAfterRuleset,
    /// `*`, or `pow(a, b)`, where `**` was written: the language has no power operator.
    NoPower,
    /// The word `game` that starts a definition.
    GameWord,
    /// `(` and the state's name after the game's name.
    OpenHeader,
    /// `)`: a state has at most `max` parts.
    MostParts { max: usize },
    /// A name of a state's part not used before in the header.
    NewPartName,
    /// `,` or `)` after a part's name.
    AfterPartName,
    /// `=` and then the options.
    Equals,
    /// The game's name, starting with a letter.
    GameName,
    /// A name of at most `max` characters.
    ShortName { max: usize },
    /// A name that does not end in `-misere` (which means a game played misère).
    NotMisereName,
    /// The state's name, as in `lasker(n)`.
    PartName,
}

/// A family of rulesets an expression cannot name as a first argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unnamable {
    /// A hexadecimal game (`hex:CODE`).
    Hex,
    /// A game defined in the session (`game:NAME`).
    Defined,
    /// Moore's Nim (`moore:K`), a game of the whole position.
    Moore,
    /// A graph read from a file (`graph:FILE`).
    Graph,
}

/// The kind of value an operation needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Needed {
    Number,
    /// A number ≥ 0.
    NonNegative,
    /// A truth value: a comparison, `odd(n)`, ….
    Truth,
    /// A truth value as a definition's condition.
    Condition,
    Set,
    SetOrRange,
    /// One set or range, or numbers.
    SetOrNumbers,
    /// A range or a set to take a variable's values from (`0..100`).
    Domain,
    /// A range or a set to take a definition's variable from (`1..n`).
    OptionDomain,
    /// A definition's set of options.
    Options,
    /// A heap of a definition's option: a number (a state), or a run `a..b`.
    Heap,
    /// A value of the same kind as the left side of `=` or `!=`.
    SameKind(super::value::ValueKind),
    /// An operand of `xor`: a whole number ≥ 0.
    XorOperand,
    /// An operand of `nimmul`: a 64-bit nimber.
    Nimber,
    /// An argument of `nimsum`: a value ≥ 0.
    NimsumTerm,
    /// A part of a tuple state: a whole number up to 2^64 − 1.
    TuplePart,
    /// A pile state or a size.
    Pile,
    /// A pile size up to 2^64 − 1.
    PileSize,
    /// A plain size: the piles of `rules` (as written) have no pass.
    PlainSize {
        rules: String,
    },
    /// At least one number, for `min` and `max`.
    SomeNumber,
    /// A position one player wins, where `winner` met a draw.
    Won,
    /// A graph with a cycle, the only ruleset `draw` asks about.
    LoopyGraph,
    /// A value, where a tuple stands outside a definition's options.
    NotTuple,
    /// A value, where heaps stand outside a definition's options.
    NotHeaps,
    /// A number, as a defined game's state.
    DefinedState,
    /// Arithmetic on the moves, where a definition asks for a value.
    Moves,
    /// A variable other than this one, which is already bound.
    FreshVariable(String),
}

/// What stood where a [`Needed`] kind of value was needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Got {
    /// A value, named with its kind. Boxed: a value is large, an error's kind small.
    Value(Box<Value>),
    /// A number, a state or a ruleset as nimlab writes it (`-1`, `7T`, `nim`, `γ = ∞{1}`).
    Bare(String),
    /// A tuple `(a, b)`.
    Tuple,
    /// Heaps `[a, b]`.
    Heaps,
    /// No number at all.
    EmptySet,
    /// A pile state with a pass, in a definition.
    PassState,
    /// A Hackenbush picture, in a definition.
    Picture,
    /// A call of a function of a ruleset, in a definition.
    Call(String),
    /// A variable bound again inside its own scope.
    BoundAgain(String),
}

/// How many arguments, and of what kind, a function takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    OneNumber,
    /// Two numbers, the base and the exponent.
    Pow,
    OneSet,
    /// One or more positions of a graph with a cycle.
    GraphPositions,
    /// One or more states, optionally after a ruleset.
    States,
}

/// What came out too large.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TooLarge {
    /// A number as written in the source.
    Literal(String),
    /// The value of a Hackenbush picture.
    HackenbushValue,
    /// A computation, as written (`2 * x`, `pow(2, 200)`, `g(7T)`).
    Computed(String),
}

/// The functions of the language, for errors and help.
pub const FUNCTIONS: &[&str] = &[
    "odd",
    "even",
    "mex",
    "mexset",
    "g",
    "lost",
    "draw",
    "nimsum",
    "winner",
    "misere",
    "mg",
    "pow",
    "isqrt",
    "popcount",
    "odious",
    "evil",
    "fib",
    "zeckendorf",
    "abs",
    "min",
    "max",
    "size",
    "hackenbush",
];

impl ExprError {
    pub fn new(kind: ErrorKind, span: Range<usize>) -> Self {
        Self { kind, span }
    }
}

impl std::error::Error for ExprError {}
