//! The REPL's history file, one for every nimlab a learner has open. Read tolerantly: a line
//! that is not UTF-8 is skipped rather than ending the read, and a huge file is read from its
//! tail. Each line is appended as it is typed, under the lock on `history.lock`, so two REPLs
//! keep each other's lines and a closed terminal loses nothing; past `MAX_ENTRIES` (and some
//! slack) the file is trimmed under the same lock by an atomic rewrite, never in place.
//!
//! The format is rustyline's: a `#V2` line, then one entry a line with `\` and newline escaped.
//! This module owns the file only; what the editor does with the entries is the line source's.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::capped_read::{CappedReadError, open_regular};
use crate::state_file::{self, LockError, with_lock};

/// The entries kept.
pub(super) const MAX_ENTRIES: usize = 2000;
/// Entries beyond `MAX_ENTRIES` before the file is trimmed (not a rewrite at every line).
const SLACK: usize = 500;
/// At most this much of the end of the file is read.
const MAX_READ: u64 = 1 << 20;
/// A longer line is not something a learner typed (a binary file, a sparse file's zeros).
const MAX_ENTRY: usize = 4096;
const HEADER: &[u8] = b"#V2";
const TEMP_PREFIX: &str = "history.tmp-";
/// Shorter than progress's wait: the learner is waiting at the prompt.
const LOCK_WAIT: Duration = Duration::from_secs(2);

/// The history file, to append to.
#[derive(Debug)]
pub(super) struct HistoryFile {
    path: PathBuf,
    lock: PathBuf,
}

/// Why the history cannot be read or kept.
#[derive(Debug)]
pub(crate) enum HistoryError {
    /// The file cannot be read: not a regular file, or opening it failed.
    Read(CappedReadError),
    /// The lock could not be taken.
    Lock(LockError),
    /// Appending or trimming failed.
    Write { path: PathBuf, source: io::Error },
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Read(e) => e.fmt(f),
            Self::Lock(e) => e.fmt(f),
            Self::Write { path, source } => {
                write!(f, "cannot write `{}`: {source}", path.display())
            }
        }
    }
}

impl HistoryFile {
    /// The history at `path` and its entries, oldest first. `None`: the path is `/dev/null`,
    /// a learner's way of saying "keep no history".
    pub(super) fn open(path: PathBuf) -> Result<Option<(Self, Vec<String>)>, HistoryError> {
        if std::fs::canonicalize(&path).is_ok_and(|p| p == Path::new("/dev/null")) {
            return Ok(None);
        }
        let lock = path.with_file_name("history.lock");
        let history = Self { path, lock };
        let entries = match open_regular(&history.path) {
            Ok(mut file) => {
                let (bytes, from_start) =
                    read_tail(&mut file).map_err(|source| history.read_error(source))?;
                entries(&bytes, from_start)
            }
            // The first run: the file is made at the first line typed.
            Err(CappedReadError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                Vec::new()
            }
            Err(e) => return Err(HistoryError::Read(e)),
        };
        Ok(Some((history, entries)))
    }

    /// Adds `entry` at the end of the file, then trims the file if it has grown too long.
    pub(super) fn append(&self, entry: &str) -> Result<(), HistoryError> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|source| self.write_error(source))?;
        }
        with_lock(&self.lock, LOCK_WAIT, || self.append_locked(entry))
            .map_err(HistoryError::Lock)?
    }

    fn append_locked(&self, entry: &str) -> Result<(), HistoryError> {
        let mut file = open_appending(&self.path).map_err(|source| self.write_error(source))?;
        let len = file
            .metadata()
            .map_err(|source| self.write_error(source))?
            .len();
        let mut line = Vec::with_capacity(entry.len() + 8);
        if len == 0 {
            line.extend_from_slice(HEADER);
            line.push(b'\n');
        } else if !ends_with_newline(&mut file).map_err(|source| self.write_error(source))? {
            // A line cut short (a full disk, a kill mid-write) stays a line of its own.
            line.push(b'\n');
        }
        escape(entry, &mut line);
        line.push(b'\n');
        // One write, at the end whatever others appended (O_APPEND).
        file.write_all(&line)
            .map_err(|source| self.write_error(source))?;
        self.trim(&mut file)
    }

    /// Rewrites the file with its last `MAX_ENTRIES` entries when it holds `SLACK` more, or is
    /// too large to read whole. Called with the lock held.
    fn trim(&self, file: &mut File) -> Result<(), HistoryError> {
        let (bytes, from_start) = read_tail(file).map_err(|source| self.write_error(source))?;
        let lines = bytes.iter().filter(|&&b| b == b'\n').count();
        if from_start && lines <= MAX_ENTRIES + SLACK {
            return Ok(());
        }
        let mut text = Vec::with_capacity(bytes.len());
        text.extend_from_slice(HEADER);
        text.push(b'\n');
        for entry in entries(&bytes, from_start) {
            escape(&entry, &mut text);
            text.push(b'\n');
        }
        if let Some(dir) = self.path.parent() {
            state_file::remove_stale(dir, TEMP_PREFIX);
        }
        state_file::replace(&self.path, TEMP_PREFIX, &text)
            .map_err(|source| self.write_error(source))
    }

    fn read_error(&self, source: io::Error) -> HistoryError {
        HistoryError::Read(CappedReadError::Io {
            path: self.path.clone(),
            source,
        })
    }

    fn write_error(&self, source: io::Error) -> HistoryError {
        HistoryError::Write {
            path: self.path.clone(),
            source,
        }
    }
}

/// Opens the history for appending, creating it; refuses anything but a regular file (a FIFO
/// is not waited on).
fn open_appending(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Private, as rustyline made it.
        options.custom_flags(libc::O_NONBLOCK).mode(0o600);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("it is not a regular file"));
    }
    Ok(file)
}

fn ends_with_newline(file: &mut File) -> io::Result<bool> {
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0];
    file.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
}

/// The last `MAX_READ` bytes of the file, and whether that is the whole file.
fn read_tail(file: &mut File) -> io::Result<(Vec<u8>, bool)> {
    let len = file.metadata()?.len();
    let start = len.saturating_sub(MAX_READ);
    file.seek(SeekFrom::Start(start))?;
    let mut bytes = Vec::new();
    file.take(MAX_READ).read_to_end(&mut bytes)?;
    Ok((bytes, start == 0))
}

/// The entries in `bytes`, oldest first, at most `MAX_ENTRIES`: lines that are not UTF-8, not
/// something typed, or (when `bytes` starts mid-file) the first, partial one are skipped.
fn entries(bytes: &[u8], from_start: bool) -> Vec<String> {
    let mut lines = bytes.split(|&b| b == b'\n');
    if !from_start {
        lines.next();
    }
    let mut entries: Vec<String> = lines
        .filter(|line| !line.is_empty() && *line != HEADER && line.len() <= MAX_ENTRY)
        .filter_map(|line| std::str::from_utf8(line).ok())
        .filter(|line| !line.chars().any(char::is_control))
        .map(unescape)
        .collect();
    let surplus = entries.len().saturating_sub(MAX_ENTRIES);
    entries.drain(..surplus);
    entries
}

fn escape(entry: &str, out: &mut Vec<u8>) {
    for &b in entry.as_bytes() {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b => out.push(b),
        }
    }
}

/// `\\` and `\n` as rustyline writes them; any other backslash is kept as it is.
fn unescape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.clone().next() {
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            Some('n') => {
                chars.next();
                out.push('\n');
            }
            _ => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_utf8_is_skipped_and_the_rest_kept() {
        let bytes = b"#V2\nwinner 1 2 3\n\xff\xfe bad\ngrundy 10\n";
        assert_eq!(entries(bytes, true), ["winner 1 2 3", "grundy 10"]);
    }

    #[test]
    fn a_partial_first_line_is_skipped_when_reading_from_the_middle() {
        assert_eq!(entries(b"er 1 2 3\ngrundy 10\n", false), ["grundy 10"]);
        assert_eq!(
            entries(b"er 1 2 3\ngrundy 10\n", true),
            ["er 1 2 3", "grundy 10"]
        );
    }

    #[test]
    fn long_lines_and_control_characters_are_not_entries() {
        let mut bytes = vec![0u8; MAX_ENTRY + 1];
        bytes.extend_from_slice(b"\n\0\0\0\nnim 1\n");
        assert_eq!(entries(&bytes, true), ["nim 1"]);
    }

    #[test]
    fn escapes_round_trip() {
        for entry in [
            "plain",
            r"back\slash",
            "two\nlines",
            r"\n literally",
            r"trailing\",
        ] {
            let mut bytes = Vec::new();
            escape(entry, &mut bytes);
            assert!(!bytes.contains(&b'\n'), "{entry:?}");
            assert_eq!(unescape(std::str::from_utf8(&bytes).unwrap()), entry);
        }
    }

    #[test]
    fn keeps_the_last_max_entries() {
        let text: String = (0..MAX_ENTRIES + 7)
            .map(|i| format!("grundy {i}\n"))
            .collect();
        let kept = entries(text.as_bytes(), true);
        assert_eq!(kept.len(), MAX_ENTRIES);
        assert_eq!(kept[0], "grundy 7");
        assert_eq!(kept[MAX_ENTRIES - 1], format!("grundy {}", MAX_ENTRIES + 6));
    }

    fn history(dir: &Path) -> HistoryFile {
        let (history, entries) = HistoryFile::open(dir.join("history")).unwrap().unwrap();
        assert!(entries.is_empty());
        history
    }

    #[test]
    fn appends_with_a_header_then_one_line_each() {
        let dir = tempfile::tempdir().unwrap();
        let h = history(dir.path());
        h.append("winner 1 2 3").unwrap();
        h.append(r"a\b").unwrap();
        assert_eq!(
            std::fs::read(dir.path().join("history")).unwrap(),
            b"#V2\nwinner 1 2 3\na\\\\b\n"
        );
        let (_, entries) = HistoryFile::open(dir.path().join("history"))
            .unwrap()
            .unwrap();
        assert_eq!(entries, ["winner 1 2 3", r"a\b"]);
    }

    #[test]
    fn a_cut_line_stays_a_line_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("history"), "#V2\nrules nim\nwinn").unwrap();
        let (h, _) = HistoryFile::open(dir.path().join("history"))
            .unwrap()
            .unwrap();
        h.append("grundy 5").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("history")).unwrap(),
            "#V2\nrules nim\nwinn\ngrundy 5\n"
        );
    }

    #[test]
    fn the_file_is_trimmed_past_the_slack() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history");
        let mut text = String::from("#V2\n");
        for i in 0..MAX_ENTRIES + SLACK {
            text.push_str(&format!("grundy {i}\n"));
        }
        std::fs::write(&path, &text).unwrap();
        let (h, _) = HistoryFile::open(path.clone()).unwrap().unwrap();
        // Counting the header, the file is already past the slack: the next line trims it.
        h.append("last").unwrap();
        let (_, entries) = HistoryFile::open(path.clone()).unwrap().unwrap();
        assert_eq!(entries.len(), MAX_ENTRIES);
        assert_eq!(entries[MAX_ENTRIES - 1], "last");
        assert_eq!(entries[0], format!("grundy {}", SLACK + 1));
        assert!(std::fs::read(&path).unwrap().starts_with(b"#V2\ngrundy "));
    }

    #[cfg(unix)]
    #[test]
    fn a_device_or_a_directory_is_refused_and_dev_null_is_no_history() {
        let dir = tempfile::tempdir().unwrap();
        let zero = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(matches!(
            HistoryFile::open(zero),
            Err(HistoryError::Read(CappedReadError::NotRegular { .. }))
        ));
        assert!(matches!(
            HistoryFile::open(dir.path().to_path_buf()),
            Err(HistoryError::Read(CappedReadError::NotRegular { .. }))
        ));
        let null = dir.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        assert!(matches!(HistoryFile::open(null), Ok(None)));
    }
}
