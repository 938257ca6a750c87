//! Octal-game benchmarks: long Grundy sequences by plain mex and by the rare/common split,
//! finding 0.16's period (preperiod 105 351, period 149 459), and single lookups. Run with
//! `cargo bench --bench octal`; `benches/octal_vs_ogsolve.sh` compares whole runs with ogsolve.

use divan::black_box;
use nimlab::engine::Budget;
use nimlab::engine::OctalCode;
use nimlab::engine::OctalSequence;
use nimlab::engine::OctalValues;
use nimlab::engine::Solver;
use nimlab::engine::period::{self, Certificate};
use nimlab::engine::{Pile, Rules};

fn main() {
    divan::main();
}

/// No work limit: the benchmarks measure the whole computation.
fn unlimited() -> Budget {
    Budget::new(u64::MAX)
}

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).expect("a valid code")
}

/// Kayles to 10^5: the split pays (only heap 0 has a rare value).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn kayles_1e5() -> usize {
    let mut s = OctalSequence::new(&code("0.77"));
    let _ = s
        .extend_to(black_box(100_000), &mut unlimited())
        .expect("small values");
    s.values().len()
}

/// Kayles to 2·10^4 by plain mex, for comparison (it grows as N²).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn kayles_2e4_plain() -> usize {
    let mut s = OctalSequence::plain(&code("0.77"));
    let _ = s
        .extend_to(black_box(20_000), &mut unlimited())
        .expect("small values");
    s.values().len()
}

/// Dawson's Kayles to 10^5 as a table makes it: by mex until the period (34, proven near
/// n = 176) and the rest read off it.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn dawson_1e5() -> usize {
    let mut v = OctalValues::new(&code("0.07"));
    let _ = v
        .extend(black_box(100_000), &mut unlimited())
        .expect("small values");
    v.sequence_to(100_000)
        .expect("the period reaches")
        .values
        .len()
}

/// Games with no period proven by 10^5, where the parity-labelled rare/common split pays:
/// 0.104 took 12 s to 10^5 before the labels, 0.56 has split moves of both parities.
#[divan::bench(sample_count = 3, sample_size = 1, args = ["0.104", "0.56"])]
fn rc2_1e5(text: &str) -> usize {
    let mut s = OctalSequence::new(&code(text));
    let _ = s
        .extend_to(black_box(100_000), &mut unlimited())
        .expect("small values");
    s.values().len()
}

/// 0.16 to 10^6, then its period found in the values.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn octal_016_1e6_with_period() -> u64 {
    let c = code("0.16");
    let mut s = OctalSequence::new(&c);
    let _ = s
        .extend_to(black_box(1_000_000), &mut unlimited())
        .expect("small values");
    let p = period::find(s.values(), Certificate::GuySmith { t: 2 }).expect("a period");
    assert_eq!((p.preperiod, p.period), (105_351, 149_459));
    p.period
}

/// What `period --rules octal:0.16 --to 1000000` does: stop once the period is proven.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn octal_016_period_search() -> u64 {
    let v = OctalValues::compute(&code("0.16"), black_box(1_000_000), &mut unlimited())
        .expect("small values");
    v.period().expect("a period").period
}

/// Looking for a period in 0.56's first 600 000 values: they repeat with period 144 from
/// n = 326 640 on, but the Guy–Smith check needs 653 570 values, so the look finds nothing
/// after long walks back for every multiple of 144. Walking back per p alone, such looks were
/// half of `grundy 0..1000000 --values --rules octal:0.56`'s time.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn period_look_056_6e5(bencher: divan::Bencher) {
    let mut s = OctalSequence::new(&code("0.56"));
    let _ = s
        .extend_to(599_999, &mut unlimited())
        .expect("small values");
    bencher.bench(|| period::find(black_box(s.values()), Certificate::GuySmith { t: 2 }));
}

/// Single lookups as `grundy N` makes them: a fresh solver, then the heap reached within a
/// lookup's work limit. Targets: well under a second each in a release build.
#[divan::bench(sample_count = 3, sample_size = 1, args = [
    ("0.56", 200_000),
    ("0.16", u64::MAX),
    ("0.137", 999_999),
    ("0.007", 20_000),
])]
fn lookup(args: (&str, u64)) -> u128 {
    let (text, n) = args;
    let rules = Rules::Octal(code(text));
    let mut solver = Solver::new(&rules).expect("a solver");
    let pile = Pile::plain(black_box(n));
    solver
        .reach(pile, &n.to_string())
        .expect("within the lookup's work");
    solver.value(pile).expect("reached").grundy()
}

/// Options examined per second (divan's item throughput), the unit of the work limits
/// (`LOOKUP_WORK`, `TABLE_WORK`): plain mex (0.77 to 2·10^4) and the rare/common split.
#[divan::bench(sample_count = 3, sample_size = 1, args = [
    ("0.77", 20_000, false),
    ("0.77", 100_000, true),
    ("0.06", 100_000, true),
    ("0.104", 100_000, true),
    ("0.56", 100_000, true),
    ("0.6", 100_000, true),
])]
fn options(bencher: divan::Bencher, args: (&str, usize, bool)) {
    let (text, upto, split) = args;
    let start = || {
        if split {
            OctalSequence::new(&code(text))
        } else {
            OctalSequence::plain(&code(text))
        }
    };
    let mut once = start();
    let _ = once
        .extend_to(upto, &mut unlimited())
        .expect("small values");
    bencher
        .counter(divan::counter::ItemsCount::new(once.work()))
        .bench(|| {
            let mut s = start();
            let _ = s
                .extend_to(black_box(upto), &mut unlimited())
                .expect("small values");
            s.work()
        });
}
