//! What one move leaves of a heap: one heap (possibly empty), or — in octal games that split —
//! two non-empty heaps (three in hexadecimal games), whose value is the XOR of the parts'
//! values.

use std::fmt;

use super::Pile;

/// The heaps a move leaves where one heap was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Heaps {
    /// One heap (size 0 when the move took the whole heap).
    One(Pile),
    /// Two non-empty heaps, smaller first.
    Two(Pile, Pile),
    /// Three non-empty heaps, smallest first (hexadecimal games).
    Three(Pile, Pile, Pile),
}

impl Heaps {
    /// The heap left, or the first of two.
    pub fn first(&self) -> Pile {
        match *self {
            Self::One(p) | Self::Two(p, _) | Self::Three(p, _, _) => p,
        }
    }

    /// The second heap of a split.
    pub fn second(&self) -> Option<Pile> {
        match *self {
            Self::One(_) => None,
            Self::Two(_, q) | Self::Three(_, q, _) => Some(q),
        }
    }

    /// The third heap of a three-way split.
    pub fn third(&self) -> Option<Pile> {
        match *self {
            Self::Three(_, _, r) => Some(r),
            _ => None,
        }
    }

    /// Tokens left in all the heaps.
    pub fn tokens(&self) -> u64 {
        // The parts come from one heap, so their sum is at most its size.
        self.piles().map(|p| p.size).sum()
    }

    /// The heaps as a list.
    pub fn piles(&self) -> impl Iterator<Item = Pile> {
        std::iter::once(self.first())
            .chain(self.second())
            .chain(self.third())
    }

    /// The heaps after the first (what a move adds to a position).
    pub fn rest(&self) -> impl Iterator<Item = Pile> {
        self.second().into_iter().chain(self.third())
    }
}

impl From<Pile> for Heaps {
    fn from(p: Pile) -> Self {
        Self::One(p)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::One(p) => write!(f, "{p}"),
            Self::Two(p, q) => write!(f, "{p}+{q}"),
            Self::Three(p, q, r) => write!(f, "{p}+{q}+{r}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_tokens() {
        assert_eq!(Heaps::One(Pile::plain(3)).to_string(), "3");
        let split = Heaps::Two(Pile::plain(2), Pile::plain(3));
        assert_eq!(split.to_string(), "2+3");
        assert_eq!(split.tokens(), 5);
        assert_eq!(split.piles().count(), 2);
    }
}
