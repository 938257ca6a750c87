//! Game graphs read from files: `--rules graph:FILE`. The schema is documented in
//! `lessons/graphs/README.md`; the loader reads it through `crate::yaml`. Also Green
//! Hackenbush pictures (`--rules hackenbush --file PICTURE.yaml`), read the same way.

pub mod hackenbush;
pub mod loader;

pub use loader::{MAX_BYTES, load, read};
