//! Room on the stack for one more level of recursion. The parser and the evaluator recurse once
//! per level of nesting, bounded by [`MAX_DEPTH`](super::MAX_DEPTH); a level can take over 16 KB
//! of stack in a debug build, more than a 2 MB thread (a test's, a worker's) holds at the bound.
//! So each level first makes sure of room, continuing on a fresh piece of heap-allocated stack
//! when the thread's own runs low. The bound keeps that memory finite.

/// Stack that must be left before a level starts: several levels' worth in a debug build.
const RED_ZONE: usize = 256 * 1024;

/// The size of each fresh piece of stack.
const PIECE: usize = 2 * 1024 * 1024;

/// Levels between checks: a check leaves [`RED_ZONE`] for this many levels, each well under
/// 32 KB even in a debug build. Checking at every level costs the evaluator's tight loops about
/// half their speed.
const EVERY: usize = 8;

/// Runs `level`, the level at `depth`, with at least [`RED_ZONE`] of stack free for it and the
/// levels below it up to the next check.
#[inline(always)]
pub(super) fn with_room<R>(depth: usize, level: impl FnOnce() -> R) -> R {
    if depth.is_multiple_of(EVERY) {
        stacker::maybe_grow(RED_ZONE, PIECE, level)
    } else {
        level()
    }
}
