//! Where lines come from: rustyline on a terminal (history, completion, Ctrl-C/Ctrl-D), or a
//! plain reader for scripts and pipes.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::MemHistory;
use rustyline::{CompletionType, Config, Editor};

use super::complete::Completion;
use super::history::{HistoryFile, MAX_ENTRIES};
use crate::render::Style;

/// A source of command lines.
pub trait LineSource {
    /// The next line, or `None` at the end (Ctrl-D, end of file).
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>>;
    /// Whether a person is typing (errors then carry no line numbers and do not fail a run).
    fn is_interactive(&self) -> bool;
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

/// rustyline, with each line typed added to the history file as it is entered.
pub struct Terminal {
    editor: Option<Editor<Completion, MemHistory>>,
    history: Option<HistoryFile>,
    /// For the warning that the history is not being kept.
    style: Style,
}

impl Terminal {
    /// The editor, with the history at `history` loaded (a warning on stderr if it cannot be).
    pub fn new(lesson_ids: Vec<String>, history: Option<PathBuf>, style: Style) -> Self {
        let config = Config::builder()
            .max_history_size(MAX_ENTRIES)
            .map(|b| {
                b.auto_add_history(false)
                    .completion_type(CompletionType::List)
                    .build()
            })
            .unwrap_or_default();
        let memory = MemHistory::with_config(&config);
        let editor = Editor::with_history(config, memory).ok().map(|mut e| {
            e.set_helper(Some(Completion { lesson_ids }));
            e
        });
        let mut term = Self {
            editor,
            history: None,
            style,
        };
        match history.map(HistoryFile::open) {
            None | Some(Ok(None)) => {}
            Some(Ok(Some((file, entries)))) => {
                if let Some(editor) = term.editor.as_mut() {
                    for entry in entries {
                        let _ = editor.add_history_entry(entry);
                    }
                }
                term.history = Some(file);
            }
            Some(Err(e)) => term.warn(&format!("{e}; history is not kept this session")),
        }
        term
    }

    /// Adds a line to the history, in the editor and at the end of the file.
    fn remember(&mut self, line: &str) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        // Not added: empty, or the same as the line before.
        if !editor.add_history_entry(line).unwrap_or(false) {
            return;
        }
        if let Some(Err(e)) = self.history.as_ref().map(|h| h.append(line)) {
            // Said once, and not tried again: a lock that is not released would otherwise
            // hold up every line.
            self.history = None;
            self.warn(&format!(
                "{e}; the history is not kept for the rest of this session"
            ));
        }
    }

    fn warn(&self, message: &str) {
        let _ = writeln!(io::stderr(), "{} {message}", self.style.error("warning:"));
    }
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let Some(editor) = self.editor.as_mut() else {
            return Plain::new(io::stdin().lock()).read_line(prompt);
        };
        loop {
            match editor.readline(prompt) {
                Ok(line) => {
                    self.remember(&line);
                    return Ok(Some(line));
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
}
