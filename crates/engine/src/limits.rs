//! How every computation is bounded: work budgets, Ctrl-C, the memory limit, and the refusals they lead to.

pub(crate) mod budget;
pub(crate) mod cancel;
pub mod memory;
pub(crate) mod stopped;
pub(crate) mod too_much_work;
