//! Hexadecimal take-and-break codes (`hex:`): a digit's bit 8 lets k tokens be removed leaving
//! three non-empty heaps. Checked against the oracle's take-and-break brute force, written from
//! that definition alone (every move and every three-way split listed explicitly, values by
//! plain mex, whole positions by game-tree search), sharing no code with nimlab.

use std::collections::BTreeSet;

use crate::oracle::brute_octal::Octal;
use crate::support::Test;

/// g(0..=upto) as `grundy 0..upto --values --format csv` prints them.
fn values(code: &str, upto: u64) -> Vec<u64> {
    let out = Test::new()
        .args(["grundy", &format!("0..{upto}"), "--values", "--rules"])
        .arg(format!("hex:{code}"))
        .args(["--format", "csv"])
        .run()
        .success();
    out.stdout
        .lines()
        .skip(1)
        .map(|l| {
            l.rsplit(',')
                .next()
                .expect("a value")
                .parse()
                .expect("a number")
        })
        .collect()
}

const CODES: [&str; 6] = ["0.8", "0.F", "8.0", "C.B7", "0.9C", "4.8"];

#[test]
fn values_agree_with_every_move_listed() {
    for code in CODES {
        let mut brute = Octal::hex(code);
        let want: Vec<u64> = (0..=150).map(|n| brute.grundy(n)).collect();
        assert_eq!(values(code, 150), want, "hex:{code}");
    }
}

#[test]
fn a_row_lists_every_three_way_split() {
    // 0.8 from 7: take 1, leaving 1+1+4, 1+2+3 or 2+2+2.
    let mut brute = Octal::hex("0.8");
    let out = Test::new()
        .args(["grundy", "7", "--rules", "hex:0.8", "--format", "json"])
        .run()
        .success()
        .json();
    let row = &out["rows"][0];
    let states: BTreeSet<Vec<u64>> = row["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| {
            let parts: Vec<u64> = o["state"]
                .as_str()
                .expect("a state")
                .split('+')
                .map(|h| h.parse().expect("a heap"))
                .collect();
            let value = parts.iter().fold(0, |x, &h| x ^ brute.grundy(h));
            assert_eq!(o["grundy"].as_u64(), Some(value), "{o}");
            parts
        })
        .collect();
    assert_eq!(states, brute.moves(7));
    assert_eq!(row["grundy"].as_u64(), Some(brute.grundy(7)));
}

#[test]
fn winner_and_move_agree_with_game_tree_search() {
    for code in ["0.8", "C.B7", "0.9C"] {
        let mut brute = Octal::hex(code);
        for piles in [[5u64, 7, 0], [9, 3, 4], [11, 6, 2], [8, 8, 1], [13, 4, 0]] {
            let piles: Vec<u64> = piles.into_iter().filter(|&p| p > 0).collect();
            let args = |cmd: &str| {
                let mut a = vec![cmd.to_string(), "--rules".into(), format!("hex:{code}")];
                a.extend(piles.iter().map(u64::to_string));
                a.extend(["--format".into(), "json".into()]);
                a
            };
            let wins = brute.first_wins(&piles);
            let verdict = Test::new().args(args("winner")).run().success().json();
            let winner = if wins { "first" } else { "second" };
            assert_eq!(verdict["winner"], winner, "hex:{code} {piles:?}");
            if !wins {
                continue;
            }
            let mv = Test::new().args(args("move")).run().success().json()["move"].clone();
            let index = crate::support::index(mv["pile"].as_u64().expect("a pile") - 1);
            let left: Vec<u64> = mv["to"]
                .as_str()
                .expect("what is left")
                .split('+')
                .map(|h| h.parse().expect("a heap"))
                .collect();
            let mut sorted = left.clone();
            sorted.sort_unstable();
            sorted.retain(|&h| h > 0);
            assert!(
                brute.moves(piles[index]).contains(&sorted),
                "hex:{code} {piles:?}: {mv}"
            );
            let mut next = piles.clone();
            next.remove(index);
            next.extend(left);
            assert!(
                !brute.first_wins(&next),
                "hex:{code} {piles:?}: {mv} is not winning"
            );
        }
    }
}

#[test]
fn the_period_is_proven_by_the_three_heap_bound_and_holds() {
    // 0.B7 (take 1 leaving one or three heaps; take 2 leaving none, one or two): its
    // period, found by nimlab, checked here on brute values far past the certificate's bound
    // max(2n₀ + p + 2, 3n₀ + 2p + 2 − 2) (t = 2).
    let out = Test::new()
        .args(["period", "--rules", "hex:0.B7", "--format", "json"])
        .run()
        .success()
        .json();
    let (n0, p) = (
        out["preperiod"].as_u64().expect("a preperiod"),
        out["period"].as_u64().expect("a period"),
    );
    assert_eq!(out["certificate"]["theorem"], "guy-smith-three-heaps");
    assert_eq!(
        out["certificate"]["checked_to"].as_u64(),
        Some((2 * n0 + p + 2).max(3 * n0 + 2 * p + 2 - 2))
    );
    let mut brute = Octal::hex("0.B7");
    for n in n0..300 {
        assert_eq!(brute.grundy(n + p), brute.grundy(n), "g({n} + {p})");
    }
    assert!(n0 == 0 || brute.grundy(n0 - 1 + p) != brute.grundy(n0 - 1));
    // A heap far out is read off it, and says so.
    let far = 1_000_000_000_001u64;
    Test::new()
        .args(["grundy", &far.to_string(), "--rules", "hex:0.B7"])
        .run()
        .success()
        .stdout_has(&format!(
            "g({far}) = {}  (by period: hex:0.B7 repeats with period {p} from n = {n0}",
            brute.grundy(n0 + (far - n0) % p)
        ));
}

#[test]
fn bad_codes_name_the_token() {
    for (bad, says) in [
        ("hex:0.G", "`G` is not a hexadecimal digit"),
        ("hex:2.1", "must be 0, 4, 8 or C"),
        ("hex:7", "expected a code like `0.F`"),
    ] {
        Test::new()
            .args(["grundy", "--rules", bad])
            .run()
            .code(2)
            .stderr_has(&format!("`{bad}`"))
            .stderr_has(says);
    }
}

/// The arithmetic pattern the brute force's values follow with the smallest period: the least
/// n₀, and the period and saltus, such that g(n + p) = g(n) + s > g(n) for n₀ ≤ n ≤ upto − p.
fn brute_growth(values: &[u64]) -> Option<(usize, usize, u64)> {
    let last = values.len() - 1;
    (1..values.len() / 4).find_map(|p| {
        let s = values[last]
            .checked_sub(values[last - p])
            .filter(|&s| s > 0)?;
        let n0 = (0..=last - p)
            .rev()
            .take_while(|&n| values[n] + s == values[n + p])
            .last()?;
        (values.len() - n0 >= 4 * p && 2 * (values.len() - n0) >= values.len())
            .then_some((n0, p, s))
    })
}

#[test]
fn period_says_what_growing_values_look_like_and_proves_nothing() {
    // hex:0.8 by hand: g(n) = ⌊(n − 1)/3⌋ for n ≥ 1 (checked here against the brute force),
    // so g(n + 3) = g(n) + 1 from n = 1; hex:0.C grows by 1 every 2.
    let mut brute = Octal::hex("0.8");
    let v: Vec<u64> = (0..=300).map(|n| brute.grundy(n)).collect();
    assert!((1..=300u64).all(|n| v[crate::support::index(n)] == (n - 1) / 3));
    for (code, upto) in [("0.8", 300u64), ("0.C", 300)] {
        let mut brute = Octal::hex(code);
        let v: Vec<u64> = (0..=upto).map(|n| brute.grundy(n)).collect();
        let (n0, p, s) = brute_growth(&v).expect("a pattern");
        let out = Test::new()
            .args(["period", "--to", &upto.to_string(), "--rules"])
            .arg(format!("hex:{code}"))
            .run()
            .success();
        let words = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        let want = format!(
            "g(n + {p}) = g(n) + {s} for every n from {n0} to {}",
            upto - p as u64
        );
        assert!(words.contains(&want), "hex:{code}: {want}\n{}", out.stdout);
        assert!(words.contains("Not proven"), "{}", out.stdout);
    }
    // Past the values computed, nothing is looked up from the pattern.
    Test::new()
        .args(["grundy", "--rules", "hex:0.8", "20000000000"])
        .run()
        .code(2);
}
