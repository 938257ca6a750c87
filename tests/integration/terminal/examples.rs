//! The named examples of the issue, checked by hand, and exact arithmetic at 2^64.
//!
//! Zero-move Grundy values by the hand-proved rule g(nT) = n + 1 (n odd), n − 1 (n even > 0):
//!   18 47 34 → 17 48 33;  17 = 010001, 48 = 110000, 33 = 100001, XOR = 0 → second wins.
//!   32 49 58 → 31 50 57;  31 = 011111, 50 = 110010 → 101101 = 45; 45 ⊕ 57 (111001) = 010100
//!              = 20 → first wins.
//!   4 7 5    → 3 8 6;     3 ⊕ 8 = 11, 11 ⊕ 6 = 13 ≠ 0 → first wins.
//!   10 4 9   → 9 3 10;    9 ⊕ 3 = 10, 10 ⊕ 10 = 0 → second wins.
//! Nim: 3 ⊕ 4 ⊕ 5 = 2 → first; 1 ⊕ 4 ⊕ 5 = 0 → second.

use crate::oracle::brute::{Pile, Rules, Solver};
use crate::support::{Test, str_of, u64_of};

#[track_caller]
fn winner(rules: &str, piles: &str) -> serde_json::Value {
    Test::new()
        .args(["winner", "--format", "json", "--rules", rules])
        .args(piles.split(' '))
        .run()
        .success()
        .json()
}

#[test]
fn zero_move_examples() {
    let cases: [(&str, [u64; 3], u64, &str); 4] = [
        ("18 47 34", [17, 48, 33], 0, "second"),
        ("32 49 58", [31, 50, 57], 20, "first"),
        ("4 7 5", [3, 8, 6], 13, "first"),
        ("10 4 9", [9, 3, 10], 0, "second"),
    ];
    for (piles, grundy, nim_sum, verdict) in cases {
        let v = winner("zero-move", piles);
        let values: Vec<u64> = v["grundy"]
            .as_array()
            .expect("grundy")
            .iter()
            .map(u64_of)
            .collect();
        assert_eq!(values, grundy, "{piles}: {v}");
        assert_eq!(u64_of(&v["nim_sum"]), nim_sum, "{piles}: {v}");
        assert_eq!(str_of(&v["winner"]), verdict, "{piles}: {v}");
        // A bare size means T in zero-move.
        let states: Vec<&str> = v["piles"]
            .as_array()
            .expect("piles")
            .iter()
            .map(str_of)
            .collect();
        let expected: Vec<String> = piles.split(' ').map(|n| format!("{n}T")).collect();
        assert_eq!(states, expected, "{piles}: {v}");
    }
}

#[test]
fn zero_move_is_the_default_ruleset() {
    let v = Test::new()
        .args(["winner", "--format", "json", "18", "47", "34"])
        .run()
        .success()
        .json();
    assert_eq!(str_of(&v["rules"]), "zero-move");
    assert_eq!(str_of(&v["winner"]), "second");
}

#[test]
fn nim_examples() {
    for (piles, grundy, nim_sum, verdict) in [
        ("3 4 5", [3, 4, 5], 2, "first"),
        ("1 4 5", [1, 4, 5], 0, "second"),
    ] {
        let v = winner("nim", piles);
        let values: Vec<u64> = v["grundy"]
            .as_array()
            .expect("grundy")
            .iter()
            .map(u64_of)
            .collect();
        assert_eq!(values, grundy, "{piles}: {v}");
        assert_eq!(u64_of(&v["nim_sum"]), nim_sum, "{piles}: {v}");
        assert_eq!(str_of(&v["winner"]), verdict, "{piles}: {v}");
    }
}

/// The small examples are also inside the game-tree solver's reach: the hand checks above
/// and the search agree.
#[test]
fn small_examples_by_game_tree_search() {
    let t = |ns: [u64; 3]| ns.map(|n| Pile::new(n, true));
    let mut zm = Solver::new(Rules::ZeroMove);
    assert!(zm.first_wins(&t([4, 7, 5])));
    assert!(!zm.first_wins(&t([10, 4, 9])));
    let mut nim = Solver::new(Rules::Nim);
    assert!(nim.first_wins(&[3, 4, 5].map(|n| Pile::new(n, false))));
    assert!(!nim.first_wins(&[1, 4, 5].map(|n| Pile::new(n, false))));
}

/// 32 49 58: values 31 50 57, nim-sum 20 (top bit 16); all three values have bit 16
/// (31 = 011111, 50 = 110010, 57 = 111001). From nT the options are kT (k < n) and the pass nF
/// (value n), so each target value has one state:
///   31 → 31 ⊕ 20 = 11 = g(12T) (12 even: 12 − 1);
///   50 → 50 ⊕ 20 = 38 = g(37T) (37 odd: 37 + 1);
///   57 → 57 ⊕ 20 = 45 = g(46T) (46 even: 46 − 1).
/// The passes give 32, 49, 58, none of them a target.
#[test]
fn winning_move_of_32_49_58() {
    let v = Test::new()
        .args(["move", "--format", "json", "32", "49", "58"])
        .run()
        .success()
        .json();
    let mv = &v["move"];
    let answer = (u64_of(&mv["pile"]), str_of(&mv["to"]).to_owned());
    let allowed = [
        (1, "12T".to_owned()),
        (2, "37T".to_owned()),
        (3, "46T".to_owned()),
    ];
    assert!(allowed.contains(&answer), "{v}");
    let from = ["32T", "49T", "58T"][usize::try_from(answer.0 - 1).expect("index")];
    assert_eq!(str_of(&mv["from"]), from, "{v}");
    let to_size: u64 = answer.1[..answer.1.len() - 1].parse().expect("size");
    let from_size: u64 = from[..from.len() - 1].parse().expect("size");
    assert_eq!(u64_of(&mv["take"]), from_size - to_size, "{v}");
}

/// 2^64 − 1 is the largest pile; its zero-move value 2^64 does not fit in a u64 and must be
/// printed exactly. The raw text is compared so that no JSON library rounds it.
#[test]
fn grundy_of_the_largest_pile_is_exact() {
    let out = Test::new()
        .args(["grundy", "--format", "json", "18446744073709551615T"])
        .run();
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let out = out.success();
    assert!(
        out.stdout.contains("\"grundy\":18446744073709551616"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("\"state\":\"18446744073709551615T\""),
        "{}",
        out.stdout
    );

    Test::new()
        .args(["grundy", "18446744073709551615T"])
        .run()
        .success()
        .stdout_has("18446744073709551616");
}

/// Two copies of the largest pile: values 2^64 ⊕ 2^64 = 0 → second wins. With 3F added:
/// 2^64 ⊕ 3 = 18446744073709551619 → first wins.
#[test]
fn winner_with_the_largest_piles_is_exact() {
    let out = Test::new()
        .args(["winner", "--format", "json"])
        .args(["18446744073709551615T", "18446744073709551615T"])
        .run();
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let v = out.success().json();
    assert_eq!(str_of(&v["winner"]), "second", "{v}");
    assert_eq!(u64_of(&v["nim_sum"]), 0, "{v}");

    let out = Test::new()
        .args(["winner", "--format", "json", "18446744073709551615T", "3F"])
        .run();
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let out = out.success();
    assert!(
        out.stdout.contains("\"nim_sum\":18446744073709551619"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("\"grundy\":[18446744073709551616,3]"),
        "{}",
        out.stdout
    );
    assert_eq!(str_of(&out.json()["winner"]), "first");

    Test::new()
        .args(["winner", "18446744073709551615T", "3F"])
        .run()
        .success()
        .stdout_has("18446744073709551619");
}

/// Nim's largest pile is its own value, which fits; the move from a lone huge pile takes it
/// all.
#[test]
fn move_with_the_largest_pile() {
    let v = Test::new()
        .args([
            "move",
            "--format",
            "json",
            "--rules",
            "nim",
            "18446744073709551615",
        ])
        .run()
        .success()
        .json();
    let mv = &v["move"];
    assert_eq!(str_of(&mv["to"]), "0", "{v}");
    assert_eq!(u64_of(&mv["take"]), u64::MAX, "{v}");
}

/// 2^64 − 1 T and 3F: values 2^64 and 3, nim-sum 2^64 + 3. Only the first value has the top
/// bit; its target is 2^64 ⊕ (2^64 + 3) = 3. g(kT) = 3 needs k odd with k + 1 = 3 (k = 2 is
/// not odd) or k even with k − 1 = 3 (k = 4); the pass gives 2^64 − 1. So the move is
/// 2^64 − 1 T → 4T, taking 2^64 − 5 = 18446744073709551611.
#[test]
fn move_from_the_largest_zero_move_pile() {
    let out = Test::new()
        .args(["move", "--format", "json", "18446744073709551615T", "3F"])
        .run();
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let v = out.success().json();
    let mv = &v["move"];
    assert_eq!(u64_of(&mv["pile"]), 1, "{v}");
    assert_eq!(str_of(&mv["to"]), "4T", "{v}");
    assert_eq!(u64_of(&mv["take"]), 18446744073709551611, "{v}");
}

#[test]
fn a_pile_of_two_to_the_64_is_refused() {
    for command in ["winner", "move", "nimsum", "grundy"] {
        Test::new()
            .args([command, "18446744073709551616"])
            .run()
            .bad_input("18446744073709551616");
    }
    Test::new()
        .args(["winner", "3", "18446744073709551616T"])
        .run()
        .bad_input("18446744073709551616T");
}

/// The largest piles keep to 80 columns: the value's equation goes on a line of its own. By
/// hand: g((2⁶⁴ − 1)T) = 2⁶⁴ (odd n: n + 1), g((2⁶⁴ − 2)T) = 2⁶⁴ − 3 (even: n − 1), g(5T) = 6;
/// their nim-sum is 2⁶⁵ − 3 ⊕ 6 = 2⁶⁵ − 5 = 36893488147419103227; pile 1 goes to the value
/// 2⁶⁴ ⊕ (2⁶⁵ − 5) = 2⁶⁴ − 5, the value of (2⁶⁴ − 4)T: take 3.
#[test]
fn a_winning_move_of_huge_piles_fits_eighty_columns() {
    let out = Test::new()
        .env("COLUMNS", "80")
        .args(["move", "18446744073709551615", "18446744073709551614", "5"])
        .run()
        .success();
    for line in out.stdout.lines() {
        assert!(line.chars().count() <= 80, "{line:?}\n{}", out.stdout);
    }
    assert!(
        out.stdout.ends_with(
            "winning move: pile 1: 18446744073709551615T → 18446744073709551612T (take 3)\n  \
             its value 18446744073709551616 → 18446744073709551611\n  = 18446744073709551616 \
             ⊕ 36893488147419103227, leaving nim-sum 0\n"
        ),
        "{}",
        out.stdout
    );
}
