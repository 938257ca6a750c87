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

/// A number of bytes as a person reads it: `1 GiB`, `256 MiB`, `1.5 GiB`, `900 bytes`.
pub fn bytes(n: u64) -> String {
    const UNITS: [(u32, &str); 4] = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")];
    for (shift, unit) in UNITS {
        let size = 1u64 << shift;
        if n >= size {
            let whole = n / size;
            // One decimal, truncated, shown only when it is not 0.
            let tenth = (n % size) / (size / 10);
            return if tenth == 0 {
                format!("{whole} {unit}")
            } else {
                format!("{whole}.{tenth} {unit}")
            };
        }
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod bytes_tests {
    #[test]
    fn sizes_read_as_written() {
        assert_eq!(super::bytes(1 << 30), "1 GiB");
        assert_eq!(super::bytes(3 << 29), "1.5 GiB");
        assert_eq!(super::bytes(256 << 20), "256 MiB");
        assert_eq!(super::bytes(900), "900 bytes");
    }
}
