//! The bundled games, each a definition in the game language, read from `library.nimgame`
//! (compiled in) so that a learner reads the same rule nimlab computes with. The engine's name
//! table lists their names; [`library`] gives the ruleset of one.
//!
//! Each game is parsed once per process and its values kept with it, so every command valuing
//! `lasker` shares what the others computed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::{DefinitionFailure, parse_definition};
use crate::engine::BuiltIn;
use crate::engine::FailedWhy;
use crate::engine::SubtractionSet;
use crate::engine::ruleset_name::{COIN_GAMES, RETREAT_GAMES, RULESETS};
use crate::engine::{EngineError, Rules};
use crate::expr::ExprError;

/// The library's games whose states are boards of rows that never grow upwards: a state
/// (a, b, c) has a >= b >= c, as the definition's comment says.
const BOARD_GAMES: [&str; 1] = ["chomp"];

/// The library's text.
pub const LIBRARY: &str = include_str!("library.nimgame");

/// The library's definitions: a comment line starts with `#`; a definition is its `game` line
/// and the lines after it up to a blank or comment line, joined by spaces.
fn definitions() -> &'static [(String, Result<Rules, ExprError>)] {
    static GAMES: OnceLock<Vec<(String, Result<Rules, ExprError>)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut texts: Vec<String> = Vec::new();
        let mut open = false;
        for line in LIBRARY.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                open = false;
            } else if open && let Some(last) = texts.last_mut() {
                last.push(' ');
                last.push_str(line);
            } else {
                texts.push(line.to_string());
                open = true;
            }
        }
        texts
            .into_iter()
            .map(|text| {
                let parsed = parse_definition(&text);
                let name = parsed.as_ref().map_or(text.clone(), |d| d.name.clone());
                let rules = parsed.as_ref().map_err(Clone::clone).map(|d| {
                    if COIN_GAMES.contains(&d.name.as_str()) {
                        d.coin_rules()
                    } else if RETREAT_GAMES.contains(&d.name.as_str()) {
                        d.retreat_rules()
                    } else if BOARD_GAMES.contains(&d.name.as_str()) {
                        d.board_rules()
                    } else {
                        d.rules()
                    }
                });
                (name, rules)
            })
            .collect()
    })
}

/// The most games of the `subtract:^S` family kept with their values; past it a new one is
/// valued afresh each time it is named.
const MAX_KEPT_FAMILY: usize = 64;

/// The definition of `subtract:^S` (take any positive amount except those in S), written in
/// the game language from the set as the engine's table checked it: `subtract:^2,1` is
/// `game subtract:^1,2(n) = {n - k : k in 1..n, not (k in {1, 2})}`.
fn any_but(excluded: &str) -> Result<String, EngineError> {
    let set = SubtractionSet::parse(excluded)?;
    let listed: Vec<String> = set.values().iter().map(u64::to_string).collect();
    Ok(format!(
        "game subtract:^{}(n) = {{n - k : k in 1..n, not (k in {{{}}})}}",
        listed.join(","),
        listed.join(", ")
    ))
}

/// The ruleset of `subtract:^S`, kept once made (up to [`MAX_KEPT_FAMILY`] of them).
fn any_but_rules(excluded: &str) -> Result<Rules, EngineError> {
    static KEPT: OnceLock<Mutex<HashMap<String, Rules>>> = OnceLock::new();
    let text = any_but(excluded)?;
    let kept = KEPT.get_or_init(Mutex::default);
    let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(rules) = kept.get(&text) {
        return Ok(rules.clone());
    }
    let rules =
        parse_definition(&text)
            .map(|d| d.rules())
            .map_err(|e| EngineError::DefinitionFailed {
                game: format!("subtract:^{excluded}"),
                state: "any".into(),
                why: FailedWhy::Said(
                    DefinitionFailure::Unparsed {
                        bundled: false,
                        error: e,
                    }
                    .to_string(),
                ),
            })?;
    if kept.len() < MAX_KEPT_FAMILY {
        kept.insert(text, rules.clone());
    }
    Ok(rules)
}

/// The library's games written in Rust (the table's rows with a [`BuiltIn`]), each made once
/// per process.
fn built_in(name: &str) -> Option<Rules> {
    static MADE: OnceLock<Vec<(&'static str, Rules)>> = OnceLock::new();
    let made = MADE.get_or_init(|| {
        RULESETS
            .iter()
            .filter_map(|row| row.built_in)
            .map(|game: BuiltIn| (game.name, Rules::Defined(Arc::new((game.make)()))))
            .collect()
    });
    made.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, rules)| rules.clone())
}

/// The ruleset of the library's game `name` (a name from the engine's table, or `subtract:^S`).
/// An error only if the bundled text lacks it or does not parse, which the tests rule out.
pub fn library(name: &str) -> Result<Rules, EngineError> {
    if let Some(excluded) = name
        .get(..10)
        .filter(|head| head.eq_ignore_ascii_case("subtract:^"))
        .and_then(|_| name.get(10..))
    {
        return any_but_rules(excluded);
    }
    if let Some(rules) = built_in(name) {
        return Ok(rules);
    }
    let (_, rules) = definitions()
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .ok_or_else(|| EngineError::UnknownRules {
            token: name.to_string(),
        })?;
    rules.clone().map_err(|e| EngineError::DefinitionFailed {
        game: name.to_string(),
        state: "any".into(),
        why: FailedWhy::Said(
            DefinitionFailure::Unparsed {
                bundled: true,
                error: e,
            }
            .to_string(),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset_name::{Family, RULESETS};

    #[test]
    fn every_library_name_in_the_table_has_a_definition_and_back() {
        let named: Vec<&str> = RULESETS
            .iter()
            .filter(|r| r.family == Family::Defined)
            .map(|r| r.name)
            .collect();
        for name in &named {
            let rules = library(name).unwrap();
            assert_eq!(rules.to_string(), *name);
        }
        let defined: Vec<&str> = definitions().iter().map(|(n, _)| n.as_str()).collect();
        // The games built in Rust (staircase Nim, Welter's game): the language cannot write a
        // tuple of any length.
        let written: Vec<&str> = named
            .into_iter()
            .filter(|n| crate::engine::ruleset_name::find(n).is_some_and(|r| r.built_in.is_none()))
            .collect();
        assert_eq!(defined, written);
    }

    /// Ruler's moves leave runs of heaps: valuing coins at places 6 and 5 builds positions of
    /// many piles (6 → 1+2+3+4+5 alone leaves six). With room for 100 piles in all the search
    /// is refused; with no bound it finishes, having built more than that.
    #[test]
    fn the_piles_of_the_positions_built_are_bounded() {
        let ruler = library("ruler").unwrap();
        // A search reads the options the definition gave: valued first, as the commands do.
        let Rules::Defined(game) = &ruler else {
            panic!("ruler is a defined game")
        };
        game.extend(6, &mut crate::engine::Budget::new(1 << 20))
            .unwrap();
        let start = [crate::engine::Pile::plain(6), crate::engine::Pile::plain(5)];
        let mut bounded = crate::engine::Search::new(&ruler, false, u64::MAX).with_heap_limit(100);
        assert!(matches!(
            bounded.value(&start),
            Err(crate::engine::EngineError::TooMuchWork(_))
        ));
        let mut free = crate::engine::Search::new(&ruler, false, u64::MAX);
        // g(n) is the largest power of two dividing n: g(6) ⊕ g(5) = 2 ⊕ 1 = 3.
        assert_eq!(free.value(&start).unwrap(), 3);
        assert!(free.heaps() > 100);
    }
}
