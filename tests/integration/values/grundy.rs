//! `grundy` tables and lookups against the brute force's mex values, for every ruleset.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::oracle::brute::{Grundy, Pile, Rules, mex};
use crate::support::{Test, batch, str_of, u64_of};

const N: u64 = 60;

/// Checks one JSON row of a `grundy` table against the brute force: the state and `n`, the
/// value, and (for a row computed by mex) that the options are exactly the legal moves with
/// their true values, that `reachable` is their sorted value set and `grundy` its mex.
#[track_caller]
fn check_row(rules: &Rules, brute: &mut Grundy, row: &Value) -> Pile {
    let state = rules.parse_state(str_of(&row["state"]));
    let what = format!("{} row {row}", rules.name());
    assert_eq!(u64_of(&row["n"]), state.n, "{what}: n");
    assert_eq!(u64_of(&row["grundy"]), brute.value(state), "{what}: grundy");

    let method = row.get("method").and_then(Value::as_str);
    if method == Some("mex") || row.get("options").is_some() {
        let options = row["options"].as_array().expect("options is a list");
        let mut shown = BTreeSet::new();
        for option in options {
            let o = rules.parse_state(str_of(&option["state"]));
            assert_eq!(
                u64_of(&option["grundy"]),
                brute.value(o),
                "{what}: option {o:?}"
            );
            assert!(shown.insert(o), "{what}: option {o:?} listed twice");
        }
        let legal: BTreeSet<Pile> = rules.options(state).into_iter().collect();
        assert_eq!(
            shown, legal,
            "{what}: options are not exactly the legal moves"
        );

        let reachable: Vec<u64> = row["reachable"]
            .as_array()
            .expect("reachable is a list")
            .iter()
            .map(u64_of)
            .collect();
        let expected: Vec<u64> = legal
            .iter()
            .map(|&o| brute.value(o))
            .collect::<BTreeSet<u64>>()
            .into_iter()
            .collect();
        assert_eq!(reachable, expected, "{what}: reachable");
        assert_eq!(
            u64_of(&row["grundy"]),
            mex(reachable),
            "{what}: not the mex"
        );
    }
    state
}

#[test]
fn tables_match_brute_force_mex() {
    for rules in Rules::all() {
        let out = Test::new()
            .args(["grundy", "--rules", &rules.name(), "--format", "json"])
            .arg(format!("0..{N}"))
            .run()
            .success();
        let table = out.json();
        assert_eq!(str_of(&table["rules"]), rules.name());
        let mut brute = Grundy::new(rules.clone());
        let rows = table["rows"].as_array().expect("rows is a list");
        let states: Vec<Pile> = rows
            .iter()
            .map(|row| check_row(&rules, &mut brute, row))
            .collect();
        // One row per state, each state once, in order of size.
        let expected = rules.states(N);
        let as_set = |v: &[Pile]| v.iter().copied().collect::<BTreeSet<_>>();
        assert_eq!(
            as_set(&states),
            as_set(&expected),
            "{}: states",
            rules.name()
        );
        assert_eq!(
            states.len(),
            expected.len(),
            "{}: a state twice",
            rules.name()
        );
        assert!(
            states.windows(2).all(|w| w[0].n <= w[1].n),
            "{}: rows out of order",
            rules.name()
        );
    }
}

/// A range that starts above 0 still has the true values (no table restarts at its start).
#[test]
fn a_range_not_from_zero() {
    for rules in [Rules::ZeroMove, Rules::Subtract(vec![2, 5])] {
        let out = Test::new()
            .args([
                "grundy",
                "--format",
                "json",
                "--rules",
                &rules.name(),
                "20..25",
            ])
            .run()
            .success();
        let mut brute = Grundy::new(rules.clone());
        let rows = out.json()["rows"].as_array().expect("rows").clone();
        let sizes: BTreeSet<u64> = rows
            .iter()
            .map(|row| check_row(&rules, &mut brute, row).n)
            .collect();
        assert_eq!(sizes, (20..=25).collect(), "{}", rules.name());
    }
}

/// `grundy N`, `grundy NT`, `grundy NF` look up single states (a batch of REPL lines).
#[test]
fn single_lookups_match_brute_force() {
    for rules in Rules::all() {
        let mut lines = Vec::new();
        let mut asked = Vec::new();
        for n in 0..=N {
            lines.push(format!("grundy --format json --rules {} {n}", rules.name()));
            asked.push((n, None));
            if rules == Rules::ZeroMove {
                for suffix in ["T", "F"] {
                    lines.push(format!(
                        "grundy --format json --rules zero-move {n}{suffix}"
                    ));
                    asked.push((n, Some(suffix == "T")));
                }
            }
        }
        let mut brute = Grundy::new(rules.clone());
        for ((n, pass), value) in asked.into_iter().zip(batch(&lines)) {
            let rows = value["rows"].as_array().expect("rows");
            let states: BTreeSet<Pile> = rows
                .iter()
                .map(|row| check_row(&rules, &mut brute, row))
                .collect();
            let expected: BTreeSet<Pile> = match pass {
                Some(pass) => [Pile::new(n, pass)].into(),
                // A bare N shows every state of size N (zero-move: nF and nT).
                None => rules.states(n).into_iter().filter(|s| s.n == n).collect(),
            };
            assert_eq!(states, expected, "{} lookup of {n} {pass:?}", rules.name());
        }
    }
}

/// Huge sizes are looked up by closed form or period. Expected values are hand-checked:
/// Nim g(n) = n; zero-move g(nF) = n, g(nT) = n + 1 for odd n and n − 1 for even n > 0;
/// subtract:1,3,4 has period 7 from 0 (0 1 0 1 2 3 2, see the brute force's self-test) and
/// 1000000007 = 7·142857143 + 6, so g = 2; subtract:1,2 is n mod 3, 1000000007 mod 3 = 2
/// (digit sum 8).
#[test]
fn huge_lookups() {
    let cases: [(&str, &str, &str); 8] = [
        ("nim", "1000000007", "1000000007"),
        ("zero-move", "1000000007T", "1000000008"),
        ("zero-move", "1000000007F", "1000000007"),
        ("zero-move", "1000000006T", "1000000005"),
        ("zero-move", "18446744073709551614T", "18446744073709551613"),
        ("zero-move", "18446744073709551615F", "18446744073709551615"),
        ("subtract:1,3,4", "1000000007", "2"),
        ("subtract:1,2", "1000000007", "2"),
    ];
    for (rules, pile, expected) in cases {
        let out = Test::new()
            .args(["grundy", "--format", "json", "--rules", rules, pile])
            .run()
            .success();
        let rows = out.json()["rows"].as_array().expect("rows").clone();
        assert_eq!(rows.len(), 1, "{rules} {pile}: {}", out.stdout);
        // Compare the raw number text, so no JSON library can round it.
        assert!(
            out.stdout.contains(&format!("\"grundy\":{expected}")),
            "{rules} {pile}: expected grundy {expected}: {}",
            out.stdout
        );
    }
}

/// The periodic lookup agrees with plain mex well past the first period.
#[test]
fn subtraction_lookups_past_the_table() {
    for rules in [Rules::Subtract(vec![1, 3, 4]), Rules::Subtract(vec![2, 5])] {
        let sizes = [97, 500, 1001, 2024];
        let lines: Vec<String> = sizes
            .iter()
            .map(|n| format!("grundy --format json --rules {} {n}", rules.name()))
            .collect();
        let mut brute = Grundy::new(rules.clone());
        // Fill the memo bottom-up so the recursion stays shallow.
        for n in 0..=2024 {
            brute.value(Pile::new(n, false));
        }
        for (n, value) in sizes.iter().zip(batch(&lines)) {
            let row = &value["rows"][0];
            assert_eq!(u64_of(&row["n"]), *n);
            assert_eq!(
                u64_of(&row["grundy"]),
                brute.value(Pile::new(*n, false)),
                "{} {n}",
                rules.name()
            );
        }
    }
}

/// `--values`: every state of a range with its value alone, checked against the brute force's
/// mex, in order, for every ruleset and for ranges that do not start at 0.
#[test]
fn values_alone_match_brute_force() {
    for rules in Rules::all() {
        for (from, to) in [(0, N), (20, 25), (7, 7)] {
            let out = Test::new()
                .args(["grundy", "--values", "--format", "json", "--rules"])
                .arg(rules.name())
                .arg(format!("{from}..{to}"))
                .run()
                .success();
            let table = out.json();
            assert_eq!(str_of(&table["rules"]), rules.name());
            let mut brute = Grundy::new(rules.clone());
            let rows = table["rows"].as_array().expect("rows is a list");
            let expected: Vec<Pile> = rules
                .states(to)
                .into_iter()
                .filter(|p| p.n >= from)
                .collect();
            let what = format!("{} {from}..{to}", rules.name());
            assert_eq!(rows.len(), expected.len(), "{what}");
            for (row, &state) in rows.iter().zip(&expected) {
                assert_eq!(str_of(&row["state"]), rules.label(state), "{what}");
                assert_eq!(u64_of(&row["n"]), state.n, "{what}");
                assert_eq!(u64_of(&row["grundy"]), brute.value(state), "{what}: {row}");
                assert_eq!(str_of(&row["method"]), "mex", "{what}");
                assert!(row.get("options").is_none() && row.get("reachable").is_none());
            }
        }
    }
}

/// The same values as CSV and as text, checked by hand: zero-move g(nF) = n, g(nT) = n + 1
/// for odd n and n − 1 for even n ≥ 2.
#[test]
fn values_alone_as_csv_and_text() {
    Test::new()
        .args(["grundy", "--rules", "zero-move", "0..3", "--values"])
        .args(["--format", "csv"])
        .run()
        .success()
        .stdout("state,n,grundy\n0,0,0\n1F,1,1\n1T,1,2\n2F,2,2\n2T,2,1\n3F,3,3\n3T,3,4\n");
    Test::new()
        .args(["grundy", "--rules", "subtract:1,3,4", "5..8", "--values"])
        .args(["--format", "markdown"])
        .run()
        .success()
        // Period 7 from 0: 0 1 0 1 2 3 2, so g(5..8) = 3 2 0 1.
        .stdout("| state | n | grundy |\n| --- | --- | --- |\n| 5 | 5 | 3 |\n| 6 | 6 | 2 |\n| 7 | 7 | 0 |\n| 8 | 8 | 1 |\n");
    let text = Test::new()
        .args(["grundy", "--rules", "zero-move", "0..4", "--values"])
        .run()
        .success()
        .stdout_has("options left out");
    let lines: Vec<Vec<&str>> = text
        .stdout
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    // The empty pile is one state (0T = 0F), so its value stands in both columns.
    assert_eq!(
        lines,
        [
            vec!["0", "0", "0"],
            vec!["1", "1", "2"],
            vec!["2", "2", "1"],
            vec!["3", "3", "4"],
            vec!["4", "4", "3"],
        ]
    );
}

/// A huge range streams: 10^6 sizes of zero-move as CSV, one line per state (2·10^6, the empty
/// pile once), the last ones checked by hand (10^6 is even: g(10^6 T) = 10^6 − 1).
#[test]
fn values_alone_for_a_huge_range() {
    let out = Test::new()
        .args(["grundy", "--rules", "zero-move", "0..1000000", "--values"])
        .args(["--format", "csv"])
        .run()
        .success();
    assert_eq!(out.stdout.lines().count(), 1 + 2 * 1_000_000 + 1);
    let tail: Vec<&str> = out.stdout.lines().rev().take(4).collect();
    assert_eq!(
        tail,
        [
            "1000000T,1000000,999999",
            "1000000F,1000000,1000000",
            "999999T,999999,1000000",
            "999999F,999999,999999"
        ]
    );
}

/// Tables with options stop at 10 000 rows and say what to do instead; `--values` needs a
/// range, and stops where tables by mex do.
#[test]
fn values_alone_limits() {
    Test::new()
        .args(["grundy", "--rules", "nim", "0..20000"])
        .run()
        .bad_input("0..20000")
        .stderr_has("--values");
    Test::new()
        .args(["grundy", "--rules", "nim", "0..10000001", "--values"])
        .run()
        .bad_input("0..10000001");
    Test::new()
        .args(["grundy", "--rules", "nim", "7", "--values"])
        .run()
        .bad_input("7");
}
