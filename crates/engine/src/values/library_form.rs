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

use crate::{Grundy, Heaps, Pile, Rules};

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

/// How far [`LibraryForm::move_to_value`] looks among the moves of one kind (splits by their
/// smaller part, runs by their length) before it leaves the question to a whole list.
const SCAN: u64 = 4096;

/// The most options a pile of a library game may have and not be far (see
/// [`LibraryForm::of_far_pile`]): listing them is cheap.
pub(crate) const FAR: u128 = 1 << 16;

/// The largest heap a short move of a far pile leaves (see [`LibraryForm::short_moves`]).
pub(crate) const SHORT: u64 = 4;

/// What a move of a library game leaves (see [`LibraryForm::move_to_value`] and
/// [`LibraryForm::short_moves`]) as the heaps a defined game keeps for it: empty heaps dropped,
/// nothing left being one empty heap.
pub(crate) fn leaves_as_heaps(leaves: &[u64]) -> Heaps {
    Heaps::of(
        leaves
            .iter()
            .filter(|&&h| h > 0)
            .map(|&h| Pile::plain(h))
            .collect(),
    )
}

impl LibraryForm {
    /// A move from state `n` to an option of value `target`, as the heaps it leaves (none:
    /// nothing left), found from the game's structure without listing its options: for a far
    /// pile, whose options are too many to list. `None` when the structure gives none within a
    /// short scan; the caller then lists the options whole, or refuses.
    pub(crate) fn move_to_value(self, n: u64, target: Grundy) -> Option<Vec<u64>> {
        let leaves = match self {
            // A take to the one size of that value (g swaps 4k+3 and 4k+4), else a split.
            Self::Lasker => {
                let m = match target % 4 {
                    3 => target + 1,
                    0 if target > 0 => target - 1,
                    _ => target,
                };
                match u64::try_from(m) {
                    Ok(m) if m < n => vec![m],
                    _ => (1..=(n / 2).min(SCAN))
                        .find(|&a| self.value(a) ^ self.value(n - a) == target)
                        .map(|a| vec![a, n - a])?,
                }
            }
            // Turn coin n and coin m < n, worth m (coin 0 is no coin).
            Self::TurningTurtles => vec![u64::try_from(target).ok().filter(|&m| m < n)?],
            // Turn coin n alone (0), with one coin m < n (an odious value), or with two
            // coins p < q < n (two odious values make an evil one).
            Self::MockTurtles => {
                if target == 0 {
                    vec![]
                } else if target.count_ones() % 2 == 1 {
                    vec![self.coin_worth(target).filter(|&m| m < n)?]
                } else {
                    (1..n.min(SCAN)).find_map(|p| {
                        let q = self.coin_worth(target ^ self.value(p))?;
                        (p < q && q < n).then(|| vec![p, q])
                    })?
                }
            }
            // Turn coin n and the run of coins k..n−1 just below it: the shortest runs first.
            Self::Ruler => {
                let mut run: Grundy = 0;
                let mut k = n;
                loop {
                    if run == target {
                        break (k..n).collect();
                    }
                    if k <= 1 || n - k >= SCAN {
                        return None;
                    }
                    k -= 1;
                    run ^= self.value(k);
                }
            }
            // Take at least half: leave m ≤ n/2, whose bit length is the value.
            Self::AtLeastHalf => {
                let m = match target {
                    0 => 0,
                    t => 1u64.checked_shl(u32::try_from(t - 1).ok()?)?,
                };
                vec![m]
            }
            Self::PowersOfTwo => return None,
        };
        self.is_move(n, &leaves).then_some(leaves)
    }

    /// Whether leaving `leaves` (heaps as the game's rule writes them, smallest first; an
    /// empty heap is no heap) is a move from state `n`, by the game's rule.
    pub(crate) fn is_move(self, n: u64, leaves: &[u64]) -> bool {
        let kept: Vec<u64> = leaves.iter().copied().filter(|&h| h > 0).collect();
        if n == 0 {
            return false;
        }
        match (self, kept.as_slice()) {
            // Nothing left: take every token, turn coin n alone.
            (Self::PowersOfTwo, []) => n.is_power_of_two(),
            (_, []) => true,
            (Self::Lasker | Self::TurningTurtles, [m]) => *m < n,
            (Self::Lasker, [a, b]) => a.checked_add(*b) == Some(n),
            (Self::MockTurtles, [m]) => *m < n,
            (Self::MockTurtles, [p, q]) => p < q && *q < n,
            (Self::Ruler, run) => {
                run.last() == Some(&(n - 1)) && run.windows(2).all(|w| w[1] == w[0] + 1)
            }
            (Self::AtLeastHalf, [m]) => *m <= n / 2,
            (Self::PowersOfTwo, [m]) => *m < n && (n - m).is_power_of_two(),
            _ => false,
        }
    }

    /// The form of `pile` of `rules` if it is a far pile of a library game: a state of a game of
    /// numbers with a closed form whose options were not kept and are more than [`FAR`] (a
    /// pile with fewer is listed as any other).
    pub(crate) fn of_far_pile(rules: &Rules, pile: Pile) -> Option<Self> {
        match rules {
            Rules::Defined(game)
                if !game.has_tuples() && game.kept_options(pile.size).is_none() =>
            {
                Self::of(game.name()).filter(|form| form.options_count(pile.size) > FAR)
            }
            _ => None,
        }
    }

    /// How many options state `n` has, by the game's rule (a count, none listed).
    pub(crate) fn options_count(self, n: u64) -> u128 {
        let n = u128::from(n);
        match self {
            Self::Lasker => n + n / 2,
            Self::TurningTurtles | Self::Ruler => n,
            Self::PowersOfTwo => u128::from(u64::BITS),
            Self::MockTurtles => n.saturating_mul(n.saturating_sub(1)) / 2 + 1,
            Self::AtLeastHalf => n / 2 + 1,
        }
    }

    /// The moves of state `n` that leave nothing or only heaps of at most [`SHORT`] (take
    /// every token, turn the coin alone, leave a small pile): the few moves of a far pile that
    /// can be searched to the end, each one legal by [`LibraryForm::is_move`].
    pub(crate) fn short_moves(self, n: u64) -> Vec<Vec<u64>> {
        let small = 1..=SHORT.min(n.saturating_sub(1));
        let mut moves: Vec<Vec<u64>> = vec![vec![]];
        moves.extend(small.clone().map(|m| vec![m]));
        for p in small.clone() {
            moves.extend((p + 1..=SHORT.min(n.saturating_sub(1))).map(|q| vec![p, q]));
        }
        moves.retain(|leaves| self.is_move(n, leaves));
        moves
    }

    /// Mock Turtles: the coin whose value is `value`, an odious number (the (m−1)-th).
    fn coin_worth(self, value: Grundy) -> Option<u64> {
        (value.count_ones() % 2 == 1)
            .then(|| u64::try_from(value >> 1).ok()?.checked_add(1))
            .flatten()
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

    /// The options of state `n` by each game's rule, restated here from the library's
    /// definitions (each heap left, smallest first; none when nothing is left).
    fn options_by_rule(form: LibraryForm, n: u64) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        match form {
            LibraryForm::Lasker => {
                out.extend((0..n).map(|m| vec![m]));
                out.extend((1..=n / 2).map(|a| vec![a, n - a]));
            }
            LibraryForm::TurningTurtles => out.extend((0..n).map(|m| vec![m])),
            LibraryForm::MockTurtles => {
                if n >= 1 {
                    out.push(vec![]);
                }
                out.extend((1..n).map(|m| vec![m]));
                for p in 1..n {
                    out.extend((p + 1..n).map(|q| vec![p, q]));
                }
            }
            LibraryForm::Ruler => out.extend((1..=n).map(|k| (k..n).collect())),
            LibraryForm::AtLeastHalf => {
                out.extend((n.div_ceil(2).max(1)..=n).map(|k| vec![n - k]));
            }
            LibraryForm::PowersOfTwo => {
                out.extend(
                    (0..63)
                        .map(|j| 1u64 << j)
                        .filter(|&p| p <= n)
                        .map(|p| vec![n - p]),
                );
            }
        }
        out
    }

    /// g by mex over the options above, a split or run worth the XOR of its heaps.
    fn brute(form: LibraryForm, upto: u64) -> Vec<Grundy> {
        let mut g: Vec<Grundy> = Vec::new();
        for n in 0..=upto {
            let seen: Vec<Grundy> = options_by_rule(form, n)
                .iter()
                .map(|o| o.iter().fold(0, |x, &h| x ^ g[usize::try_from(h).unwrap()]))
                .collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    const FORMS: [LibraryForm; 6] = [
        LibraryForm::Lasker,
        LibraryForm::TurningTurtles,
        LibraryForm::PowersOfTwo,
        LibraryForm::MockTurtles,
        LibraryForm::Ruler,
        LibraryForm::AtLeastHalf,
    ];

    #[test]
    fn a_move_to_each_smaller_value_is_an_option_of_that_value() {
        for form in FORMS {
            let upto = 48;
            let g = brute(form, upto);
            for n in 0..=upto {
                let options = options_by_rule(form, n);
                for leaves in &options {
                    assert!(form.is_move(n, leaves), "{form:?} {n} -> {leaves:?}");
                }
                for target in 0..g[usize::try_from(n).unwrap()] {
                    // mex: some option has every smaller value.
                    let Some(leaves) = form.move_to_value(n, target) else {
                        assert_eq!(form, LibraryForm::PowersOfTwo, "{n} {target}");
                        continue;
                    };
                    assert!(options.contains(&leaves), "{form:?} {n} -> {leaves:?}");
                    let value = leaves
                        .iter()
                        .fold(0, |x, &h| x ^ g[usize::try_from(h).unwrap()]);
                    assert_eq!(value, target, "{form:?} {n} -> {leaves:?}");
                }
            }
            // Leaving what no rule allows is no move.
            assert!(!form.is_move(5, &[5]));
            assert!(!form.is_move(5, &[7, 9, 11]));
        }
    }

    #[test]
    fn far_moves_are_found_without_listing() {
        // By hand: Lasker 10^9 + 3 (≡ 3 mod 4) is worth 10^9 + 4; to 0 take it all. The
        // size worth 10^9 + 3 is 10^9 + 4, past the pile, so a split: 1 + (10^9 + 2), worth
        // 1 xor (10^9 + 2) = 10^9 + 3.
        let n = 1_000_000_003;
        assert_eq!(LibraryForm::Lasker.move_to_value(n, 0), Some(vec![0]));
        assert_eq!(
            LibraryForm::Lasker.move_to_value(n, 1_000_000_003),
            Some(vec![1, 1_000_000_002])
        );
        // Ruler 10^6 (2^6 · 15625) is worth 64: to 0 turn coin 10^6 alone.
        assert_eq!(LibraryForm::Ruler.move_to_value(1_000_000, 0), Some(vec![]));
        // At-least-half 10^8 (27 bits): value 5 is 16.
        assert_eq!(
            LibraryForm::AtLeastHalf.move_to_value(100_000_000, 5),
            Some(vec![16])
        );
        // Mock Turtles 1500: value 7 (odious) is coin 4; value 3 (evil) is coins 1 and 2 (1 xor 2).
        assert_eq!(
            LibraryForm::MockTurtles.move_to_value(1500, 7),
            Some(vec![4])
        );
        assert_eq!(
            LibraryForm::MockTurtles.move_to_value(1500, 3),
            Some(vec![1, 2])
        );
    }
}
