//! An error as text, the way nimlab shows errors: `error: …`, the input with a caret under the
//! bad part when the error knows where it is, and a `help:` line when there is a suggestion.

use std::io::{self, Write};

use super::Style;
use super::printable::printable;
use crate::error::Error;

/// Writes `error`; `width` wraps the first line (`None` keeps it one line, for a pipe).
pub fn write(
    error: &Error,
    style: Style,
    width: Option<usize>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut message = format!(
        "{} {}",
        style.error("error:"),
        printable(&error.to_string())
    );
    if let Some(width) = width {
        message = super::prose::fill(&message, width);
    }
    writeln!(out, "{message}")?;
    if let Error::Expr { source, error } = error {
        write!(
            out,
            "{}",
            super::snippet(source, error.span.clone(), &error.label(), style)
        )?;
    }
    if let Some(hint) = crate::suggestion::hint(error) {
        writeln!(out, "help: {hint}")?;
    }
    Ok(())
}
