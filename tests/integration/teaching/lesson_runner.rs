//! The lesson runner as learners and a room use it (issue 26, section 4): answers in another
//! form are told the form wanted, a bare number answers a one-element set and `0 1 2 3` a set,
//! `P`/`N` answer who wins, `hint` where there is none says so, `goto` takes a step's number
//! and suggests and lists ids, and every question's speaker notes hold its solution and its
//! likely wrong answers. Expected values are hand-checked beside each test or found by search
//! here; the drill lesson is `tests/fixtures/lessons/good/drill.yaml`.

use crate::oracle::brute::{Pile, Rules, Solver};
use crate::support::Test;
use crate::teaching::lessons::{Heading, Learner, bundled_lessons, in_order, last_heading};

/// Wythoff's game lost squares (1, b) for b ≤ 10, by backward induction here.
fn wythoff_row_1() -> Vec<u64> {
    let n = 12;
    let mut lost = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let wins = (1..=a).any(|k| lost[a - k][b])
                || (1..=b).any(|k| lost[a][b - k])
                || (1..=a.min(b)).any(|k| lost[a - k][b - k]);
            lost[a][b] = !wins;
        }
    }
    (0..=10u64)
        .filter(|&b| lost[1][crate::support::index(b)])
        .collect()
}

#[test]
fn a_set_question_takes_a_bare_number_and_numbers_without_braces_and_names_its_form() {
    let row = wythoff_row_1();
    assert_eq!(row.len(), 1, "{row:?}");
    let out = Learner::new()
        .script(&[
            "lesson start wythoff",
            "next",
            "next",
            "P",
            "yes",
            "xyz",
            &row[0].to_string(),
        ])
        .success();
    in_order(
        &out.stdout,
        &[
            "this question wants a set, such as {2}",
            "this question wants a set",
            "`xyz` is not an answer nimlab can read: this question wants a set",
            "Correct!",
        ],
    );
    assert!(!out.stdout.contains("Not quite"), "{}", out.stdout);
}

#[test]
fn numbers_without_braces_answer_a_set() {
    // pn-positions › p-set: the P-positions of subtract:1,2 up to 10, by search here.
    let mut solver = Solver::new(Rules::Subtract(vec![1, 2]));
    let p: Vec<String> = (0..=10u64)
        .filter(|&n| !solver.first_wins(&[Pile::new(n, false)]))
        .map(|n| n.to_string())
        .collect();
    let lesson = bundled_lessons()
        .into_iter()
        .find(|l| l.id == "pn-positions")
        .expect("pn-positions");
    let at = lesson
        .steps
        .iter()
        .position(|s| s["id"] == "p-set")
        .expect("the step p-set");
    let out = Learner::new()
        .script(&[
            "lesson start pn-positions".to_owned(),
            format!("goto {}", at + 1),
            p.join(" "),
        ])
        .success();
    assert!(out.stdout.contains("Correct!"), "{}", out.stdout);
}

#[test]
fn p_and_n_answer_who_wins_and_a_state_is_not_a_value() {
    // Drill step 4: Nim 1 2 4 has nim-sum 7, so the first player wins: an N-position.
    let out = Learner::new()
        .script(&[
            "lesson start drill",
            "next",
            "next",
            "3T",
            "13",
            "hint",
            "P",
            "N",
        ])
        .success();
    in_order(
        &out.stdout,
        &[
            "That is a pile state; this question asks for a value",
            "Correct!",
            "This question has no hints",
            "Not quite",
            "Correct!",
        ],
    );
    assert_eq!(last_heading(&out.stdout), Heading::drill(5, "pick"));
}

/// A step the lesson does not have is a failed line, said on stderr and counted in the
/// script's exit code (`goto 0`, `goto abc` printed on stdout and the script passed).
#[test]
fn goto_takes_a_step_number_suggests_near_ids_and_lists_them() {
    let out = Learner::new()
        .script(&[
            "lesson start drill",
            "goto 6",
            "goto pikc",
            "goto 9",
            "goto 0",
            "goto abc",
        ])
        .code(2);
    assert!(out.stdout.contains("step 6 of 7 · law"), "{}", out.stdout);
    assert!(!out.stdout.contains("has no step"), "{}", out.stdout);
    let ids = "`goto` takes a step's number, 1 to 7, or its id: `intro`, `show`, `xor`, `who`, \
               `pick`, `law`, `end`";
    assert_eq!(
        out.stderr,
        format!(
            "error: line 3: this lesson has no step `pikc` (did you mean `pick`?); {ids}\n\
             error: line 4: this lesson has no step `9`; {ids}\n\
             error: line 5: this lesson has no step `0`; {ids}\n\
             error: line 6: this lesson has no step `abc`; {ids}\n\
             error: 4 lines failed\n"
        )
    );
    assert_eq!(last_heading(&out.stdout), Heading::drill(6, "law"));
}

#[test]
fn every_question_of_the_course_gives_the_lecturer_its_solution_and_wrong_answers() {
    let keep = tempfile::tempdir().expect("a directory");
    for lesson in bundled_lessons() {
        let notes = keep.path().join(format!("{}.txt", lesson.id));
        let mut script = vec![format!(
            "lesson start {} --present --notes {}",
            lesson.id,
            notes.display()
        )];
        script.extend((1..lesson.steps.len()).map(|_| "next".to_owned()));
        script.push("lesson quit".into());
        Learner::new().script(&script).success();
        let text = std::fs::read_to_string(&notes).expect("the notes");
        assert!(!text.contains("(no notes for this step)"), "{}", lesson.id);
        let sections: Vec<&str> = text.split("── ").skip(1).collect();
        assert_eq!(sections.len(), lesson.steps.len(), "{}:\n{text}", lesson.id);
        for (step, section) in lesson.steps.iter().zip(&sections) {
            if step.get("ask").is_some() {
                assert!(
                    section.contains("Solution: ") && section.contains("Likely wrong answers:"),
                    "{} › {:?}:\n{section}",
                    lesson.id,
                    step["id"]
                );
            }
        }
    }
}

#[test]
fn a_value_raising_pass_is_counted_among_the_winning_moves() {
    // play-zero-move › how-many: 4T 4F, every move searched here (takes keep the pass).
    let mut solver = Solver::new(Rules::ZeroMove);
    let mut lost = |piles: &[Pile]| !solver.first_wins(piles);
    let mut winning = 0;
    for k in 0..4 {
        winning += usize::from(lost(&[Pile::new(k, true), Pile::new(4, false)]));
        winning += usize::from(lost(&[Pile::new(4, true), Pile::new(k, false)]));
    }
    // The pass: 4T becomes 4F.
    winning += usize::from(lost(&[Pile::new(4, false), Pile::new(4, false)]));
    let lesson = bundled_lessons()
        .into_iter()
        .find(|l| l.id == "play-zero-move")
        .expect("play-zero-move");
    let at = lesson
        .steps
        .iter()
        .position(|s| s["id"] == "how-many")
        .expect("the step how-many");
    let out = Learner::new()
        .script(&[
            "lesson start play-zero-move".to_owned(),
            format!("goto {}", at + 1),
            "1".to_owned(),
            winning.to_string(),
        ])
        .success();
    in_order(&out.stdout, &["Taking 1 from 4T to 3T is one", "Correct!"]);
}

/// `lesson start ID` for a lesson refused as it loaded says why (it said only that the id is
/// not one of the lessons), and likewise a `--lessons` directory that is not there.
#[test]
fn starting_a_lesson_that_did_not_load_says_why() {
    let test = Test::new();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.yaml"),
        "format: 1\nid: bad\nversion: 1\ntitle: Bad\nsummary: x\nchapter: Foundations\n\
         steps:\n  - id: a\n    ask: \"?\"\n",
    )
    .unwrap();
    let file = dir.path().join("bad.yaml");
    let out = test
        .args([
            "--lessons",
            dir.path().to_str().unwrap(),
            "lesson",
            "start",
            "bad",
        ])
        .run()
        .code(2);
    assert_eq!(
        out.stderr,
        format!(
            "error: no lesson `bad` could be loaded: {}:8: step `a`: missing field `answer`: an \
             `ask` step needs an `answer` expression the engine evaluates\n",
            file.display()
        )
    );
    let missing = dir.path().join("nope");
    let out = Test::new()
        .args([
            "--lessons",
            missing.to_str().unwrap(),
            "lesson",
            "start",
            "bad",
        ])
        .run()
        .code(2);
    assert!(
        out.stderr.starts_with(&format!(
            "error: no lesson `bad` could be loaded: {}: cannot read the lesson directory: ",
            missing.display()
        )) && out.stderr.lines().count() == 1,
        "{}",
        out.stderr
    );
}
