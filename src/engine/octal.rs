//! Octal codes: the take-and-break games `0.d₁d₂d₃…` (and `4.d₁d₂…`), and the moves they allow
//! on one heap.
//!
//! The definition used (Winning Ways, ch. 4; Siegel, *Combinatorial Game Theory*, IV.2): digit
//! dₖ (k = 1, 2, …) is a sum of
//! - 1: k tokens may be removed when they are the whole heap (leaving no heap),
//! - 2: k tokens may be removed from a larger heap, leaving one heap,
//! - 4: k tokens may be removed from a heap of at least k + 2, leaving two non-empty heaps.
//!
//! The digit before the point is d₀, the "remove nothing" digit: `4.` lets a heap of at least 2
//! be split into two non-empty heaps without removing anything (its bits 1 and 2 would allow
//! removing nothing from an empty heap or leaving the heap unchanged, which are not moves, so
//! only `0.` and `4.` are accepted).

use std::fmt;

use super::{EngineError, Heaps, Pile};

/// The most digits after the point: moves remove at most this many tokens.
pub const MAX_DIGITS: usize = 64;

/// An octal game by its code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// d₀, d₁, …, dₜ with dₜ ≠ 0 (or just d₀ when every later digit is 0).
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.77`, `4.07`, `.137` (read as `0.137`). Trailing zeros are dropped.
    pub fn parse(code: &str) -> Result<Self, EngineError> {
        let bad = |reason: String| EngineError::BadOctalCode {
            token: format!("octal:{code}"),
            reason,
        };
        let (whole, fraction) = code.split_once('.').ok_or_else(|| {
            bad(
                "expected a code like `0.77` (Kayles) or `4.07`: a `0.` or `4.` then octal digits"
                    .into(),
            )
        })?;
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            other => {
                return Err(bad(format!(
                    "{} is not supported: the digit before the point must be 0 or 4",
                    crate::quote::quoted(&format!("{other}."))
                )));
            }
        };
        if fraction.is_empty() {
            return Err(bad(
                "no digits after the point; write them like `0.77`".into()
            ));
        }
        let mut digits = vec![d0];
        for c in fraction.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(bad(format!("`{c}` is not an octal digit (0 to 7)")));
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() > MAX_DIGITS + 1 {
            return Err(bad(format!(
                "at most {MAX_DIGITS} digits after the point are supported"
            )));
        }
        Ok(Self { digits })
    }

    /// dₖ, 0 beyond the code.
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// t: the most tokens one move removes (0 for a pure splitting game such as `4.0`).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move splits a heap in two.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }

    /// The amounts k whose digit allows a split, with d₀ = 4 giving k = 0.
    pub fn split_takes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.digits.len()).filter(|&k| self.digits[k] & 4 != 0)
    }

    /// The heaps a move can leave from a heap of `n`, by amount removed from most to least
    /// (so the tokens left rise), a single heap before the splits of the same amount.
    pub fn moves(&self, n: u64) -> impl Iterator<Item = Heaps> + '_ {
        self.moves_with_smaller_part_upto(n, u64::MAX)
    }

    /// [`OctalCode::moves`] with splits only where the smaller part is at most `bound` (for
    /// huge heaps of a periodic game, where larger parts add no new values).
    pub fn moves_with_smaller_part_upto(
        &self,
        n: u64,
        bound: u64,
    ) -> impl Iterator<Item = Heaps> + '_ {
        (0..self.digits.len()).rev().flat_map(move |k| {
            let d = self.digits[k];
            let k = k as u64;
            let whole = (d & 1 != 0 && k > 0 && n == k).then_some(Heaps::One(Pile::plain(0)));
            let one = (d & 2 != 0 && k > 0 && n > k).then(|| Heaps::One(Pile::plain(n - k)));
            let rest = n.saturating_sub(k);
            let halves = if d & 4 != 0 && n >= k + 2 {
                (rest / 2).min(bound)
            } else {
                0
            };
            whole
                .into_iter()
                .chain(one)
                .chain((1..=halves).map(move |a| Heaps::Two(Pile::plain(a), Pile::plain(rest - a))))
        })
    }

    /// Whether one move on a heap of `n` can leave `to`.
    pub fn allows(&self, n: u64, to: Heaps) -> bool {
        let left = to.tokens();
        if left > n {
            return false;
        }
        let Ok(k) = usize::try_from(n - left) else {
            return false;
        };
        let d = self.digit(k);
        match to {
            Heaps::One(p) if p.size == 0 => d & 1 != 0 && k > 0,
            Heaps::One(_) => d & 2 != 0 && k > 0,
            Heaps::Two(p, q) => d & 4 != 0 && p.size > 0 && q.size > 0,
        }
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(code: &str, n: u64) -> Vec<String> {
        OctalCode::parse(code)
            .unwrap()
            .moves(n)
            .map(|h| h.to_string())
            .collect()
    }

    #[test]
    fn parses_and_normalises() {
        for (text, shown, t) in [
            ("0.77", "0.77", 2),
            (".07", "0.07", 2),
            ("4.07", "4.07", 2),
            ("0.1370", "0.137", 3),
            ("0.0", "0.0", 0),
            ("4.0", "4.0", 0),
        ] {
            let c = OctalCode::parse(text).unwrap();
            assert_eq!((c.to_string().as_str(), c.max_take()), (shown, t), "{text}");
        }
        for bad in ["", "77", "1.7", "0.", "0.78", "0.7a", "x.7", "8.1"] {
            let err = OctalCode::parse(bad).unwrap_err().to_string();
            assert!(err.contains(&format!("`octal:{bad}`")), "{bad}: {err}");
        }
    }

    #[test]
    fn kayles_moves_by_hand() {
        // 0.77 from 4: take 2 → 2 or 1+1; take 1 → 3 or 1+2.
        assert_eq!(moves("0.77", 4), ["2", "1+1", "3", "1+2"]);
        assert_eq!(moves("0.77", 1), ["0"]);
        assert_eq!(moves("0.77", 2), ["0", "1"]);
        assert_eq!(moves("0.77", 0), Vec::<String>::new());
    }

    #[test]
    fn digit_bits_by_hand() {
        // 0.137: take 1 only if it is the whole heap; take 2 leaving one heap; take 3 leaving
        // 0, 1 or 2 heaps.
        assert_eq!(moves("0.137", 1), ["0"]);
        assert_eq!(moves("0.137", 3), ["0", "1"]);
        assert_eq!(moves("0.137", 6), ["3", "1+2", "4"]);
        // 4.07: split without taking, or take 2 leaving 0, 1 or 2 heaps.
        assert_eq!(moves("4.07", 4), ["2", "1+1", "1+3", "2+2"]);
        assert_eq!(moves("4.07", 2), ["0", "1+1"]);
    }

    #[test]
    fn allows_agrees_with_moves() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.16", "4.0", "0.333"] {
            let c = OctalCode::parse(code).unwrap();
            for n in 0..12u64 {
                let listed: Vec<Heaps> = c.moves(n).collect();
                let mut all: Vec<Heaps> = (0..=n).map(|m| Heaps::One(Pile::plain(m))).collect();
                for a in 1..n {
                    for b in a..n {
                        if a + b <= n {
                            all.push(Heaps::Two(Pile::plain(a), Pile::plain(b)));
                        }
                    }
                }
                for h in all {
                    assert_eq!(c.allows(n, h), listed.contains(&h), "{code} {n} -> {h}");
                }
            }
        }
    }
}
