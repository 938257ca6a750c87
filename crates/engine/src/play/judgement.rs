//! The one answer to "who wins": the outcome of a position with perfect play, and how it is
//! known. Every kind of position nimlab decides — piles of one ruleset, a sum of different
//! games, Hackenbush pictures, the tokens of a loopy graph, a ruleset played misère, Moore's
//! Nim — gives its verdict as a [`Judgement`]; the renderer words it in one place.

use crate::Grundy;
use crate::families::loopy::Gamma;
use crate::play::outcome::Player;
use crate::play::position::{Rule, Verdict};

pub use crate::play::outcome::Outcome;

/// How an outcome is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basis {
    /// No move is left: in normal play the player to move has lost, in misère play won.
    NoMove { misere: bool },
    /// Sprague–Grundy: the first player wins iff the nim-sum of the components' values is
    /// not 0.
    NimSum(Grundy),
    /// Misère Nim's own rule (Bouton): by the count of 1-piles when every pile is 0 or 1, else
    /// by the nim-sum as in normal play.
    MisereNim { rule: Rule, nim_sum: Grundy },
    /// Smith's γ of a sum of positions of a loopy game: 0 loses, finite wins, ∞(K) wins iff
    /// 0 ∈ K and is otherwise a draw.
    Gamma(Gamma),
    /// An exhaustive search of the position played misère, after `work` options.
    Search { work: u64 },
    /// The first player wins by a short move of a far pile (take it all, leave a small pile)
    /// whose result a search of `work` options proved lost: the position's other moves, too
    /// many to try, were not needed.
    ShortMove { work: u64 },
    /// Moore's theorem: the player to move loses iff every binary column's count of 1s is 0
    /// mod `modulus` (K + 1).
    Moore { modulus: u128 },
}

/// A position's outcome and how it is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub outcome: Outcome,
    pub basis: Basis,
}

impl Judgement {
    /// By the nim-sum of Grundy values (normal play); where no move is left, by that.
    pub fn by_nim_sum(nim_sum: Grundy, no_move: bool) -> Self {
        if no_move {
            return Self::no_move(false);
        }
        let outcome = if nim_sum == 0 {
            Outcome::Second
        } else {
            Outcome::First
        };
        Self {
            outcome,
            basis: Basis::NimSum(nim_sum),
        }
    }

    /// By a position verdict's rule: the nim-sum, or misère Nim's own rule.
    pub(crate) fn by_rule(rule: Rule, nim_sum: Grundy, winner: Player) -> Self {
        match rule {
            Rule::NimSum => Self::by_nim_sum(nim_sum, false),
            rule => Self {
                outcome: winner.into(),
                basis: Basis::MisereNim { rule, nim_sum },
            },
        }
    }

    /// No move is left: the player to move loses in normal play and wins in misère play.
    pub(crate) fn no_move(misere: bool) -> Self {
        Self {
            outcome: if misere {
                Outcome::First
            } else {
                Outcome::Second
            },
            basis: Basis::NoMove { misere },
        }
    }

    /// By Smith's γ of the sum of the tokens (a loopy graph); where no move is left, by that.
    pub fn by_gamma(sum: Gamma, no_move: bool) -> Self {
        if no_move {
            return Self::no_move(false);
        }
        Self {
            outcome: sum.outcome(),
            basis: Basis::Gamma(sum),
        }
    }

    /// By an exhaustive search that found `winner` after `work` options.
    pub(crate) fn by_search(winner: Player, work: u64) -> Self {
        Self {
            outcome: winner.into(),
            basis: Basis::Search { work },
        }
    }

    /// Whether the player to move wins.
    /// The first player wins by a short move whose result was searched whole (see
    /// [`Basis::ShortMove`]).
    pub(crate) fn by_short_move(work: u64) -> Self {
        Self {
            outcome: Outcome::First,
            basis: Basis::ShortMove { work },
        }
    }
}

impl Verdict {
    /// The outcome and how it is known; `no_move` where no move is left (the verdict then
    /// rests on who cannot move).
    pub fn judgement(&self, no_move: bool) -> Judgement {
        if no_move {
            return Judgement::no_move(self.rule != Rule::NimSum);
        }
        Judgement::by_rule(self.rule, self.nim_sum, self.winner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_sum_zero_loses_and_no_move_decides_by_the_convention() {
        assert_eq!(Judgement::by_nim_sum(0, false).outcome, Outcome::Second);
        assert_eq!(Judgement::by_nim_sum(5, false).outcome, Outcome::First);
        assert_eq!(Judgement::no_move(false).outcome, Outcome::Second);
        assert_eq!(Judgement::no_move(true).outcome, Outcome::First);
        assert_eq!(
            Judgement::by_nim_sum(0, true).basis,
            Basis::NoMove { misere: false }
        );
    }

    #[test]
    fn gamma_decides_draws() {
        assert_eq!(
            Judgement::by_gamma(Gamma::Infinite(vec![1, 2]), false).outcome,
            Outcome::Draw
        );
        assert_eq!(
            Judgement::by_gamma(Gamma::Infinite(vec![0]), false).outcome,
            Outcome::First
        );
        assert_eq!(
            Judgement::by_gamma(Gamma::Finite(0), false).outcome,
            Outcome::Second
        );
    }
}
