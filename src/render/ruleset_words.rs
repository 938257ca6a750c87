//! What each ruleset of the engine's catalogue is, in one line, and the line help shows for
//! it. The catalogue (`RULESETS`) holds names, spellings and examples only; these are its
//! words, read by `rules`, `--help`, the man pages and shell completions (a game built in Rust
//! brings its own, from its file). A row without words, or words for no row, fails this file's
//! test.

use crate::engine::ruleset_name::RulesetName;

/// Each row's game in one line, by the row's `name`, in the catalogue's order; a game built in
/// Rust brings its own line ([`RulesetName::built_in`]).
const SUMMARIES: &[(&str, &str)] = &[
    (
        "nim",
        "Nim: take any number of tokens from one pile; the last mover wins",
    ),
    (
        "zero-move",
        "zero-move Nim: Nim where each non-empty pile also has one pass (nT → nF) that \
            either player may spend once",
    ),
    ("misere", "misère Nim: Nim where the last mover loses"),
    (
        "subtract",
        "a subtraction game: take s tokens from one pile, for some s in the set S; \
            `subtract:^S` takes any positive amount except those in S",
    ),
    (
        "octal",
        "a take-and-break game given by its octal code; a move may split a pile in two",
    ),
    (
        "hex",
        "a take-and-break game given by its hexadecimal code: as octal, with digit bit 8 \
            letting the tokens left be three non-empty piles",
    ),
    (
        "graph",
        "a game given as a YAML file of named positions and the moves between them; a \
            graph with cycles is valued by γ, with draws",
    ),
    (
        "game",
        "the game the session defined with `game NAME(n) = OPTIONS` (see `help game`)",
    ),
    (
        "moore",
        "Moore's Nim_k: a move takes any positive number of tokens from each of at least \
            one and at most K piles; a game of the whole position, decided by Moore's \
            theorem (proven, 1910; checked against exhaustive search): the mover loses iff \
            each binary column's count of 1s is 0 mod K+1 (`winner` and `move` only)",
    ),
    (
        "hackenbush",
        "Green Hackenbush: cut one edge of a picture standing on the ground; whatever no \
            longer reaches the ground falls, and the last mover wins. A pile is a picture: a \
            stalk `5`, a tree `2(1,3)`, edges `(g-a,a-b,b-g)` (`g` the ground), or `--file \
            PICTURE.yaml`; valued by the colon and fusion principles (`winner`, `move`, \
            `nimsum`, `grundy PICTURE` and `draw` only)",
    ),
    (
        "lasker",
        "Lasker's Nim: take any number of tokens from one pile, or split a pile into two \
            non-empty piles",
    ),
    (
        "grundy-game",
        "Grundy's game: split one pile into two non-empty piles of different sizes",
    ),
    (
        "subtract:squares",
        "a subtraction game: take a non-zero square number of tokens (1, 4, 9, 16, …) \
            from one pile",
    ),
    (
        "subtract:powers2",
        "a subtraction game: take a power of two (1, 2, 4, 8, …) tokens from one pile",
    ),
    (
        "wythoff",
        "Wythoff's game: a pile is two heaps, written `(a,b)`; take any number of tokens \
            from one heap, or the same number from both",
    ),
    (
        "mock-turtles",
        "Mock Turtles, a coin-turning game: a pile n is a heads coin at place n of a row; \
            a move turns over one, two or three coins, the rightmost from heads to tails",
    ),
    (
        "at-least-half",
        "at-least-half: take at least half of the tokens of one pile (what may be taken \
            depends on the pile alone, not on the last move; the values are the piles' bit \
            lengths)",
    ),
    (
        "fibonacci-nim",
        "Fibonacci Nim: a pile is `(n,m)`, n tokens of which the next move may take at \
            most m; taking k leaves `(n-k,2k)`; start at `(n,n-1)`",
    ),
    (
        "turning-turtles",
        "Turning Turtles, a coin-turning game: a pile n is a heads coin at place n of a \
            row; a move turns over one or two coins, the rightmost from heads to tails (it \
            is Nim)",
    ),
    (
        "northcott",
        "Northcott's game without its retreats: a pile is a row `(w,b)`, White's counter \
            in column w and Black's in column b; a move shrinks one row's gap (Nim on the \
            gap). The full game also lets each player move their own counter away, which \
            makes it partizan and loopy; retreats are reversible, so the same player wins it",
    ),
    (
        "ruler",
        "Ruler, a coin-turning game: a pile n is a heads coin at place n of a row; a move \
            turns over any run of consecutive coins, the rightmost from heads to tails (its \
            value is the largest power of two dividing n)",
    ),
    (
        "chomp",
        "Chomp on up to three rows: a pile is a board `(a,b,c)`, the rows' lengths from \
            the bottom (a ≥ b ≥ c); a move eats a square and all squares above and to its \
            right; the poisoned bottom-left square is never eaten, so whoever faces it alone \
            has lost",
    ),
];

/// The game of `row` in one line ("Nim: take any number of tokens from one pile; …").
pub(crate) fn summary(row: &RulesetName) -> &'static str {
    if let Some(game) = row.built_in {
        return game.summary;
    }
    SUMMARIES
        .iter()
        .find(|(name, _)| *name == row.name)
        .map_or("", |(_, words)| words)
}

/// A ruleset's line in help: what it is, its other spellings, its examples.
pub(super) fn ruleset_help(row: &RulesetName) -> String {
    let mut help = summary(row).to_string();
    if !row.aliases.is_empty() {
        let aliases: Vec<String> = row.aliases.iter().map(|a| format!("`{a}`")).collect();
        help.push_str(&format!("; also written {}", aliases.join(", ")));
    }
    if !row.examples.is_empty() {
        let examples: Vec<String> = row
            .examples
            .iter()
            .map(|e| match e.known_as {
                Some(known) => format!("`{}` ({known})", e.name),
                None => format!("`{}`", e.name),
            })
            .collect();
        help.push_str(&format!("; e.g. {}", examples.join(", ")));
    }
    help
}

/// A few names to show where a ruleset was expected: the whole list is `rules`'s.
pub(super) const SOME_NAMES: &str = "`nim`, `zero-move`, `misere`, `subtract:1,3,4`, `octal:0.77` \
     (or `kayles`), `lasker` or `wythoff`";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset_name::{self, RULESETS};

    #[test]
    fn every_row_of_the_catalogue_has_words_and_every_words_a_row() {
        for row in &RULESETS {
            let found = SUMMARIES
                .iter()
                .filter(|(name, _)| *name == row.name)
                .count();
            let wanted = usize::from(row.built_in.is_none());
            assert_eq!(
                found, wanted,
                "the ruleset `{}` needs one summary, here or in its file",
                row.name
            );
            assert!(!summary(row).is_empty(), "{}", row.name);
        }
        for (name, _) in SUMMARIES {
            assert!(
                RULESETS.iter().any(|row| row.name == *name),
                "`{name}` is no ruleset of the catalogue"
            );
        }
    }

    #[test]
    fn a_summary_and_a_help_line_read_as_written() {
        let nim = ruleset_name::find("nim").unwrap();
        assert_eq!(
            summary(nim),
            "Nim: take any number of tokens from one pile; the last mover wins"
        );
        let zero_move = ruleset_name::find("zero-move").unwrap();
        assert!(
            ruleset_help(zero_move)
                .ends_with("may spend once; also written `zeromove`, `zero_move`"),
            "{}",
            ruleset_help(zero_move)
        );
        let octal = ruleset_name::find("octal").unwrap();
        assert!(
            ruleset_help(octal).ends_with(
                "; e.g. `octal:0.77` (Kayles), `octal:0.07` (Dawson's Kayles), `octal:4.07`"
            ),
            "{}",
            ruleset_help(octal)
        );
    }

    #[test]
    fn the_few_names_shown_are_names() {
        let names: Vec<&str> = SOME_NAMES.split('`').skip(1).step_by(2).collect();
        assert_eq!(names.len(), 8, "{SOME_NAMES}");
        for name in names {
            assert!(ruleset_name::read(name).is_ok(), "{name}");
        }
    }
}
