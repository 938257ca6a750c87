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
//!
//! Hexadecimal codes may leave three heaps a + b + c = m. Every such split is a part a with a
//! two-way split of m − a, so its values are g(a) ⊕ P(m − a), where P(s) is the set of values
//! g(b) ⊕ g(s − b) of the two-way splits of s; the smallest part is at most m/3, so a runs
//! to m/3 only. P(s) is kept for every s (its distinct values, few), and three-way splits are
//! always listed in full, before the mex is taken (so the split above stays exact).

use crate::EngineError;
use crate::families::octal::OctalCode;
use crate::limits::budget::Budget;

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
    /// Scratch bitmap of option values for one heap: one bit for every u16, so marking a
    /// value needs no bounds check (only the words in use are cleared).
    seen: Box<Seen>,
    /// The split moves by the parity of the tokens they take (at most two classes).
    classes: Vec<Class>,
    /// How often each labelled value 2·g(n) + (n mod 2) occurs.
    counts: Vec<u64>,
    /// Whether the split may be used at all (off only to measure what it saves).
    allow_sparse: bool,
    /// For hexadecimal codes that leave three heaps: P(s) for s = 0, 1, … (see the module
    /// doc) as `pair_values[pair_start[s]..pair_start[s + 1]]`.
    pair_values: Vec<u16>,
    pair_start: Vec<usize>,
    /// Whether some move leaves three heaps (read once: the loop asks it per heap).
    three: bool,
    /// The largest value so far (option values are below the next power of two).
    max_value: u16,
    next_rebuild: usize,
    /// Options examined (taking moves and splits), plus one per value for its mex.
    work: u64,
}

/// How far [`OctalSequence::extend_to`] got.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// Every value asked for is computed.
    Done,
    /// The budget ran out first; the values computed so far are kept.
    BudgetSpent,
}

/// The split moves that take an amount of one parity d, and their rare/common split.
///
/// Values are labelled by the parity of their heap, x = 2·g(n) + (n mod 2) (Beling's RC2): the
/// two parts of a split of m tokens have parities adding to m's, so their labels XOR to
/// 2·(g(a) ⊕ g(b)) + (m mod 2). For a heap n the splits of this class have m ≡ n + d, so
/// a candidate value r is reached by two common parts only if 2r + (n mod 2) + d is in C ⊕ C
/// (⊕ on labels). C is kept so that no x in C has x ⊕ d in C ⊕ C (0 = c ⊕ c included): a
/// candidate whose label is common needs no further search in this class.
///
/// Gangolli and Plambeck's rare mask is the linear case of the same condition: for a mask M
/// let f(x) be the parity of the bits of x in M, so f(x ⊕ y) = f(x) ⊕ f(y). Take C = {x :
/// f(x) ≠ f(d)}: then c ⊕ c′ ⊕ d has f = f(d), so it is never in C, and a split of two
/// common parts never reaches a common candidate. Such a C is as large as a set with this
/// property can be: C ⊕ d and c₀ ⊕ C (inside C ⊕ C) are disjoint and each as large as C, so
/// C holds at most half the labels below a power of two. Measured on 0.6, 0.16, 0.104, 0.56
/// and 0.06 to 10^5, the best of all masks (tried exhaustively over the labels' bits) leaves
/// exactly as many rare heaps as the frequency-ordered greedy C below (1583, 52, 20, 45 and
/// 36 735), so the greedy C is kept: it needs no search over masks.
#[derive(Debug, Clone)]
struct Class {
    d: usize,
    /// The amounts taken by this class's split moves, ascending.
    takes: Vec<usize>,
    split: Split,
    /// Heap sizes ≥ 1 whose label is rare, ascending.
    rare: Vec<u32>,
    strategy: Strategy,
}

/// The classification of labels into common and rare, for one class.
#[derive(Debug, Clone, Default)]
struct Split {
    /// A power of two above every label: XORs of labels stay below it.
    cap: usize,
    /// For each label below `cap`: whether it is common.
    common: Vec<bool>,
    /// The common labels.
    common_list: Vec<usize>,
    /// For each label below `cap`: whether it has been classified.
    classified: Vec<bool>,
}

impl Split {
    /// Makes room for labels below `at_least`.
    fn grow(&mut self, at_least: usize) {
        let cap = at_least.next_power_of_two().max(128);
        if cap <= self.cap {
            return;
        }
        self.cap = cap;
        self.common.resize(cap, false);
        self.classified.resize(cap, false);
    }

    /// Whether label `x` is common, classifying it (common if it can be) when first met.
    fn is_common(&mut self, x: usize, d: usize) -> bool {
        self.grow(x + 1);
        if !self.classified[x] {
            self.classified[x] = true;
            if self.can_be_common(x, d) {
                self.common[x] = true;
                self.common_list.push(x);
            }
        }
        self.common[x]
    }

    /// Whether `x` can join C: x ⊕ d is not 0 and not c ⊕ c' for common c, c' (all below
    /// `cap`, so their XORs are too).
    fn can_be_common(&self, x: usize, d: usize) -> bool {
        let y = x ^ d;
        y != 0 && self.common_list.iter().all(|&c| !self.common[y ^ c])
    }

    /// Chooses C afresh: labels by how often they occur, each made common if it can be.
    fn rebuild(&mut self, counts: &[u64], d: usize) {
        self.grow(counts.len());
        self.common.fill(false);
        self.classified.fill(false);
        self.common_list.clear();
        let mut by_count: Vec<usize> = (0..counts.len()).filter(|&x| counts[x] > 0).collect();
        by_count.sort_by_key(|&x| (std::cmp::Reverse(counts[x]), x));
        for x in by_count {
            self.is_common(x, d);
        }
    }
}

/// A bit for each possible value (values are u16).
type Seen = [u64; 1 << 10];

fn add(seen: &mut Seen, v: u16) {
    seen[usize::from(v) >> 6] |= 1 << (v & 63);
}

/// Marks in `seen` the values x ⊕ y of `lows` beside `highs` read backwards (the splits
/// a + (m − a) for a rising), until one is `r`; returns how many were marked and whether `r`
/// was. The hottest loop of a sparse octal sequence (0.6: 411 million options to 10^5), kept a
/// function of its own so the compiler gives it registers whatever the code around it.
#[inline(never)]
fn scan_until(seen: &mut Seen, lows: &[u16], highs: &[u16], r: usize) -> (usize, bool) {
    // Indices, not a zip with a reversed iterator (which kept its cursors on the stack); the
    // slices cut to one length so no access is checked.
    let len = lows.len().min(highs.len());
    let (lows, highs) = (&lows[..len], &highs[highs.len() - len..]);
    for i in 0..len {
        let v = lows[i] ^ highs[len - 1 - i];
        add(seen, v);
        if usize::from(v) == r {
            return (i + 1, true);
        }
    }
    (len, false)
}

fn mex(seen: &[u64]) -> usize {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
    }
    seen.len() * 64
}

/// The label of heap `n` with value `g`.
fn label(n: usize, g: usize) -> usize {
    2 * g + (n & 1)
}

impl OctalSequence {
    pub fn new(code: &OctalCode) -> Self {
        let classes = [0, 1]
            .into_iter()
            .map(|d| {
                let mut split = Split::default();
                split.grow(128);
                Class {
                    d,
                    takes: code.split_takes().filter(|k| k % 2 == d).collect(),
                    split,
                    rare: Vec::new(),
                    strategy: Strategy::Plain,
                }
            })
            .filter(|c| !c.takes.is_empty())
            .collect();
        Self {
            code: code.clone(),
            values: Vec::new(),
            seen: Box::new([0; 1 << 10]),
            classes,
            counts: Vec::new(),
            allow_sparse: true,
            pair_values: Vec::new(),
            pair_start: vec![0],
            three: code.splits_in_three(),
            max_value: 0,
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

    pub(crate) fn code(&self) -> &OctalCode {
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

    /// The strategy in use now: sparse if the split is used for some split moves.
    pub(crate) fn strategy(&self) -> Strategy {
        if self.classes.iter().any(|c| c.strategy == Strategy::Sparse) {
            Strategy::Sparse
        } else {
            Strategy::Plain
        }
    }

    /// Computes values up to g(upto), or as far as `budget` allows: the budget is checked
    /// before each value and charged with the options examined, so a computation stops at
    /// most one heap's work past it.
    pub fn extend_to(&mut self, upto: usize, budget: &mut Budget) -> Result<Extent, EngineError> {
        if upto >= u32::MAX as usize {
            return Err(crate::TooMuchWork::OctalHeap {
                code: self.code.to_string(),
                max: u64::from(u32::MAX - 1),
            }
            .into());
        }
        self.values
            .reserve((upto + 1).saturating_sub(self.values.len()));
        while self.values.len() <= upto {
            if budget.is_spent() {
                return Ok(Extent::BudgetSpent);
            }
            let before = self.work;
            // One look per value: a value costs at least a pass over the taking options.
            budget.reach(self.values.len() as u64)?;
            let g = self.next_value();
            self.work += 1;
            budget.charge(self.work - before);
            let g = u16::try_from(g).map_err(|_| crate::TooMuchWork::OctalValue {
                code: self.code.to_string(),
                upto: upto as u64,
                max: u64::from(u16::MAX),
            })?;
            self.push(g);
        }
        Ok(Extent::Done)
    }

    // Long on purpose: the inner loop of the octal games' values (the octal path of the
    // benchmarks): its phases (takes, three-way splits, the classes' splits, then the rare
    // parts until the mex stands) share the seen-set and the values slice in registers, and
    // were tuned and measured as one function.
    /// g(n) for n = values.len().
    fn next_value(&mut self) -> usize {
        let n = self.values.len();
        // Option values are XORs of values, below the power of two above the largest.
        let top = (usize::from(self.max_value) + 1).next_power_of_two();
        let words = self
            .classes
            .first()
            .map_or(2, |c| c.split.cap / 128)
            .max(top / 64 + 1)
            .max(2)
            .min(self.seen.len());
        self.seen[..words].fill(0);
        let seen = &mut *self.seen;
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
        if self.three {
            self.work += self.three_way(n, words);
        }
        let seen = &mut *self.seen;
        // A slice, not the Vec: its pointer and length stay in registers while `seen` is
        // written (through a Vec the loops reloaded them at every option).
        let g: &[u16] = &self.values;
        // Splits of a plain class are all listed; a sparse class's splits with a rare part.
        // `open` lists the classes whose remaining splits may still hold the mex.
        let mut open = [false; 2];
        for (i, class) in self.classes.iter().enumerate() {
            for m in class.takes.iter().filter(|&&k| n >= k + 2).map(|&k| n - k) {
                if class.strategy == Strategy::Plain {
                    // The parts a = 1 ..= m/2 and m − a = m − 1 down to m − m/2.
                    let h = m / 2;
                    for (&x, &y) in g[1..=h].iter().zip(g[m - h..m].iter().rev()) {
                        add(seen, x ^ y);
                    }
                    self.work += h as u64;
                } else {
                    // The rare parts below m (the list is ascending), counted once.
                    let below = class.rare.partition_point(|&a| (a as usize) < m);
                    for &a in &class.rare[..below] {
                        let a = a as usize;
                        add(seen, g[a] ^ g[m - a]);
                    }
                    self.work += below as u64;
                    open[i] = true;
                }
            }
        }
        let mut r = mex(&seen[..words]);
        // The classes' remaining splits, each scanned smallest part first and only while the
        // mex is rare for that class: a value missing from one total's splits is often found
        // early in another's.
        let mut next_a = [1usize; 2];
        loop {
            let Some(i) = (0..self.classes.len()).find(|&i| {
                open[i] && {
                    let class = &mut self.classes[i];
                    !class.split.is_common(label(n, r), class.d)
                }
            }) else {
                return r;
            };
            let class = &self.classes[i];
            let totals = class.takes.iter().filter(|&&k| n >= k + 2).map(|&k| n - k);
            let longest = totals.clone().map(|m| m / 2).max().unwrap_or(0);
            let mut moved = false;
            let mut rest = totals.clone();
            if let (Some(m), None) = (rest.next(), rest.next()) {
                // One split total, the usual case once split moves are classed by parity: a
                // tight loop (0.6 to 10^5 in a quarter less time than the general one below).
                // The parts a = start ..= m/2 beside m − a, as two slices walked together.
                let (start, h) = (next_a[i], m / 2);
                let mut a = start;
                if start <= h {
                    let (scanned, found) =
                        scan_until(seen, &g[start..=h], &g[m - h..=m - start], r);
                    a += scanned;
                    if found {
                        r = mex(&seen[..words]);
                        moved = true;
                    }
                }
                self.work += (a - start) as u64;
                next_a[i] = a;
            }
            while next_a[i] <= longest && !moved {
                let a = next_a[i];
                next_a[i] += 1;
                for m in totals.clone() {
                    if a > m / 2 {
                        continue;
                    }
                    self.work += 1;
                    let v = g[a] ^ g[m - a];
                    add(seen, v);
                    if usize::from(v) == r {
                        r = mex(&seen[..words]);
                        moved = true;
                    }
                }
            }
            if !moved {
                // Every split of this class is listed: the mex stands for it.
                open[i] = false;
            }
        }
    }

    /// Lists the values of the three-way splits of heap `n` in `seen` (first its own P(n), for
    /// later heaps); returns the options examined.
    fn three_way(&mut self, n: usize, words: usize) -> u64 {
        let g = &self.values;
        let mut work = 0;
        // P(n): the two-way splits b + (n − b), each value once.
        let mut pair_seen = vec![0u64; words];
        for b in 1..=n / 2 {
            let v = g[b] ^ g[n - b];
            let (w, bit) = (usize::from(v) >> 6, 1u64 << (v & 63));
            if pair_seen[w] & bit == 0 {
                pair_seen[w] |= bit;
                self.pair_values.push(v);
            }
        }
        work += (n / 2) as u64;
        self.pair_start.push(self.pair_values.len());
        let seen = &mut *self.seen;
        for k in self.code.three_way_takes().filter(|&k| n >= k + 3) {
            let m = n - k;
            for (a, &ga) in g.iter().enumerate().take(m / 3 + 1).skip(1) {
                // m − a ≥ 2m/3 ≥ 2, and at most n − 1 or n: P of it is listed.
                let pairs = &self.pair_values[self.pair_start[m - a]..self.pair_start[m - a + 1]];
                for &x in pairs {
                    add(seen, ga ^ x);
                }
                work += pairs.len() as u64 + 1;
            }
        }
        work
    }

    fn push(&mut self, g: u16) {
        let n = self.values.len();
        self.max_value = self.max_value.max(g);
        let x = label(n, usize::from(g));
        self.values.push(g);
        if self.counts.len() <= x {
            self.counts.resize((x + 1).next_power_of_two(), 0);
        }
        self.counts[x] += 1;
        let len = self.values.len();
        let mut crowded = false;
        for class in &mut self.classes {
            if !class.split.is_common(x, class.d) && n > 0 {
                class.rare.push(n as u32);
            }
            crowded |= class.strategy == Strategy::Sparse && class.rare.len() * RARE_SHARE > len;
        }
        if len >= self.next_rebuild || crowded {
            self.rebuild();
            self.next_rebuild = len * 2;
        }
    }

    /// Chooses C afresh for each class, lists its rare heaps, and keeps the split only where
    /// it pays.
    fn rebuild(&mut self) {
        let values = &self.values;
        for class in &mut self.classes {
            class.split.rebuild(&self.counts, class.d);
            let split = &class.split;
            class.rare = (1..values.len())
                .filter(|&i| !split.common[label(i, usize::from(values[i]))])
                .map(|i| i as u32)
                .collect();
            class.strategy = if self.allow_sparse && class.rare.len() * RARE_SHARE <= values.len() {
                Strategy::Sparse
            } else {
                Strategy::Plain
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain mex over every option, straight from the definition.
    fn naive(code: &str, upto: usize) -> Vec<u16> {
        naive_of(&OctalCode::parse(code).unwrap(), upto)
    }

    fn naive_of(c: &OctalCode, upto: usize) -> Vec<u16> {
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
            g.push(crate::values::mex::mex(set) as u16);
        }
        g
    }

    #[test]
    fn agrees_with_the_definition() {
        for code in [
            "0.77", "0.07", "0.137", "4.07", "0.16", "0.6", "0.4", "4.0", "0.333", "0.51", "0.156",
            "0.72", "0.56", "0.104", "0.06", "0.446", "4.4", "0.3456",
        ] {
            let mut s = OctalSequence::new(&OctalCode::parse(code).unwrap());
            // Past the first rebuilds (256, 512), where the split comes into play.
            assert_eq!(
                s.extend_to(1100, &mut Budget::new(u64::MAX)).unwrap(),
                Extent::Done
            );
            assert_eq!(s.values(), naive(code, 1100).as_slice(), "{code}");
        }
    }

    #[test]
    fn hexadecimal_codes_agree_with_the_definition() {
        // Three-way splits listed one by one (about n²/12 each) against P(s) sets.
        for code in ["0.8", "0.F", "8.0", "C.B7", "0.9C", "0.48", "4.8"] {
            let c = OctalCode::parse_hex(code).unwrap();
            let mut s = OctalSequence::new(&c);
            assert_eq!(
                s.extend_to(400, &mut Budget::new(u64::MAX)).unwrap(),
                Extent::Done
            );
            assert_eq!(s.values(), naive_of(&c, 400).as_slice(), "{code}");
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
