//! Game-tree search on positions written as lists of heaps, and the moves of the games the
//! tests search this way: Nim, Kayles, Moore's Nim_k. Written from the rules: a player to move
//! wins iff some move leaves a position the opponent loses; with no move left the player to
//! move has lost in normal play and won in misère play.

use std::collections::HashMap;

/// The moves of a game: every position one move away.
pub(crate) type Moves<'a> = &'a dyn Fn(&[u64]) -> Vec<Vec<u64>>;

/// Whether the player to move wins `position` in normal play (the last mover wins).
pub(crate) fn wins(position: &[u64], moves: Moves<'_>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let w = moves(position).iter().any(|q| !wins(q, moves, memo));
    memo.insert(position.to_vec(), w);
    w
}

/// Whether the player to move wins `position` in misère play (the last mover loses).
pub(crate) fn misere_wins(
    position: &[u64],
    moves: Moves<'_>,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let options = moves(position);
    let w = options.is_empty() || options.iter().any(|q| !misere_wins(q, moves, memo));
    memo.insert(position.to_vec(), w);
    w
}

/// Heaps in one order, the empty ones dropped: one key for positions that are the same game.
pub(crate) fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// Every move on one heap of `heaps`, where `heap_moves(n)` lists what a move leaves of a heap
/// of `n` (several heaps where it splits); each result [`canonical`].
pub(crate) fn one_heap(heaps: &[u64], heap_moves: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &n) in heaps.iter().enumerate() {
        for leaves in heap_moves(n) {
            let mut next = heaps.to_vec();
            next.remove(i);
            next.extend(leaves);
            out.push(canonical(next));
        }
    }
    out
}

/// Nim: a heap of `n` becomes any smaller heap.
pub(crate) fn nim_heap(n: u64) -> Vec<Vec<u64>> {
    (0..n).map(|to| vec![to]).collect()
}

/// Kayles: knock down one pin or two adjacent ones from a row of `n`; the rows left (none,
/// one or two), empty ones dropped.
pub(crate) fn kayles_row(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for take in 1..=2u64.min(n) {
        for left in 0..=(n - take) {
            out.push(canonical(vec![left, n - take - left]));
        }
    }
    out
}

/// Moore's Nim_k: a non-empty set of at most `k` piles, each lowered.
pub(crate) fn moore(k: usize, piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut stack: Vec<(usize, usize, Vec<u64>)> = vec![(0, 0, piles.to_vec())];
    while let Some((i, used, p)) = stack.pop() {
        if i == p.len() {
            if used > 0 {
                out.push(p);
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
    out
}

#[test]
fn searches_by_hand() {
    let mut memo = HashMap::new();
    let nim = |p: &[u64]| one_heap(p, nim_heap);
    // Nim 1 2 3: nim-sum 0, lost; Nim 1 2: won.
    assert!(!wins(&[1, 2, 3], &nim, &mut memo));
    assert!(wins(&[1, 2], &nim, &mut HashMap::new()));
    // Misère Nim: one heap of 1 is lost (the only move is the last); two are won.
    assert!(!misere_wins(&[1], &nim, &mut HashMap::new()));
    assert!(misere_wins(&[1, 1], &nim, &mut HashMap::new()));
    // Kayles: a row of 3 is won (take the middle pin); rows 1 and 1 lost.
    let kayles = |p: &[u64]| one_heap(p, kayles_row);
    assert!(wins(&[3], &kayles, &mut HashMap::new()));
    assert!(!wins(&[1, 1], &kayles, &mut HashMap::new()));
    // Moore's Nim_2 on 1 1 1: any move leaves two 1s or one, which the opponent takes.
    assert!(!wins(
        &[1, 1, 1],
        &|p: &[u64]| moore(2, p),
        &mut HashMap::new()
    ));
}
