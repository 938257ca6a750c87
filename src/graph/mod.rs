//! Game graphs read from files: `--rules graph:FILE`. The schema is documented in
//! `lessons/graphs/README.md`; the loader reads it through `crate::yaml`. Also Green
//! Hackenbush pictures (`--rules hackenbush --file PICTURE.yaml`), read the same way.

pub mod hackenbush;
pub mod loader;
mod why;

pub use loader::{MAX_BYTES, load, read};
pub use why::{BadFile, FileKind, FileWhy, ReadError, Shape};

use std::path::Path;
use std::sync::Arc;

use crate::capped_read::{CappedReadError, read_capped};
use crate::yaml::{YamlError, YamlErrorKind};

/// A file of this family read whole as text: a regular file of at most `max` bytes (a FIFO or
/// a device is refused without being opened for reading), in UTF-8.
fn read_text(path: &Path, max: u64) -> Result<String, FileWhy> {
    let bytes = read_capped(path, max).map_err(|e| match e {
        CappedReadError::Io { source, .. } => FileWhy::Unreadable(Arc::new(source)),
        CappedReadError::NotRegular { kind, .. } => FileWhy::NotRegular { kind },
        CappedReadError::TooLarge { .. } => FileWhy::TooLarge { max },
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        FileWhy::NotUtf8 { line }
    })
}

/// The YAML reader's complaint: a text too long is the file too large.
fn yaml_why(e: YamlError, max: u64) -> FileWhy {
    match e.kind {
        YamlErrorKind::TooLarge { .. } => FileWhy::TooLarge { max },
        _ => FileWhy::Yaml(e),
    }
}
