//! nimlab: a terminal workbench for Nim, zero-move Nim and Sprague–Grundy theory.
//!
//! Data flows one way: text → command → engine → output → render.

pub mod app;
pub mod capped_read;
pub mod cli;
pub mod command;
/// The game theory, in its own crate (`crates/engine`) so that the compiler keeps it pure: it
/// depends on nothing of nimlab, does no IO and writes no sentence.
pub use ::engine;
pub mod env;
pub mod error;
pub mod expr;
pub mod format;
pub mod graph;
mod help_examples;
pub mod interrupt;
pub mod lesson;
pub mod output;
pub mod pager;
pub mod printable;
pub mod progress;
pub mod proof;
pub mod refusal;
pub mod render;
pub mod repl;
pub mod set_notation;
pub mod state_file;
pub mod suggestion;
pub mod text;
pub mod yaml;

pub use error::Error;
