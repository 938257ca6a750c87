//! Sentences wrapped to the output's width at word boundaries (textwrap), for explanations,
//! messages, errors and lesson text. A word longer than the width stays whole: nothing is
//! broken mid-word. Widths count display columns; colour escapes take none.

use textwrap::{Options, WordSeparator, WordSplitter, wrap_algorithms::WrapAlgorithm};

/// The narrowest width prose is wrapped to, however narrow the terminal.
pub(crate) const MIN_WIDTH: usize = 20;

fn options(width: usize) -> Options<'static> {
    Options::new(width.max(MIN_WIDTH))
        .break_words(false)
        .word_separator(WordSeparator::AsciiSpace)
        .word_splitter(WordSplitter::NoHyphenation)
        .wrap_algorithm(WrapAlgorithm::FirstFit)
}

/// `text` broken at spaces into lines of at most `width` columns (longer words stay whole).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return Vec::new();
    }
    textwrap::wrap(&text, options(width))
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// Every line of `text` wrapped to `width` columns on its own: line breaks the author made
/// stay, blank lines stay, and a line's leading indentation (or a list marker such as `- `,
/// `* ` or `1) `) is kept as the indentation of its continuation lines.
pub(crate) fn fill(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 40);
    for (i, line) in text.trim_end().split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.trim_end();
        let indent = hanging_indent(line);
        let opts = options(width).subsequent_indent(&indent);
        let lines = textwrap::wrap(line, opts);
        for (j, l) in lines.iter().enumerate() {
            if j > 0 {
                out.push('\n');
            }
            out.push_str(l);
        }
    }
    out
}

/// `lead` then `text`, wrapped to `width`, continuation lines indented by `indent` columns.
pub(crate) fn hanging(lead: &str, text: &str, width: usize, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let joined = if lead.is_empty() {
        text.to_string()
    } else {
        format!("{lead} {text}")
    };
    let lines = textwrap::wrap(&joined, options(width).subsequent_indent(&pad));
    lines.join("\n")
}

/// The indentation continuation lines of `line` get: its own leading spaces, plus the width
/// of a list marker that starts it, or of the first column of an indented two-column line.
fn hanging_indent(line: &str) -> String {
    let body = line.trim_start_matches(' ');
    let lead = line.len() - body.len();
    let marker = ["- ", "* ", "• "]
        .iter()
        .find(|m| body.starts_with(**m))
        .map(|m| m.chars().count())
        .or_else(|| {
            // `1) `, `a) `, `12. `
            let end = body.find([')', '.'])?;
            let head = &body[..end];
            let short = !head.is_empty() && head.chars().count() <= 3;
            let plain = head.chars().all(|c| c.is_ascii_alphanumeric());
            (short && plain && body[end + 1..].starts_with(' ')).then(|| head.chars().count() + 2)
        })
        .or_else(|| {
            // An indented two-column line, `  name   description`: under the description.
            if lead == 0 {
                return None;
            }
            let gap = body.find("  ")?;
            let text = gap + body[gap..].len() - body[gap..].trim_start_matches(' ').len();
            (text < body.len()).then(|| body[..text].chars().count())
        })
        .unwrap_or(0);
    " ".repeat(lead + marker)
}

/// `items` after `head`, each but the last followed by `sep`, broken between items into lines
/// of at most `width` columns; continuation lines are indented.
pub(crate) fn wrap_items(items: &[String], head: &str, sep: &str, width: usize) -> Vec<String> {
    let indent = "    ";
    let mut lines = Vec::new();
    let mut line = head.to_string();
    let mut fresh = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{sep}")
        } else {
            item.clone()
        };
        let needed = piece.chars().count() + usize::from(!fresh);
        if !fresh && line.chars().count() + needed > width {
            lines.push(line);
            line = indent.to_string();
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(&piece);
        fresh = false;
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines()
            .map(textwrap::core::display_width)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("a bb ccc dd", 20), ["a bb ccc dd"]);
        assert_eq!(wrap("", 6), Vec::<String>::new());
        let long = "word ".repeat(10);
        assert_eq!(
            wrap(&long, 21),
            ["word word word word", "word word word word", "word word"]
        );
        // A word longer than the width is never split.
        let w = "x".repeat(30);
        assert_eq!(wrap(&format!("{w} y"), 20), [w.as_str(), "y"]);
    }

    #[test]
    fn fill_keeps_the_authors_lines_and_never_splits_a_word() {
        let text = "error: `mex` is not valid here: expected a whole number ≥ 0 (the set's values, like `mex 0 1 3`)";
        let filled = fill(text, 80);
        assert_eq!(
            filled,
            "error: `mex` is not valid here: expected a whole number ≥ 0 (the set's values,\nlike `mex 0 1 3`)"
        );
        // Every word of the input is a word of the output, in order.
        let words: Vec<&str> = text.split(' ').collect();
        let got: Vec<&str> = filled.split_whitespace().collect();
        assert_eq!(words, got);
        assert_eq!(fill("a\n\nb", 30), "a\n\nb");
    }

    #[test]
    fn list_items_hang_under_their_text() {
        let text = format!("- {}\n1) {}", "alpha ".repeat(8), "beta ".repeat(8));
        let filled = fill(&text, 24);
        assert!(widest(&filled) <= 24, "{filled}");
        let mut indent = "";
        for line in filled.lines() {
            if line.starts_with("- ") {
                indent = "  a";
            } else if line.starts_with("1) ") {
                indent = "   b";
            } else {
                assert!(
                    line.starts_with(indent),
                    "{line:?} under {indent:?}:\n{filled}"
                );
            }
        }
        assert_eq!(filled.matches("alpha").count(), 8);
        assert_eq!(filled.matches("beta").count(), 8);
    }

    #[test]
    fn colour_takes_no_columns() {
        let red = "\u{1b}[31mred\u{1b}[0m";
        let text = format!("{red} {}", "word ".repeat(20));
        assert!(widest(&fill(&text, 30)) <= 30);
        assert_eq!(
            fill(&text, 30).lines().next().map(str::len),
            Some(red.len() + 25)
        );
    }

    #[test]
    fn hanging_lines_are_indented() {
        let s = hanging("error:", &"abc ".repeat(20), 30, 2);
        assert!(s.lines().skip(1).all(|l| l.starts_with("  abc")), "{s}");
        assert!(widest(&s) <= 30);
    }

    #[test]
    fn wraps_long_lists_between_items() {
        let items: Vec<String> = (0..30).map(|k| format!("{k}T→{k}")).collect();
        let lines = wrap_items(&items, "options of 30T: ", ",", 40);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert_eq!(lines.join(" ").matches('→').count(), 30);
        assert!(lines[1].starts_with("    "));
    }
}
