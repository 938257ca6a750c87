//! One component of a position: a pile size and, in zero-move Nim, whether its pass is unused;
//! and the one grammar a pile is written in, shared by piles given as arguments, on script
//! lines and streamed from files.

use std::fmt;

/// The most digits a pile size has: 2^64 − 1 has 20.
pub const MAX_SIZE_DIGITS: usize = 20;

/// The longest pile token: 20 digits and a pass letter. A longer token is refused from its
/// length alone, so a reader never needs to hold more of it than this.
pub const MAX_PILE_TOKEN: usize = MAX_SIZE_DIGITS + 1;

/// Why a token is not a pile size (or not a pile).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeError {
    /// Not decimal digits (with, in zero-move, one pass letter after them).
    NotANumber,
    /// Twenty digits whose value is above 2^64 − 1.
    TooLarge,
    /// Longer than any pile: more than 20 digits, or more than [`MAX_PILE_TOKEN`] bytes.
    TooLong,
}

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

/// Parses a pile size: 1 to 20 ASCII decimal digits (`0`–`9` only: no sign, no separator, no
/// other script's digits), at most 2^64 − 1. Leading zeros are allowed within the 20 digits.
/// The same grammar as a pile without a pass ([`Pile::read`]).
#[inline]
pub fn parse_size(token: impl AsRef<[u8]>) -> Result<u64, SizeError> {
    Pile::parse(token.as_ref(), false).map(|pile| pile.size)
}

/// A token read from the front of some bytes by [`Pile::read`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scanned {
    /// The token's length in bytes: up to the first ASCII whitespace, or all the bytes.
    pub len: usize,
    /// The pile it writes, or why it writes none.
    pub pile: Result<Pile, SizeError>,
}

/// 10^n for the number of digits an eight-byte chunk can hold.
const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// `x`'s eight bytes with `k` in each.
const fn bytes_of(k: u8) -> u64 {
    u64::from_ne_bytes([k; 8])
}

/// 0x80 in each byte of `x` that is not an ASCII digit, 0 in each that is — exact up to the
/// first non-digit (byte 0 first), which is all that is asked of it.
#[inline(always)]
fn non_digits(x: u64) -> u64 {
    // A digit's high nibble is 3, and stays 3 when 6 is added (0x30..=0x39). A carry out of a
    // byte comes only from a byte ≥ 0xFA, itself a non-digit, and disturbs only later bytes.
    let high = (x & bytes_of(0xF0)) ^ bytes_of(0x30);
    let high_after = (x.wrapping_add(bytes_of(0x06)) & bytes_of(0xF0)) ^ bytes_of(0x30);
    let other = high | high_after;
    // Marks each non-zero byte of `other`; no carry crosses a byte here.
    (((other & bytes_of(0x7F)) + bytes_of(0x7F)) | other) & bytes_of(0x80)
}

/// The number written by the first `n` (1..=8) bytes of `x` (byte 0 first), all digits.
#[inline(always)]
fn digits_value(x: u64, n: usize) -> u64 {
    // Digit values; a non-digit after them may borrow, but only from bytes shifted out next.
    // Shifted to the top, so that the zero bytes below stand for leading zeros.
    let d = x.wrapping_sub(bytes_of(b'0')) << (8 * (8 - n));
    // Combine neighbours: byte pairs, then pairs of pairs, then halves.
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
    (d.wrapping_mul(10_000) + (d >> 32)) & 0xFFFF_FFFF
}

/// How many of the 16 bytes are digits before the first that is not, and their value (exact:
/// at most 16 digits), found without a branch per byte.
#[inline(always)]
fn leading_digits(head: &[u8; 16]) -> (usize, u64) {
    let (lo, hi) = head.split_at(8);
    let lo = u64::from_le_bytes(lo.try_into().unwrap_or_default());
    let hi = u64::from_le_bytes(hi.try_into().unwrap_or_default());
    let flags = u128::from(non_digits(lo)) | (u128::from(non_digits(hi)) << 64);
    // trailing_zeros of a u128 is at most 128, so n is at most 16.
    let n = (flags.trailing_zeros() / 8) as usize;
    let value = match n {
        0 => 0,
        1..=8 => digits_value(lo, n),
        _ => digits_value(lo, 8) * POW10[n - 8] + digits_value(hi, n - 8),
    };
    (n, value)
}

/// Digits from `bytes[i]` on, one at a time, continuing `value`: where a token is too short
/// for [`leading_digits`], or longer than it looks at.
#[inline]
fn more_digits(bytes: &[u8], mut i: usize, mut value: u64) -> (usize, u64) {
    while let Some(&b) = bytes.get(i) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        // Exact below 20 digits (10^19 < 2^64); 20 digits are recomputed with checks.
        value = value.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    (i, value)
}

/// Bytes [`Pile::read_short`] looks at: up to 16 digits, a pass letter and the whitespace
/// after them.
pub const SHORT_WINDOW: usize = 24;

/// Whether `b` is ASCII whitespace (space, tab, line feed, form feed, carriage return), as
/// [`u8::is_ascii_whitespace`], by one bit test.
#[inline(always)]
pub const fn is_space(b: u8) -> bool {
    const SPACES: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << 0x0C | 1 << b'\r';
    b <= b' ' && (SPACES >> b) & 1 == 1
}

/// Eight digit values (0..=9), byte 0 the most significant, as one number: neighbours are
/// combined in pairs, then pairs of pairs, then halves.
#[inline(always)]
fn combine_eight(d: u64) -> u64 {
    // Each product adds a neighbour times 10 (100, 10^4) to the byte (pair, half) above it;
    // the shift brings that sum down, and the mask keeps every other one.
    let d = (d.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    let d = (d.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    d.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// The number written by the first `n` (1..=16) bytes of `window`, all digits.
#[inline(always)]
fn sixteen_digits_value(window: &[u8; SHORT_WINDOW], n: usize) -> u64 {
    let x = u128::from_le_bytes(*window.first_chunk::<16>().unwrap_or(&[0; 16]));
    // Digit values, moved to the top of the sixteen bytes so that the zero bytes below stand
    // for leading zeros. A non-digit after the digits may borrow, but only from bytes above
    // it, which the shift drops.
    let d = x.wrapping_sub(u128::from_ne_bytes([b'0'; 16])) << (8 * (16 - n));
    #[allow(clippy::cast_possible_truncation)] // the low half, on purpose
    let (first, last) = (d as u64, (d >> 64) as u64);
    // At most 16 digits: below 10^16, exact in a u64.
    combine_eight(first) * 100_000_000 + combine_eight(last)
}

/// Bytes [`Pile::read_run`] examines at once: one bit each in a word.
const CHUNK: usize = 64;

/// One bit per byte of `chunk` (bit j for byte j): set for each ASCII digit. Exact for every
/// byte, eight bytes at a time.
#[inline(always)]
fn digit_bits(chunk: &[u8; CHUNK]) -> u64 {
    let mut bits = 0;
    for (j, word) in chunk.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(word.try_into().unwrap_or_default());
        // A digit is 0x30..=0x39: `t` below 10. Each byte of `t | 0x80` is at least 0x80, so
        // subtracting 10 borrows from no other byte; its high bit stays set where `t & 0x7F`
        // is 10 or more.
        let t = x ^ bytes_of(b'0');
        let flags = !((t | bytes_of(0x80)) - bytes_of(0x0A)) & !t & bytes_of(0x80);
        // Gathers byte j's flag into bit 56 + j (no two products meet, so nothing carries).
        let gathered = ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
        bits |= gathered << (8 * j);
    }
    bits
}

/// Characters of a bad token that an error quotes.
pub(crate) const EXCERPT_CHARS: usize = 40;

/// The start of a bad token for an error message: its first [`EXCERPT_CHARS`] characters
/// (control characters escaped), and `…` if there is more (a 10 MB token is never copied
/// whole into an error).
pub fn token_excerpt(token: &[u8]) -> String {
    // A character is at most 4 bytes: this many bytes always hold the characters quoted.
    let head = &token[..token.len().min(4 * EXCERPT_CHARS)];
    let text = String::from_utf8_lossy(head);
    let mut chars = text.chars();
    // Control characters (a NUL from `/dev/zero`, an escape) are kept: the renderer makes every
    // message printable in one place (`^@`, `^[`) before it reaches the terminal.
    let mut excerpt: String = chars.by_ref().take(EXCERPT_CHARS).collect();
    if chars.next().is_some() || head.len() < token.len() {
        excerpt.push('…');
    }
    excerpt
}

impl Pile {
    /// The pile grammar, the only one: reads the token at the front of `bytes` (everything up
    /// to the first ASCII whitespace) as a pile. A pile is 1 to 20 ASCII decimal digits
    /// (`0`–`9` only: no sign, no separator, no other script's digits; leading zeros allowed)
    /// of value at most 2^64 − 1, and, when `has_pass` (zero-move Nim), an optional `T` (pass
    /// unused, the default) or `F` (pass spent), in either case. A token longer than
    /// [`MAX_PILE_TOKEN`] bytes is [`SizeError::TooLong`] whatever it holds.
    ///
    /// Arguments and script lines use it through [`Pile::parse`]; streamed input calls it on
    /// its buffer, so the token's digits are read once, as they are scanned.
    #[inline(always)]
    pub fn read(bytes: &[u8], has_pass: bool) -> Scanned {
        let mut i = 0;
        let mut value: u64 = 0;
        // Sixteen bytes at once where there are that many (most piles are shorter), then the
        // rest byte by byte.
        match bytes.first_chunk::<16>() {
            Some(head) => {
                (i, value) = leading_digits(head);
                if i == 16 {
                    (i, value) = more_digits(bytes, i, value);
                }
            }
            None => (i, value) = more_digits(bytes, i, value),
        }
        let digits = i;
        let mut pass = Pass::Unused;
        if has_pass {
            match bytes.get(i) {
                Some(b'T' | b't') => i += 1,
                Some(b'F' | b'f') => {
                    pass = Pass::Spent;
                    i += 1;
                }
                _ => {}
            }
        }
        let ended = bytes.get(i).is_none_or(u8::is_ascii_whitespace);
        if !ended {
            // Something else follows: the token is not a pile; find where it ends.
            let len = bytes[i..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .map_or(bytes.len(), |rest| i + rest);
            let error = if len > MAX_PILE_TOKEN {
                SizeError::TooLong
            } else {
                SizeError::NotANumber
            };
            return Scanned {
                len,
                pile: Err(error),
            };
        }
        let size = match digits {
            0 => Err(SizeError::NotANumber),
            1..MAX_SIZE_DIGITS => Ok(value),
            MAX_SIZE_DIGITS => bytes[..digits].iter().try_fold(0u64, |acc, &b| {
                acc.checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(b - b'0')))
                    .ok_or(SizeError::TooLarge)
            }),
            _ => Err(SizeError::TooLong),
        };
        let pile = size.map(|size| {
            if has_pass {
                Self::zero_move(size, pass)
            } else {
                Self::plain(size)
            }
        });
        Scanned { len: i, pile }
    }

    /// The common case of [`Pile::read`], without a branch per byte: a token of 1 to 16
    /// digits (and, when `has_pass`, one pass letter) followed by whitespace, at the front of
    /// `window`. Returns the token's length counting that one whitespace byte, and its pile;
    /// `None` for anything else (longer, malformed, or not ended within the window), which
    /// [`Pile::read`] then judges. Where it answers, it answers as [`Pile::read`] does.
    #[inline(always)]
    pub fn read_short(window: &[u8; SHORT_WINDOW], has_pass: bool) -> Option<(usize, Self)> {
        let (lo, rest) = window.split_first_chunk::<8>()?;
        let (hi, _) = rest.split_first_chunk::<8>()?;
        let (lo, hi) = (u64::from_le_bytes(*lo), u64::from_le_bytes(*hi));
        let flags = u128::from(non_digits(lo)) | (u128::from(non_digits(hi)) << 64);
        // At most 128 / 8 = 16 digits.
        let digits = (flags.trailing_zeros() / 8) as usize;
        if digits == 0 {
            return None;
        }
        Self::short_token(window, digits, has_pass)
    }

    /// The token of `digits` (1..=16) digits at the front of `window`, if whitespace follows
    /// them, or a pass letter (when `has_pass`) and then whitespace: its length counting that
    /// whitespace byte, and its pile.
    #[inline(always)]
    fn short_token(
        window: &[u8; SHORT_WINDOW],
        digits: usize,
        has_pass: bool,
    ) -> Option<(usize, Self)> {
        let size = sixteen_digits_value(window, digits);
        let after = window[digits];
        if is_space(after) {
            let pile = if has_pass {
                Self::zero_move(size, Pass::Unused)
            } else {
                Self::plain(size)
            };
            return Some((digits + 1, pile));
        }
        let pass = match after | 0x20 {
            b't' => Pass::Unused,
            b'f' => Pass::Spent,
            _ => return None,
        };
        (has_pass && is_space(window[digits + 1]))
            .then(|| (digits + 2, Self::zero_move(size, pass)))
    }

    /// Reads the common tokens at the front of `bytes` into `out`, with the whitespace
    /// between them, a [`CHUNK`] of bytes at a time: tokens of 1 to 16 digits (and, when
    /// `has_pass`, a pass letter) each followed by whitespace. Stops at the first token that is
    /// not one, when `out` is full, or where fewer than two chunks of bytes are left. Returns
    /// how many bytes it read (each token with the whitespace after it) and how many piles it
    /// wrote; each pile is the one [`Pile::read`] reads from its token.
    #[inline(always)]
    pub fn read_run(bytes: &[u8], has_pass: bool, out: &mut [Self]) -> (usize, usize) {
        #[inline(always)]
        fn chunk(bytes: &[u8], at: usize) -> Option<u64> {
            let chunk = bytes.get(at..)?.first_chunk::<CHUNK>()?;
            Some(digit_bits(chunk))
        }
        // `bytes[base..]` holds two chunks at least, whose digits are `now` and `next`; the
        // position is `base + at`, with `at` in the first chunk.
        let (Some(mut now), Some(mut next)) = (chunk(bytes, 0), chunk(bytes, CHUNK)) else {
            return (0, 0);
        };
        let (mut base, mut at, mut made) = (0, 0, 0);
        while made < out.len() {
            if at >= CHUNK {
                let Some(after) = chunk(bytes, base + 2 * CHUNK) else {
                    break;
                };
                (base, at, now, next) = (base + CHUNK, at - CHUNK, next, after);
            }
            // A token's window lies within the two chunks: `at` < 64 and 64 + 24 <= 128.
            let Some(window) = bytes
                .get(base + at..)
                .and_then(<[u8]>::first_chunk::<SHORT_WINDOW>)
            else {
                break;
            };
            // The 64 bits from `at` on (at most 64 are needed: a longer run is no short token).
            let from_at = (now >> at) | ((next << 1) << (63 - at));
            let digits = (!from_at).trailing_zeros() as usize;
            if digits == 0 {
                if is_space(window[0]) {
                    at += 1;
                    continue;
                }
                break;
            }
            if digits > 16 {
                break;
            }
            let Some((len, pile)) = Self::short_token(window, digits, has_pass) else {
                break;
            };
            out[made] = pile;
            made += 1;
            at += len;
        }
        (base + at, made)
    }

    /// Parses a whole token by [`Pile::read`]: whitespace inside it makes it no pile.
    #[inline]
    pub(crate) fn parse(token: &[u8], has_pass: bool) -> Result<Self, SizeError> {
        let scanned = Self::read(token, has_pass);
        if scanned.len == token.len() {
            scanned.pile
        } else if token.len() > MAX_PILE_TOKEN {
            Err(SizeError::TooLong)
        } else {
            Err(SizeError::NotANumber)
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

    #[test]
    fn excerpts_quote_at_most_forty_characters() {
        assert_eq!(token_excerpt(b"12x"), "12x");
        let forty = "7".repeat(40);
        assert_eq!(token_excerpt(forty.as_bytes()), forty);
        assert_eq!(
            token_excerpt("7".repeat(41).as_bytes()),
            format!("{forty}…")
        );
        assert_eq!(
            token_excerpt(&[b'9'; 10 << 20]),
            format!("{}…", "9".repeat(40))
        );
        // Control characters stay as they are: the renderer makes them visible when printing.
        assert_eq!(token_excerpt(b"\x00\x1b[31m"), "\u{0}\u{1b}[31m");
        let threes = "٣".repeat(50);
        assert_eq!(
            token_excerpt(threes.as_bytes()),
            format!("{}…", "٣".repeat(40))
        );
    }

    #[test]
    fn sizes_are_decimal_digits_only() {
        let max = "18446744073709551615";
        assert_eq!(parse_size(max), Ok(u64::MAX));
        assert_eq!(parse_size("0"), Ok(0));
        assert_eq!(parse_size("00"), Ok(0));
        assert_eq!(parse_size("007"), Ok(7));
        // 2^64 and the largest 20-digit number overflow; a 21st digit is too long even if
        // it is a leading zero.
        assert_eq!(parse_size("18446744073709551616"), Err(SizeError::TooLarge));
        assert_eq!(parse_size("99999999999999999999"), Err(SizeError::TooLarge));
        assert_eq!(parse_size(format!("0{max}")), Err(SizeError::TooLong));
        assert_eq!(parse_size("000000000000000000007"), Err(SizeError::TooLong));
        for bad in [
            "", "+3", "-3", "1_0", "_1", "3.5", "0x10", "٣", "３", " 3", "3 ", "1e3",
        ] {
            assert_eq!(parse_size(bad), Err(SizeError::NotANumber), "{bad:?}");
        }
    }

    #[test]
    fn piles_take_a_pass_letter_only_with_a_pass() {
        let t = |n| Pile::zero_move(n, Pass::Unused);
        let f = |n| Pile::zero_move(n, Pass::Spent);
        for (token, pile) in [
            ("7", t(7)),
            ("7T", t(7)),
            ("7t", t(7)),
            ("7F", f(7)),
            ("7f", f(7)),
        ] {
            assert_eq!(Pile::parse(token.as_bytes(), true), Ok(pile), "{token}");
        }
        assert_eq!(Pile::parse(b"0F", true), Ok(Pile::plain(0)));
        assert_eq!(Pile::parse(b"7", false), Ok(Pile::plain(7)));
        for bad in ["7T", "7F", "T", ""] {
            assert!(Pile::parse(bad.as_bytes(), false).is_err(), "{bad}");
        }
        for bad in ["T", "F", "7TT", "7FT", "T7", "", "7 T"] {
            assert_eq!(
                Pile::parse(bad.as_bytes(), true),
                Err(SizeError::NotANumber),
                "{bad}"
            );
        }
        assert_eq!(Pile::parse(b"18446744073709551615T", true), Ok(t(u64::MAX)));
        assert_eq!(
            Pile::parse(b"18446744073709551615TT", true),
            Err(SizeError::TooLong)
        );
        assert_eq!(Pile::parse(&[b'a'; 22], true), Err(SizeError::TooLong));
    }

    /// The grammar written out plainly, independently of [`Pile::read`]: what a token must be.
    fn reference(token: &[u8], has_pass: bool) -> Result<Pile, SizeError> {
        if token.len() > 21 {
            return Err(SizeError::TooLong);
        }
        let (digits, pass) = match token.last() {
            Some(b'T' | b't') if has_pass => (&token[..token.len() - 1], Pass::Unused),
            Some(b'F' | b'f') if has_pass => (&token[..token.len() - 1], Pass::Spent),
            _ => (token, Pass::Unused),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(SizeError::NotANumber);
        }
        if digits.len() > 20 {
            return Err(SizeError::TooLong);
        }
        // At most 20 digits: below 10^20 < 2^128, so u128 holds it exactly.
        let value: u128 = std::str::from_utf8(digits).unwrap().parse().unwrap();
        let size = u64::try_from(value).map_err(|_| SizeError::TooLarge)?;
        Ok(match (has_pass, size) {
            (false, _) | (true, 0) => Pile { size, pass: None },
            (true, _) => Pile {
                size,
                pass: Some(pass),
            },
        })
    }

    /// Bytes that make tokens interesting: digits, pass letters, signs, separators, other
    /// scripts' digits, whitespace of every kind, and bytes that stress eight-byte arithmetic.
    fn token_bytes() -> impl Strategy<Value = Vec<u8>> {
        let pieces: Vec<&'static [u8]> = vec![
            b"0",
            b"1",
            b"5",
            b"9",
            b"0",
            b"7",
            b"3",
            b"8",
            b"T",
            b"t",
            b"F",
            b"f",
            b"+",
            b"-",
            b"_",
            b".",
            b"x",
            b"/",
            b":",
            b" ",
            b"\n",
            b"\t",
            b"\r",
            b"\x0b",
            b"\x0c",
            b"\x00",
            b"\xff",
            b"\xfa",
            b"\x80",
            "٣".as_bytes(),
            "３".as_bytes(),
        ];
        prop::collection::vec(prop::sample::select(pieces), 0..40).prop_map(|p| p.concat())
    }

    use proptest::prelude::*;

    proptest! {
        /// `read` takes the token up to the first ASCII whitespace and judges it as the plain
        /// grammar does; `parse` judges the whole token.
        #[test]
        fn read_agrees_with_the_plain_grammar(bytes in token_bytes(), has_pass: bool) {
            let end = bytes.iter().position(u8::is_ascii_whitespace).unwrap_or(bytes.len());
            let scanned = Pile::read(&bytes, has_pass);
            prop_assert_eq!(scanned.len, end);
            prop_assert_eq!(scanned.pile, reference(&bytes[..end], has_pass));
            let whole = if end == bytes.len() {
                reference(&bytes, has_pass)
            } else if bytes.len() > 21 {
                Err(SizeError::TooLong)
            } else {
                Err(SizeError::NotANumber)
            };
            prop_assert_eq!(Pile::parse(&bytes, has_pass), whole);
        }

        /// Every size, written with any number of leading zeros up to 20 digits and followed
        /// by anything, reads back exactly (the eight-byte arithmetic at every length).
        #[test]
        fn sizes_read_back_exactly(size: u64, zeros in 0usize..20, after in any::<u8>(), more in any::<[u8; 16]>()) {
            let digits = size.to_string();
            let padded = format!("{}{digits}", "0".repeat(zeros.min(20 - digits.len())));
            let mut bytes = padded.clone().into_bytes();
            bytes.push(after);
            bytes.extend_from_slice(&more);
            let end = bytes.iter().position(u8::is_ascii_whitespace).unwrap_or(bytes.len());
            let scanned = Pile::read(&bytes, false);
            prop_assert_eq!(scanned.pile, reference(&bytes[..end], false));
            if after.is_ascii_whitespace() {
                prop_assert_eq!(scanned, Scanned { len: padded.len(), pile: Ok(Pile::plain(size)) });
            }
        }

        /// Where `read_short` answers, `read` answers the same and the token ends in
        /// whitespace; on the bytes that stress it, and on every size written out.
        #[test]
        fn read_short_answers_as_read_does(
            bytes in token_bytes(),
            size: u64,
            zeros in 0usize..20,
            tail in any::<[u8; SHORT_WINDOW]>(),
            has_pass: bool,
        ) {
            let written = format!("{}{size}", "0".repeat(zeros));
            for front in [bytes, written.into_bytes()] {
                let mut window = [0u8; SHORT_WINDOW];
                let n = front.len().min(SHORT_WINDOW);
                window[..n].copy_from_slice(&front[..n]);
                window[n..].copy_from_slice(&tail[n..]);
                if let Some((len, pile)) = Pile::read_short(&window, has_pass) {
                    prop_assert!(window[len - 1].is_ascii_whitespace());
                    prop_assert_eq!(
                        Pile::read(&window, has_pass),
                        Scanned { len: len - 1, pile: Ok(pile) }
                    );
                    prop_assert_eq!(Ok(pile), reference(&window[..len - 1], has_pass));
                }
            }
        }

        /// `read_run` reads whole tokens and the whitespace between them, each the pile the
        /// plain grammar reads, and stops before a token it does not take.
        #[test]
        fn read_run_reads_whole_tokens(stream in run_bytes(), room in 0usize..300, has_pass: bool) {
            let mut out = vec![Pile::plain(0); room];
            let (used, made) = Pile::read_run(&stream, has_pass, &mut out);
            prop_assert!(used <= stream.len() && made <= room);
            // It stops where a token starts (or at whitespace), never inside one.
            prop_assert!(used == 0 || stream[used - 1].is_ascii_whitespace());
            let read: Vec<Pile> = stream[..used]
                .split(u8::is_ascii_whitespace)
                .filter(|t| !t.is_empty())
                .map(|t| reference(t, has_pass))
                .collect::<Result<_, _>>()
                .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            prop_assert_eq!(read.as_slice(), &out[..made]);
        }
    }

    /// Streams of tokens, mostly common ones, joined by whitespace of every kind.
    fn run_bytes() -> impl Strategy<Value = Vec<u8>> {
        let token = prop_oneof![
            6 => (any::<u64>(), 0u32..21).prop_map(|(n, digits)| {
                // Sizes of every length, 1 to 20 digits (some above 2^64 - 1 are refused).
                let bound = 10u128.pow(digits.max(1));
                (u128::from(n) * 3 % bound).to_string().into_bytes()
            }),
            2 => (any::<u32>(), prop::sample::select(vec!["T", "t", "F", "f", "x", "TT"]))
                .prop_map(|(n, letter)| format!("{n}{letter}").into_bytes()),
            1 => Just(vec![b'0'; 17]),
            1 => Just(b"18446744073709551615".to_vec()),
            1 => Just(b"18446744073709551616".to_vec()),
            1 => token_bytes(),
        ];
        let space = prop::sample::select(vec![
            &b"\n"[..],
            b" ",
            b"\t",
            b"\r\n",
            b"  ",
            b"\x0c",
            b"\x0b",
            b"\x00",
        ]);
        prop::collection::vec((token, space), 0..60).prop_map(|parts| {
            let mut bytes = Vec::new();
            for (token, space) in parts {
                bytes.extend_from_slice(&token);
                bytes.extend_from_slice(space);
            }
            bytes
        })
    }

    #[test]
    fn read_run_takes_common_tokens_to_near_the_end() {
        // 1000 sizes of 1 to 16 digits, one per line: all read but those in the last two
        // chunks of bytes (where a token's window may not fit).
        let sizes: Vec<u64> = (0..1000u64)
            .map(|k| k * k * 1_000_003 % 10u64.pow(16))
            .collect();
        let text: String = sizes.iter().map(|n| format!("{n}\n")).collect();
        let mut out = vec![Pile::plain(0); 2000];
        let (used, made) = Pile::read_run(text.as_bytes(), false, &mut out);
        assert!(used + 2 * CHUNK >= text.len(), "{used} of {}", text.len());
        assert!(made > 900);
        let expected: Vec<Pile> = sizes[..made].iter().map(|&n| Pile::plain(n)).collect();
        assert_eq!(out[..made], expected);
        assert_eq!(text[..used].lines().count(), made);
        // Zero-move piles with and without a pass letter.
        let text = "12T 7f 0F 5\n".repeat(100);
        let (used, made) = Pile::read_run(text.as_bytes(), true, &mut out);
        assert!(used + 2 * CHUNK >= text.len() && made >= 4 * 80);
        let t = |n| Pile::zero_move(n, Pass::Unused);
        let f = |n| Pile::zero_move(n, Pass::Spent);
        assert_eq!(out[..4], [t(12), f(7), Pile::plain(0), t(5)]);
        // A full `out` stops it at a token's start.
        let (used, made) = Pile::read_run(text.as_bytes(), true, &mut out[..3]);
        assert_eq!((used, made), ("12T 7f 0F ".len(), 3));
    }
}
