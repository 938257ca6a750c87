//! Octal and hexadecimal codes: the take-and-break games `0.d₁d₂d₃…` (and `4.d₁d₂…`), and the
//! moves they allow on one heap.
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
//!
//! Hexadecimal codes (Winning Ways, ch. 4, "hexadecimal games") add a fourth bit to each digit:
//! - 8: k tokens may be removed from a heap of at least k + 3, leaving three non-empty heaps
//!
//! (so digits run 0–9, A–F), and the digit before the point may be 0, 4, 8 or C.

use std::fmt;

use crate::EngineError;
use crate::error::{BadCode, CodeWhy};
use crate::families::game::{Can, Game};
use crate::limits::budget::Budget;

use crate::{Heaps, Pile};

/// The most digits after the point: moves remove at most this many tokens.
pub(crate) const MAX_DIGITS: usize = 64;

/// An octal (or hexadecimal) game by its code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// d₀, d₁, …, dₜ with dₜ ≠ 0 (or just d₀ when every later digit is 0).
    digits: Vec<u8>,
    /// Written in hexadecimal (`hex:0.8`): digits may have bit 8.
    hex: bool,
}

impl OctalCode {
    /// Parses `0.77`, `4.07`, `.137` (read as `0.137`). Trailing zeros are dropped.
    pub fn parse(code: &str) -> Result<Self, BadCode> {
        Self::parse_in(code, false)
    }

    /// Parses a hexadecimal code: `0.F`, `0.8`, `8.0`, `C.7` (digits 0–9 and A–F, either case).
    pub(crate) fn parse_hex(code: &str) -> Result<Self, BadCode> {
        Self::parse_in(code, true)
    }

    fn parse_in(code: &str, hex: bool) -> Result<Self, BadCode> {
        let bad = |why: CodeWhy| BadCode {
            token: format!("{}:{code}", if hex { "hex" } else { "octal" }),
            why,
        };
        let (whole, fraction) = code
            .split_once('.')
            .ok_or_else(|| bad(CodeWhy::NoPoint { hex }))?;
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            "8" if hex => 8,
            "c" | "C" if hex => 12,
            other => {
                return Err(bad(CodeWhy::FirstDigit {
                    written: other.to_string(),
                    hex,
                }));
            }
        };
        if fraction.is_empty() {
            return Err(bad(CodeWhy::NoDigits { hex }));
        }
        let mut digits = vec![d0];
        for c in fraction.chars() {
            match c
                .to_digit(if hex { 16 } else { 8 })
                .and_then(|d| u8::try_from(d).ok())
            {
                Some(d) => digits.push(d),
                None => return Err(bad(CodeWhy::NotADigit { c, hex })),
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() > MAX_DIGITS + 1 {
            return Err(bad(CodeWhy::TooLong { max: MAX_DIGITS }));
        }
        Ok(Self { digits, hex })
    }

    /// Whether the code is written in hexadecimal (`hex:`).
    pub(crate) fn is_hex(&self) -> bool {
        self.hex
    }

    /// dₖ, 0 beyond the code.
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// t: the most tokens one move removes (0 for a pure splitting game such as `4.0`).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move splits a heap (in two or three).
    pub(crate) fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 12 != 0)
    }

    /// Whether some move leaves three heaps (a hexadecimal digit with bit 8).
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// The amounts k whose digit allows leaving three heaps.
    pub(crate) fn three_way_takes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.digits.len()).filter(|&k| self.digits[k] & 8 != 0)
    }

    /// How many moves a heap of `n` has (exactly; three-way splits make it grow as n²).
    pub fn move_count(&self, n: u64) -> u128 {
        (0..self.digits.len())
            .map(|k| {
                let d = self.digits[k];
                let k = k as u64;
                let mut count = u128::from(d & 1 != 0 && k > 0 && n == k)
                    + u128::from(d & 2 != 0 && k > 0 && n > k);
                let rest = n.saturating_sub(k);
                if d & 4 != 0 && n >= k + 2 {
                    count += u128::from(rest / 2);
                }
                if d & 8 != 0 && n >= k + 3 {
                    count += three_way_splits(rest);
                }
                count
            })
            .sum()
    }

    /// The amounts k whose digit allows a split, with d₀ = 4 giving k = 0.
    pub(crate) fn split_takes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.digits.len()).filter(|&k| self.digits[k] & 4 != 0)
    }

    /// The heaps a move can leave from a heap of `n`, by amount removed from most to least
    /// (so the tokens left rise), a single heap before the splits of the same amount.
    pub(crate) fn moves(&self, n: u64) -> impl Iterator<Item = Heaps> + '_ {
        self.moves_with_smaller_part_upto(n, u64::MAX)
    }

    /// [`OctalCode::moves`] with splits only where the smaller part (of three, the two smaller
    /// parts) is at most `bound` (for huge heaps of a periodic game, where larger parts add no
    /// new values).
    pub(crate) fn moves_with_smaller_part_upto(
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
            let thirds = if d & 8 != 0 && n >= k + 3 {
                (rest / 3).min(bound)
            } else {
                0
            };
            whole
                .into_iter()
                .chain(one)
                .chain((1..=halves).map(move |a| Heaps::Two(Pile::plain(a), Pile::plain(rest - a))))
                .chain((1..=thirds).flat_map(move |a| {
                    (a..=((rest - a) / 2).min(bound)).map(move |b| {
                        Heaps::Three(Pile::plain(a), Pile::plain(b), Pile::plain(rest - a - b))
                    })
                }))
        })
    }

    /// Whether one move on a heap of `n` can leave `to`.
    pub(crate) fn allows(&self, n: u64, to: &Heaps) -> bool {
        let Some(taken) = u128::from(n).checked_sub(to.tokens()) else {
            return false;
        };
        let Ok(k) = usize::try_from(taken) else {
            return false;
        };
        let d = self.digit(k);
        match to {
            Heaps::One(p) if p.size == 0 => d & 1 != 0 && k > 0,
            Heaps::One(_) => d & 2 != 0 && k > 0,
            Heaps::Two(p, q) => d & 4 != 0 && p.size > 0 && q.size > 0,
            Heaps::Three(p, q, r) => d & 8 != 0 && p.size > 0 && q.size > 0 && r.size > 0,
            // An octal digit allows at most three heaps.
            Heaps::Many(_) => false,
        }
    }
}

/// How many ways `r` splits into three non-empty parts a ≤ b ≤ c: for each a from 1 to ⌊r/3⌋,
/// b runs from a to ⌊(r − a)/2⌋, so the count is Σₐ (⌊(r − a)/2⌋ − a + 1), summed in closed form.
fn three_way_splits(r: u64) -> u128 {
    let (r, a) = (u128::from(r), u128::from(r / 3));
    // Σₐ ⌊(r − a)/2⌋ = (Σₐ (r − a) − #{a : r − a odd}) / 2.
    let odd = if r % 2 == 1 { a / 2 } else { a.div_ceil(2) };
    let halves = (a * r - a * (a + 1) / 2 - odd) / 2;
    halves + a - a * (a + 1) / 2
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

/// A take-and-break game: the moves its code allows on one heap.
impl Game for OctalCode {
    fn options<'a>(
        &'a self,
        pile: Pile,
        _: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError> {
        Ok(Box::new(self.moves(pile.size)))
    }

    fn is_option(&self, from: Pile, to: &Heaps, _: &mut Budget) -> Result<bool, EngineError> {
        Ok(self.allows(from.size, to))
    }

    /// Exactly, without listing them: three-way splits make it grow as n².
    fn options_of_size(&self, n: u64) -> u128 {
        self.move_count(n)
    }

    fn can(&self) -> Can {
        Can {
            split: self.splits(),
            split_in_three: self.splits_in_three(),
            ..Can::PLAIN
        }
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
            let err = format!("{:?}", OctalCode::parse(bad).unwrap_err());
            assert!(
                err.contains(&format!("token: \"octal:{bad}\"")),
                "{bad}: {err}"
            );
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
    fn hexadecimal_codes_by_hand() {
        for (text, shown, t) in [("0.F", "0.F", 1), ("0.8", "0.8", 1), ("c.b70", "C.B7", 2)] {
            let c = OctalCode::parse_hex(text).unwrap();
            assert_eq!((c.to_string().as_str(), c.max_take()), (shown, t), "{text}");
            assert!(c.is_hex() && c.splits_in_three());
        }
        for bad in ["", "F", "1.7", "0.", "0.G", "2.1", "F.1"] {
            let err = format!("{:?}", OctalCode::parse_hex(bad).unwrap_err());
            assert!(
                err.contains(&format!("token: \"hex:{bad}\"")),
                "{bad}: {err}"
            );
        }
        // 0.8 takes 1 leaving three non-empty heaps: 7 leaves 6 = 1+1+4, 1+2+3, 2+2+2.
        let c = OctalCode::parse_hex("0.8").unwrap();
        let moves = |n| c.moves(n).map(|h| h.to_string()).collect::<Vec<_>>();
        assert_eq!(moves(7), ["1+1+4", "1+2+3", "2+2+2"]);
        assert_eq!(moves(3), Vec::<String>::new());
        assert_eq!(moves(4), ["1+1+1"]);
        // 8.0 splits into three without taking.
        let c = OctalCode::parse_hex("8.0").unwrap();
        assert_eq!(
            c.moves(5).map(|h| h.to_string()).collect::<Vec<_>>(),
            ["1+1+3", "1+2+2"]
        );
    }

    #[test]
    fn move_count_counts_the_moves() {
        for code in ["0.F", "8.0", "C.B7", "0.8"] {
            let c = OctalCode::parse_hex(code).unwrap();
            for n in 0..60u64 {
                assert_eq!(c.move_count(n), c.moves(n).count() as u128, "{code} {n}");
            }
        }
        // Splits of r into three parts a ≤ b ≤ c: the partitions of r into exactly three
        // parts, round(r²/12) (Hardy & Wright); huge r needs no enumeration.
        let c = OctalCode::parse_hex("8.0").unwrap();
        for r in [1000u64, 1001, 1_000_003, u64::MAX] {
            let r2 = u128::from(r) * u128::from(r);
            assert_eq!(c.move_count(r), (r2 + 6) / 12, "{r}");
        }
    }

    #[test]
    fn allows_agrees_with_moves() {
        let hex = ["0.F", "8.0", "C.B7", "0.8", "0.9C"].map(|c| OctalCode::parse_hex(c).unwrap());
        for c in ["0.77", "0.07", "0.137", "4.07", "0.16", "4.0", "0.333"]
            .map(|c| OctalCode::parse(c).unwrap())
            .into_iter()
            .chain(hex)
        {
            let code = c.to_string();
            for n in 0..12u64 {
                let listed: Vec<Heaps> = c.moves(n).collect();
                let mut all: Vec<Heaps> = (0..=n).map(|m| Heaps::One(Pile::plain(m))).collect();
                for a in 1..n {
                    for b in a..n {
                        if a + b <= n {
                            all.push(Heaps::Two(Pile::plain(a), Pile::plain(b)));
                        }
                        for d in b..n {
                            if a + b + d <= n {
                                all.push(Heaps::Three(
                                    Pile::plain(a),
                                    Pile::plain(b),
                                    Pile::plain(d),
                                ));
                            }
                        }
                    }
                }
                for h in all {
                    assert_eq!(c.allows(n, &h), listed.contains(&h), "{code} {n} -> {h}");
                }
            }
        }
    }
}
