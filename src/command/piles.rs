//! Where a command's piles come from: its arguments, a file, or standard input. Files and
//! standard input are streamed: a long input is decided in one pass without being held.

use std::fs::File;

use super::Session;
use super::bulk_input::for_each_pile;
use crate::cli::PositionArgs;
use crate::engine::Pile;
use crate::engine::bulk::{BulkSummary, BulkVerdict};
use crate::engine::grundy::Solver;
use crate::error::Error;
use crate::interrupt::CancellableStdin;

/// Inputs up to this many piles are kept and shown pile by pile; longer ones are summarised.
pub const KEEP_PILES: usize = 10_000;

/// The piles a command was given.
#[derive(Debug)]
pub enum Piles {
    /// None: the session's position applies.
    None,
    /// Few enough to show one by one.
    Listed(Vec<Pile>),
    /// Too many to hold: decided in one pass.
    Streamed {
        summary: BulkSummary,
        source: String,
    },
}

pub fn read_piles(args: &PositionArgs, solver: &Solver, session: &Session) -> Result<Piles, Error> {
    let rules = solver.rules();
    if let Some(path) = &args.file {
        if let Some(extra) = args.piles.first() {
            return Err(Error::Usage {
                message: format!(
                    "give piles either with --file or on the line, not both (found `{extra}`)"
                ),
            });
        }
        let file = File::open(path).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
        return stream(file, solver, &format!("`{}`", path.display()));
    }
    if let [dash] = args.piles.as_slice() {
        if dash == "-" && session.stdin_is_script {
            return Err(Error::Usage {
                message: "`-` reads piles from standard input, but standard input is the script being run; put the piles in a file and use `--file PATH`".into(),
            });
        }
        if dash == "-" {
            // Ctrl-C ends a wait for piles typed at the terminal.
            let stdin = CancellableStdin::new(&session.cancel);
            return stream(stdin, solver, "standard input");
        }
    }
    if args.piles.is_empty() {
        return Ok(Piles::None);
    }
    args.piles
        .iter()
        .map(|t| {
            let pile = rules.parse_pile(t)?;
            solver.check(pile, t)?;
            Ok(pile)
        })
        .collect::<Result<Vec<_>, Error>>()
        .map(Piles::Listed)
}

/// Refuses piles the solver cannot value (octal heaps beyond the computed values).
pub fn check_piles(solver: &Solver, piles: &[Pile]) -> Result<(), Error> {
    for &pile in piles {
        solver.check(pile, &solver.rules().name_of(pile))?;
    }
    Ok(())
}

fn stream<R: std::io::Read>(reader: R, solver: &Solver, source: &str) -> Result<Piles, Error> {
    let mut bulk = BulkVerdict::new(solver.clone());
    let mut kept = Vec::new();
    let mut beyond = None;
    let count = for_each_pile(reader, solver.rules(), source, |pile| {
        if beyond.is_none() {
            beyond = solver.check(pile, &pile.to_string()).err();
        }
        bulk.push(pile);
        if kept.len() <= KEEP_PILES {
            kept.push(pile);
        }
    })?;
    if let Some(e) = beyond {
        return Err(e.into());
    }
    if count == 0 {
        return Err(Error::Usage {
            message: format!(
                "no piles found in {source}: expected whitespace-separated pile sizes"
            ),
        });
    }
    if kept.len() <= KEEP_PILES {
        Ok(Piles::Listed(kept))
    } else {
        Ok(Piles::Streamed {
            summary: bulk.finish(),
            source: source.to_string(),
        })
    }
}
