//! Engine benchmarks: tables by mex (O(N) for take-any rulesets), closed forms, verdicts and
//! winning moves. Run with `cargo bench --bench engine`.

use divan::{Bencher, black_box};
use nimlab::engine::grundy::{GrundyTable, Solver};
use nimlab::engine::position::verdict;
use nimlab::engine::strategy::winning_move;
use nimlab::engine::{Grundy, Pass, Pile, Rules};

fn main() {
    divan::main();
}

/// Zero-move table 0..N by genuine mex; doubling N should double the time (O(N)).
#[divan::bench(args = [100_000, 1_000_000, 10_000_000])]
fn zero_move_table_by_mex(n: u64) -> GrundyTable {
    GrundyTable::compute(&Rules::ZeroMove, black_box(n)).expect("within the table limit")
}

/// The closed form over the same range, the yardstick for the table above.
#[divan::bench(args = [100_000, 1_000_000, 10_000_000])]
fn zero_move_closed_form(n: u64) -> Grundy {
    let solver = Solver::new(&Rules::ZeroMove).expect("no precomputation");
    (0..=black_box(n)).fold(0, |acc, k| {
        acc ^ solver.grundy(Pile::zero_move(k, Pass::Spent))
            ^ solver.grundy(Pile::zero_move(k, Pass::Unused))
    })
}

#[divan::bench(args = [10_000, 100_000])]
fn subtract_table_by_mex(n: u64) -> GrundyTable {
    let rules = Rules::parse("subtract:1,3,4").expect("valid");
    GrundyTable::compute(&rules, black_box(n)).expect("within the table limit")
}

fn random_piles(count: usize) -> Vec<Pile> {
    // A fixed xorshift sequence: the same piles every run.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Pile::zero_move(x >> 24, Pass::Unused)
        })
        .collect()
}

#[divan::bench(args = [1_000, 100_000])]
fn zero_move_winner_and_move(bencher: Bencher, count: usize) {
    let solver = Solver::new(&Rules::ZeroMove).expect("no precomputation");
    let piles = random_piles(count);
    bencher.bench_local(|| {
        let v = verdict(&solver, black_box(&piles));
        (v.winner, winning_move(&solver, &piles))
    });
}
