//! Long octal sequences: tables that go past a proven period, and whole sequences checked
//! against a plain mex written here (sharing no code with nimlab) and against checksums of
//! ogsolve's sequences.

use crate::brute_octal::Octal;
use crate::support::Test;

/// g(0..=upto) as `grundy 0..upto --values` prints them, with the heading line.
fn values(code: &str, upto: u64) -> (String, Vec<u64>) {
    let out = Test::new()
        .args([
            "grundy".to_string(),
            format!("0..{upto}"),
            "--values".into(),
            "--rules".into(),
            format!("octal:{code}"),
        ])
        .timeout(std::time::Duration::from_secs(600))
        .run()
        .success();
    let mut lines = out.stdout.lines();
    let heading = lines.next().expect("a heading").to_string();
    let header = lines.next().expect("column names");
    assert_eq!(header.split_whitespace().collect::<Vec<_>>(), ["n", "g(n)"]);
    let values: Vec<u64> = lines
        .enumerate()
        .map(|(i, line)| {
            let cols: Vec<u64> = line
                .split_whitespace()
                .map(|w| w.parse().expect("numbers"))
                .collect();
            assert_eq!(cols.len(), 2, "{line}");
            assert_eq!(cols[0], i as u64, "rows in order");
            cols[1]
        })
        .collect();
    assert_eq!(values.len() as u64, upto + 1);
    (heading, values)
}

#[test]
fn dawsons_kayles_past_its_period_agrees_with_mex_and_the_period() {
    // Brute force for the first 1 200 values.
    let mut brute = Octal::new("0.07");
    let first: Vec<u64> = (0..1_200).map(|n| brute.grundy(n)).collect();
    // The period by hand from those values: Winning Ways gives 0.07 period 34 with its last
    // exceptional value at n = 52 (this indexing). Guy–Smith (t = 2): g(n + 34) = g(n) for
    // 53 ≤ n < 2·53 + 34 + 2 = 142 proves it for every n ≥ 53; checked here on brute values.
    for n in 53..142 {
        assert_eq!(first[n + 34], first[n], "Guy–Smith check at {n}");
    }
    assert_ne!(first[52 + 34], first[52], "52 is exceptional");
    let expected = |n: usize| {
        if n < first.len() {
            first[n]
        } else {
            first[53 + (n - 53) % 34]
        }
    };

    let (heading, got) = values("0.07", 100_000);
    for (n, &g) in got.iter().enumerate() {
        assert_eq!(g, expected(n), "g({n})");
    }
    // The table says how it knows the values past the ones computed.
    assert!(
        heading.contains("then by the period 34 from n = 53"),
        "{heading}"
    );

    // A lookup far out reads the same period.
    let n = 1_000_000_000u64;
    let want = expected(53 + ((n - 53) % 34) as usize);
    Test::new()
        .args(["grundy", "1000000000", "--rules", "octal:0.07"])
        .run()
        .success()
        .stdout_has(&format!("g(1000000000) = {want} "));
}
