//! How a message quotes what a user typed or a file held: in backticks, and never more than
//! [`QUOTE_MAX`] characters of it, so a 10 MB token makes a one-line error, not a 10 MB one. A
//! longer token shows its first 20 and last 10 characters and its length:
//! `` `12345678901234567890…7890` (100000 characters) ``. Every message that names a token
//! quotes it through [`quoted`]. (Control characters are made visible later, when the message
//! is printed.)

use std::fmt;

/// The most characters of a token a message shows whole.
pub const QUOTE_MAX: usize = 40;
/// A longer token shows this many characters from its start…
const HEAD: usize = 20;
/// …and this many from its end.
const TAIL: usize = 10;

/// `token` in backticks; a token longer than [`QUOTE_MAX`] characters is shortened and its
/// length given.
pub fn quoted(token: &str) -> Quoted<'_> {
    Quoted(token)
}

/// A token as a message shows it (see [`quoted`]).
#[derive(Debug, Clone, Copy)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", Shortened(self.0))?;
        let count = self.0.chars().count();
        if count > QUOTE_MAX && !is_excerpt(self.0) {
            write!(f, " ({count} characters)")?;
        }
        Ok(())
    }
}

/// `text` shortened as [`quoted`] shortens it, without backticks or length: for messages that
/// quote in their own way (clap's, an example inside a longer quotation).
pub fn shortened(text: &str) -> Shortened<'_> {
    Shortened(text)
}

/// A piece of text as a message shows it (see [`shortened`]).
#[derive(Debug, Clone, Copy)]
pub struct Shortened<'a>(&'a str);

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.chars().count();
        if count <= QUOTE_MAX || is_excerpt(self.0) {
            return f.write_str(self.0);
        }
        let head: String = self.0.chars().take(HEAD).collect();
        let tail: String = self.0.chars().skip(count - TAIL).collect();
        write!(f, "{head}…{tail}")
    }
}

/// Whether `text` is already an excerpt of a token too long to keep (its start and `…`, as the
/// pile reader makes without ever holding the whole token): it is shown as it is, bounded.
fn is_excerpt(text: &str) -> bool {
    text.ends_with('…') && text.len() <= 4 * crate::notation::pile::EXCERPT_CHARS * 2 + 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_tokens_show_their_ends_and_length() {
        assert_eq!(quoted("7T").to_string(), "`7T`");
        assert_eq!(quoted("").to_string(), "``");
        let forty = "x".repeat(40);
        assert_eq!(quoted(&forty).to_string(), format!("`{forty}`"));
        // 41 characters: 20 from the start, 10 from the end.
        let digits: String = (0..41).map(|i| char::from(b'0' + i % 10)).collect();
        assert_eq!(
            quoted(&digits).to_string(),
            "`01234567890123456789…1234567890` (41 characters)"
        );
        let long = "y".repeat(10_000_000);
        assert_eq!(
            quoted(&long).to_string(),
            format!(
                "`{}…{}` (10000000 characters)",
                "y".repeat(20),
                "y".repeat(10)
            )
        );
        // Characters, not bytes: `≥` is three bytes and counts once.
        let wide = "≥".repeat(41);
        assert_eq!(
            shortened(&wide).to_string(),
            format!("{}…{}", "≥".repeat(20), "≥".repeat(10))
        );
    }
}
