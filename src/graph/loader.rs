//! Reads a game graph from YAML, through the one YAML door (`crate::yaml`). Unknown keys,
//! oversized files, alias bombs and absurd nesting are refused with one clear line.
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

use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{BadFile, FileKind, FileWhy, ReadError, Shape};
use crate::engine::GameGraph;
use crate::yaml;

/// The largest graph file read.
pub const MAX_BYTES: u64 = 16 << 20;
/// The format this nimlab reads.
const FORMAT: u32 = 1;

/// What reading a graph's YAML may cost.
const LIMITS: yaml::Limits = yaml::Limits {
    bytes: 16 << 20,
    depth: 64,
    expanded: 32 << 20,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphFile {
    format: u32,
    #[serde(default)]
    #[allow(dead_code)]
    title: Option<String>,
    positions: Positions,
}

/// Each position's name and the names its moves lead to, in file order.
#[derive(Debug)]
struct Positions(Vec<(String, Vec<String>)>);

/// Reads and loads the graph file at `path`; `source` is how the user named it. Only a regular
/// file is read (a FIFO or a device is refused without being opened for reading), and never
/// more than [`MAX_BYTES`] of it, whatever length it reports.
pub fn read(path: &Path, source: &str) -> Result<GameGraph, ReadError> {
    let text = super::read_text(path, MAX_BYTES).map_err(|why| bad(source, why))?;
    load(source, &text)
}

/// Loads a graph from YAML text.
pub fn load(source: &str, text: &str) -> Result<GameGraph, ReadError> {
    let file: GraphFile =
        yaml::from_str(text, &LIMITS).map_err(|e| bad(source, super::yaml_why(e, MAX_BYTES)))?;
    if file.format != FORMAT {
        return Err(bad(
            source,
            FileWhy::Format {
                found: file.format,
                expected: FORMAT,
            },
        ));
    }
    Ok(GameGraph::new(source, file.positions.0)?)
}

/// The graph file `source`, refused for `why`.
fn bad(source: &str, why: FileWhy) -> ReadError {
    ReadError::File(BadFile {
        kind: FileKind::Graph,
        source: source.to_string(),
        why,
    })
}

impl<'de> Deserialize<'de> for Positions {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(PositionsVisitor)
    }
}

struct PositionsVisitor;

impl<'de> Visitor<'de> for PositionsVisitor {
    type Value = Positions;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Shape::Positions, f)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Positions, A::Error> {
        let mut positions = Vec::new();
        let key = Name {
            complaint: Shape::PositionName,
        };
        while let Some(name) = map.next_key_seed(key)? {
            let moves = map.next_value_seed(Moves { from: &name })?;
            positions.push((name, moves));
        }
        Ok(Positions(positions))
    }
}

/// The list of moves of the position `from`: a list of names, or nothing for none.
struct Moves<'a> {
    from: &'a str,
}

impl<'de> DeserializeSeed<'de> for Moves<'_> {
    type Value = Vec<String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<String>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Moves<'_> {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Shape::MovesOf { from: self.from }, f)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Vec<String>, E> {
        Ok(Vec::new())
    }

    fn visit_none<E: de::Error>(self) -> Result<Vec<String>, E> {
        Ok(Vec::new())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let target = Name {
            complaint: Shape::MoveNames { from: self.from },
        };
        let mut targets = Vec::new();
        while let Some(name) = seq.next_element_seed(target)? {
            targets.push(name);
        }
        Ok(targets)
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Vec<String>, A::Error> {
        Err(self.not_a_list())
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Vec<String>, E> {
        Err(self.not_a_list())
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Vec<String>, E> {
        Err(self.not_a_list())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Vec<String>, E> {
        Err(self.not_a_list())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Vec<String>, E> {
        Err(self.not_a_list())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Vec<String>, E> {
        Err(self.not_a_list())
    }
}

impl Moves<'_> {
    fn not_a_list<E: de::Error>(&self) -> E {
        E::custom(Shape::MoveList { from: self.from })
    }
}

/// A position's name from a YAML scalar: a word without spaces, or a number as written in
/// decimal. Anything else is refused with `complaint`.
#[derive(Clone, Copy)]
struct Name<'a> {
    complaint: Shape<'a>,
}

impl<'de> DeserializeSeed<'de> for Name<'_> {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        // Nothing (`~`, `null`) is told apart first; any other scalar is read as written, so
        // `yes`, `01` and `1.0` stay the names they look like (read as YAML values, they were
        // a boolean and the number 1).
        deserializer.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for Name<'_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.complaint, f)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        if v.trim().is_empty() || v.contains(char::is_whitespace) {
            return Err(E::custom(self.complaint));
        }
        Ok(v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
        if v.is_finite() {
            Ok(v.to_string())
        } else {
            Err(E::custom(self.complaint))
        }
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<String, E> {
        Err(E::custom(self.complaint))
    }

    fn visit_unit<E: de::Error>(self) -> Result<String, E> {
        Err(E::custom(Shape::Nothing))
    }

    fn visit_none<E: de::Error>(self) -> Result<String, E> {
        Err(E::custom(Shape::Nothing))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        // A list or a map where a name should be: the reader's complaint, not the YAML
        // crate's "expected text".
        let complaint = self.complaint;
        deserializer
            .deserialize_str(self)
            .map_err(|_| de::Error::custom(complaint))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<String, A::Error> {
        Err(de::Error::custom(self.complaint))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<String, A::Error> {
        Err(de::Error::custom(self.complaint))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineError;
    use crate::engine::GraphWhy;
    use crate::yaml::{YamlError, YamlErrorKind};

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

    /// Why the file was refused, as data.
    fn error_of(text: &str) -> FileWhy {
        match load("g.yaml", text).unwrap_err() {
            ReadError::File(BadFile {
                kind: FileKind::Graph,
                source,
                why,
            }) if source == "g.yaml" => why,
            other => panic!("{other:?}"),
        }
    }

    /// The YAML reader's complaint: its message (a [`Shape`]'s words come back in it, through
    /// serde) and where.
    fn yaml_of(text: &str) -> (String, Option<usize>, Option<usize>) {
        match error_of(text) {
            FileWhy::Yaml(e) => (e.to_string(), e.line, e.column),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn refuses_bad_files_in_one_line() {
        let (e, ..) = yaml_of("format: 1\ncolour: red\npositions: {a: []}\n");
        assert!(e.contains("unknown field `colour`"), "{e}");
        assert!(matches!(
            error_of("format: 2\npositions: {a: []}\n"),
            FileWhy::Format {
                found: 2,
                expected: 1
            }
        ));
        let list = Shape::MoveList { from: "a" }.to_string();
        assert_eq!(
            yaml_of("format: 1\npositions: {a: 3}\n"),
            (list, Some(2), Some(16))
        );
        assert!(matches!(
            load("g.yaml", "format: 1\npositions: {a: [b]}\n").unwrap_err(),
            ReadError::Engine(EngineError::BadGraph {
                source,
                why: GraphWhy::Unlisted { from, to },
            }) if source == "g.yaml" && from == "a" && to == "b"
        ));
        for text in ["format: 1\n", ""] {
            let (e, ..) = yaml_of(text);
            assert!(!e.contains('\n'), "{e}");
        }
        assert_eq!(
            yaml_of("format: 1\npositions:\n  a: [b, [c]]\n  b: []\n"),
            (
                Shape::MoveNames { from: "a" }.to_string(),
                Some(3),
                Some(10)
            )
        );
        for bad in ["\"a b\": []", "[a]: []"] {
            let (e, line, _) = yaml_of(&format!("format: 1\npositions:\n  {bad}\n"));
            assert_eq!((e, line), (Shape::PositionName.to_string(), Some(3)));
        }
        // Nothing, to YAML: said so, with the way out.
        let (e, line, _) = yaml_of("format: 1\npositions:\n  ~: []\n");
        assert_eq!((e, line), (Shape::Nothing.to_string(), Some(3)));
        // A word YAML would read as a boolean is the name as written.
        let g = load("g.yaml", "format: 1\npositions:\n  true: [no]\n  no: []\n").unwrap();
        assert_eq!((g.node("true"), g.node("no")), (Some(0), Some(1)));
        let (e, line, _) = yaml_of("format: 1\npositions:\n  a: []\n  a: []\n");
        assert!(e.contains("`a` is given twice"), "{e}");
        assert_eq!(line, Some(4));
    }

    #[test]
    fn names_are_words_or_numbers_and_no_moves_may_be_left_empty() {
        // 7 → 3 and 5; 5 → 3; 3 and end have no moves: 3 = 0, end = 0, 5 = mex{0} = 1,
        // 7 = mex{0, 1} = 2.
        let g = load(
            "g.yaml",
            "format: 1\npositions:\n  7: [3, 5]\n  5: [3]\n  3:\n  end: ~\n",
        )
        .unwrap();
        let values: Vec<u128> = ["7", "5", "3", "end"]
            .iter()
            .map(|n| g.value(g.node(n).unwrap()).unwrap())
            .collect();
        assert_eq!(values, [2, 1, 0, 0]);
    }

    #[test]
    fn a_cycle_is_read() {
        // a ⇄ b: play never ends, and neither has a finite option: ∞(∅) both.
        let g = load("g.yaml", "format: 1\npositions: {a: [b], b: [a]}\n").unwrap();
        assert!(g.is_loopy());
        assert_eq!(
            g.gamma(0),
            Some(crate::engine::loopy::Gamma::Infinite(Vec::new()))
        );
    }

    #[test]
    fn the_yaml_size_limit_is_the_file_size_limit() {
        assert_eq!(u64::try_from(LIMITS.bytes), Ok(MAX_BYTES));
    }

    #[test]
    fn refuses_hostile_yaml() {
        let bomb = "format: 1\npositions:\n  a: []\nx:\n  - &a [x, x, x, x, x, x, x, x, x]\n  - &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n  - &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n  - &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n  - &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  - &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n  - &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n  - &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n";
        let (e, ..) = yaml_of(bomb);
        assert!(e.contains("alias") || e.contains("unknown field"), "{e}");
        let bomb_inside = "format: 1\npositions:\n  a: &a [b, b, b, b, b, b, b, b, b]\n  b: []\n  c: &c [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n  i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n";
        let (e, ..) = yaml_of(bomb_inside);
        assert!(e.contains("alias") || e.contains("must be names"), "{e}");
        let deep = format!(
            "format: 1\npositions: {{a: {}1{}}}\n",
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        assert!(matches!(
            error_of(&deep),
            FileWhy::Yaml(YamlError {
                kind: YamlErrorKind::TooDeep { limit: 64 },
                ..
            })
        ));
        let huge = format!(
            "format: 1\npositions: {{a: []}}\n{}",
            "#".repeat(usize::try_from(MAX_BYTES).unwrap())
        );
        assert!(matches!(
            error_of(&huge),
            FileWhy::TooLarge { max: MAX_BYTES }
        ));
    }
}
