//! A small fast hasher for the engine's internal tables (node unique tables, memo tables,
//! subset tables). The keys are small integers and integer vectors built by the engine itself,
//! so a multiplicative hash (the Fx scheme) is enough and several times faster than SipHash.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hasher: rotate, xor, multiply per word.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        // usize is at most 64 bits on every supported target.
        self.add(u64::try_from(i).unwrap_or(u64::MAX));
    }
    fn finish(&self) -> u64 {
        // A final avalanche (MurmurHash3's fmix64): the table takes its bucket from the low
        // bits, which the multiply alone leaves poorly mixed (long keys collided).
        let mut h = self.hash;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// A `HashMap` with the Fx hasher.
pub(crate) type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with the Fx hasher.
pub(crate) type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;
