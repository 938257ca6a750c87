//! How a message quotes what a user typed or a file held: in backticks, and never more than
//! [`QUOTE_MAX`] characters of it, so a 10 MB token makes a one-line error, not a 10 MB one.
//! Every message that names a token quotes it through [`quoted`]. (Control characters are made
//! visible later, when the message is printed.)

use std::fmt;

/// The most characters of a token a message shows; a longer one is cut and ends with `…`.
pub const QUOTE_MAX: usize = 40;

/// `token` in backticks, cut to [`QUOTE_MAX`] characters with `…` if it is longer.
pub fn quoted(token: &str) -> Quoted<'_> {
    Quoted(token)
}

/// A token as a message shows it (see [`quoted`]).
#[derive(Debug, Clone, Copy)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", Shortened(self.0))
    }
}

/// `text` cut to [`QUOTE_MAX`] characters with `…` if it is longer, without backticks: for
/// messages that quote in their own way (clap's `'…'`, a path in a sentence).
pub fn shortened(text: &str) -> Shortened<'_> {
    Shortened(text)
}

/// A piece of text as a message shows it (see [`shortened`]).
#[derive(Debug, Clone, Copy)]
pub struct Shortened<'a>(&'a str);

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(QUOTE_MAX) {
            None => f.write_str(self.0),
            Some((cut, _)) => write!(f, "{}…", &self.0[..cut]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_tokens_are_cut_to_forty_characters() {
        assert_eq!(quoted("7T").to_string(), "`7T`");
        assert_eq!(quoted("").to_string(), "``");
        let forty = "x".repeat(40);
        assert_eq!(quoted(&forty).to_string(), format!("`{forty}`"));
        let long = "y".repeat(10_000_000);
        assert_eq!(quoted(&long).to_string(), format!("`{}…`", "y".repeat(40)));
        // Characters, not bytes: `≥` is three bytes and counts once.
        let wide = "≥".repeat(41);
        assert_eq!(shortened(&wide).to_string(), format!("{}…", "≥".repeat(40)));
    }
}
