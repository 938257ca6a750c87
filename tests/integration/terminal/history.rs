//! The REPL's history on a real terminal (a pty): two REPLs open at once keep each other's
//! lines, a session killed with its terminal keeps what it typed, a line that is not UTF-8
//! costs only itself, and a history file that is a device, a FIFO or a directory is reported
//! and never hangs or crashes the REPL.

use std::fs;
use std::path::Path;
use std::process::Command;

use rexpect::process::Signal;
use rexpect::session::PtySession;

use crate::support::bin;

const PROMPT: &str = "nimlab[zero-move]> ";

/// nimlab on a pty with its history in `state`. `term` is `dumb` (no line editing) unless a
/// test needs the arrow keys.
fn spawn_in(state: &Path, term: &str, cwd: Option<&Path>) -> PtySession {
    let mut cmd = Command::new(bin());
    cmd.env("NIMLAB_STATE_DIR", state)
        .env("NIMLAB_DATA_DIR", state.join("data"))
        .env("NO_COLOR", "1")
        .env("TERM", term);
    if let Some(cwd) = cwd {
        cmd.current_dir(cwd);
    }
    rexpect::session::spawn_command(cmd, Some(20_000)).expect("spawn nimlab on a pty")
}

fn spawn(state: &Path) -> PtySession {
    spawn_in(state, "dumb", None)
}

/// Sends `line` and waits for `prompt` after it: by then the line is in the history file.
fn line(p: &mut PtySession, line: &str, prompt: &str) {
    p.send_line(line).unwrap();
    p.exp_string(prompt).unwrap();
}

fn quit(mut p: PtySession) {
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn two_sessions_at_once_keep_each_others_lines() {
    let state = tempfile::tempdir().unwrap();
    let mut a = spawn(state.path());
    a.exp_string(PROMPT).unwrap();
    let mut b = spawn(state.path());
    b.exp_string(PROMPT).unwrap();
    line(&mut a, "grundy 3", PROMPT);
    line(&mut b, "winner 1 2 3", PROMPT);
    line(&mut a, "move 4 7 5", PROMPT);
    line(&mut b, "nimsum 1 2", PROMPT);
    quit(a);
    quit(b);
    assert_eq!(
        fs::read_to_string(state.path().join("history")).unwrap(),
        "#V2\ngrundy 3\nwinner 1 2 3\nmove 4 7 5\nnimsum 1 2\nquit\nquit\n"
    );
}

#[test]
fn a_session_killed_with_its_terminal_keeps_what_it_typed() {
    let state = tempfile::tempdir().unwrap();
    let mut p = spawn(state.path());
    p.exp_string(PROMPT).unwrap();
    line(&mut p, "grundy 3", PROMPT);
    line(&mut p, "winner 1 2 3", PROMPT);
    // SIGKILL: no destructor runs, nothing is saved at exit.
    p.process_mut().kill(Signal::SIGKILL).unwrap();
    assert_eq!(
        fs::read_to_string(state.path().join("history")).unwrap(),
        "#V2\ngrundy 3\nwinner 1 2 3\n"
    );
}

/// The last entry comes after a line that is not UTF-8: Ctrl-P (Up) recalls it, and running it
/// changes the prompt's ruleset. The file is appended to, never rewritten.
#[test]
fn a_line_that_is_not_utf8_loses_nothing_after_it() {
    let state = tempfile::tempdir().unwrap();
    let before: &[u8] = b"#V2\nwinner 1 2 3\n\xff\xfe caf\xe9\nrules nim\n";
    fs::write(state.path().join("history"), before).unwrap();
    let mut p = spawn_in(state.path(), "xterm", None);
    p.exp_string(PROMPT).unwrap();
    p.send_control('p').unwrap(); // the previous line, as Up
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("nimlab[nim]> ").unwrap();
    quit(p);
    let after = fs::read(state.path().join("history")).unwrap();
    assert_eq!(after, [before, b"quit\n"].concat());
}

#[test]
fn an_unusable_history_file_is_reported_and_the_repl_goes_on() {
    type Make = fn(&Path);
    let kinds: [(&str, Make); 3] = [
        ("a symlink to /dev/zero", |p| {
            std::os::unix::fs::symlink("/dev/zero", p).unwrap()
        }),
        ("a FIFO", |p| {
            let made = Command::new("mkfifo").arg(p).status().unwrap();
            assert!(made.success());
        }),
        ("a directory", |p| fs::create_dir(p).unwrap()),
    ];
    for (name, make) in kinds {
        let state = tempfile::tempdir().unwrap();
        make(&state.path().join("history"));
        let mut p = spawn(state.path());
        p.exp_string("warning:")
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        p.exp_string("history is not kept this session").unwrap();
        p.exp_string(PROMPT).unwrap();
        line(&mut p, "grundy 3", PROMPT);
        quit(p);
    }
}

/// `NIMLAB_STATE_DIR=` (empty) is as if unset: the history goes to the platform's state
/// directory, not into the directory nimlab was started in.
#[test]
fn an_empty_state_dir_variable_is_unset() {
    let home = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(bin());
    cmd.env("NIMLAB_STATE_DIR", "")
        .env("NIMLAB_DATA_DIR", home.path().join("data"))
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .current_dir(cwd.path());
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string(PROMPT).unwrap();
    line(&mut p, "grundy 3", PROMPT);
    quit(p);
    assert!(!cwd.path().join("history").exists());
    assert_eq!(
        fs::read_to_string(home.path().join("state/nimlab/history")).unwrap(),
        "#V2\ngrundy 3\nquit\n"
    );
}

/// The history file turns unusable while the REPL runs: one warning, then the REPL goes on
/// without trying again.
#[test]
fn a_history_that_fails_mid_session_warns_once() {
    let state = tempfile::tempdir().unwrap();
    let history = state.path().join("history");
    let mut p = spawn(state.path());
    p.exp_string(PROMPT).unwrap();
    line(&mut p, "grundy 3", PROMPT);
    fs::remove_file(&history).unwrap();
    fs::create_dir(&history).unwrap();
    p.send_line("grundy 4").unwrap();
    p.exp_string("warning:").unwrap();
    p.exp_string("not kept for the rest of this session")
        .unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("grundy 5").unwrap();
    let seen = p.exp_string(PROMPT).unwrap();
    assert!(!seen.contains("warning"), "{seen}");
    quit(p);
}
