//! Streaming piles allocates the same amount whatever the input's length: a counting global
//! allocator (in this binary only) watches the library's streaming function decide 10^5 and
//! 10^6 piles held in memory. Deterministic: it counts allocations, it does not time them.
//!
//! Every verdict is checked against an XOR computed here, from the values' definitions.

// A global allocator is an `unsafe` trait; each method only counts and forwards to `System`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use nimlab::command::{Piles, stream_piles};
use nimlab::engine::Solver;
use nimlab::engine::{Heaps, Player, Rules};
use nimlab::error::PileSource;

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Only the thread that asks is counted (the test harness has threads of its own).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

// SAFETY: every call is passed on to the system allocator unchanged; only a count is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's guarantees for `layout` are passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` came from this allocator, that is from `System`, with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn count() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// `n` pseudo-random sizes below 2^40 (xorshift64, fixed seed), and their text, one per line.
fn piles(n: usize) -> (Vec<u64>, Vec<u8>) {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let sizes: Vec<u64> = (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state >> 24
        })
        .collect();
    let mut text = Vec::new();
    for size in &sizes {
        text.extend_from_slice(size.to_string().as_bytes());
        text.push(b'\n');
    }
    (sizes, text)
}

/// The Grundy value of a pile as streamed (zero-move piles start with their pass unused):
/// n in Nim and misère; for nT, n + 1 when n is odd, n − 1 when n is even and positive.
fn value(rules: &Rules, n: u64) -> u128 {
    let n = u128::from(n);
    match rules {
        Rules::ZeroMove if n == 0 => 0,
        Rules::ZeroMove if n % 2 == 1 => n + 1,
        Rules::ZeroMove => n - 1,
        _ => n,
    }
}

/// Streams `text` and returns the allocations it took, checking the verdict and the move.
fn allocations(rules: &Rules, sizes: &[u64], text: &[u8]) -> u64 {
    let solver = Solver::new(rules).unwrap();
    ALLOCATIONS.store(0, Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    let piles = stream_piles(text, &solver, PileSource::StandardInput);
    COUNTING.with(|c| c.set(false));
    let taken = ALLOCATIONS.load(Ordering::Relaxed);

    let Ok(Piles::Streamed { summary, .. }) = piles else {
        panic!("{rules}: expected a streamed summary, got {piles:?}");
    };
    let nim_sum = sizes.iter().fold(0, |acc, &n| acc ^ value(rules, n));
    assert_eq!(
        summary.count,
        u64::try_from(sizes.len()).unwrap(),
        "{rules}"
    );
    assert_eq!(summary.nim_sum, nim_sum, "{rules}");
    // Misère plays as Nim while some pile has at least 2 (here nearly all do).
    assert!(sizes.iter().any(|&n| n >= 2));
    let winner = if nim_sum == 0 {
        Player::Second
    } else {
        Player::First
    };
    assert_eq!(summary.winner, winner, "{rules}");
    if winner == Player::First {
        let mv = summary.winning_move.expect("a winning move");
        let index = usize::try_from(mv.index).unwrap();
        assert_eq!(mv.from.size, sizes[index], "{rules}");
        let Heaps::One(to) = mv.to else {
            panic!("{rules}: a split in a take-and-pass game");
        };
        let after = value(rules, sizes[index]) ^ nim_sum;
        match (rules, to.pass) {
            // The pass spent: nT → nF, whose value is n.
            (Rules::ZeroMove, Some(nimlab::engine::Pass::Spent)) => {
                assert_eq!(to.size, mv.from.size);
                assert_eq!(u128::from(to.size), after);
            }
            _ => {
                assert!(to.size < mv.from.size, "{rules}");
                assert_eq!(value(rules, to.size), after, "{rules}");
            }
        }
    }
    taken
}

#[test]
fn streaming_allocations_do_not_grow_with_the_input() {
    let (small_sizes, small_text) = piles(100_000);
    let (large_sizes, large_text) = piles(1_000_000);
    for rules in [Rules::Nim, Rules::ZeroMove, Rules::Misere] {
        let small = allocations(&rules, &small_sizes, &small_text);
        let large = allocations(&rules, &large_sizes, &large_text);
        println!("{rules}: {small} allocations for 10^5 piles, {large} for 10^6");
        assert_eq!(small, large, "{rules}: allocations grew with the input");
        // The reading buffer, the piles kept to show a short input (a vector that doubles up
        // to 10 001), the solver's copy and the summary's source: a few dozen at most.
        assert!(large <= 64, "{rules}: {large} allocations");
    }
}
