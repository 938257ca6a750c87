//! The program: parse the shell's arguments, probe the environment once, then run one
//! command, a script, or the REPL, and turn the result into an exit code.

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

use crate::cli::{Cli, Command, Format, Parsed};
use crate::command::Session;
use crate::error::{Error, Expected};
use crate::repl::{self, Flow, Nesting, dispatch, report};

pub use crate::env::Env;

/// A command line with no flags, for probing the environment before one parsed.
fn no_flags() -> Cli {
    Cli {
        format: None,
        color: None,
        lessons: None,
        no_pager: false,
        memory: None,
        command: None,
    }
}

/// The whole program.
pub fn main(args: Vec<OsString>) -> ExitCode {
    crate::cli::describe_rulesets(crate::render::ruleset_words::summary);
    let no_pager = args.iter().any(|a| a == "--no-pager");
    let typed = args.get(1).map(|w| w.to_string_lossy().to_lowercase());
    // Help asked for on the shell's line reads as the shell types it (`nimlab winner …`).
    crate::cli::set_at_the_shell(true);
    // Paths stay as the shell gave them: a file name that is not UTF-8 is opened as is.
    let mut cli = match Cli::parse_words(args) {
        Ok(Parsed::Cli(cli)) => cli,
        Ok(Parsed::Display(text)) => {
            let env = Env::probe(&Cli {
                no_pager,
                ..no_flags()
            });
            // `--help` and `--version` to a full disk fail like any other output.
            return match env.show_text(&text, no_pager) {
                Ok(()) => ExitCode::SUCCESS,
                Err(Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(error) => {
                    report(&error, &env, None);
                    ExitCode::from(error.exit_code())
                }
            };
        }
        Err(e) => {
            let env = Env::probe(&no_flags());
            report(&e, &env, None);
            return ExitCode::from(e.exit_code());
        }
    };
    let env = Env::probe(&cli);
    // Lines typed at nimlab's prompt or read from a script are the prompt's.
    let one_command = cli
        .command
        .as_ref()
        .is_some_and(|c| !c.starts_session() && !matches!(c, Command::Run { .. }));
    crate::cli::set_at_the_shell(one_command);
    // `nimlab draw 3` at a terminal draws the picture, as the prompt does; in a pipe or with
    // `-o FILE` it writes the file's format.
    if env.stdout_tty
        && let Some(Command::Draw(draw)) = cli.command.as_mut()
        && draw.output.is_none()
        && draw.format.is_none()
    {
        draw.format = Some(Format::Text);
    }
    match memory_limit(&cli) {
        Ok((limit, given)) => {
            crate::engine::memory::set_limit(crate::env::keep_below_ceiling(limit, given, &env))
        }
        Err(e) => {
            report(&e, &env, None);
            return ExitCode::from(e.exit_code());
        }
    }
    let mut session = Session::default();
    session.lessons_dir = cli.lessons.clone();
    session.store = env
        .data_dir
        .clone()
        .map(crate::lesson::progress::Store::new);
    let result = match &cli.command {
        None => repl::run(&mut session, &env),
        Some(command) if command.is_workbench_only() => Err(Error::WorkbenchOnly {
            command: typed.unwrap_or_default(),
        }),
        Some(command) if command.starts_session() => {
            // The game or lesson goes on at the prompt, or reads its moves from a pipe.
            session.interactive = env.stdin_tty;
            session.for_one_activity = true;
            dispatch(&cli, &mut session, &env, &mut Nesting::default()).and_then(|flow| {
                if flow == Flow::Continue && !session.focus.is_empty() {
                    repl::resume(&mut session, &env)
                } else {
                    Ok(())
                }
            })
        }
        Some(_) => dispatch(&cli, &mut session, &env, &mut Nesting::default()).map(|_| ()),
    };
    // Progress that could not be saved was warned of as it happened; the run's exit code says
    // it too, so a script can tell.
    let result = result.and_then(|()| {
        if session.unsaved_progress.get() {
            Err(Error::ProgressNotSaved)
        } else {
            Ok(())
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that closed the pipe (`nimlab grundy | head`) is not an error.
        Err(Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            report(&e, &env, None);
            ExitCode::from(e.exit_code())
        }
    }
}

/// The memory limit: `--memory`, else `$NIMLAB_MEMORY`, else the default (1 GiB); and
/// whether it was given (the default is not).
fn memory_limit(cli: &Cli) -> Result<(u64, bool), Error> {
    use crate::engine::memory::{DEFAULT_LIMIT, MIN_LIMIT, parse_size};
    if let Some(bytes) = cli.memory {
        return Ok((bytes, true));
    }
    let Some(value) = std::env::var_os("NIMLAB_MEMORY") else {
        return Ok((DEFAULT_LIMIT, false));
    };
    // Not UTF-8 is garbage like any other, not an unset variable.
    let text = value.to_string_lossy();
    if text.trim().is_empty() {
        return Ok((DEFAULT_LIMIT, false));
    }
    match value.to_str().and_then(parse_size) {
        Some(bytes) if bytes >= MIN_LIMIT => Ok((bytes, true)),
        _ => Err(Error::bad_token(
            format!("NIMLAB_MEMORY={text}"),
            Expected::MemorySize,
        )),
    }
}
