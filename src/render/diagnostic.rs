//! A caret under the bad part of an expression: the input line, `^^^` under the span and what
//! was expected there.
//!
//! Hand-drawn on purpose: `ariadne` was tried, but for a one-line input it prints seven lines
//! with an `<unknown>:1:5` file header and emits colour codes even when colour is off.

use std::ops::Range;

use super::Style;

/// Two lines to print under an error: the source, and carets under `span` (byte offsets) with
/// `label` after them.
pub fn snippet(source: &str, span: Range<usize>, label: &str, style: Style) -> String {
    let end = span.end.min(source.len());
    let start = span.start.min(end);
    let column = source.get(..start).map_or(0, |s| s.chars().count());
    let width = source
        .get(start..end)
        .map_or(0, |s| s.chars().count())
        .max(1);
    let line = source.replace(['\n', '\t'], " ");
    format!(
        "  | {line}\n  | {:column$}{} {}\n",
        "",
        style.error(&"^".repeat(width)),
        style.dim(label)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_sit_under_the_span() {
        let s = snippet("3 + )", 4..5, "expected a number", Style::default());
        assert_eq!(s, "  | 3 + )\n  |     ^ expected a number\n");
        // Columns count characters, not bytes: `≥` is three bytes wide in UTF-8.
        let s = snippet("7 ≥ foo(1)", 6..9, "not a function", Style::default());
        assert_eq!(s, "  | 7 ≥ foo(1)\n  |     ^^^ not a function\n");
        // The end of the input gets one caret just past the last character.
        let s = snippet("1 +", 3..3, "expected a number", Style::default());
        assert_eq!(s, "  | 1 +\n  |    ^ expected a number\n");
    }
}
