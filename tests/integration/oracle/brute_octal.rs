//! An independent brute force for octal games, written from the standard definition alone and
//! sharing no code with nimlab: a code's moves as explicit lists of heaps, Grundy values by
//! plain mex with a split worth the XOR of its parts, and winners by exhaustive game-tree
//! search over whole positions (no Sprague–Grundy in `first_wins`).
//!
//! Definition: digit d_k (k ≥ 1) allows removing k tokens leaving no heap (bit 1), one
//! non-empty heap (bit 2) or two non-empty heaps (bit 4); a leading `4.` (d_0 = 4) allows
//! splitting a heap into two non-empty heaps without removing anything. A hexadecimal code's
//! bit 8 allows leaving three non-empty heaps.

use std::collections::{BTreeSet, HashMap};

pub(crate) struct Octal {
    /// d_0, d_1, …
    digits: Vec<u32>,
    values: Vec<u64>,
    wins: HashMap<Vec<u64>, bool>,
}

impl Octal {
    pub(crate) fn new(code: &str) -> Self {
        let (whole, frac) = code.split_once('.').expect("a code like 0.77");
        let mut digits = vec![whole.parse::<u32>().expect("0 or 4")];
        digits.extend(frac.chars().map(|c| c.to_digit(8).expect("an octal digit")));
        Self {
            digits,
            values: Vec::new(),
            wins: HashMap::new(),
        }
    }

    /// A hexadecimal code (`0.F`, `8.0`): digits 0–F, whose bit 8 allows removing k tokens
    /// leaving three non-empty heaps (and, as d_0, splitting a heap into three).
    pub(crate) fn hex(code: &str) -> Self {
        let (whole, frac) = code.split_once('.').expect("a code like 0.F");
        let mut digits = vec![u32::from_str_radix(whole, 16).expect("a hex digit")];
        digits.extend(frac.chars().map(|c| c.to_digit(16).expect("a hex digit")));
        Self {
            digits,
            values: Vec::new(),
            wins: HashMap::new(),
        }
    }

    /// Every move from a heap of n: the heaps left (empty list: none left), each sorted.
    pub(crate) fn moves(&self, n: u64) -> BTreeSet<Vec<u64>> {
        let mut out = BTreeSet::new();
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                continue;
            }
            let rest = n - k;
            if d & 1 != 0 && k > 0 && rest == 0 {
                out.insert(vec![]);
            }
            if d & 2 != 0 && k > 0 && rest > 0 {
                out.insert(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a <= b {
                        out.insert(vec![a, b]);
                    }
                }
            }
            // Three non-empty heaps a ≤ b ≤ c (hexadecimal codes only).
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        if a + b < rest && rest - a - b >= b {
                            out.insert(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        out
    }

    /// g(n) by mex over explicit options; a split's value is the XOR of its parts.
    pub(crate) fn grundy(&mut self, n: u64) -> u64 {
        while self.values.len() as u64 <= n {
            let m = self.values.len() as u64;
            let seen: BTreeSet<u64> = self
                .moves(m)
                .iter()
                .map(|heaps| {
                    heaps
                        .iter()
                        .fold(0, |x, &h| x ^ self.values[crate::support::index(h)])
                })
                .collect();
            let mut g = 0;
            while seen.contains(&g) {
                g += 1;
            }
            self.values.push(g);
        }
        self.values[crate::support::index(n)]
    }

    /// A move's result written as nimlab writes it: `3`, `0`, or `2+3`.
    pub(crate) fn written(heaps: &[u64]) -> String {
        match heaps {
            [] => "0".into(),
            _ => heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("+"),
        }
    }

    /// Whether the player to move wins `position` (normal play), by trying every move.
    pub(crate) fn first_wins(&mut self, position: &[u64]) -> bool {
        let mut key: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let mut wins = false;
        'all: for i in 0..key.len() {
            for heaps in self.moves(key[i]) {
                let mut next = key.clone();
                next.remove(i);
                next.extend(heaps);
                if !self.first_wins(&next) {
                    wins = true;
                    break 'all;
                }
            }
        }
        self.wins.insert(key, wins);
        wins
    }
}

/// g(n) of the subtraction game S by mex over n − s.
pub(crate) fn subtraction(set: &[u64], upto: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=upto {
        let seen: BTreeSet<u64> = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[crate::support::index(n - s)])
            .collect();
        let mut v = 0;
        while seen.contains(&v) {
            v += 1;
        }
        g.push(v);
    }
    g
}

#[test]
fn kayles_by_hand() {
    // Winning Ways: Kayles values 0 1 2 3 1 4 3 2 1 4 2 6.
    let mut k = Octal::new("0.77");
    let v: Vec<u64> = (0..12).map(|n| k.grundy(n)).collect();
    assert_eq!(v, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert!(!k.first_wins(&[1, 1]));
    assert!(k.first_wins(&[5]));
}
