//! States as written: piles, heaps, Hackenbush pictures on a line, and quoting what a user typed.

pub mod hackenbush_syntax;
pub mod hackenbush_write;
pub mod heaps;
pub mod pile;
pub mod quote;
