//! The read loop: a line source (rustyline on a terminal, plain lines otherwise), each line
//! parsed by the one command language and dispatched; errors are printed and the loop goes on.

mod complete;
mod source;

use std::io::{self, BufReader, Write};
use std::path::Path;

use crate::app::{Env, Flow, dispatch, dispatch_text, report};
use crate::cli::{Cli, Parsed};
use crate::command::Session;
use crate::error::Error;

use source::{LineSource, Plain, Terminal};

/// Scripts may run scripts, up to this depth (a script that runs itself stops here).
const MAX_DEPTH: usize = 16;

/// The REPL on a terminal, or a script read from a non-terminal standard input.
pub fn run(session: &mut Session, env: &Env) -> Result<(), Error> {
    if env.stdin_tty {
        let mut source = Terminal::new(session.catalog().ids());
        // Ctrl-C now stops the running command, not nimlab. Installed after rustyline's own
        // handler, which it keeps calling. Should it fail, Ctrl-C ends nimlab as before.
        // rustyline's handler leaves a byte in a pipe that it reads only when a signal cuts
        // its read short, so after an interrupted command a resize of the window cancels the
        // line being typed, once. (rustyline's `signal-hook` feature drops that handler, but
        // in version 17 it stalls typed-ahead input: it selects on the terminal while keys
        // wait in its own buffer.)
        let _ = crate::interrupt::install(&session.cancel);
        let style = env.stdout_style();
        println!(
            "{} {} — Nim, zero-move Nim and Sprague–Grundy theory.",
            style.heading("nimlab"),
            env!("CARGO_PKG_VERSION")
        );
        println!("Try `grundy`, `winner 18 47 34` or `move 4 7 5`.");
        println!("`help` lists everything; `quit` or Ctrl-D leaves.");
        let result = run_lines(&mut source, session, env, 0)
            .and_then(|()| crate::app::leave_all(session, env));
        source.save_history();
        result
    } else {
        session.stdin_is_script = true;
        let mut source = Plain::new(BufReader::new(io::stdin().lock()));
        run_lines(&mut source, session, env, 0)
    }
}

/// `nimlab run FILE` and the `run` command: the file's lines as a script.
pub fn run_file(path: &Path, session: &mut Session, env: &Env, depth: usize) -> Result<(), Error> {
    if depth > MAX_DEPTH {
        return Err(Error::Usage {
            message: format!(
                "scripts nested more than {MAX_DEPTH} deep at `{}` (does a script run itself?)",
                path.display()
            ),
        });
    }
    let file = std::fs::File::open(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut source = Plain::new(BufReader::new(file));
    run_lines(&mut source, session, env, depth)
}

/// Runs lines until the source ends or `quit`; counts the lines that failed.
fn run_lines(
    source: &mut dyn LineSource,
    session: &mut Session,
    env: &Env,
    depth: usize,
) -> Result<(), Error> {
    let interactive = source.is_interactive();
    let outer = std::mem::replace(&mut session.interactive, interactive);
    let result = read_lines(source, session, env, depth, interactive);
    session.interactive = outer;
    result
}

fn read_lines(
    source: &mut dyn LineSource,
    session: &mut Session,
    env: &Env,
    depth: usize,
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
        let prompt = session.prompt();
        let line = match source.read_line(&prompt) {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                return Err(Error::Read {
                    path: "standard input".into(),
                    source: e,
                });
            }
        };
        number += 1;
        let text = line.trim();
        let at = (!interactive).then_some(number);
        let result = if text.is_empty() || text.starts_with('#') {
            // An empty line on a terminal means "go on" to a focus (Enter for `next`).
            if !(interactive && text.is_empty()) {
                continue;
            }
            match dispatch_text(text, session, env) {
                Some(result) => result,
                None => continue,
            }
        } else {
            match Cli::parse_line(text) {
                Ok(Parsed::Cli(cli)) => dispatch(&cli, session, env, depth),
                Ok(Parsed::Display(help)) => {
                    let mut out = io::stdout().lock();
                    write!(out, "{help}")
                        .map_err(Error::Write)
                        .map(|()| Flow::Continue)
                }
                Err(e) => dispatch_text(text, session, env).unwrap_or(Err(e)),
            }
        };
        match result {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                return Err(Error::Write(e));
            }
            Err(Error::ScriptFailed { failures: inner }) => failures += inner,
            Err(Error::Interrupted) if interactive => {
                // Lines pasted after the one interrupted are dropped, as a shell drops
                // typed-ahead input at Ctrl-C. The terminal has echoed `^C` after whatever
                // was written last.
                source.discard_pending();
                let _ = writeln!(io::stderr(), "\ninterrupted");
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
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
