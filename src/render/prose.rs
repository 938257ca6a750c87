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

/// `items` after `head`, each but the last followed by `sep`, broken between items into lines
/// of at most `width` columns; continuation lines are indented.
pub fn wrap_items(items: &[String], head: &str, sep: &str, width: usize) -> Vec<String> {
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

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("a bb ccc dd", 6), ["a bb", "ccc dd"]);
        assert_eq!(wrap("", 6), Vec::<String>::new());
        assert_eq!(wrap("longword x", 4), ["longword", "x"]);
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
