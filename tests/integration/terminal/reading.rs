//! What a person reads: prose wrapped at 80 columns in a pipe (never mid-word), and lesson
//! text that keeps its author's line breaks. Pager and presenter tests, which need a terminal,
//! live in `terminal` below (Unix only).

use crate::support::Test;

/// What nimlab writes to clear a terminal before a presented step.
pub(crate) const CLEAR: &str = "\x1b[H\x1b[2J";

/// Display columns of a line: every `char` here is one column wide (no wide CJK in nimlab's
/// own text), and no colour is on in a pipe.
fn columns(line: &str) -> usize {
    line.chars().count()
}

/// Every line fits `width` (a line of one long word may not).
#[track_caller]
fn fits(text: &str, width: usize) {
    for line in text.lines() {
        assert!(
            columns(line) <= width || !line.trim().contains(' '),
            "a line wider than {width}: {line:?}\n{text}"
        );
    }
}

/// One paragraph with no line breaks of its own fits `width`, and was wrapped greedily at
/// spaces: no line could have taken the next line's first word.
#[track_caller]
fn wrapped_at_words(text: &str, width: usize) {
    fits(text, width);
    let lines: Vec<&str> = text.lines().collect();
    for pair in lines.windows(2) {
        let next_word = pair[1].split_whitespace().next().unwrap_or("");
        if pair[0].is_empty() || next_word.is_empty() {
            continue;
        }
        assert!(
            columns(pair[0]) + 1 + columns(next_word) > width,
            "{next_word:?} would have fit on {:?}\n{text}",
            pair[0]
        );
    }
}

/// In a pipe an error stays one line, for `grep` and scripts, however long.
#[test]
fn an_error_in_a_pipe_is_one_line() {
    Test::new().args(["mex", "foo"]).run().bad_input("foo");
}

/// A lesson's text, question and choices, each wrapped on its own.
#[test]
fn lesson_text_keeps_its_lines_and_wraps_each_at_80() {
    let t = Test::new();
    let long = "Every sentence of this paragraph is long enough that a terminal eighty \
                columns wide would cut one of its words in two at the right edge unless \
                nimlab breaks the line itself between words, which it must.";
    let yaml = format!(
        "format: 1\nid: wide\nversion: 1\ntitle: Wide prose\nsummary: Long lines.\nsteps:\n  \
         - id: one\n    text: |\n      {long}\n      A short second line.\n\n      - {long}\n  \
         - id: two\n    ask: {long}\n    answer: \"1\"\n    choices: [\"{long}\", \"0\"]\n    \
         solution: \"1\"\n"
    );
    t.write("wide.yaml", &yaml);
    let out = t
        .args(["--lessons", "."])
        .stdin("lesson start wide\nnext\n")
        .run()
        .success();
    fits(&out.stdout, 80);
    // The author's line break and blank line stay; the list item hangs under its text.
    let lines: Vec<&str> = out.stdout.lines().collect();
    let short = lines
        .iter()
        .position(|l| *l == "A short second line.")
        .expect("the second line, on a line of its own");
    assert_eq!(lines[short + 1], "");
    assert!(lines[short + 2].starts_with("- Every sentence"));
    assert!(lines[short + 3].starts_with("  "), "{}", lines[short + 3]);
    let prompt = lines
        .iter()
        .position(|l| l.starts_with("? Every sentence"))
        .expect("the question");
    assert!(lines[prompt + 1].starts_with("  "), "{}", lines[prompt + 1]);
    // The choice's continuation lines are indented under the choice, not under its letter.
    let a = lines
        .iter()
        .position(|l| l.starts_with("  a) Every sentence"))
        .expect("choice a");
    assert!(lines[a + 1].starts_with("     "), "{}", lines[a + 1]);
    // No word was lost or split: the prose reads back whole.
    let all = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(all.matches(long).count(), 4, "{}", out.stdout);
}

/// `tests/fixtures/lessons/good`, whose `drill` lesson has speaker notes on steps 1 and 3.
fn fixtures() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/lessons/good").to_string()
}

/// Presenter mode sends speaker notes to `--notes FILE`, step by step, and never to the
/// screen: the author's notes, a question's solution and likely wrong answers, and what a
/// step without notes does; what the file holds is written out by hand from `drill.yaml`.
#[test]
fn speaker_notes_go_to_their_file_and_never_to_the_screen() {
    // Outside the test's own directory, which goes when the run ends.
    let keep = tempfile::tempdir().unwrap();
    let notes = keep.path().join("notes.txt");
    std::fs::write(&notes, "the lecturer's own line\n").unwrap();
    let out = Test::new()
        .args(["--lessons", &fixtures()])
        .stdin(format!(
            "lesson start drill --present --notes {}\nnext\nnext\nback\n",
            notes.display()
        ))
        .run()
        .success();
    assert!(!out.stdout.contains("Speaker notes for"), "{}", out.stdout);
    assert!(!out.stdout.contains("textbook prints"), "{}", out.stdout);
    assert!(
        !out.stdout.contains('\u{1b}'),
        "no screen clearing in a pipe"
    );
    assert!(out.stdout.contains("Speaker notes go to"), "{}", out.stdout);
    let title = "A drill for the tests";
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        format!(
            "the lecturer's own line\n\
             ── {title} · step 1 of 7 · intro ──\nSpeaker notes for the intro.\n\n\
             ── {title} · step 2 of 7 · show ──\nRuns: `nimsum 3 8 6`\n\n\
             ── {title} · step 3 of 7 · xor ──\nA textbook prints 12 here.\nSolution: 13\n\
             Likely wrong answers:\n  17 — That is the ordinary sum, 3 + 8 + 6.\n  \
             12 — One column is off; count its ones again.\n\n\
             ── {title} · step 2 of 7 · show ──\nRuns: `nimsum 3 8 6`\n\n"
        )
    );
}

/// `--notes` is for presenting; a file that cannot be written is a warning, once, and the
/// presentation goes on.
#[test]
fn notes_need_present_and_an_unwritable_file_is_a_warning() {
    Test::new()
        .args(["lesson", "start", "mex", "--notes", "n.txt"])
        .run()
        .code(2);
    let t = Test::new();
    let dir = t.write("x", "");
    let dir = dir.parent().unwrap().display().to_string();
    let out = t
        .args(["--lessons", &fixtures()])
        .stdin(format!(
            "lesson start drill --present --notes {dir}\nnext\nnext\n"
        ))
        .run()
        .success();
    assert_eq!(
        out.stdout
            .matches("speaker notes cannot be written")
            .count(),
        1,
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("step 3 of 7"), "{}", out.stdout);
}

/// Long output in a pipe never goes through a pager, whatever `$PAGER` says.
#[test]
fn a_pipe_is_never_paged() {
    let out = Test::new()
        .args(["grundy", "0..60"])
        .env("PAGER", "sed s/^/PAGED:/")
        .run()
        .success();
    assert!(!out.stdout.contains("PAGED:"), "{}", out.stdout);
    assert!(out.stdout.lines().count() > 60);
}

/// On a real terminal (a pty) of a chosen size, set with `stty` before nimlab starts.
#[cfg(unix)]
mod terminal {
    use std::time::Duration;

    use super::wrapped_at_words;
    use crate::support::{Pty, Test, pty_text as text};

    /// `nimlab ARGS` on a pty of `cols`×`rows`, without colour, in a fresh data directory,
    /// with a pager that marks each line it shows.
    fn spawn(cols: u16, rows: u16, args: &[&str]) -> Pty {
        Test::new()
            .args(args.iter().copied())
            .size(cols, rows)
            .env("PAGER", "sed s/^/PAGED:/")
            .timeout(Duration::from_secs(30))
            .pty()
    }

    /// The issue's own example: on a terminal this error broke `number` at the right edge.
    #[test]
    fn an_error_wraps_at_the_terminals_width_between_words() {
        for cols in [60, 80] {
            let mut p = spawn(cols, 24, &["mex", "foo"]);
            let out = text(&p.exp_eof().unwrap());
            assert!(out.lines().count() > 1, "{out}");
            wrapped_at_words(&out, usize::from(cols));
            let joined = out.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                joined.starts_with("error: `foo` is not valid here: expected a whole number ≥ 0"),
                "{out}"
            );
        }
    }

    /// The lines of a screen as a person reads them: after the last clear, without the
    /// terminal's escapes.
    fn last_screen(raw: &str) -> String {
        let text = text(raw);
        let screen = text.rsplit("\x1b[3J").next().unwrap_or(&text);
        screen.to_string()
    }

    /// A presented step clears the screen, fits 24 rows with the prompt, and shows no notes.
    #[test]
    fn presenting_clears_the_screen_between_steps_and_hides_the_notes() {
        let mut p = spawn(80, 24, &["--lessons", &super::fixtures()]);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("lesson start drill --present").unwrap();
        let raw = p.exp_string("nimlab[drill 1/7]> ").unwrap();
        assert!(
            raw.contains(crate::terminal::reading::CLEAR),
            "no clear screen: {raw:?}"
        );
        let screen = last_screen(&raw);
        assert!(screen.contains("step 1 of 7 · intro"), "{screen}");
        assert!(!screen.contains("Speaker notes for"), "{screen}");
        assert!(screen.lines().count() < 24, "{screen}");
        p.send_line("").unwrap();
        let raw = p.exp_string("nimlab[drill 2/7]> ").unwrap();
        let screen = last_screen(&raw);
        assert!(screen.contains("step 2 of 7 · show"), "{screen}");
        assert!(
            !screen.contains("intro"),
            "the first step was cleared: {screen}"
        );
        // A command while presenting is never paged, however long.
        p.send_line("grundy 0..40").unwrap();
        let raw = p.exp_string("nimlab[drill 2/7]> ").unwrap();
        assert!(!text(&raw).contains("PAGED:"));
        p.send_line("quit").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }

    /// A step taller than the screen comes in screens of 24 rows, turned with Enter.
    #[test]
    fn a_long_presented_step_is_paginated() {
        let lessons = tempfile::tempdir().unwrap();
        let lines: Vec<String> = (1..=40)
            .map(|k| format!("      Line {k} of the step."))
            .collect();
        std::fs::write(
            lessons.path().join("long.yaml"),
            format!(
                "format: 1\nid: long\nversion: 1\ntitle: Long\nsummary: A long step.\nsteps:\n  \
                 - id: one\n    text: |\n{}\n  - id: two\n    text: The end.\n",
                lines.join("\n")
            ),
        )
        .unwrap();
        let dir = lessons.path().to_str().expect("a UTF-8 path");
        let mut p = spawn(80, 24, &["--lessons", dir]);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("lesson start long --present").unwrap();
        let raw = p.exp_string("-- more: Enter for page 2 of 2 --").unwrap();
        let screen = last_screen(&raw);
        assert!(screen.lines().count() <= 23, "{screen}");
        assert!(screen.contains("Line 1 of the step."));
        assert!(!screen.contains("Line 40 of"));
        p.send_line("").unwrap();
        let raw = p.exp_string("nimlab[long 1/2]> ").unwrap();
        let screen = last_screen(&raw);
        assert!(screen.contains("Line 40 of the step."), "{screen}");
        // Every line was on one screen or the other.
        p.send_line("quit").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }

    /// Long output goes through `$PAGER` on a terminal; short output, `--no-pager` and a
    /// script do not.
    #[test]
    fn long_output_goes_through_the_pager_on_a_terminal() {
        let spawn_paged = |args: &str| spawn(80, 24, &args.split_whitespace().collect::<Vec<_>>());
        let mut p = spawn_paged("grundy 0..40");
        let out = text(&p.exp_eof().unwrap());
        assert!(out.lines().count() > 24);
        assert!(out.lines().all(|l| l.starts_with("PAGED:")), "{out}");
        let mut p = spawn_paged("grundy 0..40 --no-pager");
        let out = text(&p.exp_eof().unwrap());
        assert!(!out.contains("PAGED:"), "{out}");
        let mut p = spawn_paged("mex 0 1 3");
        let out = text(&p.exp_eof().unwrap());
        assert_eq!(out.trim(), "mex {0, 1, 3} = 2");
        // Help pages too (`nimlab --help` is taller than 24 rows).
        let mut p = spawn_paged("--help");
        let out = text(&p.exp_eof().unwrap());
        assert!(out.lines().count() > 24, "{out}");
        assert!(out.lines().all(|l| l.starts_with("PAGED:")), "{out}");
        // In the REPL, each long output is paged and the prompt comes back.
        let mut p = spawn_paged("");
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("grundy 0..40").unwrap();
        p.exp_string("PAGED:").unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        // Values streamed by `--values` are written as computed, never held for a pager.
        p.send_line("grundy 0..40 --values").unwrap();
        let out = text(&p.exp_string("nimlab[zero-move]> ").unwrap());
        assert!(out.lines().count() > 24 && !out.contains("PAGED:"), "{out}");
        // Inside a game, output is one turn of the game: a pager would take the next move's
        // keys. The same long table is written straight out.
        p.send_line("play 4 7 5").unwrap();
        p.exp_string("nimlab[play 4T 7T 5T]> ").unwrap();
        p.send_line("grundy 0..40").unwrap();
        let out = text(&p.exp_string("nimlab[play 4T 7T 5T]> ").unwrap());
        assert!(out.lines().count() > 24 && !out.contains("PAGED:"), "{out}");
        p.send_line("quit").unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }

    /// The move that ends a game is still a turn of it: its output, taller than the screen
    /// here, is not paged, and the next line typed reaches nimlab, not the pager.
    #[test]
    fn a_games_last_move_is_not_paged() {
        let mut p = spawn(80, 8, &[]);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("play --coach verbose --rules nim 5").unwrap();
        p.exp_string("nimlab[play 5]> ").unwrap();
        // Nim: taking the whole pile wins at once (by hand).
        p.send_line("take 5 from 1").unwrap();
        let out = text(&p.exp_string("nimlab[zero-move]> ").unwrap());
        assert!(out.lines().count() > 8, "{out}");
        assert!(out.contains("Game over: you win!"), "{out}");
        assert!(!out.contains("PAGED:"), "{out}");
        p.send_line("mex 0 1").unwrap();
        p.exp_string("mex {0, 1} = 2").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }
}

/// Binary cells in CSV, zero-padded to one width. Nim piles are their own values, and by hand
/// 3 ⊕ 8 ⊕ 6 = 0011 ⊕ 1000 ⊕ 0110 = 1101 = 13.
#[test]
fn csv_binary_cells_share_one_width() {
    Test::new()
        .args(["nimsum", "3", "8", "6", "--rules", "nim", "--format", "csv"])
        .run()
        .success()
        .stdout(
            "pile,state,grundy,binary\n1,3,3,0011\n2,8,8,1000\n3,6,6,0110\n\
             nim-sum,,13,1101\n",
        );
}

/// The same in Markdown, for zero-move piles: g(1T) = 2 and g(5T) = 6 (n odd: n + 1),
/// g(12T) = 11 (n even: n − 1); 0010 ⊕ 1011 ⊕ 0110 = 1111 = 15.
#[test]
fn markdown_binary_cells_share_one_width() {
    let out = Test::new()
        .args(["position", "1", "12", "5", "--format", "markdown"])
        .run()
        .success();
    let binary: Vec<&str> = out
        .stdout
        .lines()
        .skip(2)
        .filter_map(|l| l.split('|').nth(4))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(binary, ["0010", "1011", "0110", "1111"], "{}", out.stdout);
}

/// Presenting in JSON: a step is the documented `step` item, and no speaker notes appear.
#[test]
fn a_presented_step_in_json_has_the_documented_shape_and_no_notes() {
    let out = Test::new()
        .args(["--lessons", &fixtures(), "--format", "json"])
        .stdin("lesson start drill --present\n")
        .run()
        .success();
    let items = &out.json()["items"];
    let step = items
        .as_array()
        .and_then(|a| a.iter().find(|i| i["kind"] == "step"))
        .expect("a step item");
    let mut keys: Vec<&String> = step.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["id", "kind", "lesson", "number", "of"]);
    assert_eq!(step["id"], "intro");
    assert!(!out.stdout.contains("Speaker notes for"), "{}", out.stdout);
    assert!(!out.stdout.contains("\"notes\""), "{}", out.stdout);
}
