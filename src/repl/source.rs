//! Where lines come from: rustyline on a terminal (history, completion, Ctrl-C/Ctrl-D, pasted
//! blocks run line by line), or a plain reader for scripts and pipes. The plain reader holds at
//! most [`MAX_LINE`] bytes of a line: a longer line is skipped to its newline without being
//! kept, and input that is not text (a NUL byte, as from `/dev/zero`) ends the read.

use std::collections::VecDeque;
use std::io::{self, BufRead, ErrorKind, Write};
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::MemHistory;
use rustyline::{CompletionType, Config, Editor};

use super::complete::Completion;
use super::history::{HistoryError, HistoryFile, MAX_ENTRIES};
use crate::render::{self, Style};

/// The longest script line, in bytes (its newline not counted): room for 10 000 piles of 20
/// digits. Longer lists of piles belong in a file (`winner --file PATH`), which is streamed.
pub(super) const MAX_LINE: usize = 256 << 10;

/// What a source hands over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Line {
    /// A line of text, its newline included if it had one.
    Text(String),
    /// A line longer than `limit` bytes, skipped unread.
    TooLong { limit: usize },
}

/// A source of command lines.
pub(super) trait LineSource {
    /// The next line, or `None` at the end (Ctrl-D, end of file).
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<Line>>;
    /// Whether a person is typing (errors then carry no line numbers and do not fail a run).
    fn is_interactive(&self) -> bool;
    /// Forgets lines read ahead but not yet run (a pasted block, after Ctrl-C).
    fn discard_pending(&mut self) {}
    /// The running lesson's step ids, which `goto` completes on Tab.
    fn set_step_ids(&mut self, _ids: Vec<String>) {}
}

/// Lines from a reader: a script file or a pipe.
pub(super) struct Plain<R> {
    reader: R,
    limit: usize,
    /// Lines read so far, to name the one that is not text.
    lines: u64,
}

impl<R: BufRead> Plain<R> {
    pub(super) fn new(reader: R) -> Self {
        Self::with_limit(reader, MAX_LINE)
    }

    /// A reader whose lines may be at most `limit` bytes long.
    pub(super) fn with_limit(reader: R, limit: usize) -> Self {
        Self {
            reader,
            limit,
            lines: 0,
        }
    }
}

impl<R: BufRead> LineSource for Plain<R> {
    fn read_line(&mut self, _prompt: &str) -> io::Result<Option<Line>> {
        let mut line = Vec::new();
        let (mut read_any, mut too_long) = (false, false);
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            if !read_any {
                read_any = true;
                self.lines += 1;
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..newline.map_or(chunk.len(), |i| i + 1)];
            if part.contains(&0) {
                return Err(io::Error::new(
                    ErrorKind::InvalidData,
                    format!(
                        "line {} holds a NUL byte: a script is text, so nothing more is read",
                        self.lines
                    ),
                ));
            }
            let content = part.len() - usize::from(newline.is_some());
            if !too_long && line.len() + content > self.limit {
                too_long = true;
                line = Vec::new();
            }
            if !too_long {
                line.extend_from_slice(part);
            }
            let used = part.len();
            self.reader.consume(used);
            if newline.is_some() {
                break;
            }
        }
        Ok(match (read_any, too_long) {
            (false, _) => None,
            (true, true) => Some(Line::TooLong { limit: self.limit }),
            (true, false) => Some(Line::Text(String::from_utf8_lossy(&line).into_owned())),
        })
    }

    fn is_interactive(&self) -> bool {
        false
    }
}

/// rustyline, with each line typed added to the history file as it is entered.
///
/// A pasted block of several lines comes back from rustyline as one line with line breaks
/// (bracketed paste): its lines are queued and each is run in turn, its prompt echoed, as if
/// typed. Without bracketed paste the terminal sends the lines as typed; rustyline keeps what
/// it read ahead of the first (its `buffer-redux` feature) for the next line.
pub(super) struct Terminal {
    editor: Option<Editor<Completion, MemHistory>>,
    history: Option<HistoryFile>,
    /// Lines of a pasted block not yet run.
    pending: VecDeque<String>,
    /// For the warning that the history is not being kept.
    style: Style,
}

impl Terminal {
    /// The editor, with the history at `history` loaded (a warning on stderr if it cannot be).
    pub(super) fn new(lesson_ids: Vec<String>, history: Option<PathBuf>, style: Style) -> Self {
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
            e.set_helper(Some(Completion {
                lesson_ids,
                step_ids: Vec::new(),
            }));
            e
        });
        let mut term = Self {
            editor,
            history: None,
            pending: VecDeque::new(),
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
            Some(Err(e)) => term.warn(&HistoryWarning::NotOpened(e)),
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
            self.warn(&HistoryWarning::NotAppended(e));
        }
    }

    fn warn(&self, warning: &HistoryWarning) {
        let (error, from_start) = match warning {
            HistoryWarning::NotOpened(error) => (error, true),
            HistoryWarning::NotAppended(error) => (error, false),
        };
        let _ = write!(
            io::stderr(),
            "{}",
            render::history_warning(error, from_start, self.style)
        );
    }
}

/// Why the history file is not kept; `render` words it.
#[derive(Debug)]
pub(crate) enum HistoryWarning {
    /// It could not be opened or read: no history this session.
    NotOpened(HistoryError),
    /// A line could not be added: no more history this session.
    NotAppended(HistoryError),
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<Line>> {
        let Some(editor) = self.editor.as_mut() else {
            return Plain::new(io::stdin().lock()).read_line(prompt);
        };
        if let Some(line) = self.pending.pop_front() {
            // The line shows after its own prompt, as if typed there.
            let mut out = io::stdout().lock();
            writeln!(out, "{prompt}{line}")?;
            out.flush()?;
            drop(out);
            self.remember(&line);
            return Ok(Some(Line::Text(line)));
        }
        loop {
            match editor.readline(prompt) {
                Ok(text) => {
                    // `lines` drops the break that ends a pasted block, not blank lines within.
                    let mut lines = text.lines().map(String::from);
                    let first = lines.next().unwrap_or_default();
                    self.pending.extend(lines);
                    self.remember(&first);
                    return Ok(Some(Line::Text(first)));
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

    fn set_step_ids(&mut self, ids: Vec<String>) {
        if let Some(helper) = self.editor.as_mut().and_then(|e| e.helper_mut()) {
            helper.step_ids = ids;
        }
    }

    fn discard_pending(&mut self) {
        self.pending.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` through a reader that hands out `chunk` bytes at a time.
    fn lines(input: &[u8], limit: usize, chunk: usize) -> Vec<Result<Line, String>> {
        let reader = io::BufReader::with_capacity(chunk, input);
        let mut source = Plain::with_limit(reader, limit);
        let mut out = Vec::new();
        loop {
            match source.read_line("") {
                Ok(Some(line)) => out.push(Ok(line)),
                Ok(None) => break,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    break;
                }
            }
        }
        out
    }

    fn text(s: &str) -> Result<Line, String> {
        Ok(Line::Text(s.to_string()))
    }

    #[test]
    fn reads_lines_as_they_are() {
        for chunk in [1, 3, 64] {
            assert_eq!(
                lines(b"grundy\n\nwinner 3 4\r\nlast", 100, chunk),
                [
                    text("grundy\n"),
                    text("\n"),
                    text("winner 3 4\r\n"),
                    text("last")
                ]
            );
        }
        assert!(lines(b"", 100, 8).is_empty());
    }

    #[test]
    fn a_line_over_the_limit_is_skipped_and_the_next_is_read() {
        let too_long = Ok(Line::TooLong { limit: 10 });
        for chunk in [1, 4, 8, 1000] {
            // Ten bytes and a newline fit; eleven do not, with or without a newline after.
            assert_eq!(
                lines(b"0123456789\n0123456789a\nnext\n0123456789ab", 10, chunk),
                [
                    text("0123456789\n"),
                    too_long.clone(),
                    text("next\n"),
                    too_long.clone()
                ],
                "chunk {chunk}"
            );
        }
    }

    #[test]
    fn a_nul_byte_ends_the_input_naming_its_line() {
        for chunk in [1, 5, 1000] {
            let got = lines(b"grundy\nwin\0ner\nmex 1\n", 100, chunk);
            assert_eq!(got[0], text("grundy\n"));
            let Err(e) = &got[1] else { panic!("{got:?}") };
            assert!(e.contains("line 2") && e.contains("NUL"), "{e}");
            assert_eq!(got.len(), 2);
        }
        // Even past the limit, while the line is being skipped.
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(&[0; 50]);
        let got = lines(&input, 10, 8);
        assert!(
            matches!(&got[..], [Err(e)] if e.contains("line 1")),
            "{got:?}"
        );
    }
}
