//! The sentences of the expression language's errors, and the label the caret carries under
//! the text they point at.

use std::fmt;

use super::engine_words::Said;
use crate::engine::shortened;
use crate::expr::game::{DefinitionFailure, OptionsWhy};
use crate::expr::{
    ErrorKind, ExprError, FUNCTIONS, Found, Got, Needed, Takes, TooLarge, Unnamable, ValueKind,
    Wanted,
};

/// User text longer than this is shortened when quoted in a message.
const QUOTED_CHARS: usize = 40;

/// A caret's label longer than this many characters is `here` instead.
const LABEL_CHARS: usize = 40;

/// `text` in backticks, shortened to its first and last characters and its length when long, so
/// that a 100 000-digit number makes a one-line message: `` `12345678901234567890…7890` (100000
/// characters) ``.
fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTED_CHARS {
        return format!("`{text}`");
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(count - 10).collect();
    format!("`{head}…{tail}` ({count} characters)")
}

fn backticked(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Syntax { found, wanted } => {
                write!(f, "unexpected {}: expected {}", Said(found), Said(wanted))
            }
            ErrorKind::UnknownFunction { name, suggestion } => {
                write!(f, "unknown function {}", quoted(name))?;
                match suggestion {
                    Some(s) => write!(f, " (did you mean `{s}`?)"),
                    None => write!(f, ": expected one of {}", backticked(FUNCTIONS)),
                }
            }
            ErrorKind::UnknownVariable { name } if name.chars().count() > QUOTED_CHARS => write!(
                f,
                "unknown name {}: bind it with a quantifier or use a number",
                quoted(name)
            ),
            ErrorKind::UnknownVariable { name } => write!(
                f,
                "unknown name {}: bind it with a quantifier (`all {} in 0..10: …`) or use a number",
                quoted(name),
                shortened(name)
            ),
            ErrorKind::Arity { name, takes, found } => {
                write!(f, "{} takes {}, not {found}", quoted(name), Said(takes))
            }
            ErrorKind::Type { needed, got } => {
                write!(f, "expected {}, found {}", Said(needed), Said(got))
            }
            ErrorKind::Overflow { what } => write!(
                f,
                "{} is too large: nimlab computes exactly with integers up to about ±1.7 × 10^38 and never wraps",
                Said(what)
            ),
            ErrorKind::DivisionByZero => f.write_str("division by zero"),
            ErrorKind::NotWhole { what } => write!(
                f,
                "{what} is a fraction, not a whole number: a negative exponent needs the base 1 or -1"
            ),
            ErrorKind::TooDeep { limit, at } => {
                write!(f, "expression nested too deeply: more than {limit} levels")?;
                match at {
                    Some(at) => write!(f, " at {}", Said(at)),
                    None => Ok(()),
                }
            }
            ErrorKind::Budget { limit } => write!(
                f,
                "the expression needs more than {limit} steps, so it was stopped; use smaller ranges"
            ),
            ErrorKind::Memory { limit, bound } => {
                use crate::engine::memory::Bound;
                let limit = super::bytes::Bytes(*limit);
                match bound {
                    Bound::Set => write!(
                        f,
                        "the expression needs more than nimlab's memory limit of {limit}, so it \
                         was stopped; use smaller ranges or raise the limit with `--memory SIZE`"
                    ),
                    Bound::Lesson => write!(
                        f,
                        "the expression needs more than the memory limit of {limit} that a \
                         lesson keeps to, so it was stopped (`--memory` does not raise it); use \
                         smaller ranges"
                    ),
                    Bound::System => write!(
                        f,
                        "the expression needs more than {limit}, the most this process may \
                         allocate, so it was stopped; use smaller ranges, or run nimlab with a \
                         higher system limit (`ulimit -v`, the container's memory)"
                    ),
                }
            }
            ErrorKind::Engine(e) => Said(e).fmt(f),
        }
    }
}

/// A short label for the caret under an expression's error: what was expected there.
pub(super) fn label(error: &ExprError) -> String {
    match &error.kind {
        ErrorKind::Syntax { wanted, .. } => {
            let wanted = Said(wanted).to_string();
            if wanted.chars().count() <= LABEL_CHARS {
                format!("expected {wanted}")
            } else {
                "here".into()
            }
        }
        ErrorKind::UnknownFunction {
            suggestion: Some(s),
            ..
        } => format!("did you mean `{s}`?"),
        ErrorKind::UnknownFunction { .. } => "not a function".into(),
        ErrorKind::UnknownVariable { .. } => "not bound here".into(),
        ErrorKind::Arity { takes, .. } => format!("takes {}", Said(takes)),
        ErrorKind::Type { needed, .. } => format!("expected {}", Said(needed)),
        ErrorKind::Overflow { .. } => "too large".into(),
        ErrorKind::DivisionByZero => "this is 0".into(),
        ErrorKind::NotWhole { .. } => "a fraction".into(),
        ErrorKind::TooDeep { .. } => "nested too deeply".into(),
        ErrorKind::Budget { .. } => "too much work".into(),
        ErrorKind::Memory { .. } => "too much memory".into(),
        ErrorKind::Engine(_) => "here".into(),
    }
}

impl fmt::Display for Said<'_, Found> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Found::Token(text) => f.write_str(&quoted(text)),
            Found::Name(name) => write!(f, "`{}`", shortened(name)),
            Found::End => f.write_str("end of the expression"),
            Found::DefinitionEnd => f.write_str("the end of the definition"),
        }
    }
}

impl fmt::Display for Said<'_, Wanted> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Wanted::Token => f.write_str("a number, a name, an operator or a bracket"),
            Wanted::Operand => f.write_str("a number, a name, `(`, `{` or `if`"),
            Wanted::OperatorOrEnd => f.write_str("an operator or the end of the expression"),
            Wanted::AfterComparison => f.write_str(
                "`and`, `or` or the end: comparisons do not chain, so write `a < b and b < c`",
            ),
            Wanted::AfterRange => {
                f.write_str("an operator other than `..`: a range has two ends, as in `0..9`")
            }
            Wanted::Pass => {
                f.write_str("`T` or `F` after a number (a pile state like `7T`), or a space")
            }
            Wanted::CloseParen => f.write_str("`)` to close the `(`"),
            Wanted::Then => f.write_str("`then` after the condition of `if`"),
            Wanted::Else => f.write_str("`else` (every `if … then …` needs an `else` branch)"),
            Wanted::QuantifierColon => {
                f.write_str("`:` before the quantifier's body, as in `all n in 0..9: n >= 0`")
            }
            Wanted::VariableName => f.write_str("a variable name, as in `n in 0..100`"),
            Wanted::In => f.write_str("`in`, as in `n in 0..100`"),
            Wanted::CloseSetBuilder => f.write_str("`}` to close the set, or `,` and a condition"),
            Wanted::CloseSet => f.write_str("`,` or `}` to close the set"),
            Wanted::CloseTuple => f.write_str("`,` or `)` to close the tuple"),
            Wanted::CloseHeaps => f.write_str("`,` or `]` to close the heaps"),
            Wanted::CloseArguments => f.write_str("`,` or `)` to close the arguments"),
            Wanted::ClosePicture => f.write_str("`)` to close the picture"),
            Wanted::Amount { example } => write!(f, "an amount, as in `{example}`"),
            Wanted::AmountSeparator => f.write_str("`,` or `}` in the subtraction set"),
            Wanted::AmountsInBraces { example } => write!(
                f,
                "the amounts in braces, as in `{example}` (one amount too: `subtract:{{2}}`)"
            ),
            Wanted::OctalCode { example } => write!(f, "an octal code, as in `{example}`"),
            Wanted::NamableRuleset(family) => {
                f.write_str("a ruleset an expression can name: ")?;
                f.write_str(match family {
                    Unnamable::Hex => {
                        "a hexadecimal game is named by `rules hex:CODE`, after which `g(…)` uses it"
                    }
                    Unnamable::Defined => {
                        "a defined game is named by its definition: `rules game:NAME` makes it \
                         the session's rules, after which `g(…)` uses it"
                    }
                    Unnamable::Moore => {
                        "`moore:K` is a game of the whole position, which only `winner` and \
                         `move` take, as `--rules moore:K`"
                    }
                    Unnamable::Graph => {
                        "a graph's file is read by `rules graph:FILE`, after which `g(…)` uses \
                         it, its positions numbered from 0 in the file's order"
                    }
                })
            }
            Wanted::CommaAfterRuleset => f.write_str("`,` after the ruleset, then the state"),
            Wanted::NoPower => f.write_str(
                "`*`, or `pow(a, b)` for a power (nimlab has no power operator; `^` is XOR)",
            ),
            Wanted::GameWord => f.write_str("`game`, as in `game lasker(n) = …`"),
            Wanted::OpenHeader => {
                f.write_str("`(` and the state's name after the game's name, as in `lasker(n)`")
            }
            Wanted::MostParts { max } => write!(f, "`)`: a state has at most {max} parts"),
            Wanted::NewPartName => f.write_str("a name not used before in the header"),
            Wanted::AfterPartName => f.write_str("`,` or `)` after the state's name"),
            Wanted::Equals => f.write_str("`=` and then the options, as in `game g(n) = {n - 1}`"),
            Wanted::GameName => f.write_str("the game's name, starting with a letter"),
            Wanted::ShortName { max } => write!(f, "a name of at most {max} characters"),
            Wanted::NotMisereName => f.write_str(
                "a name that does not end in `-misere` (`--rules NAME-misere` means NAME played \
                 misère)",
            ),
            Wanted::PartName => f.write_str("the state's name, as in `lasker(n)`"),
        }
    }
}

impl fmt::Display for Said<'_, Needed> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Needed::Number => f.write_str("a number"),
            Needed::NonNegative => f.write_str("a number ≥ 0"),
            Needed::Truth => f.write_str("true or false (a comparison, `odd(n)`, …)"),
            Needed::Condition => f.write_str("true or false (a condition)"),
            Needed::Set => f.write_str("a set"),
            Needed::SetOrRange => f.write_str("a set or a range"),
            Needed::SetOrNumbers => f.write_str("a set or numbers"),
            Needed::Domain => f.write_str("a range like `0..100` or a set"),
            Needed::OptionDomain => f.write_str("a range like `1..n` or a set"),
            Needed::Options => f.write_str("a set of options, like `{n - 1, n - 2}`"),
            Needed::Heap => f.write_str("a number (a state), or a run `a..b` of them"),
            Needed::SameKind(kind) => write!(f, "{} to compare with the left side", Said(kind)),
            Needed::XorOperand => f.write_str("a whole number ≥ 0 (xor works on binary digits)"),
            Needed::Nimber => f.write_str(
                "a whole number from 0 to 18446744073709551615 (nim multiplication works on \
                 64-bit nimbers)",
            ),
            Needed::NimsumTerm => f.write_str(
                "a value ≥ 0 (nim-sums XOR Grundy values; for piles write nimsum(g(3T), g(4T)))",
            ),
            Needed::TuplePart => f.write_str("a whole number from 0 to 18446744073709551615"),
            Needed::Pile => f.write_str("a pile state like `7T` or a size like `7`"),
            Needed::PileSize => f.write_str("a pile size from 0 to 18446744073709551615"),
            Needed::PlainSize { rules } => {
                write!(f, "a plain size: {rules} piles have no pass, so no T or F")
            }
            Needed::SomeNumber => f.write_str("at least one number"),
            Needed::Won => {
                f.write_str("a position one player wins (this one is a draw: ask draw(…))")
            }
            Needed::LoopyGraph => f.write_str(
                "a graph with a cycle (`rules graph:FILE`): only there can play go on for ever",
            ),
            Needed::NotTuple => f.write_str(
                "a value: `(a, b)` (a state of a game of tuples) belongs in the options of a \
                 `game` definition",
            ),
            Needed::NotHeaps => f.write_str(
                "a value: `[a, b]` (the heaps a move leaves) belongs in the options of a `game` \
                 definition",
            ),
            Needed::DefinedState => {
                f.write_str("a number: a defined game's states are whole numbers")
            }
            Needed::Moves => f.write_str(
                "arithmetic: a definition says what the moves are, not what the values are",
            ),
            Needed::FreshVariable(var) => {
                write!(
                    f,
                    "a variable other than `{var}`, which is already bound here"
                )
            }
        }
    }
}

impl fmt::Display for Said<'_, Got> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            // A set or range reads best after its kind; another value before it.
            Got::Value(value) => match value.as_ref() {
                value @ (crate::expr::Value::Set(_) | crate::expr::Value::Range(..)) => {
                    write!(f, "{} `{value}`", Said(&value.kind()))
                }
                value => write!(f, "`{value}` ({})", Said(&value.kind())),
            },
            Got::Bare(text) => f.write_str(text),
            Got::Tuple => f.write_str("a tuple"),
            Got::Heaps => f.write_str("heaps"),
            Got::EmptySet => f.write_str("an empty set"),
            Got::PassState => f.write_str("a pile state with a pass"),
            Got::Picture => f.write_str("a Hackenbush picture"),
            Got::Call(name) => write!(f, "a call of `{name}`"),
            Got::BoundAgain(var) => write!(f, "`{var}` bound again"),
        }
    }
}

impl fmt::Display for Said<'_, ValueKind> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            ValueKind::Number => "a number",
            ValueKind::Truth => "true or false",
            ValueKind::Set => "a set",
            ValueKind::Range => "a range",
            ValueKind::State => "a pile state",
            ValueKind::Player => "a player",
            ValueKind::Infinite => "an infinite value ∞{…}",
        })
    }
}

impl fmt::Display for Said<'_, Takes> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Takes::OneNumber => "one number",
            Takes::Pow => "two numbers: pow(base, exponent)",
            Takes::OneSet => "one set",
            Takes::GraphPositions => "one or more positions of the graph: g(a), draw(a, b)",
            Takes::States => "one or more states, optionally after a ruleset: g(zero-move, 7T)",
        })
    }
}

impl fmt::Display for Said<'_, TooLarge> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TooLarge::Literal(text) => write!(f, "the number {}", quoted(text)),
            TooLarge::HackenbushValue => f.write_str("a Hackenbush value"),
            TooLarge::Computed(text) => f.write_str(text),
        }
    }
}

/// A definition's failure, as the engine carries it (`FailedWhy::Said`).
impl fmt::Display for DefinitionFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Options { why, at } => {
                match why {
                    OptionsWhy::Type { needed, found } => write!(
                        f,
                        "expected {}, found {} `{found}`",
                        Said(needed),
                        Said(&found.kind())
                    )?,
                    OptionsWhy::TupleWanted { parts } => write!(
                        f,
                        "expected a state of {} numbers, like `({})`",
                        parts.len(),
                        parts.join(", ")
                    )?,
                    OptionsWhy::TupleInNumbers => f.write_str(
                        "a tuple is not a state of this game, whose states are numbers (`[a, b]` \
                         leaves two heaps)",
                    )?,
                    OptionsWhy::LongRun {
                        lo,
                        hi,
                        count,
                        state,
                    } => write!(
                        f,
                        "the run {lo}..{hi} holds {count} heaps, but an option's heaps are states \
                         below {state}"
                    )?,
                    OptionsWhy::NotAState { heap } => write!(
                        f,
                        "its option {heap} is not a state (states are whole numbers from 0 to \
                         18446744073709551615)"
                    )?,
                    OptionsWhy::Expr(e) => e.fmt(f)?,
                }
                write!(f, " (in `{at}`)")
            }
            Self::Unparsed { bundled, error } => {
                let whose = if *bundled { "bundled" } else { "written" };
                write!(f, "the {whose} definition does not parse: {error}")
            }
        }
    }
}
