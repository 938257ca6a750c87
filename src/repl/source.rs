//! Where lines come from: rustyline on a terminal (history, completion, Ctrl-C/Ctrl-D, pasted
//! blocks run line by line), or a plain reader for scripts and pipes.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Config, Editor};

use super::complete::Completion;

/// A source of command lines.
pub trait LineSource {
    /// The next line, or `None` at the end (Ctrl-D, end of file).
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>>;
    /// Whether a person is typing (errors then carry no line numbers and do not fail a run).
    fn is_interactive(&self) -> bool;
    /// Forgets lines read ahead but not yet run (a pasted block, after Ctrl-C).
    fn discard_pending(&mut self) {}
}

/// Lines from a reader: a script file or a pipe.
pub struct Plain<R> {
    reader: R,
}

impl<R: BufRead> Plain<R> {
    pub fn new(reader: R) -> Self {
        Self { reader }
    }
}

impl<R: BufRead> LineSource for Plain<R> {
    fn read_line(&mut self, _prompt: &str) -> io::Result<Option<String>> {
        let mut buf = Vec::new();
        if self.reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok(None);
        }
        Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
    }

    fn is_interactive(&self) -> bool {
        false
    }
}

/// rustyline with history kept in the user's state directory.
///
/// A pasted block of several lines comes back from rustyline as one line with line breaks
/// (bracketed paste): its lines are queued and each is run in turn, its prompt echoed, as if
/// typed. Without bracketed paste the terminal sends the lines as typed; rustyline keeps what
/// it read ahead of the first (its `buffer-redux` feature) for the next line.
pub struct Terminal {
    editor: Option<Editor<Completion, DefaultHistory>>,
    history: Option<PathBuf>,
    pending: VecDeque<String>,
}

impl Terminal {
    pub fn new(lesson_ids: Vec<String>) -> Self {
        // Each line of a pasted block goes into the history on its own (see `read_line`).
        let config = Config::builder().auto_add_history(false).build();
        let editor = Editor::with_config(config).ok().map(|mut e| {
            e.set_helper(Some(Completion { lesson_ids }));
            e
        });
        let history = history_path();
        let mut term = Self {
            editor,
            history,
            pending: VecDeque::new(),
        };
        if let (Some(editor), Some(path)) = (term.editor.as_mut(), term.history.as_ref()) {
            // A missing history file is the normal first run.
            let _ = editor.load_history(path);
        }
        term
    }

    /// Keeps the history for next time; a failure to save is not worth stopping for.
    pub fn save_history(&mut self) {
        if let (Some(editor), Some(path)) = (self.editor.as_mut(), self.history.as_ref()) {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = editor.save_history(path);
        }
    }
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let Some(editor) = self.editor.as_mut() else {
            return Plain::new(io::stdin().lock()).read_line(prompt);
        };
        if let Some(line) = self.pending.pop_front() {
            // The line shows after its own prompt, as if typed there.
            let mut out = io::stdout().lock();
            writeln!(out, "{prompt}{line}")?;
            out.flush()?;
            let _ = editor.add_history_entry(line.as_str());
            return Ok(Some(line));
        }
        loop {
            match editor.readline(prompt) {
                Ok(text) => {
                    // `lines` drops the break that ends a pasted block, not blank lines within.
                    let mut lines = text.lines().map(String::from);
                    let first = lines.next().unwrap_or_default();
                    self.pending.extend(lines);
                    let _ = editor.add_history_entry(first.as_str());
                    return Ok(Some(first));
                }
                // Ctrl-C cancels the line being typed, as in a shell.
                Err(ReadlineError::Interrupted) => continue,
                Err(ReadlineError::Eof) => return Ok(None),
                Err(ReadlineError::Io(e)) => return Err(e),
                Err(e) => return Err(io::Error::other(e.to_string())),
            }
        }
    }

    fn is_interactive(&self) -> bool {
        true
    }

    fn discard_pending(&mut self) {
        self.pending.clear();
    }
}

/// `$NIMLAB_STATE_DIR/history`, else the platform's state (or local data) directory.
fn history_path() -> Option<PathBuf> {
    let dir = std::env::var_os("NIMLAB_STATE_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::state_dir().map(|d| d.join("nimlab")))
        .or_else(|| dirs::data_local_dir().map(|d| d.join("nimlab")))?;
    Some(dir.join("history"))
}
