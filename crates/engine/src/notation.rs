//! States as written: piles, heaps, Hackenbush pictures on a line, and quoting what a user typed.

pub mod hackenbush_syntax;
pub mod hackenbush_write;
pub(crate) mod heaps;
pub(crate) mod pile;
pub(crate) mod quote;
