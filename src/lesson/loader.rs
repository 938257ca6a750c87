//! Reads lesson files: their YAML through the one YAML door (`crate::yaml`, which enforces the
//! size, depth and alias limits), then checks them. Errors name the file, line and step.

use std::collections::HashSet;

use serde::Deserialize;

use super::graphs::{self, bundled_graph};
use super::lesson_error::{LessonError, LessonFault};
use super::model::{CommandLine, FORMAT, Lesson, LessonFile, Question, Step, StepFile, StepKind};
use crate::engine::ruleset_name::{self, Named};
use crate::graph::ReadError;
use std::sync::Arc;

use crate::engine::Budget;
use crate::engine::{EngineError, Rules};
use crate::error::{Error, Expected};
use crate::expr::game::parse_definition;
use crate::yaml::{self, YamlError, YamlErrorKind};

/// The largest lesson file accepted.
pub const MAX_BYTES: usize = 1 << 20;

/// What reading a lesson's YAML may cost.
const LIMITS: yaml::Limits = yaml::Limits {
    bytes: MAX_BYTES,
    depth: 64,
    expanded: 2 * MAX_BYTES,
};

/// Parses and validates one lesson file's text.
pub fn load(origin: &str, text: &str) -> Result<Lesson, LessonError> {
    let error = |line: Option<usize>, step: Option<&str>, fault: LessonFault| LessonError {
        origin: origin.to_string(),
        line,
        column: None,
        step: step.map(str::to_string),
        fault: Box::new(fault),
    };
    let file: LessonFile =
        yaml::from_str(text, &LIMITS).map_err(|e| yaml_error(origin, text, &e))?;
    if file.format != FORMAT {
        return Err(error(
            None,
            None,
            LessonFault::Format {
                found: file.format,
                expected: FORMAT,
            },
        ));
    }
    if !is_id(&file.id) {
        return Err(error(
            None,
            None,
            LessonFault::LessonId {
                id: file.id.clone(),
            },
        ));
    }
    if file.steps.is_empty() {
        return Err(error(None, None, LessonFault::NoSteps));
    }
    let games_line = key_line(text, "games");
    let item_lines = item_lines(text, games_line);
    let mut games: Vec<Rules> = Vec::with_capacity(file.games.len());
    for (i, definition) in file.games.iter().enumerate() {
        let line = item_lines
            .get(i)
            .copied()
            .or(Some(games_line))
            .filter(|&l| l > 0);
        let game = define(definition, &games).map_err(|fault| error(line, None, fault))?;
        games.push(game);
    }
    let rules_line = key_line(text, "rules");
    let rules = match &file.rules {
        None => None,
        Some(name) => Some(
            pinned_rules(name, &games)
                .map_err(|fault| error(Some(rules_line).filter(|&l| l > 0), None, fault))?,
        ),
    };
    let setup_line = key_line(text, "setup");
    let setup = file.setup.into_iter().map(CommandLine::parse).collect();
    let lines = step_lines(text, file.steps.len());
    let mut seen = HashSet::new();
    let mut steps = Vec::with_capacity(file.steps.len());
    for (i, raw) in file.steps.into_iter().enumerate() {
        let line = lines.get(i).copied().flatten();
        let step = validate_step(raw, i, line, &games).map_err(|failed| {
            let (id, fault) = *failed;
            error(line, id.as_deref(), fault)
        })?;
        if !seen.insert(step.id.clone()) {
            return Err(error(line, Some(&step.id), LessonFault::StepIdTwice));
        }
        steps.push(step);
    }
    Ok(Lesson {
        id: file.id,
        version: file.version,
        title: file.title,
        summary: file.summary,
        chapter: file.chapter,
        requires: file.requires,
        rules,
        games,
        setup,
        steps,
        origin: origin.to_string(),
        requires_line: key_line(text, "requires"),
        rules_line,
        setup_line,
    })
}

/// What loading a lesson's game may cost: valuing its first states, as `game` does at the
/// prompt, but within a budget small enough for every start of nimlab.
const DEFINE_WORK: u64 = 2_000_000;

/// One of the lesson's `games:`: parsed by the game language, its name free (no ruleset's and
/// no earlier game's), and its first states valued, so a definition that loops, leaves a
/// negative heap or costs too much is refused when the lesson loads.
fn define(text: &str, earlier: &[Rules]) -> Result<Rules, LessonFault> {
    let refused = |error: Error| LessonFault::Game {
        definition: crate::engine::shortened(text.trim()).to_string(),
        error: Arc::new(error),
    };
    let definition = parse_definition(text).map_err(|e| refused(Error::expr(text, e)))?;
    let taken = !matches!(
        ruleset_name::read(&definition.name),
        Err(EngineError::UnknownRules { .. })
    ) || earlier
        .iter()
        .any(|g| defined_name(g) == Some(definition.name.as_str()));
    if taken {
        return Err(refused(Error::bad_token(
            definition.name,
            Expected::NewLessonGameName,
        )));
    }
    let rules = definition.rules();
    if let Rules::Defined(game) = &rules {
        game.probe(&mut Budget::new(DEFINE_WORK))
            .map_err(|e| refused(e.into()))?;
    }
    Ok(rules)
}

fn defined_name(rules: &Rules) -> Option<&str> {
    match rules {
        Rules::Defined(game) => Some(game.name()),
        _ => None,
    }
}

/// The 1-based lines of the items (`- …`) of the list under the top-level key at `key_line`.
fn item_lines(text: &str, key_line: usize) -> Vec<usize> {
    if key_line == 0 {
        return Vec::new();
    }
    text.lines()
        .enumerate()
        .skip(key_line)
        .take_while(|(_, l)| l.is_empty() || l.starts_with(' ') || l.starts_with('-'))
        .filter(|(_, l)| l.trim_start().starts_with('-'))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The ruleset a lesson's `rules:` names: any the engine reads from its name, a game of the
/// bundled library, `game:NAME` for one of the lesson's own `games:`, or `graph:NAME` for a
/// graph bundled from `lessons/graphs/` — never a file.
fn pinned_rules(name: &str, games: &[Rules]) -> Result<Rules, LessonFault> {
    let fault = |error| LessonFault::Rules {
        name: name.to_string(),
        error,
    };
    match ruleset_name::read(name).map_err(fault)? {
        Named::Rules(rules) => Ok(rules),
        Named::Library(game) => crate::expr::game::library(game).map_err(fault),
        Named::GraphFile(graph) => match bundled_graph(graph) {
            Some(rules) => rules.map_err(|e| match e {
                ReadError::Engine(e) => fault(e),
                ReadError::File(error) => LessonFault::GraphFile {
                    name: name.to_string(),
                    error,
                },
            }),
            None => Err(LessonFault::UnknownGraph {
                name: graph.to_string(),
                known: graphs::names(),
            }),
        },
        Named::Moore(k) => Err(fault(EngineError::WholePositionGame {
            token: format!("moore:{k}"),
        })),
        Named::Hackenbush => Err(fault(EngineError::PictureGame {
            token: name.to_string(),
        })),
        Named::SessionGame(game) => games
            .iter()
            .find(|g| defined_name(g) == Some(game))
            .cloned()
            .ok_or_else(|| LessonFault::UnknownGame {
                name: game.to_string(),
                known: games
                    .iter()
                    .filter_map(|g| defined_name(g).map(str::to_string))
                    .collect(),
            }),
    }
}

/// The one kind of step `raw` is (`text`, `run`, `ask`, `claim`), with no field that belongs to
/// another kind; or what is wrong.
fn kind_of(raw: &StepFile) -> Result<&'static str, LessonFault> {
    let kinds: Vec<&'static str> = [
        ("text", raw.text.is_some()),
        ("run", raw.run.is_some()),
        ("ask", raw.ask.is_some()),
        ("claim", raw.claim.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, present)| present.then_some(name))
    .collect();
    let kind = match kinds.as_slice() {
        [one] => *one,
        [] => return Err(LessonFault::NoKind),
        many => {
            return Err(LessonFault::Kinds {
                kinds: many.to_vec(),
            });
        }
    };
    let question_fields = [
        ("answer", raw.answer.is_some()),
        ("choices", raw.choices.is_some()),
        ("hints", !raw.hints.is_empty()),
        ("solution", raw.solution.is_some()),
        ("wrong_examples", !raw.wrong_examples.is_empty()),
    ];
    if kind != "ask"
        && let Some((field, _)) = question_fields.iter().find(|(_, present)| *present)
    {
        return Err(LessonFault::ForeignField {
            field,
            owner: "ask",
            kind,
        });
    }
    if kind != "claim"
        && let Some(field) = [
            ("check", raw.check.is_some()),
            ("theorem", raw.theorem.is_some()),
        ]
        .iter()
        .find_map(|(field, present)| present.then_some(field))
    {
        return Err(LessonFault::ForeignField {
            field,
            owner: "claim",
            kind,
        });
    }
    Ok(kind)
}

/// A YAML error as a lesson error: at its line, in the step that holds that line.
fn yaml_error(origin: &str, text: &str, e: &YamlError) -> LessonError {
    let step = e.line.and_then(|line| step_at(text, line));
    let fault = match &e.kind {
        YamlErrorKind::TooLarge { bytes, limit } => LessonFault::TooLarge {
            bytes: u64::try_from(*bytes).ok(),
            limit: *limit,
        },
        YamlErrorKind::Schema { message }
            if step.is_none() && message.starts_with("missing field") =>
        {
            LessonFault::MissingTopLevel {
                message: message.clone(),
            }
        }
        kind => LessonFault::Yaml(kind.clone()),
    };
    LessonError {
        origin: origin.to_string(),
        line: e.line,
        column: e.column,
        step,
        fault: Box::new(fault),
    }
}

/// Just the steps' ids, read leniently, to name the step an error is in.
#[derive(Deserialize)]
struct StepIds {
    #[serde(default)]
    steps: Vec<StepId>,
}

#[derive(Deserialize)]
struct StepId {
    #[serde(default)]
    id: Option<String>,
}

/// The id of the step whose lines hold `line`, if the file says it.
fn step_at(text: &str, line: usize) -> Option<String> {
    let (starts, end) = step_spans(text);
    if end.is_some_and(|end| line >= end) {
        return None;
    }
    let index = starts.iter().rposition(|&start| start <= line)?;
    // Only reached for text that has passed the limits once: the same limits apply again.
    let ids: StepIds = yaml::from_str(text, &LIMITS).ok()?;
    ids.steps.into_iter().nth(index)?.id
}

/// The 1-based line of a top-level `key:` (0 if there is none).
fn key_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| {
            l.strip_prefix(key)
                .is_some_and(|rest| rest.starts_with(':'))
        })
        .map_or(0, |i| i + 1)
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// A step, or its id (if it has one) and what is wrong with it; boxed, as errors are rare.
type StepResult = Result<Step, Box<(Option<String>, LessonFault)>>;

/// Checks a step has an id and exactly one kind, with only that kind's fields.
fn validate_step(raw: StepFile, index: usize, line: Option<usize>, games: &[Rules]) -> StepResult {
    let Some(id) = raw.id.clone() else {
        return Err(Box::new((
            None,
            LessonFault::NoStepId { number: index + 1 },
        )));
    };
    if !is_id(&id) {
        return Err(Box::new((Some(id), LessonFault::StepId)));
    }
    let fail = |fault: LessonFault| Err(Box::new((Some(id.clone()), fault)));
    let kind = match kind_of(&raw) {
        Ok(kind) => kind,
        Err(fault) => return fail(fault),
    };
    if kind == "run" && raw.rules.is_some() {
        return fail(LessonFault::RulesOnRun);
    }
    let rules = match raw.rules.as_deref().map(|name| pinned_rules(name, games)) {
        None => None,
        Some(Ok(rules)) => Some(rules),
        Some(Err(fault)) => return fail(fault),
    };
    let step_kind = match kind {
        "text" => StepKind::Text(raw.text.unwrap_or_default()),
        "run" => {
            let texts = raw.run.map(|r| r.into_vec()).unwrap_or_default();
            if texts.is_empty() {
                return fail(LessonFault::EmptyRun);
            }
            StepKind::Run(texts.into_iter().map(CommandLine::parse).collect())
        }
        "ask" => {
            let Some(answer) = raw.answer else {
                return fail(LessonFault::NoAnswer);
            };
            StepKind::Ask(Question {
                prompt: raw.ask.unwrap_or_default(),
                answer,
                choices: raw.choices.unwrap_or_default(),
                hints: raw.hints,
                solution: raw.solution,
                wrong_examples: raw.wrong_examples,
            })
        }
        _ => {
            let Some(check) = raw.check else {
                return fail(LessonFault::NoCheck);
            };
            StepKind::Claim {
                statement: raw.claim.unwrap_or_default(),
                check,
                theorem: raw.theorem,
            }
        }
    };
    Ok(Step {
        id,
        kind: step_kind,
        notes: raw.notes,
        rules,
        line: line.unwrap_or(0),
    })
}

/// The 1-based line where each step's list item starts: the `- ` items directly under
/// `steps:`, at the indentation of the first one.
fn step_lines(text: &str, count: usize) -> Vec<Option<usize>> {
    let mut found: Vec<Option<usize>> = step_spans(text).0.into_iter().map(Some).collect();
    found.resize(count, None);
    found
}

/// The 1-based lines where the steps' list items start, and the line of the next top-level
/// key after them (if any).
fn step_spans(text: &str) -> (Vec<usize>, Option<usize>) {
    let mut lines = text.lines().enumerate();
    let mut starts = Vec::new();
    if !lines.any(|(_, l)| l.trim_end() == "steps:") {
        return (starts, None);
    }
    let mut indent = None;
    for (i, line) in lines {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let here = line.len() - trimmed.len();
        if here == 0 && !trimmed.starts_with('-') {
            return (starts, Some(i + 1)); // the next top-level key
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            match indent {
                None => {
                    indent = Some(here);
                    starts.push(i + 1);
                }
                Some(n) if n == here => starts.push(i + 1),
                _ => {}
            }
        }
    }
    (starts, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "\
format: 1
id: demo
version: 1
title: A demo
steps:
  - id: hello
    text: Hello.
  - id: table
    run: grundy 0..3
  - id: q
    ask: What is mex{0, 1}?
    answer: mex{0, 1}
    hints: [Count up from 0.]
    wrong_examples:
      - answer: \"1\"
        feedback: 1 is in the set.
  - id: c
    claim: g(nF) = n
    check: \"all n in 0..50: g(zero-move, nF) = n\"
";

    #[test]
    fn command_lines_are_parsed_at_load_and_a_bad_one_keeps_its_error() {
        let text = GOOD.replace(
            "    run: grundy 0..3",
            "    run:\n      - grundy 0..3\n      - winner --rules chess 3",
        );
        let lesson = load("demo.yaml", &text).unwrap();
        let StepKind::Run(lines) = &lesson.steps[1].kind else {
            panic!("a run step");
        };
        assert!(matches!(
            lines[0].parsed(),
            Ok(crate::cli::Parsed::Cli(crate::cli::Cli {
                command: Some(crate::cli::Command::Grundy { .. }),
                ..
            }))
        ));
        let error = lines[1].parsed().expect_err("chess is no ruleset");
        assert!(error.to_string().contains("chess"), "{error}");
    }

    #[test]
    fn loads_a_good_lesson_with_step_lines() {
        let lesson = load("demo.yaml", GOOD).unwrap();
        assert_eq!(lesson.steps.len(), 4);
        let lines: Vec<usize> = lesson.steps.iter().map(|s| s.line).collect();
        assert_eq!(lines, [6, 8, 10, 17]);
        assert!(
            matches!(lesson.steps[1].kind, StepKind::Run(ref c) if c.len() == 1 && c[0].text == "grundy 0..3")
        );
        assert_eq!((lesson.requires_line, lesson.setup_line), (0, 0));
        let with = load(
            "demo.yaml",
            &GOOD.replace("steps:", "requires: [mex]\nsetup:\n  - rules nim\nsteps:"),
        )
        .unwrap();
        assert_eq!((with.requires_line, with.setup_line), (5, 6));
    }

    fn error_of(text: &str) -> String {
        load("bad.yaml", text).unwrap_err().to_string()
    }

    #[test]
    fn errors_name_file_line_and_step() {
        let e = error_of(&GOOD.replace("    answer: mex{0, 1}\n", ""));
        assert_eq!(
            e,
            "bad.yaml:10: step `q`: missing field `answer`: an `ask` step needs an `answer` expression the engine evaluates"
        );
        let e = error_of(&GOOD.replace("id: table", "id: hello"));
        assert!(
            e.starts_with("bad.yaml:8: step `hello`: this id is used"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("    text: Hello.", "    text: Hello.\n    run: grundy"));
        assert!(e.contains("step `hello`: has 2 kinds"), "{e}");
        let e = error_of(&GOOD.replace("title: A demo\n", ""));
        assert!(
            e.contains("missing field `title` at the top level of the lesson"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("    text: Hello.", "    text: Hello.\n    colour: red"));
        assert!(
            e.starts_with("bad.yaml:8:5: step `hello`: unknown field `colour`"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("feedback: 1 is", "feedbak: 1 is"));
        assert_eq!(
            e,
            "bad.yaml:16:9: step `q`: unknown field `feedbak`; did you mean `feedback`?"
        );
        // A value of the wrong type is placed in its step by its line.
        let e = error_of(&GOOD.replace("answer: mex{0, 1}", "answer: [mex]"));
        assert_eq!(e, "bad.yaml:12:13: step `q`: expected text");
        // A key after the steps belongs to no step.
        let e = error_of(&format!("{GOOD}colour: red\n"));
        assert!(
            e.starts_with("bad.yaml:20:1: unknown field `colour`"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("format: 1", "format: 9"));
        assert!(e.contains("format 9"), "{e}");
    }

    #[test]
    fn refuses_hostile_yaml() {
        let bomb = "\
a: &a [x, x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
";
        assert!(load("bomb.yaml", bomb).is_err());
        let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(load("deep.yaml", &deep).is_err());
        let deep_inside = GOOD.replace("text: Hello.", &format!("text: {deep}"));
        assert!(load("deep.yaml", &deep_inside).is_err());
        let deep_map = format!(
            "format: 1\nx: {}1{}",
            "{a: ".repeat(10_000),
            "}".repeat(10_000)
        );
        let e = error_of(&deep_map);
        assert!(
            e.contains("nests too deeply") || e.contains("unknown field"),
            "{e}"
        );
        let huge = "#".repeat(MAX_BYTES + 1);
        assert!(error_of(&huge).contains("at most"));
    }

    proptest::proptest! {
        /// Random YAML-ish text loads or gives an error.
        #[test]
        fn random_text_loads_or_errs(text in "[a-z:\\- \n\\[\\]{}&*!|>'\"0-9]{0,200}") {
            let _ = load("random.yaml", &text);
        }

        /// The good lesson with one line dropped or duplicated loads or errs, never panics.
        #[test]
        fn mangled_lessons_load_or_err(drop in 0usize..20, dup in 0usize..20) {
            let lines: Vec<&str> = GOOD.lines().collect();
            let mut mangled: Vec<&str> = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                if i != drop {
                    mangled.push(line);
                }
                if i == dup {
                    mangled.push(line);
                }
            }
            let _ = load("mangled.yaml", &mangled.join("\n"));
        }
    }
}
