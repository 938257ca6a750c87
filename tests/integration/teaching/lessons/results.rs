//! What a lecturer collects: attempts and hints per step, the summary at the end of a lesson,
//! and `lesson results` in text, CSV and JSON. The drill's answers, by hand: 3 ⊕ 8 ⊕ 6 = 13
//! (17 is the ordinary sum, a wrong try); Nim 1 2 4 has nim-sum 7, so the first player wins;
//! mex{0, 2} = 1, choice b.

use super::{DRILL_STEPS, Learner};
use crate::support::{str_of, u64_of};

/// The drill worked through: `xor` right at the second try after a hint, `who` right at once,
/// `pick` skipped.
fn worked(learner: &Learner) -> crate::support::Output {
    learner
        .script(&[
            "lesson start drill",
            "next",
            "next",
            "17",
            "hint",
            "13",
            "first",
            "skip",
            "next",
            "next",
        ])
        .success()
}

#[test]
fn the_end_of_a_lesson_says_how_it_went() {
    let learner = Learner::new();
    let out = worked(&learner);
    // The paragraph is wrapped at 80 columns: read it as one line.
    let text = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    // Three questions; only `who` right at the first try with no hint; one hint in all.
    assert!(
        text.contains("Right at the first try: 1 of 3 questions; hints used: 1."),
        "{}",
        out.stdout
    );
    assert!(
        text.contains("Worth another look: `xor`, `pick`"),
        "{}",
        out.stdout
    );
}

#[test]
fn results_count_tries_and_hints_per_step() {
    let learner = Learner::new();
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    worked(&learner);
    let json = learner
        .test()
        .args(["--format", "json", "lesson", "results"])
        .run()
        .success()
        .json();
    let lessons = json["lessons"].as_array().expect("lessons");
    assert_eq!(lessons.len(), 1, "only the drill was worked on: {json}");
    let drill = &lessons[0];
    assert_eq!(str_of(&drill["id"]), "drill");
    assert_eq!(drill["finished"], true);
    assert_eq!(
        (
            u64_of(&drill["questions"]),
            u64_of(&drill["right_first_time"]),
            u64_of(&drill["hints"])
        ),
        (3, 1, 1)
    );
    let steps = drill["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), DRILL_STEPS);
    let row = |id: &str| {
        steps
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("no row {id}"))
    };
    for (id, kind, status, attempts, hints) in [
        ("intro", "text", "seen", 0, 0),
        ("xor", "question", "correct", 2, 1),
        ("who", "question", "correct", 1, 0),
        ("pick", "question", "skipped", 0, 0),
        ("law", "claim", "seen", 0, 0),
    ] {
        let r = row(id);
        assert_eq!(
            (
                str_of(&r["kind"]),
                str_of(&r["status"]),
                u64_of(&r["attempts"]),
                u64_of(&r["hints"])
            ),
            (kind, status, attempts, hints),
            "{id}: {r}"
        );
        // A date and time in UTC, of this run: its year at least that of `before`.
        let last = str_of(&r["last"]);
        assert!(last.ends_with('Z') && last.len() == 20, "{id}: {last}");
        let year: u64 = last[..4].parse().unwrap();
        assert!(year >= 1970 + before / 31_622_400, "{id}: {last}");
    }
    // CSV: a header, then a row a step.
    let csv = learner
        .test()
        .args(["--format", "csv", "lesson", "results", "drill"])
        .run()
        .success()
        .stdout;
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("lesson,number,step,kind,status,attempts,hints,last")
    );
    let xor = lines.find(|l| l.starts_with("drill,3,xor,")).expect("xor");
    assert!(
        xor.starts_with("drill,3,xor,question,correct,2,1,20"),
        "{xor}"
    );
}

#[test]
fn results_of_nothing_and_of_no_such_lesson() {
    let learner = Learner::new();
    let out = learner.test().args(["lesson", "results"]).run().success();
    assert!(
        out.stdout.starts_with("No lesson worked on yet"),
        "{}",
        out.stdout
    );
    let out = learner
        .test()
        .args(["lesson", "results", "drilll"])
        .run()
        .code(2);
    assert!(
        out.stderr.contains("`drilll`") && out.stderr.contains("`drill`"),
        "{}",
        out.stderr
    );
}

/// The record on a terminal's 80 columns: every line fits, a question tried shows its tries.
#[test]
fn results_fit_80_columns() {
    let learner = Learner::new();
    // `xor` answered wrong once (17 is the ordinary sum), not yet right.
    learner
        .script(&["lesson start drill", "next", "next", "17"])
        .success();
    let out = learner.test().args(["lesson", "results"]).run().success();
    for line in out.stdout.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    let xor = out
        .stdout
        .lines()
        .find(|l| l.contains(" xor "))
        .expect("a row for xor");
    let words: Vec<&str> = xor.split_whitespace().collect();
    assert_eq!(
        &words[..6],
        ["3", "xor", "question", "tried", "1", "0"],
        "{xor}"
    );
}
