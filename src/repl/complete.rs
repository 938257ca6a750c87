//! Tab completion: command names first, ruleset names after `rules` or `--rules` (from the
//! engine's name table: whole names, a family's `octal:` stem, then its examples).

use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

use crate::cli::command_names;
use crate::engine::ruleset_name::RULESETS;

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
            ruleset_candidates(word)
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

/// Whole names and stems (`subtract:`) until a stem is typed, then that family's examples.
fn ruleset_candidates(word: &str) -> Vec<String> {
    let typed_stem = |stem: &str| {
        word.get(..stem.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(stem))
    };
    RULESETS
        .iter()
        .flat_map(|row| {
            let stem = row.stem();
            if row.argument.is_some() && typed_stem(&stem) {
                row.examples
                    .iter()
                    .map(|e| format!("{}{}", &word[..stem.len()], &e.name[stem.len()..]))
                    .collect()
            } else {
                vec![stem]
            }
        })
        .collect()
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

    #[test]
    fn completes_every_name_of_the_table_and_no_placeholder() {
        for row in &RULESETS {
            let stem = row.stem();
            for line in [
                format!("rules {}", &stem[..1]),
                format!("grundy --rules {}", &stem[..2]),
            ] {
                assert!(
                    complete(&line).contains(&stem),
                    "{line}: {:?}",
                    complete(&line)
                );
            }
            for example in row.examples {
                let typed = format!("rules {stem}");
                assert!(
                    complete(&typed).contains(&example.name.to_string()),
                    "{typed}: {:?}",
                    complete(&typed)
                );
            }
        }
        assert_eq!(complete("rules o"), ["octal:"]);
        assert_eq!(complete("rules octal:0.0"), ["octal:0.07"]);
        assert_eq!(complete("rules OCTAL:4"), ["OCTAL:4.07"]);
        let all = complete("rules ");
        assert!(
            all.iter()
                .all(|c| !c.contains("CODE") && !c.contains("FILE")),
            "{all:?}"
        );
    }
}
