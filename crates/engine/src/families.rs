//! The rulesets and the game families behind them: names, options, codes, definitions, graphs, pictures, whole-position games.

pub(crate) mod defined;
pub(crate) mod game;
pub(crate) mod graph;
pub(crate) mod hackenbush;
pub mod loopy;
pub mod moore;
pub(crate) mod nim;
#[allow(clippy::cast_possible_truncation)]
pub(crate) mod octal;
pub(crate) mod rules;
pub mod ruleset_name;
pub(crate) mod staircase;
pub(crate) mod subtraction;
pub(crate) mod welter;
