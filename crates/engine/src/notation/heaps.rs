//! What one move leaves of a heap: one heap (possibly empty), or several non-empty heaps whose
//! value is the XOR of the parts' values — two or three in octal and hexadecimal games that
//! split, any number in a game such as Ruler, whose move leaves a run of heaps.

use std::fmt;

use crate::Pile;

/// The heaps a move leaves where one heap was.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Heaps {
    /// One heap (size 0 when the move took the whole heap).
    One(Pile),
    /// Two non-empty heaps, smaller first.
    Two(Pile, Pile),
    /// Three non-empty heaps, smallest first (hexadecimal games).
    Three(Pile, Pile, Pile),
    /// Four or more heaps, smallest first (Ruler's runs). Built by [`Heaps::of`], which keeps
    /// fewer parts in the variants above, so each list of heaps has one form.
    Many(Box<[Pile]>),
}

impl Heaps {
    /// The heaps `parts`, smallest first; no parts is one empty heap. Sizes are kept as given
    /// (a caller that drops empty heaps does so first).
    pub fn of(mut parts: Vec<Pile>) -> Self {
        parts.sort_unstable();
        match *parts.as_slice() {
            [] => Self::One(Pile::plain(0)),
            [p] => Self::One(p),
            [p, q] => Self::Two(p, q),
            [p, q, r] => Self::Three(p, q, r),
            _ => Self::Many(parts.into_boxed_slice()),
        }
    }

    /// The heap left, or the first (smallest) of several.
    pub(crate) fn first(&self) -> Pile {
        match self {
            Self::One(p) | Self::Two(p, _) | Self::Three(p, _, _) => *p,
            // `of` builds `Many` from four or more parts.
            Self::Many(ps) => ps.first().copied().unwrap_or(Pile::plain(0)),
        }
    }

    /// How many heaps: 1 for a move that does not split.
    pub(crate) fn count(&self) -> usize {
        match self {
            Self::One(_) => 1,
            Self::Two(..) => 2,
            Self::Three(..) => 3,
            Self::Many(ps) => ps.len(),
        }
    }

    /// Tokens left in all the heaps. A u128: the parts need not come from the tokens of one
    /// heap (Ruler's heaps are places of coins, and a run's places sum past its last), and
    /// 2^64 parts of at most 2^64 − 1 cannot overflow it — a list that long cannot be held.
    pub fn tokens(&self) -> u128 {
        self.piles().map(|p| u128::from(p.size)).sum()
    }

    /// The heaps as a list.
    pub fn piles(&self) -> impl Iterator<Item = Pile> + '_ {
        let (head, tail): ([Option<Pile>; 3], &[Pile]) = match self {
            Self::One(p) => ([Some(*p), None, None], &[]),
            Self::Two(p, q) => ([Some(*p), Some(*q), None], &[]),
            Self::Three(p, q, r) => ([Some(*p), Some(*q), Some(*r)], &[]),
            Self::Many(ps) => ([None; 3], ps),
        };
        head.into_iter().flatten().chain(tail.iter().copied())
    }

    /// The heaps after the first (what a move adds to a position).
    pub(crate) fn rest(&self) -> impl Iterator<Item = Pile> + '_ {
        self.piles().skip(1)
    }
}

impl From<Pile> for Heaps {
    fn from(p: Pile) -> Self {
        Self::One(p)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.piles().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
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

    #[test]
    fn of_sorts_and_keeps_one_form_for_each_count() {
        let p = Pile::plain;
        assert_eq!(Heaps::of(vec![]), Heaps::One(p(0)));
        assert_eq!(Heaps::of(vec![p(4)]), Heaps::One(p(4)));
        assert_eq!(Heaps::of(vec![p(4), p(1)]), Heaps::Two(p(1), p(4)));
        assert_eq!(
            Heaps::of(vec![p(3), p(1), p(2)]),
            Heaps::Three(p(1), p(2), p(3))
        );
        let run = Heaps::of(vec![p(7), p(5), p(6), p(4)]);
        assert_eq!(run, Heaps::Many(vec![p(4), p(5), p(6), p(7)].into()));
        assert_eq!(run.to_string(), "4+5+6+7");
        assert_eq!(run.count(), 4);
        assert_eq!(run.first(), p(4));
        assert_eq!(run.rest().collect::<Vec<_>>(), [p(5), p(6), p(7)]);
        // Places of a run sum past any one heap, and past u64.
        let huge = Heaps::of(vec![p(u64::MAX); 4]);
        assert_eq!(huge.tokens(), 4 * u128::from(u64::MAX));
    }
}
