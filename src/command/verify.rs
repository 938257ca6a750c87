//! `verify`: every position of up to K piles ≤ M solved by exhaustive search and compared with
//! the rule nimlab uses to decide winners.

use std::time::Instant;

use crate::engine::Budget;
use crate::engine::TABLE_WORK;
use crate::engine::ruleset_name::{self, Named};
use crate::engine::{Cores, Exhaustive};
use crate::engine::{nimlab_rule, verify as compare};
use crate::error::{Error, Expected};
use crate::output::{Output, VerifyReport};

use super::Session;

/// Disagreements listed.
const EXAMPLES: usize = 5;
/// Without a rule: lost positions listed, and the largest size in the two-pile grid.
const LOST_LISTED: usize = 24;
const GRID_MAX: u64 = 9;

/// `game:NAME-misere` is the session's game NAME played misère: no game's name ends in
/// `misere` (the language refuses one), so the whole name never names a game.
fn misere_session_game((named, suffixed): (Named<'_>, bool)) -> (Named<'_>, bool) {
    use crate::engine::ruleset_name::{Family, RulesetName};
    let Named::SessionGame(name) = named else {
        return (named, suffixed);
    };
    let misere = RulesetName::of(Family::Misere);
    std::iter::once(misere.name)
        .chain(misere.aliases.iter().copied())
        .find_map(|word| {
            let cut = name.len().checked_sub(word.len() + 1)?;
            let (base, suffix) = (name.get(..cut)?, name.get(cut..)?);
            let matches = suffix.strip_prefix('-')?.eq_ignore_ascii_case(word);
            matches.then_some((Named::SessionGame(base), true))
        })
        .unwrap_or((named, suffixed))
}

pub(super) fn verify(
    session: &Session,
    rules: Option<&str>,
    misere: bool,
    piles: usize,
    max: u64,
) -> Result<Output, Error> {
    if piles == 0 {
        return Err(Error::bad_token("0", Expected::VerifyPiles));
    }
    let (rules, misere) = match rules {
        Some(name) => {
            let (named, suffixed) = misere_session_game(ruleset_name::read_with_play(name)?);
            // `game:NAME` as every other command reads it: a game this session defined.
            let r = super::rules::resolve_in(session, named)?;
            let m = misere || suffixed || r.is_misere();
            (r, m)
        }
        None => {
            let r = session.rules().clone();
            let m = misere || r.is_misere();
            (r, m)
        }
    };
    let started = Instant::now();
    let cancel = &session.cancel;
    // A defined game is valued up to the largest pile first: the search reads its options. (A
    // game of tuples is valued tuple by tuple as the search lists them.)
    let listed = match &rules {
        crate::engine::Rules::Defined(game) if game.has_tuples() => true,
        crate::engine::Rules::Defined(game) => {
            game.extend(max, &mut Budget::new(TABLE_WORK).cancelled_by(cancel))?;
            false
        }
        crate::engine::Rules::Graph(_) => true,
        _ => false,
    };
    let table = Exhaustive::solve_on(&rules, misere, piles, max, Cores::All, cancel)?;
    let search_time = started.elapsed();
    let rule = nimlab_rule(&rules, misere)?;
    let result = compare(&table, rule.as_deref(), EXAMPLES, cancel)?;
    let elapsed = started.elapsed();

    let (mut lost, mut grid_states, mut grid) = (Vec::new(), Vec::new(), Vec::new());
    if rule.is_none() {
        lost = table
            .positions()
            .filter(|(_, wins)| !wins)
            .map(|(p, _)| p)
            .take(LOST_LISTED)
            .collect();
        // The grid's rows are sizes 0..=9; tuples and a graph's positions have no such row.
        if piles >= 2 && !listed {
            grid_states = (0..=max.min(GRID_MAX))
                .flat_map(|n| rules.states(n))
                .collect();
            grid = grid_states
                .iter()
                .map(|&a| {
                    grid_states
                        .iter()
                        .map(|&b| table.first_wins(&[a, b]).unwrap_or(false))
                        .collect()
                })
                .collect();
        }
    }
    Ok(Output::Verify(VerifyReport {
        rules,
        misere,
        piles,
        max,
        result,
        rule: rule.is_some(),
        elapsed,
        moves_examined: table.moves_examined(),
        search_time,
        lost,
        grid_states,
        grid,
    }))
}
