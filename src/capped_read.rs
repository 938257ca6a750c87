//! Reading a file a user or a lesson names, safely: regular files only, opened without blocking
//! (a FIFO never hangs us), and never more than a stated number of bytes, whatever the file
//! system reports as its length (`/dev/zero`, `/proc` files and sparse files report 0 or lie).
//!
//! Every file nimlab reads whole goes through here; streams of piles read standard input or a
//! file incrementally and cap their tokens themselves.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Why a file could not be read: data, worded in `render/file_words.rs`.
#[derive(Debug)]
pub enum CappedReadError {
    /// Opening or reading failed (missing, permission denied, …).
    Io { path: PathBuf, source: io::Error },
    /// The path names a directory, a FIFO, a device or a socket rather than a regular file.
    NotRegular { path: PathBuf, kind: FileKind },
    /// The file holds more than `limit` bytes.
    TooLarge { path: PathBuf, limit: u64 },
}

/// What a path names other than a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Directory,
    Fifo,
    /// A character or block device.
    Device,
    Socket,
    /// Anything else that is not a regular file.
    Special,
}

impl std::error::Error for CappedReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Opens `path` for reading if it is a regular file (symlinks are followed, then checked),
/// without blocking on a FIFO.
pub fn open_regular(path: &Path) -> Result<File, CappedReadError> {
    let io_error = |source| CappedReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = open_nonblocking(path).map_err(io_error)?;
    let kind = file.metadata().map_err(io_error)?.file_type();
    if !kind.is_file() {
        return Err(CappedReadError::NotRegular {
            path: path.to_path_buf(),
            kind: describe(&kind),
        });
    }
    Ok(file)
}

/// Reads the whole of the regular file at `path`, refusing it if it holds more than `limit`
/// bytes. The limit is enforced on the bytes read, not on the reported length.
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, CappedReadError> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| CappedReadError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > limit {
        return Err(CappedReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting forever. It
    // has no effect on reads from regular files, the only kind we go on to read.
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

fn describe(kind: &std::fs::FileType) -> FileKind {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return FileKind::Fifo;
        }
        if kind.is_char_device() || kind.is_block_device() {
            return FileKind::Device;
        }
        if kind.is_socket() {
            return FileKind::Socket;
        }
    }
    if kind.is_dir() {
        FileKind::Directory
    } else {
        FileKind::Special
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "hello").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"hello");
    }

    #[test]
    fn refuses_one_byte_over_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "hello!").unwrap();
        assert!(matches!(
            read_capped(&path, 5),
            Err(CappedReadError::TooLarge { limit: 5, .. })
        ));
    }

    #[test]
    fn refuses_a_directory() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            read_capped(dir.path(), 100),
            Err(CappedReadError::NotRegular {
                kind: FileKind::Directory,
                ..
            })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn refuses_dev_zero_without_reading_it() {
        assert!(matches!(
            read_capped(Path::new("/dev/zero"), 100),
            Err(CappedReadError::NotRegular {
                kind: FileKind::Device,
                ..
            })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_without_a_writer_does_not_block() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(status.success());
        assert!(matches!(
            read_capped(&path, 100),
            Err(CappedReadError::NotRegular {
                kind: FileKind::Fifo,
                ..
            })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_device_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            read_capped(&link, 100),
            Err(CappedReadError::NotRegular { .. })
        ));
    }
}
