//! The Grundy sequence of an octal game, computed fast: plain mex over every option, or — where
//! it pays — the rare/common ("sparse space") split of Gangolli and Plambeck.
//!
//! The split: the values are divided into *common* ones, a set C chosen so that no two common
//! values XOR to a common value, and *rare* ones (0 always among them). Then the XOR of two
//! common values is never common, so a split option can have a common value only if one of its
//! parts has a rare value. Listing the taking options and the splits with a rare part (few
//! heaps are rare) therefore finds every common option value exactly. If the mex of what was
//! found is common, it is the true mex: every smaller value is an option, and no option missed
//! is common. Only when that mex is rare are the remaining splits scanned — stopping as soon as
//! the mex moves to a common value. Correctness never depends on the choice of C; speed does.

use super::EngineError;
use super::budget::Budget;
use super::octal::OctalCode;

/// Choose the split first at this many values, then at each doubling.
const FIRST_REBUILD: usize = 256;
/// The split pays while at most this share (1/RARE_SHARE) of heaps have rare values.
const RARE_SHARE: usize = 4;

/// How the values were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// Every option listed for every heap.
    Plain,
    /// The rare/common split (see the module doc).
    Sparse,
}

/// g(0), g(1), … of an octal game, extended on demand.
#[derive(Debug, Clone)]
pub struct OctalSequence {
    code: OctalCode,
    values: Vec<u16>,
    /// Scratch bitmap of option values for one heap.
    seen: Vec<u64>,
    split: Split,
    /// Heap sizes ≥ 1 whose value is rare, ascending.
    rare: Vec<u32>,
    strategy: Strategy,
    /// Whether the split may be used at all (off only to measure what it saves).
    allow_sparse: bool,
    next_rebuild: usize,
    /// Options examined (taking moves and splits), plus one per value for its mex.
    work: u64,
}

/// How far [`OctalSequence::extend_to`] got.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Every value asked for is computed.
    Done,
    /// The budget ran out first; the values computed so far are kept.
    BudgetSpent,
}

/// The classification of values into common and rare.
#[derive(Debug, Clone, Default)]
struct Split {
    /// A power of two above every value: XORs of values stay below it.
    cap: usize,
    /// For each value below `cap`: whether it is common.
    common: Vec<bool>,
    /// The common values.
    common_list: Vec<usize>,
    /// For each value below `cap`: whether it has been classified.
    classified: Vec<bool>,
    /// How often each value occurs.
    counts: Vec<u64>,
}

impl Split {
    /// Makes room for values below `at_least`.
    fn grow(&mut self, at_least: usize) {
        let cap = at_least.next_power_of_two().max(64);
        if cap <= self.cap {
            return;
        }
        self.cap = cap;
        self.common.resize(cap, false);
        self.classified.resize(cap, false);
        self.counts.resize(cap, 0);
    }

    /// Whether `v` is common, classifying it (common if it can be) when first met.
    fn is_common(&mut self, v: usize) -> bool {
        self.grow(v + 1);
        if !self.classified[v] {
            self.classified[v] = true;
            if self.can_be_common(v) {
                self.common[v] = true;
                self.common_list.push(v);
            }
        }
        self.common[v]
    }

    /// Whether `v` can join C: not 0, and no common c with v ⊕ c common (v ⊕ c < cap as
    /// both are).
    fn can_be_common(&self, v: usize) -> bool {
        v != 0 && self.common_list.iter().all(|&c| !self.common[v ^ c])
    }

    /// Chooses C afresh: values by how often they occur, each made common if it can be.
    fn rebuild(&mut self) {
        self.common.fill(false);
        self.classified.fill(false);
        self.common_list.clear();
        let mut by_count: Vec<usize> = (0..self.cap).filter(|&v| self.counts[v] > 0).collect();
        by_count.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v]), v));
        for v in by_count {
            self.is_common(v);
        }
    }
}

fn add(seen: &mut [u64], v: u16) {
    seen[usize::from(v) >> 6] |= 1 << (v & 63);
}

fn mex(seen: &[u64]) -> usize {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
    }
    seen.len() * 64
}

impl OctalSequence {
    pub fn new(code: &OctalCode) -> Self {
        let mut split = Split::default();
        split.grow(64);
        Self {
            code: code.clone(),
            values: Vec::new(),
            seen: Vec::new(),
            split,
            rare: Vec::new(),
            strategy: Strategy::Plain,
            allow_sparse: true,
            next_rebuild: FIRST_REBUILD,
            work: 0,
        }
    }

    /// A sequence computed by plain mex throughout (to measure what the split saves).
    pub fn plain(code: &OctalCode) -> Self {
        Self {
            allow_sparse: false,
            ..Self::new(code)
        }
    }

    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The values computed so far.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Options examined so far, plus one per value (see [`Budget`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The strategy in use now.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Computes values up to g(upto), or as far as `budget` allows: the budget is checked
    /// before each value and charged with the options examined, so a computation stops at
    /// most one heap's work past it.
    pub fn extend_to(&mut self, upto: usize, budget: &mut Budget) -> Result<Progress, EngineError> {
        if upto >= u32::MAX as usize {
            return Err(super::TooMuchWork::OctalHeap {
                code: self.code.clone(),
                max: u64::from(u32::MAX - 1),
            }
            .into());
        }
        self.values
            .reserve((upto + 1).saturating_sub(self.values.len()));
        while self.values.len() <= upto {
            if budget.is_spent() {
                return Ok(Progress::BudgetSpent);
            }
            let before = self.work;
            // One look per value: a value costs at least a pass over the taking options.
            budget.reach(self.values.len() as u64)?;
            let g = self.next_value();
            self.work += 1;
            budget.charge(self.work - before);
            let g = u16::try_from(g).map_err(|_| super::TooMuchWork::OctalValue {
                code: self.code.clone(),
                upto: upto as u64,
                max: u64::from(u16::MAX),
            })?;
            self.push(g);
        }
        Ok(Progress::Done)
    }

    /// g(n) for n = values.len().
    fn next_value(&mut self) -> usize {
        let n = self.values.len();
        let words = self.split.cap / 64;
        if self.seen.len() < words {
            self.seen.resize(words, 0);
        }
        let seen = &mut self.seen[..words];
        seen.fill(0);
        let g = &self.values;
        let code = &self.code;
        for k in 1..=code.max_take() {
            let d = code.digit(k);
            if d & 1 != 0 && n == k {
                add(seen, 0);
            }
            if d & 2 != 0 && n > k {
                add(seen, g[n - k]);
            }
        }
        self.work += code.max_take() as u64;
        let totals: Vec<usize> = code
            .split_takes()
            .filter(|&k| n >= k + 2)
            .map(|k| n - k)
            .collect();
        if totals.is_empty() {
            return mex(seen);
        }
        if self.strategy == Strategy::Plain {
            for &m in &totals {
                for a in 1..=m / 2 {
                    add(seen, g[a] ^ g[m - a]);
                }
                self.work += (m / 2) as u64;
            }
            return mex(seen);
        }
        for &m in &totals {
            for &a in &self.rare {
                let a = a as usize;
                if a >= m {
                    break;
                }
                add(seen, g[a] ^ g[m - a]);
                self.work += 1;
            }
        }
        let mut r = mex(seen);
        if self.split.is_common(r) {
            return r;
        }

        // Every split total is scanned side by side, smallest part first: a value missing
        // from one total's splits is often found early in another's.
        let longest = totals.iter().map(|&m| m / 2).max().unwrap_or(0);
        for a in 1..=longest {
            for &m in &totals {
                if a > m / 2 {
                    continue;
                }
                let v = g[a] ^ g[m - a];
                add(seen, v);
                if usize::from(v) == r {
                    r = mex(seen);
                    if self.split.is_common(r) {
                        self.work += (a * totals.len()) as u64;
                        return r;
                    }
                }
            }
        }
        self.work += (longest * totals.len()) as u64;
        mex(seen)
    }

    fn push(&mut self, g: u16) {
        let n = self.values.len();
        let v = usize::from(g);
        self.values.push(g);
        self.split.grow(v + 1);
        self.split.counts[v] += 1;
        if !self.split.is_common(v) && n > 0 {
            self.rare.push(n as u32);
        }
        let crowded =
            self.strategy == Strategy::Sparse && self.rare.len() * RARE_SHARE > self.values.len();
        if self.values.len() >= self.next_rebuild || crowded {
            self.rebuild();
            self.next_rebuild = self.values.len() * 2;
        }
    }

    /// Chooses C afresh, lists the rare heaps, and keeps the split only where it pays.
    fn rebuild(&mut self) {
        self.split.rebuild();
        let split = &self.split;
        self.rare = (1..self.values.len())
            .filter(|&i| !split.common[usize::from(self.values[i])])
            .map(|i| i as u32)
            .collect();
        self.strategy = if self.allow_sparse && self.rare.len() * RARE_SHARE <= self.values.len() {
            Strategy::Sparse
        } else {
            Strategy::Plain
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain mex over every option, straight from the definition.
    fn naive(code: &str, upto: usize) -> Vec<u16> {
        let c = OctalCode::parse(code).unwrap();
        let mut g: Vec<u16> = Vec::new();
        for n in 0..=upto {
            let set: Vec<u128> = c
                .moves(n as u64)
                .map(|h| {
                    h.piles()
                        .map(|p| u128::from(g[p.size as usize]))
                        .fold(0, |a, b| a ^ b)
                })
                .collect();
            g.push(crate::engine::mex::mex(set) as u16);
        }
        g
    }

    #[test]
    fn agrees_with_the_definition() {
        for code in [
            "0.77", "0.07", "0.137", "4.07", "0.16", "0.6", "0.4", "4.0", "0.333", "0.51", "0.156",
            "0.72",
        ] {
            let mut s = OctalSequence::new(&OctalCode::parse(code).unwrap());
            // Past the first rebuilds (256, 512), where the split comes into play.
            assert_eq!(
                s.extend_to(1100, &mut Budget::new(u64::MAX)).unwrap(),
                Progress::Done
            );
            assert_eq!(s.values(), naive(code, 1100).as_slice(), "{code}");
        }
    }

    #[test]
    fn kayles_by_hand() {
        // Winning Ways: Kayles 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7.
        let mut s = OctalSequence::new(&OctalCode::parse("0.77").unwrap());
        let _ = s.extend_to(23, &mut Budget::new(u64::MAX)).unwrap();
        assert_eq!(
            s.values(),
            [
                0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7
            ]
        );
    }
}
