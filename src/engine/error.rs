//! What the engine refuses: malformed states, unknown rulesets, values out of exact range.

use std::fmt;

use super::too_much_work::TooMuchWork;
use crate::engine::quote::quoted;

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
    BadSubtractionSet { token: String, reason: String },
    /// An octal code that is not `0.` or `4.` followed by octal digits.
    BadOctalCode { token: String, reason: String },
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
    BadPicture { token: String, reason: String },
    /// A game graph that is not a finite DAG of named positions.
    BadGraph { source: String, reason: String },
    /// A game graph with a cycle where every play must end: a search, a table by mex, misère
    /// play (`misere`).
    LoopyGraph { source: String, misere: bool },
    /// A heap beyond the values computed by mex for a game whose values prove no period so
    /// far (boxed: it is rare and large).
    BeyondComputed(Box<Beyond>),
    /// A pile that is not a size, or a state the ruleset does not have.
    BadPile { token: String, expected: String },
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
        refusal: Box<super::defined::Refusal>,
    },
    /// A defined game's rule failed at `state` (an expression error, in words).
    DefinitionFailed {
        game: String,
        state: String,
        reason: String,
    },
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownRules { token } | Self::UnknownRulesOrMisere { token } => {
                write!(f, "unknown rules {}: ", quoted(token))?;
                write!(
                    f,
                    "expected a ruleset such as {}",
                    super::ruleset_name::SOME_NAMES
                )?;
                if matches!(self, Self::UnknownRulesOrMisere { .. }) {
                    f.write_str(", perhaps followed by `-misere` for misère play")?;
                }
                f.write_str("; `rules` lists them all")
            }
            Self::MalformedRules {
                token,
                usage,
                example,
            } => {
                write!(f, "{} is not a ruleset: write `{usage}`", quoted(token))?;
                match example {
                    Some(example) => write!(f, ", like `{example}`"),
                    None => Ok(()),
                }
            }
            Self::BadOctalCode { token, reason } => {
                let base = if token.starts_with("hex:") {
                    "hexadecimal"
                } else {
                    "octal"
                };
                write!(f, "bad {base} code {}: {reason}", quoted(token))
            }
            Self::GraphNotLoaded { token } => write!(
                f,
                "{} names a graph file, which must be loaded first (use {})",
                quoted(token),
                quoted(&format!("--rules {token}"))
            ),
            Self::DefinitionNotLoaded { token } => write!(
                f,
                "{} names a defined game, which must be read first (use {})",
                quoted(token),
                quoted(&format!("--rules {token}"))
            ),
            Self::NoSessionGame { token } => write!(
                f,
                "{} names no game this session defined: define it first with `game NAME(n) = OPTIONS` (it then stays the session's rules until `rules` changes them)",
                quoted(token)
            ),
            Self::WholePositionGame { token } => write!(
                f,
                "{} is a game of the whole position (a move may take from several piles), not a ruleset of piles: only `winner` and `move` take it, as `--rules {token}`",
                quoted(token)
            ),
            Self::MisereLoopy { game } => write!(
                f,
                "{} cannot be played misère here: each player may move their own counters back as well as forward, so misère play of it is loopy and partizan (a position may be a draw), and the Nim on the gaps that decides its normal play says nothing of it; play it without `--misere`",
                quoted(game)
            ),
            Self::PictureGame { token } => write!(
                f,
                "{} is a game of pictures, not of numbered piles: only `winner`, `move`, `nimsum`, `play`, `grundy PICTURE` and `draw` take it, as `--rules {token}`",
                quoted(token)
            ),
            Self::BadPicture { token, reason } => {
                write!(f, "bad Hackenbush picture {}: {reason}", quoted(token))
            }
            Self::BadGraph { source, reason } => {
                write!(f, "bad game graph {}: {reason}", quoted(source))
            }
            Self::LoopyGraph { source, misere } => {
                write!(
                    f,
                    "the game graph {} has a cycle, so some play never ends: ",
                    quoted(source)
                )?;
                if *misere {
                    f.write_str(
                        "nimlab does not solve misère play of a loopy graph (normal play: \
                         `winner`, `move`)",
                    )
                } else {
                    f.write_str(
                        "this needs every play to end; nimlab values a loopy graph by γ in \
                         `grundy`, `winner`, `move`, `draw`, `play` and `g(…)`",
                    )
                }
            }
            Self::BeyondComputed(beyond) => {
                let Beyond {
                    token,
                    rules,
                    computed,
                    work_limit,
                    extend_to,
                } = beyond.as_ref();
                write!(
                    f,
                    "{} is beyond the values of {rules} computed by mex, ",
                    quoted(token)
                )?;
                match computed {
                    Some(n) => write!(f, "which reach g({n})")?,
                    None => write!(f, "of which there are none yet")?,
                }
                if let Some(limit) = work_limit {
                    write!(
                        f,
                        " within a lookup's work limit ({limit} options examined)"
                    )?;
                }
                write!(
                    f,
                    " and prove no period; `period --rules {rules} --to {extend_to}` looks further, with more work allowed"
                )
            }
            Self::BadSubtractionSet { token, reason } => {
                write!(f, "bad subtraction set {}: {reason}", quoted(token))
            }
            Self::BadPile { token, expected } => {
                write!(f, "{} is not a pile: expected {expected}", quoted(token))
            }
            Self::PileTooLarge { token } => write!(
                f,
                "{} is too large for a pile: sizes go up to 18446744073709551615 (2^64 - 1)",
                quoted(token)
            ),
            Self::TooMuchWork(work) => work.fmt(f),
            Self::Interrupted => super::cancel::Interrupted.fmt(f),
            Self::BadDefinition {
                game,
                state,
                refusal,
            } => {
                use super::defined::Refusal;
                write!(
                    f,
                    "the definition of {} is refused at the state {state}: ",
                    quoted(game)
                )?;
                match refusal.as_ref() {
                    Refusal::NotSmaller { option } => write!(
                        f,
                        "its option {} is not a smaller state, so play might never end (every heap an option leaves must be smaller than the state)",
                        quoted(option)
                    ),
                    Refusal::Arity { option, arity } => write!(
                        f,
                        "{} is not one of its states, which are tuples of {arity} whole numbers",
                        quoted(option)
                    ),
                    Refusal::Cycle { cycle } => write!(
                        f,
                        "its options lead round in a cycle, so play might never end: {cycle}"
                    ),
                }
            }
            Self::DefinitionFailed {
                game,
                state,
                reason,
            } => write!(
                f,
                "the options of {} at the state {state} cannot be computed: {reason}",
                quoted(game)
            ),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<TooMuchWork> for EngineError {
    fn from(work: TooMuchWork) -> Self {
        Self::TooMuchWork(Box::new(work))
    }
}

impl From<super::cancel::Interrupted> for EngineError {
    fn from(_: super::cancel::Interrupted) -> Self {
        Self::Interrupted
    }
}
