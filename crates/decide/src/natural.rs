//! A natural number of any size, as a witness's binary digits: what `counterexample` and
//! `witness` find may pass 2^128, and it is still a number the decider found, to be shown
//! exactly.

use std::fmt;

/// A natural number of any size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Natural {
    /// Binary digits, most significant first, without leading zeros (0 is empty).
    digits: Vec<bool>,
}

impl Natural {
    /// The number whose binary digits are `digits`, least significant first.
    pub fn from_digits_lsb_first(digits: &[bool]) -> Self {
        let top = digits.iter().rposition(|&d| d).map_or(0, |i| i + 1);
        let msb_first: Vec<bool> = digits[..top].iter().rev().copied().collect();
        Natural { digits: msb_first }
    }

    /// The number as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        let digits = &self.digits;
        if digits.len() > 128 {
            return None;
        }
        Some(
            digits
                .iter()
                .fold(0u128, |acc, &d| acc << 1 | u128::from(d)),
        )
    }

    /// How many binary digits it has (0 for 0).
    pub fn bits(&self) -> usize {
        self.digits.len()
    }
}

impl From<u128> for Natural {
    fn from(v: u128) -> Self {
        let digits: Vec<bool> = (0..128).map(|i| (v >> i) & 1 == 1).collect();
        Natural::from_digits_lsb_first(&digits)
    }
}

impl PartialEq<u128> for Natural {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl fmt::Display for Natural {
    /// In decimal, every digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.to_u128() {
            return write!(f, "{v}");
        }
        // Base 10^9 limbs, least significant first: double and add each binary digit.
        const BASE: u64 = 1_000_000_000;
        let mut limbs: Vec<u64> = vec![0];
        for &d in &self.digits {
            let mut carry = u64::from(d);
            for limb in &mut limbs {
                let v = *limb * 2 + carry;
                *limb = v % BASE;
                carry = v / BASE;
            }
            if carry > 0 {
                limbs.push(carry);
            }
        }
        let mut text = String::new();
        for (i, limb) in limbs.iter().rev().enumerate() {
            if i == 0 {
                text.push_str(&limb.to_string());
            } else {
                text.push_str(&format!("{limb:09}"));
            }
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::Natural;

    #[test]
    fn small_and_large_numbers_print_in_decimal() {
        for v in [0u128, 1, 2, 10, 1_000_000_000, u128::MAX] {
            assert_eq!(Natural::from(v).to_string(), v.to_string());
            assert_eq!(Natural::from(v), v);
        }
        // 2^128, by hand: u128::MAX + 1.
        let mut digits = vec![false; 128];
        digits.push(true);
        let n = Natural::from_digits_lsb_first(&digits);
        assert_eq!(n.to_u128(), None);
        assert_eq!(n.bits(), 129);
        assert_eq!(n.to_string(), "340282366920938463463374607431768211456");
        // 2^200 = 1606938044258990275541962092341162602522202993782792835301376.
        let mut digits = vec![false; 200];
        digits.push(true);
        digits.push(false);
        assert_eq!(
            Natural::from_digits_lsb_first(&digits).to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
    }
}
