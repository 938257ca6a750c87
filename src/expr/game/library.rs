//! The bundled games, each a definition in the game language, read from `library.nimgame`
//! (compiled in) so that a learner reads the same rule nimlab computes with. The engine's name
//! table lists their names; [`library`] gives the ruleset of one.
//!
//! Each game is parsed once per process and its values kept with it, so every command valuing
//! `lasker` shares what the others computed.

use std::sync::OnceLock;

use super::{Definition, parse_definition};
use crate::engine::{EngineError, Rules};
use crate::expr::ExprError;

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
                (
                    name,
                    parsed.as_ref().map(Definition::rules).map_err(Clone::clone),
                )
            })
            .collect()
    })
}

/// The ruleset of the library's game `name` (a name from the engine's table). An error only if
/// the bundled text lacks it or does not parse, which the tests rule out.
pub fn library(name: &str) -> Result<Rules, EngineError> {
    if name.eq_ignore_ascii_case("staircase") {
        static STAIRCASE: OnceLock<Rules> = OnceLock::new();
        return Ok(STAIRCASE
            .get_or_init(|| Rules::Defined(std::sync::Arc::new(crate::engine::staircase::game())))
            .clone());
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
        reason: format!("the bundled definition does not parse: {e}"),
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
        // Staircase Nim of any number of steps is built in: the language cannot write it.
        let written: Vec<&str> = named.into_iter().filter(|n| *n != "staircase").collect();
        assert_eq!(defined, written);
    }
}
