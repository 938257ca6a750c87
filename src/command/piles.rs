//! Where a command's piles come from: its arguments, a file, or standard input. Files and
//! standard input are streamed: a long input is decided in one pass without being held.

use std::io::Read;

use super::Session;
use super::bulk_input::for_each_pile;
use crate::capped_read::{CappedReadError, open_regular};
use crate::cli::PositionArgs;
use crate::engine::Pile;
use crate::engine::Solver;
use crate::engine::{BulkSummary, BulkVerdict};
use crate::error::{Error, PileSource};
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
        source: PileSource,
    },
}

/// The piles `args` give, each valued by `solver` (which computes further if it must, within a
/// lookup's work) or refused.
pub(super) fn read_piles(
    args: &PositionArgs,
    solver: &mut Solver,
    session: &Session,
) -> Result<Piles, Error> {
    let piles = read_unvalued(args, solver, session)?;
    if let Piles::Listed(listed) = &piles {
        solver.reach_all(listed)?;
    }
    Ok(piles)
}

fn read_unvalued(args: &PositionArgs, solver: &Solver, session: &Session) -> Result<Piles, Error> {
    let rules = solver.rules();
    if let Some(path) = &args.file {
        if let Some(extra) = args.piles.first() {
            return Err(Error::PilesTwice {
                extra: extra.clone(),
            });
        }
        let file = open_regular(path).map_err(read_error)?;
        return stream_piles(file, solver, PileSource::File(path.clone()));
    }
    if let [dash] = args.piles.as_slice() {
        if dash == "-" && session.stdin_is_script {
            return Err(Error::StdinIsScript);
        }
        if dash == "-" {
            // Ctrl-C ends a wait for piles typed at the terminal.
            let stdin = CancellableStdin::new(&session.cancel);
            return stream_piles(stdin, solver, PileSource::StandardInput);
        }
    }
    if args.piles.is_empty() {
        return Ok(Piles::None);
    }
    args.piles
        .iter()
        .map(|t| Ok(rules.parse_pile(t)?))
        .collect::<Result<Vec<_>, Error>>()
        .map(Piles::Listed)
}

/// Decides the piles `reader` holds in one pass. Up to [`KEEP_PILES`] are also kept to be
/// shown one by one; beyond that only the summary is. Memory and allocations do not grow with
/// the input; the first pile the solver cannot value stops the pass.
pub fn stream_piles<R: Read>(
    reader: R,
    solver: &Solver,
    source: PileSource,
) -> Result<Piles, Error> {
    let mut bulk = BulkVerdict::new(solver.clone());
    let mut kept = Vec::new();
    let mut refused = None;
    let count = for_each_pile(reader, solver.rules(), &source, |batch| {
        if refused.is_some() {
            return;
        }
        if let Err(e) = bulk.push_all(batch) {
            refused = Some(e);
        }
        // One more than can be shown says the input is too long to show.
        let room = (KEEP_PILES + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&batch[..room.min(batch.len())]);
    })?;
    if let Some(e) = refused {
        return Err(e.into());
    }
    if count == 0 {
        return Err(Error::NoPilesIn { source });
    }
    if kept.len() <= KEEP_PILES {
        Ok(Piles::Listed(kept))
    } else {
        Ok(Piles::Streamed {
            summary: bulk.finish()?,
            source,
        })
    }
}

fn read_error(error: CappedReadError) -> Error {
    Error::Unreadable { error, piles: true }
}
