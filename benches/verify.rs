//! Exhaustive verification: zero-move Nim, every position of up to 6 piles of size ≤ 15
//! (1 947 792 positions), solved by game-tree search and compared with the XOR rule.

use nimlab::engine::Rules;
use nimlab::engine::search::Exhaustive;
use nimlab::engine::verify::{nimlab_rule, verify};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 5)]
fn zero_move_6_piles_to_15() -> usize {
    let table = Exhaustive::solve(&Rules::ZeroMove, false, 6, 15).expect("within limits");
    let rule = nimlab_rule(&Rules::ZeroMove, false)
        .expect("a solver")
        .expect("a rule");
    verify(&table, Some(rule.as_ref()), 5).mismatches
}

#[divan::bench(sample_count = 5)]
fn search_only_zero_move_6_piles_to_15() -> usize {
    Exhaustive::solve(&Rules::ZeroMove, false, 6, 15)
        .expect("within limits")
        .len()
}
