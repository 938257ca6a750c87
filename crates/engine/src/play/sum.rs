//! A sum of different games: each component has its own ruleset and state, and a move is made
//! in exactly one component. By Sprague–Grundy the sum's value is the XOR of the components'
//! values, and a winning move takes one component to the value that makes that XOR zero.
//!
//! Misère play does not add this way (the last mover of the whole sum loses, which no
//! component's value records), so a misère component is refused.

use crate::error::PileWanted;
use crate::play::outcome::Player;
use crate::play::position::nim_sum;
use crate::play::strategy::heaps_with_value;
use crate::values::grundy::Solver;
use crate::{EngineError, Grundy, Heaps, Pile};

/// One component: its solver (which knows its ruleset) and its state, valued by that solver.
#[derive(Debug, Clone, Copy)]
pub struct Component<'a> {
    pub solver: &'a Solver,
    pub pile: Pile,
}

/// A winning move of a sum: component `component` (0-based) becomes `after`, of value `value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumMove {
    pub component: usize,
    pub after: Heaps,
    pub value: Grundy,
}

/// The value of each component, their XOR, who wins, and a winning move if the first player
/// has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumVerdict {
    pub values: Vec<Grundy>,
    pub nim_sum: Grundy,
    pub(crate) winner: Player,
    pub winning_move: Option<SumMove>,
}

impl SumVerdict {
    /// The outcome, by the nim-sum of the components' values.
    pub fn judgement(&self) -> crate::Judgement {
        crate::Judgement::by_nim_sum(self.nim_sum, false)
    }
}

/// Decides a sum of components. Refuses a misère component and a state its solver has not
/// valued.
pub fn solve(components: &[Component<'_>]) -> Result<SumVerdict, EngineError> {
    let mut values = Vec::with_capacity(components.len());
    for c in components {
        if c.solver.rules().is_misere() {
            return Err(EngineError::BadPile {
                token: c.solver.rules().to_string(),
                expected: PileWanted::NormalPlayInSum,
            });
        }
        values.push(c.solver.value(c.pile)?.grundy());
    }
    let sum = nim_sum(values.iter().copied());
    if sum == 0 {
        return Ok(SumVerdict {
            values,
            nim_sum: sum,
            winner: Player::Second,
            winning_move: None,
        });
    }
    // A component whose value has the sum's top bit can move to g ⊕ s < g, which mex
    // guarantees is an option's value.
    let top = 1u128 << (127 - sum.leading_zeros());
    let mut winning_move = None;
    if let Some(i) = values.iter().position(|&g| g & top != 0) {
        let target = values[i] ^ sum;
        let c = components[i];
        if let Some(after) = heaps_with_value(c.solver, c.pile, target)? {
            winning_move = Some(SumMove {
                component: i,
                after,
                value: target,
            });
        }
    }
    Ok(SumVerdict {
        values,
        nim_sum: sum,
        winner: Player::First,
        winning_move,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    #[test]
    fn nim_and_a_subtraction_game_add_by_xor() {
        // subtract:1,2 has g(n) = n mod 3 (by hand: g(0..=5) = 0,1,2,0,1,2); nim 5 has g 5.
        let nim = Solver::new(&Rules::Nim).unwrap();
        let sub = Solver::new(&Rules::parse("subtract:1,2").unwrap()).unwrap();
        let v = solve(&[
            Component {
                solver: &nim,
                pile: Pile::plain(5),
            },
            Component {
                solver: &sub,
                pile: Pile::plain(5),
            },
        ])
        .unwrap();
        assert_eq!(v.values, [5, 2]);
        assert_eq!(v.nim_sum, 7);
        assert_eq!(v.winner, Player::First);
        // Top bit 4 is nim's: 5 → 5 ⊕ 7 = 2.
        let m = v.winning_move.unwrap();
        assert_eq!(
            (m.component, m.after, m.value),
            (0, Heaps::One(Pile::plain(2)), 2)
        );
    }

    #[test]
    fn a_misere_component_is_refused() {
        let misere = Solver::new(&Rules::Misere).unwrap();
        let c = Component {
            solver: &misere,
            pile: Pile::plain(3),
        };
        assert!(solve(&[c]).is_err());
    }
}
