//! A command's help as ripgrep's and git's are: the command, its own flags, two examples that
//! run, no ruleset catalogue (that is `rules`'s); and shell completion scripts that offer the
//! lesson ids and proof names and no placeholder such as `octal:CODE` as a value.

use crate::support::Test;

/// The commands a newcomer is shown (the workbench's own, like `take`, are hidden), from the
/// list the error for an unknown help topic gives.
fn shown_commands() -> Vec<String> {
    const HIDDEN: &[&str] = &[
        "expand", "at", "next", "back", "goto", "skip", "reveal", "take", "pass", "undo", "hint",
        "resign", "why",
    ];
    let out = Test::new().args(["help", "nosuch"]).run().code(2);
    let list = out.stderr.split("one of ").nth(1).expect("the commands");
    list.trim()
        .split(", ")
        .filter(|name| !HIDDEN.contains(name))
        .map(str::to_string)
        .collect()
}

/// The example lines under `Examples:`, each the command line without its note.
fn examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Examples:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            // A note sits after a run of two spaces or more.
            let line = l.trim_start();
            line.split("  ")
                .next()
                .unwrap_or(line)
                .trim_end()
                .to_string()
        })
        .collect()
}

/// Read from the bundled files with an independent YAML reader: each file's top-level `id`.
fn ids_in(dir: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let yaml: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
            ids.push(yaml["id"].as_str().expect("an id").to_string());
        }
    }
    assert!(!ids.is_empty(), "no YAML in {dir:?}");
    ids
}

/// `winner --help` was 101 lines, 70 of them the catalogue of rulesets.
#[test]
fn a_commands_help_is_its_own_flags_and_two_examples() {
    let out = Test::new().args(["winner", "--help"]).run().success();
    let help = &out.stdout;
    assert!(help.lines().count() <= 45, "{help}");
    for catalogue in ["Kayles", "octal:CODE", "fibonacci-nim", "Possible values"] {
        assert!(!help.contains(catalogue), "{catalogue}: {help}");
    }
    // Its own flags; the options every command takes in one line, not described again.
    assert!(
        help.contains("--misere") && help.contains("--rules <R>"),
        "{help}"
    );
    assert!(!help.contains("--lessons"), "{help}");
    assert!(help.contains("`rules` lists them all"), "{help}");
    // At the shell, usage and examples read as the shell types them; at the prompt, as it
    // does.
    assert!(
        help.contains("Usage: nimlab winner [OPTIONS] [PILE]..."),
        "{help}"
    );
    assert_eq!(
        examples(help),
        ["nimlab winner 18 47 34", "nimlab winner --rules nim 3 4 5"],
        "{help}"
    );
    let at_the_prompt = Test::new().stdin("help winner\n").run().success();
    assert!(
        at_the_prompt
            .stdout
            .contains("Usage: winner [OPTIONS] [PILE]..."),
        "{}",
        at_the_prompt.stdout
    );
    assert_eq!(
        examples(&at_the_prompt.stdout),
        ["winner 18 47 34", "winner --rules nim 3 4 5"]
    );
    for line in help.lines() {
        assert!(line.chars().count() <= 80, "wider than 80: {line:?}");
    }
    // `-h` and `help winner` show the same examples.
    let short = Test::new().args(["winner", "-h"]).run().success();
    assert_eq!(examples(&short.stdout), examples(help));
    // `-h` fits a 24-row screen with the prompt.
    assert!(short.stdout.lines().count() < 24, "{}", short.stdout);
    let topic = Test::new().args(["help", "winner"]).run().success();
    assert_eq!(examples(&topic.stdout), examples(help));
}

/// Every command a newcomer sees has two examples, and each of them runs.
#[test]
fn every_command_has_two_examples_that_run() {
    for name in shown_commands() {
        let out = Test::new().stdin(format!("help {name}\n")).run().success();
        let lines = examples(&out.stdout);
        assert!(
            lines.len() >= 2,
            "`help {name}` has no two examples:\n{}",
            out.stdout
        );
        // At the shell the same lines follow `nimlab`, quoted so that a POSIX shell splits
        // them into the words the prompt reads.
        let shell = Test::new().args([name.as_str(), "-h"]).run().success();
        let shell_lines = examples(&shell.stdout);
        assert_eq!(shell_lines.len(), lines.len(), "{}", shell.stdout);
        for (at_shell, at_prompt) in shell_lines.iter().zip(&lines) {
            assert!(at_shell.starts_with("nimlab "), "{at_shell}");
            let split = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("nimlab() {{ printf '%s\\n' \"$@\"; }}; {at_shell}"))
                .output()
                .expect("run sh");
            assert!(split.status.success(), "{at_shell}: {split:?}");
            let words: Vec<String> = String::from_utf8(split.stdout)
                .unwrap()
                .lines()
                .map(str::to_string)
                .collect();
            let expected = shell_words::split(at_prompt).unwrap();
            // A quoted argument is one word at the shell and the rest of the line at the
            // prompt: the same text.
            assert_eq!(
                words.join(" "),
                expected.join(" "),
                "{at_shell} / {at_prompt}"
            );
        }
        for line in lines {
            let word = line.split_whitespace().next().unwrap_or_default();
            // `quit` has its other name, `exit`, as an example.
            assert!(word == name || name == "quit", "`{line}` under `{name}`");
            if name == "run" {
                continue; // its examples name the reader's own files
            }
            // The session's position is set first, for `set` and `step`.
            Test::new()
                .stdin(format!("position 4 7 5\n{line}\n"))
                .run()
                .success();
        }
    }
}

/// The completion scripts offer every lesson id and proof name, and never a placeholder.
#[test]
fn completion_scripts_list_lesson_ids_and_proof_names() {
    let lessons = ids_in("lessons");
    let proofs = ids_in("lessons/proofs");
    for shell in ["bash", "zsh", "fish"] {
        let out = Test::new().args(["completions", shell]).run().success();
        // zsh writes `octal\:0.77`: read the script without its escapes.
        let script = &out.stdout.replace('\\', "");
        for id in lessons.iter().chain(&proofs) {
            assert!(script.contains(id.as_str()), "{shell}: no `{id}`");
        }
        for placeholder in [
            "octal:CODE",
            "subtract:S",
            "graph:FILE",
            "game:NAME",
            "moore:K",
        ] {
            assert!(!script.contains(placeholder), "{shell}: `{placeholder}`");
        }
        // Whole names are offered for `--rules`, and a family by an example.
        assert!(
            script.contains("octal:0.77") && script.contains("lasker"),
            "{shell}"
        );
    }
}
