//! A caret under the bad part of an expression: the input line, `^^^` under the span and what
//! was expected there.
//!
//! Hand-drawn on purpose: `ariadne` was tried, but for a one-line input it prints seven lines
//! with an `<unknown>:1:5` file header and emits colour codes even when colour is off.

use std::ops::Range;

use super::{Style, printable};

/// The most characters of the source shown; a longer one is cut around the span, with `…`.
const SHOWN: usize = 72;
/// Characters kept before the span when the source is cut.
const BEFORE: usize = 24;

/// Two lines to print under an error: the source, and carets under `span` (byte offsets) with
/// `label` after them. The source is made printable and, if long, cut to a window around the
/// span; the carets count what is shown.
pub fn snippet(source: &str, span: Range<usize>, label: &str, style: Style) -> String {
    let end = span.end.min(source.len());
    let start = span.start.min(end);
    let shown =
        |s: &str| -> Vec<char> { printable(&s.replace(['\n', '\t'], " ")).chars().collect() };
    let before = shown(source.get(..start).unwrap_or(""));
    let inside = shown(source.get(start..end).unwrap_or(""));
    let after = shown(source.get(end..).unwrap_or(""));
    let total = before.len() + inside.len() + after.len();
    // The window [from, to) of all the characters, in which the span starts BEFORE in.
    let from = if total > SHOWN {
        before.len().saturating_sub(BEFORE)
    } else {
        0
    };
    let to = total.min(from + SHOWN);
    let all: Vec<char> = before
        .iter()
        .chain(&inside)
        .chain(&after)
        .copied()
        .collect();
    let mut line: String = all[from..to].iter().collect();
    let mut column = before.len() - from;
    if from > 0 {
        line.insert(0, '…');
        column += 1;
    }
    if to < total {
        line.push('…');
    }
    let width = inside.len().min(to.saturating_sub(before.len())).max(1);
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

    #[test]
    fn controls_are_shown_and_carets_follow_them() {
        // ESC shows as the two characters `^[`, so the caret under `)` moves one column right.
        let s = snippet("\u{1b} + )", 4..5, "here", Style::default());
        assert_eq!(s, "  | ^[ + )\n  |      ^ here\n");
    }

    #[test]
    fn a_long_source_is_cut_around_the_span() {
        // 1000 `1 + ` then `)`: the window keeps 24 characters before the `)`, and `…`.
        let source = format!("{})", "1 + ".repeat(1000));
        let s = snippet(&source, 4000..4001, "here", Style::default());
        let expected_line = format!("…{})", "1 + ".repeat(6));
        assert_eq!(s, format!("  | {expected_line}\n  | {:25}^ here\n", ""));
        // A span that runs past the window gets carets to the window's end only.
        let source = "x".repeat(500);
        let s = snippet(&source, 0..500, "all of it", Style::default());
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], format!("  | {}…", "x".repeat(SHOWN)));
        assert_eq!(lines[1], format!("  | {} all of it", "^".repeat(SHOWN)));
    }
}
