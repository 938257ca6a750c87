//! The ruleset names a user can type, in one table. Parsing (`Rules::parse`), the command
//! line's `--rules` checker, the expression language, `verify`, completion, help, the `rules`
//! reply and the error for an unknown name all read it, so they cannot disagree.
//!
//! Only names live here: what each game is lives in [`Rules`], and what a user reads of it
//! (each row's one-line summary) in nimlab's renderer, keyed by the row's `name`. A graph's
//! file is read outside the engine, so reading a name yields either a ruleset or the file
//! still to be read. A ruleset's name is read and written here too (`Rules::parse`,
//! `Rules::family` and `Rules`'s `Display`): this table stands on the rulesets, which know
//! nothing of it.

use std::fmt;

use crate::families::defined::BuiltIn;
use crate::families::octal::OctalCode;
use crate::families::subtraction::SubtractionSet;
use crate::families::{staircase, welter};
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
    /// colon (`subtract` in `subtract:1,3,4`). It is the row's identity: no two rows share it,
    /// and the renderer finds the row's words by it.
    pub name: &'static str,
    /// Other spellings of `name`, accepted everywhere a name is.
    pub aliases: &'static [&'static str],
    /// What follows the colon, as a placeholder (`S`, `CODE`, `FILE`); `None` if nothing does.
    pub argument: Option<&'static str>,
    /// Complete names to show (a family with an argument needs at least one to be typed).
    pub examples: &'static [Example],
    /// How an expression names it (`g(subtract:{1,3,4}, 7)`: braces, since commas separate
    /// arguments); `None` where an expression cannot (a graph needs its file read).
    pub in_expression: Option<&'static str>,
    /// A game of the library written in Rust: everything nimlab needs of it, from its file.
    pub built_in: Option<BuiltIn>,
}

/// Every ruleset name, in the order help lists them.
pub const RULESETS: [RulesetName; 24] = [
    RulesetName {
        family: Family::Nim,
        name: "nim",
        aliases: &[],
        argument: None,
        examples: &[],
        in_expression: Some("nim"),
        built_in: None,
    },
    RulesetName {
        family: Family::ZeroMove,
        name: "zero-move",
        aliases: &["zeromove", "zero_move"],
        argument: None,
        examples: &[],
        in_expression: Some("zero-move"),
        built_in: None,
    },
    RulesetName {
        family: Family::Misere,
        name: "misere",
        aliases: &["misère"],
        argument: None,
        examples: &[],
        in_expression: Some("misere"),
        built_in: None,
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
        in_expression: Some("subtract:{1,3,4}"),
        built_in: None,
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
        in_expression: Some("octal:0.77"),
        built_in: None,
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
        in_expression: None,
        built_in: None,
    },
    RulesetName {
        family: Family::Graph,
        name: "graph",
        aliases: &[],
        argument: Some("FILE"),
        examples: &[],
        in_expression: None,
        built_in: None,
    },
    RulesetName {
        family: Family::SessionGame,
        name: "game",
        aliases: &[],
        argument: Some("NAME"),
        examples: &[],
        in_expression: None,
        built_in: None,
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
        in_expression: None,
        built_in: None,
    },
    RulesetName {
        family: Family::Hackenbush,
        name: "hackenbush",
        aliases: &["green-hackenbush"],
        argument: None,
        examples: &[],
        in_expression: None,
        built_in: None,
    },
    library("lasker"),
    library("grundy-game"),
    RulesetName {
        in_expression: Some("subtract:squares"),
        ..library("subtract:squares")
    },
    RulesetName {
        in_expression: Some("subtract:powers2"),
        ..library("subtract:powers2")
    },
    RulesetName {
        in_expression: None,
        ..library("wythoff")
    },
    library("mock-turtles"),
    library("at-least-half"),
    RulesetName {
        in_expression: None,
        ..library("fibonacci-nim")
    },
    library("turning-turtles"),
    RulesetName {
        in_expression: None,
        ..library("northcott")
    },
    library("ruler"),
    RulesetName {
        in_expression: None,
        ..library("chomp")
    },
    built_in(staircase::BUILT_IN),
    built_in(welter::BUILT_IN),
];

/// The library's coin-turning games: a pile n is a heads coin at place n of a row, and a move
/// turns coins over (the heaps it leaves are the coins turned heads), taking no tokens.
pub const COIN_GAMES: [&str; 3] = ["turning-turtles", "mock-turtles", "ruler"];

/// The library's games of counters that may retreat (Northcott's): each is defined by its game
/// of advances, which decides normal play only, so misère play of it is refused.
pub const RETREAT_GAMES: [&str; 1] = ["northcott"];

/// A row for a game of the bundled library, defined in the game language. An expression names
/// it as written (`g(lasker, 7)`, `g(subtract:squares, 7)`).
const fn library(name: &'static str) -> RulesetName {
    RulesetName {
        family: Family::Defined,
        name,
        aliases: &[],
        argument: None,
        examples: &[],
        in_expression: Some(name),
        built_in: None,
    }
}

/// A row for a game of the library written in Rust, its file's [`BuiltIn`]. The game language
/// cannot write its states (tuples of any length), so no expression names it.
const fn built_in(game: BuiltIn) -> RulesetName {
    RulesetName {
        in_expression: None,
        built_in: Some(game),
        ..library(game.name)
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
    pub(crate) fn is_called(&self, word: &str) -> bool {
        std::iter::once(self.name)
            .chain(self.aliases.iter().copied())
            .any(|n| n.eq_ignore_ascii_case(word))
    }
}

/// Octal games known by a name of their own: the name reads as the code.
pub(crate) const CODE_NAMES: [(&str, &str); 4] = [
    ("kayles", "0.77"),
    ("dawson", "0.07"),
    ("dawsons-kayles", "0.07"),
    ("dawson-kayles", "0.07"),
];

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
                SubtractionSet::parse(excluded).map_err(|e| EngineError::BadSubtractionSet {
                    token: token.to_string(),
                    why: e.why,
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

impl Rules {
    /// Parses a ruleset name from the table above ([`RULESETS`]): `nim`, `zero-move`, `misere`,
    /// `subtract:1,3,4`, `octal:0.77`. A `graph:FILE` needs its file read first, which is IO:
    /// the command layer does that with [`read`].
    pub fn parse(token: &str) -> Result<Self, EngineError> {
        match read(token)? {
            Named::Rules(rules) => Ok(rules),
            Named::GraphFile(_) => Err(EngineError::GraphNotLoaded {
                token: token.to_string(),
            }),
            Named::Library(_) | Named::SessionGame(_) => Err(EngineError::DefinitionNotLoaded {
                token: token.to_string(),
            }),
            Named::Moore(_) => Err(EngineError::WholePositionGame {
                token: token.to_string(),
            }),
            Named::Hackenbush => Err(EngineError::PictureGame {
                token: token.to_string(),
            }),
        }
    }

    /// The family of names this ruleset is written with.
    pub fn family(&self) -> Family {
        match self {
            Self::Nim => Family::Nim,
            Self::ZeroMove => Family::ZeroMove,
            Self::Misere => Family::Misere,
            Self::Subtract(_) => Family::Subtract,
            Self::Octal(code) if code.is_hex() => Family::Hex,
            Self::Octal(_) => Family::Octal,
            Self::Graph(_) => Family::Graph,
            Self::Defined(_) => Family::Defined,
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = RulesetName::of(self.family()).name;
        match self {
            Self::Nim | Self::ZeroMove | Self::Misere => f.write_str(name),
            Self::Subtract(set) => write!(f, "{name}:{set}"),
            Self::Octal(code) => write!(f, "{name}:{code}"),
            Self::Graph(graph) => write!(f, "{name}:{}", graph.source()),
            Self::Defined(game) => f.write_str(game.name()),
        }
    }
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
}
