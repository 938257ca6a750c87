//! The constructive half of Moore's theorem as the lesson `moore` states it, written here from
//! the lesson's words and checked against an exhaustive win/lose search of Nim_k: on every
//! first-player win of four piles up to 15, the construction's move is legal and leaves a
//! position the search finds lost. Nothing here is nimlab's: the search knows only the rules
//! (a move lowers at least one and at most k piles), the construction only the columns.

/// Four piles up to 15, packed four bits a pile: pile i is `(index >> (4 * i)) & 15`.
const PILES: usize = 4;
const SIZES: usize = 16;
const POSITIONS: usize = SIZES * SIZES * SIZES * SIZES;

fn unpack(index: usize) -> [usize; PILES] {
    std::array::from_fn(|i| (index >> (4 * i)) & (SIZES - 1))
}

fn pack(piles: &[usize; PILES]) -> usize {
    piles.iter().enumerate().map(|(i, &p)| p << (4 * i)).sum()
}

/// Whether the player to move loses, for every position of Nim_k on four piles up to 15, by
/// backward induction: a move lowers each pile it touches, so every option packs to a smaller
/// index and is already decided when a position is reached.
fn lost_table(k: usize) -> Vec<bool> {
    let mut lost = vec![false; POSITIONS];
    for index in 0..POSITIONS {
        let piles = unpack(index);
        lost[index] = !has_move_to_lost(&piles, k, &lost);
    }
    lost
}

/// Whether some move of Nim_k from `piles` (lower a non-empty set of at most k piles) reaches a
/// position `lost` marks.
fn has_move_to_lost(piles: &[usize; PILES], k: usize, lost: &[bool]) -> bool {
    (1u32..1 << PILES)
        .filter(|mask| mask.count_ones() as usize <= k)
        .any(|mask| lowered(piles, mask).any(|option| lost[pack(&option)]))
}

/// Every position that lowers exactly the piles in `mask` (each to any smaller size).
fn lowered(piles: &[usize; PILES], mask: u32) -> impl Iterator<Item = [usize; PILES]> + '_ {
    let chosen: Vec<usize> = (0..PILES).filter(|i| mask & (1 << i) != 0).collect();
    let count: usize = chosen.iter().map(|&i| piles[i]).product();
    (0..count).map(move |mut code| {
        let mut option = *piles;
        for &i in &chosen {
            option[i] = code % piles[i];
            code /= piles[i];
        }
        option
    })
}

/// Moore's rule: every binary column holds a multiple of k + 1 ones.
fn columns_right(piles: &[usize; PILES], k: usize) -> bool {
    (0..4).all(|column| piles.iter().filter(|&&p| p >> column & 1 == 1).count() % (k + 1) == 0)
}

/// The lesson's construction, column by column from the highest: `r` counts the 1s outside S
/// (the piles already lowered), `t = (−r) mod (k + 1)` the 1s S must supply. If `t ≤ |S|`, set
/// the bit in `t` piles of S and clear it in the rest; otherwise clear S's bits and turn off
/// `k + 1 − t` of the 1s outside S, whose piles join S. `None` where the construction is stuck
/// (fewer 1s outside S than it needs to turn off), which the test counts as a failure.
fn construct(piles: &[usize; PILES], k: usize) -> Option<[usize; PILES]> {
    let mut after = *piles;
    let mut in_s = [false; PILES];
    for column in (0..4).rev() {
        let bit = 1 << column;
        let ones_outside: Vec<usize> = (0..PILES)
            .filter(|&i| !in_s[i] && piles[i] & bit != 0)
            .collect();
        let t = (k + 1 - ones_outside.len() % (k + 1)) % (k + 1);
        let s: Vec<usize> = (0..PILES).filter(|&i| in_s[i]).collect();
        if t <= s.len() {
            for (j, &i) in s.iter().enumerate() {
                if j < t {
                    after[i] |= bit;
                } else {
                    after[i] &= !bit;
                }
            }
        } else {
            for &i in &s {
                after[i] &= !bit;
            }
            let turn_off = k + 1 - t;
            if ones_outside.len() < turn_off {
                return None;
            }
            for &i in &ones_outside[..turn_off] {
                after[i] &= !bit;
                in_s[i] = true;
            }
        }
    }
    Some(after)
}

/// Whether `after` is one move of Nim_k from `before`: between 1 and k piles changed, each lower.
fn is_move(before: &[usize; PILES], after: &[usize; PILES], k: usize) -> bool {
    let changed = (0..PILES).filter(|&i| before[i] != after[i]).count();
    (1..=k).contains(&changed) && (0..PILES).all(|i| after[i] <= before[i])
}

/// The construction on every first-player win of `k`'s four piles up to 15; returns how many
/// wins there are. Panics, naming the position, where the construction fails.
fn construction_wins_everywhere(k: usize) -> usize {
    let lost = lost_table(k);
    let mut wins = 0;
    for (index, &is_lost) in lost.iter().enumerate() {
        let piles = unpack(index);
        // Moore's theorem itself, against the search.
        assert_eq!(columns_right(&piles, k), is_lost, "k={k} {piles:?}");
        if is_lost {
            continue;
        }
        wins += 1;
        let after = construct(&piles, k)
            .unwrap_or_else(|| panic!("k={k}: the construction is stuck on {piles:?}"));
        assert!(
            is_move(&piles, &after, k),
            "k={k}: {piles:?} → {after:?} is no move"
        );
        assert!(columns_right(&after, k), "k={k}: {piles:?} → {after:?}");
        assert!(
            lost[pack(&after)],
            "k={k}: {piles:?} → {after:?} is won by the search"
        );
    }
    wins
}

#[test]
fn the_construction_wins_every_won_position_of_nim2_on_four_piles_up_to_15() {
    // By hand: a position is lost when each of the four columns has 0 or 3 ones among the four
    // piles, 1 + 4 = 5 ways a column, so 5⁴ = 625 positions are lost and 16⁴ − 625 = 64 911 won.
    assert_eq!(construction_wins_everywhere(2), 64_911);
}

#[test]
fn the_construction_wins_for_nim_and_nim3_too() {
    // Columns with an even count: 8 of the 16 patterns of four bits, so 8⁴ = 4 096 lost.
    assert_eq!(construction_wins_everywhere(1), POSITIONS - 4_096);
    // Columns with 0 or 4 ones: 2 patterns a column, so 2⁴ = 16 lost.
    assert_eq!(construction_wins_everywhere(3), POSITIONS - 16);
}

#[test]
fn the_worked_examples_move_as_the_lesson_says() {
    // The lesson's two examples, worked by hand: a lone 3 is taken whole; 4 2 2 becomes 2 2 2.
    assert_eq!(construct(&[3, 0, 0, 0], 2), Some([0, 0, 0, 0]));
    assert_eq!(construct(&[4, 2, 2, 0], 2), Some([2, 2, 2, 0]));
    // 3 5 6 6: only the 1s column is wrong (two 1s), and both are turned off.
    assert_eq!(construct(&[3, 5, 6, 6], 2), Some([2, 4, 6, 6]));
}
