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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut() {
        assert_eq!(shorten_quotes("a \"short\" b", 10), "a \"short\" b");
        assert_eq!(
            shorten_quotes("invalid type: string \"root:x:0:0:root\", expected", 6),
            "invalid type: string \"root:x…\", expected"
        );
    }
}
