//! `winner`/`move --rules moore:K`: Moore's Nim_k, a game of the whole position, decided by the
//! engine's [`crate::engine::moore`] on the piles given on the line.

use crate::cli::{PositionArgs, RulesArg};
use crate::engine::EngineError;
use crate::engine::SizeError;
use crate::engine::moore::decide;
use crate::engine::parse_size;
use crate::engine::ruleset_name::{self, Named};
use crate::error::{Error, Expected};
use crate::output::{MooreReport, PositionView};

/// K, if the command's `--rules` names Moore's Nim_k.
pub(super) fn asked_for(rules: &RulesArg) -> Option<u64> {
    match rules.rules.as_deref().map(ruleset_name::read) {
        Some(Ok(Named::Moore(k))) => Some(k),
        _ => None,
    }
}

/// The verdict on the piles of `args` under Moore's Nim_k.
pub(super) fn report(
    k: u64,
    args: &PositionArgs,
    view: PositionView,
) -> Result<MooreReport, Error> {
    if args.misere {
        return Err(Error::bad_token(
            "--misere",
            Expected::MooreNormalPlay { k },
        ));
    }
    if view == PositionView::NimSum {
        return Err(EngineError::WholePositionGame {
            token: format!("moore:{k}"),
        }
        .into());
    }
    if let Some(path) = &args.file {
        return Err(Error::bad_token(
            path.display().to_string(),
            Expected::MoorePilesOnLine,
        ));
    }
    let piles = args
        .piles
        .iter()
        .map(|token| {
            parse_size(token).map_err(|kind| match kind {
                SizeError::TooLarge => EngineError::PileTooLarge {
                    token: token.clone(),
                }
                .into(),
                _ => Error::bad_token(token, Expected::MoorePile),
            })
        })
        .collect::<Result<Vec<u64>, Error>>()?;
    if piles.is_empty() {
        return Err(Error::NoPiles);
    }
    Ok(MooreReport {
        view,
        verdict: decide(k, &piles),
        piles,
    })
}
