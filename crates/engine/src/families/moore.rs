//! Moore's Nim_k (`moore:K`): a move takes tokens from at least one and at most K piles (any
//! positive number from each). It is not a sum of games — a move may touch several piles — so
//! the whole position is one state and Grundy values of piles say nothing about it.
//!
//! Moore's theorem (E. H. Moore, 1910): write each pile in binary and count the 1s in each
//! column; the player to move loses iff every count is 0 mod K+1. K = 1 is Nim (Bouton). The
//! winning move below follows the theorem's proof, column by column from the top, and changes
//! at most K piles; nimlab's tests check verdicts and moves against exhaustive search.

use crate::play::outcome::Player;

/// The verdict on a position of Moore's Nim_k.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MooreVerdict {
    /// K: the most piles one move may take from.
    pub k: u64,
    /// For each binary column with a 1 in some pile, from the top: the column's value (a power
    /// of two) and how many piles have a 1 there.
    pub columns: Vec<(u64, u64)>,
    pub(crate) winner: Player,
    /// For the first player: each pile the winning move changes, `(index, from, to)`, in order.
    pub winning_move: Option<Vec<(usize, u64, u64)>>,
}

impl MooreVerdict {
    /// K + 1, the modulus of the columns (exact for every K).
    pub fn modulus(&self) -> u128 {
        u128::from(self.k) + 1
    }

    /// The outcome, by Moore's theorem.
    pub fn judgement(&self) -> crate::Judgement {
        crate::Judgement {
            outcome: self.winner.into(),
            basis: crate::play::judgement::Basis::Moore {
                modulus: self.modulus(),
            },
        }
    }
}

/// Decides `piles` under Moore's Nim_k (`k` ≥ 1) by Moore's theorem, with a winning move.
pub fn decide(k: u64, piles: &[u64]) -> MooreVerdict {
    let modulus = u128::from(k) + 1;
    let columns: Vec<(u64, u64)> = (0..64)
        .rev()
        .map(|bit| {
            let ones = piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u64;
            (1u64 << bit, ones)
        })
        .filter(|&(_, ones)| ones > 0)
        .collect();
    let lost = columns
        .iter()
        .all(|&(_, ones)| u128::from(ones) % modulus == 0);
    if lost {
        return MooreVerdict {
            k,
            columns,
            winner: Player::Second,
            winning_move: None,
        };
    }
    MooreVerdict {
        k,
        columns,
        winner: Player::First,
        winning_move: Some(winning_move(modulus, piles)),
    }
}

/// The theorem's move from a position with some column not 0 mod K+1. Column by column from
/// the top, the piles already chosen (lowered in a higher column) may take any bits below it.
/// With r the 1s among the others mod K+1 and m the chosen: if K+1−r ≤ m (mod K+1), set that
/// many chosen bits to 1; else lower r more piles that have a 1 here (m + r ≤ K, since
/// K+1−r > m) and clear every chosen bit. Each column ends 0 mod K+1, at most K piles change,
/// and each changed pile is lowered (its top changed bit goes from 1 to 0).
fn winning_move(modulus: u128, piles: &[u64]) -> Vec<(usize, u64, u64)> {
    let mut after = piles.to_vec();
    let mut chosen = vec![false; piles.len()];
    for bit in (0..64).rev() {
        let mask = 1u64 << bit;
        let ones = (0..piles.len())
            .filter(|&i| !chosen[i] && piles[i] & mask != 0)
            .count();
        let r = u128::try_from(ones).unwrap_or(u128::MAX) % modulus;
        let m = chosen.iter().filter(|&&c| c).count();
        let need = (modulus - r) % modulus;
        if need <= m as u128 {
            let mut left = need;
            for i in 0..piles.len() {
                if chosen[i] {
                    if left > 0 {
                        after[i] |= mask;
                        left -= 1;
                    } else {
                        after[i] &= !mask;
                    }
                }
            }
        } else {
            for i in 0..piles.len() {
                if chosen[i] {
                    after[i] &= !mask;
                }
            }
            let mut left = r;
            for i in 0..piles.len() {
                if left > 0 && !chosen[i] && piles[i] & mask != 0 {
                    chosen[i] = true;
                    after[i] &= !mask;
                    left -= 1;
                }
            }
        }
    }
    (0..piles.len())
        .filter(|&i| chosen[i])
        .map(|i| (i, piles[i], after[i]))
        .collect()
}

/// The most positions [`lost_by_search`] solves.
pub const SEARCH_POSITIONS: usize = 1 << 16;

/// Every position of `piles` piles, each below `side`, solved by trying every move — no
/// theorem: a move lowers at least one and at most `most` piles (Nim is `most` = 1; Moore's
/// Nim_K), and in misère play the player who cannot move wins. Entry `i` is the position whose
/// pile p is `i / side^p % side`; `true` where the player to move loses. Every option has a
/// smaller index, and an option is worth taking only if it is lost, so each position is checked
/// against the lost positions found so far. `None` past [`SEARCH_POSITIONS`].
pub fn lost_by_search(most: u64, misere: bool, piles: usize, side: u64) -> Option<Vec<bool>> {
    let side = usize::try_from(side).ok().filter(|&s| s >= 1)?;
    let count = (0..piles).try_fold(1usize, |acc, _| acc.checked_mul(side))?;
    if count > SEARCH_POSITIONS {
        return None;
    }
    let digits = |mut i: usize| -> Vec<usize> {
        (0..piles)
            .map(|_| {
                let d = i % side;
                i /= side;
                d
            })
            .collect()
    };
    let most = usize::try_from(most).unwrap_or(usize::MAX);
    let mut lost = vec![false; count];
    let mut lost_positions: Vec<Vec<usize>> = Vec::new();
    for (i, slot) in lost.iter_mut().enumerate() {
        let x = digits(i);
        let reaches_lost = lost_positions.iter().any(|y| {
            let lowered = x.iter().zip(y).filter(|(a, b)| b < a).count();
            lowered >= 1 && lowered <= most && x.iter().zip(y).all(|(a, b)| b <= a)
        });
        let empty = x.iter().all(|&v| v == 0);
        *slot = !(reaches_lost || misere && empty);
        if *slot {
            lost_positions.push(x);
        }
    }
    Some(lost)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the player to move wins, by searching every move (at most k piles lowered).
    fn search(
        k: usize,
        piles: &[u64],
        memo: &mut std::collections::HashMap<Vec<u64>, bool>,
    ) -> bool {
        let mut key = piles.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut win = false;
        // Every non-empty choice of at most k piles and new sizes below the old.
        let n = piles.len();
        let mut stack: Vec<(usize, usize, Vec<u64>)> = vec![(0, 0, piles.to_vec())];
        while let Some((i, used, p)) = stack.pop() {
            if win {
                break;
            }
            if i == n {
                if used > 0 && !search(k, &p, memo) {
                    win = true;
                }
                continue;
            }
            stack.push((i + 1, used, p.clone()));
            if used < k {
                for to in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = to;
                    stack.push((i + 1, used + 1, q));
                }
            }
        }
        memo.insert(key, win);
        win
    }

    #[test]
    fn the_theorem_and_its_move_agree_with_search() {
        for k in 1..=3usize {
            let mut memo = std::collections::HashMap::new();
            for a in 0..6u64 {
                for b in 0..6 {
                    for c in 0..6 {
                        for d in 0..4 {
                            let piles = vec![a, b, c, d];
                            let v = decide(k as u64, &piles);
                            let first = search(k, &piles, &mut memo);
                            assert_eq!(v.winner == Player::First, first, "k={k} {piles:?}");
                            if let Some(m) = v.winning_move {
                                assert!(!m.is_empty() && m.len() <= k, "{piles:?} {m:?}");
                                let mut next = piles.clone();
                                for (i, from, to) in m {
                                    assert!(to < from && next[i] == from);
                                    next[i] = to;
                                }
                                assert!(!search(k, &next, &mut memo), "{piles:?} → {next:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn huge_piles_and_huge_k_are_exact() {
        let v = decide(u64::MAX, &[u64::MAX, 1]);
        assert_eq!(v.winner, Player::First);
        assert_eq!(v.winning_move.unwrap().len(), 2);
        // Three piles of 2^64 − 1 under moore:2: every column has 3 ones, 0 mod 3.
        assert_eq!(decide(2, &[u64::MAX; 3]).winner, Player::Second);
    }
}
