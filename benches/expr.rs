//! Expression benchmarks: the evaluator's inner loop (a quantifier over arithmetic), parsing and
//! evaluating a long flat sum, and parsing nesting at the depth bound. Run with
//! `cargo bench --bench expr`.
//!
//! Measured with callgrind on `all n in 0..100000: n * n % 7 + (n xor 3) >= 0` (release): the
//! evaluator before nesting was bounded, 181 M instructions; with the depth count and a stack
//! check every eighth level, 200 M (+10%).

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use nimlab::engine::Rules;
use nimlab::expr::{Evaluator, MAX_DEPTH, parse};

fn main() {
    divan::main();
}

/// About ten nodes evaluated per element of the range.
#[divan::bench(args = [10_000, 100_000])]
fn quantifier_over_arithmetic(bencher: Bencher, n: u64) {
    let expr = parse(&format!("all n in 0..{n}: n * n % 7 + (n xor 3) >= 0")).expect("valid");
    bencher.counter(ItemsCount::new(n)).bench(|| {
        Evaluator::new(Rules::ZeroMove)
            .eval(black_box(&expr))
            .expect("within the budget")
    });
}

/// `1 + 1 + …`: one flat chain, parsed and evaluated in loops.
#[divan::bench(args = [1_000, 100_000])]
fn long_sum(bencher: Bencher, terms: usize) {
    let source = vec!["1"; terms].join(" + ");
    bencher.counter(ItemsCount::new(terms)).bench(|| {
        let expr = parse(black_box(&source)).expect("valid");
        Evaluator::new(Rules::ZeroMove)
            .eval(&expr)
            .expect("within the budget")
    });
}

/// Brackets nested to the bound, parsed and evaluated.
#[divan::bench]
fn brackets_at_the_bound(bencher: Bencher) {
    let source = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    bencher.bench(|| {
        let expr = parse(black_box(&source)).expect("valid");
        Evaluator::new(Rules::ZeroMove)
            .eval(&expr)
            .expect("within the budget")
    });
}
