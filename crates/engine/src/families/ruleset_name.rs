//! The ruleset names a user can type, in one table. Parsing (`Rules::parse`), the command
//! line's `--rules` checker, the expression language, `verify`, completion, help, the `rules`
//! reply and the error for an unknown name all read it, so they cannot disagree.
//!
//! Only names live here: what each game is lives in [`Rules`]. A graph's file is read outside
//! the engine, so reading a name yields either a ruleset or the file still to be read.

use crate::families::octal::OctalCode;
use crate::families::subtraction::SubtractionSet;
use crate::{EngineError, Rules};

/// The kinds of ruleset a name can denote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Nim,
    ZeroMove,
    Misere,
    Subtract,
    Octal,
    /// Hexadecimal codes: octal games whose moves may also leave three heaps.
    Hex,
    Graph,
    /// A game defined in nimlab's game language: the bundled library's (named here) and
    /// those a session or lesson defines.
    Defined,
    /// `game:NAME`: the game the session defined with `game NAME(n) = …`.
    SessionGame,
    /// `moore:K`: Moore's Nim_k, a game of the whole position (not a sum of piles).
    Moore,
    /// Green Hackenbush: a pile is a picture, not a number.
    Hackenbush,
}

/// A complete name worth showing, with what it is called in the literature, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    pub name: &'static str,
    pub known_as: Option<&'static str>,
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesetName {
    pub family: Family,
    /// The name as nimlab writes it, or for a family with an argument the word before the
    /// colon (`subtract` in `subtract:1,3,4`).
    pub name: &'static str,
    /// Other spellings of `name`, accepted everywhere a name is.
    pub aliases: &'static [&'static str],
    /// What follows the colon, as a placeholder (`S`, `CODE`, `FILE`); `None` if nothing does.
    pub argument: Option<&'static str>,
    /// Complete names to show (a family with an argument needs at least one to be typed).
    pub examples: &'static [Example],
    /// The game in one line.
    pub summary: &'static str,
    /// How an expression names it (`g(subtract:{1,3,4}, 7)`: braces, since commas separate
    /// arguments); `None` where an expression cannot (a graph needs its file read).
    pub in_expression: Option<&'static str>,
}

/// Every ruleset name, in the order help lists them.
pub const RULESETS: [RulesetName; 23] = [
    RulesetName {
        family: Family::Nim,
        name: "nim",
        aliases: &[],
        argument: None,
        examples: &[],
        summary: "Nim: take any number of tokens from one pile; the last mover wins",
        in_expression: Some("nim"),
    },
    RulesetName {
        family: Family::ZeroMove,
        name: "zero-move",
        aliases: &["zeromove", "zero_move"],
        argument: None,
        examples: &[],
        summary: "zero-move Nim: Nim where each non-empty pile also has one pass (nT → nF) \
                  that either player may spend once",
        in_expression: Some("zero-move"),
    },
    RulesetName {
        family: Family::Misere,
        name: "misere",
        aliases: &["misère"],
        argument: None,
        examples: &[],
        summary: "misère Nim: Nim where the last mover loses",
        in_expression: Some("misere"),
    },
    RulesetName {
        family: Family::Subtract,
        name: "subtract",
        aliases: &[],
        argument: Some("S"),
        examples: &[Example {
            name: "subtract:1,3,4",
            known_as: None,
        }],
        summary: "a subtraction game: take s tokens from one pile, for some s in the set S; \
                  `subtract:^S` takes any positive amount except those in S",
        in_expression: Some("subtract:{1,3,4}"),
    },
    RulesetName {
        family: Family::Octal,
        name: "octal",
        aliases: &[],
        argument: Some("CODE"),
        examples: &[
            Example {
                name: "octal:0.77",
                known_as: Some("Kayles"),
            },
            Example {
                name: "octal:0.07",
                known_as: Some("Dawson's Kayles"),
            },
            Example {
                name: "octal:4.07",
                known_as: None,
            },
        ],
        summary: "a take-and-break game given by its octal code; a move may split a pile in two",
        in_expression: Some("octal:0.77"),
    },
    RulesetName {
        family: Family::Hex,
        name: "hex",
        aliases: &[],
        argument: Some("CODE"),
        examples: &[
            Example {
                name: "hex:0.F",
                known_as: None,
            },
            Example {
                name: "hex:0.8",
                known_as: None,
            },
        ],
        summary: "a take-and-break game given by its hexadecimal code: as octal, with digit bit 8 \
                  letting the tokens left be three non-empty piles",
        in_expression: None,
    },
    RulesetName {
        family: Family::Graph,
        name: "graph",
        aliases: &[],
        argument: Some("FILE"),
        examples: &[],
        summary: "a game given as a YAML file of named positions and the moves between them; a graph with cycles is valued by γ, with draws",
        in_expression: None,
    },
    RulesetName {
        family: Family::SessionGame,
        name: "game",
        aliases: &[],
        argument: Some("NAME"),
        examples: &[],
        summary: "the game the session defined with `game NAME(n) = OPTIONS` (see `help game`)",
        in_expression: None,
    },
    RulesetName {
        family: Family::Moore,
        name: "moore",
        aliases: &[],
        argument: Some("K"),
        examples: &[Example {
            name: "moore:2",
            known_as: Some("Moore's Nim_2"),
        }],
        summary: "Moore's Nim_k: a move takes any positive number of tokens from each of at least \
                  one and at most K piles; a game of the whole position, decided by Moore's \
                  theorem (proven, 1910; checked against exhaustive search): the mover loses iff \
                  each binary column's count of 1s is 0 mod K+1 (`winner` and `move` only)",
        in_expression: None,
    },
    RulesetName {
        family: Family::Hackenbush,
        name: "hackenbush",
        aliases: &["green-hackenbush"],
        argument: None,
        examples: &[],
        summary: "Green Hackenbush: cut one edge of a picture standing on the ground; whatever no \
                  longer reaches the ground falls, and the last mover wins. A pile is a picture: \
                  a stalk `5`, a tree `2(1,3)`, edges `(g-a,a-b,b-g)` (`g` the ground), or \
                  `--file PICTURE.yaml`; valued by the colon and fusion principles (`winner`, \
                  `move`, `nimsum`, `grundy PICTURE` and `draw` only)",
        in_expression: None,
    },
    library(
        "lasker",
        "Lasker's Nim: take any number of tokens from one pile, or split a pile into two non-empty piles",
    ),
    library(
        "grundy-game",
        "Grundy's game: split one pile into two non-empty piles of different sizes",
    ),
    RulesetName {
        in_expression: Some("subtract:squares"),
        ..library(
            "subtract:squares",
            "a subtraction game: take a non-zero square number of tokens (1, 4, 9, 16, …) from one pile",
        )
    },
    RulesetName {
        in_expression: Some("subtract:powers2"),
        ..library(
            "subtract:powers2",
            "a subtraction game: take a power of two (1, 2, 4, 8, …) tokens from one pile",
        )
    },
    RulesetName {
        in_expression: None,
        ..library(
            "wythoff",
            "Wythoff's game: a pile is two heaps, written `(a,b)`; take any number of tokens from one heap, or the same number from both",
        )
    },
    library(
        "mock-turtles",
        "Mock Turtles, a coin-turning game: a pile n is a heads coin at place n of a row; a move turns over one, two or three coins, the rightmost from heads to tails",
    ),
    library(
        "at-least-half",
        "at-least-half: take at least half of the tokens of one pile (what may be taken depends on the pile alone, not on the last move; the values are the piles' bit lengths)",
    ),
    RulesetName {
        in_expression: None,
        ..library(
            "fibonacci-nim",
            "Fibonacci Nim: a pile is `(n,m)`, n tokens of which the next move may take at most m; taking k leaves `(n-k,2k)`; start at `(n,n-1)`",
        )
    },
    library(
        "turning-turtles",
        "Turning Turtles, a coin-turning game: a pile n is a heads coin at place n of a row; a move turns over one or two coins, the rightmost from heads to tails (it is Nim)",
    ),
    RulesetName {
        in_expression: None,
        ..library(
            "northcott",
            "Northcott's game without its retreats: a pile is a row `(w,b)`, White's counter in column w and Black's in column b; a move shrinks one row's gap (Nim on the gap). The full game also lets each player move their own counter away, which makes it partizan and loopy; retreats are reversible, so the same player wins it",
        )
    },
    library(
        "ruler",
        "Ruler, a coin-turning game: a pile n is a heads coin at place n of a row; a move turns over any run of consecutive coins, the rightmost from heads to tails (its value is the largest power of two dividing n)",
    ),
    RulesetName {
        in_expression: None,
        ..library(
            "chomp",
            "Chomp on up to three rows: a pile is a board `(a,b,c)`, the rows' lengths from the bottom (a ≥ b ≥ c); a move eats a square and all squares above and to its right; the poisoned bottom-left square is never eaten, so whoever faces it alone has lost",
        )
    },
    RulesetName {
        in_expression: None,
        ..library(
            "staircase",
            "staircase Nim on any number of steps: a position is the coins on steps 1, 2, …, written `(3,1,4,1)` or as the words `3 1 4 1`; move any number of coins from one step to the step below (from step 1, off the staircase); valued by search",
        )
    },
];

/// The library's coin-turning games: a pile n is a heads coin at place n of a row, and a move
/// turns coins over (the heaps it leaves are the coins turned heads), taking no tokens.
pub const COIN_GAMES: [&str; 3] = ["turning-turtles", "mock-turtles", "ruler"];

/// The library's games of counters that may retreat (Northcott's): each is defined by its game
/// of advances, which decides normal play only, so misère play of it is refused.
pub const RETREAT_GAMES: [&str; 1] = ["northcott"];

/// A row for a game of the bundled library, defined in the game language. An expression names
/// it as written (`g(lasker, 7)`, `g(subtract:squares, 7)`).
const fn library(name: &'static str, summary: &'static str) -> RulesetName {
    RulesetName {
        family: Family::Defined,
        name,
        aliases: &[],
        argument: None,
        examples: &[],
        summary,
        in_expression: Some(name),
    }
}

/// A ruleset name as read: a ruleset, or a game graph whose file is still to be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named<'a> {
    Rules(Rules),
    /// `graph:FILE`: the file as written after the colon (never empty).
    GraphFile(&'a str),
    /// A game of the bundled library, by its name in the table, or a family of them with its
    /// argument checked (`subtract:^1,2`: take any amount but 1 or 2); its definition is read
    /// outside the engine.
    Library(&'a str),
    /// `game:NAME`: a game the session defined, by the name after the colon (never empty).
    SessionGame(&'a str),
    /// `moore:K`: Moore's Nim_k with K ≥ 1, decided on the whole position.
    Moore(u64),
    /// `hackenbush`: Green Hackenbush, whose piles are pictures.
    Hackenbush,
}

impl RulesetName {
    /// The row of a family.
    pub fn of(family: Family) -> &'static Self {
        RULESETS
            .iter()
            .find(|r| r.family == family)
            .unwrap_or(&RULESETS[0])
    }

    /// How the name is written in usage lines: `nim`, `subtract:S`.
    pub fn usage(&self) -> String {
        match self.argument {
            Some(arg) => format!("{}:{arg}", self.name),
            None => self.name.to_string(),
        }
    }

    /// The prefix a name of this family starts with (`octal:`), or the whole name.
    pub fn stem(&self) -> String {
        match self.argument {
            Some(_) => format!("{}:", self.name),
            None => self.name.to_string(),
        }
    }

    /// Every complete spelling this row accepts and shows: the name and its aliases, or for a
    /// family with an argument its examples.
    pub fn spellings(&self) -> Vec<&'static str> {
        match self.argument {
            None => std::iter::once(self.name)
                .chain(self.aliases.iter().copied())
                .collect(),
            Some(_) => self.examples.iter().map(|e| e.name).collect(),
        }
    }

    /// Whether `word` is this row's name or one of its aliases, ignoring ASCII case.
    pub fn is_called(&self, word: &str) -> bool {
        std::iter::once(self.name)
            .chain(self.aliases.iter().copied())
            .any(|n| n.eq_ignore_ascii_case(word))
    }
}

/// Octal games known by a name of their own: the name reads as the code.
pub const CODE_NAMES: [(&str, &str); 4] = [
    ("kayles", "0.77"),
    ("dawson", "0.07"),
    ("dawsons-kayles", "0.07"),
    ("dawson-kayles", "0.07"),
];

/// A few names to show where a ruleset was expected: the whole list is `rules`'s.
pub const SOME_NAMES: &str = "`nim`, `zero-move`, `misere`, `subtract:1,3,4`, `octal:0.77` \
     (or `kayles`), `lasker` or `wythoff`";

/// The row whose name (or alias) is `word` — for a family with an argument, the word before
/// the colon.
pub fn find(word: &str) -> Option<&'static RulesetName> {
    RULESETS.iter().find(|r| r.is_called(word))
}

/// Reads a ruleset name: a name from the table, or a family's name, a colon and its argument.
/// Letter case does not matter in the name itself.
pub fn read(token: &str) -> Result<Named<'_>, EngineError> {
    let unknown = || EngineError::UnknownRules {
        token: token.to_string(),
    };
    if let Some(row) = RULESETS
        .iter()
        .find(|r| r.family == Family::Defined && r.is_called(token))
    {
        return Ok(Named::Library(row.name));
    }
    let (word, argument) = match token.split_once(':') {
        Some((word, argument)) => (word, Some(argument)),
        None => (token, None),
    };
    if argument.is_none()
        && let Some((_, code)) = CODE_NAMES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(word))
    {
        return Ok(Named::Rules(Rules::Octal(OctalCode::parse(code)?)));
    }
    let row = find(word).ok_or_else(unknown)?;
    let named = match (row.family, argument) {
        (Family::Nim, None) => Named::Rules(Rules::Nim),
        (Family::ZeroMove, None) => Named::Rules(Rules::ZeroMove),
        (Family::Misere, None) => Named::Rules(Rules::Misere),
        (Family::Subtract, Some(list)) => match list.strip_prefix('^') {
            // Any amount but those listed: a game of the library's, written in its language.
            Some(excluded) => {
                SubtractionSet::parse(excluded).map_err(|e| match e {
                    EngineError::BadSubtractionSet { why, .. } => EngineError::BadSubtractionSet {
                        token: token.to_string(),
                        why,
                    },
                    other => other,
                })?;
                Named::Library(token)
            }
            None => Named::Rules(Rules::Subtract(SubtractionSet::parse(list)?)),
        },
        (Family::Octal, Some(code)) => Named::Rules(Rules::Octal(OctalCode::parse(code)?)),
        (Family::Hex, Some(code)) => Named::Rules(Rules::Octal(OctalCode::parse_hex(code)?)),
        (Family::Graph, Some(file)) if !file.is_empty() => Named::GraphFile(file),
        (Family::Defined, None) => Named::Library(row.name),
        (Family::Hackenbush, None) => Named::Hackenbush,
        (Family::SessionGame, Some(name)) if !name.is_empty() => Named::SessionGame(name),
        (Family::Moore, Some(k))
            if k.parse::<u64>().is_ok_and(|k| k >= 1) && k.bytes().all(|b| b.is_ascii_digit()) =>
        {
            Named::Moore(k.parse().unwrap_or(1))
        }
        (_, _) => {
            return Err(EngineError::MalformedRules {
                token: token.to_string(),
                usage: row.usage(),
                example: row.examples.first().map(|e| e.name.to_string()),
            });
        }
    };
    Ok(named)
}

/// Reads a ruleset name that may end in `-misere` (or another spelling of `misere`): that
/// ruleset played misère, as `verify` takes it. A name that reads whole is taken whole, so a
/// graph's file may end in `-misere`. Returns the name and whether misère play was asked for.
pub fn read_with_play(token: &str) -> Result<(Named<'_>, bool), EngineError> {
    let whole = match read(token) {
        Ok(named) => return Ok((named, false)),
        Err(e) => e,
    };
    let misere = RulesetName::of(Family::Misere);
    let base = std::iter::once(misere.name)
        .chain(misere.aliases.iter().copied())
        .find_map(|word| {
            let cut = token.len().checked_sub(word.len() + 1)?;
            let (base, suffix) = (token.get(..cut)?, token.get(cut..)?);
            let matches = suffix.strip_prefix('-')?.eq_ignore_ascii_case(word);
            matches.then_some(base)
        });
    let unknown = |e: EngineError| match e {
        EngineError::UnknownRules { .. } => EngineError::UnknownRulesOrMisere {
            token: token.to_string(),
        },
        other => other,
    };
    match base {
        Some(base) => read(base).map(|named| (named, true)).map_err(unknown),
        None => Err(unknown(whole)),
    }
}

/// The names a user may type, for error messages: "`nim`, `zero-move`, …, `subtract:S` (e.g.
/// `subtract:1,3,4`), …".
pub fn expected() -> String {
    RULESETS
        .iter()
        .map(|r| match r.examples.first() {
            Some(e) if r.argument.is_some() => format!("`{}` (e.g. `{}`)", r.usage(), e.name),
            _ => format!("`{}`", r.usage()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_and_names_its_own_family() {
        for row in &RULESETS {
            for spelling in row.spellings() {
                let family = match read(spelling).unwrap() {
                    Named::Rules(rules) => rules.family(),
                    Named::GraphFile(_) => Family::Graph,
                    Named::Library(_) => Family::Defined,
                    Named::SessionGame(_) => Family::SessionGame,
                    Named::Moore(_) => Family::Moore,
                    Named::Hackenbush => Family::Hackenbush,
                };
                assert_eq!(family, row.family, "{spelling}");
            }
        }
    }

    #[test]
    fn families_with_an_argument_have_an_example_except_graph() {
        for row in &RULESETS {
            if row.argument.is_some() && !matches!(row.family, Family::Graph | Family::SessionGame)
            {
                assert!(!row.examples.is_empty(), "{}", row.name);
            }
            if row.family != Family::Defined {
                assert_eq!(RulesetName::of(row.family), row);
            }
        }
    }

    #[test]
    fn names_ignore_ascii_case_and_arguments_go_where_they_belong() {
        assert_eq!(read("ZERO-Move").unwrap(), Named::Rules(Rules::ZeroMove));
        assert_eq!(
            read("Graph:My File.yaml").unwrap(),
            Named::GraphFile("My File.yaml")
        );
        for bad in [
            "graph:",
            "graph",
            "octal",
            "subtract",
            "nim:3",
            "zero-move:",
        ] {
            assert!(
                matches!(read(bad), Err(EngineError::MalformedRules { .. })),
                "{bad}"
            );
        }
        for bad in ["", ":", "nosuch", "nim ", "misere-misere", "subtraction:1"] {
            assert!(
                matches!(read(bad), Err(EngineError::UnknownRules { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_misere_suffix_asks_for_misere_play() {
        assert_eq!(
            read_with_play("zero-move-misere").unwrap(),
            (Named::Rules(Rules::ZeroMove), true)
        );
        assert_eq!(
            read_with_play("NIM-Misère").unwrap(),
            (Named::Rules(Rules::Nim), true)
        );
        assert_eq!(
            read_with_play("nim").unwrap(),
            (Named::Rules(Rules::Nim), false)
        );
        assert_eq!(
            read_with_play("graph:a-misere").unwrap(),
            (Named::GraphFile("a-misere"), false)
        );
        assert!(matches!(
            read_with_play("chess-misere"),
            Err(EngineError::UnknownRulesOrMisere { .. })
        ));
        assert!(matches!(
            read_with_play("-misere"),
            Err(EngineError::UnknownRulesOrMisere { .. })
        ));
        assert!(matches!(
            read_with_play("subtract:0-misere"),
            Err(EngineError::BadSubtractionSet { .. })
        ));
    }

    #[test]
    fn the_expected_list_shows_every_row() {
        let list = expected();
        for row in &RULESETS {
            assert!(list.contains(&format!("`{}`", row.usage())), "{list}");
        }
        assert!(
            list.contains("`subtract:S` (e.g. `subtract:1,3,4`)"),
            "{list}"
        );
    }
}
