//! `winner`/`move` on a sum of different games: `'wythoff(3,5) + lasker(7) + 4'`. Each term is
//! `GAME(STATE)` — a ruleset name and a state as that game writes it — or a bare state of the
//! command's rules (`--rules R`, else the session's). Terms are joined by `+`; the words of the
//! line are read as one text, so `wythoff(3,5) + 4` may be quoted whole or not.

use super::rules::parse_rules_in;
use super::session::Session;
use crate::cli::PositionArgs;
use crate::engine::Solver;
use crate::engine::{Component, solve};
use crate::engine::{Pile, Rules};
use crate::error::{Error, Expected};
use crate::output::{Output, PositionView, SumReport, WhoWins};

/// What a sum is made of: at most this many terms.
const MAX_TERMS: usize = 1000;

/// Whether the words given as piles write a sum of games: a `+`, or a term `NAME(…)`.
pub(super) fn is_sum(words: &[String]) -> bool {
    words.iter().any(|w| {
        w.contains('+')
            || w.find('(')
                .is_some_and(|i| i > 0 && w[..i].bytes().any(|b| b.is_ascii_alphabetic()))
    })
}

/// The terms of `text` split at each `+` outside parentheses.
fn terms(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '+' if depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim());
    out
}

/// The report on the sum written in `args`' words.
pub(super) fn report(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<SumReport, Error> {
    let read = read(session, args)?;
    sum_report(&read, view)
}

/// `grundy` on a sum of games: each component's value and the sum's, their XOR.
pub(super) fn value(
    session: &mut Session,
    rules: &crate::cli::RulesArg,
    words: Vec<String>,
) -> Result<Output, Error> {
    let args = PositionArgs {
        rules: rules.clone(),
        file: None,
        misere: false,
        piles: words,
    };
    Ok(Output::SumValue(report(
        session,
        &args,
        PositionView::NimSum,
    )?))
}

/// A sum read: a solver for each of its games, and each term as its game's solver and state.
pub(super) type ReadSum = (Vec<Solver>, Vec<(usize, Pile)>);

/// The sum written in `args`' words: a solver for each game in it, and each term as the
/// index of its game's solver and its state, valued. The session keeps what the solvers
/// computed.
pub(super) fn read(session: &mut Session, args: &PositionArgs) -> Result<ReadSum, Error> {
    let text = args.piles.join(" ");
    let terms = terms(&text);
    if terms.len() > MAX_TERMS {
        return Err(Error::bad_token(
            crate::engine::token_excerpt(text.as_bytes()),
            Expected::SumOfAtMost { max: MAX_TERMS },
        ));
    }
    let default = args
        .rules
        .rules
        .as_deref()
        .map(|r| parse_rules_in(session, r))
        .transpose()?;
    let mut solvers: Vec<Solver> = Vec::new();
    let mut parts: Vec<(usize, Pile)> = Vec::with_capacity(terms.len());
    for term in terms {
        let (rules, state) = split_term(session, term, default.as_ref())?;
        let i = match solvers.iter().position(|s| s.rules() == &rules) {
            Some(i) => i,
            None => {
                solvers.push(session.solver_for(Some(&rules))?);
                solvers.len() - 1
            }
        };
        // The solver's own ruleset numbers tuple states, so its copy reads the state.
        let rules = solvers[i].rules().clone();
        let pile = rules.parse_pile(&state)?;
        solvers[i].reach(pile, term)?;
        parts.push((i, pile));
    }
    for solver in &solvers {
        session.remember(solver);
    }
    Ok((solvers, parts))
}

/// The sum the session holds as its position (`position 'wythoff(3,5) + lasker(7)'`), read
/// as [`read`] reads one written out; `None` if the session holds none.
pub(super) fn stored(session: &mut Session) -> Result<Option<ReadSum>, Error> {
    let Some(terms) = session.sum().map(<[_]>::to_vec) else {
        return Ok(None);
    };
    let mut solvers: Vec<Solver> = Vec::new();
    let mut parts = Vec::with_capacity(terms.len());
    for (rules, pile) in terms {
        let i = match solvers.iter().position(|s| s.rules() == &rules) {
            Some(i) => i,
            None => {
                solvers.push(session.solver_for(Some(&rules))?);
                solvers.len() - 1
            }
        };
        solvers[i].reach(pile, &rules.name_of(pile))?;
        parts.push((i, pile));
    }
    for solver in &solvers {
        session.remember(solver);
    }
    Ok(Some((solvers, parts)))
}

/// The report on a sum read, in `view`.
fn sum_report(read: &ReadSum, view: PositionView) -> Result<SumReport, Error> {
    let (solvers, parts) = read;
    let components: Vec<Component<'_>> = parts
        .iter()
        .map(|&(i, pile)| Component {
            solver: &solvers[i],
            pile,
        })
        .collect();
    let verdict = solve(&components)?;
    Ok(SumReport {
        view,
        components: parts
            .iter()
            .map(|&(i, pile)| (solvers[i].rules().clone(), pile))
            .collect(),
        verdict,
    })
}

/// `winner`, `move` or `nimsum` alone on the session's sum; `None` if it holds none.
pub(super) fn report_stored(
    session: &mut Session,
    view: PositionView,
) -> Result<Option<SumReport>, Error> {
    match stored(session)? {
        Some(read) => sum_report(&read, view).map(Some),
        None => Ok(None),
    }
}

/// `position 'wythoff(3,5) + lasker(7) + 4'`: the sum becomes the session's position.
pub(super) fn set_position(session: &mut Session, args: &PositionArgs) -> Result<Output, Error> {
    let read = read(session, args)?;
    // Refused as `move` refuses it (a misère component) before it is kept.
    let report = sum_report(&read, PositionView::NimSum)?;
    let (solvers, parts) = read;
    let terms = parts
        .iter()
        .map(|&(i, pile)| (solvers[i].rules().clone(), pile))
        .collect();
    session.set_sum(terms);
    Ok(Output::WhoWins(WhoWins::new(report)))
}

/// A term's ruleset and its state as that ruleset writes it.
fn split_term(
    session: &Session,
    term: &str,
    default: Option<&Rules>,
) -> Result<(Rules, String), Error> {
    if term.is_empty() {
        return Err(Error::bad_token("+", Expected::SumTerm));
    }
    let Some(open) = term.find('(') else {
        let rules = default.unwrap_or(session.rules()).clone();
        return Ok((rules, term.to_string()));
    };
    let name = term[..open].trim();
    let inner = term[open + 1..]
        .strip_suffix(')')
        .filter(|_| !name.is_empty())
        .ok_or_else(|| Error::bad_token(term, Expected::SumTerm))?;
    let rules = parse_rules_in(session, name)?;
    let state = match &rules {
        // `northcott(1,3)` and `northcott((1,3))` both name the state (1,3).
        Rules::Defined(game) if game.has_tuples() && !one_group(inner.trim()) => {
            format!("({inner})")
        }
        _ => inner.trim().to_string(),
    };
    Ok((rules, state))
}

/// Whether `text` is one parenthesised group: its first `(` closes at its last character.
fn one_group(text: &str) -> bool {
    if !text.starts_with('(') {
        return false;
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1 == text.len();
                }
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_split_at_plus_outside_parentheses() {
        assert_eq!(
            terms("wythoff(3,5) + lasker(7)+4"),
            ["wythoff(3,5)", "lasker(7)", "4"]
        );
        assert_eq!(terms("a(1+2)"), ["a(1+2)"]);
        assert_eq!(terms("+"), ["", ""]);
    }

    #[test]
    fn a_sum_is_told_from_piles() {
        let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(is_sum(&w(&["lasker(7)"])));
        assert!(is_sum(&w(&["3", "+", "4"])));
        assert!(!is_sum(&w(&["(3,5)"])));
        assert!(!is_sum(&w(&["3", "4T"])));
    }
}
