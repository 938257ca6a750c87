//! Small text helpers shared by the loaders' error messages.

/// Shortens every double-quoted passage longer than `max` characters to its start and `…`,
/// so a parser's message that quotes a whole file stays one readable line.
pub fn shorten_quotes(message: &str, max: usize) -> String {
    let mut out = String::with_capacity(message.len().min(4 * max));
    let mut inside = false;
    let mut run = 0;
    for c in message.chars() {
        if c == '"' {
            if inside && run > max {
                out.push('…');
            }
            inside = !inside;
            run = 0;
            out.push(c);
            continue;
        }
        if inside {
            run += 1;
            if run > max {
                continue;
            }
        }
        // A quoted passage may span lines; the message must not.
        out.push(if c == '\n' { ' ' } else { c });
    }
    out
}

/// Shortens every backticked passage longer than `max` characters to its first `max / 2`,
/// `…` and its last `max / 4`, with its length: an input echoed whole (a 10 KB sentence) stays
/// a readable line. A passage without its closing backtick is left as it is.
pub fn shorten_backticks(message: &str, max: usize) -> String {
    let mut out = String::with_capacity(message.len().min(8 * max));
    let mut rest = message;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else {
            out.push_str(after);
            return out;
        };
        let inside = &after[..close];
        let count = inside.chars().count();
        if count > max {
            let head: String = inside.chars().take(max / 2).collect();
            let tail: String = inside.chars().skip(count - max / 4).collect();
            out.push_str(&format!("{head}…{tail}` ({count} characters)"));
        } else {
            out.push_str(inside);
            out.push('`');
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_backticked_passages_are_cut() {
        assert_eq!(shorten_backticks("a `short` b", 8), "a `short` b");
        assert_eq!(
            shorten_backticks("x `abcdefghij` y `z", 8),
            "x `abcd…ij` (10 characters) y `z"
        );
    }

    #[test]
    fn long_quotes_are_cut() {
        assert_eq!(shorten_quotes("a \"short\" b", 10), "a \"short\" b");
        assert_eq!(
            shorten_quotes("invalid type: string \"root:x:0:0:root\", expected", 6),
            "invalid type: string \"root:x…\", expected"
        );
    }
}
