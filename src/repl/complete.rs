//! Tab completion: command names first, ruleset names after `rules` or `--rules`.

use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

use crate::cli::command_names;
use crate::engine::rules::RULE_NAMES;

#[derive(Helper, Hinter, Highlighter, Validator)]
pub struct Completion;

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &before[start..];
        let previous = before[..start].split_whitespace().last();
        let candidates: Vec<String> = if start == 0 {
            command_names()
        } else if matches!(previous, Some("rules" | "--rules")) {
            RULE_NAMES
                .iter()
                .map(|r| r.trim_end_matches('S').to_string())
                .collect()
        } else if word.starts_with("--") {
            ["--rules", "--format", "--color", "--file"]
                .map(String::from)
                .to_vec()
        } else {
            Vec::new()
        };
        let pairs = candidates
            .into_iter()
            .filter(|c| c.starts_with(word))
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, pairs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::DefaultHistory;

    fn complete(line: &str) -> Vec<String> {
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let (_, pairs) = Completion.complete(line, line.len(), &ctx).unwrap();
        pairs.into_iter().map(|p| p.replacement).collect()
    }

    #[test]
    fn completes_commands_and_rulesets() {
        assert_eq!(complete("gr"), ["grundy"]);
        assert_eq!(complete("rules z"), ["zero-move"]);
        assert_eq!(complete("winner --rules m"), ["misere"]);
        assert!(complete("winner 3").is_empty());
    }
}
