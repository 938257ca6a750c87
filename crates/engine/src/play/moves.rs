//! Moves a player asks for — `take K from I`, `pass I`, `I -> S` — checked against the rules,
//! and applied.
//!
//! The check names the first rule a move breaks, so a learner is told why it is illegal.

use crate::limits::budget::{Budget, LOOKUP_WORK};
use crate::values::library_form::LibraryForm;
use crate::{EngineError, Heaps, Move, Pass, Pile, Rules};

/// How many of a pile's options an illegal move lists before `…`.
pub(crate) const OPTIONS_LISTED: usize = 8;

/// A move as a player states it; `index` is 0-based (people number piles from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Take `count` tokens from pile `index`.
    Take { index: usize, count: u64 },
    /// Spend pile `index`'s pass (zero-move only).
    Pass { index: usize },
    /// Pile `index` becomes `after`: one state, or two heaps where the rules split one.
    Become { index: usize, after: Heaps },
}

/// Why a requested move is not legal. Pile numbers here are 0-based; `Display` shows them from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// There is no such pile.
    NoSuchPile { index: usize, piles: usize },
    /// The pile has no tokens to take and no pass to spend.
    EmptyPile { index: usize },
    /// Taking nothing is not a move.
    TakeNothing { index: usize, has_pass: bool },
    /// More tokens than the pile holds.
    TooMany { index: usize, count: u64, size: u64 },
    /// The subtraction set does not allow this amount.
    NotInSet {
        count: u64,
        rules: Rules,
        allowed: Vec<u64>,
    },
    /// The ruleset has no passes.
    NoPasses { rules: Rules },
    /// The pile's pass has been spent already.
    PassSpent { index: usize, pile: Pile },
    /// The piles are states, not numbers of tokens (a graph's positions, a game's tuples).
    NotTokens { rules: Rules },
    /// In a game of counters (Northcott's), a move of the opponent's counter: `white` says
    /// whether the player to move has White's (the row's first part).
    NotYourCounter {
        index: usize,
        from: Pile,
        after: Box<Heaps>,
        rules: Rules,
        white: bool,
    },
    /// No move of the rules turns the pile into `after`; `options` are its first options (at
    /// most [`OPTIONS_LISTED`]) and `more` says whether it has others.
    NotAnOption {
        index: usize,
        from: Pile,
        after: Box<Heaps>,
        rules: Rules,
        options: Vec<Heaps>,
        more: bool,
    },
    /// Whether pile `index` can become what was asked could not be told: listing its moves
    /// was refused (`error` says why). Never taken for "no such move".
    Unchecked {
        index: usize,
        error: Box<EngineError>,
    },
}

/// Checks `request` on `piles` and returns the move it makes, or the first rule it breaks.
pub fn check(rules: &Rules, piles: &[Pile], request: Request) -> Result<Move, IllegalMove> {
    let index = match request {
        Request::Take { index, .. } | Request::Pass { index } | Request::Become { index, .. } => {
            index
        }
    };
    let from = *piles.get(index).ok_or(IllegalMove::NoSuchPile {
        index,
        piles: piles.len(),
    })?;
    let to = match request {
        Request::Become { after, .. } => return turn_into(rules, index, from, after),
        Request::Pass { .. } => {
            if !rules.has_pass() {
                return Err(IllegalMove::NoPasses {
                    rules: rules.clone(),
                });
            }
            match from.pass {
                None => return Err(IllegalMove::EmptyPile { index }),
                Some(Pass::Spent) => return Err(IllegalMove::PassSpent { index, pile: from }),
                Some(Pass::Unused) => Pile::zero_move(from.size, Pass::Spent),
            }
        }
        Request::Take { count, .. } => {
            if !rules.counts_tokens() {
                return Err(IllegalMove::NotTokens {
                    rules: rules.clone(),
                });
            }
            if from.size == 0 {
                return Err(IllegalMove::EmptyPile { index });
            }
            if count == 0 {
                return Err(IllegalMove::TakeNothing {
                    index,
                    has_pass: from.pass == Some(Pass::Unused),
                });
            }
            if count > from.size {
                return Err(IllegalMove::TooMany {
                    index,
                    count,
                    size: from.size,
                });
            }
            if let Rules::Subtract(set) = rules
                && !set.values().contains(&count)
            {
                return Err(IllegalMove::NotInSet {
                    count,
                    rules: rules.clone(),
                    allowed: set.values().to_vec(),
                });
            }
            let size = from.size - count;
            match from.pass {
                Some(pass) => Pile::zero_move(size, pass),
                None => Pile::plain(size),
            }
        }
    };
    if !is_move(rules, from, &Heaps::One(to)).map_err(|e| unchecked(index, e))? {
        return Err(not_an_option(rules, index, from, Heaps::One(to)));
    }
    Ok(Move::new(index, from, to.into()))
}

/// `I -> S`: pile `index` becomes `after` if that is one of its options. A split may be written
/// in either order.
fn turn_into(rules: &Rules, index: usize, from: Pile, after: Heaps) -> Result<Move, IllegalMove> {
    // Smallest part first, as the rules list splits.
    let sorted = match after {
        Heaps::One(_) => after,
        split => Heaps::of(split.piles().collect()),
    };
    if is_move(rules, from, &sorted).map_err(|e| unchecked(index, e))? {
        Ok(Move::new(index, from, sorted))
    } else {
        Err(not_an_option(rules, index, from, sorted))
    }
}

/// Whether `to` is one move from `from`: a far pile of a library game with a closed form by
/// the game's rule as its form states it (its options are too many to list), else by the
/// options listed whole within a lookup's work, or refused.
fn is_move(rules: &Rules, from: Pile, to: &Heaps) -> Result<bool, EngineError> {
    if let Rules::Defined(game) = rules
        && !game.has_tuples()
        && game.kept_options(from.size).is_none()
        && let Some(form) = LibraryForm::of(game.name())
    {
        let leaves: Vec<u64> = to.piles().map(|p| p.size).collect();
        return Ok(form.is_move(from.size, &leaves));
    }
    rules.is_heap_option(from, to, &mut Budget::new(LOOKUP_WORK))
}

fn unchecked(index: usize, error: EngineError) -> IllegalMove {
    IllegalMove::Unchecked {
        index,
        error: Box::new(error),
    }
}

/// The refusal of a move to `after`, listing the pile's first options (which the check just
/// listed whole, so listing them again is within the same work).
fn not_an_option(rules: &Rules, index: usize, from: Pile, after: Heaps) -> IllegalMove {
    let mut budget = Budget::new(LOOKUP_WORK);
    let options = match rules.heap_options(from, &mut budget) {
        Ok(options) => options,
        Err(e) => return unchecked(index, e),
    };
    let mut options: Vec<Heaps> = options.take(OPTIONS_LISTED + 1).collect();
    let more = options.len() > OPTIONS_LISTED;
    options.truncate(OPTIONS_LISTED);
    IllegalMove::NotAnOption {
        index,
        from,
        after: Box::new(after),
        rules: rules.clone(),
        options,
        more,
    }
}

/// The position after `m`: a split's other piles go right after the first. The move must
/// come from [`check`] or the strategy on these piles.
pub fn apply(piles: &[Pile], m: &Move) -> Vec<Pile> {
    let mut after = piles.to_vec();
    after[m.index] = m.to;
    for (i, &q) in m.rest.iter().enumerate() {
        after.insert(m.index + 1 + i, q);
    }
    after
}

/// Whether no move is left: every pile is empty or (in a subtraction game) too small. Refused
/// if a pile's moves cannot be listed (a pile so large that it surely has some is never said
/// to have none).
pub fn is_over(rules: &Rules, piles: &[Pile]) -> Result<bool, EngineError> {
    for &p in piles {
        // A far pile of a library game: every state but 0 has a move (take all, turn the
        // coin alone, subtract 1), which its rule as the closed form states it confirms.
        if let Rules::Defined(game) = rules
            && !game.has_tuples()
            && game.kept_options(p.size).is_none()
            && let Some(form) = LibraryForm::of(game.name())
        {
            if form.is_move(p.size, &[]) || form.is_move(p.size, &[p.size.saturating_sub(1)]) {
                return Ok(false);
            }
            continue;
        }
        let mut budget = Budget::new(LOOKUP_WORK);
        if rules.heap_options(p, &mut budget)?.next().is_some() {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zm(text: &[&str]) -> Vec<Pile> {
        text.iter()
            .map(|t| Rules::ZeroMove.parse_pile(t).unwrap())
            .collect()
    }

    #[test]
    fn legal_moves_become_options() {
        let piles = zm(&["4T", "7F", "0"]);
        let m = check(
            &Rules::ZeroMove,
            &piles,
            Request::Take { index: 0, count: 4 },
        )
        .unwrap();
        assert_eq!(
            (m.from.to_string(), m.to.to_string()),
            ("4T".into(), "0".into())
        );
        let m = check(&Rules::ZeroMove, &piles, Request::Pass { index: 0 }).unwrap();
        assert_eq!(m.to.to_string(), "4F");
        let m = check(
            &Rules::ZeroMove,
            &piles,
            Request::Take { index: 1, count: 2 },
        )
        .unwrap();
        assert_eq!(m.to.to_string(), "5F");
        assert_eq!(apply(&piles, &m), zm(&["4T", "5F", "0"]));
    }

    #[test]
    fn over_when_no_pile_has_an_option() {
        let s = Rules::parse("subtract:3").unwrap();
        assert!(is_over(&s, &[Pile::plain(2), Pile::plain(1)]).unwrap());
        assert!(!is_over(&s, &[Pile::plain(3)]).unwrap());
        assert!(is_over(&Rules::ZeroMove, &zm(&["0", "0"])).unwrap());
        assert!(!is_over(&Rules::ZeroMove, &zm(&["0", "1F"])).unwrap());
    }
}
