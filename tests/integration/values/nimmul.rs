//! Nim multiplication through the real binary: `= 8 nimmul 8` is 13, the 16 × 16 table agrees
//! with the definition (a memoised mex written here, sharing nothing with nimlab), and a number
//! that is not a 64-bit nimber is refused with one line and exit code 2.

use crate::support::Test;

/// a ⊗ b for a, b < 16 by the definition: the mex of (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') over
/// a' < a, b' < b.
fn table() -> [[u64; 16]; 16] {
    let mut t = [[0u64; 16]; 16];
    for a in 0..16 {
        for b in 0..16 {
            let mut seen = [false; 257];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
                    seen[usize::try_from(v).expect("a small value")] = true;
                }
            }
            let mex = seen.iter().position(|&s| !s).expect("a value below 257");
            t[a][b] = u64::try_from(mex).expect("a small value");
        }
    }
    t
}

#[test]
fn eight_times_eight_is_thirteen() {
    let out = Test::new().args(["=", "8 nimmul 8"]).run().success();
    assert_eq!(out.stdout.trim(), "13");
    let out = Test::new().args(["=", "16 ⊗ 16"]).run().success();
    assert_eq!(out.stdout.trim(), "24");
}

#[test]
fn the_sixteen_by_sixteen_table_agrees_with_the_definition() {
    let t = table();
    // Hand-checked entries of the definition's table: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13.
    assert_eq!((t[2][2], t[4][4], t[8][8]), (3, 6, 13));
    // One `=` line per product, in one session.
    let lines: String = (0..16)
        .flat_map(|a| (0..16).map(move |b| format!("= {a} nimmul {b}\n")))
        .collect();
    let out = Test::new().stdin(lines).run().success();
    let got: Vec<&str> = out.stdout.lines().map(str::trim).collect();
    let expected: Vec<String> = t.iter().flatten().map(u64::to_string).collect();
    assert_eq!(got, expected);
}

#[test]
fn what_is_not_a_64_bit_nimber_is_refused() {
    let out = Test::new().args(["=", "-1 nimmul 3"]).run().code(2);
    assert!(
        out.stderr
            .starts_with("error: expected a whole number from 0 to 18446744073709551615"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("found -1"), "{}", out.stderr);
}
