//! The read loop: a line source (rustyline on a terminal, plain lines otherwise), each line
//! parsed by the one command language and dispatched; errors are printed and the loop goes on.

mod complete;
mod dispatch;
mod history;
mod source;

use std::io::{self, BufReader, Write};
use std::path::Path;

pub use dispatch::{Flow, dispatch, dispatch_text, leave_all, report};

use crate::cli::{Cli, Parsed};
use crate::command::Session;
use crate::env::Env;
use crate::error::{Error, ScriptLimit};

use source::{Line, LineSource, Plain, Terminal};

/// Scripts may run scripts, up to this depth (a script that runs itself stops here).
pub const MAX_DEPTH: usize = 16;
/// Lines that scripts started by `run` may execute in all, nested scripts included, for one
/// command typed, piped or given on the shell: a script that runs itself four times fans out
/// 4^16 times within the depth, so the depth alone does not bound the work.
pub const MAX_SCRIPT_LINES: u64 = 100_000;

/// Where a line runs: at the top (typed, piped, or on the shell), or inside scripts started by
/// `run`, with the lines those scripts have executed so far for the command at the top.
#[derive(Debug)]
pub struct Nesting {
    pub(crate) depth: usize,
    lines: u64,
    max_lines: u64,
    /// The script being run, innermost.
    script: Option<std::path::PathBuf>,
}

impl Default for Nesting {
    fn default() -> Self {
        Self {
            depth: 0,
            lines: 0,
            max_lines: MAX_SCRIPT_LINES,
            script: None,
        }
    }
}

impl Nesting {
    /// Counts a script's line `text` (line `number` of its file) toward the lines scripts may
    /// run for one command; comments and blank lines are free. Refuses past the limit.
    fn count_line(&mut self, text: &str, number: usize) -> Result<(), Error> {
        if text.is_empty() || text.starts_with('#') {
            return Ok(());
        }
        self.lines += 1;
        if self.lines > self.max_lines {
            return Err(Error::ScriptLimit {
                path: self.script.clone().unwrap_or_default(),
                line: Some(number),
                limit: ScriptLimit::Lines(self.max_lines),
            });
        }
        Ok(())
    }
}

/// The REPL on a terminal, or a script read from a non-terminal standard input.
pub fn run(session: &mut Session, env: &Env) -> Result<(), Error> {
    if env.stdin_tty {
        let mut source = Terminal::new(
            session.catalog().ids(),
            env.history_file.clone(),
            env.error_style(),
        );
        // Ctrl-C now stops the running command, not nimlab. Installed after rustyline's own
        // handler, which it keeps calling. Should it fail, Ctrl-C ends nimlab as before.
        // rustyline's handler leaves a byte in a pipe that it reads only when a signal cuts
        // its read short, so after an interrupted command a resize of the window cancels the
        // line being typed, once. (rustyline's `signal-hook` feature drops that handler, but
        // in version 17 it stalls typed-ahead input: it selects on the terminal while keys
        // wait in its own buffer.)
        let _ = crate::interrupt::install(&session.cancel);
        let style = env.stdout_style();
        // `println!` would panic on a full disk; a write error is reported like any other.
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "{} {} — Nim, zero-move Nim and Sprague–Grundy theory.\nTry `grundy`, `winner 18 47 34` or `move 4 7 5`;\n`lesson list` shows the lessons; `lesson start mex` starts one.\n`help` lists everything; `quit` or Ctrl-D leaves.",
            style.heading("nimlab"),
            env!("CARGO_PKG_VERSION")
        )
        .and_then(|()| out.flush())
        .map_err(Error::Write)?;
        drop(out);
        dispatch::greet(session, env)?;
        // Each line is added to the history as it is typed: nothing is left to save here.
        run_lines(&mut source, session, env, &mut Nesting::default())
            .and_then(|()| leave_all(session, env))
    } else {
        session.stdin_is_script = true;
        let mut source = Plain::new(BufReader::new(io::stdin().lock()));
        run_lines(&mut source, session, env, &mut Nesting::default())
    }
}

/// Goes on with an activity the shell started (`nimlab play 4 7 5`, `nimlab lesson start ID`):
/// at the prompt on a terminal, else reading standard input's lines as a script.
pub fn resume(session: &mut Session, env: &Env) -> Result<(), Error> {
    if env.stdin_tty {
        let mut source = Terminal::new(
            session.catalog().ids(),
            env.history_file.clone(),
            env.error_style(),
        );
        // Ctrl-C stops the running command, as in `run`.
        let _ = crate::interrupt::install(&session.cancel);
        run_lines(&mut source, session, env, &mut Nesting::default())
            .and_then(|()| leave_all(session, env))
    } else {
        session.stdin_is_script = true;
        let mut source = Plain::new(BufReader::new(io::stdin().lock()));
        run_lines(&mut source, session, env, &mut Nesting::default())
    }
}

/// `nimlab run FILE` and the `run` command: the file's lines as a script. Past the depth or
/// the line limit the whole command stops, not just the line that went too far.
pub fn run_file(
    path: &Path,
    session: &mut Session,
    env: &Env,
    nest: &mut Nesting,
) -> Result<(), Error> {
    if nest.depth >= MAX_DEPTH {
        return Err(Error::ScriptLimit {
            path: path.to_path_buf(),
            line: None,
            limit: ScriptLimit::Depth(MAX_DEPTH),
        });
    }
    // A regular file only: a FIFO or a device would wait or never end.
    let file = crate::capped_read::open_regular(path).map_err(|error| Error::Unreadable {
        error,
        piles: false,
    })?;
    let mut source = Plain::new(BufReader::new(file));
    nest.depth += 1;
    let outer = nest.script.replace(path.to_path_buf());
    let result = run_lines(&mut source, session, env, nest);
    nest.script = outer;
    nest.depth -= 1;
    result
}

/// Runs lines until the source ends or `quit`; counts the lines that failed.
fn run_lines(
    source: &mut dyn LineSource,
    session: &mut Session,
    env: &Env,
    nest: &mut Nesting,
) -> Result<(), Error> {
    let interactive = source.is_interactive();
    let outer = std::mem::replace(&mut session.interactive, interactive);
    let result = read_lines(source, session, env, nest, interactive);
    session.interactive = outer;
    result
}

/// Reads and runs `source`'s lines until it ends or `quit`; a script's failed lines are
/// counted and reported, and fail it at the end.
fn read_lines(
    source: &mut dyn LineSource,
    session: &mut Session,
    env: &Env,
    nest: &mut Nesting,
    interactive: bool,
) -> Result<(), Error> {
    let mut failures = 0;
    let mut number = 0;
    loop {
        if interactive {
            // Each line typed starts afresh. Reset before reading: while rustyline reads a line
            // Ctrl-C is a key, not a signal, so every signal from here on is for this line's
            // command. A script's lines share their caller's token: Ctrl-C stops the script.
            session.cancel.reset();
        }
        // The prompt can name a graph file, whose path the user typed: shown, not obeyed.
        let prompt =
            crate::render::printable(&crate::render::prompt(&session.prompt())).into_owned();
        if interactive {
            source.set_step_ids(lesson_step_ids(session));
        }
        let line = match source.read_line(&prompt) {
            Ok(Some(Line::Text(line))) => line,
            Ok(Some(Line::TooLong { limit })) => {
                number += 1;
                failures += 1;
                report(
                    &Error::LineTooLong { limit },
                    env,
                    (!interactive).then_some(number),
                );
                continue;
            }
            Ok(None) => break,
            // A line that is not text (a NUL byte, bad UTF-8) is bad input; a read that
            // fails is the device's fault.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Err(Error::Read {
                    path: "standard input".into(),
                    source: e,
                });
            }
            Err(e) => return Err(Error::ReadInput(e)),
        };
        number += 1;
        let text = line.trim();
        let at = (!interactive).then_some(number);
        let in_script = nest.depth > 0;
        if in_script {
            nest.count_line(text, number)?;
        }
        let Some(result) = run_text(text, session, env, nest, interactive) else {
            continue;
        };
        match result {
            Ok(Flow::Quit) => break,
            // The activity the shell started is over (left, won, finished): back to the shell.
            Ok(Flow::Continue)
                if nest.depth == 0 && session.for_one_activity && session.focus.is_empty() =>
            {
                break;
            }
            Ok(Flow::Continue) => {}
            // Output that cannot be written (a closed pipe, a full disk) ends the run: the
            // lines after it could not be seen either.
            Err(Error::Write(e)) => return Err(Error::Write(e)),
            Err(Error::ScriptFailed { failures: inner }) => failures += inner,
            // Too deep or too long: the script that went too far and every one around it stop.
            Err(e @ Error::ScriptLimit { .. }) if in_script => return Err(e),
            Err(Error::Interrupted) if interactive => {
                // Lines pasted after the one interrupted are dropped, as a shell drops
                // typed-ahead input at Ctrl-C. The terminal has echoed `^C` after whatever
                // was written last.
                source.discard_pending();
                let _ = writeln!(io::stderr(), "\ninterrupted");
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            // At the prompt the report has said it; a script counts it as a failed line.
            Err(
                Error::ConjectureFails { .. }
                | Error::ConjectureDecidedFalse { .. }
                | Error::SentenceFalse,
            ) if interactive => {}
            Err(e) => {
                failures += 1;
                report(&e, env, at);
            }
        }
    }
    if failures > 0 && !interactive {
        return Err(Error::ScriptFailed { failures });
    }
    Ok(())
}

/// Runs one line's text: a command, or an answer or a move for the focus. `None` for a line
/// that does nothing (a comment, an empty line that no focus takes).
fn run_text(
    text: &str,
    session: &mut Session,
    env: &Env,
    nest: &mut Nesting,
    interactive: bool,
) -> Option<Result<Flow, Error>> {
    if text.is_empty() || text.starts_with('#') {
        // An empty line on a terminal means "go on" to a focus (Enter for `next`).
        if !(interactive && text.is_empty()) {
            return None;
        }
        return dispatch_text(text, session, env);
    }
    Some(match Cli::parse_line(text) {
        // Each command at the top gets its own count of script lines.
        Ok(Parsed::Cli(cli)) if nest.depth > 0 => dispatch(&cli, session, env, nest),
        Ok(Parsed::Cli(cli)) => dispatch(&cli, session, env, &mut Nesting::default()),
        Ok(Parsed::Display(help)) => {
            let no_pager = nest.depth > 0 || text.split_whitespace().any(|w| w == "--no-pager");
            env.show_text(&help, no_pager).map(|()| Flow::Continue)
        }
        Err(e) => dispatch_text(text, session, env).unwrap_or(Err(e)),
    })
}

/// The step ids of the lesson being taken, if one is: what `goto` completes.
fn lesson_step_ids(session: &mut Session) -> Vec<String> {
    let Some(crate::output::Activity::Lesson { id, .. }) =
        session.focus.last().map(|f| f.activity())
    else {
        return Vec::new();
    };
    session
        .catalog()
        .get(&id)
        .map(|lesson| lesson.steps.iter().map(|s| s.id.clone()).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The environment as probed for a line with no flags.
    fn env() -> Env {
        let Ok(Parsed::Cli(cli)) = Cli::parse_line("") else {
            panic!("an empty line parses");
        };
        Env::probe(&cli)
    }

    /// `f0` runs `f1` ten times, `f1` runs `f2` ten times, …, and the last script is empty:
    /// 10 + 100 + … + 10^levels lines in all, each one printing nothing.
    fn fan_out(levels: usize) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..levels {
            let next = dir.path().join(format!("f{}", i + 1));
            let line = format!("run '{}'\n", next.display());
            std::fs::write(dir.path().join(format!("f{i}")), line.repeat(10)).unwrap();
        }
        std::fs::write(dir.path().join(format!("f{levels}")), "# empty\n").unwrap();
        dir
    }

    #[test]
    fn nested_scripts_stop_at_the_line_limit() {
        // 10 + 100 + 1000 = 1110 lines in all. Lines run in order: f0's first line, then f1's
        // ten lines each followed by f2's ten, … With a limit of 1000 the 1001st line is
        // refused: f0's lines 1..=9 account for 9 × 111 = 999 lines, f0's line 10 is the
        // 1000th, and the 1001st is f1's first line in its tenth run.
        let dir = fan_out(3);
        let mut nest = Nesting {
            max_lines: 1000,
            ..Nesting::default()
        };
        let mut session = Session::default();
        let error = run_file(&dir.path().join("f0"), &mut session, &env(), &mut nest).unwrap_err();
        match error {
            Error::ScriptLimit {
                path,
                line,
                limit: ScriptLimit::Lines(1000),
            } => {
                assert_eq!((path, line), (dir.path().join("f1"), Some(1)));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(nest.depth, 0);
        // Within the limit the same scripts run to the end.
        let mut nest = Nesting {
            max_lines: 1110,
            ..Nesting::default()
        };
        run_file(&dir.path().join("f0"), &mut session, &env(), &mut nest).unwrap();
        assert_eq!(nest.lines, 1110);
    }
}
