//! Ruleset names to rulesets: the engine parses every name except `graph:FILE`, whose file is
//! read here (IO stays out of the engine).

use std::path::Path;
use std::sync::Arc;

use crate::engine::Rules;
use crate::error::Error;

/// Parses `--rules R` or `rules R`, loading the file of `graph:FILE`.
pub fn parse_rules(token: &str) -> Result<Rules, Error> {
    let prefix = token.get(..6).filter(|p| p.eq_ignore_ascii_case("graph:"));
    match prefix {
        Some(_) => {
            let path = &token[6..];
            if path.is_empty() {
                return Err(Error::bad_token(
                    token,
                    "`graph:FILE`, a YAML file of positions and moves (see lessons/graphs/README.md)",
                ));
            }
            let graph = crate::graph::read(Path::new(path), path)?;
            Ok(Rules::Graph(Arc::new(graph)))
        }
        None => Ok(Rules::parse(token)?),
    }
}
