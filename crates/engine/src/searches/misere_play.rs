//! Any ruleset played misère (the last mover loses), decided by exhaustive game-tree search of
//! the whole position — Sprague–Grundy values do not decide misère play. Alongside, what misère
//! Nim's rule would say if it were applied to the normal-play Grundy values (Bouton: with every
//! value ≤ 1 the player to move wins iff the count of 1s is even, else iff the nim-sum is not
//! 0), so a learner sees where that rule stops carrying over (misère Kayles: `4 1`).

use crate::limits::budget::Budget;
use crate::play::outcome::Player;
use crate::play::position::nim_sum;
use crate::play::strategy::Move;
use crate::searches::search::Search;
use crate::values::grundy::Solver;
use crate::values::library_form::{LibraryForm, leaves_as_heaps};
use crate::{EngineError, Grundy, Heaps, Pile};

/// The most options a misère search examines.
pub const WORK_LIMIT: u64 = 5_000_000;

/// The verdict on a position played misère.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereVerdict {
    /// Who wins, by search.
    pub winner: Player,
    /// For the first player: a move that leaves a position lost for the opponent.
    pub winning_move: Option<Move>,
    /// The piles' normal-play Grundy values.
    pub grundy: Vec<Grundy>,
    /// What misère Nim's rule says when applied to those values.
    pub by_nim_rule: Player,
    /// Options the search examined.
    pub work: u64,
    /// Whether the win was found by a short move of a far pile, its result searched whole,
    /// rather than by trying every move of the position.
    pub(crate) by_short_move: bool,
}

impl MisereVerdict {
    /// The outcome, by the search.
    pub fn judgement(&self) -> crate::Judgement {
        if self.by_short_move {
            return crate::Judgement::by_short_move(self.work);
        }
        crate::Judgement::by_search(self.winner, self.work)
    }
}

/// Misère Nim's rule on Grundy values: with every value ≤ 1, the first player wins iff the
/// count of 1s is even; else iff the nim-sum is not 0.
pub(crate) fn nim_rule(values: &[Grundy]) -> Player {
    let first = if values.iter().all(|&g| g <= 1) {
        values.iter().filter(|&&g| g == 1).count() % 2 == 0
    } else {
        nim_sum(values.iter().copied()) != 0
    };
    if first { Player::First } else { Player::Second }
}

/// Decides `piles` of the solver's ruleset played misère, by search within `limit` options.
/// The solver must have valued the piles (a defined game's options are kept by it).
pub fn decide(solver: &Solver, piles: &[Pile], limit: u64) -> Result<MisereVerdict, EngineError> {
    let rules = solver.rules();
    let mut search = Search::new(rules, true, limit);
    // The position the rules describe (a coin row's pairs cancel): with no move at all, the
    // player to move made no last move and wins misère.
    let first = search.first_wins(piles)?;
    let mut winning_move = None;
    let mut far = false;
    // A far pile's short moves first: they are what decided a win the search could not try
    // every move of.
    let mut order: Vec<usize> = (0..piles.len()).collect();
    order.sort_by_key(|&i| LibraryForm::of_far_pile(rules, piles[i]).is_none());
    'piles: for i in order {
        let pile = piles[i];
        if !first || piles[..i].contains(&pile) {
            continue;
        }
        // A far pile's short moves (its whole list is too long to try), else every move.
        let candidates: Vec<Heaps> = match LibraryForm::of_far_pile(rules, pile) {
            Some(form) => {
                far = true;
                form.short_moves(pile.size)
                    .iter()
                    .map(|leaves| leaves_as_heaps(leaves))
                    .collect()
            }
            None => {
                let mut budget = Budget::new(limit.saturating_sub(search.work()));
                rules.heap_options(pile, &mut budget)?.collect()
            }
        };
        for after in candidates {
            let mut next = piles.to_vec();
            next[i] = after.first();
            next.extend(after.rest());
            match search.first_wins(&next) {
                Ok(false) => {
                    winning_move = Some(Move::new(i, pile, after));
                    break 'piles;
                }
                // A move whose result cannot be searched within the limit is not claimed.
                Ok(true) | Err(EngineError::TooMuchWork(_)) if far => {}
                Ok(true) => {}
                Err(e) => return Err(e),
            }
        }
    }
    // Won, with a far pile, and no move found among the short ones: what the search proved
    // needs a move it cannot name, so none is claimed. (Won with no move at all is a position
    // with no move, which misère play gives the player to move.)
    if first && winning_move.is_none() && far {
        return Err(crate::TooMuchWork::GameTreeMoves { moves: limit }.into());
    }
    let winner = if first { Player::First } else { Player::Second };
    let grundy = piles
        .iter()
        .map(|&p| solver.value(p).map(|k| k.grundy()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(MisereVerdict {
        winner,
        winning_move,
        by_nim_rule: nim_rule(&grundy),
        grundy,
        work: search.work(),
        by_short_move: search.by_short_move(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn decide_on(rules: &str, sizes: &[u64]) -> MisereVerdict {
        let rules = Rules::parse(rules).unwrap();
        let piles: Vec<Pile> = sizes.iter().map(|&n| rules.pile(n)).collect();
        decide(&Solver::new(&rules).unwrap(), &piles, WORK_LIMIT).unwrap()
    }

    #[test]
    fn misere_nim_by_search_follows_boutons_rule() {
        // By hand: misère 1 1 → first wins (take one, the opponent takes the last);
        // 1 1 1 → second; 2 2 → second; 2 → first (take 1).
        assert_eq!(decide_on("nim", &[1, 1]).winner, Player::First);
        assert_eq!(decide_on("nim", &[1, 1, 1]).winner, Player::Second);
        assert_eq!(decide_on("nim", &[2, 2]).winner, Player::Second);
        assert_eq!(decide_on("nim", &[2]).winner, Player::First);
    }

    #[test]
    fn misere_kayles_by_hand() {
        // Misère Kayles by hand: {} is won by the mover (no last move made); {1} → {} only: lost;
        // {4} → {3}, {1,2}, {2}, {1,1}, each of which can move to {1}: all won, so {4} is lost;
        // {1,1,1} → {1,1} → {1}: lost. So {4,1} is won, by {4} (take the lone pin) or by
        // {1,1,1} (take the middle two of the four).
        let v = decide_on("octal:0.77", &[4, 1]);
        assert_eq!(v.winner, Player::First);
        let m = v.winning_move.unwrap();
        let leaves = (m.index, m.to.size, m.rest.first().map(|p| p.size));
        assert!(leaves == (1, 0, None) || leaves == (0, 1, Some(1)), "{m:?}");
        assert_eq!(decide_on("octal:0.77", &[4]).winner, Player::Second);
        // Normal-play values g(4) = g(1) = 1; the rule on {1, 1}: even count, first.
        assert_eq!(v.grundy, [1, 1]);
        assert_eq!(v.by_nim_rule, Player::First);
    }
}
