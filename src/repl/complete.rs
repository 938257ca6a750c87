//! Tab completion, read from the one clap definition: commands and subcommands (the
//! workbench's own too), flags, flag values, help topics; ruleset names from the engine's name
//! table (whole names, a family's `octal:` stem, then its examples); lesson ids, proof names,
//! and file paths after `--file`, `--lessons`, `run`, `lesson check` and `graph:`.

use clap::CommandFactory;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

use crate::cli::Cli;
use crate::engine::ruleset_name::RULESETS;

#[derive(Helper, Hinter, Highlighter, Validator)]
pub(super) struct Completion {
    /// The lessons' ids, for `lesson start` and `lesson reset`.
    pub lesson_ids: Vec<String>,
    /// The running lesson's step ids, for `goto` (empty outside a lesson).
    pub step_ids: Vec<String>,
}

/// What the word under the cursor is.
enum Slot {
    Words(Vec<String>),
    Rules,
    Path,
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
        match self.slot(&earlier, word) {
            Slot::Path => FilenameCompleter::new().complete_path(line, pos),
            Slot::Rules => match word.find(':') {
                Some(colon) if word[..colon].eq_ignore_ascii_case("graph") => {
                    let (at, pairs) = FilenameCompleter::new()
                        .complete_path(&word[colon + 1..], word.len() - colon - 1)?;
                    Ok((start + colon + 1 + at, pairs))
                }
                _ => Ok((start, matching(ruleset_candidates(word), word))),
            },
            Slot::Words(words) => Ok((start, matching(words, word))),
        }
    }
}

impl Completion {
    /// Walks the command definition along the words already typed.
    fn slot(&self, earlier: &[&str], word: &str) -> Slot {
        let root = Cli::command();
        let globals: Vec<clap::Arg> = root
            .get_arguments()
            .filter(|a| a.is_global_set())
            .cloned()
            .collect();
        let mut path: Vec<clap::Command> = vec![root];
        let mut positionals = 0;
        let mut pending: Option<clap::Arg> = None;
        for typed in earlier {
            let here = path.last().expect("the root is always there");
            // A flag's value is not a command word.
            if pending.take().is_some() {
                continue;
            }
            if let Some(long) = typed.strip_prefix("--") {
                let flag = here
                    .get_arguments()
                    .chain(&globals)
                    .find(|a| a.get_long() == Some(long));
                pending = flag.filter(|a| a.get_action().takes_values()).cloned();
                continue;
            }
            match here.find_subcommand(typed.to_ascii_lowercase()) {
                Some(sub) if positionals == 0 && here.has_subcommands() => {
                    let sub = sub.clone();
                    path.push(sub);
                }
                _ => positionals += 1,
            }
        }
        let here = path.last().expect("the root is always there");
        let names: Vec<&str> = path.iter().skip(1).map(clap::Command::get_name).collect();
        if let Some(flag) = pending {
            return self.values_of(&flag);
        }
        if word.starts_with('-') {
            return Slot::Words(
                here.get_arguments()
                    .chain(&globals)
                    .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                    .collect(),
            );
        }
        if here.has_subcommands() && positionals == 0 {
            return Slot::Words(subcommand_names(here));
        }
        match names.as_slice() {
            ["help", ..] => {
                // `help lesson st…`: the subcommands of the command named so far.
                let topic = earlier.iter().skip(1).try_fold(Cli::command(), |c, w| {
                    c.find_subcommand(w.to_ascii_lowercase()).cloned()
                });
                Slot::Words(topic.map(|c| subcommand_names(&c)).unwrap_or_default())
            }
            ["rules"] => Slot::Rules,
            ["lesson", "start" | "reset"] => Slot::Words(self.lesson_ids.clone()),
            ["goto"] => Slot::Words(self.step_ids.clone()),
            ["lesson", "check"] | ["run"] => Slot::Path,
            ["prove"] => Slot::Words(proof_names()),
            // Any other positional: its possible values, if it has a fixed set.
            _ => Slot::Words(
                here.get_positionals()
                    .nth(positionals)
                    .map(|a| {
                        a.get_possible_values()
                            .iter()
                            .map(|v| v.get_name().to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
            ),
        }
    }

    /// What a flag's value can be.
    fn values_of(&self, flag: &clap::Arg) -> Slot {
        match flag.get_long() {
            Some("rules") => Slot::Rules,
            Some("file" | "lessons" | "output") => Slot::Path,
            _ => Slot::Words(
                flag.get_possible_values()
                    .iter()
                    .map(|v| v.get_name().to_string())
                    .collect(),
            ),
        }
    }
}

/// A command's subcommands, in the order of the definition.
fn subcommand_names(command: &clap::Command) -> Vec<String> {
    command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect()
}

/// The bundled proofs' names.
fn proof_names() -> Vec<String> {
    crate::proof::loader::bundled()
        .map(|proofs| proofs.into_iter().map(|p| p.id).collect())
        .unwrap_or_default()
}

/// The candidates that start with what is typed. One alone is the whole word: a space
/// follows it, as a shell's completion adds one (a stem such as `subtract:` goes on instead).
fn matching(candidates: Vec<String>, word: &str) -> Vec<Pair> {
    let mut pairs: Vec<Pair> = candidates
        .into_iter()
        .filter(|c| c.starts_with(word))
        .map(|c| Pair {
            display: c.clone(),
            replacement: c,
        })
        .collect();
    if let [only] = pairs.as_mut_slice()
        && !only.replacement.ends_with([':', '=', '/'])
    {
        only.replacement.push(' ');
    }
    pairs
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
            step_ids: vec!["intro".into(), "row-1".into(), "row-3".into()],
        };
        let (_, pairs) = completion.complete(line, line.len(), &ctx).unwrap();
        pairs.into_iter().map(|p| p.replacement).collect()
    }

    /// The words offered, without the space that follows a word completed alone.
    fn complete_words(line: &str) -> Vec<String> {
        complete(line)
            .into_iter()
            .map(|w| w.trim_end().to_string())
            .collect()
    }

    #[test]
    fn a_word_completed_alone_is_followed_by_a_space() {
        assert_eq!(complete("gr"), ["grundy "]);
        assert_eq!(complete("rules z"), ["zero-move "]);
        assert_eq!(complete("lesson start me"), ["mex "]);
        // Several, or a stem that goes on, get none.
        assert_eq!(complete("lesson start m"), ["mex", "misere"]);
        assert_eq!(complete("rules o"), ["octal:"]);
    }

    #[test]
    fn completes_commands_and_rulesets() {
        assert_eq!(complete_words("gr"), ["grundy"]);
        assert_eq!(complete_words("rules z"), ["zero-move"]);
        assert_eq!(
            complete_words("winner --rules m"),
            ["misere", "moore:", "mock-turtles"]
        );
        assert!(complete_words("winner 3").is_empty());
        assert_eq!(complete_words("lesson st"), ["start"]);
        assert_eq!(complete_words("lesson start m"), ["mex", "misere"]);
        // The running lesson's step ids.
        assert_eq!(complete_words("goto row"), ["row-1", "row-3"]);
    }

    #[test]
    fn completes_from_the_command_definition() {
        assert_eq!(complete_words("les"), ["lesson"]);
        assert_eq!(complete_words("ta"), ["take"]);
        assert_eq!(
            complete_words("lesson "),
            ["list", "start", "quit", "results", "reset", "check"]
        );
        assert_eq!(complete_words("winner --fo"), ["--format"]);
        assert_eq!(complete_words("winner --format c"), ["csv"]);
        assert_eq!(complete_words("play --first "), ["me", "computer"]);
        assert_eq!(complete_words("--color a"), ["auto", "always"]);
        assert_eq!(complete_words("verify --ru"), ["--rules"]);
        assert_eq!(complete_words("help gr"), ["grundy"]);
        assert_eq!(complete_words("help lesson st"), ["start"]);
        assert_eq!(complete_words("prove b"), ["bouton"]);
        assert_eq!(complete_words("completions f"), ["fish"]);
        assert_eq!(complete_words("grundy --rules oc"), ["octal:"]);
        assert_eq!(complete_words("winner --format json --rules ni"), ["nim"]);
    }

    #[test]
    fn completes_paths() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("piles-one.txt"), "3 4 5").unwrap();
        std::fs::write(dir.path().join("piles-two.txt"), "3 4 5").unwrap();
        let stem = dir.path().join("piles-").display().to_string();
        for line in [
            format!("winner --file {stem}"),
            format!("run {stem}"),
            format!("lesson check {stem}"),
            format!("grundy --rules graph:{stem}"),
        ] {
            let mut found = complete_words(&line);
            found.sort();
            assert_eq!(found.len(), 2, "{line}: {found:?}");
            assert!(found[0].ends_with("piles-one.txt"), "{line}: {found:?}");
        }
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
                    complete_words(&line).contains(&stem),
                    "{line}: {:?}",
                    complete_words(&line)
                );
            }
            for example in row.examples {
                let typed = format!("rules {stem}");
                assert!(
                    complete_words(&typed).contains(&example.name.to_string()),
                    "{typed}: {:?}",
                    complete_words(&typed)
                );
            }
        }
        assert_eq!(complete_words("rules o"), ["octal:"]);
        assert_eq!(complete_words("rules octal:0.0"), ["octal:0.07"]);
        assert_eq!(complete_words("rules OCTAL:4"), ["OCTAL:4.07"]);
        let all = complete_words("rules ");
        assert!(
            all.iter()
                .all(|c| !c.contains("CODE") && !c.contains("FILE")),
            "{all:?}"
        );
    }
}
