//! One parsed line run against the session, its output written to stdout (directly or
//! through the pager), and errors printed the one way nimlab prints them.

use std::io::{self, Write};

use super::Nesting;
use crate::cli::{Cli, Command, Format};
use crate::command::{
    Session, check_format, execute, execute_text, leave_all as leave_all_activities,
};
use crate::engine::{Cancel, Interrupted};
use crate::env::Env;
use crate::error::{Error, Formless};
use crate::output::{ConjectureOutcome, Output};
use crate::pager::Paging;
use crate::progress::ProgressLine;
use crate::proof::DecideOutcome;
use crate::render::{RenderOptions, render};

/// What to do after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Runs one parsed line against the session and writes its output.
pub fn dispatch(
    cli: &Cli,
    session: &mut Session,
    env: &Env,
    nest: &mut Nesting,
) -> Result<Flow, Error> {
    let Some(command) = &cli.command else {
        return Ok(Flow::Continue);
    };
    if let Command::Run { file } = command {
        return super::run_file(file, session, env, nest).map(|()| Flow::Continue);
    }
    if let Some(text) = generated(command, session)? {
        let mut stdout = io::stdout().lock();
        stdout.write_all(&text).map_err(Error::Write)?;
        return stdout
            .flush()
            .map_err(Error::Write)
            .map(|()| Flow::Continue);
    }
    let opts = env.render_options(cli);
    check_format(command, opts.format)?;
    // A person at a terminal is told what `-` waits for, and how to end it.
    if command.reads_stdin() && env.stdin_tty && !session.stdin_is_script {
        let text = crate::render::note(
            &crate::render::READING_PILES,
            env.error_style(),
            env.error_width,
        );
        let _ = io::stderr().write_all(text.as_bytes());
    }
    let output = {
        // Each command counts its own work (a script's lines share one token).
        session.cancel.begin(0);
        crate::engine::memory::take_tripped();
        let _memory = cli.memory.map(|bytes| {
            crate::engine::memory::Scoped::set(crate::env::keep_below_ceiling(bytes, true, env))
        });
        // A lesson's expressions are small by design: a lesson file cannot take the machine.
        let in_lesson = matches!(command, Command::Lesson { .. })
            || session.focus.iter().any(|f| f.kind() == "lesson");
        let _lesson_memory = in_lesson.then(crate::engine::memory::Scoped::for_lesson);
        let _progress = ProgressLine::start(&session.cancel, env.stderr_tty, env.progress);
        execute(command, session)?
    };
    let paging = env.paging(&output, cli.no_pager, nest.depth, session);
    warn_on_stderr(&output, &opts, env);
    let flow = show(&output, &opts, &paging, env.width, &session.cancel)?;
    for note in crate::render::stderr_notes(&output) {
        let text = crate::render::note(&note, env.error_style(), env.error_width);
        let _ = io::stderr().write_all(text.as_bytes());
    }
    match &output {
        Output::LessonCheck(report) if !report.failures.is_empty() => Err(Error::CheckFailed {
            failures: report.failures.len(),
        }),
        Output::Conjecture(report) => match report.outcome {
            // The decider's counterexample past the values compared, confirmed by mex there.
            ConjectureOutcome::Fails {
                past_range: true,
                n,
                ..
            } => Err(Error::ConjectureDecidedFalse {
                var: report.var().to_string(),
                at: u128::try_from(n).ok(),
            }),
            ConjectureOutcome::Fails { failures, .. } => Err(Error::ConjectureFails {
                failures,
                checked: report.checked,
            }),
            // Decided false past the values compared: false all the same.
            ConjectureOutcome::Holds | ConjectureOutcome::NotChecked(_) => {
                if report.decided_false() {
                    Err(Error::ConjectureDecidedFalse {
                        var: report.var().to_string(),
                        at: report.decided_fails_at(),
                    })
                } else {
                    Ok(flow)
                }
            }
        },
        Output::Decided(report) => match &report.outcome {
            DecideOutcome::Decided(d) if !d.holds => Err(Error::SentenceFalse),
            DecideOutcome::Refused(_) => Err(Error::NotDecided { work: report.work }),
            _ => Ok(flow),
        },
        Output::PositionConjecture(report) => match report.fails_at() {
            Some(at) => Err(Error::PositionClaimFails { at }),
            None => Ok(flow),
        },
        _ => Ok(flow),
    }
}

/// Shell completions and the man page, generated from the one command definition (the
/// completions with the session's lesson ids and the proofs' names as values).
fn generated(command: &Command, session: &mut Session) -> Result<Option<Vec<u8>>, Error> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    match command {
        Command::Completions { shell } => {
            let shell = shell.ok_or(Error::NoShell)?;
            let proofs: Vec<String> = crate::proof::loader::bundled()
                .map(|proofs| proofs.into_iter().map(|p| p.id).collect())
                .unwrap_or_default();
            let ids = session.catalog().ids();
            let mut definition = crate::cli::with_names(ids.clone(), proofs.clone());
            clap_complete::generate(shell, &mut definition, "nimlab", &mut out);
            // clap's fish script completes no positional's values: they are added here.
            if shell == clap_complete::Shell::Fish {
                out.extend(crate::cli::fish_names(&ids, &proofs).into_bytes());
            }
        }
        Command::Man { command, dir } => {
            crate::render::man::pages(Cli::command(), command.as_deref(), dir.as_deref(), &mut out)?
        }
        _ => return Ok(None),
    }
    Ok(Some(out))
}

/// Leaves whatever activities are still going on as nimlab ends on a terminal (Ctrl-D), each
/// with the line that says so: a game or a lesson is not dropped without a word.
pub fn leave_all(session: &mut Session, env: &Env) -> Result<(), Error> {
    for output in leave_all_activities(session) {
        show(
            &output,
            &env.default_render_options(),
            &Paging::Direct,
            env.width,
            &session.cancel,
        )?;
    }
    Ok(())
}

/// At the prompt's start on a terminal: the lesson the learner was in, if one is unfinished, so
/// that coming back tomorrow is one command.
pub(super) fn greet(session: &mut Session, env: &Env) -> Result<(), Error> {
    if let Some(note) = crate::command::lesson_in_progress(session) {
        show(
            &note,
            &env.default_render_options(),
            &Paging::Direct,
            env.width,
            &session.cancel,
        )?;
    }
    Ok(())
}

/// Warnings an output holds that are not part of its result (a lesson's progress not saved),
/// on stderr, where the run's closing error points. JSON keeps them in the document.
fn warn_on_stderr(output: &Output, opts: &RenderOptions, env: &Env) {
    if opts.format == Format::Json {
        return;
    }
    for text in crate::render::progress_warnings(output, env.error_style(), env.error_width) {
        let _ = io::stderr().write_all(text.as_bytes());
    }
}

/// Offers a line that is not a command to the session's focus (an answer, a short move).
pub fn dispatch_text(line: &str, session: &mut Session, env: &Env) -> Option<Result<Flow, Error>> {
    let result = execute_text(line, session)?;
    Some(result.and_then(|output| {
        let paging = env.paging(&output, false, 0, session);
        let mut opts = env.default_render_options();
        warn_on_stderr(&output, &opts, env);
        // A reply to a typed answer or move is for the person typing: text if LaTeX has no
        // form for it.
        if opts.format == Format::Latex && crate::render::without_latex_form(&output).is_some() {
            opts.format = Format::Text;
        }
        show(&output, &opts, &paging, env.width, &session.cancel)
    }))
}

/// Writes an output to stdout, directly or through the pager; Ctrl-C stops a long one at its
/// next write.
fn show(
    output: &Output,
    opts: &RenderOptions,
    paging: &Paging,
    width: u16,
    cancel: &Cancel,
) -> Result<Flow, Error> {
    if let (Format::Latex, Some(what)) = (opts.format, crate::render::without_latex_form(output)) {
        return Err(Error::NoFormat {
            format: "latex",
            what: Formless::Output(what),
            others: Format::names_but("latex"),
        });
    }
    let written = if *paging == Paging::Direct {
        let mut stdout = crate::interrupt::stdout(cancel);
        render(output, opts, &mut stdout).and_then(|()| stdout.flush())
    } else {
        let text = crate::render::render_to_string(output, opts);
        let mut stdout = io::stdout().lock();
        crate::pager::show(
            &text,
            paging,
            width,
            &mut stdout,
            &mut crate::pager::keys_for(paging),
        )
        .and_then(|()| stdout.flush())
    };
    written.map_err(|e| {
        if Interrupted::caused(&e) {
            Error::interrupted()
        } else {
            Error::Write(e)
        }
    })?;
    Ok(if matches!(output, Output::Quit) {
        Flow::Quit
    } else {
        Flow::Continue
    })
}

/// Prints an error the one way nimlab prints errors (see `render::diagnostic`) on stderr.
pub fn report(error: &Error, env: &Env, line: Option<usize>) {
    let text = crate::render::diagnostic(error, line, env.error_style(), env.error_width);
    let _ = io::stderr().write_all(text.as_bytes());
}
