//! The program: parse the shell's arguments, then run one command, a script, or the REPL, and
//! turn the result into an exit code. Probing the environment happens here, once.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::{Cli, ColorChoice, Command, Format, Parsed};
use crate::command::{
    Session, check_format, execute, execute_text, leave_all as leave_all_activities,
};
use crate::engine::{Cancel, Interrupted};
use crate::error::Error;
use crate::output::Output;
use crate::pager::Paging;
use crate::progress::Progress;
use crate::render::{RenderOptions, Style, render};
use crate::repl;

/// Facts about where nimlab runs, probed once and passed down.
#[derive(Debug, Clone)]
pub struct Env {
    pub stdin_tty: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    /// Columns of stdout: a terminal's width, else 80.
    pub width: u16,
    /// Rows of stdout if it is a terminal.
    pub height: Option<u16>,
    /// Columns of stderr if it is a terminal. An error in a pipe or a log stays one line, for
    /// `grep` and for scripts that read it.
    pub error_width: Option<u16>,
    pub no_color: Option<String>,
    /// The pager for long output on a terminal (`$PAGER`, default `less -FRX`); `None` with
    /// `--no-pager` on the shell's line or an empty `$PAGER`.
    pub pager: Option<Vec<String>>,
    /// The shell's `--format` and `--color`, the defaults for every line.
    pub format: Format,
    pub color: ColorChoice,
    /// Where lesson progress is kept: `$NIMLAB_DATA_DIR`, else the platform's data directory
    /// (`~/.local/share/nimlab`); `None` if there is neither.
    pub data_dir: Option<PathBuf>,
    /// The REPL's history: `history` in `$NIMLAB_STATE_DIR`, else in the platform's state (or
    /// local data) directory; `None` if there is neither.
    pub history_file: Option<PathBuf>,
}

impl Env {
    pub fn probe(cli: &Cli) -> Self {
        Self {
            stdin_tty: io::stdin().is_terminal(),
            stdout_tty: io::stdout().is_terminal(),
            stderr_tty: io::stderr().is_terminal(),
            width: columns(terminal_size::terminal_size_of(io::stdout())),
            height: terminal_size::terminal_size_of(io::stdout())
                .map(|(_, terminal_size::Height(h))| h)
                .filter(|h| *h > 0),
            error_width: terminal_size::terminal_size_of(io::stderr()).map(|s| columns(Some(s))),
            no_color: std::env::var("NO_COLOR").ok(),
            pager: if cli.no_pager {
                None
            } else {
                crate::pager::pager_command(std::env::var("PAGER").ok().as_deref())
            },
            format: cli.format.unwrap_or_default(),
            color: cli.color.unwrap_or_default(),
            data_dir: dir_from_env("NIMLAB_DATA_DIR")
                .or_else(|| dirs::data_dir().map(|d| d.join("nimlab"))),
            history_file: dir_from_env("NIMLAB_STATE_DIR")
                .or_else(|| dirs::state_dir().map(|d| d.join("nimlab")))
                .or_else(|| dirs::data_local_dir().map(|d| d.join("nimlab")))
                .map(|d| d.join("history")),
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
            width: self.width,
            height: self.height,
        }
    }

    /// How `output` of a line reaches the screen. A presented step comes in screens of its
    /// own; other long output goes through the pager only on a terminal, from a person at the
    /// prompt (not a script, not `--no-pager`) and never while a lesson is being presented.
    pub fn paging(
        &self,
        output: &Output,
        no_pager: bool,
        depth: usize,
        session: &Session,
    ) -> Paging {
        let Some(rows) = self.height.filter(|_| self.stdout_tty) else {
            return Paging::Direct;
        };
        if let Output::Lesson(report) = output
            && crate::render::starts_a_screen(report)
        {
            return Paging::Screens {
                rows,
                width: self.width,
            };
        }
        // Inside an activity (a game, a derivation, a lesson) output is one turn of a
        // conversation: a pager would swallow the keys of the next move. Values streamed by
        // `--values` may run to millions of rows: they are written as computed, so Ctrl-C
        // stops them, and not held whole for a pager.
        let conversing = !session.focus.is_empty();
        let streamed = matches!(output, Output::GrundyValues(_));
        match &self.pager {
            Some(command)
                if !no_pager
                    && !conversing
                    && !streamed
                    && depth == 0
                    && self.stdin_tty
                    && !session.stdin_is_script =>
            {
                Paging::Pager {
                    command: command.clone(),
                    rows,
                }
            }
            _ => Paging::Direct,
        }
    }

    /// Text that is not a command's output (a help page) on its way to the screen.
    pub fn show_text(&self, text: &str, no_pager: bool) -> Result<(), Error> {
        let paging = match &self.pager {
            Some(command) if !no_pager && self.stdout_tty && self.stdin_tty => Paging::Pager {
                command: command.clone(),
                rows: self.height.unwrap_or(u16::MAX),
            },
            _ => Paging::Direct,
        };
        let mut stdout = io::stdout().lock();
        crate::pager::show(
            text,
            &paging,
            self.width,
            &mut stdout,
            &mut io::stdin().lock(),
        )
        .and_then(|()| stdout.flush())
        .map_err(Error::Write)
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

/// A terminal's columns, or 80 for anything else (a pipe, a file, a terminal that says 0).
fn columns(size: Option<(terminal_size::Width, terminal_size::Height)>) -> u16 {
    match size {
        Some((terminal_size::Width(w), _)) if w > 0 => w,
        _ => crate::render::DEFAULT_WIDTH,
    }
}

/// A directory named by the environment variable `name`. Empty is the same as unset: an
/// empty path would mean the current directory, wherever nimlab happens to be started.
fn dir_from_env(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
}

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
    nest: &mut repl::Nesting,
) -> Result<Flow, Error> {
    let Some(command) = &cli.command else {
        return Ok(Flow::Continue);
    };
    if let Command::Run { file } = command {
        return repl::run_file(file, session, env, nest).map(|()| Flow::Continue);
    }
    if let Some(text) = generated(command)? {
        let mut stdout = io::stdout().lock();
        stdout.write_all(&text).map_err(Error::Write)?;
        return stdout
            .flush()
            .map_err(Error::Write)
            .map(|()| Flow::Continue);
    }
    let opts = env.render_options(cli);
    check_format(command, opts.format)?;
    let output = {
        // Each command counts its own work (a script's lines share one token).
        session.cancel.begin(0);
        let _progress = Progress::start(&session.cancel, env.stderr_tty);
        execute(command, session)?
    };
    let paging = env.paging(&output, cli.no_pager, nest.depth, session);
    let flow = show(&output, &opts, &paging, env.width, &session.cancel)?;
    match &output {
        Output::LessonCheck(report) if !report.failures.is_empty() => Err(Error::CheckFailed {
            failures: report.failures.len(),
        }),
        _ => Ok(flow),
    }
}

/// Shell completions and the man page, generated from the one command definition.
fn generated(command: &Command) -> Result<Option<Vec<u8>>, Error> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    match command {
        Command::Completions { shell } => {
            clap_complete::generate(*shell, &mut Cli::command(), "nimlab", &mut out);
        }
        Command::Man => clap_mangen::Man::new(Cli::command())
            .render(&mut out)
            .map_err(Error::Write)?,
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

/// Offers a line that is not a command to the session's focus (an answer, a short move).
pub fn dispatch_text(line: &str, session: &mut Session, env: &Env) -> Option<Result<Flow, Error>> {
    let result = execute_text(line, session)?;
    Some(result.and_then(|output| {
        let paging = env.paging(&output, false, 0, session);
        let mut opts = env.default_render_options();
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
            format: "latex".into(),
            what: what.into(),
        });
    }
    let written = if *paging == Paging::Direct {
        let mut stdout = crate::interrupt::stdout(cancel);
        render(output, opts, &mut stdout).and_then(|()| stdout.flush())
    } else {
        let text = crate::render::render_to_string(output, opts);
        let mut stdout = io::stdout().lock();
        crate::pager::show(&text, paging, width, &mut stdout, &mut io::stdin().lock())
            .and_then(|()| stdout.flush())
    };
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
    let printable = crate::render::printable(&error.to_string()).into_owned();
    let mut message = format!("{} {at}{printable}", style.error("error:"));
    if let Some(width) = env.error_width {
        message = crate::render::prose::fill(&message, usize::from(width));
    }
    let _ = writeln!(io::stderr(), "{message}");
    if let Error::Expr { source, error } = error {
        let snippet = crate::render::snippet(source, error.span.clone(), &error.label(), style);
        let _ = write!(io::stderr(), "{snippet}");
    }
    if let Some(hint) = crate::suggestion::hint(error) {
        let _ = writeln!(io::stderr(), "help: {hint}");
    }
}

/// A command line with no flags, for probing the environment before one parsed.
fn no_flags() -> Cli {
    Cli {
        format: None,
        color: None,
        lessons: None,
        no_pager: false,
        command: None,
    }
}

/// The whole program.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let no_pager = args.iter().any(|a| a == "--no-pager");
    let typed = args.get(1).map(|w| w.to_string_lossy().to_lowercase());
    // Paths stay as the shell gave them: a file name that is not UTF-8 is opened as is.
    let cli = match Cli::parse_words(args) {
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
    let mut session = Session::default();
    session.lessons_dir = cli.lessons.clone();
    session.store = env
        .data_dir
        .clone()
        .map(crate::lesson::progress::Store::new);
    let result = match &cli.command {
        None => repl::run(&mut session, &env),
        Some(command) if command.is_workbench_only() => Err(Error::Usage {
            message: format!(
                "`{}` works inside the workbench, in a game, a derivation, a proof or a \
                 lesson: start one with `nimlab play 4 7 5` or `nimlab lesson start mex`, or \
                 run `nimlab` and type `help`",
                typed.unwrap_or_default()
            ),
        }),
        Some(command) if command.starts_session() => {
            // The game or lesson goes on at the prompt, or reads its moves from a pipe.
            session.interactive = env.stdin_tty;
            dispatch(&cli, &mut session, &env, &mut repl::Nesting::default()).and_then(|flow| {
                if flow == Flow::Continue && !session.focus.is_empty() {
                    repl::resume(&mut session, &env)
                } else {
                    Ok(())
                }
            })
        }
        Some(_) => dispatch(&cli, &mut session, &env, &mut repl::Nesting::default()).map(|_| ()),
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
