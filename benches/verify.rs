//! Exhaustive verification: zero-move Nim, every position of up to 6 piles of size ≤ 15
//! (1 947 792 positions), solved by game-tree search and compared with the XOR rule.
//!
//! The search benches count "items" as moves examined (options looked up before a position's
//! verdict was known), so divan's throughput column reads moves per second. Target: ≥ 100 M/s.

use divan::Bencher;
use divan::counter::ItemsCount;
use nimlab::engine::{Cancel, Rules};
use nimlab::engine::{Cores, Exhaustive};
use nimlab::engine::{nimlab_rule, verify};

fn main() {
    divan::main();
}

const PILES: usize = 6;
const MAX: u64 = 15;

fn moves_examined() -> u64 {
    Exhaustive::solve(&Rules::ZeroMove, false, PILES, MAX)
        .expect("within limits")
        .moves_examined()
}

#[divan::bench(sample_count = 10)]
fn zero_move_6_piles_to_15(bencher: Bencher) {
    bencher.bench(|| {
        let table = Exhaustive::solve(&Rules::ZeroMove, false, PILES, MAX).expect("within limits");
        let rule = nimlab_rule(&Rules::ZeroMove, false)
            .expect("a solver")
            .expect("a rule");
        verify(&table, Some(rule.as_ref()), 5, &Cancel::new())
            .expect("small piles have values")
            .mismatches
    });
}

#[divan::bench(sample_count = 10, args = ["one core", "all cores"])]
fn search_only_zero_move_6_piles_to_15(bencher: Bencher, cores: &str) {
    let cores = if cores == "one core" {
        Cores::One
    } else {
        Cores::All
    };
    bencher
        .counter(ItemsCount::new(moves_examined()))
        .bench(|| {
            Exhaustive::solve_on(&Rules::ZeroMove, false, PILES, MAX, cores, &Cancel::new())
                .expect("within limits")
                .len()
        });
}

#[divan::bench(sample_count = 10)]
fn compare_with_rule_only(bencher: Bencher) {
    let table = Exhaustive::solve(&Rules::ZeroMove, false, PILES, MAX).expect("within limits");
    let rule = nimlab_rule(&Rules::ZeroMove, false)
        .expect("a solver")
        .expect("a rule");
    bencher
        .counter(ItemsCount::new(table.len()))
        .bench_local(|| {
            verify(&table, Some(rule.as_ref()), 5, &Cancel::new())
                .expect("small piles have values")
                .mismatches
        });
}
