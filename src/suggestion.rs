//! "Did you mean": the nearest known name to a mistyped one (the renderer words the hint). It
//! only compares names; it never decides whether input is valid.

/// How alike two names must be (Jaro–Winkler, ignoring case) to be suggested.
const CLOSE_ENOUGH: f64 = 0.8;

/// Tokens longer than this (in bytes) are not typos of any name: no suggestion is looked for.
/// Jaro–Winkler costs the product of the lengths, and a pasted 100 KB token would otherwise
/// be compared with every name.
const LONGEST_TYPO: usize = 64;

/// The candidate nearest to `typed`, if it is close enough and not `typed` itself.
pub fn nearest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if typed.len() > LONGEST_TYPO {
        return None;
    }
    let typed = typed.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&typed, &c.to_lowercase()), c))
        .filter(|(score, c)| *score >= CLOSE_ENOUGH && !c.eq_ignore_ascii_case(&typed))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_close_name() {
        let names = ["mex", "nim", "grundy", "zero-move", "kayles"];
        assert_eq!(nearest("mexx", names), Some("mex"));
        assert_eq!(nearest("Kayle", names), Some("kayles"));
        assert_eq!(nearest("zero-mvoe", names), Some("zero-move"));
        assert_eq!(nearest("xyzzy", names), None);
        assert_eq!(nearest("mex", names), None);
    }
}
