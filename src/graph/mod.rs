//! Game graphs read from files: `--rules graph:FILE`. The schema is documented in
//! `lessons/graphs/README.md`; the loader is the only code here that touches YAML.

pub mod loader;

pub use loader::{MAX_BYTES, load, read};
