//! The JSON shapes of `docs/json.md`, key by key.

use serde_json::json;

use crate::support::{Test, u64_of};

#[track_caller]
fn json_of(args: &[&str]) -> serde_json::Value {
    Test::new()
        .args(["--format", "json"])
        .args(args.iter().copied())
        .run()
        .success()
        .json()
}

#[track_caller]
fn keys(v: &serde_json::Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// mex shows the set sorted (and without repeats): mex {3, 0, 1, 0} = 2 by hand.
#[test]
fn mex_shape() {
    assert_eq!(
        json_of(&["mex", "3", "0", "1", "0"]),
        json!({"set": [0, 1, 3], "mex": 2})
    );
    assert_eq!(json_of(&["mex"]), json!({"set": [], "mex": 0}));
    assert_eq!(
        json_of(&["mex", "1", "2"]),
        json!({"set": [1, 2], "mex": 0})
    );
}

#[test]
fn grundy_shape() {
    let v = json_of(&["grundy", "--rules", "nim", "0..1"]);
    assert_eq!(keys(&v), ["rows", "rules"]);
    let row = &v["rows"][1];
    for key in ["state", "n", "grundy", "reachable", "options"] {
        assert!(row.get(key).is_some(), "row lacks {key}: {row}");
    }
    // Nim: 1 → 0 only.
    assert_eq!(row["state"], json!("1"));
    assert_eq!(row["options"], json!([{"state": "0", "grundy": 0}]));
    assert_eq!(row["reachable"], json!([0]));
    assert_eq!(u64_of(&row["grundy"]), 1);

    // A closed-form lookup says so.
    let v = json_of(&["grundy", "1000000007T"]);
    assert_eq!(v["rows"][0]["method"], json!("closed-form"), "{v}");
}

#[test]
fn winner_shape() {
    let v = json_of(&["winner", "--rules", "nim", "3", "4", "5"]);
    assert_eq!(keys(&v), ["grundy", "nim_sum", "piles", "rules", "winner"]);
    assert_eq!(
        v,
        json!({"rules": "nim", "piles": ["3", "4", "5"], "grundy": [3, 4, 5], "nim_sum": 2, "winner": "first"})
    );
    // Misère says how it decided; piles of 0 and 1 only: three 1s (odd) → second wins.
    let v = json_of(&["winner", "--rules", "misere", "1", "1", "1"]);
    assert_eq!(v["winner"], json!("second"), "{v}");
    assert!(v["method"].is_string(), "{v}");
}

/// `move` of a lost position is null; of 1 2 in Nim it must be 2 → 1 (the only move to
/// nim-sum 0: 1 ⊕ 1 = 0).
#[test]
fn move_shape() {
    let v = json_of(&["move", "--rules", "nim", "1", "2"]);
    assert_eq!(
        v,
        json!({"rules": "nim", "piles": ["1", "2"], "move": {"pile": 2, "from": "2", "to": "1", "take": 1}})
    );
    let v = json_of(&["move", "--rules", "nim", "2", "2"]);
    assert_eq!(
        v,
        json!({"rules": "nim", "piles": ["2", "2"], "move": null})
    );
    // Zero-move 4T 4F: values 3 ⊕ 4 = 7 ≠ 0. 4T's options have values 0, 2, 1, 4 (kT, k<4) and
    // 4 (the pass to 4F); the target 3 ⊕ 7 = 4 is reached by 3T or the pass. 4F's options
    // have 0..3, the target 4 ⊕ 7 = 3 is 3F. So pile 1 → 3T or 4F, or pile 2 → 3F.
    let v = json_of(&["move", "4T", "4F"]);
    let mv = &v["move"];
    let answer = (
        u64_of(&mv["pile"]),
        mv["to"].as_str().expect("to"),
        u64_of(&mv["take"]),
    );
    assert!(
        [(1, "3T", 1), (1, "4F", 0), (2, "3F", 1)].contains(&answer),
        "{v}"
    );
}

/// 2T 2F: values 1 ⊕ 2 = 3; 2T → {0, 1T = 2, 2F = 2}: the target 1 ⊕ 3 = 2 is 1T or the
/// pass; 2F → {0, 1F = 1}: the target 2 ⊕ 3 = 1 is 1F.
#[test]
fn move_shape_zero_move() {
    let v = json_of(&["move", "2T", "2F"]);
    let mv = &v["move"];
    let answer = (
        u64_of(&mv["pile"]),
        mv["from"].as_str().expect("from"),
        mv["to"].as_str().expect("to"),
        u64_of(&mv["take"]),
    );
    assert!(
        [(1, "2T", "1T", 1), (1, "2T", "2F", 0), (2, "2F", "1F", 1)].contains(&answer),
        "{v}"
    );
}

#[test]
fn nimsum_shape() {
    let v = json_of(&["nimsum", "--rules", "nim", "3", "4", "5"]);
    assert_eq!(u64_of(&v["nim_sum"]), 2, "{v}");
    assert_eq!(v["grundy"], json!([3, 4, 5]), "{v}");
}
