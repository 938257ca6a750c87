//! Ctrl-C and pasted blocks on a real terminal (a pty), as a person meets them: Ctrl-C stops a
//! long command and gives back the prompt with the session as it was; outside the REPL it ends
//! nimlab; a pasted block of lines runs line by line, with and without bracketed paste.
//!
//! Nothing here waits on time. rustyline leaves raw mode (where Ctrl-C is a key that cancels
//! the line being typed) before it writes `ESC[?2004l`, so once that is seen a Ctrl-C is a
//! signal for the command just typed. Every command interrupted here runs for many seconds,
//! and `interrupted` is printed only when a command was stopped.
//!
//! Expected values are checked by hand: zero-move g(1T) = 2, g(2T) = 1 (odd n → n + 1, even
//! n → n − 1), so 1T + 2T has nim-sum 2 ⊕ 1 = 3 ≠ 0; g(3T) = 4, g(4T) = 3, nim-sum 7;
//! Nim 3 4 5 has nim-sum 3 ⊕ 4 ⊕ 5 = 2; mex{0, 1} = 2.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rexpect::process::{Signal, WaitStatus};

use crate::support::{Pty, Test, bin};
use crate::teaching::lessons::{fixture, path_str};

const PROMPT: &str = "nimlab[zero-move]> ";
/// rustyline has left raw mode: the line was accepted and its command starts.
const ACCEPTED: &str = "\x1b[?2004l";
/// Generous: a command that was not stopped runs far longer than this.
const TIMEOUT: Duration = Duration::from_secs(20);

/// nimlab on a pty, with a terminal that rustyline edits on (raw mode, bracketed paste).
struct Terminal {
    p: Pty,
}

impl Terminal {
    fn new(args: &[&str]) -> Self {
        let p = Test::new()
            .args(args.iter().copied())
            .env("TERM", "xterm")
            .timeout(TIMEOUT)
            .pty();
        Self { p }
    }

    #[track_caller]
    fn expect(&mut self, text: &str) -> String {
        match self.p.exp_string(text) {
            Ok(before) => before,
            Err(e) => panic!("waiting for {text:?}: {e}"),
        }
    }

    /// Sends keys (`\r` is Enter), as typed or pasted all at once.
    fn type_text(&mut self, text: &str) {
        self.p.send(text).expect("type on the pty");
        self.p.flush().expect("flush the pty");
    }

    /// Types a line and Enter, and waits until its command has started.
    #[track_caller]
    fn run(&mut self, line: &str) {
        self.type_text(&format!("{line}\r"));
        self.expect(ACCEPTED);
    }

    /// Ctrl-C, then the REPL's word for it and a fresh prompt.
    #[track_caller]
    fn interrupt(&mut self, prompt: &str) {
        self.p.send_control('c').expect("Ctrl-C on the pty");
        self.expect("interrupted");
        self.expect(prompt);
    }

    /// The session answers as before: a position it was given, a fresh question.
    #[track_caller]
    fn still_answers(&mut self) {
        self.run("winner 1 2");
        let before = self.expect("zero-move: 1T 2T");
        // Nothing the stopped command had buffered comes out late, before the answer.
        assert!(!before.lines().any(is_value_row), "late output: {before:?}");
        self.expect("nim-sum         3");
        self.expect(PROMPT);
    }

    /// Quits; what is left is the ended session and its directories.
    fn quit(mut self) -> Pty {
        self.type_text("quit\r");
        self.p.exp_eof().expect("nimlab ends");
        self.p
    }
}

/// A row of `grundy --values` for zero-move: three numbers.
fn is_value_row(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() == 3 && words.iter().all(|w| w.chars().all(|c| c.is_ascii_digit()))
}

#[test]
fn ctrl_c_stops_a_stream_of_values_and_the_session_goes_on() {
    let mut t = Terminal::new(&[]);
    t.expect(PROMPT);
    t.run("position 3 4 5");
    t.expect(PROMPT);
    t.run("grundy 0..10000000 --values");
    // Rows are being written: g(1000F) = 1000, g(1000T) = 999.
    t.expect("Grundy values of zero-move for n = 0..10000000");
    t.expect("    1000      1000       999");
    t.interrupt(PROMPT);
    t.still_answers();
    // The position is the one set before.
    t.run("position");
    t.expect("position (zero-move): 3T 4T 5T");
    t.expect(PROMPT);
    t.quit();
}

#[test]
fn ctrl_c_stops_verify_and_the_rules_and_position_are_kept() {
    let mut t = Terminal::new(&[]);
    t.expect(PROMPT);
    t.run("rules nim");
    t.expect("nimlab[nim]> ");
    t.run("position 3 4 5");
    t.expect("nimlab[nim]> ");
    // 7 piles of zero-move states up to 15: 31 states, C(37, 7) ≈ 10^7 positions to solve.
    t.run("verify --rules zero-move --piles 7 --max 15");
    // After a second the search shows how far it has got.
    t.expect("(Ctrl-C stops)");
    t.interrupt("nimlab[nim]> ");
    t.run("winner");
    t.expect("the session's position (nim): 3 4 5");
    t.expect("nim-sum         2");
    t.expect("nimlab[nim]> ");
    t.quit();
}

#[test]
fn ctrl_c_stops_period_and_conjecture() {
    let mut t = Terminal::new(&[]);
    t.expect(PROMPT);
    t.run("period --rules octal:0.6 --to 10000000");
    t.interrupt(PROMPT);
    t.still_answers();
    // g(nF) = n (a spent pass leaves a Nim heap); the set's largest element is n for n ≥ 0.
    t.run("conjecture g(nF) = max{n, n - 1, n - 2, n - 3, 0} for n in 0..1000000");
    t.interrupt(PROMPT);
    t.still_answers();
    t.quit();
}

#[test]
fn ctrl_c_ends_a_wait_for_piles_typed_at_the_terminal() {
    let mut t = Terminal::new(&[]);
    t.expect(PROMPT);
    t.run("winner -");
    // The terminal is back in its ordinary mode: a line of piles, then Ctrl-C while nimlab
    // waits for more (or for Ctrl-D).
    t.type_text("1 2\r");
    t.interrupt(PROMPT);
    t.still_answers();
    t.quit();
}

#[test]
fn ctrl_c_inside_a_lesson_keeps_the_lesson_where_it_was() {
    let lessons = path_str(&fixture("good"));
    let mut t = Terminal::new(&["--lessons", &lessons]);
    t.expect(PROMPT);
    t.run("lesson start drill");
    t.expect("step 1 of 7");
    t.expect("nimlab[drill 1/7]> ");
    t.run("verify --rules zero-move --piles 7 --max 15");
    t.interrupt("nimlab[drill 1/7]> ");
    // Enter moves on from the step the lesson was at.
    t.run("");
    t.expect("step 2 of 7");
    t.expect("nimlab[drill 2/7]> ");
    t.run("quit");
    t.expect("at step 2 (saved; `lesson start drill` resumes).");
    t.expect(PROMPT);
    t.quit();
}

#[test]
fn outside_the_repl_ctrl_c_ends_nimlab_at_once() {
    // A command on the shell, on a terminal: killed by SIGINT, which the shell reports as 130.
    let mut p = Test::new()
        .args([
            "verify",
            "--rules",
            "zero-move",
            "--piles",
            "7",
            "--max",
            "15",
        ])
        .env("TERM", "xterm")
        .timeout(TIMEOUT)
        .pty();
    p.exp_string("(Ctrl-C stops)")
        .expect("progress after a second");
    p.send_control('c').expect("Ctrl-C on the pty");
    p.exp_eof().expect("nimlab ends");
    match p.process().wait().expect("wait for nimlab") {
        WaitStatus::Signaled(_, Signal::SIGINT, _) => {}
        other => panic!("ended by {other:?}, not by SIGINT"),
    }

    // A script read from a pipe: the same. (`Test::run` would wait for the end; this needs
    // the process while it runs.)
    crate::support::default_sigint();
    let state = tempfile::tempdir().expect("a temporary directory");
    let mut child = Command::new(bin())
        .env("NIMLAB_STATE_DIR", state.path().join("state"))
        .env("NIMLAB_DATA_DIR", state.path().join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn nimlab");
    let mut script = child.stdin.take().expect("stdin");
    std::io::Write::write_all(
        &mut script,
        b"verify --rules zero-move --piles 7 --max 15\n",
    )
    .expect("write the script");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for nimlab") {
            break status;
        }
        assert!(started.elapsed() < TIMEOUT, "SIGINT did not end nimlab");
        std::thread::sleep(Duration::from_millis(10));
    };
    drop(script);
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(2), "{status:?}");
}

/// The three lines pasted, and what each answers, in order.
const BLOCK: [&str; 3] = ["winner 1 2", "winner 3 4", "mex 0 1"];

#[track_caller]
fn each_line_answers_in_order(t: &mut Terminal, echoed: bool) {
    t.expect("zero-move: 1T 2T");
    t.expect("nim-sum         3");
    if echoed {
        t.expect(&format!("{PROMPT}{}", BLOCK[1]));
    }
    t.expect("zero-move: 3T 4T");
    t.expect("nim-sum         7");
    if echoed {
        t.expect(&format!("{PROMPT}{}", BLOCK[2]));
    }
    t.expect("mex {0, 1} = 2");
    t.expect(PROMPT);
}

#[test]
fn a_pasted_block_runs_every_line_without_bracketed_paste() {
    // A terminal without bracketed paste sends the lines as typed, all at once.
    let mut t = Terminal::new(&[]);
    t.expect(PROMPT);
    t.type_text(&format!("{}\r", BLOCK.join("\r")));
    each_line_answers_in_order(&mut t, false);
    t.quit();
}

#[test]
fn a_pasted_block_runs_every_line_with_bracketed_paste() {
    let mut t = Terminal::new(&[]);
    t.expect(PROMPT);
    // The block sits in the line editor until Enter, like a pasted line.
    t.type_text(&format!("\x1b[200~{}\r\x1b[201~", BLOCK.join("\r")));
    t.type_text("\r");
    each_line_answers_in_order(&mut t, true);
    let ended = t.quit();
    // Each line is its own history entry.
    let history = std::fs::read_to_string(ended.dir().join("state/history")).expect("history");
    for line in BLOCK {
        assert!(
            history.lines().any(|l| l == line),
            "{line:?} in {history:?}"
        );
    }
}
