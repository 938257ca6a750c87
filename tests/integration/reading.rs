//! What a person reads: prose wrapped at 80 columns in a pipe (never mid-word), and lesson
//! text that keeps its author's line breaks. Pager and presenter tests, which need a terminal,
//! live in `terminal` below (Unix only).

use crate::support::Test;

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

/// On a real terminal (a pty) of a chosen size, set with `stty` before nimlab starts.
#[cfg(unix)]
mod terminal {
    use std::process::Command;

    use rexpect::session::PtySession;

    use super::wrapped_at_words;
    use crate::support::bin;

    /// `nimlab ARGS` on a pty of `cols`×`rows`, without colour, in a fresh data directory.
    pub fn spawn(cols: u16, rows: u16, args: &str, data: &std::path::Path) -> PtySession {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!(
                "stty cols {cols} rows {rows} && exec \"$0\" {args}"
            ))
            .arg(bin())
            .env("NIMLAB_DATA_DIR", data)
            .env("NIMLAB_STATE_DIR", data.join("state"))
            .env("NO_COLOR", "1")
            .env("TERM", "dumb")
            .env_remove("PAGER");
        rexpect::session::spawn_command(cmd, Some(30_000)).expect("spawn nimlab on a pty")
    }

    /// rexpect turns each byte into a `char`; this gives the UTF-8 text back, without the
    /// terminal's carriage returns.
    pub fn text(raw: &str) -> String {
        let bytes: Vec<u8> = raw
            .chars()
            .map(|c| u8::try_from(u32::from(c)).expect("a byte"))
            .collect();
        String::from_utf8_lossy(&bytes).replace('\r', "")
    }

    /// The issue's own example: on a terminal this error broke `number` at the right edge.
    #[test]
    fn an_error_wraps_at_the_terminals_width_between_words() {
        let data = tempfile::tempdir().unwrap();
        for cols in [60, 80] {
            let mut p = spawn(cols, 24, "mex foo", data.path());
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
}
