//! The memory budget: how many bytes of its own data the process may hold while it computes,
//! and whether a computation has passed it.
//!
//! The engine cannot count bytes itself; the program that embeds it installs a meter (the
//! `nimlab` binary counts what its allocator hands out) and sets the limit. Every loop that
//! polls a [`Cancel`](crate::Cancel) token, and every search that polls on its own, reads the
//! meter there: a computation that passes the limit stops as if interrupted, keeps nothing
//! partial, and the caller learns from [`take_tripped`] that memory, not Ctrl-C, stopped it.
//! Without a meter (the library's own unit tests) nothing is ever over.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use crate::limits::stopped::Interrupted;

/// The limit when nobody sets one: 1 GiB.
pub const DEFAULT_LIMIT: u64 = 1 << 30;

/// The limit while a lesson runs: its expressions are small by design.
pub const LESSON_LIMIT: u64 = 256 << 20;

/// The smallest limit that can be set: below it nimlab cannot even start a computation.
pub const MIN_LIMIT: u64 = 16 << 20;

static METER: OnceLock<fn() -> usize> = OnceLock::new();
static LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_LIMIT);
static CEILING: AtomicU64 = AtomicU64::new(u64::MAX);
static LESSON: AtomicBool = AtomicBool::new(false);
static TRIPPED: AtomicBool = AtomicBool::new(false);

/// Installs the meter: a function that says how many bytes the process holds now. Only the
/// first call counts.
pub fn install(meter: fn() -> usize) {
    let _ = METER.set(meter);
}

/// What bounds the memory a process may allocate, whatever limit nimlab is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CeilingKind {
    /// `RLIMIT_AS`, the address space (`ulimit -v`, `prlimit --as`).
    AddressSpace,
    /// `RLIMIT_DATA`, the data segment and private mappings (`ulimit -d`).
    Data,
    /// The cgroup's `memory.max` (a container, a systemd unit).
    Cgroup,
}

/// The tightest bound the system puts on the process, `bytes` of it, and the part of it that
/// the computation may hold (`usable`): what the process already holds, its threads' arenas
/// and the allocator's waste are left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ceiling {
    pub kind: CeilingKind,
    pub bytes: u64,
    pub usable: u64,
}

/// Sets the most any limit may be, in bytes: a limit set above it is lowered to it (an
/// allocation past the system's bound aborts the process; a limit below it stops the
/// computation in words).
pub fn set_ceiling(bytes: u64) {
    CEILING.store(bytes, Relaxed);
    LIMIT.fetch_min(bytes, Relaxed);
}

/// The most any limit may be, in bytes (`u64::MAX` if nothing bounds the process).
pub(crate) fn ceiling() -> u64 {
    CEILING.load(Relaxed)
}

/// Sets the limit, in bytes, never above the ceiling.
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes.min(ceiling()), Relaxed);
}

/// The limit, in bytes.
pub fn limit() -> u64 {
    LIMIT.load(Relaxed)
}

/// The bytes held now, if a meter is installed.
pub(crate) fn in_use() -> Option<u64> {
    METER
        .get()
        .map(|meter| u64::try_from(meter()).unwrap_or(u64::MAX))
}

/// `Err(Interrupted)` once the process holds more than the limit; the trip is remembered for
/// [`take_tripped`].
#[inline]
pub(crate) fn check() -> Result<(), Interrupted> {
    match in_use() {
        Some(bytes) if bytes > limit() => {
            TRIPPED.store(true, Relaxed);
            Err(Interrupted)
        }
        _ => Ok(()),
    }
}

/// `Err(Interrupted)` if holding `bytes` more would pass the limit: asked before one large
/// allocation, which no poll after it could stop in time.
pub fn reserve(bytes: u64) -> Result<(), Interrupted> {
    match in_use() {
        Some(held) if held.saturating_add(bytes) > limit() => {
            TRIPPED.store(true, Relaxed);
            Err(Interrupted)
        }
        _ => Ok(()),
    }
}

/// Whether a computation was stopped by the limit since the last call; clears the mark.
pub fn take_tripped() -> bool {
    TRIPPED.swap(false, Relaxed)
}

/// Whether a computation was stopped by the limit since the mark was last cleared.
pub fn tripped() -> bool {
    TRIPPED.load(Relaxed)
}

/// What sets the limit now, so that a computation stopped by it can say what would raise it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// A limit given (`--memory`, `NIMLAB_MEMORY`) or the default: a larger one raises it.
    Set,
    /// A lesson's, which no `--memory` raises.
    Lesson,
    /// The most the system lets the process allocate ([`set_ceiling`]).
    System,
}

/// What sets the limit now.
pub fn bound() -> Bound {
    if in_lesson() {
        Bound::Lesson
    } else if limit() >= ceiling() {
        Bound::System
    } else {
        Bound::Set
    }
}

/// Whether the limit now is a lesson's ([`Scoped::for_lesson`]), which no `--memory` raises.
pub(crate) fn in_lesson() -> bool {
    LESSON.load(Relaxed)
}

/// A limit for as long as the guard lives (one command's `--memory`, a lesson's), the old one
/// restored after.
#[derive(Debug)]
pub struct Scoped {
    previous: u64,
    lesson_before: Option<bool>,
}

impl Scoped {
    /// The limit set to `bytes`.
    pub fn set(bytes: u64) -> Self {
        let previous = limit();
        set_limit(bytes);
        Self {
            previous,
            lesson_before: None,
        }
    }

    /// The limit lowered to `bytes`, never raised.
    pub(crate) fn lowered_to(bytes: u64) -> Self {
        Self::set(limit().min(bytes))
    }

    /// The limit lowered to a lesson's, [`LESSON_LIMIT`], and marked as a lesson's.
    pub fn for_lesson() -> Self {
        let mut scoped = Self::lowered_to(LESSON_LIMIT);
        scoped.lesson_before = Some(LESSON.swap(true, Relaxed));
        scoped
    }
}

impl Drop for Scoped {
    fn drop(&mut self) {
        set_limit(self.previous);
        if let Some(before) = self.lesson_before {
            LESSON.store(before, Relaxed);
        }
    }
}

/// Reads a size as a person writes one: `512M`, `1G`, `1.5GiB`, `2g`, or bytes. Units are
/// powers of 1024. `None` for anything else or a size past `u64`.
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return None,
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    // Exact: the fraction's digits are scaled by the unit before dividing.
    let scale = 1u128 << shift;
    let mut bytes = whole.checked_mul(scale)?;
    if !fraction.is_empty() {
        if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits: u128 = fraction.parse().ok()?;
        let ten = 10u128.pow(u32::try_from(fraction.len()).ok()?);
        bytes = bytes.checked_add(digits.checked_mul(scale)? / ten)?;
    }
    u64::try_from(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        for (text, bytes) in [
            ("1G", 1u64 << 30),
            ("1g", 1 << 30),
            ("1GiB", 1 << 30),
            ("512M", 512 << 20),
            ("1.5G", 3 << 29),
            ("100", 100),
            ("64k", 64 << 10),
            ("0.5 GB", 1 << 29),
        ] {
            assert_eq!(parse_size(text), Some(bytes), "{text}");
        }
        for bad in ["", "G", "1X", "-1G", "1.2.3G", "99999999999T", "."] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }
}
