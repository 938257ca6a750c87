//! A number of bytes in words (the memory limit, what a computation would hold): the engine
//! keeps the number, this is how a person reads it.

use std::fmt;

/// A number of bytes as a person reads it: `1 GiB`, `256 MiB`, `1.5 GiB`, `900 bytes`.
pub(crate) struct Bytes(pub(crate) u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [(u32, &str); 4] = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")];
        let n = self.0;
        for (shift, unit) in UNITS {
            let size = 1u64 << shift;
            if n >= size {
                let whole = n / size;
                // One decimal, truncated, shown only when it is not 0.
                let tenth = (n % size) / (size / 10);
                return if tenth == 0 {
                    write!(f, "{whole} {unit}")
                } else {
                    write!(f, "{whole}.{tenth} {unit}")
                };
            }
        }
        write!(f, "{n} bytes")
    }
}

/// Why a memory limit of `requested` bytes was lowered to `ceiling.usable`: the system's
/// bound on the process, named as a person sets it.
pub(crate) fn lowered_limit(requested: u64, ceiling: &crate::engine::memory::Ceiling) -> String {
    use crate::engine::memory::CeilingKind;
    let bound = match ceiling.kind {
        CeilingKind::AddressSpace => "its address-space limit (RLIMIT_AS, `ulimit -v`)",
        CeilingKind::Data => "its data limit (RLIMIT_DATA, `ulimit -d`)",
        CeilingKind::Cgroup => "its cgroup's memory.max",
    };
    format!(
        "a memory limit of {} is more than this process may allocate: {bound} is {}; nimlab keeps to {}, leaving room for what the process already holds",
        Bytes(requested),
        Bytes(ceiling.bytes),
        Bytes(ceiling.usable)
    )
}

#[cfg(test)]
mod tests {
    use super::Bytes;

    #[test]
    fn sizes_read_as_written() {
        for (n, words) in [
            (1 << 30, "1 GiB"),
            (3 << 29, "1.5 GiB"),
            (256 << 20, "256 MiB"),
            (1 << 40, "1 TiB"),
            (1536, "1.5 KiB"),
            (1023, "1023 bytes"),
            (900, "900 bytes"),
        ] {
            assert_eq!(Bytes(n).to_string(), words, "{n}");
        }
    }
}
