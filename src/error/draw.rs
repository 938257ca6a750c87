//! What `draw` refuses or fails at: data with named fields, worded in `render/`.

use std::path::PathBuf;

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
    /// `--plot` of a game whose states are tuples, not sizes.
    PlotTuples { game: String },
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
    Graphviz { why: GraphvizWhy },
    /// The output file exists and `--force` was not given.
    Exists { path: PathBuf },
    /// The output file names a directory, or is in a directory that does not exist.
    NotAFile { path: PathBuf, directory: bool },
    /// The output file is `kind` (a socket, a block device), which takes no picture.
    Special { path: PathBuf, kind: Unwritable },
    /// The output file is a FIFO that no one has open for reading: writing would wait for a
    /// reader for ever.
    NoReader { path: PathBuf },
    /// The output file could not be written.
    WriteFile {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// How Graphviz's `dot` failed.
#[derive(Debug)]
pub enum GraphvizWhy {
    /// It could not be started.
    NotStarted(std::io::Error),
    /// Its pipes could not be opened.
    NoPipes,
    /// Waiting for it failed.
    Wait(std::io::Error),
    /// It ran longer than `seconds`.
    TooLong { seconds: u64 },
    /// Its output could not be read.
    Unread,
    /// It exited with `status`; `complaint` is the first line it wrote on its standard error,
    /// made printable, if any.
    Exited {
        status: String,
        complaint: Option<String>,
    },
    /// Its SVG is not UTF-8.
    NotUtf8,
}

/// A file other than a regular one, a directory, a character device or a pipe, which no
/// picture is written to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unwritable {
    Socket,
    BlockDevice,
}

impl DrawError {
    /// 3 when Graphviz or the disk failed (nothing typed was wrong), else 2: bad input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::NoGraphviz
            | Self::Graphviz { .. }
            | Self::WriteFile { .. }
            | Self::NoReader { .. } => 3,
            _ => 2,
        }
    }
}

impl From<DrawError> for super::Error {
    fn from(e: DrawError) -> Self {
        Self::Draw(e)
    }
}
