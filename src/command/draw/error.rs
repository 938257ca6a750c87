//! What `draw` refuses or fails at: data with named fields, worded once in `Display`.

use std::fmt;
use std::path::PathBuf;

use crate::engine::quote::quoted;

/// Why `draw` drew nothing.
#[derive(Debug)]
pub enum DrawError {
    /// More positions are reachable than a picture can show.
    TooManyPositions { limit: usize },
    /// Walking the positions took more than `limit` units of work.
    TooMuchWork { limit: u64 },
    /// No piles on the line and no session position.
    NoPiles,
    /// Misère play, which Grundy values do not decide.
    Misere,
    /// `--plot` of a graph, whose positions have no sizes.
    PlotGraph,
    /// A plot of more than `limit` sizes.
    PlotTooWide { token: String, limit: u64 },
    /// `--plot` given more than one range.
    PlotTargets { extra: String },
    /// A `--format` that is not a picture's (`format`), or DOT for a plot.
    Format { format: String, plot: bool },
    /// An output file whose extension names a format nimlab does not write (`.png`).
    Extension { extension: String, plot: bool },
    /// Graphviz's `dot` is not installed (not on `PATH`).
    NoGraphviz,
    /// Graphviz's `dot` ran and failed, or could not be run.
    Graphviz { message: String },
    /// The output file exists and `--force` was not given.
    Exists { path: PathBuf },
    /// The output file names a directory, or is in a directory that does not exist.
    NotAFile { path: PathBuf, directory: bool },
    /// The output file is `kind` (a socket, a block device), which takes no picture.
    Special { path: PathBuf, kind: &'static str },
    /// The output file could not be written.
    WriteFile {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl DrawError {
    /// 3 when Graphviz or the disk failed (nothing typed was wrong), else 2: bad input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::NoGraphviz | Self::Graphviz { .. } | Self::WriteFile { .. } => 3,
            _ => 2,
        }
    }
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyPositions { limit } => write!(
                f,
                "more than {limit} positions are reachable, too many to look at; draw a smaller \
                 position (fewer or smaller piles, like `draw 4`)"
            ),
            Self::TooMuchWork { limit } => write!(
                f,
                "listing the reachable positions would take too long (more than {limit} heaps \
                 examined); draw a smaller position (fewer or smaller piles)"
            ),
            Self::NoPiles => f.write_str(
                "no piles given: write the position to draw, like `draw 3` or `draw 2 3`, or \
                 set the session's with `position 2 3`",
            ),
            Self::Misere => f.write_str(
                "misère play is not decided by Grundy values, so there are none to draw; draw \
                 the same moves under normal play with `--rules nim`",
            ),
            Self::PlotGraph => f.write_str(
                "a graph's positions have no sizes to plot values against; `draw --rules \
                 graph:FILE` draws the graph itself",
            ),
            Self::PlotTooWide { token, limit } => write!(
                f,
                "bad range {}: a plot shows at most {limit} sizes; plot a shorter range",
                quoted(token)
            ),
            Self::PlotTargets { extra } => write!(
                f,
                "{} is not valid here: `draw --plot` takes one range, like `0..200`",
                quoted(extra)
            ),
            Self::Format { format, plot: true } => write!(
                f,
                "`--format {format}` does not apply to `draw --plot`: a plot is drawn as svg"
            ),
            Self::Format {
                format,
                plot: false,
            } => write!(
                f,
                "`--format {format}` does not apply to `draw`: it draws as dot or svg"
            ),
            Self::NoGraphviz => f.write_str(
                "drawing SVG needs Graphviz's `dot`, which is not installed (not on PATH): \
                 install the `graphviz` package (`apt install graphviz`, `brew install \
                 graphviz`, `winget install graphviz`), or `--format dot` writes the graph for \
                 any Graphviz viewer",
            ),
            Self::Graphviz { message } => write!(f, "Graphviz's `dot` failed: {message}"),
            Self::Exists { path } => write!(
                f,
                "{} exists; add `--force` to replace it",
                quoted(&path.to_string_lossy())
            ),
            Self::NotAFile {
                path,
                directory: true,
            } => write!(
                f,
                "{} is a directory; write the picture to a file in it, like `-o {}/graph.svg`",
                quoted(&path.to_string_lossy()),
                path.display()
            ),
            Self::NotAFile {
                path,
                directory: false,
            } => write!(
                f,
                "cannot write {}: its directory does not exist",
                quoted(&path.to_string_lossy())
            ),
            Self::Extension {
                extension,
                plot: false,
            } => write!(
                f,
                "nimlab does not write `.{extension}` pictures: `-o` takes `.svg` (through \
                 Graphviz), `.dot` or `.gv`, or `--format dot|svg` names the format; for \
                 .{extension}, write DOT and convert it: `dot -T{extension} x.dot -o x.{extension}`"
            ),
            Self::Extension {
                extension,
                plot: true,
            } => write!(
                f,
                "nimlab does not write `.{extension}` plots: a plot is SVG (`-o plot.svg`)"
            ),
            Self::Special { path, kind } => write!(
                f,
                "{} is {kind}; write the picture to a file, a character device such as \
                 /dev/null, a pipe, or `-o -` for standard output",
                quoted(&path.to_string_lossy())
            ),
            Self::WriteFile { path, source } => write!(
                f,
                "cannot write {}: {source}",
                quoted(&path.to_string_lossy())
            ),
        }
    }
}

impl From<DrawError> for crate::error::Error {
    fn from(e: DrawError) -> Self {
        Self::Draw(e)
    }
}
