//! Reads a game graph from YAML: the only file that parses graph YAML. Unknown keys, oversized
//! files, alias bombs and absurd nesting are refused with one clear line.
//!
//! ```yaml
//! format: 1
//! title: A small game        # optional
//! positions:                 # name: [the positions one move leads to]
//!   start: [a, b]
//!   a: [end]
//!   b: [a, end]
//!   end: []
//! ```

use std::io::Read;
use std::path::Path;

use serde::Deserialize;
use serde_yaml::{Mapping, Value};

use crate::engine::EngineError;
use crate::engine::graph::GameGraph;

/// The largest graph file read.
pub const MAX_BYTES: u64 = 16 << 20;
/// The format this nimlab reads.
const FORMAT: u32 = 1;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphFile {
    format: u32,
    #[serde(default)]
    #[allow(dead_code)]
    title: Option<String>,
    positions: Mapping,
}

/// Reads and loads the graph file at `path`; `source` is how the user named it.
pub fn read(path: &Path, source: &str) -> Result<GameGraph, EngineError> {
    let bad = |reason: String| EngineError::BadGraph {
        source: source.to_string(),
        reason,
    };
    let file = std::fs::File::open(path).map_err(|e| bad(format!("cannot read it ({e})")))?;
    let mut text = String::new();
    file.take(MAX_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| bad(format!("cannot read it as text ({e})")))?;
    if text.len() as u64 > MAX_BYTES {
        return Err(bad(format!(
            "the file is larger than the {MAX_BYTES} bytes a graph may have"
        )));
    }
    load(source, &text)
}

/// Loads a graph from YAML text.
pub fn load(source: &str, text: &str) -> Result<GameGraph, EngineError> {
    let bad = |reason: String| EngineError::BadGraph {
        source: source.to_string(),
        reason,
    };
    if text.len() as u64 > MAX_BYTES {
        return Err(bad(format!(
            "the file is larger than the {MAX_BYTES} bytes a graph may have"
        )));
    }
    let file: GraphFile = serde_yaml::from_str(text).map_err(|e| bad(yaml_message(&e)))?;
    if file.format != FORMAT {
        return Err(bad(format!(
            "format {} is not one this nimlab reads (expected `format: {FORMAT}`)",
            file.format
        )));
    }
    let mut positions = Vec::with_capacity(file.positions.len());
    for (key, moves) in file.positions {
        let name = scalar_name(&key)
            .ok_or_else(|| bad("a position's name must be a word or a number".into()))?;
        let targets = match moves {
            Value::Null => Vec::new(),
            Value::Sequence(items) => items
                .iter()
                .map(|v| {
                    scalar_name(v).ok_or_else(|| {
                        bad(format!(
                            "the moves of `{name}` must be names of positions, like `{name}: [a, b]`"
                        ))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
            _ => {
                return Err(bad(format!(
                    "the moves of `{name}` must be a list, like `{name}: [a, b]` (or `[]` for none)"
                )));
            }
        };
        positions.push((name, targets));
    }
    GameGraph::new(source, positions)
}

/// A name from a YAML scalar: a string, or a number written as is.
fn scalar_name(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() && !s.contains(char::is_whitespace) => {
            Some(s.clone())
        }
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// serde_yaml's message in plainer words, with its line.
fn yaml_message(e: &serde_yaml::Error) -> String {
    let message = crate::text::shorten_quotes(&e.to_string(), 40);
    let (text, at) = match message.find(" at line ") {
        Some(i) => (&message[..i], &message[i + 1..]),
        None => (message.as_str(), ""),
    };
    let text = if text.contains("recursion limit exceeded") {
        "the YAML nests too deeply".to_string()
    } else if text.contains("repetition limit exceeded") {
        "the YAML expands too far through aliases (an alias bomb?)".to_string()
    } else {
        text.to_string()
    };
    if at.is_empty() {
        text
    } else {
        format!("{text} ({at})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str =
        "format: 1\ntitle: t\npositions:\n  start: [a, b]\n  a: [end]\n  b: [a, end]\n  end: []\n";

    #[test]
    fn loads_in_file_order() {
        let g = load("g.yaml", GOOD).unwrap();
        assert_eq!(g.len(), 4);
        assert_eq!(g.node("start"), Some(0));
        // end 0, a 1, b mex{1, 0} = 2, start mex{1, 2} = 0.
        assert_eq!(g.value(0), Some(0));
        assert_eq!(g.value(g.node("b").unwrap()), Some(2));
    }

    fn error_of(text: &str) -> String {
        load("g.yaml", text).unwrap_err().to_string()
    }

    #[test]
    fn refuses_bad_files_in_one_line() {
        let e = error_of("format: 1\ncolour: red\npositions: {a: []}\n");
        assert!(e.contains("unknown field `colour`"), "{e}");
        assert!(error_of("format: 2\npositions: {a: []}\n").contains("format 2"));
        assert!(error_of("format: 1\npositions: {a: 3}\n").contains("must be a list"));
        assert!(error_of("format: 1\npositions: {a: [b]}\n").contains("`b`"));
        assert!(error_of("format: 1\npositions: {a: [b], b: [a]}\n").contains("a → b → a"));
        for e in [error_of("format: 1\n"), error_of("")] {
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn refuses_hostile_yaml() {
        let bomb = "format: 1\npositions:\n  a: []\nx:\n  - &a [x, x, x, x, x, x, x, x, x]\n  - &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n  - &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n  - &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n  - &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  - &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n  - &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n  - &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n";
        let e = error_of(bomb);
        assert!(e.contains("alias") || e.contains("unknown field"), "{e}");
        let bomb_inside = "format: 1\npositions:\n  a: &a [b, b, b, b, b, b, b, b, b]\n  b: []\n  c: &c [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n  i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n";
        let e = error_of(bomb_inside);
        assert!(e.contains("alias") || e.contains("must be names"), "{e}");
        let deep = format!(
            "format: 1\npositions: {{a: {}1{}}}\n",
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        assert!(error_of(&deep).contains("nests too deeply"));
        let huge = format!(
            "format: 1\npositions: {{a: []}}\n{}",
            "#".repeat(MAX_BYTES as usize)
        );
        assert!(error_of(&huge).contains("larger than"));
    }
}
