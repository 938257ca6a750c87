//! Octal games, periods and game graphs, checked against the independent brute force in
//! `brute_octal` and against values from the literature (Winning Ways).

use serde_json::Value;

use crate::oracle::brute_octal::{Octal, subtraction};
use crate::support::{Test, batch, index, str_of, u64_of};

const UPTO: u64 = 300;

fn grundy_rows(rules: &str, range: &str) -> Vec<Value> {
    let out = Test::new()
        .args(["grundy", "--rules", rules, range, "--format", "json"])
        .run()
        .success();
    let doc = out.json();
    assert_eq!(str_of(&doc["rules"]), rules);
    doc["rows"].as_array().expect("rows").clone()
}

#[test]
fn values_and_options_match_brute_force() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.16"] {
        let mut brute = Octal::new(code);
        let rows = grundy_rows(&format!("octal:{code}"), &format!("0..{UPTO}"));
        assert_eq!(rows.len() as u64, UPTO + 1);
        for row in &rows {
            let n = u64_of(&row["n"]);
            assert_eq!(u64_of(&row["grundy"]), brute.grundy(n), "{code} g({n})");
            // Only the first rows: listing every option of every row is slow in a debug build.
            if n <= 60 {
                let listed: Vec<(String, u64)> = row["options"]
                    .as_array()
                    .expect("options")
                    .iter()
                    .map(|o| (str_of(&o["state"]).to_string(), u64_of(&o["grundy"])))
                    .collect();
                let mut expected: Vec<(String, u64)> = brute
                    .moves(n)
                    .iter()
                    .map(|h| {
                        let v = h.iter().fold(0, |x, &p| x ^ brute.grundy(p));
                        (Octal::written(h), v)
                    })
                    .collect();
                let mut got = listed.clone();
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "{code}: options of {n}");
            }
        }
    }
}

#[test]
fn subtraction_games_and_their_octal_codes_agree() {
    // subtract:S is the octal game with digit 3 at each k in S (take k leaving 0 or 1 heap).
    for (set, code) in [
        (&[1u64, 2, 3][..], "0.333"),
        (&[1, 3, 4], "0.3033"),
        (&[2, 5, 7], "0.0300303"),
        (&[1, 2], "0.33"),
    ] {
        let name: Vec<String> = set.iter().map(u64::to_string).collect();
        let expected = subtraction(set, UPTO);
        for rules in [
            format!("subtract:{}", name.join(",")),
            format!("octal:{code}"),
        ] {
            let rows = grundy_rows(&rules, &format!("0..{UPTO}"));
            let got: Vec<u64> = rows.iter().map(|r| u64_of(&r["grundy"])).collect();
            assert_eq!(got, expected, "{rules}");
        }
    }
}

fn period_of(rules: &str, to: Option<&str>) -> Value {
    let mut args = vec!["period", "--rules", rules, "--format", "json"];
    if let Some(to) = to {
        args.extend(["--to", to]);
    }
    Test::new().args(args).run().success().json()
}

/// Checks `period`'s answer against brute-force values: the certificate's inequality holds
/// over the stated range, and no smaller period holds over the values computed.
fn check_period(rules: &str, values: &[u64], preperiod: u64, period: u64, last: Option<u64>) {
    let doc = period_of(rules, None);
    assert_eq!(u64_of(&doc["preperiod"]), preperiod, "{rules}: {doc}");
    assert_eq!(u64_of(&doc["period"]), period, "{rules}");
    assert_eq!(doc["last_exception"].as_u64(), last, "{rules}");
    let cert = &doc["certificate"];
    let (from, to) = (u64_of(&cert["checked_from"]), u64_of(&cert["checked_to"]));
    assert_eq!(from, preperiod);
    if str_of(&cert["theorem"]) == "guy-smith" {
        let t = u64_of(&cert["t"]);
        assert_eq!(to, 2 * preperiod + period + t, "{rules}: Guy–Smith bound");
    }
    for n in from..to {
        assert_eq!(values[index(n)], values[index(n + period)], "{rules} n={n}");
    }
    if preperiod > 0 {
        let n = index(preperiod - 1);
        assert_ne!(
            values[n],
            values[n + index(period)],
            "{rules}: not exceptional"
        );
    }
    // Fundamental: no smaller p repeats from the preperiod on, over the values we have.
    let end = values.len() as u64;
    for p in 1..period {
        assert!(
            (preperiod..end - p).any(|n| values[index(n)] != values[index(n + p)]),
            "{rules}: {p} also repeats"
        );
    }
    let one: Vec<u64> = doc["one_period"]
        .as_array()
        .expect("one period")
        .iter()
        .map(u64_of)
        .collect();
    assert_eq!(one, values[index(preperiod)..index(preperiod + period)]);
}

#[test]
fn known_periods() {
    let values = |code: &str, upto: u64| {
        let mut b = Octal::new(code);
        (0..=upto).map(|n| b.grundy(n)).collect::<Vec<u64>>()
    };
    // Winning Ways: Kayles has period 12 and its last exceptional value at n = 70.
    check_period("octal:0.77", &values("0.77", 400), 71, 12, Some(70));
    // Dawson's Kayles 0.07: period 34, last exception at n = 52 in 0.07's own indexing.
    check_period("octal:0.07", &values("0.07", 400), 53, 34, Some(52));
    // Dawson's Chess 0.137 is Dawson's Kayles shifted by one heap size.
    check_period("octal:0.137", &values("0.137", 400), 52, 34, Some(51));
    // subtract:1,3,4: 0 1 0 1 2 3 2, repeating from the start.
    check_period("subtract:1,3,4", &subtraction(&[1, 3, 4], 100), 0, 7, None);
}

#[test]
fn period_table_views() {
    let doc = Test::new()
        .args([
            "period",
            "--rules",
            "octal:0.77",
            "--table",
            "--format",
            "json",
        ])
        .run()
        .success()
        .json();
    let rows = doc["rows"].as_array().expect("rows");
    // Rows of 12 from 0 to 83 cover the preperiod 0..=70 and one period 71..=82.
    assert_eq!(rows.len(), 7);
    assert_eq!(u64_of(&rows[6]["n"]), 72);
    let exceptions: Vec<u64> = rows[5]["exceptions"]
        .as_array()
        .expect("exceptions")
        .iter()
        .map(u64_of)
        .collect();
    assert_eq!(exceptions, [70]);
    let csv = Test::new()
        .args([
            "period",
            "--rules",
            "octal:0.77",
            "--table",
            "--format",
            "csv",
        ])
        .run()
        .success();
    let mut lines = csv.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("n,+0,+1,+2,+3,+4,+5,+6,+7,+8,+9,+10,+11")
    );
    // Hand check against Winning Ways' table: 0 1 2 3 1 4 3 2 1 4 2 6 with 0, 3, 2, 6 exceptional.
    assert_eq!(lines.next(), Some("0,0*,1,2,3*,1,4,3,2,1,4,2*,6*"));
    let md = Test::new()
        .args([
            "period",
            "--rules",
            "octal:0.77",
            "--table",
            "--format",
            "markdown",
        ])
        .run()
        .success();
    assert!(md.stdout.starts_with("| n | +0 |"), "{}", md.stdout);
    let text = Test::new()
        .args(["period", "--rules", "octal:0.77", "--table"])
        .run()
        .success();
    assert!(text.stdout.contains("Guy–Smith"), "{}", text.stdout);
    assert!(
        text.stdout.lines().all(|l| l.chars().count() <= 80),
        "{}",
        text.stdout
    );
}

#[test]
fn no_period_is_said_plainly() {
    // 0.6 (Officers) has no known period; 2000 values prove none.
    let doc = period_of("octal:0.6", Some("2000"));
    assert!(doc["period"].is_null(), "{doc}");
    Test::new()
        .args(["period", "--rules", "octal:0.6", "--to", "2000"])
        .run()
        .success()
        .stdout_has("no period found in g(0..2000)");
    Test::new()
        .args(["period", "--rules", "nim"])
        .run()
        .code(2)
        .stderr_has("never repeats");
    Test::new()
        .args(["period", "--rules", "octal:0.77", "--to", "0"])
        .run()
        .bad_input("0");
}

/// Every position of up to three heaps of size ≤ 7 (heaps in ascending order).
fn small_positions() -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for a in 1..=7 {
        out.push(vec![a]);
        for b in a..=7 {
            out.push(vec![a, b]);
            for c in b..=7 {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

#[test]
fn winning_moves_leave_lost_positions() {
    for code in ["0.77", "0.07", "0.137", "4.07"] {
        let mut brute = Octal::new(code);
        let positions = small_positions();
        let lines: Vec<String> = positions
            .iter()
            .map(|p| {
                let piles: Vec<String> = p.iter().map(u64::to_string).collect();
                format!(
                    "move --rules octal:{code} --format json {}",
                    piles.join(" ")
                )
            })
            .collect();
        let mut splits = 0;
        for (position, answer) in positions.iter().zip(batch(&lines)) {
            let what = format!("{code} {position:?}: {answer}");
            let mv = &answer["move"];
            if !brute.first_wins(position) {
                assert!(mv.is_null(), "{what}: lost, so no winning move");
                continue;
            }
            let i = index(u64_of(&mv["pile"]) - 1);
            let from: u64 = str_of(&mv["from"]).parse().expect("a size");
            assert_eq!(from, position[i], "{what}");
            let to: Vec<u64> = str_of(&mv["to"])
                .split('+')
                .map(|s| s.parse().expect("a size"))
                .filter(|&h| h > 0)
                .collect();
            splits += usize::from(to.len() == 2);
            assert!(brute.moves(from).contains(&to), "{what}: not a legal move");
            let removed = from - to.iter().sum::<u64>();
            assert_eq!(u64_of(&mv["take"]), removed, "{what}: take");
            let mut after = position.clone();
            after.remove(i);
            after.extend(&to);
            assert!(!brute.first_wins(&after), "{what}: leaves a won position");
        }
        assert!(splits > 0, "{code}: some winning move splits a heap");
    }
}

const GRAPH: &str = "\
format: 1
title: a hand-checked game
positions:
  start: [left, right]
  left: [middle, finish]
  right: [middle]
  middle: [finish]
  finish: []
";

#[test]
fn graph_values_and_moves() {
    let test = Test::new();
    let path = test.write("game.yaml", GRAPH);
    let rules = format!("graph:{}", path.display());
    // By hand: finish 0, middle 1, right mex{1} = 0, left mex{1, 0} = 2, start mex{2, 0} = 1.
    let out = test
        .args(["grundy", "--rules", &rules, "--format", "json"])
        .run()
        .success();
    let rows = out.json()["rows"].as_array().expect("rows").clone();
    let values: Vec<(String, u64)> = rows
        .iter()
        .map(|r| (str_of(&r["state"]).to_string(), u64_of(&r["grundy"])))
        .collect();
    let expected: Vec<(String, u64)> = [
        ("start", 1),
        ("left", 2),
        ("right", 0),
        ("middle", 1),
        ("finish", 0),
    ]
    .iter()
    .map(|&(n, g)| (n.to_string(), g))
    .collect();
    assert_eq!(values, expected);
    // start (1) + left (2): nim-sum 3; left → middle (1) leaves 1 ⊕ 1 = 0.
    let test = Test::new();
    let path = test.write("game.yaml", GRAPH);
    let rules = format!("graph:{}", path.display());
    let doc = test
        .args([
            "move", "--rules", &rules, "start", "left", "--format", "json",
        ])
        .run()
        .success()
        .json();
    assert_eq!(doc["move"]["to"], "middle", "{doc}");
    let test = Test::new();
    let path = test.write("game.yaml", GRAPH);
    let rules = format!("graph:{}", path.display());
    test.args(["winner", "--rules", &rules, "nowhere"])
        .run()
        .bad_input("nowhere");
}

fn graph_error(text: &str) -> String {
    let test = Test::new();
    let path = test.write("g.yaml", text);
    let rules = format!("graph:{}", path.display());
    let out = test.args(["grundy", "--rules", &rules]).run().code(2);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"));
    out.stderr
}

#[test]
fn graph_errors_are_one_clear_line() {
    // A cycle is no error: the graph is loopy, valued by γ (`loopy.rs`), and its cycle named.
    let test = Test::new();
    let path = test.write(
        "g.yaml",
        "format: 1\npositions:\n  a: [b]\n  b: [c]\n  c: [a]\n",
    );
    let rules = format!("graph:{}", path.display());
    test.args(["grundy", "--rules", &rules])
        .run()
        .success()
        .stdout_has("a → b → c → a");
    let e = graph_error("format: 1\npositions: {a: []}\nextra: 1\n");
    assert!(e.contains("unknown field `extra`"), "{e}");
    let e = graph_error("format: 1\npositions: {a: [b]}\n");
    assert!(e.contains("`b`"), "{e}");
    let bomb = "format: 1\npositions:\n  z: []\n  a: &a [z, z, z, z, z, z, z, z, z]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n  h: [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n";
    let e = graph_error(bomb);
    assert!(e.contains("alias") || e.contains("must be names"), "{e}");
    let deep = format!(
        "format: 1\npositions: {{a: {}z{}}}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    assert!(graph_error(&deep).contains("nests too deeply"));
    let e = graph_error("not yaml: [\n");
    assert!(e.starts_with("error: bad game graph"), "{e}");
    Test::new()
        .args(["grundy", "--rules", "graph:missing.yaml"])
        .run()
        .bad_input("missing.yaml");
}

#[test]
fn a_deep_graph_does_not_overflow_the_stack() {
    let n = 100_000;
    let mut text = String::from("format: 1\npositions:\n");
    for i in 0..n {
        if i + 1 < n {
            text.push_str(&format!("  p{i}: [p{}]\n", i + 1));
        } else {
            text.push_str(&format!("  p{i}: []\n"));
        }
    }
    let test = Test::new();
    let path = test.write("chain.yaml", &text);
    let rules = format!("graph:{}", path.display());
    // A chain alternates from its end: p99999 = 0, so p0 = 99999 mod 2 = 1.
    let doc = test
        .args(["winner", "--rules", &rules, "p0", "--format", "json"])
        .run()
        .success()
        .json();
    assert_eq!(doc["grundy"][0], 1, "{doc}");
}

#[test]
fn bad_octal_codes_name_the_token() {
    for bad in [
        "octal:0.8",
        "octal:1.7",
        "octal:77",
        "octal:0.",
        "octal:0.7x",
    ] {
        Test::new()
            .args(["grundy", "--rules", bad])
            .run()
            .bad_input(bad);
    }
}
