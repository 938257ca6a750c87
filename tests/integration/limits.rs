//! Bounded everywhere: memory, work, hostile input and faults never make nimlab panic, hang or lose progress.

pub(crate) mod bounded;
mod chains;
mod faults;
mod hostile;
mod hostile_yaml;
mod memory;
mod nesting;
