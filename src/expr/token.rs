//! Tokens of the expression language and the lexer that produces them. Spans are byte ranges
//! into the source, so an error can point at the exact column.

use std::ops::Range;

use super::error::{ErrorKind, ExprError, Found, TooLarge, Wanted};

/// One token with where it sits in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    pub kind: TokenKind,
    pub span: Range<usize>,
}

/// What a token is. Keywords (`and`, `if`, `all`, …) are names; the parser tells them apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum TokenKind {
    Int(i128),
    Name(String),
    /// An operator or bracket, spelled canonically (`<=` for `≤`, `xor` for `^` and `⊕`).
    Punct(&'static str),
    End,
}

impl TokenKind {
    /// The token as an error names it.
    pub(super) fn found(&self) -> Found {
        match self {
            Self::Int(v) => Found::Token(v.to_string()),
            Self::Name(n) => Found::Token(n.clone()),
            Self::Punct(p) => Found::Token((*p).to_string()),
            Self::End => Found::End,
        }
    }
}

/// Multi-character operators first, so `..` wins over `.` and `<=` over `<`.
const PUNCTS: &[(&str, &str)] = &[
    ("..", ".."),
    ("==", "="),
    ("!=", "!="),
    ("<=", "<="),
    (">=", ">="),
    ("**", "**"),
    ("≠", "!="),
    ("≤", "<="),
    ("≥", ">="),
    ("⊕", "xor"),
    ("⊗", "nimmul"),
    ("∪", "union"),
    ("+", "+"),
    ("-", "-"),
    ("−", "-"),
    ("*", "*"),
    ("/", "/"),
    ("%", "%"),
    ("^", "xor"),
    ("(", "("),
    (")", ")"),
    ("{", "{"),
    ("}", "}"),
    ("[", "["),
    ("]", "]"),
    (",", ","),
    (":", ":"),
    // A lone `.` only appears in octal codes (`octal:0.77`); `..` is matched first.
    (".", "."),
    ("=", "="),
    ("<", "<"),
    (">", ">"),
];

/// Splits `source` into tokens, ending with [`TokenKind::End`].
pub(super) fn lex(source: &str) -> Result<Vec<Token>, ExprError> {
    let mut tokens = Vec::new();
    let mut rest = source.char_indices().peekable();
    while let Some(&(start, c)) = rest.peek() {
        if c.is_whitespace() {
            rest.next();
            continue;
        }
        if c.is_ascii_digit() {
            let mut end = start;
            while let Some(&(i, d)) = rest.peek() {
                if d.is_ascii_digit() || d == '_' {
                    end = i + d.len_utf8();
                    rest.next();
                } else {
                    break;
                }
            }
            let text: String = source[start..end].chars().filter(|&d| d != '_').collect();
            let value = text.parse::<i128>().map_err(|_| {
                ExprError::new(
                    ErrorKind::Overflow {
                        what: TooLarge::Literal(source[start..end].to_string()),
                    },
                    start..end,
                )
            })?;
            tokens.push(Token {
                kind: TokenKind::Int(value),
                span: start..end,
            });
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let mut end = start;
            while let Some(&(i, d)) = rest.peek() {
                if d.is_alphanumeric() || d == '_' {
                    end = i + d.len_utf8();
                    rest.next();
                } else {
                    break;
                }
            }
            tokens.push(Token {
                kind: TokenKind::Name(source[start..end].to_string()),
                span: start..end,
            });
            continue;
        }
        let tail = &source[start..];
        let Some(&(spelled, canonical)) = PUNCTS.iter().find(|(p, _)| tail.starts_with(p)) else {
            return Err(ExprError::new(
                ErrorKind::Syntax {
                    found: Found::Token(c.to_string()),
                    wanted: Wanted::Token,
                },
                start..start + c.len_utf8(),
            ));
        };
        let end = start + spelled.len();
        while rest.peek().is_some_and(|&(i, _)| i < end) {
            rest.next();
        }
        tokens.push(Token {
            kind: TokenKind::Punct(canonical),
            span: start..end,
        });
    }
    tokens.push(Token {
        kind: TokenKind::End,
        span: source.len()..source.len(),
    });
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<TokenKind> {
        lex(source).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn lexes_numbers_names_and_operators() {
        use TokenKind::*;
        assert_eq!(
            kinds("3 ^ 1_000 ≤ nT"),
            [
                Int(3),
                Punct("xor"),
                Int(1000),
                Punct("<="),
                Name("nT".into()),
                End
            ]
        );
        assert_eq!(
            kinds("0..n-1"),
            [
                Int(0),
                Punct(".."),
                Name("n".into()),
                Punct("-"),
                Int(1),
                End
            ]
        );
    }

    #[test]
    fn spans_are_byte_ranges() {
        let tokens = lex("7T ≥ 2").unwrap();
        assert_eq!(tokens[0].span, 0..1);
        assert_eq!(tokens[1].span, 1..2);
        assert_eq!(tokens[2].span, 3..6);
    }

    #[test]
    fn refuses_stray_characters_and_huge_literals() {
        assert!(lex("3 $ 4").is_err());
        assert!(lex("1000000000000000000000000000000000000000000").is_err());
    }
}
