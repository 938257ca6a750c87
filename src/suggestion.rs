//! "Did you mean": the nearest known name to a mistyped one, and hints for what a newcomer
//! tends to type (`mod` for `%`). It only reads errors and names; it never decides whether
//! input is valid.

use crate::engine::EngineError;
use crate::engine::ruleset_name::RULESETS;
use crate::error::Error;

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

/// A line of help after an error: the name the user probably meant, or the spelling the
/// language uses for what they wrote.
pub fn hint(error: &Error) -> Option<String> {
    match error {
        Error::Engine(
            EngineError::UnknownRules { token } | EngineError::UnknownRulesOrMisere { token },
        ) => {
            let spellings: Vec<&str> = RULESETS.iter().flat_map(|r| r.spellings()).collect();
            nearest(token, spellings).map(|name| format!("did you mean `{name}`?"))
        }
        Error::BadToken { token, expected } => {
            nearest(token, choices(expected)).map(|name| format!("did you mean `{name}`?"))
        }
        Error::Expr { source, error } => {
            let word = source.get(error.span.clone())?;
            word.eq_ignore_ascii_case("mod")
                .then(|| "the remainder is written `%`: `7 % 3` = 1".to_string())
        }
        _ => None,
    }
}

/// The names listed after "one of" in an error's expectation (`a lesson id, one of mex, nim`).
fn choices(expected: &str) -> Vec<&str> {
    expected
        .split_once("one of ")
        .map(|(_, list)| {
            list.split(", ")
                .map(|c| c.trim_matches('`'))
                .filter(|c| !c.is_empty() && !c.contains(' '))
                .collect()
        })
        .unwrap_or_default()
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

    #[test]
    fn reads_the_choices_of_an_expectation() {
        assert_eq!(
            choices("a proof, one of `zero-move-rule`, `bouton`"),
            ["zero-move-rule", "bouton"]
        );
        assert_eq!(choices("a lesson id, one of mex, nim"), ["mex", "nim"]);
        assert!(choices("a whole number").is_empty());
    }
}
