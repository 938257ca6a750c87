//! Who wins a position: the XOR of Grundy values where Sprague–Grundy applies, and misère Nim's
//! own rule.

/// The players, defined beside the outcomes they win (kept here too, where verdicts name them).
pub(crate) use crate::play::outcome::Player;
use crate::values::grundy::{Method, Solver};
use crate::{EngineError, Grundy, Pile};

/// How a verdict was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Sprague–Grundy: the first player wins iff the nim-sum is non-zero.
    NimSum,
    /// Misère Nim with every pile ≤ 1: the first player wins iff the count of 1-piles is even.
    MisereAllSmall { ones: usize },
    /// Misère Nim with some pile ≥ 2: as in normal Nim, the first player wins iff nim-sum ≠ 0.
    MisereNimSum,
}

/// The verdict on a position, with the per-pile Grundy values and their nim-sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub grundy: Vec<Grundy>,
    /// How each pile's value is known: by mex, a proven closed form or a proven period.
    pub methods: Vec<Method>,
    pub nim_sum: Grundy,
    pub winner: Player,
    pub rule: Rule,
}

/// The XOR of Grundy values.
pub(crate) fn nim_sum<I: IntoIterator<Item = Grundy>>(values: I) -> Grundy {
    values.into_iter().fold(0, |acc, g| acc ^ g)
}

/// Decides who wins `piles` with perfect play.
pub fn verdict(solver: &Solver, piles: &[Pile]) -> Result<Verdict, EngineError> {
    let mut grundy = Vec::with_capacity(piles.len());
    let mut methods = Vec::with_capacity(piles.len());
    for &p in piles {
        let known = solver.value(p)?;
        grundy.push(known.grundy());
        methods.push(known.method());
    }
    let nim_sum = nim_sum(grundy.iter().copied());
    let by_nim_sum = if nim_sum != 0 {
        Player::First
    } else {
        Player::Second
    };
    let (winner, rule) = if solver.rules().is_misere() {
        if piles.iter().all(|p| p.size <= 1) {
            let ones = piles.iter().filter(|p| p.size == 1).count();
            let winner = if ones % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            (winner, Rule::MisereAllSmall { ones })
        } else {
            (by_nim_sum, Rule::MisereNimSum)
        }
    } else {
        (by_nim_sum, Rule::NimSum)
    };
    Ok(Verdict {
        grundy,
        methods,
        nim_sum,
        winner,
        rule,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn decide(rules: &str, piles: &[u64]) -> Player {
        let rules = Rules::parse(rules).unwrap();
        let piles: Vec<Pile> = piles.iter().map(|&n| rules.pile(n)).collect();
        verdict(&Solver::new(&rules).unwrap(), &piles)
            .unwrap()
            .winner
    }

    #[test]
    fn known_positions() {
        // Hand-checked: zero-move values 18T→17, 47T→48, 34T→33; 17⊕48⊕33 = 0.
        assert_eq!(decide("zero-move", &[18, 47, 34]), Player::Second);
        // 32T→31, 49T→50, 58T→57; 31⊕50⊕57 = 20.
        assert_eq!(decide("zero-move", &[32, 49, 58]), Player::First);
        // 4T→3, 7T→8, 5T→6; 3⊕8⊕6 = 13.
        assert_eq!(decide("zero-move", &[4, 7, 5]), Player::First);
        // 10T→9, 4T→3, 9T→10; 9⊕3⊕10 = 0.
        assert_eq!(decide("zero-move", &[10, 4, 9]), Player::Second);
        assert_eq!(decide("nim", &[3, 4, 5]), Player::First);
        assert_eq!(decide("nim", &[1, 4, 5]), Player::Second);
        assert_eq!(decide("misere", &[1, 1]), Player::First);
        assert_eq!(decide("misere", &[1, 1, 1]), Player::Second);
        assert_eq!(decide("misere", &[]), Player::First);
        assert_eq!(decide("misere", &[2, 2]), Player::Second);
    }
}
