//! The words of a graph or picture file that does not read as one (`graph/`'s [`BadFile`]),
//! and of what the graph reader tells serde a graph file must hold ([`Shape`]).

use std::fmt;

use super::engine_words::Said;
use crate::engine::hackenbush_syntax::MAX_NAME;
use crate::engine::quoted;
use crate::engine::token_excerpt;
use crate::graph::{BadFile, FileKind, FileWhy, Shape};

impl fmt::Display for Said<'_, BadFile> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BadFile { kind, source, why } = self.0;
        let what = match kind {
            FileKind::Graph => "graph",
            FileKind::Picture => "picture",
        };
        match kind {
            FileKind::Graph => write!(f, "bad game graph {}: ", quoted(source))?,
            FileKind::Picture => write!(f, "bad Hackenbush picture {}: ", quoted(source))?,
        }
        match why {
            // A path that names nothing: the graphs nimlab has without a file.
            FileWhy::Unreadable(e)
                if e.kind() == std::io::ErrorKind::NotFound && *kind == FileKind::Graph =>
            {
                let names: Vec<String> = crate::lesson::graphs::names()
                    .iter()
                    .map(|name| format!("`graph:{name}`"))
                    .collect();
                write!(
                    f,
                    "no such file; the graphs bundled with nimlab are named without a path: {}",
                    names.join(", ")
                )
            }
            FileWhy::Unreadable(e) => write!(f, "cannot read it ({e})"),
            FileWhy::NotRegular { kind } => {
                write!(f, "cannot read it: it is a {kind}, not a regular file")
            }
            FileWhy::TooLarge { max } => {
                write!(
                    f,
                    "the file is larger than the {max} bytes a {what} may have"
                )
            }
            FileWhy::NotUtf8 { line } => write!(f, "it is not UTF-8 text (at line {line})"),
            FileWhy::Yaml(e) => match (e.line, e.column) {
                (Some(line), Some(column)) => write!(f, "{e} (at line {line}, column {column})"),
                (Some(line), None) => write!(f, "{e} (at line {line})"),
                _ => write!(f, "{e}"),
            },
            FileWhy::Format { found, expected } => write!(
                f,
                "format {found} is not one this nimlab reads (expected `format: {expected}`)"
            ),
            FileWhy::NodeName { name } => write!(
                f,
                "`{}` is not a node name (letters, digits and `_`, at most {MAX_NAME})",
                token_excerpt(name.as_bytes())
            ),
        }
    }
}

impl fmt::Display for Shape<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Positions => {
                f.write_str("a map from each position's name to the positions its moves lead to")
            }
            Shape::MovesOf { from } => write!(f, "the list of positions `{from}` moves to"),
            Shape::PositionName => f.write_str("a position's name must be a word or a number"),
            Shape::MoveNames { from } => write!(
                f,
                "the moves of `{from}` must be names of positions, like `{from}: [a, b]`"
            ),
            Shape::MoveList { from } => write!(
                f,
                "the moves of `{from}` must be a list, like `{from}: [a, b]` (or `[]` for none)"
            ),
            Shape::Nothing => f.write_str(
                "YAML reads `~`, `null` and an empty name as nothing, not as a name: quote a \
                 position called so, like `\"null\"`",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::yaml::{YamlError, YamlErrorKind};

    fn said(kind: FileKind, why: FileWhy) -> String {
        Said(&BadFile {
            kind,
            source: "g.yaml".into(),
            why,
        })
        .to_string()
    }

    #[test]
    fn a_refused_file_is_named_and_says_why() {
        let graph = |why| said(FileKind::Graph, why);
        let picture = |why| said(FileKind::Picture, why);
        assert_eq!(
            graph(FileWhy::Unreadable(Arc::new(std::io::Error::other("gone")))),
            "bad game graph `g.yaml`: cannot read it (gone)"
        );
        assert_eq!(
            picture(FileWhy::NotRegular {
                kind: crate::capped_read::FileKind::Fifo
            }),
            "bad Hackenbush picture `g.yaml`: cannot read it: it is a FIFO, not a regular file"
        );
        assert_eq!(
            graph(FileWhy::TooLarge { max: 16 }),
            "bad game graph `g.yaml`: the file is larger than the 16 bytes a graph may have"
        );
        assert_eq!(
            picture(FileWhy::TooLarge { max: 8 }),
            "bad Hackenbush picture `g.yaml`: the file is larger than the 8 bytes a picture may have"
        );
        assert_eq!(
            graph(FileWhy::NotUtf8 { line: 4 }),
            "bad game graph `g.yaml`: it is not UTF-8 text (at line 4)"
        );
        assert_eq!(
            graph(FileWhy::Format {
                found: 2,
                expected: 1
            }),
            "bad game graph `g.yaml`: format 2 is not one this nimlab reads (expected `format: 1`)"
        );
        assert_eq!(
            picture(FileWhy::NodeName { name: "a b".into() }),
            format!(
                "bad Hackenbush picture `g.yaml`: `a b` is not a node name (letters, digits and `_`, at most {MAX_NAME})"
            )
        );
    }

    #[test]
    fn the_yaml_readers_complaint_is_placed_where_it_is_known() {
        let yaml = |line, column| {
            said(
                FileKind::Graph,
                FileWhy::Yaml(YamlError {
                    line,
                    column,
                    kind: YamlErrorKind::Recursive,
                }),
            )
        };
        let words = "bad game graph `g.yaml`: an alias refers to the node that contains it";
        assert_eq!(
            yaml(Some(2), Some(20)),
            format!("{words} (at line 2, column 20)")
        );
        assert_eq!(yaml(Some(2), None), format!("{words} (at line 2)"));
        assert_eq!(yaml(None, None), words);
    }

    #[test]
    fn what_a_graph_file_must_hold() {
        let cases = [
            (
                Shape::Positions,
                "a map from each position's name to the positions its moves lead to",
            ),
            (
                Shape::MovesOf { from: "a" },
                "the list of positions `a` moves to",
            ),
            (
                Shape::PositionName,
                "a position's name must be a word or a number",
            ),
            (
                Shape::MoveNames { from: "a" },
                "the moves of `a` must be names of positions, like `a: [a, b]`",
            ),
            (
                Shape::MoveList { from: "start" },
                "the moves of `start` must be a list, like `start: [a, b]` (or `[]` for none)",
            ),
        ];
        for (shape, words) in cases {
            assert_eq!(shape.to_string(), words);
        }
    }
}
