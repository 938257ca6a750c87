//! `draw`: the data behind a picture — a position's game graph, a Grundy sequence to plot —
//! and the picture as `draw` hands it back (its text, or the file it was written to).

use std::path::PathBuf;

use crate::engine::period::Period;
use crate::engine::reachable::ReachableGraph;
use crate::engine::{Known, Pass, Rules};

/// Every position reachable from a start, with the ruleset that names its heaps.
#[derive(Debug, Clone)]
pub struct GraphPicture {
    pub rules: Rules,
    pub graph: ReachableGraph,
    /// The starts are every position of a graph file (no start to single out).
    pub whole: bool,
}

/// g(n) for n in `from..=to`, one series per kind of state, and the period if proven.
#[derive(Debug, Clone)]
pub struct SequencePlot {
    pub rules: Rules,
    pub from: u64,
    pub to: u64,
    pub series: Vec<PlotSeries>,
    pub period: PlotPeriod,
}

/// The values of one kind of state: `nT` or `nF` in zero-move, plain `n` otherwise.
#[derive(Debug, Clone)]
pub struct PlotSeries {
    pub pass: Option<Pass>,
    /// (n, g) for each n of the range, in order; each value computed or proven.
    pub points: Vec<(u64, Known)>,
}

/// What is known of a plotted sequence's period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlotPeriod {
    /// Proven by the engine's finite check.
    Proven(Period),
    /// None proven in the values computed, g(0) to g(`looked_to`).
    NotFound { looked_to: u64 },
    /// The values grow with n (Nim, zero-move): there is none.
    Never,
}

/// How a picture is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    /// Graphviz's DOT language.
    Dot,
    /// SVG (by Graphviz for a graph, by nimlab for a plot).
    Svg,
    /// Drawn in the terminal: a graph as a tree, a plot as a sparkline, a picture with its
    /// node names.
    Text,
}

/// What `draw` produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Drawing {
    /// The picture itself, to be written as it is.
    Text(String),
    /// The picture went to a file of `bytes` bytes.
    Written {
        path: PathBuf,
        format: PictureFormat,
        bytes: u64,
    },
}
