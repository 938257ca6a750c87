//! Nim multiplication: the product of the field of nimbers, in which nim addition is XOR.
//! Nimbers below 2^(2^k) form a field, so the product of two 64-bit numbers is a 64-bit number:
//! nothing here can overflow.
//!
//! The method is the standard recursion on Fermat 2-powers F = 2^(2^k): write each factor as
//! a₁·F ⊕ a₀ with a₁, a₀ < F, use F ⊗ a = F·a for a < F and F ⊗ F = F ⊕ F/2 (so F ⊗ F is
//! 3F/2 in ordinary arithmetic), and multiply the halves the same way.

/// The nim product a ⊗ b.
pub fn nim_product(a: u64, b: u64) -> u64 {
    product(a, b, 64)
}

/// a ⊗ b for a, b < 2^bits, where bits is a power of two from 1 to 64.
fn product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    if a <= 1 || b <= 1 {
        return a * b; // 0 and 1 are nim-multiplied as usual; no overflow, one factor is 0 or 1
    }
    let half = bits / 2;
    let low = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & low);
    let (b1, b0) = (b >> half, b & low);
    // (a₁F ⊕ a₀)(b₁F ⊕ b₀) = a₁b₁·F² ⊕ (a₁b₀ ⊕ a₀b₁)·F ⊕ a₀b₀, with the middle term by
    // Karatsuba: (a₁ ⊕ a₀)(b₁ ⊕ b₀) ⊕ a₁b₁ ⊕ a₀b₀.
    let high_high = product(a1, b1, half);
    let low_low = product(a0, b0, half);
    let middle = product(a1 ^ a0, b1 ^ b0, half) ^ high_high ^ low_low;
    // F² = F ⊕ F/2: a₁b₁ goes into the F column, and a₁b₁ ⊗ F/2 (below F) into the units.
    let half_f = 1u64 << (half - 1);
    let high = middle ^ high_high;
    let units = low_low ^ product(high_high, half_f, half);
    (high << half) | units
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Nim products by their definition alone, memoised: a ⊗ b is the mex of
    /// (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') over a' < a, b' < b.
    fn by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; n * n + 1];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                        if let Some(slot) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
                            *slot = true;
                        }
                    }
                }
                let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
                table[a][b] = u64::try_from(mex).unwrap();
            }
        }
        table
    }

    #[test]
    fn agrees_with_the_definition_up_to_32() {
        let table = by_definition(33);
        for (a, row) in table.iter().enumerate() {
            for (b, &expected) in row.iter().enumerate() {
                let (x, y) = (u64::try_from(a).unwrap(), u64::try_from(b).unwrap());
                assert_eq!(nim_product(x, y), expected, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn hand_checked_products() {
        // 2 ⊗ 2 = 3, 4 ⊗ 4 = 6 (F ⊗ F = 3F/2), 8 ⊗ 8 = (4 ⊗ 2) ⊗ (4 ⊗ 2) = (4 ⊗ 4) ⊗ (2 ⊗ 2)
        // = 6 ⊗ 3 = (4 ⊕ 2) ⊗ (2 ⊕ 1) = 8 ⊕ 4 ⊕ 3 ⊕ 2 = 13, 16 ⊗ 16 = 24; 3 ⊗ 3 = 2.
        for (a, b, product) in [(2, 2, 3), (4, 4, 6), (8, 8, 13), (16, 16, 24), (3, 3, 2)] {
            assert_eq!(nim_product(a, b), product, "{a} ⊗ {b}");
        }
    }

    proptest! {
        /// The field laws on whole 64-bit nimbers, where XOR is the sum.
        #[test]
        fn is_a_commutative_ring_product(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_product(a, b), nim_product(b, a));
            prop_assert_eq!(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
            prop_assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            prop_assert_eq!(nim_product(a, 1), a);
            prop_assert_eq!(nim_product(a, 0), 0);
        }

        /// No zero divisors: a field.
        #[test]
        fn has_no_zero_divisors(a in 1u64.., b in 1u64..) {
            prop_assert_ne!(nim_product(a, b), 0);
        }
    }

    #[test]
    fn fermat_powers_square_to_three_halves() {
        // F ⊗ F = 3F/2 for F = 2, 4, 16, 256, 65536, 2^32.
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(nim_product(f, f), f + f / 2, "F = {f}");
        }
    }

    #[test]
    fn a_product_of_a_fermat_power_and_a_smaller_number_is_ordinary() {
        for (f, bound) in [(4u64, 4u64), (16, 16), (256, 256), (1 << 32, 1000)] {
            for a in 0..bound {
                assert_eq!(nim_product(f, a), f * a, "{f} ⊗ {a}");
            }
        }
    }
}
