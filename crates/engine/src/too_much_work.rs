//! Computations the engine refuses because they would need more work than nimlab allows:
//! what was asked for, with the numbers, and the limit it would pass. Data only; the words are
//! written once, in `Display`.

use std::fmt;

use super::exhaustive::{
    MAX_CODES, MAX_MOVES, MAX_POSITIONS, MAX_SPLIT_HEAPS, MAX_SPLIT_MOVES, MAX_SPLIT_POSITIONS,
};
use super::octal::OctalCode;
use super::subtraction::SubtractionSet;
use super::{Pile, Rules};

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
    /// Values of an octal game at a heap past `max`, the largest its value table indexes.
    OctalHeap { code: OctalCode, max: u64 },
    /// A value of an octal game, computed up to heap `upto`, wider than `max`.
    OctalValue {
        code: OctalCode,
        upto: u64,
        max: u64,
    },
    /// Values of an octal game up to heap `upto`, stopped at the work limit of `options`
    /// options examined; `reached` is the largest heap valued, if any.
    OctalBudget {
        code: OctalCode,
        upto: u64,
        options: u64,
        reached: Option<u64>,
    },
    /// A search of a position's game tree deeper than `moves` moves.
    GameTreeDepth { moves: u64 },
    /// A search of a position's game tree past `moves` moves examined.
    GameTreeMoves { moves: u64 },
    /// The period of a subtraction game not found within the first `values` values.
    SubtractionPeriod { set: SubtractionSet, values: u64 },
    /// A table by mex up to `upto`, past the largest table, `max`.
    Table { upto: u64, max: u64 },
    /// A table of `rules` by mex up to `upto`, stopped at the work limit of `options` options
    /// examined when it had reached g(`reached`).
    TableBudget {
        rules: Rules,
        upto: u64,
        options: u64,
        reached: u64,
    },
    /// A table of `rows` positions of a graph that has `positions`.
    GraphTable { rows: u64, positions: u64 },
    /// Values by mex up to `upto`, past the largest range, `max`.
    Values { upto: u64, max: u64 },
    /// Every position of up to `piles` piles of size at most `max`, past the search's limits.
    Exhaustive { piles: u64, max: u64 },
    /// Every position of up to `piles` piles of size at most `max` of `rules`, whose moves may
    /// split a pile, past the limits of the search that follows splits.
    ExhaustiveSplits { rules: Rules, piles: u64, max: u64 },
    /// Every position of `rules`, a defined game whose piles are tuples, with each part at most
    /// `max`: more tuples than the search lists, or tuples of any length.
    ExhaustiveTuples { rules: Rules, max: u64 },
    /// Every position of up to `piles` states of `rules`, a game of tuples, with each part at
    /// most `max`: more positions than the search holds; `fits` is the largest `max` that
    /// does not.
    TuplePositions {
        rules: Rules,
        piles: u64,
        max: u64,
        fits: Option<u64>,
    },
    /// Every position of `rules`, a game of tuples, with each part at most `max`: about
    /// `bytes` to hold, past the memory limit `limit`; `fits` is the largest `max` within it.
    TupleMemory {
        rules: Rules,
        max: u64,
        bytes: u64,
        limit: u64,
        fits: Option<u64>,
    },
    /// Every position of `rules`, where a move from `from` leads to `to`, from which play can
    /// come back to `from`.
    ExhaustiveOrder { rules: Rules, from: Pile, to: Pile },
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

impl fmt::Display for TooMuchWork {
    /// "WHAT would take too long (LIMIT)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OctalHeap { code, max } => write!(
                f,
                "computing values of {code} would take too long (heaps are limited to {max})"
            ),
            Self::OctalValue { code, upto, max } => write!(
                f,
                "computing values of {code} up to {upto} would take too long (a value above \
                 {max} appeared)"
            ),
            Self::OctalBudget {
                code,
                upto,
                options,
                reached,
            } => {
                write!(
                    f,
                    "computing the values of {} by mex up to {upto} would take too long (the \
                     work limit of {options} options examined was reached ",
                    Rules::Octal(code.clone())
                )?;
                match reached {
                    Some(n) => write!(f, "at g({n})")?,
                    None => f.write_str("before g(0)")?,
                }
                f.write_str(", with no period proven; try a smaller `--to`)")
            }
            Self::GameTreeDepth { moves } => write!(
                f,
                "searching this position's game tree would take too long (games longer than \
                 {moves} moves are not searched)"
            ),
            Self::GameTreeMoves { moves } => write!(
                f,
                "searching this position's game tree would take too long (more than {moves} \
                 moves examined)"
            ),
            Self::SubtractionPeriod { set, values } => write!(
                f,
                "finding the period of subtract:{set} would take too long (no period within \
                 the first {values} values)"
            ),
            Self::Table { upto, max } => write!(
                f,
                "a table by mex up to {upto} would take too long (the limit is {max}; for one \
                 huge state use `grundy N`)"
            ),
            Self::TableBudget {
                rules,
                upto,
                options,
                reached,
            } => write!(
                f,
                "a table of {rules} by mex up to {upto} would take too long (the work limit of \
                 {options} options examined was reached at g({reached}))"
            ),
            Self::GraphTable { rows, positions } => write!(
                f,
                "a table of {rows} positions would take too long (the graph has {positions} \
                 positions)"
            ),
            Self::Values { upto, max } => write!(
                f,
                "values by mex up to {upto} would take too long (the limit is {max}; for one \
                 huge state use `grundy N`)"
            ),
            Self::Exhaustive { piles, max } => write!(
                f,
                "searching every position of up to {piles} piles of size ≤ {max} would take \
                 too long (the search stops at {MAX_POSITIONS} positions, {MAX_MOVES} moves to \
                 examine or {MAX_CODES} pile states (and needs at least one pile))"
            ),
            Self::ExhaustiveSplits { rules, piles, max } => write!(
                f,
                "searching every position of up to {piles} piles of size ≤ {max} of {rules} \
                 would take too long (its moves may split a pile, so each position is searched \
                 on its own, at most {MAX_SPLIT_POSITIONS} of them with {MAX_SPLIT_MOVES} moves \
                 examined and {MAX_SPLIT_HEAPS} piles in the positions they leave; fewer \
                 `--piles` or a smaller `--max` may run)"
            ),
            Self::ExhaustiveTuples { rules, max } => write!(
                f,
                "searching every position of {rules} with each part ≤ {max} would take too long \
                 (the search lists at most {MAX_CODES} tuples, and a game whose tuples may be \
                 of any length has no such list; a smaller `--max`, or `winner` on one \
                 position)"
            ),
            Self::TuplePositions {
                rules,
                piles,
                max,
                fits,
            } => {
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
            Self::TupleMemory {
                rules,
                max,
                bytes,
                limit,
                fits,
            } => {
                write!(
                    f,
                    "searching every position of {rules} with each part ≤ {max} would hold \
                     about {} of options, past the memory limit of {}; ",
                    crate::memory::bytes(*bytes),
                    crate::memory::bytes(*limit)
                )?;
                match fits {
                    Some(fits) => write!(f, "`--max {fits}` fits, or raise `--memory`"),
                    None => f.write_str("raise `--memory`"),
                }
            }
            Self::ExhaustiveOrder { rules, from, to } => write!(
                f,
                "searching every position of {rules} at once is not possible: a move from {} \
                 leads to {}, from which play can come back, so not every play ends",
                rules.name_of(*from),
                rules.name_of(*to)
            ),
            Self::ExpressionBudget {
                token,
                rules,
                steps,
                reached,
                extend_to,
            } => {
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
            Self::Mexset { pile, max } => write!(
                f,
                "listing the options of {pile} would take too long (mexset goes up to size \
                 {max})"
            ),
            Self::TupleTable { game } => write!(
                f,
                "a table by size of `{game}` cannot be made: its states are tuples, not sizes; \
                 name one, like `grundy --rules {game} (3,5)`"
            ),
            Self::DefinedState { game, state, max } => write!(
                f,
                "valuing `{game}` up to {state} would take too long (defined games are valued \
                 by mex up to {max})"
            ),
            Self::DefinedBudget {
                game,
                upto,
                options,
                reached,
            } => {
                write!(
                    f,
                    "valuing `{game}` by mex up to {upto} would take too long (the work limit of \
                     {options} options examined was reached "
                )?;
                match reached {
                    Some(n) => write!(f, "at g({n}))"),
                    None => f.write_str("before g(0))"),
                }
            }
            Self::TupleSearch { game, state, limit } => {
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
            Self::DefinedOptions {
                game,
                upto,
                max,
                reached,
            } => {
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                    code: code.clone(),
                    max: 4_294_967_294,
                },
                "computing values of 0.77 would take too long (heaps are limited to 4294967294)",
            ),
            (
                TooMuchWork::OctalValue {
                    code: code.clone(),
                    upto: 90,
                    max: 65_535,
                },
                "computing values of 0.77 up to 90 would take too long (a value above 65535 appeared)",
            ),
            (
                TooMuchWork::OctalBudget {
                    code: code.clone(),
                    upto: 90,
                    options: 1000,
                    reached: Some(12),
                },
                "computing the values of octal:0.77 by mex up to 90 would take too long (the work limit of 1000 options examined was reached at g(12), with no period proven; try a smaller `--to`)",
            ),
            (
                TooMuchWork::OctalBudget {
                    code,
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
                    set: set.clone(),
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
                    rules: Rules::Subtract(set),
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
                "a table of 9 positions would take too long (the graph has 4 positions)",
            ),
            (
                TooMuchWork::Values { upto: 20, max: 10 },
                "values by mex up to 20 would take too long (the limit is 10; for one huge state use `grundy N`)",
            ),
            (
                TooMuchWork::Exhaustive { piles: 3, max: 9 },
                "searching every position of up to 3 piles of size ≤ 9 would take too long (the search stops at 50000000 positions, 10000000000 moves to examine or 1048576 pile states (and needs at least one pile))",
            ),
            (
                TooMuchWork::ExhaustiveSplits {
                    rules: Rules::parse("octal:0.77").unwrap(),
                    piles: 5,
                    max: 40,
                },
                "searching every position of up to 5 piles of size ≤ 40 of octal:0.77 would take too long (its moves may split a pile, so each position is searched on its own, at most 100000 of them with 10000000 moves examined and 100000000 piles in the positions they leave; fewer `--piles` or a smaller `--max` may run)",
            ),
            (
                TooMuchWork::ExhaustiveOrder {
                    rules: Rules::Nim,
                    from: Pile::plain(1),
                    to: Pile::plain(2),
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
            assert_eq!(work.to_string(), text, "{work:?}");
        }
    }
}
