//! The course read as a whole: each lesson's closing "Next:" names the lesson that follows it
//! in the course map (`lesson list`, the bundled order), no expression a learner reads as a
//! claim or an answer runs past 200 characters, and Mock Turtles is numbered the same way in
//! the lesson, in `--rules mock-turtles` and in `docs/exercises.md` — each against a brute force
//! of the coin row written here.

use std::collections::HashMap;
use std::path::Path;

use crate::oracle::brute::mex;
use crate::support::{Test, u64_of};
use crate::teaching::lessons::bundled_lessons;

/// Every lesson id in the course map's order, from `lesson list --format json`.
pub(crate) fn course_map() -> Vec<String> {
    let list = Test::new()
        .args(["lesson", "list", "--format", "json"])
        .run()
        .success()
        .json();
    list["lessons"]
        .as_array()
        .expect("a lesson list")
        .iter()
        .map(|l| l["id"].as_str().expect("an id").to_owned())
        .collect()
}

/// All the prose of a step a learner or lecturer reads, whitespace collapsed.
fn prose(step: &serde_yaml::Value) -> String {
    let mut text = String::new();
    for key in ["text", "ask", "claim", "notes"] {
        if let Some(s) = step.get(key).and_then(|v| v.as_str()) {
            text.push_str(s);
            text.push(' ');
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_next_pointer_names_the_next_lesson_of_the_course_map() {
    let map = course_map();
    let lessons = bundled_lessons();
    assert_eq!(map.len(), lessons.len(), "{map:?}");
    for (i, id) in map.iter().enumerate() {
        let lesson = lessons
            .iter()
            .find(|l| &l.id == id)
            .expect("a bundled lesson");
        let pointers: Vec<String> = lesson
            .steps
            .iter()
            .map(prose)
            .flat_map(|p| {
                p.match_indices("Next:")
                    .map(|(at, _)| p[at..].chars().take(60).collect::<String>())
                    .collect::<Vec<_>>()
            })
            .collect();
        match map.get(i + 1) {
            Some(next) => {
                let want = format!("Next: `lesson start {next}`");
                assert!(
                    pointers.len() == 1 && pointers[0].starts_with(&want),
                    "{id}: wants exactly one {want:?}, has {pointers:?}"
                );
                let last = prose(lesson.steps.last().expect("a step"));
                assert!(
                    last.contains(&want),
                    "{id}: the pointer is not in the last step"
                );
            }
            None => assert!(pointers.is_empty(), "{id} is last: {pointers:?}"),
        }
    }
}

#[test]
fn no_claim_or_answer_expression_is_longer_than_200_characters() {
    for lesson in bundled_lessons() {
        for step in &lesson.steps {
            for key in ["check", "answer"] {
                let Some(expr) = step.get(key).and_then(|v| v.as_str()) else {
                    continue;
                };
                let n = expr.chars().count();
                assert!(
                    n <= 200,
                    "{} › {:?}: `{key}` is {n} characters: {expr}",
                    lesson.id,
                    step["id"]
                );
            }
        }
    }
}

/// Mock Turtles on places 1..=9 by brute force: a move turns one, two or three coins, the
/// rightmost of them from heads to tails. `mask` has bit p for a head at place p.
fn mock(mask: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let mut options = Vec::new();
    for right in (1..=9u64).filter(|&p| mask & (1 << p) != 0) {
        let down = mask ^ (1 << right);
        options.push(down);
        for a in 1..right {
            options.push(down ^ (1 << a));
            options.extend((a + 1..right).map(|b| down ^ (1 << a) ^ (1 << b)));
        }
    }
    let g = mex(options.into_iter().map(|o| mock(o, memo)));
    memo.insert(mask, g);
    g
}

#[test]
fn mock_turtles_is_numbered_from_1_in_the_lesson_the_ruleset_and_the_exercises() {
    let mut memo = HashMap::new();
    let single: Vec<u64> = (1..=9).map(|p| mock(1 << p, &mut memo)).collect();
    // The ruleset: a pile of n is a head at place n.
    let table = Test::new()
        .args(["grundy", "--rules", "mock-turtles", "1..9", "--values"])
        .args(["--format", "json"])
        .run()
        .success()
        .json();
    let ruleset: Vec<u64> = table["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| u64_of(&row["grundy"]))
        .collect();
    assert_eq!(ruleset, single, "{table}");
    // The lesson: its Mock Turtles step numbers the coins from 1, and its questions are walked
    // against this brute force in `course::coin_turning_walked_by_a_learner`.
    let lesson = bundled_lessons()
        .into_iter()
        .find(|l| l.id == "coin-turning")
        .expect("the coin-turning lesson");
    let mock_step = lesson
        .steps
        .iter()
        .find(|s| s["id"] == "mock")
        .expect("the mock step");
    assert!(
        prose(mock_step).contains("numbered 1, 2, 3"),
        "{mock_step:?}"
    );
    // The exercises: heads at places 1, 4, 6 and 9.
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/exercises.md"))
            .expect("docs/exercises.md");
    let said = format!(
        "the values are {}, {}, {} and {}",
        single[0], single[3], single[5], single[8]
    );
    assert!(
        text.contains(&said),
        "docs/exercises.md does not say {said:?}"
    );
}

#[test]
fn zero_move_shows_no_value_that_odd_even_asks_to_predict() {
    let lesson = bundled_lessons()
        .into_iter()
        .find(|l| l.id == "zero-move")
        .expect("the zero-move lesson");
    let mut script = vec!["lesson start zero-move --present".to_owned()];
    script.extend((1..lesson.steps.len()).map(|_| "next".to_owned()));
    script.push("lesson quit".to_owned());
    let out = crate::teaching::lessons::Learner::new()
        .script(&script)
        .success();
    assert!(out.stdout.contains("│ 5 ┆"), "no table:\n{}", out.stdout);
    // odd-even asks for g(6T) and g(9T) before its own table.
    for n in [6, 9] {
        let row = format!("│ {n} ┆");
        assert!(
            !out.stdout.lines().any(|l| l.starts_with(&row)),
            "zero-move shows the row of {n}:\n{}",
            out.stdout
        );
        assert!(
            !out.stdout.contains(&format!("g({n}T) =")),
            "{}",
            out.stdout
        );
    }
}

#[test]
fn every_proof_opens_by_saying_what_its_checks_are_worth() {
    for id in ["bouton", "sprague-grundy-sum", "zero-move-rule"] {
        // Printed whole, and walked step by step in the REPL.
        let whole = Test::new().args(["prove", id]).run().success();
        let walked = Test::new()
            .stdin(format!("prove {id}\nquit\n"))
            .run()
            .success();
        for out in [&whole.stdout, &walked.stdout] {
            let opening: String = out.lines().take(4).collect::<Vec<_>>().join(" ");
            assert!(
                opening.contains("the text is the proof") && opening.contains("illustrates"),
                "{id}:\n{out}"
            );
        }
    }
}

#[test]
fn the_proofs_say_what_they_check() {
    let proof = |id: &str| -> serde_yaml::Value {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("lessons/proofs/{id}.yaml"));
        serde_yaml::from_str(&std::fs::read_to_string(path).expect("a proof")).expect("YAML")
    };
    // Bouton's conclusion names the size its four-pile check reaches.
    let bouton = proof("bouton");
    let conclusion = &bouton["conclusion"];
    let domain = conclusion["for"].as_str().expect("a domain");
    let top = domain.rsplit("..").next().expect("a range");
    assert!(
        conclusion["check"]
            .as_str()
            .expect("a check")
            .contains(&format!("0..{top}"))
    );
    let text = conclusion["text"].as_str().expect("text");
    assert!(
        text.contains(&format!("Four piles up to {top} agree")),
        "{text}"
    );
    // The sum rule names its induction and is exercised beyond zero-move.
    let sum = proof("sprague-grundy-sum");
    let statement = sum["statement"]["text"].as_str().expect("text");
    assert!(statement.contains("strong induction"), "{statement}");
    let checks = serde_yaml::to_string(&sum["cases"]).expect("YAML");
    for game in ["g(subtract:{1,3,4}, a, b)", "g(octal:0.77, a, b)"] {
        assert!(checks.contains(game), "no check of {game}");
    }
    let out = Test::new()
        .args(["prove", "sprague-grundy-sum"])
        .run()
        .success();
    assert!(!out.stdout.contains('✗'), "{}", out.stdout);
}
