//! Every bundled lesson, completed end to end from a script through the real binary: `next` past
//! each text, run and claim, the author's `solution` at each question (or `skip` where there is
//! none). The lessons are read from `lessons/` here, so a lesson added later is walked too.

use std::path::Path;

use super::{Authored, Heading, bundled_lessons, fixture, headings, json_lines, listed, path_str};
use crate::support::Test;

/// What a learner types at each step, and how many answers should be right or skipped.
struct Walk {
    script: Vec<String>,
    correct: usize,
    skipped: usize,
}

fn walk(lesson: &Authored) -> Result<Walk, String> {
    let mut walk = Walk {
        script: vec![format!("lesson start {}", lesson.id)],
        correct: 0,
        skipped: 0,
    };
    for step in &lesson.steps {
        if step.get("ask").is_none() {
            walk.script.push("next".into());
            continue;
        }
        match step.get("solution") {
            Some(solution) => {
                // A solution may be written as a YAML number; a learner types its text.
                let text = match solution {
                    serde_yaml::Value::String(s) => s.clone(),
                    other => serde_yaml::to_string(other)
                        .map_err(|e| e.to_string())?
                        .trim()
                        .to_owned(),
                };
                if text.contains('\n') || text.trim().is_empty() || text.trim().starts_with('#') {
                    return Err(format!(
                        "step {:?}: a learner cannot type the solution {text:?} on one line",
                        step.get("id")
                    ));
                }
                walk.script.push(text);
                walk.correct += 1;
            }
            None => {
                walk.script.push("skip".into());
                walk.skipped += 1;
            }
        }
    }
    walk.script.push("lesson list --format json".into());
    Ok(walk)
}

/// Walks one lesson (bundled, or from `dir` with `--lessons`); every problem found is described
/// in the error.
fn complete(lesson: &Authored, dir: Option<&Path>) -> Result<(), String> {
    let name = lesson.file.display();
    let walk = walk(lesson).map_err(|e| format!("{name}: {e}"))?;
    let mut script = walk.script.join("\n");
    script.push('\n');
    let mut test = Test::new();
    if let Some(dir) = dir {
        test = test.args(["--lessons", &path_str(dir)]);
    }
    let out = test.stdin(script).run();
    let context = || {
        format!(
            "{name}:\nscript:\n{}\nstdout:\n{}\nstderr:\n{}",
            walk.script.join("\n"),
            out.stdout,
            out.stderr
        )
    };
    let mut problems = Vec::new();
    if out.code != 0 || !out.stderr.is_empty() {
        problems.push(format!("exit code {} with stderr", out.code));
    }
    // Each step shown once, in order.
    let n = lesson.steps.len();
    let expected: Vec<Heading> = lesson
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| Heading::new(i + 1, n, s["id"].as_str().unwrap_or("?")))
        .collect();
    if headings(&out.stdout) != expected {
        problems.push(format!(
            "the steps shown were {:?}, not {:?}",
            headings(&out.stdout),
            expected
        ));
    }
    let count = |needle: &str| out.stdout.matches(needle).count();
    if count("Correct!") != walk.correct {
        problems.push(format!(
            "{} answers were right; the {} solutions should all be",
            count("Correct!"),
            walk.correct
        ));
    }
    if count("Solution:") != walk.skipped {
        problems.push(format!(
            "{} solutions were shown for {} skipped questions",
            count("Solution:"),
            walk.skipped
        ));
    }
    // A wrong or unreadable answer, a failed setup or save, a failed `run`, a false claim. (A
    // bare `✗` may be content, such as a conjecture's counterexample.)
    let bad_news = [
        "Not quite",
        "not an answer",
        "warning:",
        "error:",
        "✗ does not hold",
        "✗ cannot be checked",
    ];
    for bad in bad_news {
        if out.stdout.contains(bad) {
            problems.push(format!("stdout says {bad:?}"));
        }
    }
    let finished = format!("You have finished “{}”", lesson.title);
    if !out.stdout.contains(&finished) {
        problems.push(format!("no {finished:?}"));
    }
    match json_lines(&out.stdout).last() {
        Some(list) if list.get("lessons").is_some() => {
            let status = &listed(list, &lesson.id)["status"];
            if status != "done" {
                problems.push(format!("`lesson list` says {status}, not \"done\""));
            }
        }
        _ => problems.push("no `lesson list` JSON at the end".into()),
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{}", problems.join("\n"), context()))
    }
}

#[test]
fn every_bundled_lesson_can_be_completed_from_a_script() {
    let lessons = bundled_lessons();
    assert!(!lessons.is_empty(), "no lessons in lessons/");
    let failures: Vec<String> = lessons
        .iter()
        .filter_map(|lesson| complete(lesson, None).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The walker itself, on the drill fixture: the script it writes, and that it finishes.
#[test]
fn the_walk_completes_the_drill_lesson() {
    let path = fixture("good/drill.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let yaml: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let drill = Authored {
        file: path,
        id: "drill".into(),
        title: "A drill for the tests".into(),
        steps: yaml["steps"].as_sequence().unwrap().clone(),
    };
    let walk = walk(&drill).unwrap();
    // Hand-checked: three questions, all with solutions (13, first, 1); four other steps.
    assert_eq!(
        walk.script,
        [
            "lesson start drill",
            "next",
            "next",
            "13",
            "first",
            "1",
            "next",
            "next",
            "lesson list --format json"
        ]
    );
    complete(&drill, Some(&fixture("good"))).unwrap_or_else(|e| panic!("{e}"));
}
