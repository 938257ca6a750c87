//! The `nimlab` binary: everything happens in `nimlab::app`. It owns the allocator, which
//! counts the bytes the process holds, so the engine can keep to its memory limit.

use std::process::ExitCode;

/// The system allocator, counting what it hands out (no limit of its own: the engine stops
/// its computations at the limit, an allocator could only abort).
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

fn main() -> ExitCode {
    nimlab::engine::memory::install(|| ALLOCATOR.allocated());
    nimlab::app::main(std::env::args_os().collect())
}
