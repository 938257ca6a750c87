//! Nim and its two rulesets of take-any piles: Nim (take any positive number from one pile;
//! the last mover wins), zero-move Nim (each non-empty pile also offers one pass, nT → nF,
//! that either player may spend once) and misère Nim (the last mover loses).

use crate::families::game::{Can, Game};
use crate::limits::budget::Budget;
use crate::{EngineError, Heaps, Pass, Pile};

/// Nim: take any positive number of tokens from one pile; the last mover wins, or with
/// `misere`, loses (misère Nim).
pub(crate) struct Nim {
    pub(crate) misere: bool,
}

/// Zero-move Nim: Nim where each non-empty pile also offers one pass that either player may
/// spend once.
pub(crate) struct ZeroMove;

impl Game for Nim {
    /// Every smaller pile, the smallest first.
    fn options<'a>(
        &'a self,
        pile: Pile,
        _: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError> {
        Ok(Box::new((0..pile.size).map(|k| Heaps::One(Pile::plain(k)))))
    }

    fn is_option(&self, from: Pile, to: &Heaps, _: &mut Budget) -> Result<bool, EngineError> {
        Ok(matches!(to, Heaps::One(to) if to.size < from.size))
    }

    fn can(&self) -> Can {
        Can {
            take_any: true,
            lose_by_last_move: self.misere,
            ..Can::PLAIN
        }
    }
}

impl Game for ZeroMove {
    /// Smaller piles keep the pass as it was; then the pass itself, nT → nF.
    fn options<'a>(
        &'a self,
        pile: Pile,
        _: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError> {
        let n = pile.size;
        let one = |k, pass| Heaps::One(Pile::zero_move(k, pass));
        Ok(match pile.pass {
            None => Box::new(std::iter::empty()),
            Some(Pass::Spent) => Box::new((0..n).map(move |k| one(k, Pass::Spent))),
            Some(Pass::Unused) => Box::new(
                (0..n)
                    .map(move |k| one(k, Pass::Unused))
                    .chain(std::iter::once(one(n, Pass::Spent))),
            ),
        })
    }

    fn is_option(&self, from: Pile, to: &Heaps, _: &mut Budget) -> Result<bool, EngineError> {
        let Heaps::One(to) = to else {
            return Ok(false);
        };
        Ok(match (from.pass, to.pass) {
            (Some(Pass::Spent), Some(Pass::Spent)) | (Some(Pass::Unused), Some(Pass::Unused)) => {
                to.size < from.size
            }
            (Some(Pass::Spent | Pass::Unused), None) => true,
            (Some(Pass::Unused), Some(Pass::Spent)) => to.size == from.size,
            _ => false,
        })
    }

    fn can(&self) -> Can {
        Can {
            pass: true,
            take_any: true,
            ..Can::PLAIN
        }
    }

    /// `nF` before `nT`; the empty pile has one state.
    fn states(&self, n: u64) -> Vec<Pile> {
        if n > 0 {
            vec![
                Pile::zero_move(n, Pass::Spent),
                Pile::zero_move(n, Pass::Unused),
            ]
        } else {
            vec![Pile::plain(n)]
        }
    }

    /// Both states counted as with the pass: n + 1 options each at most.
    fn options_of_size(&self, n: u64) -> u128 {
        u128::from(n).saturating_add(1) * 2
    }

    /// A pile starts with its pass unused.
    fn pile(&self, size: u64) -> Pile {
        Pile::zero_move(size, Pass::Unused)
    }
}
