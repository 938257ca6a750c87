//! Tab completion: command names first, ruleset names after `rules` or `--rules`.

use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

use crate::cli::command_names;
use crate::engine::rules::RULE_NAMES;

#[derive(Helper, Hinter, Highlighter, Validator)]
pub struct Completion {
    /// The lessons' ids, for `lesson start` and `lesson reset`.
    pub lesson_ids: Vec<String>,
}

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
        let earlier: Vec<&str> = before[..start].split_whitespace().collect();
        let previous = earlier.last().copied();
        let candidates: Vec<String> = if start == 0 {
            command_names()
        } else if earlier == ["lesson"] {
            ["list", "start", "quit", "reset", "check"]
                .map(String::from)
                .to_vec()
        } else if matches!(earlier.as_slice(), ["lesson", "start" | "reset"]) {
            self.lesson_ids.clone()
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
        let completion = Completion {
            lesson_ids: vec!["mex".into(), "misere".into()],
        };
        let (_, pairs) = completion.complete(line, line.len(), &ctx).unwrap();
        pairs.into_iter().map(|p| p.replacement).collect()
    }

    #[test]
    fn completes_commands_and_rulesets() {
        assert_eq!(complete("gr"), ["grundy"]);
        assert_eq!(complete("rules z"), ["zero-move"]);
        assert_eq!(complete("winner --rules m"), ["misere"]);
        assert!(complete("winner 3").is_empty());
        assert_eq!(complete("lesson st"), ["start"]);
        assert_eq!(complete("lesson start m"), ["mex", "misere"]);
    }
}
