//! How every computation is bounded: work budgets, Ctrl-C, the memory limit, and the refusals they lead to.

pub mod budget;
pub mod cancel;
pub mod memory;
pub mod stopped;
pub mod too_much_work;
