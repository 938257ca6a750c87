//! Piles streamed from a file or standard input: read in large blocks, parsed in place without
//! allocating per token, each pile handed on as soon as it is read.

use std::io::{ErrorKind, Read};

use crate::engine::{Pass, Pile, Rules};
use crate::error::Error;

/// Bytes read at a time; also the longest token accepted.
const BLOCK: usize = 1 << 20;
/// Characters of a bad token quoted in the error.
const QUOTE: usize = 40;

/// Reads whitespace-separated piles from `reader`, calling `each` on every one; returns how
/// many there were. A malformed token stops the read with its number and byte offset.
pub fn for_each_pile<R: Read>(
    mut reader: R,
    rules: &Rules,
    source: &str,
    mut each: impl FnMut(Pile),
) -> Result<u64, Error> {
    let has_pass = rules.has_pass();
    let mut buf = vec![0u8; BLOCK];
    // buf[..filled] holds unparsed bytes; buf[0] is at input offset `base`.
    let (mut filled, mut base, mut count) = (0usize, 0u64, 0u64);
    let mut at_end = false;
    while !at_end {
        let n = match reader.read(&mut buf[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if crate::engine::Interrupted::caused(&e) => return Err(Error::Interrupted),
            Err(e) => {
                return Err(Error::Read {
                    path: source.into(),
                    source: e,
                });
            }
        };
        at_end = n == 0;
        filled += n;
        let bytes = &buf[..filled];
        let mut i = 0;
        // Parse every token that is known to be complete: followed by whitespace, or at the end.
        // The fast path reads the digits once, as it scans them; anything unusual falls back to
        // `parse_pile` on the whole token, which also words the error.
        loop {
            while i < filled && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let start = i;
            let mut value: u64 = 0;
            while i < filled {
                let d = bytes[i].wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                value = value.wrapping_mul(10).wrapping_add(u64::from(d));
                i += 1;
            }
            let digits = i - start;
            let simple =
                (1..20).contains(&digits) && bytes.get(i).is_none_or(u8::is_ascii_whitespace);
            if simple && (i < filled || at_end) {
                count += 1;
                each(rules.pile(value));
                continue;
            }
            while i < filled && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if start == i || (i == filled && !at_end) {
                i = start;
                break;
            }
            count += 1;
            let token = &bytes[start..i];
            match parse_pile(token, has_pass, rules) {
                Some(pile) => each(pile),
                None => {
                    return Err(bad_token(token, rules, source, count, base + start as u64));
                }
            }
        }
        // Keep the unfinished token for the next read.
        if i == 0 && filled == BLOCK {
            let offset = base;
            return Err(Error::BadPileAt {
                token: quote(&buf[..QUOTE]),
                source: source.to_string(),
                number: count + 1,
                offset,
                expected: format!("a pile; tokens are at most {BLOCK} bytes"),
            });
        }
        buf.copy_within(i..filled, 0);
        filled -= i;
        base += i as u64;
    }
    Ok(count)
}

/// A pile from its token: digits, and for zero-move an optional `T`/`F`.
#[inline]
fn parse_pile(token: &[u8], has_pass: bool, rules: &Rules) -> Option<Pile> {
    if let Rules::Graph(_) = rules {
        return std::str::from_utf8(token)
            .ok()
            .and_then(|t| rules.parse_pile(t).ok());
    }
    let (digits, pass) = match token.split_last() {
        Some((b'T' | b't', rest)) if has_pass => (rest, Some(Pass::Unused)),
        Some((b'F' | b'f', rest)) if has_pass => (rest, Some(Pass::Spent)),
        _ => (token, None),
    };
    if digits.is_empty() || digits.len() > 20 {
        return None;
    }
    let mut value: u64 = 0;
    if digits.len() < 20 {
        // Fewer than 20 digits cannot overflow a u64.
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            value = value * 10 + u64::from(d);
        }
    } else {
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            value = value.checked_mul(10)?.checked_add(u64::from(d))?;
        }
    }
    Some(match pass {
        Some(pass) => Pile::zero_move(value, pass),
        None => rules.pile(value),
    })
}

fn quote(token: &[u8]) -> String {
    let mut s = String::from_utf8_lossy(&token[..token.len().min(QUOTE)]).into_owned();
    if token.len() > QUOTE {
        s.push('…');
    }
    s
}

fn bad_token(token: &[u8], rules: &Rules, source: &str, number: u64, offset: u64) -> Error {
    let all_digits = token.iter().all(u8::is_ascii_digit);
    let expected = if all_digits {
        "a pile size of at most 18446744073709551615 (2^64 - 1)".to_string()
    } else {
        rules.pile_syntax().to_string()
    };
    Error::BadPileAt {
        token: quote(token),
        source: source.to_string(),
        number,
        offset,
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, rules: &Rules) -> Result<Vec<String>, String> {
        let mut piles = Vec::new();
        for_each_pile(text.as_bytes(), rules, "test", |p| {
            piles.push(p.to_string())
        })
        .map(|_| piles)
        .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_piles_and_states() {
        assert_eq!(
            read(" 3 4T\n5F\t0 18446744073709551615 ", &Rules::ZeroMove).unwrap(),
            ["3T", "4T", "5F", "0", "18446744073709551615T"]
        );
        assert_eq!(read("", &Rules::Nim).unwrap(), Vec::<String>::new());
        assert_eq!(read("7", &Rules::Nim).unwrap(), ["7"]);
    }

    #[test]
    fn names_bad_tokens_with_their_position() {
        let err = read("3 4\n12x 5", &Rules::Nim).unwrap_err();
        assert!(
            err.contains("`12x`") && err.contains("pile 3") && err.contains("byte 4"),
            "{err}"
        );
        let err = read("1 18446744073709551616", &Rules::Nim).unwrap_err();
        assert!(err.contains("2^64 - 1") && err.contains("pile 2"), "{err}");
        for bad in [
            "7T",
            "-3",
            "T",
            "3TT",
            "0x10",
            "3.5",
            "99999999999999999999",
        ] {
            let rules = if bad == "7T" {
                Rules::Nim
            } else {
                Rules::ZeroMove
            };
            assert!(read(bad, &rules).is_err(), "{bad}");
        }
    }

    /// A reader that hands out a few bytes at a time, so tokens straddle reads.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(out.len()).min(3);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn tokens_may_span_reads() {
        let mut piles = Vec::new();
        let text = b"12345 6 789T 10F";
        for_each_pile(Trickle(text), &Rules::ZeroMove, "test", |p| {
            piles.push(p.to_string())
        })
        .unwrap();
        assert_eq!(piles, ["12345T", "6T", "789T", "10F"]);
        let mut text = "1 ".repeat(BLOCK / 2 - 1);
        text.push_str("12345 6");
        let piles = read(&text, &Rules::Nim).unwrap();
        assert_eq!(piles.len(), BLOCK / 2 + 1);
        assert_eq!(&piles[piles.len() - 2..], ["12345", "6"]);
    }
}
