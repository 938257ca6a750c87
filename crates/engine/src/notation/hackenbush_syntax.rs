//! How a Hackenbush picture is written on a line, one word per component:
//!
//! - `5`: a bamboo stalk of 5 edges;
//! - `2(1,3)`: a tree — a stalk of 2 edges carrying, on its top node, the trees in the
//!   parentheses (here stalks of 1 and 3); they nest: `1(1(1,1),2)`;
//! - `(g-a,a-b,b-g)`: any picture by its edges, `g` the ground; loops (`a-a`) and repeated
//!   edges allowed — here a triangle standing on the ground.
//!
//! Read without recursion, within [`MAX_WRITTEN`] characters and the picture's edge limit.

use crate::families::hackenbush::{MAX_EDGES, Picture, PictureError};
use crate::notation::pile::token_excerpt;

/// The longest word read as a picture.
pub(crate) const MAX_WRITTEN: usize = 20_000;
/// The longest node name.
pub const MAX_NAME: usize = 32;

/// Why a written picture was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WrittenError {
    /// The word is longer than [`MAX_WRITTEN`].
    TooLong { limit: usize },
    /// At character `at` (0-based), `found` (or the end) where `expected` was.
    Syntax {
        at: usize,
        found: Option<char>,
        expected: PictureToken,
    },
    /// Between commas, something that is not an edge `a-b`.
    BadEdge { edge: String },
    /// A node name that is not letters, digits and `_`, or too long.
    BadName { name: String },
    /// The picture it describes cannot be built.
    Picture(PictureError),
}

/// What a written picture needed where it had something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureToken {
    /// The `)` that ends a list of edges.
    EdgesClose,
    /// A stalk's length: digits.
    StalkLength,
    /// The end of the word, or a `(` after a stalk.
    EndOrBranch,
    /// Between a tree's branches: `,` or `)`.
    CommaOrClose,
}

impl From<PictureError> for WrittenError {
    fn from(e: PictureError) -> Self {
        Self::Picture(e)
    }
}

/// Reads one written picture.
pub fn parse(word: &str) -> Result<Picture, WrittenError> {
    if word.len() > MAX_WRITTEN {
        return Err(WrittenError::TooLong { limit: MAX_WRITTEN });
    }
    if word.starts_with('(') {
        edges(word)
    } else {
        tree(word)
    }
}

/// Whether `name` may name a node.
pub fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `(g-a,a-b)`: the ground is `g`, other nodes numbered as first met.
fn edges(word: &str) -> Result<Picture, WrittenError> {
    let inner = word
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .ok_or(WrittenError::Syntax {
            at: word.chars().count(),
            found: None,
            expected: PictureToken::EdgesClose,
        })?;
    let mut names = vec!["g".to_string()];
    let mut index = std::collections::HashMap::from([("g".to_string(), 0usize)]);
    let mut list = Vec::new();
    if inner.is_empty() {
        return Ok(Picture::new(names, list)?);
    }
    for edge in inner.split(',') {
        let Some((a, b)) = edge.split_once('-') else {
            return Err(WrittenError::BadEdge {
                edge: token_excerpt(edge.as_bytes()),
            });
        };
        let mut node = |name: &str| -> Result<usize, WrittenError> {
            if !is_name(name) {
                return Err(WrittenError::BadName {
                    name: token_excerpt(name.as_bytes()),
                });
            }
            if let Some(&i) = index.get(name) {
                return Ok(i);
            }
            names.push(name.to_string());
            index.insert(name.to_string(), names.len() - 1);
            Ok(names.len() - 1)
        };
        let pair = (node(a)?, node(b)?);
        if list.len() == MAX_EDGES {
            return Err(PictureError::TooManyEdges { limit: MAX_EDGES }.into());
        }
        list.push(pair);
    }
    Ok(Picture::new(names, list)?)
}

/// `2(1,3)`: stalks carrying trees, read with an explicit stack of the open parentheses'
/// nodes. Nodes are named `g`, `1`, `2`, … in the order written.
fn tree(word: &str) -> Result<Picture, WrittenError> {
    let chars: Vec<char> = word.chars().collect();
    let mut at = 0;
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut nodes = 1usize;
    let mut open: Vec<usize> = Vec::new();
    let mut attach = 0usize;
    let syntax = |at: usize, expected| WrittenError::Syntax {
        at,
        found: chars.get(at).copied(),
        expected,
    };
    loop {
        let start = at;
        while chars.get(at).is_some_and(char::is_ascii_digit) {
            at += 1;
        }
        if at == start {
            return Err(syntax(at, PictureToken::StalkLength));
        }
        let digits: String = chars[start..at].iter().collect();
        let length = digits
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= MAX_EDGES - edges.len())
            .ok_or(PictureError::TooManyEdges { limit: MAX_EDGES })?;
        let mut top = attach;
        for _ in 0..length {
            edges.push((top, nodes));
            top = nodes;
            nodes += 1;
        }
        if chars.get(at) == Some(&'(') {
            at += 1;
            open.push(top);
            attach = top;
            continue;
        }
        loop {
            match chars.get(at) {
                None if open.is_empty() => {
                    let names = std::iter::once("g".to_string())
                        .chain((1..nodes).map(|i| i.to_string()))
                        .collect();
                    return Ok(Picture::new(names, edges)?);
                }
                Some(',') if !open.is_empty() => {
                    at += 1;
                    attach = open.last().copied().unwrap_or(0);
                    break;
                }
                Some(')') if !open.is_empty() => {
                    at += 1;
                    open.pop();
                }
                _ if open.is_empty() => return Err(syntax(at, PictureToken::EndOrBranch)),
                _ => return Err(syntax(at, PictureToken::CommaOrClose)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stalks_trees_and_edges() {
        let five = parse("5").unwrap();
        assert_eq!(five.edges(), [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
        let y = parse("2(1,3)").unwrap();
        assert_eq!(y.edges(), [(0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (5, 6)]);
        let nested = parse("1(1(1,1),0)").unwrap();
        assert_eq!(nested.edges(), [(0, 1), (1, 2), (2, 3), (2, 4)]);
        let triangle = parse("(g-a,a-b,b-g)").unwrap();
        assert_eq!(triangle.edges(), [(0, 1), (1, 2), (2, 0)]);
        assert_eq!(triangle.names(), ["g", "a", "b"]);
        assert_eq!(parse("(g-g,g-g)").unwrap().edges(), [(0, 0), (0, 0)]);
        assert!(parse("0").unwrap().edges().is_empty());
        assert!(parse("()").unwrap().edges().is_empty());
    }

    #[test]
    fn refuses_bad_words_saying_where() {
        for bad in [
            "",
            "x",
            "2(",
            "2(1",
            "2(1,)",
            "2)",
            "2(1))",
            "2 (1)",
            "-3",
            "(g-a",
            "(g-a,)",
            "(g-a,b)",
            "(g-a,a-b-c)",
            "(g-a,a-é)",
            "(a-b)",
            "(g-a,b-c)",
            "2(1)(1)",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse("(g-a,b-c)"),
            Err(WrittenError::Picture(PictureError::NotGrounded {
                node: "b".into()
            }))
        );
        assert_eq!(
            parse("99999999999999999999999"),
            Err(WrittenError::Picture(PictureError::TooManyEdges {
                limit: MAX_EDGES
            }))
        );
        assert_eq!(
            parse("4000(4000)"),
            Err(WrittenError::Picture(PictureError::TooManyEdges {
                limit: MAX_EDGES
            }))
        );
        // Deep nesting is read without recursion (and without edges, it costs nothing).
        let deep = format!("{}1{}", "0(".repeat(6_000), ")".repeat(6_000));
        assert_eq!(parse(&deep).unwrap().edges(), [(0, 1)]);
        assert!(matches!(
            parse(&"1(".repeat(20_000)),
            Err(WrittenError::TooLong { .. })
        ));
    }
}
