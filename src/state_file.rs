//! The files nimlab keeps for a learner between runs (lesson progress, REPL history): an
//! advisory lock on a separate lock file, so that several nimlabs at once take turns, and
//! whole-file replacement by an atomic rename, so that a reader sees the old file or the new one.
//!
//! What the files hold, and what to do with one that is unusable, is for their owners to say;
//! this module only locks and writes.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

/// How long to wait for another nimlab to release a lock. Locks are held only while a file is
/// read and rewritten, so anything longer is a process stopped (Ctrl-Z) with the lock held.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// Why a lock could not be taken: data, worded in `render/file_words.rs`.
#[derive(Debug)]
pub enum LockError {
    /// The lock file could not be opened or locked.
    Io { path: PathBuf, source: io::Error },
    /// Another process held the lock for longer than `waited`.
    Busy { path: PathBuf, waited: Duration },
}

impl std::error::Error for LockError {}

/// Runs `work` holding the exclusive advisory lock on the file `path` (created if need be,
/// never through a symbolic link), after waiting at most `wait` for another holder. The lock is
/// released when `work` returns, or when the process dies.
pub fn with_lock<R>(path: &Path, wait: Duration, work: impl FnOnce() -> R) -> Result<R, LockError> {
    let io_error = |source| LockError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut lock = fd_lock::RwLock::new(open_lock_file(path).map_err(io_error)?);
    let start = Instant::now();
    let mut pause = Duration::from_millis(2);
    loop {
        match lock.try_write() {
            Ok(_held) => return Ok(work()),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            // A file system without locks: going on unlocked beats never saving at all.
            Err(e) if e.kind() == io::ErrorKind::Unsupported => return Ok(work()),
            Err(e) => return Err(io_error(e)),
        }
        let waited = start.elapsed();
        let Some(left) = wait.checked_sub(waited).filter(|left| !left.is_zero()) else {
            return Err(LockError::Busy {
                path: path.to_path_buf(),
                waited,
            });
        };
        thread::sleep(pause.min(left));
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

#[cfg(unix)]
fn open_lock_file(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_lock_file(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
}

/// Replaces the file at `path` with `bytes`: a new temporary file in the same directory (a
/// random name, created exclusively, so nothing planted there is followed or reused), written
/// and synced, renamed over `path`, then the directory synced. A symbolic link at `path` is
/// written through: its target is replaced and the link kept.
pub fn replace(path: &Path, temp_prefix: &str, bytes: &[u8]) -> io::Result<()> {
    // A dangling link or none at all: write at `path` itself.
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(temp_prefix)
        .tempfile_in(&dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable; not every platform can open a directory.
    if let Ok(dir) = File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Removes the temporary files (`temp_prefix…`) that a process killed while writing left
/// behind. Call only with the lock held: then no temporary file is anyone's work in progress.
pub fn remove_stale(dir: &Path, temp_prefix: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let stale = entry
            .file_name()
            .to_str()
            .is_some_and(|name| name.starts_with(temp_prefix) && name.len() > temp_prefix.len());
        // Files and links only: a directory of that name is someone else's business.
        let removable = entry
            .file_type()
            .is_ok_and(|t| t.is_file() || t.is_symlink());
        if stale && removable {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.lock");
        let inner = with_lock(&path, LOCK_WAIT, || {
            // Another open file description, as another process would have.
            matches!(
                with_lock(&path, Duration::ZERO, || ()),
                Err(LockError::Busy { .. })
            )
        });
        assert!(matches!(inner, Ok(true)), "{inner:?}");
        assert!(with_lock(&path, Duration::ZERO, || ()).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_is_never_opened_through_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = dir.path().join("elsewhere");
        let path = dir.path().join("x.lock");
        std::os::unix::fs::symlink(&elsewhere, &path).unwrap();
        assert!(matches!(
            with_lock(&path, Duration::ZERO, || ()),
            Err(LockError::Io { .. })
        ));
        assert!(!elsewhere.exists());
    }

    #[test]
    fn replace_writes_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        fs::write(&path, "old").unwrap();
        replace(&path, "f.tmp-", b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn replace_writes_through_a_link_and_keeps_it() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target");
        let link = dir.path().join("link");
        fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        replace(&link, "link.tmp-", b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read(&target).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_with_a_temporary_name_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "precious").unwrap();
        // The old, predictable name.
        std::os::unix::fs::symlink(
            &victim,
            dir.path().join(format!("f.tmp-{}", std::process::id())),
        )
        .unwrap();
        replace(&dir.path().join("f"), "f.tmp-", b"data").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"precious");
    }

    #[test]
    fn remove_stale_removes_only_temporaries() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["f", "f.tmp-123", "f.tmp-abc", "f.tmp-", "g.tmp-1"] {
            fs::write(dir.path().join(name), "").unwrap();
        }
        fs::create_dir(dir.path().join("f.tmp-dir")).unwrap();
        remove_stale(dir.path(), "f.tmp-");
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["f", "f.tmp-", "f.tmp-dir", "g.tmp-1"]);
    }
}
