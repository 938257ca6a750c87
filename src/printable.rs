//! Text made safe for a terminal. Lesson files, graph files and whatever a user types may hold
//! escape sequences (a window title, a clear screen, a hyperlink, the alternate screen), raw
//! carriage returns and backspaces, C1 controls or bidirectional overrides; none of them may
//! reach the terminal as they are. They are shown as `cat -v` would: `^[` for ESC, `^M` for a
//! carriage return, `^?` for DEL, and `\u{9b}` for a C1 control or a bidirectional override.
//! Newlines and tabs stay: prose needs them.
//!
//! [`printable`] cleans one string, before the renderer adds its own colour. [`Guard`] stands
//! between the renderer and the terminal and cleans every byte written, whatever path it took:
//! with colour on it lets through only colour codes (SGR, `ESC [ … m`); for JSON it writes the
//! characters JSON itself leaves raw as `\u` escapes, so the document decodes to the same text.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write};

/// Whether `c` must not reach a terminal as it is.
fn unsafe_char(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `c` as `cat -v` shows it (`^[`, `^M`, `^?`), or `\u{…}` for what `cat -v` has no caret for.
fn visible(c: char, out: &mut String) {
    match u8::try_from(c) {
        Ok(b @ 0..=0x1f) => {
            out.push('^');
            out.push(char::from(b + 0x40));
        }
        Ok(0x7f) => out.push_str("^?"),
        _ => {
            // Writing to a String cannot fail.
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
    }
}

/// `text` with every control character but newline and tab, and every bidirectional override,
/// made visible. Text that needs nothing is returned as it is.
pub(crate) fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            visible(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// What a [`Guard`] writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sink {
    /// A terminal or a file of text, Markdown or CSV; `color` lets the renderer's colour codes
    /// through.
    Text { color: bool },
    /// JSON: unsafe characters become `\u` escapes, which only ever stand inside strings.
    Json,
}

/// The longest colour code let through; anything longer is shown, not obeyed.
const MAX_SGR: usize = 32;

/// A writer that cleans everything written through it (see the module's documentation).
/// Sequences split across writes are held until they are whole; [`Guard::finish`] or a drop
/// writes what is left.
pub(crate) struct Guard<W: Write> {
    inner: W,
    sink: Sink,
    /// Bytes of an unfinished sequence: an ESC and what follows, or part of a UTF-8 character.
    held: Vec<u8>,
    /// Clean bytes not yet passed on: renderers write in small pieces, the writer gets blocks.
    out: Vec<u8>,
}

/// The size of the blocks a [`Guard`] passes on.
const BLOCK: usize = 16 << 10;

/// Whether a byte may start something unsafe: a C0 control but newline and tab, DEL, or the
/// first byte of a C1 control (0xC2) or of a bidirectional override (0xE2).
const STARTS_UNSAFE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = b != 0x0a && b != 0x09;
        b += 1;
    }
    table[0x7f] = true;
    table[0xc2] = true;
    table[0xe2] = true;
    table
};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The high bit of each byte of `w` that is 0 (exact: no carry crosses a byte).
fn zero_bytes(w: u64) -> u64 {
    !(((w & LOW7) + LOW7) | w) & HIGH
}

/// The high bit of each byte of `w` that may start something unsafe: below 0x20 but neither
/// newline nor tab, or 0x7F and above (which [`STARTS_UNSAFE`] then decides).
fn suspects(w: u64) -> u64 {
    let below_space = !(((w & LOW7) + ONES * 0x60) | w) & HIGH;
    let del_or_high = (((w & LOW7) + ONES) | w) & HIGH;
    let newline = zero_bytes(w ^ (ONES * 0x0a));
    let tab = zero_bytes(w ^ (ONES * 0x09));
    (below_space & !newline & !tab) | del_or_high
}

/// How many bytes at the front of `bytes` pass as they are: eight at a time where no byte is a
/// suspect, which is nearly everywhere (streams of values are digits, commas and newlines).
fn plain_run(bytes: &[u8]) -> usize {
    let mut words = bytes.chunks_exact(8);
    let mut start = 0;
    for word in &mut words {
        let mut w = [0; 8];
        w.copy_from_slice(word);
        let marks = suspects(u64::from_le_bytes(w));
        if marks != 0 {
            // Bytes before the first suspect are plain (little-endian: byte k is bits 8k..).
            let first = usize::try_from(marks.trailing_zeros() / 8).unwrap_or(0);
            if let Some(k) = word[first..]
                .iter()
                .position(|&b| STARTS_UNSAFE[usize::from(b)])
            {
                return start + first + k;
            }
        }
        start += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| STARTS_UNSAFE[usize::from(b)])
        .map_or(bytes.len(), |k| start + k)
}

/// What the bytes at the front of a buffer are.
enum Front {
    /// A run of this many bytes that pass as they are.
    Plain(usize),
    /// A colour code of this many bytes, let through.
    Color(usize),
    /// An unsafe character of this many bytes, to be shown.
    Unsafe(usize, char),
    /// Not enough bytes yet to tell.
    Unfinished,
}

impl<W: Write> Guard<W> {
    pub(crate) fn new(inner: W, sink: Sink) -> Self {
        Self {
            inner,
            sink,
            held: Vec::new(),
            out: Vec::with_capacity(BLOCK),
        }
    }

    /// Writes what is held (an unfinished sequence is shown, not obeyed) and flushes.
    pub(crate) fn finish(&mut self) -> io::Result<()> {
        self.release()?;
        self.spill()?;
        self.inner.flush()
    }

    /// Queues clean bytes for the writer.
    fn emit(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.out.len() + bytes.len() > BLOCK {
            self.spill()?;
            if bytes.len() >= BLOCK {
                return self.inner.write_all(bytes);
            }
        }
        self.out.extend_from_slice(bytes);
        Ok(())
    }

    /// Passes the queued bytes on.
    fn spill(&mut self) -> io::Result<()> {
        if self.out.is_empty() {
            return Ok(());
        }
        let result = self.inner.write_all(&self.out);
        self.out.clear();
        result
    }

    /// Writes held bytes that will never be completed.
    fn release(&mut self) -> io::Result<()> {
        if self.held.is_empty() {
            return Ok(());
        }
        let held = std::mem::take(&mut self.held);
        // A lone ESC or a cut colour code is shown; a cut UTF-8 character is written as it is
        // (it cannot be a complete control character).
        let mut rest = held.as_slice();
        if rest.first() == Some(&0x1b) {
            self.show('\u{1b}')?;
            rest = &rest[1..];
        }
        let text = String::from_utf8_lossy(rest);
        self.emit(printable(&text).as_bytes())
    }

    fn show(&mut self, c: char) -> io::Result<()> {
        let mut text = String::new();
        match self.sink {
            Sink::Text { .. } => visible(c, &mut text),
            Sink::Json => {
                let _ = write!(text, "\\u{:04x}", u32::from(c));
            }
        }
        self.emit(text.as_bytes())
    }

    /// Classifies the front of `bytes` (not empty).
    fn front(&self, bytes: &[u8]) -> Front {
        let plain = plain_run(bytes);
        if plain > 0 {
            return Front::Plain(plain);
        }
        match bytes {
            [0x1b, rest @ ..] => {
                if self.sink != (Sink::Text { color: true }) {
                    return Front::Unsafe(1, '\u{1b}');
                }
                // ESC [ digits and semicolons m: a colour code.
                if rest.is_empty() {
                    return Front::Unfinished;
                }
                if rest[0] != b'[' {
                    return Front::Unsafe(1, '\u{1b}');
                }
                for (i, &b) in rest.iter().enumerate().skip(1).take(MAX_SGR) {
                    match b {
                        b'm' => return Front::Color(i + 2),
                        b'0'..=b'9' | b';' => {}
                        _ => return Front::Unsafe(1, '\u{1b}'),
                    }
                }
                if rest.len() > MAX_SGR {
                    Front::Unsafe(1, '\u{1b}')
                } else {
                    Front::Unfinished
                }
            }
            [0xc2] | [0xe2] | [0xe2, 0x80 | 0x81] => Front::Unfinished,
            [0xc2, b @ 0x80..=0x9f, ..] => Front::Unsafe(2, char::from(*b)),
            [0xe2, 0x80, b @ 0xaa..=0xae, ..] => Front::Unsafe(
                3,
                char::from_u32(0x2000 + u32::from(*b - 0x80)).unwrap_or('?'),
            ),
            [0xe2, 0x81, b @ 0xa6..=0xa9, ..] => Front::Unsafe(
                3,
                char::from_u32(0x2040 + u32::from(*b - 0x80)).unwrap_or('?'),
            ),
            // Other characters led by these bytes are printable.
            [0xc2 | 0xe2, ..] => Front::Plain(1),
            [b, ..] => Front::Unsafe(1, char::from(*b)),
            [] => Front::Plain(0),
        }
    }

    fn clean(&mut self, mut bytes: &[u8]) -> io::Result<()> {
        while !bytes.is_empty() {
            match self.front(bytes) {
                Front::Plain(n) | Front::Color(n) => {
                    self.emit(&bytes[..n])?;
                    bytes = &bytes[n..];
                }
                Front::Unsafe(n, c) => {
                    self.show(c)?;
                    bytes = &bytes[n..];
                }
                Front::Unfinished => {
                    self.held.extend_from_slice(bytes);
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}

impl<W: Write> Drop for Guard<W> {
    fn drop(&mut self) {
        // Best effort: a writer that failed has already said so to whoever wrote.
        let _ = self.release().and_then(|()| self.spill());
    }
}

impl<W: Write> Write for Guard<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.held.is_empty() {
            self.clean(buf)?;
        } else {
            let mut joined = std::mem::take(&mut self.held);
            joined.extend_from_slice(buf);
            self.clean(&joined)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.spill()?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything written through a guard in pieces of `step` bytes.
    fn guarded(text: &[u8], sink: Sink, step: usize) -> String {
        let mut out = Vec::new();
        {
            let mut guard = Guard::new(&mut out, sink);
            for piece in text.chunks(step) {
                guard.write_all(piece).unwrap();
            }
            guard.finish().unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn controls_are_shown_as_cat_v_shows_them() {
        // The caret forms are ASCII 0x40 above the control: ESC 0x1b → `[` 0x5b, CR 0x0d → `M`.
        let cases = [
            ("plain words ≥ ⊕ →", "plain words ≥ ⊕ →"),
            ("two\nlines\tand a tab", "two\nlines\tand a tab"),
            ("\u{1b}]0;title\u{7}", "^[]0;title^G"),
            ("\u{1b}[2J\u{1b}[?1049h", "^[[2J^[[?1049h"),
            ("over\rwrite\u{8}", "over^Mwrite^H"),
            ("\u{0}\u{7f}", "^@^?"),
            ("csi \u{9b}2J and \u{85}", "csi \\u{9b}2J and \\u{85}"),
            ("\u{202e}evil\u{2066}", "\\u{202e}evil\\u{2066}"),
        ];
        for (input, shown) in cases {
            assert_eq!(printable(input), shown, "{input:?}");
            for step in [1, 2, 3, 64] {
                let sink = Sink::Text { color: false };
                assert_eq!(
                    guarded(input.as_bytes(), sink, step),
                    shown,
                    "{input:?} by {step}"
                );
            }
        }
    }

    #[test]
    fn colour_codes_pass_only_with_colour_on() {
        let text = "\u{1b}[1mbold\u{1b}[0m \u{1b}[31;1mred\u{1b}[0m";
        for step in [1, 2, 5, 100] {
            assert_eq!(
                guarded(text.as_bytes(), Sink::Text { color: true }, step),
                text
            );
            assert_eq!(
                guarded(text.as_bytes(), Sink::Text { color: false }, step),
                "^[[1mbold^[[0m ^[[31;1mred^[[0m"
            );
        }
        // Anything else that starts with ESC is shown even with colour on, cut or not.
        let sink = Sink::Text { color: true };
        assert_eq!(guarded(b"\x1b[2J\x1b]8;;x\x07", sink, 1), "^[[2J^[]8;;x^G");
        assert_eq!(guarded(b"end \x1b[1", sink, 1), "end ^[[1");
        assert_eq!(guarded(b"\x1b", sink, 1), "^[");
        let long = format!("\u{1b}[{}m", "1;".repeat(40));
        assert!(guarded(long.as_bytes(), sink, 7).starts_with("^[["));
    }

    #[test]
    fn json_gets_json_escapes_and_decodes_to_the_same_text() {
        let value = serde_json::json!({ "title": "a\u{1b}[2J\u{9b}\u{202e}\u{7f}z" });
        let raw = serde_json::to_string(&value).unwrap();
        for step in [1, 2, 3, 100] {
            let safe = guarded(raw.as_bytes(), Sink::Json, step);
            assert!(!safe.chars().any(unsafe_char), "{safe}");
            let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
            assert_eq!(back, value);
        }
    }

    #[test]
    fn the_plain_run_ends_at_the_first_byte_that_may_start_something_unsafe() {
        // Written from the definition, byte by byte: C0 but newline and tab, DEL, 0xC2, 0xE2.
        let starts =
            |b: u8| (b < 0x20 && b != b'\n' && b != b'\t') || matches!(b, 0x7f | 0xc2 | 0xe2);
        // Every byte value at every place of two words and a tail, among several fillers.
        for fill in [b'a', b'\n', b'\t', b' ', 0x80, 0xc3, 0xff] {
            for place in 0..19 {
                for value in 0..=255u8 {
                    let mut bytes = [fill; 19];
                    bytes[place] = value;
                    let expected = bytes.iter().position(|&b| starts(b)).unwrap_or(19);
                    assert_eq!(plain_run(&bytes), expected, "{fill:#x} {place} {value:#x}");
                }
            }
        }
    }

    #[test]
    fn printable_characters_near_the_unsafe_ones_pass() {
        // U+00A0..U+00FF follow C1 in the 0xC2/0xC3 lead bytes; U+2014 and U+2192 share 0xE2.
        let text = "\u{a0}é— → ‖ \u{2029} \u{2070}";
        assert_eq!(printable(text), text);
        for step in [1, 2, 3] {
            assert_eq!(
                guarded(text.as_bytes(), Sink::Text { color: false }, step),
                text
            );
        }
    }
}
