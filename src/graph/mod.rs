//! Game graphs read from files: `--rules graph:FILE`. The schema is documented in
//! `lessons/graphs/README.md`; the loader reads it through `crate::yaml`.

pub mod loader;

pub use loader::{MAX_BYTES, load, read};
