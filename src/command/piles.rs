//! Where a command's piles come from: its arguments, a file, or standard input.

use std::io::Read;

use crate::cli::PositionArgs;
use crate::engine::{Pile, Rules};
use crate::error::Error;

/// The piles a command names, or `None` if it names none (so the session's position applies).
pub fn read_piles(args: &PositionArgs, rules: &Rules) -> Result<Option<Vec<Pile>>, Error> {
    let text;
    let tokens: Vec<&str> = if let Some(path) = &args.file {
        if !args.piles.is_empty() {
            return Err(Error::Usage {
                message: format!(
                    "give piles either with --file or on the line, not both (found `{}`)",
                    args.piles[0]
                ),
            });
        }
        text = std::fs::read_to_string(path).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
        text.split_whitespace().collect()
    } else if args.piles.len() == 1 && args.piles[0] == "-" {
        let mut buf = String::new();
        std::io::stdin()
            .read_to_string(&mut buf)
            .map_err(|source| Error::Read {
                path: "standard input".into(),
                source,
            })?;
        text = buf;
        text.split_whitespace().collect()
    } else if args.piles.is_empty() {
        return Ok(None);
    } else {
        args.piles.iter().map(String::as_str).collect()
    };
    if tokens.is_empty() {
        return Err(Error::Usage {
            message: "no piles found in the input: expected whitespace-separated pile sizes".into(),
        });
    }
    tokens
        .into_iter()
        .map(|t| rules.parse_pile(t).map_err(Error::from))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}
