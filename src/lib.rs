//! nimlab: a terminal workbench for Nim, zero-move Nim and Sprague–Grundy theory.
//!
//! Data flows one way: text → command → engine → output → render.

pub mod app;
pub mod capped_read;
pub mod cli;
pub mod command;
pub mod engine;
pub mod error;
pub mod expr;
pub mod graph;
pub mod interrupt;
pub mod lesson;
pub mod output;
pub mod progress;
pub mod proof;
pub mod render;
pub mod repl;
pub mod set_notation;
pub mod text;

pub use error::Error;
