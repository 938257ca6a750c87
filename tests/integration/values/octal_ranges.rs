//! `grundy A..B --values` far along an octal game: a range past the largest table is read off
//! the proven period (its end anywhere up to 2^64 − 1, its length limited), checked against a
//! plain mex written here (`brute_octal`) up to the period's Guy–Smith proof, then the period;
//! and refused, naming how to look further, when no period is proven.

use crate::oracle::brute_octal::Octal;
use crate::support::Test;

/// A code's values by the brute force up to `known` heaps, with its period checked on them by
/// Guy–Smith (t = the most tokens a move removes): g(n + p) = g(n) for n₀ ≤ n < 2n₀ + p + t
/// proves it for every n ≥ n₀. Returns g as a function of any n.
fn by_period(code: &str, preperiod: u64, period: u64, t: u64) -> impl Fn(u64) -> u64 {
    let known = 2 * preperiod + 2 * period + t + 100;
    let mut brute = Octal::new(code);
    let first: Vec<u64> = (0..known).map(|n| brute.grundy(n)).collect();
    let at = |n: u64| first[usize::try_from(n).expect("a small n")];
    for n in preperiod..(2 * preperiod + period + t) {
        assert_eq!(at(n + period), at(n), "{code}: Guy–Smith check at {n}");
    }
    assert_ne!(
        at(preperiod - 1 + period),
        at(preperiod - 1),
        "{code}: the preperiod is the least"
    );
    move |n| {
        let n = if n < known {
            n
        } else {
            preperiod + (n - preperiod) % period
        };
        first[usize::try_from(n).expect("a small n")]
    }
}

/// The rows of `grundy RANGE --values --rules octal:CODE --format json`: (n, g, method).
fn rows(code: &str, range: &str) -> Vec<(u64, u64, String)> {
    let out = Test::new()
        .args(["grundy", range, "--values", "--rules"])
        .arg(format!("octal:{code}"))
        .args(["--format", "json"])
        .run()
        .success()
        .json();
    out["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["n"].as_u64().expect("n"),
                r["grundy"].as_u64().expect("g"),
                r["method"].as_str().expect("a method").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_range_far_out_is_read_off_the_proven_period() {
    // Winning Ways: Dawson's Kayles (0.07) has period 34 from n = 53, Kayles (0.77) period 12
    // from n = 71; both remove at most t = 2 tokens.
    let dawson = by_period("0.07", 53, 34, 2);
    let kayles = by_period("0.77", 71, 12, 2);
    for (code, g, from, to) in [
        (
            "0.07",
            &dawson as &dyn Fn(u64) -> u64,
            999_999_990,
            1_000_000_000,
        ),
        ("0.77", &kayles, u64::MAX - 40, u64::MAX),
        // Across the largest table's end (10^7).
        ("0.07", &dawson, 9_999_990, 10_000_010),
    ] {
        let got = rows(code, &format!("{from}..{to}"));
        let want: Vec<(u64, u64, String)> = (from..=to)
            .map(|n| (n, g(n), "periodic".to_string()))
            .collect();
        assert_eq!(got, want, "{code} {from}..{to}");
    }

    // The text says how the values are known.
    Test::new()
        .args([
            "grundy",
            "999999998..1000000000",
            "--values",
            "--rules",
            "octal:0.07",
        ])
        .run()
        .success()
        .stdout_has("then by the period 34 from n = 53 proven on them")
        .stdout_has(&format!("\n1000000000  {:>10}\n", dawson(1_000_000_000)));
}

#[test]
fn a_range_far_out_with_no_period_proven_is_refused_naming_how_to_look_further() {
    // 0.6 has no period known; a lookup's work does not prove one.
    Test::new()
        .args([
            "grundy",
            "999999990..1000000000",
            "--values",
            "--rules",
            "octal:0.6",
        ])
        .run()
        .code(2)
        .stderr_has("`999999990..1000000000` is beyond the values of octal:0.6 computed by mex")
        .stderr_has("`period --rules octal:0.6 --to 10000000` looks further");
    // A range longer than the largest table, though its period gives every value.
    Test::new()
        .args([
            "grundy",
            "5..1000000000",
            "--values",
            "--rules",
            "octal:0.07",
        ])
        .run()
        .code(2)
        .stderr_has(
            "`5..1000000000`: it holds 999999996 sizes; a range of values lists at most 10000001",
        );
    // Rulesets with no period stay within the table.
    Test::new()
        .args([
            "grundy",
            "999999990..1000000000",
            "--values",
            "--rules",
            "nim",
        ])
        .run()
        .code(2)
        .stderr_has("values by mex go up to 10000000");
}
