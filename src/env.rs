//! Where nimlab runs: terminals, sizes, colour, the pager and the directories it keeps files
//! in, probed once at start (every environment variable nimlab reads is read here) and passed
//! down. Nothing below reads the environment.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use crate::cli::{Cli, ColorChoice, Format};
use crate::command::Session;
use crate::error::Error;
use crate::output::Output;
use crate::pager::Paging;
use crate::render::{RenderOptions, Style};

/// Facts about where nimlab runs, probed once and passed down.
#[derive(Debug, Clone)]
pub struct Env {
    pub stdin_tty: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    /// Whether long work shows its progress on stderr: unless `$NIMLAB_PROGRESS` is `off`.
    pub progress: bool,
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
            progress: !std::env::var("NIMLAB_PROGRESS").is_ok_and(|v| {
                matches!(
                    v.trim().to_ascii_lowercase().as_str(),
                    "off" | "0" | "no" | "never" | "false"
                )
            }),
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
        // Screens wait for Enter on a terminal: a script's next line is not a key press.
        if let Output::Lesson(report) = output
            && self.stdin_tty
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
        let conversing = !session.focus.is_empty()
            // The turn that ends an activity (a game's last move, a lesson's last step, the
            // word on leaving) is still a turn of it: the next keys are not the pager's.
            || matches!(
                output,
                Output::Game(_)
                    | Output::SumGame(_)
                    | Output::Lesson(_)
                    | Output::Derivation(_)
                    | Output::Left(_)
            );
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
            &mut crate::pager::keys_for(&paging),
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

/// Lowers a memory limit of `requested` bytes below the system's bound on the process, read
/// at start (see [`memory_ceiling`]), and says so on stderr, once a run, if the limit was
/// `given` (the default is lowered without a word). Returns the limit kept.
pub fn keep_below_ceiling(requested: u64, given: bool, env: &Env) -> u64 {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicBool, Ordering};
    static CEILING: OnceLock<Option<crate::engine::memory::Ceiling>> = OnceLock::new();
    static TOLD: AtomicBool = AtomicBool::new(false);
    let Some(ceiling) = *CEILING.get_or_init(|| {
        let ceiling = memory_ceiling();
        if let Some(c) = ceiling {
            crate::engine::memory::set_ceiling(c.usable);
        }
        ceiling
    }) else {
        return requested;
    };
    if requested <= ceiling.usable {
        return requested;
    }
    if given && !TOLD.swap(true, Ordering::Relaxed) {
        let text = crate::render::note(
            &crate::render::lowered_limit(requested, &ceiling),
            env.error_style(),
            env.error_width,
        );
        let _ = io::stderr().write_all(text.as_bytes());
    }
    ceiling.usable
}

/// The tightest bound the system puts on this process's memory, read once at start: its
/// address-space and data limits (`ulimit -v`, `ulimit -d`, `prlimit`) and its cgroup's
/// `memory.max`, if readable. `None` when nothing bounds it.
pub fn memory_ceiling() -> Option<crate::engine::memory::Ceiling> {
    use crate::engine::memory::{Ceiling, CeilingKind};
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mut found: Vec<Ceiling> = Vec::new();
    // What each bound already counts: the mapped address space for RLIMIT_AS, the data
    // segment and private mappings for RLIMIT_DATA, the resident set for the cgroup (it also
    // counts other processes in it, read from memory.current).
    let vm_size = status_bytes(&status, "VmSize:").unwrap_or(0);
    let vm_data = status_bytes(&status, "VmData:").unwrap_or(0);
    let threads =
        u64::try_from(std::thread::available_parallelism().map_or(1, |n| n.get())).unwrap_or(1);
    // Each thread that allocates gets an allocator arena that reserves 64 MiB of address
    // space (and up to that of data), and a 2 MiB stack (the computation's threads, one a core).
    let per_thread = (64 + 2) << 20;
    #[cfg(unix)]
    let bounds = {
        use nix::sys::resource::Resource;
        [
            (CeilingKind::AddressSpace, Resource::RLIMIT_AS, vm_size),
            (CeilingKind::Data, Resource::RLIMIT_DATA, vm_data),
        ]
    };
    #[cfg(not(unix))]
    let bounds = [
        (CeilingKind::AddressSpace, (), vm_size),
        (CeilingKind::Data, (), vm_data),
    ];
    for (kind, resource, held) in bounds {
        if let Some(bytes) = rlimit(resource) {
            let spare = bytes
                .saturating_sub(held)
                .saturating_sub(threads.saturating_mul(per_thread));
            found.push(Ceiling {
                kind,
                bytes,
                usable: spare / 4 * 3,
            });
        }
    }
    if let Some((max, current)) = cgroup_memory() {
        found.push(Ceiling {
            kind: CeilingKind::Cgroup,
            bytes: max,
            usable: max.saturating_sub(current) / 4 * 3,
        });
    }
    found.into_iter().min_by_key(|c| c.usable)
}

/// A `/proc/self/status` field in kB, in bytes.
fn status_bytes(status: &str, field: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kb.checked_mul(1024)
}

/// The soft limit on `resource`, `None` if unlimited or unreadable.
#[cfg(unix)]
fn rlimit(resource: nix::sys::resource::Resource) -> Option<u64> {
    let (soft, _) = nix::sys::resource::getrlimit(resource).ok()?;
    (soft != nix::sys::resource::RLIM_INFINITY).then_some(soft)
}

#[cfg(not(unix))]
fn rlimit(_: ()) -> Option<u64> {
    None
}

/// The cgroup of this process: its memory bound and what it holds now, if it has a bound and
/// both are readable. Version 2 (`memory.max`, `memory.current`), else version 1
/// (`memory.limit_in_bytes`, `memory.usage_in_bytes`, where "no bound" is a huge number).
fn cgroup_memory() -> Option<(u64, u64)> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let read =
        |path: PathBuf| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
    if let Some(path) = cgroup.lines().find_map(|l| l.strip_prefix("0::")) {
        let dir = PathBuf::from("/sys/fs/cgroup").join(path.trim().trim_start_matches('/'));
        if let Some(max) = read(dir.join("memory.max")) {
            return Some((max, read(dir.join("memory.current")).unwrap_or(0)));
        }
    }
    let path = cgroup.lines().find_map(|l| {
        let (_, rest) = l.split_once(':')?;
        let (controllers, path) = rest.split_once(':')?;
        controllers
            .split(',')
            .any(|c| c == "memory")
            .then_some(path)
    })?;
    let mount = PathBuf::from("/sys/fs/cgroup/memory");
    // Inside a container the mount is often the process's own cgroup already.
    let dirs = [mount.join(path.trim().trim_start_matches('/')), mount];
    let dir = dirs
        .into_iter()
        .find(|d| d.join("memory.limit_in_bytes").exists())?;
    let max = read(dir.join("memory.limit_in_bytes")).filter(|&m| m < 1 << 60)?;
    Some((max, read(dir.join("memory.usage_in_bytes")).unwrap_or(0)))
}
