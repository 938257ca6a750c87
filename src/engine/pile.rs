//! One component of a position: a pile size and, in zero-move Nim, whether its pass is unused.

use std::fmt;

/// The state of a zero-move pile's pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pass {
    /// `F`: the pass has been spent.
    Spent,
    /// `T`: the pass is still there.
    Unused,
}

/// A pile: its size and, for zero-move Nim, its pass. Piles of other rulesets have no pass.
///
/// An empty zero-move pile has no pass to offer, so `0T` and `0F` are the same state and are
/// kept as `pass: None`; its display is plain `0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pile {
    pub size: u64,
    pub pass: Option<Pass>,
}

impl Pile {
    /// A pile without a pass (Nim, misère, subtraction games; an empty zero-move pile).
    pub const fn plain(size: u64) -> Self {
        Self { size, pass: None }
    }

    /// A zero-move pile; an empty pile drops its pass.
    pub const fn zero_move(size: u64, pass: Pass) -> Self {
        Self {
            size,
            pass: if size == 0 { None } else { Some(pass) },
        }
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pass {
            None => write!(f, "{}", self.size),
            Some(Pass::Unused) => write!(f, "{}T", self.size),
            Some(Pass::Spent) => write!(f, "{}F", self.size),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_states() {
        assert_eq!(Pile::plain(7).to_string(), "7");
        assert_eq!(Pile::zero_move(7, Pass::Unused).to_string(), "7T");
        assert_eq!(Pile::zero_move(7, Pass::Spent).to_string(), "7F");
        assert_eq!(Pile::zero_move(0, Pass::Unused).to_string(), "0");
    }
}
