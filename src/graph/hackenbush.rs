//! Reads a Green Hackenbush picture from YAML, through the one YAML door (`crate::yaml`):
//!
//! ```yaml
//! format: 1
//! title: A triangle on a stalk   # optional
//! ground: g                      # the ground node's name
//! edges:                         # each edge as a pair of node names
//!   - [g, a]
//!   - [a, b]
//!   - [b, c]
//!   - [c, a]
//! ```
//!
//! Node names are letters, digits and `_`; loops (`[a, a]`) and repeated edges are allowed;
//! every node must be joined to the ground. Oversized files, alias bombs, deep nesting, unknown
//! keys, bad names and pictures that fall apart are refused with one line.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

use super::{BadFile, FileKind, FileWhy, ReadError};
use crate::engine::EngineError;
use crate::engine::PictureWhy;
use crate::engine::hackenbush_syntax::is_name;
use crate::engine::{MAX_EDGES, Picture, PictureError};
use crate::yaml;

/// The largest picture file read: far more than [`MAX_EDGES`] edges need.
pub const MAX_BYTES: u64 = 1 << 20;
/// The format this nimlab reads.
const FORMAT: u32 = 1;

const LIMITS: yaml::Limits = yaml::Limits {
    bytes: 1 << 20,
    depth: 8,
    expanded: 2 << 20,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PictureFile {
    format: u32,
    #[serde(default)]
    #[allow(dead_code)]
    title: Option<String>,
    ground: String,
    edges: Vec<(String, String)>,
}

/// Reads the picture file at `path`; `source` is how the user named it. Only a regular file
/// is read, and never more than [`MAX_BYTES`] of it.
pub fn read(path: &Path, source: &str) -> Result<Picture, ReadError> {
    let text = super::read_text(path, MAX_BYTES).map_err(|why| bad(source, why))?;
    load(source, &text)
}

/// Loads a picture from YAML text.
pub fn load(source: &str, text: &str) -> Result<Picture, ReadError> {
    let file: PictureFile =
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
    let built = |e| EngineError::BadPicture {
        token: source.to_string(),
        why: PictureWhy::Built(e),
    };
    if file.edges.len() > MAX_EDGES {
        return Err(built(PictureError::TooManyEdges { limit: MAX_EDGES }).into());
    }
    let mut names = Vec::new();
    let mut index = HashMap::new();
    let mut node = |name: &str| -> Result<usize, ReadError> {
        if !is_name(name) {
            return Err(bad(
                source,
                FileWhy::NodeName {
                    name: name.to_string(),
                },
            ));
        }
        if let Some(&i) = index.get(name) {
            return Ok(i);
        }
        names.push(name.to_string());
        index.insert(name.to_string(), names.len() - 1);
        Ok(names.len() - 1)
    };
    node(&file.ground)?;
    let edges = file
        .edges
        .iter()
        .map(|(a, b)| Ok((node(a)?, node(b)?)))
        .collect::<Result<Vec<_>, ReadError>>()?;
    Ok(Picture::new(names, edges).map_err(built)?)
}

/// The picture file `source`, refused for `why`.
fn bad(source: &str, why: FileWhy) -> ReadError {
    ReadError::File(BadFile {
        kind: FileKind::Picture,
        source: source.to_string(),
        why,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_a_picture_and_refuses_bad_ones() {
        let text = "format: 1\nground: floor\nedges:\n  - [floor, a]\n  - [a, b]\n  - [b, floor]\n";
        let p = load("t.yaml", text).unwrap();
        assert_eq!(p.names(), ["floor", "a", "b"]);
        assert_eq!(p.edges(), [(0, 1), (1, 2), (2, 0)]);
        for (bad, says) in [
            (
                "format: 2\nground: g\nedges: []\n",
                "Format { found: 2, expected: 1 }",
            ),
            (
                "format: 1\nground: g\nedges: [[g, a], [b, c]]\n",
                "NotGrounded { node: \"b\" }",
            ),
            (
                "format: 1\nground: g\nedges: [[g, a b]]\n",
                "NodeName { name: \"a b\" }",
            ),
            ("format: 1\nground: g\nedges: [[g]]\n", "line"),
            ("format: 1\nground: g\nedges: []\nextra: 1\n", "extra"),
            (
                "format: 1\nground: g\nedges: &a [[g, x], *a]\n",
                "kind: Recursive",
            ),
        ] {
            let err = format!("{:?}", load("t.yaml", bad).unwrap_err());
            assert!(err.contains(says), "{bad:?}: {err}");
        }
    }
}
