//! The rulesets and the game families behind them: names, options, codes, definitions, graphs, pictures, whole-position games.

pub mod defined;
pub mod graph;
pub mod hackenbush;
pub mod loopy;
pub mod moore;
#[allow(clippy::cast_possible_truncation)]
pub mod octal;
pub mod rules;
pub mod ruleset_name;
pub mod staircase;
pub mod subtraction;
