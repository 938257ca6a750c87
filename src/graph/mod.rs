//! Game graphs read from files: `--rules graph:FILE`. The schema is documented in
//! `lessons/graphs/README.md`; the loader reads it through `crate::yaml`. Also Green
//! Hackenbush pictures (`--rules hackenbush --file PICTURE.yaml`), read the same way.

pub mod hackenbush;
pub mod loader;

pub use loader::{MAX_BYTES, load, read};

use std::path::Path;

use crate::capped_read::{CappedReadError, read_capped};
use crate::yaml::{YamlError, YamlErrorKind};

/// A file of this family read whole as text: a regular file of at most `max` bytes (a FIFO or
/// a device is refused without being opened for reading), in UTF-8. The error is the reason,
/// in words; `what` names the kind of file ("graph", "picture").
fn read_text(path: &Path, max: u64, what: &str) -> Result<String, String> {
    let bytes = read_capped(path, max).map_err(|e| match e {
        CappedReadError::Io { source, .. } => format!("cannot read it ({source})"),
        CappedReadError::NotRegular { kind, .. } => {
            format!("cannot read it: it is a {kind}, not a regular file")
        }
        CappedReadError::TooLarge { .. } => too_large(max, what),
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        format!("it is not UTF-8 text (at line {line})")
    })
}

fn too_large(max: u64, what: &str) -> String {
    format!("the file is larger than the {max} bytes a {what} may have")
}

/// The YAML error in one line, with its place.
fn yaml_reason(e: &YamlError, max: u64, what: &str) -> String {
    if let YamlErrorKind::TooLarge { .. } = e.kind {
        return too_large(max, what);
    }
    match (e.line, e.column) {
        (Some(line), Some(column)) => format!("{e} (at line {line}, column {column})"),
        (Some(line), None) => format!("{e} (at line {line})"),
        _ => e.to_string(),
    }
}
