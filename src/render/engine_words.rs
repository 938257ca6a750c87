//! The sentences of the engine's refusals. The engine's errors carry data only (the engine
//! is a crate that writes no words); this is where a user reads them: [`Said`] wraps an error
//! and writes it.

use std::fmt;

use crate::engine::EngineError;
use crate::engine::IllegalMove;
use crate::engine::MAX_SIZE_DIGITS;
use crate::engine::PictureError;
use crate::engine::hackenbush_syntax::{MAX_NAME, PictureToken, WrittenError};
use crate::engine::quoted;
use crate::engine::{Beyond, CodeWhy, FailedWhy, GraphWhy, PictureWhy, PileWanted, SetWhy};
use crate::engine::{Heaps, Pile, Rules};
use crate::engine::{
    MAX_CODES, MAX_MOVES, MAX_POSITIONS, MAX_SPLIT_HEAPS, MAX_SPLIT_MOVES, MAX_SPLIT_POSITIONS,
};
use crate::engine::{TooMuchWork, TupleLimit};

/// How a Hackenbush picture is written, for error messages.
pub(crate) const PICTURE_SYNTAX: &str = "a stalk `5`, a tree `2(1,3)` (a stalk of 2 carrying stalks of 1 and 3), or edges `(g-a,a-b,b-g)` with `g` the ground";

/// An engine error, in words: `Said(&error).to_string()`.
pub(crate) struct Said<'a, T: ?Sized>(pub(crate) &'a T);

impl fmt::Display for Said<'_, EngineError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            EngineError::UnknownRules { token } | EngineError::UnknownRulesOrMisere { token } => {
                write!(f, "unknown rules {}: ", quoted(token))?;
                write!(
                    f,
                    "expected a ruleset such as {}",
                    super::ruleset_words::SOME_NAMES
                )?;
                if matches!(self.0, EngineError::UnknownRulesOrMisere { .. }) {
                    f.write_str(", perhaps followed by `-misere` for misère play")?;
                }
                f.write_str("; `rules` lists them all")
            }
            EngineError::MalformedRules {
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
            EngineError::BadOctalCode { token, why } => octal_code(f, token, why),
            EngineError::GraphNotLoaded { token } => write!(
                f,
                "{} names a graph file, which must be loaded first (use {})",
                quoted(token),
                quoted(&format!("--rules {token}"))
            ),
            EngineError::DefinitionNotLoaded { token } => write!(
                f,
                "{} names a defined game, which must be read first (use {})",
                quoted(token),
                quoted(&format!("--rules {token}"))
            ),
            EngineError::NoSessionGame { token } => write!(
                f,
                "{} names no game this session defined: define it first with `game NAME(n) = OPTIONS` (it then stays the session's rules until `rules` changes them)",
                quoted(token)
            ),
            EngineError::WholePositionGame { token } => write!(
                f,
                "{} is a game of the whole position (a move may take from several piles), not a ruleset of piles: only `winner` and `move` take it, as `--rules {token}`",
                quoted(token)
            ),
            EngineError::MisereLoopy { game } => write!(
                f,
                "{} cannot be played misère here: each player may move their own counters back as well as forward, so misère play of it is loopy and partizan (a position may be a draw), and the Nim on the gaps that decides its normal play says nothing of it; play it without `--misere`",
                quoted(game)
            ),
            EngineError::PictureGame { token } => write!(
                f,
                "{} is a game of pictures, not of numbered piles: only `winner`, `move`, `nimsum`, `play`, `grundy PICTURE` and `draw` take it, as `--rules {token}`",
                quoted(token)
            ),
            EngineError::BadPicture { token, why } => {
                write!(f, "bad Hackenbush picture {}: ", quoted(token))?;
                match why {
                    PictureWhy::Written(e @ WrittenError::Picture(_)) => Said(e).fmt(f),
                    PictureWhy::Written(e) => {
                        write!(f, "{}; a picture is {PICTURE_SYNTAX}", Said(e))
                    }
                    PictureWhy::Built(e) => Said(e).fmt(f),
                }
            }
            EngineError::BadGraph { source, why } => bad_graph(f, source, why),
            EngineError::LoopyGraph { source, misere } => loopy_graph(f, source, *misere),
            EngineError::BeyondComputed(beyond) => beyond_computed(f, beyond),
            EngineError::BadSubtractionSet { token, why } => subtraction_set(f, token, why),
            EngineError::BadPile { token, expected } => {
                write!(
                    f,
                    "{} is not a pile: expected {}",
                    quoted(token),
                    Said(expected)
                )
            }
            EngineError::PileTooLarge { token } => write!(
                f,
                "{} is too large for a pile: sizes go up to 2⁶⁴ − 1 = 18446744073709551615",
                quoted(token)
            ),
            EngineError::TooMuchWork(work) => Said(work.as_ref()).fmt(f),
            EngineError::Interrupted => f.write_str("interrupted"),
            EngineError::BadDefinition {
                game,
                state,
                refusal,
            } => bad_definition(f, game, state, refusal),
            EngineError::DefinitionFailed { game, state, why } => {
                definition_failed(f, game, state, why)
            }
        }
    }
}

/// `bad octal code …: …` (or hexadecimal): the code as typed, and what is wrong with it.
fn octal_code(f: &mut fmt::Formatter<'_>, token: &str, why: &CodeWhy) -> fmt::Result {
    let base = if token.starts_with("hex:") {
        "hexadecimal"
    } else {
        "octal"
    };
    write!(f, "bad {base} code {}: ", quoted(token))?;
    match why {
        CodeWhy::NoPoint { hex: true } => f.write_str(
            "expected a code like `0.F` or `8.0`: a `0.`, `4.`, `8.` or `C.` then \
             hexadecimal digits",
        ),
        CodeWhy::NoPoint { hex: false } => f.write_str(
            "expected a code like `0.77` (Kayles) or `4.07`: a `0.` or `4.` then \
             octal digits",
        ),
        CodeWhy::FirstDigit { written, hex } => write!(
            f,
            "{} is not supported: the digit before the point must be {}",
            quoted(&format!("{written}.")),
            if *hex { "0, 4, 8 or C" } else { "0 or 4" }
        ),
        CodeWhy::NoDigits { hex } => write!(
            f,
            "no digits after the point; write them like `{}`",
            if *hex { "0.F" } else { "0.77" }
        ),
        CodeWhy::NotADigit { c, hex: true } => {
            write!(f, "`{c}` is not a hexadecimal digit (0 to 9, A to F)")
        }
        CodeWhy::NotADigit { c, hex: false } => {
            write!(f, "`{c}` is not an octal digit (0 to 7)")
        }
        CodeWhy::TooLong { max } => {
            write!(f, "at most {max} digits after the point are supported")
        }
    }
}

/// `bad game graph …: …`: the graph file, and what is wrong with its positions or moves.
fn bad_graph(f: &mut fmt::Formatter<'_>, source: &str, why: &GraphWhy) -> fmt::Result {
    write!(f, "bad game graph {}: ", quoted(source))?;
    match why {
        GraphWhy::NoPositions => f.write_str("it has no positions"),
        GraphWhy::TooMany { count, max } => {
            write!(f, "{count} positions is more than the {max} nimlab allows")
        }
        GraphWhy::Twice { name } => {
            write!(f, "the position `{name}` is listed twice")
        }
        GraphWhy::Unlisted { from, to } => {
            write!(
                f,
                "`{from}` moves to `{to}`, which is not a listed position"
            )
        }
    }
}

/// A graph with a cycle where every play must end: what nimlab can do with it instead.
fn loopy_graph(f: &mut fmt::Formatter<'_>, source: &str, misere: bool) -> fmt::Result {
    write!(
        f,
        "the game graph {} has a cycle, so some play never ends: ",
        quoted(source)
    )?;
    if misere {
        f.write_str(
            "nimlab does not solve misère play of a loopy graph (normal play: \
             `winner`, `move`, `play`)",
        )
    } else {
        f.write_str(
            "this needs every play to end; nimlab values a loopy graph by γ in \
             `grundy`, `winner`, `move`, `play`, `draw` and `g(…)`",
        )
    }
}

/// A lookup past the values mex computed and no period proven: how far they reach, the
/// work limit, and how to look further.
fn beyond_computed(f: &mut fmt::Formatter<'_>, beyond: &Beyond) -> fmt::Result {
    let Beyond {
        token,
        rules,
        computed,
        work_limit,
        extend_to,
    } = beyond;
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

/// `bad subtraction set …: …`: the set as typed, and what is wrong with it.
fn subtraction_set(f: &mut fmt::Formatter<'_>, token: &str, why: &SetWhy) -> fmt::Result {
    write!(f, "bad subtraction set {}: ", quoted(token))?;
    match why {
        SetWhy::Empty => f.write_str("the set is empty; write amounts like `subtract:1,3,4`"),
        SetWhy::NotANumber { item } if item.trim().is_empty() => f.write_str(
            "an amount is missing between two commas; write amounts like \
             `subtract:1,3,4`",
        ),
        SetWhy::NotANumber { item } => {
            write!(f, "{} is not a positive whole number", quoted(item))
        }
        SetWhy::Zero => f.write_str("0 is not a move (every amount must be at least 1)"),
        SetWhy::TooLarge { item, max } => write!(
            f,
            "{} is above the largest supported amount {max}",
            quoted(item)
        ),
        SetWhy::TooMany { max } => write!(f, "at most {max} amounts are supported"),
    }
}

/// A defined game refused at a state: an option that is not smaller, not a state, or a cycle.
fn bad_definition(
    f: &mut fmt::Formatter<'_>,
    game: &str,
    state: &str,
    refusal: &crate::engine::DefinitionRefusal,
) -> fmt::Result {
    use crate::engine::DefinitionRefusal;
    write!(
        f,
        "the definition of {} is refused at the state {state}: ",
        quoted(game)
    )?;
    match refusal {
        DefinitionRefusal::NotSmaller { option } => write!(
            f,
            "its option {} is not a smaller state, so play might never end (every heap an option leaves must be smaller than the state)",
            quoted(option)
        ),
        DefinitionRefusal::Arity { option, arity } => write!(
            f,
            "{} is not one of its states, which are tuples of {arity} whole numbers",
            quoted(option)
        ),
        DefinitionRefusal::Cycle { cycle } => write!(
            f,
            "its options lead round in a cycle, so play might never end: {}",
            cycle.join(" → ")
        ),
    }
}

/// A defined game whose options at a state cannot be computed, and why.
fn definition_failed(
    f: &mut fmt::Formatter<'_>,
    game: &str,
    state: &str,
    why: &FailedWhy,
) -> fmt::Result {
    write!(
        f,
        "the options of {} at the state {state} cannot be computed: ",
        quoted(game)
    )?;
    match why {
        FailedWhy::StaircaseCoins => f.write_str("more than 18446744073709551615 coins in all"),
        FailedWhy::SearchTooBig { max } => write!(
            f,
            "searching it would list more than {max} options (a bound on the states \
             it reaches times the moves of one), too many"
        ),
        FailedWhy::Said(reason) => f.write_str(reason),
    }
}

impl fmt::Display for Said<'_, TooMuchWork> {
    // Long on purpose: one arm per variant of `TooMuchWork`, each one sentence or a call to the
    // helper that words it; split, the refusals' shared wording would scatter.
    /// "WHAT would take too long (LIMIT)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TooMuchWork::OctalHeap { code, max } => write!(
                f,
                "computing values of {code} would take too long (heaps are limited to {max})"
            ),
            TooMuchWork::OctalValue { code, upto, max } => write!(
                f,
                "computing values of {code} up to {upto} would take too long (a value above \
                 {max} appeared)"
            ),
            TooMuchWork::OctalBudget {
                rules,
                upto,
                options,
                reached,
            } => octal_budget(f, rules, *upto, *options, *reached),
            TooMuchWork::GameTreeDepth { moves } => write!(
                f,
                "searching this position's game tree would take too long (games longer than \
                 {moves} moves are not searched)"
            ),
            TooMuchWork::GameTreeMoves { moves } => write!(
                f,
                "searching this position's game tree would take too long (more than {moves} \
                 moves examined)"
            ),
            TooMuchWork::SubtractionPeriod { set, values } => write!(
                f,
                "finding the period of subtract:{set} would take too long (no period within \
                 the first {values} values)"
            ),
            TooMuchWork::Table { upto, max } => write!(
                f,
                "a table by mex up to {upto} would take too long (the limit is {max}; for one \
                 huge state use `grundy N`)"
            ),
            TooMuchWork::TableBudget {
                rules,
                upto,
                options,
                reached,
            } => write!(
                f,
                "a table of {rules} by mex up to {upto} would take too long (the work limit of \
                 {options} options examined was reached at g({reached}))"
            ),
            TooMuchWork::GraphTable { rows, positions } => write!(
                f,
                "a table of {rows} positions is more than the graph has (the graph has {positions} \
                 positions; `grundy` with no range lists them all)"
            ),
            TooMuchWork::Values { upto, max } => write!(
                f,
                "values by mex up to {upto} would take too long (the limit is {max}; for one \
                 huge state use `grundy N`)"
            ),
            TooMuchWork::Exhaustive { piles, max, fits } => {
                write!(
                    f,
                    "searching every position of up to {piles} piles of size ≤ {max} would \
                     take too long: the search stops at {MAX_POSITIONS} positions, {MAX_MOVES} \
                     moves to examine or {MAX_CODES} pile states; "
                )?;
                match fits {
                    Some(fits) => write!(
                        f,
                        "`--piles {piles} --max {fits}` keeps within them, or try fewer `--piles`"
                    ),
                    None => f.write_str("try fewer `--piles` or a smaller `--max`"),
                }
            }
            TooMuchWork::ExhaustiveSplits { rules, piles, max } => write!(
                f,
                "searching every position of up to {piles} piles of size ≤ {max} of {rules} \
                 would take too long (its moves may split a pile, so each position is searched \
                 on its own, at most {MAX_SPLIT_POSITIONS} of them with {MAX_SPLIT_MOVES} moves \
                 examined and {MAX_SPLIT_HEAPS} piles in the positions they leave; fewer \
                 `--piles` or a smaller `--max` may run)"
            ),
            TooMuchWork::ExhaustiveTuples { rules, max } => write!(
                f,
                "searching every position of {rules} with each part ≤ {max} would take too long \
                 (the search lists at most {MAX_CODES} tuples, and a game whose tuples may be \
                 of any length has no such list; a smaller `--max`, or `winner` on one \
                 position)"
            ),
            TooMuchWork::TuplePositions {
                rules,
                piles,
                max,
                fits,
            } => tuple_positions(f, rules, *piles, *max, *fits),
            TooMuchWork::TupleMemory {
                rules,
                max,
                bytes,
                limit,
                fits,
            } => tuple_memory(f, rules, *max, *bytes, *limit, *fits),
            TooMuchWork::ExhaustiveOrder { rules, from, to } => write!(
                f,
                "searching every position of {rules} at once is not possible: a move from {from} \
                 leads to {to}, from which play can come back, so not every play ends"
            ),
            TooMuchWork::ExpressionBudget {
                token,
                rules,
                steps,
                reached,
                extend_to,
            } => expression_budget(f, token, rules, *steps, *reached, *extend_to),
            TooMuchWork::Mexset { pile, max } => write!(
                f,
                "listing the options of {pile} would take too long (mexset goes up to size \
                 {max})"
            ),
            TooMuchWork::TupleTable { game } => write!(
                f,
                "a table by size of `{game}` cannot be made: its states are tuples, not sizes; \
                 name one, like `grundy --rules {game} (3,5)`"
            ),
            TooMuchWork::DefinedOptionsOf {
                game,
                state,
                options,
            } => write!(
                f,
                "listing every move of `{game}` at {state} would take too long (more than the \
                 work limit of {options} options and steps); nimlab answers only from a whole \
                 list of moves, so this is refused: a smaller position, or one whose answer \
                 needs no search"
            ),
            TooMuchWork::DefinedState { game, state, max } => write!(
                f,
                "valuing `{game}` up to {state} would take too long (defined games are valued \
                 by mex up to {max})"
            ),
            TooMuchWork::DefinedBudget {
                game,
                upto,
                options,
                reached,
            } => defined_budget(f, game, *upto, *options, *reached),
            TooMuchWork::TupleSearch { game, state, limit } => tuple_search(f, game, state, limit),
            TooMuchWork::DefinedOptions {
                game,
                upto,
                max,
                reached,
            } => defined_options(f, game, *upto, *max, *reached),
        }
    }
}

/// An octal game's values by mex past the work limit: where it was reached, no period proven.
fn octal_budget(
    f: &mut fmt::Formatter<'_>,
    rules: &str,
    upto: u64,
    options: u64,
    reached: Option<u64>,
) -> fmt::Result {
    write!(
        f,
        "computing the values of {rules} by mex up to {upto} would take too long (the \
         work limit of {options} options examined was reached "
    )?;
    match reached {
        Some(n) => write!(f, "at g({n})")?,
        None => f.write_str("before g(0)")?,
    }
    f.write_str(", with no period proven; try a smaller `--to`)")
}

/// A search of every position of tuples past the positions it keeps: the `--max` that fits.
fn tuple_positions(
    f: &mut fmt::Formatter<'_>,
    rules: &str,
    piles: u64,
    max: u64,
    fits: Option<u64>,
) -> fmt::Result {
    write!(
        f,
        "searching every position of up to {piles} states of {rules} with each part \
         ≤ {max} would take too long (the search stops at {MAX_POSITIONS} \
         positions); "
    )?;
    match fits {
        Some(fits) => write!(f, "`--max {fits}` fits, or fewer `--piles`"),
        None => f.write_str("fewer `--piles`"),
    }
}

/// A search of every position of tuples past the memory limit: the `--max` that fits.
fn tuple_memory(
    f: &mut fmt::Formatter<'_>,
    rules: &str,
    max: u64,
    bytes: u64,
    limit: u64,
    fits: Option<u64>,
) -> fmt::Result {
    write!(
        f,
        "searching every position of {rules} with each part ≤ {max} would hold \
         about {} of options, past the memory limit of {}; ",
        super::bytes::Bytes(bytes),
        super::bytes::Bytes(limit)
    )?;
    match fits {
        Some(fits) => write!(f, "`--max {fits}` fits, or raise `--memory`"),
        None => f.write_str("raise `--memory`"),
    }
}

/// An expression's value by mex past its budget of steps: how far the values reach, and how
/// to look further.
fn expression_budget(
    f: &mut fmt::Formatter<'_>,
    token: &str,
    rules: &str,
    steps: u64,
    reached: Option<u64>,
    extend_to: u64,
) -> fmt::Result {
    write!(
        f,
        "valuing `{token}` of {rules} by mex would take too long (the expression's \
         budget of {steps} steps ran out with values computed "
    )?;
    match reached {
        Some(n) => write!(f, "to g({n})")?,
        None => f.write_str("to none")?,
    }
    write!(
        f,
        " and no period proven; `period --rules {rules} --to {extend_to}` looks \
         further, with more work allowed)"
    )
}

/// A defined game's values by mex past the work limit: where it was reached, and why mex is
/// the only way there.
fn defined_budget(
    f: &mut fmt::Formatter<'_>,
    game: &str,
    upto: u64,
    options: u64,
    reached: Option<u64>,
) -> fmt::Result {
    write!(
        f,
        "valuing `{game}` by mex up to {upto} would take too long (the work limit of \
         {options} options examined was reached "
    )?;
    match reached {
        Some(n) => write!(f, "at g({n})")?,
        None => f.write_str("before g(0)")?,
    }
    write!(
        f,
        "); nimlab knows no period or proven formula for `{game}`, so mex over every \
         smaller state is the only way to its values (`conjecture --rules {game} \
         g(n) = …` can prove a formula)"
    )
}

/// A game of tuples valued at a state past a limit: the work limit, or the positions kept.
fn tuple_search(
    f: &mut fmt::Formatter<'_>,
    game: &str,
    state: &str,
    limit: &TupleLimit,
) -> fmt::Result {
    write!(f, "valuing `{game}` at {state} ")?;
    match limit {
        TupleLimit::Work(options) => write!(
            f,
            "would take too long: play from there passes the work limit of \
             {options} options examined"
        ),
        TupleLimit::States(max) => write!(
            f,
            "is refused: play from there reaches more than {max} positions, the \
             most nimlab keeps for one game (a game whose play can go on for ever \
             reaches no end of them); a smaller state, or a rule whose options \
             shrink the state"
        ),
    }
}

/// A defined game's values by mex past the options it may keep: how far they reach.
fn defined_options(
    f: &mut fmt::Formatter<'_>,
    game: &str,
    upto: u64,
    max: u64,
    reached: Option<u64>,
) -> fmt::Result {
    write!(
        f,
        "valuing `{game}` by mex up to {upto} would take too much memory (more than \
         {max} options to keep; reached "
    )?;
    match reached {
        Some(n) => write!(f, "g({n}))"),
        None => f.write_str("none)"),
    }
}

impl fmt::Display for Said<'_, IllegalMove> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IllegalMove::NoSuchPile { index, piles } => write!(
                f,
                "there is no pile {}: the piles are numbered 1 to {piles}",
                index + 1
            ),
            IllegalMove::EmptyPile { index } => {
                write!(
                    f,
                    "pile {} is empty: there is nothing to move there",
                    index + 1
                )
            }
            IllegalMove::TakeNothing { index, has_pass } => {
                write!(f, "take at least 1 token")?;
                if *has_pass {
                    write!(
                        f,
                        " (to spend pile {}'s pass, write `pass {}`)",
                        index + 1,
                        index + 1
                    )?;
                }
                Ok(())
            }
            IllegalMove::TooMany { index, count, size } => write!(
                f,
                "pile {} holds only {size}: you cannot take {count}",
                index + 1
            ),
            IllegalMove::NotInSet {
                count,
                rules,
                allowed,
            } => {
                let allowed: Vec<String> = allowed.iter().map(u64::to_string).collect();
                write!(
                    f,
                    "{rules} allows taking {} only, not {count}",
                    or_list(&allowed)
                )
            }
            IllegalMove::NoPasses { rules } => write!(
                f,
                "{rules} has no passes: only zero-move piles offer one (use `take K from I`)"
            ),
            IllegalMove::PassSpent { index, pile } => write!(
                f,
                "pile {}'s pass is already spent ({pile}): take tokens instead",
                index + 1
            ),
            IllegalMove::NotYourCounter {
                index,
                from,
                after,
                rules,
                white,
            } => not_your_counter(f, *index, *from, after, rules, *white),
            IllegalMove::NotTokens { rules } => write!(
                f,
                "{rules} moves from state to state, it takes no tokens: write `I -> S`, \
                 pile I becomes state S"
            ),
            IllegalMove::NotAnOption {
                index,
                from,
                after,
                rules,
                options,
                more,
            } => not_an_option(f, *index, *from, after, rules, options, *more),
            IllegalMove::Unchecked { index, error } => write!(
                f,
                "whether pile {} can make that move cannot be checked: {}",
                index + 1,
                Said(&**error)
            ),
        }
    }
}

/// A move of the other player's counter: whose counter it moved, and which is the mover's own.
fn not_your_counter(
    f: &mut fmt::Formatter<'_>,
    index: usize,
    from: Pile,
    after: &Heaps,
    rules: &Rules,
    white: bool,
) -> fmt::Result {
    let (own, other) = if white {
        ("White", "Black")
    } else {
        ("Black", "White")
    };
    write!(
        f,
        "pile {}: {} → {} moves {other}'s counter; you play {own} and move your own counter (the {} number of the row)",
        index + 1,
        rules.name_of(from),
        rules.name_of_heaps(after),
        if white { "first" } else { "second" }
    )
}

/// A pile moved to a state that is not one of its options: what it can become instead.
fn not_an_option(
    f: &mut fmt::Formatter<'_>,
    index: usize,
    from: Pile,
    after: &Heaps,
    rules: &Rules,
    options: &[Heaps],
    more: bool,
) -> fmt::Result {
    let (i, from) = (index + 1, rules.name_of(from));
    if options.is_empty() {
        return write!(f, "pile {i} is {from}: it has no move left in {rules}");
    }
    let mut names: Vec<String> = options.iter().map(|h| rules.name_of_heaps(h)).collect();
    if more {
        names.push("…".into());
    }
    write!(
        f,
        "pile {i} is {from}: it cannot become {} in {rules}; it can become {}",
        rules.name_of_heaps(after),
        names.join(", ")
    )
}

/// `1, 3 or 4`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl fmt::Display for Said<'_, PictureError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            PictureError::TooManyEdges { limit } => write!(
                f,
                "it has more than {limit} edges, the most a Hackenbush position may have"
            ),
            PictureError::NotGrounded { node } => write!(
                f,
                "node `{node}` is not connected to the ground (every edge must hang from it)"
            ),
        }
    }
}

impl fmt::Display for Said<'_, WrittenError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            WrittenError::TooLong { limit } => write!(f, "it is longer than {limit} characters"),
            WrittenError::Syntax {
                at,
                found,
                expected,
            } => {
                let found = found.map_or_else(|| "the end".to_string(), |c| format!("`{c}`"));
                let expected = match expected {
                    PictureToken::EdgesClose => "`)` closing the edges",
                    PictureToken::StalkLength => "a stalk's number of edges",
                    PictureToken::EndOrBranch => "the end, or `(` after a stalk",
                    PictureToken::CommaOrClose => "`,` or `)`",
                };
                write!(
                    f,
                    "{found} at character {} where {expected} was expected",
                    at + 1
                )
            }
            WrittenError::BadEdge { edge } => {
                write!(
                    f,
                    "`{edge}` is not an edge (two node names joined by `-`, like `g-a`)"
                )
            }
            WrittenError::BadName { name } => write!(
                f,
                "`{name}` is not a node name (letters, digits and `_`, at most {MAX_NAME})"
            ),
            WrittenError::Picture(e) => Said(e).fmt(f),
        }
    }
}

/// A state of `game` that nimlab takes, to show: Northcott's counters stand on different
/// squares, a Chomp board's rows do not grow upwards; any other game takes threes.
fn tuple_example(game: &str, arity: usize) -> String {
    match (game, arity) {
        ("northcott", 2) => "(1,4)".into(),
        ("chomp", 3) => "(3,2,1)".into(),
        _ => format!("({})", vec!["3"; arity].join(",")),
    }
}

impl fmt::Display for Said<'_, PileWanted> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            PileWanted::Size { passes, too_long } => {
                f.write_str("a whole number from 0 to 2⁶⁴ − 1")?;
                if *passes {
                    f.write_str(
                        ", optionally with T (pass unused) or F (pass spent), like `7`, `7T`, `7F`",
                    )?;
                } else {
                    f.write_str(", like `7`")?;
                }
                if *too_long {
                    write!(f, "; a pile has at most {MAX_SIZE_DIGITS} digits")?;
                }
                Ok(())
            }
            PileWanted::SizeAtMost => {
                f.write_str("a pile size of at most 2⁶⁴ − 1 = 18446744073709551615")
            }
            PileWanted::Tuple { game, arity } => write!(
                f,
                "a state of {game}: a tuple of {arity} whole numbers, like `{}`",
                tuple_example(game, *arity)
            ),
            PileWanted::TupleUpTo { game, max } => write!(
                f,
                "a state of {game}: a tuple of 1 to {max} whole numbers, like `(3,1,4,1)`"
            ),
            PileWanted::Row { game } if game == "chomp" => write!(
                f,
                "a board of {game}: the rows' lengths from the bottom, each no longer than the \
                 row below, like `(3,2,1)`"
            ),
            PileWanted::Set { game } => write!(
                f,
                "a state of {game}: whole numbers, none of them twice, like `(1,4,6)`"
            ),
            PileWanted::Row { game } => write!(
                f,
                "a row of {game}: White's counter and Black's on different squares, like `(1,4)`"
            ),
            PileWanted::AnyTuple => f.write_str("a tuple of whole numbers, like `(3,5)`"),
            PileWanted::GraphPosition { names, more } => {
                let shown: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                let more = if *more { ", …" } else { "" };
                write!(
                    f,
                    "the name of a position in the graph ({}{more})",
                    shown.join(", ")
                )
            }
            PileWanted::State { game } => write!(f, "a state of {game}"),
            PileWanted::GameGraph => f.write_str("a game graph"),
            PileWanted::NormalPlayInSum => {
                f.write_str("a game under normal play in a sum (misère games do not add by XOR)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::OctalCode;
    use crate::engine::Rules;
    use crate::engine::{Heaps, Pile};
    use crate::engine::{Request, check};

    fn zm(text: &[&str]) -> Vec<Pile> {
        text.iter()
            .map(|t| Rules::ZeroMove.parse_pile(t).unwrap())
            .collect()
    }

    #[test]
    fn illegal_moves_name_the_rule_they_break() {
        let zero = Rules::ZeroMove;
        let piles = zm(&["4T", "7F", "0"]);
        let cases: &[(Rules, Request, &str)] = &[
            (
                zero.clone(),
                Request::Take { index: 3, count: 1 },
                "no pile 4: the piles are numbered 1 to 3",
            ),
            (
                zero.clone(),
                Request::Take { index: 2, count: 1 },
                "pile 3 is empty",
            ),
            (zero.clone(), Request::Pass { index: 2 }, "pile 3 is empty"),
            (
                zero.clone(),
                Request::Pass { index: 1 },
                "pile 2's pass is already spent (7F)",
            ),
            (
                zero.clone(),
                Request::Take { index: 0, count: 5 },
                "pile 1 holds only 4: you cannot take 5",
            ),
            (
                zero.clone(),
                Request::Take { index: 0, count: 0 },
                "write `pass 1`",
            ),
            (Rules::Nim, Request::Pass { index: 0 }, "nim has no passes"),
            (
                Rules::parse("subtract:1,3,4").unwrap(),
                Request::Take { index: 1, count: 2 },
                "subtract:1,3,4 allows taking 1, 3 or 4 only, not 2",
            ),
        ];
        for (rules, request, expected) in cases {
            let piles: Vec<Pile> = if rules.has_pass() {
                piles.clone()
            } else {
                [4, 7, 0].map(Pile::plain).to_vec()
            };
            let err = check(rules, &piles, request.clone()).unwrap_err();
            let err = Said(&err).to_string();
            assert!(err.contains(expected), "{request:?}: {err}");
        }
    }

    /// Kayles (octal:0.77) by hand: a row of 5 loses one or two adjacent pins; 5 → 1+2 knocks
    /// down pins 2 and 3, 5 → 2+2 the middle pin; 5 → 1+1 is three pins, no move.
    #[test]
    fn a_pile_becomes_a_split_written_in_either_order() {
        let kayles = Rules::parse("octal:0.77").unwrap();
        let piles = [Pile::plain(5)];
        for (a, b) in [(1, 2), (2, 1), (2, 2)] {
            let after = Heaps::Two(Pile::plain(a), Pile::plain(b));
            let m = check(&kayles, &piles, Request::Become { index: 0, after }).unwrap();
            let mut parts = [m.to.size, m.rest[0].size];
            parts.sort_unstable();
            let mut want = [a, b];
            want.sort_unstable();
            assert_eq!(parts, want);
            assert!(m.to.size <= m.rest[0].size, "smaller part first");
        }
        let after = Heaps::Two(Pile::plain(1), Pile::plain(1));
        let err = check(&kayles, &piles, Request::Become { index: 0, after }).unwrap_err();
        // Every option of 5, each once: 4 and 3 from an end, 1+3 and 2+2 (one pin), 1+2 (two).
        let err = Said(&err).to_string();
        let (head, listed) = err.split_once("; it can become ").unwrap();
        assert_eq!(head, "pile 1 is 5: it cannot become 1+1 in octal:0.77");
        let mut listed: Vec<&str> = listed.split(", ").collect();
        listed.sort_unstable();
        assert_eq!(listed, ["1+2", "1+3", "2+2", "3", "4"]);
        // Taking from the end of a row is a take; taking 3 is no Kayles move.
        let m = check(&kayles, &piles, Request::Take { index: 0, count: 2 }).unwrap();
        assert_eq!(m.to, Pile::plain(3));
        let err = check(&kayles, &piles, Request::Take { index: 0, count: 3 }).unwrap_err();
        let err = Said(&err).to_string();
        assert!(err.contains("cannot become 2"), "{err}");
    }

    // Long on purpose: one table of cases, a refusal and its words each; split, the table would
    // be harder to read down.
    /// Each refusal's words, written out by hand.
    #[test]
    fn each_refusal_names_the_work_and_the_limit() {
        let code = OctalCode::parse("0.77").unwrap();
        let Ok(Rules::Subtract(set)) = Rules::parse("subtract:1,3,4") else {
            panic!("subtract:1,3,4 is a subtraction game");
        };
        let cases = [
            (
                TooMuchWork::TupleSearch {
                    game: "wythoff".into(),
                    state: "(3000,3000)".into(),
                    limit: TupleLimit::States(1_000_000),
                },
                "valuing `wythoff` at (3000,3000) is refused: play from there reaches more than 1000000 positions, the most nimlab keeps for one game (a game whose play can go on for ever reaches no end of them); a smaller state, or a rule whose options shrink the state",
            ),
            (
                TooMuchWork::OctalHeap {
                    code: code.to_string(),
                    max: 4_294_967_294,
                },
                "computing values of 0.77 would take too long (heaps are limited to 4294967294)",
            ),
            (
                TooMuchWork::OctalValue {
                    code: code.to_string(),
                    upto: 90,
                    max: 65_535,
                },
                "computing values of 0.77 up to 90 would take too long (a value above 65535 appeared)",
            ),
            (
                TooMuchWork::OctalBudget {
                    rules: format!("octal:{code}"),
                    upto: 90,
                    options: 1000,
                    reached: Some(12),
                },
                "computing the values of octal:0.77 by mex up to 90 would take too long (the work limit of 1000 options examined was reached at g(12), with no period proven; try a smaller `--to`)",
            ),
            (
                TooMuchWork::OctalBudget {
                    rules: format!("octal:{code}"),
                    upto: 90,
                    options: 1000,
                    reached: None,
                },
                "computing the values of octal:0.77 by mex up to 90 would take too long (the work limit of 1000 options examined was reached before g(0), with no period proven; try a smaller `--to`)",
            ),
            (
                TooMuchWork::GameTreeDepth { moves: 1000 },
                "searching this position's game tree would take too long (games longer than 1000 moves are not searched)",
            ),
            (
                TooMuchWork::GameTreeMoves { moves: 5 },
                "searching this position's game tree would take too long (more than 5 moves examined)",
            ),
            (
                TooMuchWork::SubtractionPeriod {
                    set: set.to_string(),
                    values: 9,
                },
                "finding the period of subtract:1,3,4 would take too long (no period within the first 9 values)",
            ),
            (
                TooMuchWork::Table { upto: 20, max: 10 },
                "a table by mex up to 20 would take too long (the limit is 10; for one huge state use `grundy N`)",
            ),
            (
                TooMuchWork::TableBudget {
                    rules: Rules::Subtract(set).to_string(),
                    upto: 20,
                    options: 7,
                    reached: 3,
                },
                "a table of subtract:1,3,4 by mex up to 20 would take too long (the work limit of 7 options examined was reached at g(3))",
            ),
            (
                TooMuchWork::GraphTable {
                    rows: 9,
                    positions: 4,
                },
                "a table of 9 positions is more than the graph has (the graph has 4 positions; `grundy` with no range lists them all)",
            ),
            (
                TooMuchWork::Values { upto: 20, max: 10 },
                "values by mex up to 20 would take too long (the limit is 10; for one huge state use `grundy N`)",
            ),
            (
                TooMuchWork::Exhaustive {
                    piles: 3,
                    max: 9,
                    fits: None,
                },
                "searching every position of up to 3 piles of size ≤ 9 would take too long: the search stops at 50000000 positions, 10000000000 moves to examine or 1048576 pile states; try fewer `--piles` or a smaller `--max`",
            ),
            (
                TooMuchWork::Exhaustive {
                    piles: 10,
                    max: 100,
                    fits: Some(12),
                },
                "searching every position of up to 10 piles of size ≤ 100 would take too long: the search stops at 50000000 positions, 10000000000 moves to examine or 1048576 pile states; `--piles 10 --max 12` keeps within them, or try fewer `--piles`",
            ),
            (
                TooMuchWork::ExhaustiveSplits {
                    rules: Rules::parse("octal:0.77").unwrap().to_string(),
                    piles: 5,
                    max: 40,
                },
                "searching every position of up to 5 piles of size ≤ 40 of octal:0.77 would take too long (its moves may split a pile, so each position is searched on its own, at most 100000 of them with 10000000 moves examined and 100000000 piles in the positions they leave; fewer `--piles` or a smaller `--max` may run)",
            ),
            (
                TooMuchWork::ExhaustiveOrder {
                    rules: Rules::Nim.to_string(),
                    from: Rules::Nim.name_of(Pile::plain(1)),
                    to: Rules::Nim.name_of(Pile::plain(2)),
                },
                "searching every position of nim at once is not possible: a move from 1 leads to 2, from which play can come back, so not every play ends",
            ),
            (
                TooMuchWork::ExpressionBudget {
                    token: "80".into(),
                    rules: "octal:0.77".into(),
                    steps: 100,
                    reached: None,
                    extend_to: 160,
                },
                "valuing `80` of octal:0.77 by mex would take too long (the expression's budget of 100 steps ran out with values computed to none and no period proven; `period --rules octal:0.77 --to 160` looks further, with more work allowed)",
            ),
            (
                TooMuchWork::Mexset {
                    pile: Pile::plain(7),
                    max: 5,
                },
                "listing the options of 7 would take too long (mexset goes up to size 5)",
            ),
        ];
        for (work, text) in cases {
            assert_eq!(Said(&work).to_string(), text, "{work:?}");
        }
    }

    /// A bad subtraction set or code says why in words written here, from the engine's data.
    #[test]
    fn bad_sets_and_codes_say_why() {
        let said = |text: &str| Said(&Rules::parse(text).unwrap_err()).to_string();
        assert_eq!(
            said("subtract:1,0"),
            "bad subtraction set `subtract:1,0`: 0 is not a move (every amount must be at least 1)"
        );
        assert_eq!(
            said("subtract:1,x"),
            "bad subtraction set `subtract:1,x`: `x` is not a positive whole number"
        );
        assert_eq!(
            said("octal:0.78"),
            "bad octal code `octal:0.78`: `8` is not an octal digit (0 to 7)"
        );
        assert_eq!(
            said("hex:0.G"),
            "bad hexadecimal code `hex:0.G`: `G` is not a hexadecimal digit (0 to 9, A to F)"
        );
        assert_eq!(
            said("octal:2.7"),
            "bad octal code `octal:2.7`: `2.` is not supported: the digit before the point must be 0 or 4"
        );
    }

    /// A graph the engine refuses says why in words written here, from the engine's data.
    #[test]
    fn bad_graphs_say_why() {
        let said = |why: GraphWhy| {
            Said(&EngineError::BadGraph {
                source: "g.yaml".into(),
                why,
            })
            .to_string()
        };
        assert_eq!(
            said(GraphWhy::NoPositions),
            "bad game graph `g.yaml`: it has no positions"
        );
        assert_eq!(
            said(GraphWhy::TooMany { count: 7, max: 5 }),
            "bad game graph `g.yaml`: 7 positions is more than the 5 nimlab allows"
        );
        assert_eq!(
            said(GraphWhy::Twice { name: "a".into() }),
            "bad game graph `g.yaml`: the position `a` is listed twice"
        );
        assert_eq!(
            said(GraphWhy::Unlisted {
                from: "a".into(),
                to: "b".into()
            }),
            "bad game graph `g.yaml`: `a` moves to `b`, which is not a listed position"
        );
    }

    /// A picture written wrongly names, in words written here, what it needed and where.
    #[test]
    fn a_bad_picture_names_what_it_needed() {
        use crate::engine::hackenbush_syntax::parse;
        let said = |word: &str| Said(&parse(word).unwrap_err()).to_string();
        // Characters are counted from 1: `2(1` ends after its third.
        assert_eq!(
            said("2(1"),
            "the end at character 4 where `,` or `)` was expected"
        );
        assert_eq!(
            said("(g-a"),
            "the end at character 5 where `)` closing the edges was expected"
        );
        assert_eq!(
            said("x"),
            "`x` at character 1 where a stalk's number of edges was expected"
        );
        assert_eq!(
            said("2x"),
            "`x` at character 2 where the end, or `(` after a stalk was expected"
        );
    }

    /// A staircase too large to search says why in words written here.
    #[test]
    fn a_staircase_too_large_says_why() {
        let said = |why: FailedWhy| {
            Said(&EngineError::DefinitionFailed {
                game: "staircase".into(),
                state: "(3,1)".into(),
                why,
            })
            .to_string()
        };
        let head = "the options of `staircase` at the state (3,1) cannot be computed: ";
        assert_eq!(
            said(FailedWhy::StaircaseCoins),
            format!("{head}more than 18446744073709551615 coins in all")
        );
        assert_eq!(
            said(FailedWhy::SearchTooBig { max: 20 }),
            format!(
                "{head}searching it would list more than 20 options (a bound on the states it \
                 reaches times the moves of one), too many"
            )
        );
        assert_eq!(
            said(FailedWhy::Said("`x` is unknown".into())),
            format!("{head}`x` is unknown")
        );
    }
}
