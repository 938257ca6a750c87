//! What a course needs of its lessons: `lesson check` refuses a command or expression that
//! leans on the session's ruleset in a lesson that pins none, a `rules` command in `setup`, an
//! answer that is a constant in disguise, and a claim that illustrates a theorem but is
//! checked with the functions that apply it (`tests/fixtures/lessons/unfit/unfit.yaml`, one
//! mistake per step). A pinned lesson (`pinned/pinned.yaml`) runs under its own ruleset
//! whatever the learner chose, before or during it, and gives the learner's back at the end.

use super::{Learner, fixture, in_order, json_lines, path_str};
use crate::support::Test;

/// `(line, step, words the reason must contain)`; lines are the steps' `- id:` lines, counted
/// by hand in `unfit.yaml` (the setup is on line 7).
const UNFIT: &[(u64, Option<&str>, &[&str])] = &[
    (7, None, &["setup `rules nim`", "`rules:` key"]),
    (
        9,
        Some("session-run"),
        &["`winner 3 4 5`", "session's ruleset", "--rules"],
    ),
    (11, Some("session-answer"), &["`g(7)`", "without a ruleset"]),
    (
        14,
        Some("session-template"),
        &["`g(7)`", "without a ruleset"],
    ),
    (
        16,
        Some("session-eval"),
        &["`winner(1, 2, 3)`", "without a ruleset"],
    ),
    (18, Some("disguised"), &["`1 + 2`", "constant"]),
    (
        21,
        Some("bouton-by-winner"),
        &["`bouton`", "calls `winner`", "lost("],
    ),
    (
        25,
        Some("bouton-by-nimsum"),
        &["`bouton`", "calls `nimsum`", "lost("],
    ),
    (
        29,
        Some("copying-without-search"),
        &["`copying`", "never searches the game tree"],
    ),
    (33, Some("sum-on-splits"), &["`sprague-grundy`", "split"]),
];

#[test]
fn lesson_check_refuses_what_a_course_cannot_trust() {
    let file = path_str(&fixture("unfit/unfit.yaml"));
    let out = Test::new().args(["lesson", "check", &file]).run().code(1);
    let failures: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with('✗')).collect();
    for (line, step, says) in UNFIT {
        let at = match step {
            Some(step) => format!("unfit.yaml:{line}: step `{step}`: "),
            None => format!("unfit.yaml:{line}: "),
        };
        let found = failures
            .iter()
            .find(|f| f.contains(&at) && says.iter().all(|w| f.contains(w)));
        assert!(
            found.is_some(),
            "no failure at {at} saying {says:?} in:\n{}",
            out.stdout
        );
    }
    // One line each, and nothing about the two fine steps.
    assert_eq!(failures.len(), UNFIT.len(), "{}", out.stdout);
    assert!(!out.stdout.contains("fine-"), "{}", out.stdout);
    assert_eq!(
        out.stderr,
        format!("error: lesson check: {} failures\n", UNFIT.len())
    );
}

#[test]
fn a_pinned_lesson_names_no_ruleset_and_passes() {
    let file = path_str(&fixture("pinned/pinned.yaml"));
    let out = Test::new().args(["lesson", "check", &file]).run().success();
    assert!(out.stdout.contains("all passed"), "{}", out.stdout);
}

/// The learner plays Nim, starts the zero-move lesson, switches to Nim in the middle of it and
/// finishes it. g(1T) = mex{g(0), g(1F)} = mex{0, 1} = 2; 3T 3F is won by the player to move
/// (pass: 3F 3F, two equal Nim piles); under Nim `3T` would not even be a pile.
#[test]
fn a_pinned_lesson_runs_under_its_ruleset_and_gives_the_learners_back() {
    let learner = Learner::new();
    let out = pinned(&learner)
        .stdin(
            [
                "rules nim",
                "lesson start pinned",
                "next",
                "next",
                "rules nim",
                "first",
                "next",
                "next",
                "winner --format json 1 2 3",
            ]
            .join("\n"),
        )
        .run()
        .success();
    in_order(
        &out.stdout,
        &[
            "This lesson plays zero-move; your rules (nim) come back when it ends.",
            "1T is worth 2.",
            "nimlab> winner 3T 3F",
            "the first player (to move) wins",
            "Correct!",
            "rules: back to zero-move, this lesson's ruleset, for its commands",
            "winning move: pass on pile 1",
            "rules: back to nim",
            "You have finished",
        ],
    );
    assert!(!out.stdout.contains("is not a pile"), "{}", out.stdout);
    let after = json_lines(&out.stdout);
    assert_eq!(
        after.last().map(|j| &j["rules"]),
        Some(&"nim".into()),
        "{}",
        out.stdout
    );
}

/// A run of nimlab as `learner`, with the pinned lesson.
fn pinned(learner: &Learner) -> Test {
    Test::new()
        .args(["--lessons", &path_str(&fixture("pinned"))])
        .env("NIMLAB_DATA_DIR", path_str(learner.data.path()))
}

/// Leaving in the middle gives the learner's ruleset back too.
#[test]
fn quitting_a_pinned_lesson_gives_the_learners_rules_back() {
    let learner = Learner::new();
    let out = pinned(&learner)
        .stdin("rules misere\nlesson start pinned\nnext\nlesson quit\nrules\n")
        .run()
        .success();
    in_order(
        &out.stdout,
        &[
            "This lesson plays zero-move; your rules (misere) come back when it ends.",
            "nimlab> winner 3T 3F",
            "rules: back to misere",
        ],
    );
}

/// `lesson list` as a map of the course: chapters in teaching order, prerequisites ticked when
/// done, lessons whose prerequisites are all done marked ready, and a count of those done. The
/// learner finishes `mex` (11 steps: text, run, ask, ask, text, ask, text, ask, run, claim,
/// text — questions skipped); `nim` needs only `mex`, `grundy` needs `nim` as well.
#[test]
fn lesson_list_is_a_map_of_the_course() {
    let learner = Learner::new();
    let finish_mex = [
        "lesson start mex",
        "next",
        "next",
        "skip",
        "skip",
        "next",
        "skip",
        "next",
        "skip",
        "next",
        "next",
        "next",
    ];
    learner.script(&finish_mex).success();
    let out = learner
        .script(&["lesson list --format json", "lesson list"])
        .success();
    let list = &json_lines(&out.stdout)[0];
    assert_eq!(list["done"], 1, "{list}");
    // `pn-positions` and the drill lesson (added by the learner's `--lessons`) need nothing, so
    // they are ready too.
    assert_eq!(
        list["ready"],
        serde_json::json!(["pn-positions", "nim", "drill"]),
        "{list}"
    );
    let nim = super::listed(list, "nim");
    assert_eq!(nim["chapter"], "Foundations", "{list}");
    assert_eq!(nim["waiting_for"], serde_json::json!([]), "{list}");
    let grundy = super::listed(list, "grundy");
    assert_eq!(grundy["waiting_for"], serde_json::json!(["nim"]), "{list}");
    // The chapters, in teaching order, each named once.
    let lessons = list["lessons"].as_array().expect("lessons");
    let mut chapters: Vec<&str> = Vec::new();
    for l in lessons {
        let c = l["chapter"].as_str().expect("a chapter");
        if chapters.last() != Some(&c) {
            chapters.push(c);
        }
    }
    let mut unique = chapters.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(
        unique.len(),
        chapters.len(),
        "a chapter is split: {chapters:?}"
    );
    assert_eq!(chapters.first(), Some(&"Foundations"));
    // The map: chapter headings before their lessons; mex done, nim ready, grundy waiting
    // for nim only (mex is done); the summary line.
    in_order(
        &out.stdout,
        &[
            "Foundations",
            "mex",
            "done ✓",
            "nim",
            "ready",
            "grundy",
            "after nim\n",
        ],
    );
    // The bundled lessons and the drill.
    let total = super::bundled_lessons().len() + 1;
    assert!(
        out.stdout.contains(&format!(
            "1 of {total} done; ready to start: pn-positions, nim, drill."
        )),
        "{}",
        out.stdout
    );
}

/// Writes `text` as `NAME.yaml` in a fresh directory and runs `lesson check` on it.
pub(crate) fn check_text(name: &str, text: &str) -> crate::support::Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join(format!("{name}.yaml"));
    std::fs::write(&file, text).expect("the lesson file is written");
    Test::new()
        .args(["lesson", "check", &path_str(&file)])
        .run()
}

/// The nim product is computed by the engine (nim_product.rs, checked there against the mex
/// over rectangles), so an answer that multiplies nimbers is not a constant the author worked
/// out; ordinary arithmetic and XOR still are.
#[test]
fn an_answer_with_the_nim_product_is_computed_not_disguised() {
    let lesson = |answer: &str| {
        format!(
            "format: 1\nid: product\nversion: 1\ntitle: Product\nrules: nim\nsteps:\n  \
             - id: q\n    ask: What is 2 ⊗ 2?\n    answer: \"{answer}\"\n"
        )
    };
    let out = check_text("product", &lesson("2 nimmul 2")).success();
    assert!(out.stdout.contains("all passed"), "{}", out.stdout);
    for constant in ["1 + 2", "2 xor 1"] {
        let out = check_text("product", &lesson(constant)).code(1);
        assert!(
            out.stdout.contains(&format!("`{constant}`")) && out.stdout.contains("constant"),
            "{constant}: {}",
            out.stdout
        );
    }
}

/// `rules: graph:NAME` names a graph bundled from lessons/graphs/, never a file: a path, even
/// to a real graph file, is refused at load, naming the bundled graphs.
#[test]
fn a_lesson_pins_a_bundled_graph_and_never_a_file() {
    let lesson = |rules: &str| {
        format!(
            "format: 1\nid: on-graph\nversion: 1\ntitle: On a graph\nrules: \"{rules}\"\n\
             steps:\n  - id: q\n    ask: Is the start lost?\n    answer: lost(start)\n    solution: \"no\"\n"
        )
    };
    // example.yaml: start → left, right; left → middle, finish; right → middle; middle →
    // finish. By hand: finish 0, middle 1, right 0, left mex{1, 0} = 2, start mex{2, 0} = 1,
    // so start is not lost: the solution `no` must be accepted.
    let out = check_text("on-graph", &lesson("graph:example")).success();
    assert!(out.stdout.contains("all passed"), "{}", out.stdout);
    let real_file = path_str(&super::bundled_dir().join("graphs/example.yaml"));
    for rules in [
        "graph:nowhere",
        "graph:../graphs/example",
        real_file.as_str(),
    ] {
        let rules = if rules.starts_with('/') {
            format!("graph:{rules}")
        } else {
            rules.to_string()
        };
        let out = check_text("on-graph", &lesson(&rules)).code(1);
        assert!(
            out.stdout
                .contains(&format!("`rules: {rules}` names no bundled graph"))
                && out.stdout.contains("`graph:example`, `graph:graph-games`"),
            "{rules}: {}",
            out.stdout
        );
    }
}

/// A lesson defines its own game in `games:` and pins it with `rules: game:NAME`: its
/// questions and commands use it. take12 takes 1 or 2 tokens, so by mex g(0), g(1), g(2),
/// … is 0, 1, 2, 0, 1, 2, …: g(7) = 1, and heaps 4 and 5 (worth 1 and 2) are won.
#[test]
fn a_lesson_defines_and_pins_its_own_game() {
    let lesson = |rules: &str| {
        format!(
            "format: 1\nid: own-game\nversion: 1\ntitle: Own game\ngames:\n  \
             - \"game take12(n) = {{n - k : k in 1..min(2, n)}}\"\nrules: {rules}\nsteps:\n  \
             - id: q\n    ask: What is g(7)?\n    answer: g(7)\n    solution: \"1\"\n  \
             - id: r\n    run: [grundy 0..6, winner --rules game:take12 4 5]\n  \
             - id: c\n    claim: Heaps 4 and 5 are won.\n    check: not lost(4, 5)\n"
        )
    };
    let out = check_text("own-game", &lesson("game:take12")).success();
    assert!(out.stdout.contains("all passed"), "{}", out.stdout);
    let out = check_text("own-game", &lesson("game:take13")).code(1);
    assert!(
        out.stdout
            .contains("`rules: game:take13` names no game of the lesson's `games:`")
            && out.stdout.contains("`take12`"),
        "{}",
        out.stdout
    );
}
