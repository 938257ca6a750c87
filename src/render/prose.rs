//! Sentences wrapped to the output's width, for explanations.

/// `text` broken at spaces into lines of at most `width` columns (longer words stay whole).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("a bb ccc dd", 6), ["a bb", "ccc dd"]);
        assert_eq!(wrap("", 6), Vec::<String>::new());
        assert_eq!(wrap("longword x", 4), ["longword", "x"]);
    }
}
