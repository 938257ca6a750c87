//! `game NAME(n) = OPTIONS`: defines a game in the game language and makes it the session's
//! rules. The definition is parsed and checked, and its first states valued at once, so a
//! definition that fails (an option not smaller, a negative one, too much work) is refused
//! here, naming the state and the option, rather than at the first lookup.

use super::Session;
use crate::engine::Budget;
use crate::engine::LOOKUP_WORK;
use crate::engine::ruleset_name;
use crate::engine::{EngineError, Rules};
use crate::error::{Error, Expected};
use crate::expr::game::parse_definition;
use crate::output::{Note, Output};

pub(super) fn define(session: &mut Session, words: &[String]) -> Result<Output, Error> {
    let source = format!("game {}", words.join(" "));
    let definition = parse_definition(&source).map_err(|e| Error::expr(&source, e))?;
    // Any name the table reads, or reads as a family's with a bad argument, is taken.
    let taken = !matches!(
        ruleset_name::read(&definition.name),
        Err(EngineError::UnknownRules { .. })
    );
    if taken {
        return Err(Error::bad_token(definition.name, Expected::NewGameName));
    }
    let rules = definition.rules();
    if let Rules::Defined(game) = &rules {
        game.probe(&mut Budget::new(LOOKUP_WORK).cancelled_by(&session.cancel))?;
    }
    session.set_rules(rules.clone())?;
    session.define_game(rules.clone());
    Ok(Output::Note(Note::GameDefined(rules)))
}
