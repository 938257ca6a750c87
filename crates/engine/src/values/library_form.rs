//! Closed forms of games of the bundled library, used by the solver past the values it computes
//! by mex. Two kinds, kept apart:
//!
//! - **decided**: the decider proves g = f by induction from the game's options (the test
//!   `proof::induction::tests::the_library_forms_the_solver_uses_are_decided` decides each
//!   sentence, and `conjecture --rules NAME g(n) = …` decides it again for anyone who asks):
//!   Lasker's Nim, Turning Turtles, `subtract:powers2`, Mock Turtles;
//! - **theorems**: the options are not first-order (a run of heaps, a bound that halves), so
//!   the formula is a named theorem with its source, used only once it agrees with mex over
//!   every value the solver computed: Ruler, at-least-half.
//!
//! Pure: numbers in, numbers out.

use crate::Grundy;

/// A library game's closed form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LibraryForm {
    /// Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    Lasker,
    /// Turning Turtles is Nim: g(n) = n.
    TurningTurtles,
    /// Subtract a power of two: g(n) = n mod 3.
    PowersOfTwo,
    /// Mock Turtles: g(n) is the (n−1)-th odious number, 2(n−1) + [popcount(n−1) even].
    MockTurtles,
    /// Ruler: the largest power of two dividing n.
    Ruler,
    /// At-least-half: the bit length of n.
    AtLeastHalf,
}

impl LibraryForm {
    /// The closed form of the library game `name`, if it has one.
    pub fn of(name: &str) -> Option<Self> {
        Some(match name {
            "lasker" => Self::Lasker,
            "turning-turtles" => Self::TurningTurtles,
            "subtract:powers2" => Self::PowersOfTwo,
            "mock-turtles" => Self::MockTurtles,
            "ruler" => Self::Ruler,
            "at-least-half" => Self::AtLeastHalf,
            _ => return None,
        })
    }

    /// Whether the decider proves it (else it is a theorem checked against mex).
    pub fn decided(self) -> bool {
        !matches!(self, Self::Ruler | Self::AtLeastHalf)
    }

    /// g(n).
    pub fn value(self, n: u64) -> Grundy {
        let g = Grundy::from(n);
        match self {
            Self::Lasker => match n % 4 {
                3 => g + 1,
                0 if n > 0 => g - 1,
                _ => g,
            },
            Self::TurningTurtles => g,
            Self::PowersOfTwo => g % 3,
            Self::MockTurtles => match n {
                0 => 0,
                _ => 2 * (g - 1) + Grundy::from((n - 1).count_ones().is_multiple_of(2)),
            },
            Self::Ruler => match n {
                0 => 0,
                _ => Grundy::from(n & n.wrapping_neg()),
            },
            Self::AtLeastHalf => Grundy::from(u64::BITS - n.leading_zeros()),
        }
    }

    /// How many of the first values the solver computes by mex to check the form against
    /// (Mock Turtles' states have about n²/2 options each, so fewer).
    pub fn checked_values(self) -> u64 {
        match self {
            Self::MockTurtles => 128,
            // A run of heaps per option: about n²/2 heaps kept, 8000 by 128.
            Self::Ruler => 128,
            _ => 1024,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_by_hand() {
        // Lasker (Winning Ways): 0 1 2 4 3 5 6 8 7.
        let lasker: Vec<Grundy> = (0..9).map(|n| LibraryForm::Lasker.value(n)).collect();
        assert_eq!(lasker, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        // Mock Turtles: 0, then the odious numbers 1 2 4 7 8 11 13 14.
        let mock: Vec<Grundy> = (0..9).map(|n| LibraryForm::MockTurtles.value(n)).collect();
        assert_eq!(mock, [0, 1, 2, 4, 7, 8, 11, 13, 14]);
        // Ruler: 0, then 1 2 1 4 1 2 1 8.
        let ruler: Vec<Grundy> = (0..9).map(|n| LibraryForm::Ruler.value(n)).collect();
        assert_eq!(ruler, [0, 1, 2, 1, 4, 1, 2, 1, 8]);
        // Bit lengths: 0 1 2 2 3 3 3 3 4.
        let half: Vec<Grundy> = (0..9).map(|n| LibraryForm::AtLeastHalf.value(n)).collect();
        assert_eq!(half, [0, 1, 2, 2, 3, 3, 3, 3, 4]);
        assert_eq!(LibraryForm::Lasker.value(1_000_000), 999_999);
        assert_eq!(LibraryForm::Ruler.value(1_000_000), 64);
        assert_eq!(LibraryForm::PowersOfTwo.value(u64::MAX), 0);
        assert_eq!(
            LibraryForm::MockTurtles.value(u64::MAX),
            2 * (u128::from(u64::MAX) - 1)
        );
    }
}
