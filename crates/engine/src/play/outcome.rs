//! The players, by turn, and who wins a position with perfect play: the one outcome of every
//! verdict, a loopy game's draws included. Data only, beneath every module that decides.

/// The players, named by turn: `First` is the player to move now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
        }
    }
}

/// Who wins a position with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move wins.
    First,
    /// The player who just moved wins.
    Second,
    /// Neither player can force a win: play goes on for ever.
    Draw,
}

impl From<Player> for Outcome {
    fn from(player: Player) -> Self {
        match player {
            Player::First => Self::First,
            Player::Second => Self::Second,
        }
    }
}
