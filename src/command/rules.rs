//! Ruleset names to rulesets: the engine's name table reads every name, and the file of
//! `graph:FILE` is read here (IO stays out of the engine).

use std::path::Path;
use std::sync::Arc;

use super::Session;
use crate::cli::RulesArg;
use crate::engine::Solver;
use crate::engine::ruleset_name::{self, Named};
use crate::engine::{EngineError, Rules};
use crate::error::Error;

/// Parses `--rules R` or `rules R`, loading the file of `graph:FILE`.
pub fn parse_rules(token: &str) -> Result<Rules, Error> {
    resolve(ruleset_name::read(token)?)
}

/// A read name as a ruleset, reading the file of `graph:FILE`.
pub(super) fn resolve(named: Named<'_>) -> Result<Rules, Error> {
    match named {
        Named::Rules(rules) => Ok(rules),
        Named::GraphFile(path) => {
            if let Some(bundled) = bundled_graph(path) {
                return bundled;
            }
            let graph = crate::graph::read(Path::new(path), path)?;
            Ok(Rules::Graph(Arc::new(graph)))
        }
        Named::Library(name) => Ok(crate::expr::game::library(name)?),
        Named::SessionGame(name) => Err(EngineError::NoSessionGame {
            token: format!("game:{name}"),
        }
        .into()),
        Named::Moore(k) => Err(EngineError::WholePositionGame {
            token: format!("moore:{k}"),
        }
        .into()),
        Named::Hackenbush => Err(EngineError::PictureGame {
            token: "hackenbush".into(),
        }
        .into()),
    }
}

/// A graph bundled with nimlab, named where no file of that name is: `graph:loopy-games`, or
/// the path of its file in the repository (`lessons/graphs/loopy-games.yaml`) run from
/// elsewhere. A file that exists is always read.
fn bundled_graph(path: &str) -> Option<Result<Rules, Error>> {
    let file = Path::new(path);
    if file.exists() {
        return None;
    }
    let name = match path.strip_suffix(".yaml") {
        Some(rest)
            if rest.ends_with(&format!("lessons/graphs/{}", file.file_stem()?.to_str()?)) =>
        {
            file.file_stem()?.to_str()?
        }
        Some(_) => return None,
        None => path,
    };
    crate::lesson::graphs::bundled_graph(name).map(|graph| graph.map_err(Error::from))
}

/// [`parse_rules`], where `game:NAME` is a game the session defined with
/// `game NAME(n) = …`, or the session's rules if they are that game (a lesson's own game,
/// pinned while the lesson runs).
pub(super) fn parse_rules_in(session: &Session, token: &str) -> Result<Rules, Error> {
    resolve_in(session, ruleset_name::read(token)?)
}

/// [`resolve`], where `game:NAME` is a game the session defined (see [`parse_rules_in`]).
pub(super) fn resolve_in(session: &Session, named: Named<'_>) -> Result<Rules, Error> {
    match named {
        Named::SessionGame(name) => match (session.defined_game(name), session.rules()) {
            (Some(rules), _) => Ok(rules.clone()),
            (None, rules @ Rules::Defined(game)) if game.name() == name => Ok(rules.clone()),
            (None, _) => resolve(Named::SessionGame(name)),
        },
        named => resolve(named),
    }
}

/// The solver for a command's `--rules`, or the session's when it names none.
pub(super) fn rules_or_session(session: &Session, arg: &RulesArg) -> Result<Solver, Error> {
    let rules = arg
        .rules
        .as_deref()
        .map(|r| parse_rules_in(session, r))
        .transpose()?;
    Ok(session.solver_for(rules.as_ref())?)
}
