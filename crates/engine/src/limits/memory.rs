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
static TRIPPED: AtomicBool = AtomicBool::new(false);

/// Installs the meter: a function that says how many bytes the process holds now. Only the
/// first call counts.
pub fn install(meter: fn() -> usize) {
    let _ = METER.set(meter);
}

/// Sets the limit, in bytes.
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes, Relaxed);
}

/// The limit, in bytes.
pub fn limit() -> u64 {
    LIMIT.load(Relaxed)
}

/// The bytes held now, if a meter is installed.
pub fn in_use() -> Option<u64> {
    METER
        .get()
        .map(|meter| u64::try_from(meter()).unwrap_or(u64::MAX))
}

/// `Err(Interrupted)` once the process holds more than the limit; the trip is remembered for
/// [`take_tripped`].
#[inline]
pub fn check() -> Result<(), Interrupted> {
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

/// A limit for as long as the guard lives (one command's `--memory`, a lesson's), the old one
/// restored after.
#[derive(Debug)]
pub struct Scoped {
    previous: u64,
}

impl Scoped {
    /// The limit set to `bytes`.
    pub fn set(bytes: u64) -> Self {
        let previous = limit();
        set_limit(bytes);
        Self { previous }
    }

    /// The limit lowered to `bytes`, never raised.
    pub fn lowered_to(bytes: u64) -> Self {
        Self::set(limit().min(bytes))
    }
}

impl Drop for Scoped {
    fn drop(&mut self) {
        set_limit(self.previous);
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
