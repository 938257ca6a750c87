//! Why a graph or picture file was refused before the engine saw what it holds: data, worded
//! in `render/graph_file.rs`.

use std::io;
use std::sync::Arc;

use crate::engine::EngineError;
use crate::yaml::YamlError;

/// What a file of this family holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A game graph (`--rules graph:FILE`, a lesson's `graph:NAME`).
    Graph,
    /// A Green Hackenbush picture (`--rules hackenbush --file PICTURE.yaml`).
    Picture,
}

/// A graph or picture file refused: which file (`source`, as the user named it), of which
/// kind, and why.
#[derive(Debug, Clone)]
pub struct BadFile {
    pub kind: FileKind,
    pub source: String,
    pub why: FileWhy,
}

/// Why a graph or picture file was refused.
#[derive(Debug, Clone)]
pub enum FileWhy {
    /// Opening or reading it failed.
    Unreadable(Arc<io::Error>),
    /// A directory, FIFO, device or socket (`kind` names which) where a file should be.
    NotRegular { kind: crate::capped_read::FileKind },
    /// Longer than the `max` bytes a file of its kind may have.
    TooLarge { max: u64 },
    /// Not UTF-8 text: `line` is the first line with a bad byte.
    NotUtf8 { line: usize },
    /// YAML that does not read as a file of its kind: the YAML reader's complaint, with where.
    /// A complaint of the graph reader's own ([`Shape`]) comes back this way, through serde.
    Yaml(YamlError),
    /// `format:` is not the one this nimlab reads (`expected`).
    Format { found: u32, expected: u32 },
    /// A picture's node name that is not letters, digits and `_` (or is too long).
    NodeName { name: String },
}

/// What a graph file's YAML must hold where it holds something else. serde carries a reader's
/// complaint as text, so the graph reader hands it this, worded by its `Display` in
/// `render/graph_file.rs`, and the words come back inside the [`YamlError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape<'a> {
    /// `positions:`, a map from names to lists of names.
    Positions,
    /// The list of positions `from` moves to.
    MovesOf { from: &'a str },
    /// A position's name: a word or a number.
    PositionName,
    /// Each move of `from`: a position's name.
    MoveNames { from: &'a str },
    /// The moves of `from`: a list.
    MoveList { from: &'a str },
    /// A name that YAML reads as nothing (`~`, `null`, or no text at all).
    Nothing,
}

/// Why a graph or picture could not be had from a file: the file itself, or the engine's
/// refusal of what it holds.
#[derive(Debug, Clone)]
pub enum ReadError {
    File(BadFile),
    Engine(EngineError),
}

impl From<EngineError> for ReadError {
    fn from(e: EngineError) -> Self {
        Self::Engine(e)
    }
}
