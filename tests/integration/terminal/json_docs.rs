//! `docs/json.md`, the JSON shapes nimlab documents, checked against the binary: every example
//! parses, has the keys listed under it, and has the shape of what the command prints today
//! (keys at every level and kinds of value; numbers may differ, such as timings). Every
//! command of the language is named in the document.

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::Value;

use crate::support::Test;

const DOC: &str = include_str!("../../../docs/json.md");

/// One `## ` section: its examples and the key paths its table documents.
struct Section {
    title: String,
    examples: Vec<Example>,
    keys: Vec<String>,
}

/// A command as the document writes it, and the JSON lines it shows.
struct Example {
    command: Vec<String>,
    json: Vec<String>,
}

fn sections() -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut lines = DOC.lines();
    let mut command: Option<Vec<String>> = None;
    while let Some(line) = lines.next() {
        if let Some(title) = line.strip_prefix("## ") {
            sections.push(Section {
                title: title.to_string(),
                examples: Vec::new(),
                keys: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if line == "```sh" || line == "```json" {
            let block: Vec<String> = lines
                .by_ref()
                .take_while(|l| *l != "```")
                .map(String::from)
                .collect();
            if line == "```sh" {
                assert!(
                    command.is_none(),
                    "{}: two commands in a row",
                    section.title
                );
                command = Some(block);
            } else {
                let command = command
                    .take()
                    .unwrap_or_else(|| panic!("{}: JSON without a command", section.title));
                section.examples.push(Example {
                    command,
                    json: block,
                });
            }
        } else if let Some(rest) = line.strip_prefix("| `") {
            let key = rest.split('`').next().unwrap_or_default();
            section.keys.push(key.to_string());
        }
    }
    assert!(command.is_none(), "a command without its JSON");
    sections
}

/// Whether `path` (`rows[].state`, `move.pile`) leads to a value in `v`.
fn has_path(v: &Value, path: &[&str]) -> bool {
    let Some((first, rest)) = path.split_first() else {
        return true;
    };
    match first.strip_suffix("[]") {
        Some(key) => v
            .get(key)
            .and_then(Value::as_array)
            .is_some_and(|items| items.iter().any(|item| has_path(item, rest))),
        None => v.get(*first).is_some_and(|inner| has_path(inner, rest)),
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The same keys at every level and the same kinds of value; arrays element by element, as
/// far as both go.
fn same_shape(documented: &Value, actual: &Value, at: &str) -> Result<(), String> {
    match (documented, actual) {
        (Value::Object(d), Value::Object(a)) => {
            let dk: BTreeSet<&String> = d.keys().collect();
            let ak: BTreeSet<&String> = a.keys().collect();
            if dk != ak {
                return Err(format!("{at}: documented keys {dk:?}, printed {ak:?}"));
            }
            d.iter()
                .try_for_each(|(k, v)| same_shape(v, &a[k], &format!("{at}.{k}")))
        }
        (Value::Array(d), Value::Array(a)) => d
            .iter()
            .zip(a)
            .enumerate()
            .try_for_each(|(i, (d, a))| same_shape(d, a, &format!("{at}[{i}]"))),
        (d, a) if kind(d) == kind(a) => Ok(()),
        (d, a) => Err(format!("{at}: documented {}, printed {}", kind(d), kind(a))),
    }
}

/// Runs an example as the document writes it: `nimlab ARGS`, `seq A B | nimlab ARGS`, or
/// `nimlab ARGS <<'EOF'` with a script; `None` for one that needs the REPL on a terminal.
fn run(command: &[String]) -> Option<Vec<Value>> {
    let first = command.first().expect("a command");
    if first.starts_with("# in the REPL") {
        return None;
    }
    let (mut line, mut stdin) = (first.as_str(), None);
    if let Some((seq, rest)) = line.split_once(" | ") {
        let bounds: Vec<u64> = seq
            .strip_prefix("seq ")
            .expect("`seq A B | …`")
            .split(' ')
            .map(|n| n.parse().expect("a number"))
            .collect();
        let numbers: Vec<String> = (bounds[0]..=bounds[1]).map(|n| n.to_string()).collect();
        stdin = Some(numbers.join("\n") + "\n");
        line = rest;
    }
    if let Some(rest) = line.strip_suffix("<<'EOF'") {
        assert_eq!(
            command.last().map(String::as_str),
            Some("EOF"),
            "{command:?}"
        );
        stdin = Some(command[1..command.len() - 1].join("\n") + "\n");
        line = rest.trim_end();
    }
    let words = shell_words::split(line).expect("the command splits into words");
    assert_eq!(words[0], "nimlab", "{line}");
    // Some examples (a proof, `lesson check`) evaluate thousands of values: seconds in a debug
    // build on a busy machine, so more time than the default before a run counts as a hang.
    let mut test = Test::new()
        .args(words[1..].iter().cloned())
        .timeout(Duration::from_secs(180));
    if let Some(stdin) = stdin {
        test = test.stdin(stdin);
    }
    // A bundled graph is named by its path in the source tree.
    if line.contains("graph:lessons/graphs/") {
        test = test.current_dir(env!("CARGO_MANIFEST_DIR"));
    }
    let out = test.run();
    // A refuted conjecture or a false sentence is a failed check: exit 1, its report on
    // stdout all the same.
    let refuted = words[1..]
        .iter()
        .any(|w| w == "conjecture" || w == "decide")
        && out.stdout.contains("\"holds\":false");
    let out = if refuted { out.code(1) } else { out.success() };
    Some(out.json_lines())
}

#[test]
fn every_documented_example_parses_and_has_its_keys() {
    let sections = sections();
    assert!(sections.len() >= 15, "only {} sections", sections.len());
    for section in &sections {
        assert!(
            !section.examples.is_empty(),
            "{}: no example",
            section.title
        );
        assert!(!section.keys.is_empty(), "{}: no keys", section.title);
        let values: Vec<Value> = section
            .examples
            .iter()
            .flat_map(|e| &e.json)
            .map(|line| {
                serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {line}", section.title))
            })
            .collect();
        for key in &section.keys {
            let path: Vec<&str> = key.split('.').collect();
            assert!(
                values.iter().any(|v| has_path(v, &path)),
                "{}: no example has the documented key `{key}`",
                section.title
            );
        }
        for v in &values {
            let object = v
                .as_object()
                .unwrap_or_else(|| panic!("{}: {v} is not an object", section.title));
            for key in object.keys() {
                assert!(
                    section.keys.iter().any(|k| {
                        let top = k.split(['.', '[']).next().unwrap_or_default();
                        top == key
                    }),
                    "{}: the key `{key}` is printed but not documented",
                    section.title
                );
            }
        }
    }
}

#[test]
fn every_documented_example_has_the_shape_the_binary_prints() {
    for section in sections() {
        for example in &section.examples {
            let Some(printed) = run(&example.command) else {
                continue;
            };
            assert_eq!(
                printed.len(),
                example.json.len(),
                "{}: {:?} printed {} lines of JSON, the document shows {}",
                section.title,
                example.command,
                printed.len(),
                example.json.len()
            );
            for (line, actual) in example.json.iter().zip(&printed) {
                let documented: Value = serde_json::from_str(line).expect("parsed above");
                if let Err(e) = same_shape(&documented, actual, "$") {
                    panic!(
                        "{}: {:?}: {e}\nthe binary prints: {actual}",
                        section.title, example.command
                    );
                }
            }
        }
    }
}

#[test]
fn every_command_is_in_the_document() {
    let out = Test::new().args(["help", "nosuch"]).run().code(2);
    let list = out
        .stderr
        .split("one of ")
        .nth(1)
        .expect("the error lists the commands");
    let names: Vec<&str> = list.trim().split(", ").collect();
    assert!(
        names.contains(&"grundy") && names.contains(&"quit"),
        "{names:?}"
    );
    for name in names {
        assert!(
            DOC.contains(&format!("`{name}`")) || DOC.contains(&format!("`{name} ")),
            "docs/json.md does not mention `{name}`"
        );
    }
}

#[test]
fn the_shape_check_can_fail() {
    let a: Value = serde_json::json!({"rows": [{"n": 1}], "rules": "nim"});
    assert!(same_shape(&a, &a, "$").is_ok());
    let missing = serde_json::json!({"rows": [{"n": 1}]});
    assert!(same_shape(&a, &missing, "$").is_err());
    let renamed = serde_json::json!({"rows": [{"size": 1}], "rules": "nim"});
    assert!(same_shape(&a, &renamed, "$").is_err());
    let retyped = serde_json::json!({"rows": [{"n": "1"}], "rules": "nim"});
    assert!(same_shape(&a, &retyped, "$").is_err());
    assert!(has_path(&a, &["rows[]", "n"]));
    assert!(!has_path(&a, &["rows[]", "state"]));
}
