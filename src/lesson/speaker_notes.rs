//! Speaker notes in presenter mode: appended, step by step, to a file or a second terminal
//! that the lecturer watches (`tail -f FILE`), so they never reach the projected screen.
//! Appending only: nothing already in the file is ever overwritten.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where a presentation's speaker notes go.
#[derive(Debug, Clone)]
pub struct SpeakerNotes {
    path: PathBuf,
}

impl SpeakerNotes {
    pub fn new(path: PathBuf) -> Self {
        Self { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one step's notes under its heading, so the lecturer's window follows the room
    /// step by step.
    pub fn append(&self, heading: &str, notes: &str) -> io::Result<()> {
        let notes = notes.trim_end();
        // The lecturer's terminal (`tail -f`) gets the same guard as the screen: a lesson
        // file's escape sequences are shown, never obeyed.
        let text = format!(
            "── {} ──\n{}\n\n",
            crate::printable::printable(heading),
            crate::printable::printable(notes)
        );
        let mut options = OpenOptions::new();
        options.append(true).create(true);
        // O_NONBLOCK: a FIFO with no reader fails at once instead of hanging the lecture.
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NONBLOCK);
        }
        let mut file = options.open(&self.path)?;
        file.write_all(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_appended_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, "mine\n").unwrap();
        let notes = SpeakerNotes::new(path.clone());
        notes.append("step 1 of 2 · a", "Ask the room.\n").unwrap();
        notes.append("step 2 of 2 · b", "Runs: `grundy`").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "mine\n── step 1 of 2 · a ──\nAsk the room.\n\n── step 2 of 2 · b ──\nRuns: `grundy`\n\n"
        );
    }

    #[test]
    fn escape_sequences_are_shown_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        let notes = SpeakerNotes::new(path.clone());
        notes
            .append("\u{1b}]0;title\u{7}a", "\u{1b}[2Jclear")
            .unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(!written.contains('\u{1b}'), "{written:?}");
        assert!(written.contains("^[[2Jclear"), "{written:?}");
    }

    #[test]
    fn a_directory_is_an_error_not_a_hang() {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            SpeakerNotes::new(dir.path().to_path_buf())
                .append("x", "")
                .is_err()
        );
    }
}
