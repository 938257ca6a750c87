//! The shell and the REPL as a person uses them: input, errors, help, formats, colour, pictures, 80 columns.

mod color;
mod draw;
mod errors;
mod errors_that_fix;
mod examples;
mod first_steps;
mod help_pages;
mod history;
mod input;
#[cfg(unix)]
mod interrupt;
mod json;
mod json_docs;
mod latex;
pub(crate) mod reading;
mod readme;
mod repl;
mod session_errors;
mod shell;
mod shell_conventions;
mod slides;
mod terminal_pictures;
mod tour80;
mod words;
