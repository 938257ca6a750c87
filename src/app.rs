//! The program: parse the shell's arguments, then run one command, a script, or the REPL, and
//! turn the result into an exit code. Probing the environment happens here, once.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use crate::cli::{Cli, ColorChoice, Command, Format, Parsed};
use crate::command::{
    Session, check_format, execute, execute_text, leave_all as leave_all_activities,
};
use crate::engine::{Cancel, Interrupted};
use crate::error::Error;
use crate::output::Output;
use crate::progress::Progress;
use crate::render::{RenderOptions, Style, render};
use crate::repl;

/// Facts about where nimlab runs, probed once and passed down.
#[derive(Debug, Clone)]
pub struct Env {
    pub stdin_tty: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    pub no_color: Option<String>,
    /// The shell's `--format` and `--color`, the defaults for every line.
    pub format: Format,
    pub color: ColorChoice,
}

impl Env {
    pub fn probe(cli: &Cli) -> Self {
        Self {
            stdin_tty: io::stdin().is_terminal(),
            stdout_tty: io::stdout().is_terminal(),
            stderr_tty: io::stderr().is_terminal(),
            no_color: std::env::var("NO_COLOR").ok(),
            format: cli.format.unwrap_or_default(),
            color: cli.color.unwrap_or_default(),
        }
    }

    /// Render options for one command line, whose own `--format`/`--color` take precedence.
    pub fn render_options(&self, cli: &Cli) -> RenderOptions {
        let choice = cli.color.unwrap_or(self.color);
        RenderOptions {
            format: cli.format.unwrap_or(self.format),
            style: Style::decide(choice, self.stdout_tty, self.no_color.as_deref()),
            ..self.default_render_options()
        }
    }

    /// Render options for output that no command line asked for (a focus's reply to text).
    pub fn default_render_options(&self) -> RenderOptions {
        RenderOptions {
            format: self.format,
            style: self.stdout_style(),
            width: if self.stdout_tty { None } else { Some(80) },
        }
    }

    /// The style for text on stdout that is not a command's output (the REPL's welcome).
    pub fn stdout_style(&self) -> Style {
        Style::decide(self.color, self.stdout_tty, self.no_color.as_deref())
    }

    /// The style for messages on stderr.
    pub fn error_style(&self) -> Style {
        Style::decide(self.color, self.stderr_tty, self.no_color.as_deref())
    }
}

/// What to do after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Runs one parsed line against the session and writes its output.
pub fn dispatch(cli: &Cli, session: &mut Session, env: &Env, depth: usize) -> Result<Flow, Error> {
    let Some(command) = &cli.command else {
        return Ok(Flow::Continue);
    };
    if let Command::Run { file } = command {
        return repl::run_file(file, session, env, depth + 1).map(|()| Flow::Continue);
    }
    let opts = env.render_options(cli);
    check_format(command, opts.format)?;
    let output = {
        // Each command counts its own work (a script's lines share one token).
        session.cancel.begin(0);
        let _progress = Progress::start(&session.cancel, env.stderr_tty);
        execute(command, session)?
    };
    let flow = show(&output, &opts, &session.cancel)?;
    match &output {
        Output::LessonCheck(report) if !report.failures.is_empty() => Err(Error::CheckFailed {
            failures: report.failures.len(),
        }),
        _ => Ok(flow),
    }
}

/// Leaves whatever activities are still going on as nimlab ends on a terminal (Ctrl-D), each
/// with the line that says so: a game or a lesson is not dropped without a word.
pub fn leave_all(session: &mut Session, env: &Env) -> Result<(), Error> {
    for output in leave_all_activities(session) {
        show(&output, &env.default_render_options(), &session.cancel)?;
    }
    Ok(())
}

/// Offers a line that is not a command to the session's focus (an answer, a short move).
pub fn dispatch_text(line: &str, session: &mut Session, env: &Env) -> Option<Result<Flow, Error>> {
    let result = execute_text(line, session)?;
    Some(result.and_then(|output| {
        let mut opts = env.default_render_options();
        // A reply to a typed answer or move is for the person typing: text if LaTeX has no
        // form for it.
        if opts.format == Format::Latex && crate::render::without_latex_form(&output).is_some() {
            opts.format = Format::Text;
        }
        show(&output, &opts, &session.cancel)
    }))
}

/// Writes an output to stdout; Ctrl-C stops a long one at its next write.
fn show(output: &Output, opts: &RenderOptions, cancel: &Cancel) -> Result<Flow, Error> {
    if let (Format::Latex, Some(what)) = (opts.format, crate::render::without_latex_form(output)) {
        return Err(Error::NoFormat {
            format: "latex".into(),
            what: what.into(),
        });
    }
    let mut stdout = crate::interrupt::stdout(cancel);
    let written = render(output, opts, &mut stdout).and_then(|()| stdout.flush());
    written.map_err(|e| {
        if Interrupted::caused(&e) {
            Error::Interrupted
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

/// Prints an error the one way nimlab prints errors: `error: …` on stderr.
pub fn report(error: &Error, env: &Env, line: Option<usize>) {
    let style = env.error_style();
    let at = line.map(|n| format!("line {n}: ")).unwrap_or_default();
    let _ = writeln!(io::stderr(), "{} {at}{error}", style.error("error:"));
    if let Error::Expr { source, error } = error {
        let snippet = crate::render::snippet(source, error.span.clone(), &error.label(), style);
        let _ = write!(io::stderr(), "{snippet}");
    }
}

/// The whole program.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let words = args.into_iter().map(|a| a.to_string_lossy().into_owned());
    let cli = match Cli::parse_words(words) {
        Ok(Parsed::Cli(cli)) => cli,
        Ok(Parsed::Display(text)) => {
            let _ = write!(io::stdout(), "{text}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let env = Env::probe(&Cli {
                format: None,
                color: None,
                lessons: None,
                command: None,
            });
            report(&e, &env, None);
            return ExitCode::from(e.exit_code());
        }
    };
    let env = Env::probe(&cli);
    let mut session = Session::default();
    session.lessons_dir = cli.lessons.clone();
    session.store = crate::lesson::progress::Store::default_location();
    let result = match &cli.command {
        None => repl::run(&mut session, &env),
        Some(_) => dispatch(&cli, &mut session, &env, 0).map(|_| ()),
    };
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
