//! The builder every test uses to run the real `nimlab` executable, in the style of just's
//! tests: `Test::new().args([..]).stdin(..).run()` and then assertions on the `Output`.
//!
//! The environment is controlled: `NO_COLOR` is removed unless a test sets it, progress lines
//! are off in a pipe (`NIMLAB_PROGRESS=off`) unless a test sets it, the state and
//! data directories are fresh temporary directories (so no test reads or writes a real
//! learner's history or lesson progress), and stdin is empty unless given. A run that takes
//! longer than `TIMEOUT` is killed and fails the test (nothing nimlab does here is slow; the
//! bound only catches a hang).
//!
//! On Unix the same builder starts nimlab on a pseudo-terminal instead: `Test::new()..pty()`
//! gives a [`Pty`] to type into and read from, in the same temporary directories, with
//! `NO_COLOR` set, `TERM=dumb` unless the test sets `TERM`, a terminal size set with `stty`
//! when the test asks for one, and the test's timeout on every wait.

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

/// A bound on a hang, not a timing: generous, because several suites may share two cores
/// (at a load of 15, `lesson check` of the bundled lessons took longer than 20 s).
const TIMEOUT: Duration = Duration::from_secs(60);

/// The executable under test.
pub(crate) fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_nimlab")
}

/// One run of `nimlab`, being built.
pub(crate) struct Test {
    args: Vec<OsString>,
    stdin: Option<String>,
    env: Vec<(String, OsString)>,
    dir: TempDir,
    timeout: Duration,
    /// nimlab's working directory, if not `dir`.
    current_dir: Option<PathBuf>,
    /// A program and its arguments that run nimlab (`prlimit --as=… --`), if any.
    wrapper: Vec<OsString>,
    /// Columns and rows of the pseudo-terminal, set with `stty` before nimlab starts.
    size: Option<(u16, u16)>,
}

impl Test {
    pub(crate) fn new() -> Self {
        Self {
            args: Vec::new(),
            stdin: None,
            env: Vec::new(),
            dir: tempfile::tempdir().expect("a temporary directory"),
            timeout: TIMEOUT,
            current_dir: None,
            wrapper: Vec::new(),
            size: None,
        }
    }

    pub(crate) fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }

    pub(crate) fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub(crate) fn stdin(mut self, text: impl Into<String>) -> Self {
        self.stdin = Some(text.into());
        self
    }

    pub(crate) fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Self {
        self.env.push((key.to_owned(), value.as_ref().to_owned()));
        self
    }

    /// Runs nimlab under `program` (for example `prlimit --as=N --`).
    pub(crate) fn wrapped<I, S>(mut self, program: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.wrapper = program.into_iter().map(Into::into).collect();
        self
    }

    /// Runs nimlab in `dir` rather than in the test's own directory.
    pub(crate) fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.current_dir = Some(dir.into());
        self
    }

    /// On a pseudo-terminal, its size: `cols` columns and `rows` rows.
    pub(crate) fn size(mut self, cols: u16, rows: u16) -> Self {
        self.size = Some((cols, rows));
        self
    }

    /// The command that starts nimlab (through the wrapper, if any) with the test's
    /// arguments, in the test's directory, with the controlled environment.
    fn command(&self) -> Command {
        let mut command = match self.wrapper.split_first() {
            Some((program, args)) => {
                let mut command = Command::new(program);
                command.args(args).arg(bin());
                command
            }
            None => Command::new(bin()),
        };
        command
            .args(&self.args)
            .current_dir(self.current_dir.as_deref().unwrap_or(self.dir.path()))
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env("NIMLAB_STATE_DIR", self.dir.path().join("state"))
            .env("NIMLAB_DATA_DIR", self.dir.path().join("data"))
            .env("RUST_BACKTRACE", "0");
        command
    }

    /// Fails the test if nimlab runs longer than this (the default is `TIMEOUT`).
    pub(crate) fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Writes a file into the test's temporary directory and returns its path.
    pub(crate) fn write(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, contents).expect("write a test file");
        path
    }

    pub(crate) fn run(self) -> Output {
        let mut command = self.command();
        command
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Exact stderr does not depend on how loaded the machine is: no progress lines
            // (a test that wants them sets `NIMLAB_PROGRESS`).
            .env("NIMLAB_PROGRESS", "off");
        for (k, v) in &self.env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("spawn nimlab");

        // Feed stdin and drain both pipes on threads, so a large script cannot deadlock.
        let feeder = self.stdin.map(|text| {
            let mut pipe = child.stdin.take().expect("stdin pipe");
            thread::spawn(move || {
                // nimlab may stop reading early (after `quit`); that is not a test failure.
                let _ = pipe.write_all(text.as_bytes());
            })
        });
        let mut out_pipe = child.stdout.take().expect("stdout pipe");
        let mut err_pipe = child.stderr.take().expect("stderr pipe");
        let out = thread::spawn(move || {
            let mut s = Vec::new();
            out_pipe.read_to_end(&mut s).expect("read stdout");
            s
        });
        let err = thread::spawn(move || {
            let mut s = Vec::new();
            err_pipe.read_to_end(&mut s).expect("read stderr");
            s
        });

        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for nimlab") {
                break status;
            }
            if start.elapsed() > self.timeout {
                let _ = child.kill();
                let _ = child.wait();
                panic!("nimlab {:?} ran longer than {:?}", self.args, self.timeout);
            }
            thread::sleep(Duration::from_millis(5));
        };
        if let Some(feeder) = feeder {
            let _ = feeder.join();
        }
        let stdout = String::from_utf8(out.join().expect("stdout thread")).expect("utf-8 stdout");
        let stderr = String::from_utf8(err.join().expect("stderr thread")).expect("utf-8 stderr");
        Output {
            args: self.args,
            stdout,
            stderr,
            // A signal (a crash) has no code; -1 can never be mistaken for 0, 1 or 2.
            code: status.code().unwrap_or(-1),
        }
    }
}

/// What one run produced.
#[derive(Debug)]
pub(crate) struct Output {
    pub args: Vec<OsString>,
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Output {
    /// Exit code 0 and nothing on stderr.
    #[track_caller]
    pub(crate) fn success(self) -> Self {
        assert_eq!(
            (self.code, self.stderr.as_str()),
            (0, ""),
            "nimlab {:?} failed; stdout:\n{}",
            self.args,
            self.stdout
        );
        self
    }

    #[track_caller]
    pub(crate) fn code(self, code: i32) -> Self {
        assert_eq!(
            self.code, code,
            "nimlab {:?}: exit code; stdout:\n{}\nstderr:\n{}",
            self.args, self.stdout, self.stderr
        );
        self
    }

    #[track_caller]
    pub(crate) fn stdout(self, expected: &str) -> Self {
        assert_eq!(self.stdout, expected, "nimlab {:?}: stdout", self.args);
        self
    }

    #[track_caller]
    pub(crate) fn stderr(self, expected: &str) -> Self {
        assert_eq!(self.stderr, expected, "nimlab {:?}: stderr", self.args);
        self
    }

    #[track_caller]
    pub(crate) fn stdout_has(self, needle: &str) -> Self {
        assert!(
            self.stdout.contains(needle),
            "nimlab {:?}: stdout lacks {needle:?}:\n{}",
            self.args,
            self.stdout
        );
        self
    }

    #[track_caller]
    pub(crate) fn stderr_has(self, needle: &str) -> Self {
        assert!(
            self.stderr.contains(needle),
            "nimlab {:?}: stderr lacks {needle:?}:\n{}",
            self.args,
            self.stderr
        );
        self
    }

    #[track_caller]
    pub(crate) fn stderr_lacks(self, needle: &str) -> Self {
        assert!(
            !self.stderr.contains(needle),
            "nimlab {:?}: stderr has {needle:?}:\n{}",
            self.args,
            self.stderr
        );
        self
    }

    /// A failed run by the rules for bad input: exit code 2, no panic, and exactly one line on
    /// stderr, starting `error:` and naming `token` in backticks.
    #[track_caller]
    pub(crate) fn bad_input(self, token: &str) -> Self {
        let out = self.code(2);
        assert!(
            !out.stderr.contains("panicked"),
            "nimlab {:?} panicked:\n{}",
            out.args,
            out.stderr
        );
        assert_eq!(
            out.stderr.lines().count(),
            1,
            "nimlab {:?}: expected one line on stderr:\n{}",
            out.args,
            out.stderr
        );
        assert!(
            out.stderr.starts_with("error: "),
            "nimlab {:?}: stderr does not start with `error: `: {}",
            out.args,
            out.stderr
        );
        let named = format!("`{token}`");
        assert!(
            out.stderr.contains(&named),
            "nimlab {:?}: stderr does not name {named}: {}",
            out.args,
            out.stderr
        );
        out
    }

    /// stdout parsed as one JSON document per line.
    #[track_caller]
    pub(crate) fn json_lines(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|line| {
                serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("nimlab {:?}: not JSON ({e}): {line}", self.args))
            })
            .collect()
    }

    /// stdout as exactly one JSON document.
    #[track_caller]
    pub(crate) fn json(&self) -> Value {
        let mut lines = self.json_lines();
        assert_eq!(lines.len(), 1, "nimlab {:?}: {}", self.args, self.stdout);
        lines.remove(0)
    }
}

/// Runs a script of commands on stdin (one per line) and returns one JSON value per line, in
/// order. Every line must produce exactly one line of JSON, and the script must succeed.
#[track_caller]
pub(crate) fn batch(lines: &[String]) -> Vec<Value> {
    let mut script = lines.join("\n");
    script.push('\n');
    let out = Test::new().stdin(script).run().success();
    let values = out.json_lines();
    assert_eq!(
        values.len(),
        lines.len(),
        "a script of {} lines printed {} lines of JSON",
        lines.len(),
        values.len()
    );
    values
}

/// A JSON value that must be a u64.
#[track_caller]
pub(crate) fn u64_of(v: &Value) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("expected an integer, got {v}"))
}

/// A JSON value that must be a string.
#[track_caller]
pub(crate) fn str_of(v: &Value) -> &str {
    v.as_str()
        .unwrap_or_else(|| panic!("expected a string, got {v}"))
}

/// True if `text` holds an ANSI escape sequence.
pub(crate) fn has_ansi(text: &str) -> bool {
    text.contains('\u{1b}')
}

/// A count or size from nimlab or a brute force, as an index. Panics if it does not fit a
/// `usize` (no test here comes near).
#[track_caller]
pub(crate) fn index(n: u64) -> usize {
    usize::try_from(n).unwrap_or_else(|_| panic!("{n} does not fit a usize"))
}

/// Gives the processes the tests start Ctrl-C's default action. A test run started in the
/// background by a shell without job control (`cargo test &` in a script) has SIGINT ignored,
/// and every nimlab it starts inherits that: Ctrl-C would rightly do nothing to them, and the
/// tests of what Ctrl-C does would wait for nothing. Called before any pty is opened and by
/// the tests that send SIGINT themselves.
#[cfg(unix)]
pub(crate) fn default_sigint() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use nix::sys::signal::{SigHandler, Signal, signal};
        // SAFETY: the default action installs no handler, so no code of ours runs in a
        // signal context; only the disposition that children inherit changes.
        #[allow(unsafe_code)]
        let restored = unsafe { signal(Signal::SIGINT, SigHandler::SigDfl) };
        restored.expect("restore SIGINT's default action");
    });
}

#[cfg(unix)]
impl Test {
    /// Starts nimlab on a pseudo-terminal. Without [`Test::size`] the terminal keeps the size
    /// it is opened with; with it, `sh` runs `stty` and then becomes nimlab.
    pub(crate) fn pty(self) -> Pty {
        default_sigint();
        let mut command = self.command();
        command.env("NO_COLOR", "1").env("TERM", "dumb");
        for (k, v) in &self.env {
            command.env(k, v);
        }
        if let Some((cols, rows)) = self.size {
            let nimlab = command;
            command = Command::new("sh");
            command
                .arg("-c")
                .arg(format!("stty cols {cols} rows {rows} && exec \"$@\""))
                .arg("sh")
                .arg(nimlab.get_program())
                .args(nimlab.get_args())
                .current_dir(self.current_dir.as_deref().unwrap_or(self.dir.path()));
            for (key, value) in nimlab.get_envs() {
                match value {
                    Some(value) => command.env(key, value),
                    None => command.env_remove(key),
                };
            }
        }
        let timeout = u64::try_from(self.timeout.as_millis()).expect("a timeout in u64 ms");
        let session = rexpect::session::spawn_command(command, Some(timeout))
            .unwrap_or_else(|e| panic!("spawn nimlab {:?} on a pty: {e}", self.args));
        Pty {
            session,
            dir: self.dir,
        }
    }
}

/// nimlab on a pseudo-terminal: everything a `rexpect` session does (through `Deref`), and the
/// test's directory, which lives as long as this does.
#[cfg(unix)]
pub(crate) struct Pty {
    session: rexpect::session::PtySession,
    dir: TempDir,
}

#[cfg(unix)]
impl Pty {
    /// The test's temporary directory: it holds `state/` and `data/` unless the test chose
    /// others.
    pub(crate) fn dir(&self) -> &Path {
        self.dir.path()
    }
}

#[cfg(unix)]
impl std::ops::Deref for Pty {
    type Target = rexpect::session::PtySession;

    fn deref(&self) -> &Self::Target {
        &self.session
    }
}

#[cfg(unix)]
impl std::ops::DerefMut for Pty {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.session
    }
}

/// rexpect turns each byte it reads into a `char`; this gives the UTF-8 text back, without
/// the terminal's carriage returns.
#[cfg(unix)]
pub(crate) fn pty_text(raw: &str) -> String {
    let bytes: Vec<u8> = raw
        .chars()
        .map(|c| u8::try_from(u32::from(c)).expect("a byte"))
        .collect();
    String::from_utf8_lossy(&bytes).replace('\r', "")
}

/// nimlab reading a pipe, spoken to one line at a time: with `--format json` every command
/// answers with exactly one line. Dropping it leaves a game and then nimlab.
pub(crate) struct JsonRepl {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
    _state: TempDir,
}

impl JsonRepl {
    pub(crate) fn start() -> Self {
        use std::io::BufRead;
        let state = TempDir::new().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
            .args(["--format", "json"])
            .env("NIMLAB_STATE_DIR", state.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = std::sync::mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
            _state: state,
        }
    }

    /// Sends one line and reads its one line of JSON (waiting at most 30 s).
    #[track_caller]
    pub(crate) fn send(&mut self, line: &str) -> Value {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let reply = self
            .lines
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no answer to `{line}`"));
        serde_json::from_str(&reply).unwrap_or_else(|e| panic!("`{line}` → {reply}: {e}"))
    }
}

impl Drop for JsonRepl {
    fn drop(&mut self) {
        // The first `quit` leaves a game still going on, the second nimlab (after which the
        // write fails harmlessly if nimlab had already left).
        let _ = writeln!(self.stdin, "quit\nquit");
        let _ = self.child.wait();
    }
}
