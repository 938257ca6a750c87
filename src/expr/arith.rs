//! Integer arithmetic of the language, exact or refused: division rounds down (towards −∞),
//! the remainder takes the divisor's sign so that `a = (a / b)·b + a % b`, and powers are
//! computed only when the result is a whole number that fits. Pure functions on [`Int`]; the
//! evaluator turns their refusals into errors that name the operation.

use super::value::Int;

/// Why an integer operation has no result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NoResult {
    /// The divisor is 0 (also `pow(0, -n)`, which is `1 / 0^n`).
    DivisionByZero,
    /// The exact result lies outside [`Int`].
    Overflow,
    /// The exact result is a fraction, such as `pow(2, -1)`.
    Fraction,
}

/// `⌊x / y⌋`.
pub(super) fn div_floor(x: Int, y: Int) -> Result<Int, NoResult> {
    if y == 0 {
        return Err(NoResult::DivisionByZero);
    }
    // Only `Int::MIN / -1` overflows; its quotient 2^127 is one past `Int::MAX`.
    let q = x.checked_div(y).ok_or(NoResult::Overflow)?;
    // `/` truncates towards zero; below zero that is one above the floor unless exact. The
    // truncated quotient is then above `Int::MIN`, so `q - 1` cannot overflow.
    if x % y != 0 && (x < 0) != (y < 0) {
        Ok(q - 1)
    } else {
        Ok(q)
    }
}

/// `x − ⌊x / y⌋·y`: 0 or of `y`'s sign, smaller than `|y|`. Never overflows, even for
/// `Int::MIN % -1` (which is 0) where the quotient itself does not fit.
pub(super) fn rem_floor(x: Int, y: Int) -> Result<Int, NoResult> {
    if y == 0 {
        return Err(NoResult::DivisionByZero);
    }
    // `wrapping_rem` only wraps for `Int::MIN % -1`, whose true remainder 0 it returns.
    let r = x.wrapping_rem(y);
    // A truncated remainder of the wrong sign is moved by one `y`; opposite signs cannot
    // overflow.
    if r != 0 && (r < 0) != (y < 0) {
        Ok(r + y)
    } else {
        Ok(r)
    }
}

/// `base^exponent` for any exponent: `pow(0, 0)` is 1; 1, 0 and −1 raised to any power ≥ 1 are
/// 1, 0 and ±1 however large the exponent; a negative exponent is allowed where the result is
/// whole (bases 1 and −1).
pub(super) fn pow(base: Int, exponent: Int) -> Result<Int, NoResult> {
    let odd = exponent % 2 != 0;
    match base {
        1 => return Ok(1),
        -1 => return Ok(if odd { -1 } else { 1 }),
        0 if exponent == 0 => return Ok(1),
        0 if exponent > 0 => return Ok(0),
        0 => return Err(NoResult::DivisionByZero),
        _ => {}
    }
    if exponent < 0 {
        // |base| ≥ 2, so 1 / base^n lies strictly between −1 and 1 and is not 0.
        return Err(NoResult::Fraction);
    }
    // |base| ≥ 2: any exponent beyond u32 is far past 2^127.
    u32::try_from(exponent)
        .ok()
        .and_then(|e| base.checked_pow(e))
        .ok_or(NoResult::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const MAX: Int = Int::MAX;
    const MIN: Int = Int::MIN;

    /// Hand-checked: ⌊7/−3⌋ = ⌊−2.33…⌋ = −3 and 7 − (−3)(−3) = −2; ⌊−7/−3⌋ = ⌊2.33…⌋ = 2 and
    /// −7 − 2(−3) = −1; ⌊−7/3⌋ = −3 and −7 − (−3)(3) = 2; ⌊7/3⌋ = 2, 7 − 6 = 1.
    #[test]
    fn floor_division_by_hand() {
        let cases: &[(Int, Int, Int, Int)] = &[
            (7, 3, 2, 1),
            (7, -3, -3, -2),
            (-7, 3, -3, 2),
            (-7, -3, 2, -1),
            (6, 3, 2, 0),
            (-6, 3, -2, 0),
            (6, -3, -2, 0),
            (-6, -3, 2, 0),
            (0, 5, 0, 0),
            (0, -5, 0, 0),
            (1, 2, 0, 1),
            (-1, 2, -1, 1),
            (1, -2, -1, -1),
            (-1, -2, 0, -1),
            // MIN = −2^127 is even: −2^127 / 2 = −2^126 exactly; / −2 = 2^126.
            (MIN, 2, MIN / 2, 0),
            (MIN, -2, -(MIN / 2), 0),
            // MAX = 2^127 − 1: ⌊MAX / −2⌋ = −2^126 (the .5 rounds down), remainder
            // MAX − (−2^126)(−2) = 2^127 − 1 − 2^127 = −1.
            (MAX, -2, MIN / 2, -1),
            (MAX, 1, MAX, 0),
            (MAX, -1, -MAX, 0),
            (MIN, 1, MIN, 0),
            // ⌊MIN / MAX⌋: −2^127 / (2^127 − 1) is just below −1, so −2; remainder
            // −2^127 + 2(2^127 − 1) = 2^127 − 2.
            (MIN, MAX, -2, MAX - 1),
            (MAX, MIN, -1, -1),
        ];
        for &(x, y, q, r) in cases {
            assert_eq!(div_floor(x, y), Ok(q), "{x} / {y}");
            assert_eq!(rem_floor(x, y), Ok(r), "{x} % {y}");
        }
    }

    #[test]
    fn the_edges_of_division() {
        // 2^127 does not fit; the remainder of MIN by −1 is 0.
        assert_eq!(div_floor(MIN, -1), Err(NoResult::Overflow));
        assert_eq!(rem_floor(MIN, -1), Ok(0));
        for x in [0, 1, -1, MAX, MIN] {
            assert_eq!(div_floor(x, 0), Err(NoResult::DivisionByZero));
            assert_eq!(rem_floor(x, 0), Err(NoResult::DivisionByZero));
        }
    }

    #[test]
    fn powers_by_hand() {
        let huge = MAX;
        let cases: &[(Int, Int, Result<Int, NoResult>)] = &[
            (0, 0, Ok(1)),
            (5, 0, Ok(1)),
            (-5, 0, Ok(1)),
            (2, 10, Ok(1024)),
            (-2, 3, Ok(-8)),
            (-3, 4, Ok(81)),
            (1, huge, Ok(1)),
            (0, huge, Ok(0)),
            // MAX = 2^127 − 1 is odd; MAX − 1 is even.
            (-1, huge, Ok(-1)),
            (-1, huge - 1, Ok(1)),
            (1, -huge, Ok(1)),
            (-1, -3, Ok(-1)),
            (-1, -4, Ok(1)),
            (-1, MIN, Ok(1)),
            (0, -1, Err(NoResult::DivisionByZero)),
            (2, -1, Err(NoResult::Fraction)),
            (-7, MIN, Err(NoResult::Fraction)),
            // 2^126 fits, 2^127 does not; (−2)^127 = MIN fits.
            (2, 126, Ok(1 << 126)),
            (2, 127, Err(NoResult::Overflow)),
            (-2, 127, Ok(MIN)),
            (-2, 128, Err(NoResult::Overflow)),
            (2, huge, Err(NoResult::Overflow)),
            (2, 1 << 40, Err(NoResult::Overflow)),
            // 10^38 < 2^127 ≈ 1.7·10^38 < 10^39.
            (
                10,
                38,
                Ok(100_000_000_000_000_000_000_000_000_000_000_000_000),
            ),
            (10, 39, Err(NoResult::Overflow)),
            (MAX, 1, Ok(MAX)),
            (MIN, 1, Ok(MIN)),
            (MIN, 2, Err(NoResult::Overflow)),
        ];
        for &(b, e, expected) in cases {
            assert_eq!(pow(b, e), expected, "pow({b}, {e})");
        }
    }

    /// Floor division by its definition alone: the q with q·y ≤ x < (q + 1)·y for y > 0, or
    /// q·y ≥ x > (q + 1)·y for y < 0, found by search.
    fn floor_by_search(x: i64, y: i64) -> (i64, i64) {
        let q = (-100..=100)
            .find(|&q| {
                let (lo, hi) = (q * y, (q + 1) * y);
                if y > 0 {
                    lo <= x && x < hi
                } else {
                    lo >= x && x > hi
                }
            })
            .expect("a quotient in range");
        (q, x - q * y)
    }

    #[test]
    fn small_ranges_against_the_definition() {
        for x in -60i64..=60 {
            for y in (-12i64..=12).filter(|&y| y != 0) {
                let (q, r) = floor_by_search(x, y);
                assert_eq!(div_floor(x.into(), y.into()), Ok(q.into()), "{x} / {y}");
                assert_eq!(rem_floor(x.into(), y.into()), Ok(r.into()), "{x} % {y}");
            }
        }
    }

    /// Small powers by repeated multiplication.
    #[test]
    fn small_powers_against_repeated_multiplication() {
        for b in -9i128..=9 {
            let mut expected: Int = 1;
            for e in 0..=30 {
                assert_eq!(pow(b, e), Ok(expected), "pow({b}, {e})");
                expected *= b;
            }
        }
    }

    /// The Euclidean quotient, adjusted: for y < 0 with a remainder, ⌊x/y⌋ is one less.
    fn floor_by_euclid(x: Int, y: Int) -> Option<(Int, Int)> {
        if y == -1 {
            return Some((x.checked_neg()?, 0));
        }
        let (q, r) = (x.checked_div_euclid(y)?, x.checked_rem_euclid(y)?);
        if y < 0 && r != 0 {
            Some((q - 1, r + y))
        } else {
            Some((q, r))
        }
    }

    fn any_int() -> impl Strategy<Value = Int> {
        prop_oneof![
            any::<Int>(),
            -1000 as Int..1000,
            Just(MIN),
            Just(MAX),
            Just(-1),
        ]
    }

    proptest! {
        #[test]
        fn division_agrees_with_euclid_adjusted(x in any_int(), y in any_int()) {
            prop_assume!(y != 0);
            match floor_by_euclid(x, y) {
                Some((q, r)) => {
                    prop_assert_eq!(div_floor(x, y), Ok(q));
                    prop_assert_eq!(rem_floor(x, y), Ok(r));
                }
                None => {
                    prop_assert_eq!((x, y), (MIN, -1));
                    prop_assert_eq!(div_floor(x, y), Err(NoResult::Overflow));
                    prop_assert_eq!(rem_floor(x, y), Ok(0));
                }
            }
        }

        /// The remainder takes the divisor's sign and is smaller than it.
        #[test]
        fn remainders_take_the_divisors_sign(x in any_int(), y in any_int()) {
            prop_assume!(y != 0);
            let r = rem_floor(x, y).unwrap();
            prop_assert!(r == 0 || (r < 0) == (y < 0));
            prop_assert!(r.unsigned_abs() < y.unsigned_abs());
        }
    }
}
