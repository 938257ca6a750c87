//! The one way nimlab shows an error: `error: ` and the message (with `line N: ` in a
//! script), a caret under the bad part of an expression, and a `help: ` line with what the
//! user probably meant; and the one way it shows a warning: `warning: ` and what it says. It
//! formats what it is given; it never decides what went wrong.
//!
//! The caret is hand-drawn on purpose: `ariadne` was tried, but for a one-line input it prints
//! seven lines with an `<unknown>:1:5` file header and emits colour codes even when colour is
//! off.

use std::fmt;
use std::ops::Range;

use super::{Style, printable};
use crate::error::Error;

/// The most characters of a backticked passage in an error's message; a longer one (an input
/// echoed whole) is cut to its ends.
const ECHO_MAX: usize = 120;

/// The most characters of the source shown; a longer one is cut around the span, with `…`.
const SHOWN: usize = 72;
/// Characters kept before the span when the source is cut.
const BEFORE: usize = 24;

/// An error as it is printed on stderr, ending in a newline: `line` is the script's line it
/// came from, and `width` the columns of a terminal to wrap the message to (none in a pipe or
/// a log, where an error stays one line for `grep`).
pub(crate) fn diagnostic(
    error: &Error,
    line: Option<usize>,
    style: Style,
    width: Option<u16>,
) -> String {
    // A lesson line's error is shown as the line's own, caret and hint included.
    let error = match error {
        Error::LessonLine { error } => error.as_ref(),
        other => other,
    };
    let at = line.map(|n| format!("line {n}: ")).unwrap_or_default();
    // An input echoed whole (a 10 KB sentence in backticks) is cut to its ends.
    let message = crate::text::shorten_backticks(&printable(&error.to_string()), ECHO_MAX);
    let mut out = format!("{} {at}{message}", style.error("error:"));
    if let Some(width) = width {
        out = super::prose::fill(&out, usize::from(width));
    }
    out.push('\n');
    if let Error::Expr { source, error } = error {
        out.push_str(&snippet(
            source,
            error.span.clone(),
            &super::expr_error::label(error),
            style,
        ));
    }
    if let Error::Sentence {
        text,
        error: crate::proof::SentenceError::Parse { error, text: read },
    } = error
        && read == text
        && points_at(error, read)
    {
        let (length, label) = match &error.kind {
            decide::ParseErrorKind::UnexpectedToken { token, wanted } => (
                token.len(),
                format!("expected {}", super::decide_words::wanted_words(*wanted)),
            ),
            _ => (1, "not a character of the language".to_string()),
        };
        out.push_str(&snippet(
            read,
            error.offset..error.offset + length,
            &label,
            style,
        ));
    }
    if let Error::Claim(claim) = error {
        let label = super::claim_error::label(claim);
        out.push_str(&snippet(&claim.source, claim.span.clone(), &label, style));
    }
    if let Some(hint) = hint(error) {
        out.push_str(&format!("help: {hint}\n"));
    }
    out
}

/// Whether a sentence's parse error is shown with a caret under the token it stopped at (a
/// token or character that cannot stand there), rather than described in words.
pub(super) fn points_at(error: &decide::ParseError, text: &str) -> bool {
    error.offset < text.len()
        && matches!(
            error.kind,
            decide::ParseErrorKind::UnexpectedToken { .. }
                | decide::ParseErrorKind::UnexpectedChar(_)
        )
}

/// A warning as it is printed, ending in a newline: `warning: ` and `message`, made printable
/// and, given a terminal's `width`, filled to it (none keeps it one line, for `grep`).
pub(crate) fn warning(message: &dyn fmt::Display, style: Style, width: Option<u16>) -> String {
    labelled("warning:", message, style, width)
}

/// What `winner -` says before it waits for piles typed at a terminal.
pub(crate) const READING_PILES: &str = "reading piles from standard input: type them separated \
     by spaces or on several lines, then Ctrl-D on a line of its own to end (Ctrl-C cancels)";

/// A note on stderr beside a result that stands (`note: …`), filled like a warning.
pub(crate) fn note(message: &dyn fmt::Display, style: Style, width: Option<u16>) -> String {
    labelled("note:", message, style, width)
}

fn labelled(label: &str, message: &dyn fmt::Display, style: Style, width: Option<u16>) -> String {
    let message = printable(&message.to_string()).into_owned();
    let mut out = format!("{} {message}", style.error(label));
    if let Some(width) = width {
        out = super::prose::fill(&out, usize::from(width));
    }
    out.push('\n');
    out
}

/// The warning that the REPL's history file is not kept: `error` says why; `from_start` when
/// it could not be opened (no history this session), else a line could not be added.
pub(crate) fn history_warning(error: &dyn fmt::Display, from_start: bool, style: Style) -> String {
    let message = if from_start {
        format!("{error}; history is not kept this session")
    } else {
        format!("{error}; the history is not kept for the rest of this session")
    };
    warning(&message, style, None)
}

/// Two lines to print under an error: the source, and carets under `span` (byte offsets) with
/// `label` after them. The source is made printable and, if long, cut to a window around the
/// span; the carets count what is shown.
pub(super) fn snippet(source: &str, span: Range<usize>, label: &str, style: Style) -> String {
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

/// A line of help after an error: the name the user probably meant, or the spelling the
/// language uses for what they wrote.
fn hint(error: &Error) -> Option<String> {
    match error {
        Error::Engine(
            crate::engine::EngineError::UnknownRules { token }
            | crate::engine::EngineError::UnknownRulesOrMisere { token },
        ) => {
            let spellings: Vec<&str> = crate::engine::ruleset_name::RULESETS
                .iter()
                .flat_map(|r| r.spellings())
                .collect();
            crate::suggestion::nearest(token, spellings)
                .map(|name| format!("did you mean `{name}`?"))
        }
        // Its message names the lesson meant already.
        Error::BadToken {
            expected: crate::error::Expected::LessonId { .. },
            ..
        } => None,
        Error::BadToken { token, expected } => {
            crate::suggestion::nearest(token, expected.choices())
                .map(|name| format!("did you mean `{name}`?"))
        }
        Error::Expr { source, error } => {
            ruleset_meant(source, error).or_else(|| remainder(source, error.span.clone()))
        }
        Error::Claim(claim) => remainder(&claim.source, claim.span.clone()),
        _ => None,
    }
}

/// `g(nimm, 7)`: an unknown name where a ruleset stands (before a comma), close to a ruleset's.
fn ruleset_meant(source: &str, error: &crate::expr::ExprError) -> Option<String> {
    let crate::expr::ErrorKind::UnknownVariable { name } = &error.kind else {
        return None;
    };
    let before_comma = source
        .get(error.span.end..)
        .is_some_and(|rest| rest.trim_start().starts_with(','));
    if !before_comma || name.chars().count() < 3 {
        return None;
    }
    let spellings: Vec<&str> = crate::engine::ruleset_name::RULESETS
        .iter()
        .flat_map(|r| r.spellings())
        .collect();
    crate::suggestion::nearest(name, spellings).map(|name| format!("did you mean `{name}`?"))
}

/// The hint for `mod` written where `%` is meant.
fn remainder(source: &str, span: std::ops::Range<usize>) -> Option<String> {
    let word = source.get(span)?;
    word.eq_ignore_ascii_case("mod")
        .then(|| "the remainder is written `%`: `7 % 3` = 1".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_one_line_with_its_script_line_and_help() {
        let error = Error::NoGame;
        assert_eq!(
            diagnostic(&error, None, Style::default(), None),
            "error: no game in progress; start one with `play 4 7 5`\n"
        );
        assert_eq!(
            diagnostic(&error, Some(3), Style::default(), None),
            "error: line 3: no game in progress; start one with `play 4 7 5`\n"
        );
        // Wrapped to a terminal's width: 27 columns, then the 27 that do not fit in 30.
        let wrapped = diagnostic(&error, None, Style::default(), Some(30));
        assert_eq!(
            wrapped,
            "error: no game in progress;\nstart one with `play 4 7 5`\n"
        );
        // A mistyped ruleset gets the nearest name on a `help:` line.
        let error = Error::Engine(crate::engine::EngineError::UnknownRules {
            token: "nimm".into(),
        });
        let text = diagnostic(&error, None, Style::default(), None);
        assert!(
            text.starts_with("error: unknown rules `nimm`: expected a ruleset such as "),
            "{text}"
        );
        assert!(text.ends_with("\nhelp: did you mean `nim`?\n"), "{text}");
    }

    #[test]
    fn a_warning_is_one_line_or_filled_to_the_width() {
        assert_eq!(
            warning(&"the disk is full", Style::default(), None),
            "warning: the disk is full\n"
        );
        // 20 columns: `warning: the disk` is 17, and ` is` would make 20 + 1.
        assert_eq!(
            warning(&"the disk is full", Style::default(), Some(20)),
            "warning: the disk is\nfull\n"
        );
        // A control character in the message is shown, not obeyed.
        assert_eq!(
            warning(&"bad\u{1b}name", Style::default(), None),
            "warning: bad^[name\n"
        );
    }

    #[test]
    fn an_expression_error_has_a_caret_under_its_span() {
        let error = crate::expr::evaluate("3 + )", &crate::engine::Rules::Nim).unwrap_err();
        let text = diagnostic(
            &Error::expr("3 + )", error.clone()),
            None,
            Style::default(),
            None,
        );
        assert_eq!(
            text,
            format!(
                "error: {error}\n  | 3 + )\n  |     ^ {}\n",
                crate::render::expr_error::label(&error)
            )
        );
    }

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
