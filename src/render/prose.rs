//! Sentences wrapped to the output's width at word boundaries (textwrap), for explanations,
//! messages, errors and lesson text. A word longer than the width stays whole: nothing is
//! broken mid-word, nor inside a term of a formula (`n - 1`, `g(n + p)`, `else n`, `(⌊8φ⌋,
//! ⌊8φ⌋ + 8)`). Widths count display columns; colour escapes take none.

use textwrap::core::Word;
use textwrap::{Options, WordSeparator, WordSplitter, wrap_algorithms::WrapAlgorithm};

/// The narrowest width prose is wrapped to, however narrow the terminal.
pub(crate) const MIN_WIDTH: usize = 20;

fn options(width: usize) -> Options<'static> {
    Options::new(width.max(MIN_WIDTH))
        .break_words(false)
        .word_separator(WordSeparator::Custom(formula_words))
        .word_splitter(WordSplitter::NoHyphenation)
        .wrap_algorithm(WrapAlgorithm::FirstFit)
}

/// The words a line may break between: spaces, except around an operator (`n - 1`, `7T →
/// 6T`), after a keyword of a formula (`else n`), and inside a short bracketed term such as
/// `(⌊8φ⌋, ⌊8φ⌋ + 8)` or `(13, 21)`.
fn formula_words(line: &str) -> Box<dyn Iterator<Item = Word<'_>> + '_> {
    let words: Vec<Word<'_>> = WordSeparator::AsciiSpace.find_words(line).collect();
    let mut glue = vec![false; words.len()];
    for (k, pair) in words.windows(2).enumerate() {
        glue[k] = joined(pair[0].word, pair[1].word);
    }
    glue_brackets(&words, &mut glue);
    let mut merged = Vec::with_capacity(words.len());
    let mut start = 0;
    let mut end = 0;
    for (k, word) in words.iter().enumerate() {
        end += word.word.len() + word.whitespace.len();
        if !glue[k] {
            merged.push(Word::from(&line[start..end]));
            start = end;
        }
    }
    if start < end {
        merged.push(Word::from(&line[start..end]));
    }
    Box::new(merged.into_iter())
}

/// The longest bracketed term (in columns) kept on one line.
const SHORT_TERM: usize = 24;

/// Whether no line may break between the words `left` and `right`.
fn joined(left: &str, right: &str) -> bool {
    const OPERATORS: &[&str] = &[
        "+", "-", "−", "*", "/", "=", "≠", "<", ">", "≤", "≥", "<=", ">=", "⊕", "⊗", "→", "←",
        "xor", "%",
    ];
    const KEYWORDS: &[&str] = &["if", "then", "else", "not"];
    let bare = left.trim_matches(|c| matches!(c, '(' | ')' | '`' | ',' | ':'));
    OPERATORS.contains(&right) || OPERATORS.contains(&left) || KEYWORDS.contains(&bare)
}

/// Joins the words of each short bracketed term: from a word that opens a bracket to the word
/// that closes it, when the whole term is at most [`SHORT_TERM`] columns.
fn glue_brackets(words: &[Word<'_>], glue: &mut [bool]) {
    let depth = |w: &str| {
        let opens = w.matches(['(', '[', '{']).count();
        let closes = w.matches([')', ']', '}']).count();
        i64::try_from(opens).unwrap_or(0) - i64::try_from(closes).unwrap_or(0)
    };
    let mut i = 0;
    while i < words.len() {
        if depth(words[i].word) <= 0 {
            i += 1;
            continue;
        }
        let mut level = 0;
        let mut width = 0;
        let mut close = None;
        for (j, word) in words.iter().enumerate().skip(i) {
            level += depth(word.word);
            width += textwrap::core::display_width(word.word) + usize::from(j > i);
            if width > SHORT_TERM {
                break;
            }
            if level <= 0 {
                close = Some(j);
                break;
            }
        }
        match close {
            Some(j) => {
                glue[i..j].iter_mut().for_each(|g| *g = true);
                i = j + 1;
            }
            None => i += 1,
        }
    }
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
    fn formulas_break_between_terms_only() {
        // The two examples: `else n` / `- 1` and `(⌊8φ⌋, ⌊8φ⌋ +` / `8)`.
        let text = "g(nT) = (if n = 0 then 0 else if odd(n) then n + 1 else n - 1)";
        for width in 20..=64 {
            for line in wrap(text, width) {
                assert!(
                    !line.ends_with("else n") && !line.starts_with("- 1"),
                    "{line}"
                );
                let first = line.split(' ').next().unwrap_or_default();
                assert!(!["+", "-", "="].contains(&first), "{width}: {line}");
            }
        }
        let text = "The lost square with difference 8 is (⌊8φ⌋, ⌊8φ⌋ + 8) = (13, 21).";
        for width in 20..=70 {
            let lines = wrap(text, width);
            assert!(
                lines.iter().any(|l| l.contains("(⌊8φ⌋, ⌊8φ⌋ + 8)")),
                "{width}: {lines:?}"
            );
            assert!(lines.iter().any(|l| l.contains("(13, 21)")), "{lines:?}");
        }
        // Every word is kept, in order.
        assert_eq!(wrap(text, 20).join(" "), text);
    }

    /// A set written by comprehension stays on one line (issue 38: `{g(kT)` / `: k in 0..n-1}`
    /// was split), at every width from 30 to 80.
    #[test]
    fn a_set_by_comprehension_is_not_split() {
        let text = "if odd(n) then {g(kT) : k in 0..n-1} = 0..n-1 else not (n - 1 in \
                    {g(kT) : k in 0..n-1}) and {g(kT) : k in 0..n-1} union {n - 1} = 0..n";
        for width in 30..=80 {
            for line in wrap(text, width) {
                let opens = line.matches('{').count();
                assert_eq!(opens, line.matches('}').count(), "{width}: {line:?}");
            }
        }
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
