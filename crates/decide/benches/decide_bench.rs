//! Timings of the decider: the five statements of issue 28 (time, largest automaton), then
//! the k-pile series (Bouton both ways, the value of a sum of k Nim heaps) from k = 2 until
//! one passes 10 s, with peak memory (VmHWM, reset before each case where the kernel allows).
//! Run in release: `crates/decide/bench.sh` (arguments: `--max-k N`, `--limit-s S`).

use decide::nim::{self, PileSum};
use decide::{DecideError, Decision, Formula, Limits, decide};
use std::time::{Duration, Instant};

/// The default state limit, and more work than the default allows: the series runs until a
/// claim takes 10 s, past the default's half minute of work for the largest k.
const LIMITS: Limits = Limits {
    max_states: 1_000_000,
    max_work: 4_000_000_000,
};

fn try_run(f: &Formula) -> (Duration, Result<Decision, DecideError>) {
    let start = Instant::now();
    let d = decide(f, LIMITS, &|| false);
    (start.elapsed(), d)
}

fn run(f: &Formula) -> (Duration, Decision) {
    let (t, d) = try_run(f);
    (t, d.expect("decides"))
}

/// The best of `reps` runs (the statements take milliseconds: noise is from other work).
fn best(f: &Formula, reps: usize) -> (Duration, Decision) {
    let mut out = run(f);
    for _ in 1..reps {
        let r = run(f);
        if r.0 < out.0 {
            out = r;
        }
    }
    out
}

/// Resets the peak resident size (Linux: writing 5 to clear_refs).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak resident size in MiB, from /proc/self/status.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let max_k: usize = value("--max-k")
        .and_then(|v| v.parse().ok())
        .unwrap_or(4096);
    let limit: f64 = value("--limit-s")
        .and_then(|v| v.parse().ok())
        .unwrap_or(10.0);

    println!("The five statements (best of 5 runs)");
    println!(
        "{:<40} {:>6} {:>9} {:>9} {:>8} {:>8}",
        "statement", "holds", "time ms", "largest", "raw", "ops"
    );
    let bouton = |k| {
        decide::and([
            nim::bouton_p(k, PileSum::Xor),
            nim::bouton_n(k, PileSum::Xor),
        ])
    };
    let statements: Vec<(&str, Formula)> = vec![
        ("zero-move induction step (n >= 1)", nim::zero_move_step()),
        ("Bouton, 2 piles (both directions)", bouton(2)),
        ("Bouton, 3 piles (both directions)", bouton(3)),
        ("sum of two Nim heaps", nim::nim_sum_two()),
        ("Lasker's Nim closed form", nim::lasker_step(false)),
    ];
    for (name, f) in &statements {
        let (t, d) = best(f, 5);
        println!(
            "{:<40} {:>6} {:>9.3} {:>9} {:>8} {:>8}",
            name,
            d.holds,
            ms(t),
            d.stats.largest,
            d.stats.largest_raw,
            d.stats.operations
        );
    }

    println!();
    println!("The k-pile series (one run each; peak = VmHWM after reset)");
    println!(
        "{:>3} {:<22} {:>6} {:>11} {:>8} {:>8} {:>9} {:>9}",
        "k", "claim", "holds", "time ms", "largest", "raw", "nodes", "peak MiB"
    );
    let mut k = 2;
    'series: while k <= max_k {
        let claims: [(&str, Formula); 3] = [
            ("Bouton: xor = 0 => P", nim::bouton_p(k, PileSum::Xor)),
            ("Bouton: xor != 0 => N", nim::bouton_n(k, PileSum::Xor)),
            ("value of sum = xor", nim::nim_sum_value(k)),
        ];
        for (name, f) in &claims {
            reset_peak();
            let (t, d) = try_run(f);
            let peak = peak_mib().map_or_else(|| "-".to_owned(), |m| format!("{m:.1}"));
            match d {
                Ok(d) => println!(
                    "{:>3} {:<22} {:>6} {:>11.3} {:>8} {:>8} {:>9} {:>9}",
                    k,
                    name,
                    d.holds,
                    ms(t),
                    d.stats.largest,
                    d.stats.largest_raw,
                    d.stats.largest_nodes,
                    peak
                ),
                Err(e) => {
                    println!(
                        "{:>3} {:<22} {:?} after {:.3} ms, peak {} MiB",
                        k,
                        name,
                        e,
                        ms(t),
                        peak
                    );
                    break 'series;
                }
            }
            if t.as_secs_f64() > limit {
                break 'series;
            }
        }
        k = if k < 16 { k + 1 } else { k * 2 };
    }
}
