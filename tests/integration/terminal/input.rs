//! Piles from a file (`--file PATH`) and from standard input (`-`), whitespace separated.

use crate::support::{Test, str_of, u64_of};

/// Nim 3 4 5 → first (nim-sum 2); 1 4 5 → second (nim-sum 0).
#[test]
fn piles_from_a_file() {
    let test = Test::new();
    let path = test.write("piles.txt", "3\t4\n\n  5\n");
    let v = test
        .args(["winner", "--rules", "nim", "--format", "json", "--file"])
        .arg(path.to_string_lossy().into_owned())
        .run()
        .success()
        .json();
    let piles: Vec<&str> = v["piles"]
        .as_array()
        .expect("piles")
        .iter()
        .map(str_of)
        .collect();
    assert_eq!(piles, ["3", "4", "5"], "{v}");
    assert_eq!(u64_of(&v["nim_sum"]), 2, "{v}");
    assert_eq!(str_of(&v["winner"]), "first", "{v}");
}

#[test]
fn piles_from_stdin() {
    let v = Test::new()
        .args(["winner", "--rules", "nim", "--format", "json", "-"])
        .stdin("1 4\n5\n")
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&v["nim_sum"]), 0, "{v}");
    assert_eq!(str_of(&v["winner"]), "second", "{v}");
}

/// Zero-move states in a file, and `move` reading the same way: 18T 47T 34T is lost (hand
/// check in examples.rs), so no move; 18T 47T 34F has values 17 48 34 → 17 ⊕ 48 ⊕ 34 = 3 → won.
#[test]
fn zero_move_piles_from_input() {
    let v = Test::new()
        .args(["move", "--format", "json", "-"])
        .stdin("18T 47 34\n")
        .run()
        .success()
        .json();
    assert!(v["move"].is_null(), "{v}");

    let test = Test::new();
    let path = test.write("p", "18T 47T 34F");
    let v = test
        .args(["winner", "--format", "json", "--file"])
        .arg(path.to_string_lossy().into_owned())
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&v["nim_sum"]), 3, "{v}");
    assert_eq!(str_of(&v["winner"]), "first", "{v}");
}

/// Many piles through stdin: 10 000 copies of 7 in Nim pair off to nim-sum 0; one more 7
/// makes it 7.
#[test]
fn many_piles_from_stdin() {
    let piles = "7 ".repeat(10_000);
    let v = Test::new()
        .args(["winner", "--rules", "nim", "--format", "json", "-"])
        .stdin(piles.clone())
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&v["nim_sum"]), 0);
    assert_eq!(str_of(&v["winner"]), "second");
    let v = Test::new()
        .args(["winner", "--rules", "nim", "--format", "json", "-"])
        .stdin(format!("{piles}7"))
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&v["nim_sum"]), 7);
}
