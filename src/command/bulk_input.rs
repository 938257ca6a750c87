//! Piles streamed from a file or standard input: read in blocks, parsed in place without
//! allocating, and handed on in batches as soon as they are read. Runs of common tokens are
//! read many at a time ([`Pile::read_run`]); every other token by the one pile grammar
//! ([`Pile::read`]), so a refusal names the same token, pile number and byte offset. No token is
//! held longer than the longest pile, so memory does not depend on the input.

use std::io::{ErrorKind, Read};

use crate::engine::{EngineError, Pile, Rules};
use crate::engine::{MAX_PILE_TOKEN, SHORT_WINDOW, SizeError, is_space, token_excerpt};
use crate::error::{Error, PileExpected, PileSource};

/// Bytes read at a time.
const BLOCK: usize = 64 << 10;

/// Piles handed on at a time: few enough to stay in the first-level cache.
const BATCH: usize = 256;

/// Reads whitespace-separated piles from `reader`, calling `each` on them in order, a batch
/// at a time; returns how many there were. A malformed token stops the read with its number
/// and byte offset.
pub(super) fn for_each_pile<R: Read>(
    reader: R,
    rules: &Rules,
    source: &PileSource,
    each: impl FnMut(&[Pile]),
) -> Result<u64, Error> {
    match rules {
        // A graph's position names and a game's tuples may be long, but never longer than a
        // block; they are read token by token by the ruleset's own grammar.
        _ if !rules.counts_tokens() => {
            let read = |rest: &[u8]| {
                let len = rest
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .unwrap_or(rest.len());
                (len, rules.parse_pile_bytes(&rest[..len]))
            };
            scan(reader, BLOCK - 1, |_, _| (0, 0), |_| None, read, each).map_err(|stop| {
                stop.into_error(source, |error| match error {
                    Some(EngineError::BadPile { expected, .. }) => PileExpected::Wanted(expected),
                    Some(other) => PileExpected::Refused(other),
                    None => PileExpected::Shorter {
                        rules: rules.clone(),
                        max: BLOCK - 1,
                    },
                })
            })
        }
        _ => {
            // Two loops, each with `has_pass` a constant, so the grammar is specialised.
            let read_pass = |rest: &[u8]| {
                let scanned = Pile::read(rest, true);
                (scanned.len, scanned.pile)
            };
            let read_plain = |rest: &[u8]| {
                let scanned = Pile::read(rest, false);
                (scanned.len, scanned.pile)
            };
            let short_pass = |window: &_| Pile::read_short(window, true);
            let short_plain = |window: &_| Pile::read_short(window, false);
            let run_pass = |bytes: &_, out: &mut _| Pile::read_run(bytes, true, out);
            let run_plain = |bytes: &_, out: &mut _| Pile::read_run(bytes, false, out);
            let scanned = if rules.has_pass() {
                scan(
                    reader,
                    MAX_PILE_TOKEN,
                    run_pass,
                    short_pass,
                    read_pass,
                    each,
                )
            } else {
                scan(
                    reader,
                    MAX_PILE_TOKEN,
                    run_plain,
                    short_plain,
                    read_plain,
                    each,
                )
            };
            scanned.map_err(|stop| {
                stop.into_error(source, |kind| {
                    PileExpected::Wanted(rules.pile_expected(kind.unwrap_or(SizeError::TooLong)))
                })
            })
        }
    }
}

/// Why a scan stopped before the end of its input.
enum Stop<E> {
    Read(std::io::Error),
    /// Token `number`, at byte `offset`, is not a pile: `error` says why, or is `None` for a
    /// token longer than any pile, refused before its end was read.
    Bad {
        excerpt: String,
        number: u64,
        offset: u64,
        error: Option<E>,
    },
}

impl<E> Stop<E> {
    fn into_error(
        self,
        source: &PileSource,
        expected: impl FnOnce(Option<E>) -> PileExpected,
    ) -> Error {
        match self {
            // Ctrl-C ended a wait for typed piles (see `interrupt::CancellableStdin`).
            Self::Read(e) if crate::engine::Interrupted::caused(&e) => Error::interrupted(),
            Self::Read(e) => match source {
                PileSource::File(path) => Error::Read {
                    path: path.clone(),
                    source: e,
                },
                PileSource::StandardInput => Error::ReadInput(e),
            },
            Self::Bad {
                excerpt,
                number,
                offset,
                error,
            } => Error::BadPileAt {
                token: excerpt,
                source: source.clone(),
                number,
                offset,
                expected: Box::new(expected(error)),
            },
        }
    }
}

/// The streaming loop: `short` reads the common token quickly where a whole
/// [`SHORT_WINDOW`] of bytes is left, or declines ([`Pile::read_short`]); `read` takes the
/// bytes from the start of a token to the end of the buffer and says how long the token is and
/// what pile it writes. A token is held across reads only while it is at most `longest` bytes.
fn scan<R: Read, E>(
    mut reader: R,
    longest: usize,
    run: impl Fn(&[u8], &mut [Pile]) -> (usize, usize),
    short: impl Fn(&[u8; SHORT_WINDOW]) -> Option<(usize, Pile)>,
    mut read: impl FnMut(&[u8]) -> (usize, Result<Pile, E>),
    mut each: impl FnMut(&[Pile]),
) -> Result<u64, Stop<E>> {
    let mut buf = vec![0u8; BLOCK];
    let mut batch = [Pile::plain(0); BATCH];
    // buf[..filled] holds unparsed bytes; buf[0] is at input offset `base`. `count` piles
    // were handed on, and `held` more wait in `batch`.
    let (mut filled, mut base, mut count, mut held) = (0usize, 0u64, 0u64, 0usize);
    let mut at_end = false;
    while !at_end {
        let n = match reader.read(&mut buf[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(Stop::Read(e)),
        };
        at_end = n == 0;
        filled += n;
        let bytes = &buf[..filled];
        let mut i = 0;
        loop {
            while i < filled && is_space(bytes[i]) {
                i += 1;
            }
            if i == filled {
                break;
            }
            if held == BATCH {
                each(&batch);
                count += BATCH as u64;
                held = 0;
            }
            let (used, made) = run(&bytes[i..], &mut batch[held..]);
            if used > 0 {
                held += made;
                i += used;
                continue;
            }
            if let Some((len, pile)) = bytes[i..].first_chunk().and_then(&short) {
                batch[held] = pile;
                held += 1;
                i += len;
                continue;
            }
            let rest = &bytes[i..];
            let (len, pile) = read(rest);
            let bad = |error| Stop::Bad {
                excerpt: token_excerpt(&rest[..len]),
                number: count + held as u64 + 1,
                offset: base + i as u64,
                error,
            };
            if len == rest.len() && !at_end {
                // The token may go on in the next read: keep it, unless it is already too long.
                if len > longest {
                    each(&batch[..held]);
                    return Err(bad(None));
                }
                break;
            }
            let pile = match pile {
                Ok(pile) => pile,
                Err(e) => {
                    each(&batch[..held]);
                    return Err(bad(Some(e)));
                }
            };
            batch[held] = pile;
            held += 1;
            i += len;
        }
        buf.copy_within(i..filled, 0);
        filled -= i;
        base += i as u64;
    }
    each(&batch[..held]);
    Ok(count + held as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pass;

    fn read(text: &str, rules: &Rules) -> Result<Vec<String>, String> {
        let mut piles = Vec::new();
        for_each_pile(
            text.as_bytes(),
            rules,
            &PileSource::StandardInput,
            |batch| piles.extend(batch.iter().map(Pile::to_string)),
        )
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
        assert!(err.contains("2⁶⁴ − 1") && err.contains("pile 2"), "{err}");
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
        for_each_pile(
            Trickle(text),
            &Rules::ZeroMove,
            &PileSource::StandardInput,
            |batch| piles.extend(batch.iter().map(Pile::to_string)),
        )
        .unwrap();
        assert_eq!(piles, ["12345T", "6T", "789T", "10F"]);
        let mut text = "1 ".repeat(BLOCK / 2 - 1);
        text.push_str("12345 6");
        let piles = read(&text, &Rules::Nim).unwrap();
        assert_eq!(piles.len(), BLOCK / 2 + 1);
        assert_eq!(&piles[piles.len() - 2..], ["12345", "6"]);
    }

    /// A reader of endless copies of one byte, counting what it hands out.
    struct Endless {
        byte: u8,
        given: usize,
    }

    impl Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            out.fill(self.byte);
            self.given += out.len();
            Ok(out.len())
        }
    }

    #[test]
    fn an_endless_token_is_refused_from_its_start() {
        for byte in [b'7', 0, b'x'] {
            let mut endless = Endless { byte, given: 0 };
            let err = for_each_pile(
                &mut endless,
                &Rules::Nim,
                &PileSource::StandardInput,
                |_| {},
            )
            .unwrap_err()
            .to_string();
            assert!(
                err.contains("pile 1") && err.contains("at most 20 digits"),
                "{err}"
            );
            // One block read: the token was never held past the longest pile.
            assert_eq!(endless.given, BLOCK);
            let quoted = err.split('`').nth(1).unwrap();
            assert!(quoted.chars().count() <= 2 * 40 + 1, "{quoted}");
        }
        // A long token spanning reads is refused as soon as it is longer than any pile.
        let text = format!("1 2 {}", "9".repeat(100));
        let err = for_each_pile(
            Trickle(text.as_bytes()),
            &Rules::Nim,
            &PileSource::StandardInput,
            |_| {},
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("pile 3") && err.contains("byte 4"), "{err}");
    }

    use proptest::prelude::*;

    /// Tokens built from pieces that matter to the grammar (no whitespace: a token is what
    /// lies between whitespace).
    fn token() -> impl Strategy<Value = String> {
        let pieces = vec![
            "0",
            "1",
            "7",
            "9",
            "00",
            "18446744073709551615",
            "18446744073709551616",
            "T",
            "t",
            "F",
            "f",
            "+",
            "-",
            "_",
            ".",
            "e",
            "x",
            "٣",
            "３",
            "\u{0}",
            "\u{b}",
            "é",
        ];
        prop::collection::vec(prop::sample::select(pieces), 0..6).prop_map(|p| p.concat())
    }

    /// What a piles argument gives, and what the same token streamed gives.
    fn both(token: &str, rules: &Rules) -> (Option<Pile>, Option<Pile>) {
        let argument = rules.parse_pile(token).ok();
        let mut piles = Vec::new();
        let streamed = for_each_pile(
            token.as_bytes(),
            rules,
            &PileSource::StandardInput,
            |batch| piles.extend_from_slice(batch),
        );
        let streamed = match (streamed, piles.as_slice()) {
            (Ok(1), [pile]) => Some(*pile),
            _ => None,
        };
        (argument, streamed)
    }

    #[test]
    fn arguments_and_streams_agree_on_odd_tokens() {
        let cases = [
            ("+3", None),
            ("1_0", None),
            ("1_000", None),
            ("٣", None),
            ("00", Some(0)),
            ("18446744073709551615", Some(u64::MAX)),
            ("18446744073709551616", None),
            ("7", Some(7)),
            ("", None),
        ];
        for rules in [Rules::Nim, Rules::ZeroMove] {
            for (token, size) in cases {
                let expected = size.map(|n| rules.pile(n));
                assert_eq!(
                    both(token, &rules),
                    (expected, expected),
                    "{rules} {token:?}"
                );
            }
        }
        let t = Some(Pile::zero_move(7, Pass::Unused));
        let f = Some(Pile::zero_move(7, Pass::Spent));
        for (token, zero_move) in [("7t", t), ("7T", t), ("7F", f)] {
            assert_eq!(
                both(token, &Rules::ZeroMove),
                (zero_move, zero_move),
                "{token}"
            );
            assert_eq!(both(token, &Rules::Nim), (None, None), "{token}");
        }
    }

    /// A reader handing out `sizes` bytes at a time in turn (none of them 0).
    struct Uneven<'a> {
        bytes: &'a [u8],
        sizes: Vec<usize>,
        turn: usize,
    }

    impl Read for Uneven<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let size = self.sizes[self.turn % self.sizes.len()];
            self.turn += 1;
            let n = self.bytes.len().min(out.len()).min(size);
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// What streaming `bytes` must give, token by token through the piles argument grammar:
    /// the piles, or the first bad token's number and byte offset.
    fn expected(bytes: &[u8], rules: &Rules) -> Result<Vec<Pile>, (u64, usize)> {
        let mut piles = Vec::new();
        let mut at = 0;
        for token in bytes.split(u8::is_ascii_whitespace) {
            if !token.is_empty() {
                match rules.parse_pile_bytes(token) {
                    Ok(pile) => piles.push(pile),
                    Err(_) => return Err((piles.len() as u64 + 1, at)),
                }
            }
            at += token.len() + 1;
        }
        Ok(piles)
    }

    /// Long streams of mostly common tokens, with odd ones and odd whitespace among them.
    fn stream() -> impl Strategy<Value = Vec<u8>> {
        let token = prop_oneof![
            8 => (any::<u64>(), 1u32..21).prop_map(|(n, digits)| {
                (u128::from(n) % 10u128.pow(digits)).to_string()
            }),
            2 => any::<u32>().prop_map(|n| format!("{n}T")),
            1 => any::<u32>().prop_map(|n| format!("{n}f")),
            1 => Just("0".repeat(20)),
            1 => Just("18446744073709551615".into()),
        ];
        let space = prop::sample::select(vec!["\n", " ", "\t", "\r\n", "  \n", "\x0c"]);
        (
            prop::collection::vec((token, space), 1..40),
            3000usize..30_000,
        )
            .prop_map(|(parts, piles)| {
                let mut text = String::new();
                for (token, space) in parts.iter().cycle().take(piles) {
                    text.push_str(token);
                    text.push_str(space);
                }
                text.into_bytes()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Streamed through reads of any sizes, across blocks and runs, the piles are those
        /// the argument grammar reads token by token; a bad token put anywhere is refused
        /// with its number and byte offset.
        #[test]
        fn streams_read_as_tokens_do(
            text in stream(),
            sizes in prop::collection::vec(1usize..100_000, 1..4),
            bad in prop::option::of((any::<prop::sample::Index>(), prop::sample::select(vec![
                "x", "\x00", "\x0b", "7TT", "٣", "99999999999999999999", "000000000000000000000",
            ]))),
            pass: bool,
        ) {
            let rules = if pass { Rules::ZeroMove } else { Rules::Nim };
            let mut text = text;
            if let Some((at, bad)) = bad {
                let at = at.index(text.len());
                text.splice(at..at, bad.bytes());
            }
            let reader = Uneven { bytes: &text, sizes, turn: 0 };
            let mut piles = Vec::new();
            let streamed = for_each_pile(reader, &rules, &PileSource::StandardInput, |batch| {
                piles.extend_from_slice(batch)
            });
            match (expected(&text, &rules), streamed) {
                (Ok(expected), Ok(count)) => {
                    prop_assert_eq!(count, expected.len() as u64);
                    prop_assert_eq!(piles, expected);
                }
                (Err((number, offset)), Err(e)) => {
                    let e = e.to_string();
                    prop_assert!(e.contains(&format!("(pile {number}, at byte {offset} of")), "{}", e);
                }
                (expected, streamed) => {
                    prop_assert!(false, "expected {:?}, streamed {:?}", expected.map(|p| p.len()), streamed);
                }
            }
        }
    }

    proptest! {
        /// Every token: a piles argument and a stream holding just that token both refuse
        /// it, or both read the same pile.
        #[test]
        fn arguments_and_streams_agree(token in token(), pass: bool) {
            let rules = if pass { Rules::ZeroMove } else { Rules::Nim };
            let (argument, streamed) = both(&token, &rules);
            prop_assert_eq!(argument, streamed);
        }
    }
}
