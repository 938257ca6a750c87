//! The two sides of a game between the learner and the computer, and a move either made. The
//! game itself, of piles or of any sum, is [`crate::play::sum_game::SumGame`].

use crate::Move;
use crate::play::reply::Intent;

/// The two sides of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Learner,
    Computer,
}

impl Side {
    pub(crate) fn other(self) -> Self {
        match self {
            Self::Learner => Self::Computer,
            Self::Computer => Self::Learner,
        }
    }
}

/// One move of the game; `intent` is the computer's reason (`None` for the learner's moves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    pub mv: Move,
    pub intent: Option<Intent>,
}
