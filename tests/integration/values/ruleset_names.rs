//! Ruleset names agree everywhere. The list is what `rules --format json` reports (nimlab's one
//! table of names); every name, alias and example on it must be taken by `--rules` on the
//! shell, by `rules` in a script, by `verify` (also with `-misere`) and by expressions, and
//! the `rules` reply, the unknown-name error, `--help`, `help =` and the overview must show it.

use serde_json::Value;

use crate::support::{Output, Test, str_of};

/// A small game graph, by hand: a → b → c, a → c. Values: g(c) = 0, g(b) = 1, g(a) = mex{1,
/// 0} = 2.
const GRAPH: &str = "format: 1\npositions:\n  a: [b, c]\n  b: [c]\n  c: []\n";
const GRAPH_NAME: &str = "graph:g.yaml";

/// Runs nimlab in a directory holding `g.yaml`.
fn nimlab(args: &[&str], stdin: Option<&str>) -> Output {
    let test = Test::new().args(args.iter().copied());
    test.write("g.yaml", GRAPH);
    match stdin {
        Some(text) => test.stdin(text).run(),
        None => test.run(),
    }
}

/// One ruleset as `rules` lists it.
struct Listed {
    name: String,
    aliases: Vec<String>,
    examples: Vec<String>,
    in_expressions: Option<String>,
}

impl Listed {
    /// Names a user can type whole, each with the name nimlab then reports: the name and its
    /// aliases, or for a name with an argument its examples (a graph: the file written here).
    fn spellings(&self) -> Vec<(String, String)> {
        if self.name.starts_with("graph:") {
            return vec![(GRAPH_NAME.into(), GRAPH_NAME.into())];
        }
        if self.name.contains(':') {
            return self
                .examples
                .iter()
                .map(|e| (e.clone(), e.clone()))
                .collect();
        }
        std::iter::once(&self.name)
            .chain(&self.aliases)
            .map(|s| (s.clone(), self.name.clone()))
            .collect()
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| str_of(s).to_string())
        .collect()
}

fn listed() -> Vec<Listed> {
    let reply = nimlab(&["--format", "json", "rules"], None)
        .success()
        .json();
    assert_eq!(str_of(&reply["rules"]), "zero-move", "the default");
    let listed: Vec<Listed> = reply["rulesets"]
        .as_array()
        .expect("rulesets")
        .iter()
        .map(|r| Listed {
            name: str_of(&r["name"]).to_string(),
            aliases: strings(&r["aliases"]),
            examples: r["examples"]
                .as_array()
                .expect("examples")
                .iter()
                .map(|e| str_of(&e["name"]).to_string())
                .collect(),
            in_expressions: r["in_expressions"].as_str().map(String::from),
        })
        .collect();
    // The rulesets the README and help promise, each once (octal and graph were once left out).
    let names: Vec<&str> = listed.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "nim",
            "zero-move",
            "misere",
            "subtract:S",
            "octal:CODE",
            "hex:CODE",
            "graph:FILE",
            "game:NAME",
            "moore:K",
            "hackenbush",
            "lasker",
            "grundy-game",
            "subtract:squares",
            "subtract:powers2",
            "wythoff",
            "mock-turtles",
            "at-least-half",
            "fibonacci-nim",
            "turning-turtles",
            "northcott",
            "ruler",
            "chomp",
            "staircase",
            "welter",
        ]
    );
    listed
}

#[test]
fn every_name_works_with_rules_on_the_shell_and_in_a_script() {
    for listed in listed() {
        // Moore's Nim is a game of the whole position: only `winner` and `move` take it.
        if listed.name == "moore:K" {
            for (spelling, _) in listed.spellings() {
                nimlab(&["winner", "--rules", &spelling, "1", "2"], None).success();
                nimlab(&["grundy", "--rules", &spelling], None).bad_input(&spelling);
            }
            continue;
        }
        // Green Hackenbush's piles are pictures: `winner`, `move`, `nimsum`, `grundy PICTURE`
        // and `draw` take it, and it is never the session's rules.
        if listed.name == "hackenbush" {
            for (spelling, _) in listed.spellings() {
                nimlab(&["winner", "--rules", &spelling, "1", "2(1,1)"], None).success();
                nimlab(&["grundy", "--rules", &spelling, "2(1,1)"], None).success();
                nimlab(&["rules", &spelling], None).bad_input("hackenbush");
                nimlab(&["verify", "--rules", &spelling], None).bad_input("hackenbush");
            }
            continue;
        }
        for (spelling, reported) in listed.spellings() {
            let table = nimlab(&["--format", "json", "grundy", "--rules", &spelling], None)
                .success()
                .json();
            assert_eq!(
                str_of(&table["rules"]),
                reported,
                "grundy --rules {spelling}"
            );

            let script = format!("rules {spelling}\nrules\n");
            let replies = nimlab(&["--format", "json"], Some(&script))
                .success()
                .json_lines();
            // A defined game's reply goes on to show its definition.
            let message = str_of(&replies[0]["message"]);
            assert!(
                message == format!("rules: {reported}")
                    || message.starts_with(&format!("rules: {reported}, defined by\n  game ")),
                "{spelling}: {message}"
            );
            assert_eq!(str_of(&replies[1]["rules"]), reported, "{spelling}");
        }
    }
}

#[test]
fn the_graph_of_the_test_has_the_values_worked_out_by_hand() {
    let table = nimlab(&["--format", "json", "grundy", "--rules", GRAPH_NAME], None)
        .success()
        .json();
    let values: Vec<(String, u64)> = table["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                str_of(&r["state"]).to_string(),
                r["grundy"].as_u64().expect("a value"),
            )
        })
        .collect();
    let mut values = values;
    values.sort();
    assert_eq!(values, [("a".into(), 2), ("b".into(), 1), ("c".into(), 0)]);
}

#[test]
fn every_name_works_with_verify_also_played_misere() {
    for listed in listed() {
        // Moore's Nim is a game of the whole position: only `winner` and `move` take it.
        if listed.name == "moore:K" {
            for (spelling, _) in listed.spellings() {
                nimlab(&["winner", "--rules", &spelling, "1", "2"], None).success();
                nimlab(&["grundy", "--rules", &spelling], None).bad_input(&spelling);
            }
            continue;
        }
        // Green Hackenbush's piles are pictures: `winner`, `move`, `nimsum`, `grundy PICTURE`
        // and `draw` take it, and it is never the session's rules.
        if listed.name == "hackenbush" {
            for (spelling, _) in listed.spellings() {
                nimlab(&["winner", "--rules", &spelling, "1", "2(1,1)"], None).success();
                nimlab(&["grundy", "--rules", &spelling, "2(1,1)"], None).success();
                nimlab(&["rules", &spelling], None).bad_input("hackenbush");
                nimlab(&["verify", "--rules", &spelling], None).bad_input("hackenbush");
            }
            continue;
        }
        for (spelling, _) in listed.spellings() {
            let mut names = vec![spelling.clone()];
            // A graph's file may itself end in `-misere`, so `verify` reads such a name whole.
            if !spelling.starts_with("graph:") {
                names.push(format!("{spelling}-misere"));
            }
            for name in names {
                let out = nimlab(
                    &["verify", "--rules", &name, "--piles", "2", "--max", "2"],
                    None,
                );
                // The search itself may refuse a game it cannot follow (splits, graphs), and
                // misère play of a loopy game (Northcott's), but never the name.
                assert!(
                    out.code == 0
                        || out.stderr.contains("would take too long")
                        || (name == "northcott-misere"
                            && out.stderr.contains("cannot be played misère")),
                    "verify --rules {name}: {}",
                    out.stderr
                );
                for refusal in ["unknown rules", "is not a ruleset", "not valid here"] {
                    assert!(!out.stderr.contains(refusal), "{name}: {}", out.stderr);
                }
                if out.code == 0 {
                    let misere = name.ends_with("-misere") || listed.name == "misere";
                    let heading = out.stdout.lines().next().unwrap_or_default().to_string();
                    let says = heading.contains("misère") || heading.contains("misere");
                    assert_eq!(says, misere, "{name}: {heading}");
                }
            }
        }
    }
}

#[test]
fn every_name_works_in_expressions() {
    for listed in listed() {
        let spellings: Vec<String> = match &listed.in_expressions {
            None => {
                // A graph needs its file read: an expression says so instead of failing oddly.
                let out = nimlab(&["=", &format!("g({GRAPH_NAME}, a)")], None).code(2);
                assert!(out.stderr.contains("rules graph:FILE"), "{}", out.stderr);
                continue;
            }
            Some(spelling) if listed.name.contains(':') => vec![spelling.clone()],
            Some(_) => std::iter::once(&listed.name)
                .chain(&listed.aliases)
                .cloned()
                .collect(),
        };
        for spelling in spellings {
            // The empty pile has no move in any ruleset: g(0) = mex{} = 0.
            let out = nimlab(
                &["--format", "json", "=", &format!("g({spelling}, 0)")],
                None,
            )
            .success()
            .json();
            assert_eq!(out["value"], Value::from(0), "g({spelling}, 0)");
        }
    }
}

#[test]
fn the_rules_reply_and_help_show_every_name() {
    let listed = listed();
    let reply = nimlab(&["rules"], None).success().stdout;
    // The error is one short line that points to `rules`, which lists every name.
    let unknown = nimlab(&["winner", "--rules", "nosuch", "3"], None)
        .bad_input("nosuch")
        .stderr;
    assert!(unknown.contains("`rules` lists them all"), "{unknown}");
    let long_help = nimlab(&["grundy", "--help"], None).success().stdout;
    let help_command = nimlab(&["help", "winner"], None).success().stdout;
    let short_help = nimlab(&["grundy", "-h"], None).success().stdout;
    let overview = nimlab(&["help"], None).success().stdout;
    let eval_help = nimlab(&["help", "="], None).success().stdout;
    // comfy wrapping may break a line anywhere between words: compare word by word.
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let reply = flat(&reply);
    // The catalogue lives in `rules`: a command's help points there and lists none of it.
    for (what, text) in [
        ("grundy --help", &long_help),
        ("help winner", &help_command),
        ("grundy -h", &short_help),
    ] {
        assert!(
            flat(text).contains("`rules` lists them all"),
            "{what}:\n{text}"
        );
        for l in &listed {
            if l.name.contains(':') {
                assert!(!text.contains(&l.name), "{what} lists `{}`", l.name);
            }
        }
    }
    for l in &listed {
        for (what, text) in [("rules", &reply), ("help", &overview)] {
            assert!(text.contains(&l.name), "{what} lacks `{}`:\n{text}", l.name);
        }
        for alias in &l.aliases {
            assert!(reply.contains(alias.as_str()), "rules lacks `{alias}`");
        }
        for example in &l.examples {
            assert!(reply.contains(example.as_str()), "rules lacks `{example}`");
        }
        if let Some(spelling) = &l.in_expressions {
            assert!(
                eval_help.contains(spelling.as_str()),
                "help = lacks `{spelling}`"
            );
        }
    }
    // The placeholders are names to read, not to type: completion and `rules` never offer
    // `octal:CODE` as a value, and typing one is refused with the way to write it.
    nimlab(&["grundy", "--rules", "octal:CODE"], None).bad_input("octal:CODE");
    nimlab(&["grundy", "--rules", "graph:"], None)
        .bad_input("graph:")
        .stderr_has("graph:FILE");
}

#[test]
fn names_are_refused_the_same_way_on_the_shell_and_in_a_script() {
    for bad in [
        "nosuch",
        "subtract:",
        "subtract:0",
        "octal:8.1",
        "nim:3",
        "graph:",
    ] {
        let shell = nimlab(&["rules", bad], None).bad_input(bad).stderr;
        let script = nimlab(&[], Some(&format!("rules {bad}\n"))).code(2).stderr;
        let first = script.lines().next().unwrap_or_default();
        assert_eq!(
            first.replacen("line 1: ", "", 1),
            shell.trim_end(),
            "rules {bad}"
        );
        let flag = nimlab(&["grundy", "--rules", bad], None)
            .bad_input(bad)
            .stderr;
        assert_eq!(flag, shell, "--rules {bad}");
    }
}

/// The commands that take `--rules`, as the overview lists them.
fn taking_rules() -> Vec<String> {
    let overview = nimlab(&["help"], None).success().stdout;
    let flat = overview.split_whitespace().collect::<Vec<_>>().join(" ");
    let list = flat
        .split("These commands take --rules R: ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .expect("the overview lists the commands that take --rules");
    list.split(", ").map(String::from).collect()
}

#[test]
fn exactly_the_listed_commands_take_rules() {
    let taking = taking_rules();
    assert_eq!(
        taking,
        [
            "grundy",
            "period",
            "winner",
            "move",
            "nimsum",
            "derive",
            "conjecture",
            "verify",
            "position",
            "play",
            "draw"
        ]
    );
    for command in &taking {
        nimlab(&[command, "--rules", "nim", "--help"], None).success();
    }
    let out = nimlab(&["help", "nosuch"], None).code(2);
    let all = out.stderr.split("one of ").nth(1).expect("the commands");
    for command in all.trim().split(", ") {
        if taking.iter().any(|t| t == command) {
            continue;
        }
        let out = nimlab(&[command, "--rules", "nim"], None).code(2);
        assert_eq!(out.stdout, "", "{command} --rules nim");
    }
    // The README says the same.
    let readme = include_str!("../../../README.md");
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let claim = flat
        .split("`--rules R` picks the ruleset of ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("the README lists the commands that take --rules");
    let named = claim.split(" (").next().unwrap_or_default();
    let named: Vec<&str> = named.split('`').skip(1).step_by(2).collect();
    assert_eq!(named, taking, "README: {claim}");
}
