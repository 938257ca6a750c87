//! A lesson that uses every game of its `games:`, not only the one it pins: a `run` line names
//! any of them by `game:NAME`, and a step's own `rules:` says which game its expressions mean.
//! `lesson check` still refuses what would lean on the learner's ruleset.
//!
//! Expected values come from mex over the options written here from each game's rule.

use crate::support::Test;

/// Grundy values of a subtraction game on 0..=n by mex over its options, from the rule alone.
fn values(amounts: &[u64], n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for size in 0..=n {
        let options: Vec<u64> = amounts
            .iter()
            .filter(|&&k| k <= size)
            .map(|&k| g[usize::try_from(size - k).unwrap()])
            .collect();
        let mex = (0..).find(|v| !options.contains(v)).unwrap();
        g.push(mex);
    }
    g
}

const TWO_GAMES: &str = r#"format: 1
id: two-games
version: 1
title: Two games
games:
  - "game take12(n) = {n - k : k in 1..min(2, n)}"
  - "game take13(n) = {n - k : k in {1, 3}, k <= n}"
rules: game:take12
steps:
  - id: both
    run:
      - grundy --rules game:take12 5
      - grundy --rules game:take13 5
  - id: other-text
    rules: game:take13
    text: In take13 a heap of 2 is worth {{ g(2) }}.
  - id: q12
    ask: What is g(5) in take12?
    answer: g(5)
    solution: "2"
  - id: q13
    rules: game:take13
    ask: What is g(5) in take13?
    answer: g(5)
    solution: "1"
    wrong_examples:
      - answer: "2"
        feedback: 2 is g(5) in take12; take13 removes 1 or 3.
"#;

fn lesson_dir(test: &Test, name: &str, text: &str) -> std::path::PathBuf {
    let path = test.write(name, text);
    path.parent().unwrap().to_path_buf()
}

#[test]
fn the_two_game_lesson_passes_its_check() {
    let test = Test::new();
    let path = test.write("two.yaml", TWO_GAMES);
    test.args(["lesson", "check"])
        .arg(path)
        .run()
        .success()
        .stdout_has("checked 1 lesson, 4 steps")
        .stdout_has("all passed");
}

/// The learner's walk: both games' tables, the text and each answer by the game its step names.
#[test]
fn a_learner_meets_both_games_of_the_lesson() {
    let (g12, g13) = (values(&[1, 2], 5), values(&[1, 3], 5));
    // By hand too: taking 1 or 2 repeats 0 1 2, taking 1 or 3 repeats 0 1.
    assert_eq!((g12[5], g13[5], g13[2]), (2, 1, 0));
    let test = Test::new();
    let dir = lesson_dir(&test, "two.yaml", TWO_GAMES);
    let wrong = if g13[5] == 2 { 0 } else { 2 };
    let out = test
        .args(["--color", "never", "--lessons"])
        .arg(dir)
        .args(["lesson", "start", "two-games"])
        .stdin(format!("next\nnext\n{}\n{wrong}\n{}\n", g12[5], g13[5]))
        .run()
        .success();
    let text = out.stdout.replace("\n  ", " ");
    // The run step's two lines, one per game (their values differ, so each is seen).
    assert!(text.contains(&format!("g(5) = {}", g12[5])), "{text}");
    assert!(text.contains(&format!("g(5) = {}", g13[5])), "{text}");
    assert!(
        text.contains(&format!("In take13 a heap of 2 is worth {}.", g13[2])),
        "{text}"
    );
    assert_eq!(text.matches("Correct!").count(), 2, "{text}");
    assert!(text.contains("take13 removes 1 or 3"), "{text}");
    assert!(text.contains("You have finished"), "{text}");
}

/// The lesson's games are named while it runs and forgotten when the learner leaves it.
#[test]
fn the_lessons_games_are_gone_when_it_ends() {
    let test = Test::new();
    let dir = lesson_dir(&test, "two.yaml", TWO_GAMES);
    let out = test
        .args(["--color", "never", "--lessons"])
        .arg(dir)
        .stdin(
            "lesson start two-games\ngrundy --rules game:take13 3\nlesson quit\n\
             grundy --rules game:take13 3\n",
        )
        .run()
        .code(2);
    // g(3) in take13 = mex{g(2), g(0)} = mex{0, 0} = 1, while the lesson runs.
    assert!(out.stdout.contains("g(3) = 1"), "{}", out.stdout);
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert!(
        errors[0].starts_with("error: line 4: `game:take13` names no game"),
        "{}",
        out.stderr
    );
}

/// What `lesson check` refuses: a step with no ruleset in a lesson that pins none, a step's
/// `rules:` on a `run` step (its lines name their game), and a step naming no game of the
/// lesson. A step with its own `rules:` is fine where the lesson pins nothing.
#[test]
fn lesson_check_still_refuses_steps_whose_meaning_depends_on_the_session() {
    let head = "format: 1\nid: bad-games\nversion: 1\ntitle: Bad\ngames:\n  \
                - \"game take12(n) = {n - k : k in 1..min(2, n)}\"\n  \
                - \"game take13(n) = {n - k : k in {1, 3}, k <= n}\"\nsteps:\n";
    let check = |steps: &str| {
        let test = Test::new();
        let path = test.write("bad.yaml", &format!("{head}{steps}"));
        test.args(["lesson", "check"]).arg(path).run()
    };
    check(
        "  - id: pinned-here\n    rules: game:take13\n    text: worth {{ g(2) }}\n  \
         - id: named-run\n    run: grundy --rules game:take12 0..3\n",
    )
    .success()
    .stdout_has("all passed");
    check("  - id: unpinned\n    text: worth {{ g(2) }}\n")
        .code(1)
        .stdout_has("step `unpinned`: `g(2)` calls `g` without a ruleset");
    check("  - id: unnamed-run\n    run: grundy 0..3\n")
        .code(1)
        .stdout_has("step `unnamed-run`: `grundy 0..3`: the command uses the session's ruleset");
    check("  - id: run-rules\n    rules: game:take13\n    run: grundy 0..3\n")
        .code(1)
        .stdout_has("`rules` on a `run` step: its commands name their game themselves");
    check("  - id: no-such\n    rules: game:take14\n    text: worth {{ g(2) }}\n")
        .code(1)
        .stdout_has("`rules: game:take14` names no game of the lesson's `games:`; it defines `take12`, `take13`");
}

/// A lesson may run `winner --rules moore:2` (Moore's Nim is named, not read from a file).
/// (1, 1, 1) under Nim_2, by hand: a move empties one pile, leaving (1, 1), which the
/// opponent empties, or two, leaving (1), which the opponent takes — the mover loses.
#[test]
fn a_lesson_runs_moores_nim() {
    let lesson = "format: 1\nid: moore-run\nversion: 1\ntitle: Moore\nsummary: s\n\
                  chapter: Foundations\nsteps:\n  - id: a\n    run: winner --rules moore:2 1 1 1\n";
    let test = Test::new();
    let path = test.write("moore-run.yaml", lesson);
    test.args(["lesson", "check"])
        .arg(path)
        .run()
        .success()
        .stdout_has("all passed");
    let test = Test::new();
    let dir = lesson_dir(&test, "moore-run.yaml", lesson);
    test.args(["--color", "never", "--lessons"])
        .arg(dir)
        .args(["lesson", "start", "moore-run"])
        .run()
        .success()
        .stdout_has("the second player wins");
}

/// A solution is shown filled in, so `lesson check` fills it before asking whether it is
/// accepted: `{{ g(3F) }}` is 3, which the answer `g(3F)` accepts (g(nF) = n: 3F's options
/// are 0F, 1F and 2F, worth 0, 1 and 2, mex 3).
#[test]
fn a_solution_is_checked_as_it_is_shown() {
    let lesson = |solution: &str| {
        format!(
            "format: 1\nid: sol\nversion: 1\ntitle: S\nsummary: s\nchapter: Foundations\n\
             rules: zero-move\nsteps:\n  - id: a\n    ask: What is g(3F)?\n    \
             answer: \"g(3F)\"\n    solution: \"{solution}\"\n"
        )
    };
    let test = Test::new();
    let path = test.write("sol.yaml", &lesson("{{ g(3F) }}"));
    test.args(["lesson", "check"])
        .arg(path)
        .run()
        .success()
        .stdout_has("all passed");
    // A solution that fills in to a wrong value is still refused.
    let test = Test::new();
    let path = test.write("sol.yaml", &lesson("{{ g(3F) + 1 }}"));
    test.args(["lesson", "check"])
        .arg(path)
        .run()
        .code(1)
        .stdout_has("is not accepted");
}
