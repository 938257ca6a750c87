//! One period finder: `period`, `grundy` far beyond the computed values, and `draw --plot` all
//! take a subtraction game's period from the engine's one finder, and agree with the
//! preperiod and fundamental period found here by brute force (mex over explicit options, then
//! the least (n₀, p) that the values repeat from, with the window of max S values after n₀
//! repeated inside the values computed, which proves it: g(n) depends on the max S values
//! before it only).

use crate::support::{Test, u64_of};

/// g(0) … g(len − 1) by mex over the explicit options n − s.
fn values(set: &[usize], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: Vec<u64> = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// The least preperiod and the fundamental period, from the first p whose repeat, from the
/// least n₀ the values allow, covers a window of max S values and one period more.
fn brute_period(g: &[u64], m: usize) -> (usize, usize) {
    for p in 1..g.len() {
        let mut n0 = g.len() - p;
        while n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
            n0 -= 1;
        }
        if n0 + m + p <= g.len() {
            return (n0, p);
        }
    }
    panic!("no period within {} values", g.len());
}

#[test]
fn period_grundy_and_plot_agree_with_brute_force() {
    // The last two need more than 256 values to prove their period, so the finder looks again.
    for set in [
        &[1, 3, 4][..],
        &[2, 4, 7],
        &[3, 5, 9],
        &[2, 5, 6, 9],
        &[100, 101],
        &[7, 30, 31],
    ] {
        let g = values(set, 20_000);
        let m = *set.iter().max().unwrap();
        let (n0, p) = brute_period(&g, m);
        let rules = format!(
            "subtract:{}",
            set.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(",")
        );
        let report = Test::new()
            .args(["period", "--rules", &rules, "--format", "json"])
            .run()
            .success()
            .json();
        assert_eq!(
            (u64_of(&report["preperiod"]), u64_of(&report["period"])),
            (n0 as u64, p as u64),
            "{rules}"
        );
        let far: usize = 1_000_000_000_007;
        let expected = g[n0 + (far - n0) % p];
        let lookup = Test::new()
            .args([
                "grundy",
                "--rules",
                &rules,
                &far.to_string(),
                "--format",
                "json",
            ])
            .run()
            .success()
            .json();
        assert_eq!(u64_of(&lookup["rows"][0]["grundy"]), expected, "{rules}");
        let plot = Test::new()
            .args(["draw", "--plot", "--rules", &rules, "0..40", "-o", "-"])
            .run()
            .success();
        let said = if n0 == 0 {
            format!("Period {p} from the start.")
        } else {
            format!("Period {p} from n = {n0}")
        };
        assert!(
            plot.stdout.contains(&said),
            "{rules}: no `{said}` in the plot"
        );
    }
}
