//! `conjecture lost(a, b, c) = P`: a claim about which positions of a game of whole positions
//! are lost — Nim, misère Nim, or Moore's Nim_K (`--rules moore:K`) with a fixed number of
//! piles. Every position with small piles is solved by trying every move
//! ([`crate::engine::moore::lost_by_search`], no theorem), and the decider settles the claim
//! for every position by induction on the total ([`crate::proof::positions`]).

use std::time::Instant;

use super::Session;
use crate::cli::RulesArg;
use crate::engine::Rules;
use crate::engine::moore::{SEARCH_POSITIONS, lost_by_search};
use crate::engine::ruleset_name::{self, Named};
use crate::error::{ClaimError, Error, Expected, Found};
use crate::expr::{Evaluator, Expr, ExprError, ExprKind, Int, Value};
use crate::output::{Output, PositionConjectureReport, PositionFailure};
use crate::proof::induction::CONJECTURE_LIMITS;
use crate::proof::positions::{PositionGame, PositionVerdict, decide_positions};

/// The most piles a claim may name.
const MOST_PILES: usize = 8;
/// The largest pile the scan goes to, whatever the number of piles.
const LARGEST_SIDE: u64 = 64;

/// Whether `lhs` is `lost(…)`: such claims are about positions, not one heap's value.
pub(super) fn is_lost_claim(lhs: &Expr) -> bool {
    matches!(&lhs.kind, ExprKind::Call { name, .. } if name == "lost")
}

/// Checks and decides `lost(names) = rhs`.
pub(super) fn conjecture(
    session: &Session,
    arg: &RulesArg,
    source: &str,
    lhs: &Expr,
    rhs: &Expr,
    explain: bool,
) -> Result<Output, Error> {
    let fail = |e: ExprError| Error::expr(source, e);
    let shape = |span: std::ops::Range<usize>, expected: Expected| {
        let words = source.get(span.clone()).unwrap_or("").to_string();
        Error::from(ClaimError::new(source, span, Found::Words(words), expected))
    };
    let ExprKind::Call { rules, args, .. } = &lhs.kind else {
        return Err(shape(lhs.span.clone(), Expected::LostOnLeft));
    };
    let mut names: Vec<String> = Vec::new();
    for a in args {
        match &a.kind {
            ExprKind::Var(v) if !names.contains(v) => names.push(v.clone()),
            _ => {
                return Err(shape(a.span.clone(), Expected::LostPileName));
            }
        }
    }
    if names.is_empty() || names.len() > MOST_PILES {
        return Err(shape(
            lhs.span.clone(),
            Expected::LostPiles { most: MOST_PILES },
        ));
    }
    let (game, rules_name) = game_of(session, arg, rules.as_ref())?;

    // Brute force: every position with each pile below `side`.
    let side = scan_side(names.len());
    // `scan_side` keeps the positions within the search's limit.
    let truth = lost_by_search(game.most, game.misere, names.len(), side).unwrap_or_default();
    let mut eval = Evaluator::new(Rules::Nim);
    let mut first: Option<(u64, Vec<u64>, bool)> = None;
    let mut failures = 0;
    let cancel = &session.cancel;
    cancel.begin(truth.len() as u64);
    for (i, &lost) in truth.iter().enumerate() {
        cancel.reach(i as u64)?;
        let mut rest = i as u64;
        let position: Vec<u64> = (0..names.len())
            .map(|_| {
                let d = rest % side;
                rest /= side;
                d
            })
            .collect();
        for (name, &v) in names.iter().zip(&position) {
            eval.bind(name, Value::Int(Int::from(v)));
        }
        let claimed = match eval.eval(rhs).map_err(fail)? {
            Value::Bool(b) => b,
            value => {
                return Err(Error::from(ClaimError::new(
                    source,
                    rhs.span.clone(),
                    Found::Value { value, kind: false },
                    Expected::Condition,
                )));
            }
        };
        if claimed != lost {
            failures += 1;
            let total: u64 = position.iter().sum();
            if first.as_ref().is_none_or(|(t, _, _)| total < *t) {
                first = Some((total, position, claimed));
            }
        }
    }

    // For every position: the induction sentence, decided.
    let started = Instant::now();
    let stop = || cancel.check().is_err();
    let decision = decide_positions(game, &names, rhs, CONJECTURE_LIMITS, &stop);
    let elapsed = started.elapsed();
    if let PositionVerdict::Refused(decide::DecideError::Cancelled) = decision.verdict {
        return Err(Error::interrupted());
    }
    Ok(Output::PositionConjecture(PositionConjectureReport {
        formula: source.trim().to_string(),
        rules: rules_name,
        names,
        side,
        checked: truth.len(),
        failure: first.map(|(_, position, claimed_lost)| PositionFailure {
            position,
            claimed_lost,
            failures,
        }),
        decided: Some((decision, elapsed)),
        explain,
    }))
}

/// The game the claim is about: `lost(nim, …)` or `lost(misere, …)` in the formula,
/// `--rules moore:K`, `--rules nim` or `--rules misere`, or the session's rules.
fn game_of(
    session: &Session,
    arg: &RulesArg,
    in_formula: Option<&Rules>,
) -> Result<(PositionGame, String), Error> {
    let of_rules = |rules: &Rules| match rules {
        Rules::Nim => Some(PositionGame {
            most: 1,
            misere: false,
        }),
        Rules::Misere => Some(PositionGame {
            most: 1,
            misere: true,
        }),
        _ => None,
    };
    let refuse = |name: String| Error::bad_token(name, Expected::LostClaimRules);
    if let Some(rules) = in_formula {
        return of_rules(rules)
            .map(|g| (g, rules.to_string()))
            .ok_or_else(|| refuse(rules.to_string()));
    }
    if let Some(name) = &arg.rules {
        if let Ok(Named::Moore(k)) = ruleset_name::read(name) {
            return Ok((
                PositionGame {
                    most: k,
                    misere: false,
                },
                format!("moore:{k}"),
            ));
        }
        let rules = super::rules::parse_rules_in(session, name)?;
        return of_rules(&rules)
            .map(|g| (g, rules.to_string()))
            .ok_or_else(|| refuse(name.clone()));
    }
    let rules = session.rules();
    of_rules(rules)
        .map(|g| (g, rules.to_string()))
        .ok_or_else(|| refuse(rules.to_string()))
}

/// The largest side (piles 0..side-1) whose positions fit the search.
fn scan_side(piles: usize) -> u64 {
    let mut side = 1u64;
    while side < LARGEST_SIDE
        && (side + 1)
            .checked_pow(u32::try_from(piles).unwrap_or(u32::MAX))
            .is_some_and(|c| c <= SEARCH_POSITIONS as u64 / 4)
    {
        side += 1;
    }
    side
}
