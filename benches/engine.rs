//! Engine benchmarks: tables by mex (O(N) for take-any rulesets), closed forms, verdicts and
//! winning moves. Run with `cargo bench --bench engine`.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use nimlab::engine::verdict;
use nimlab::engine::winning_move;
use nimlab::engine::{GrundyTable, Solver};
use nimlab::engine::{Pass, Pile, Rules};

fn main() {
    divan::main();
}

/// Zero-move table 0..N by genuine mex: 2·(N+1) values (nF and nT) written into two vectors
/// of u32. Doubling N should double the time (O(N)). Target: within 3× of the closed form.
#[divan::bench(args = [100_000, 1_000_000, 10_000_000])]
fn zero_move_table_by_mex(bencher: Bencher, n: u64) {
    bencher
        .counter(ItemsCount::new(2 * (n + 1)))
        .bench(|| GrundyTable::compute(&Rules::ZeroMove, black_box(n)).expect("within the limit"));
}

/// The yardstick: the closed form over the same range doing the same work — the same 2·(N+1)
/// values through `Solver::lookup` (what loops over many piles call), narrowed and written into
/// two vectors of u32.
#[divan::bench(args = [100_000, 1_000_000, 10_000_000])]
fn zero_move_closed_form(bencher: Bencher, n: u64) {
    let solver = Solver::new(&Rules::ZeroMove).expect("no precomputation");
    let value = |pile| {
        let g = solver.lookup(pile).expect("every zero-move state").grundy();
        u32::try_from(g).unwrap_or(u32::MAX)
    };
    bencher.counter(ItemsCount::new(2 * (n + 1))).bench(|| {
        let n = black_box(n);
        let spent: Vec<u32> = (0..=n)
            .map(|k| value(Pile::zero_move(k, Pass::Spent)))
            .collect();
        let unused: Vec<u32> = (0..=n)
            .map(|k| value(Pile::zero_move(k, Pass::Unused)))
            .collect();
        (spent, unused)
    });
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
        let v = verdict(&solver, black_box(&piles)).expect("zero-move piles");
        (
            v.winner,
            winning_move(&solver, &piles).expect("zero-move piles"),
        )
    });
}

/// The pure computation, nothing stored: the table's mex steps folded.
#[divan::bench(args = [10_000_000])]
fn zero_move_mex_folded(bencher: Bencher, n: u64) {
    bencher.counter(ItemsCount::new(2 * (n + 1))).bench(|| {
        let n = black_box(n);
        let len = usize::try_from(n + 1).expect("n fits a usize");
        let mut values = nimlab::engine::TakeAnyMex::new(true, len);
        let mut acc = 0;
        values.for_each_pair(len, |f, t| acc ^= f ^ t);
        acc
    });
}

/// The closed form folded, nothing stored.
#[divan::bench(args = [10_000_000])]
fn zero_move_closed_form_folded(bencher: Bencher, n: u64) {
    let solver = Solver::new(&Rules::ZeroMove).expect("no precomputation");
    bencher.counter(ItemsCount::new(2 * (n + 1))).bench(|| {
        (0..=black_box(n)).fold(0, |acc, k| {
            let value = |p| solver.lookup(p).expect("every zero-move state").grundy();
            acc ^ value(Pile::zero_move(k, Pass::Spent)) ^ value(Pile::zero_move(k, Pass::Unused))
        })
    });
}
