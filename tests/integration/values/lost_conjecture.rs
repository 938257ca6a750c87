//! `conjecture lost(a, b, …) = P`: claims about the lost positions of Nim, misère Nim and
//! Moore's Nim_K, decided for every position and searched on small ones. The expected verdicts
//! come from the retrograde search below (every move tried), written here.

use crate::support::Test;

/// Lost positions of `k` piles below `side` (index: pile p is `i / side^p % side`): a move
/// lowers 1 to `most` piles; in misère play the player who cannot move wins.
fn lost_table(most: usize, misere: bool, k: u32, side: usize) -> Vec<bool> {
    let count = side.pow(k);
    let digits = |i: usize| -> Vec<usize> { (0..k).map(|p| i / side.pow(p) % side).collect() };
    let mut lost = vec![false; count];
    for i in 0..count {
        let x = digits(i);
        if x.iter().all(|&v| v == 0) {
            lost[i] = !misere;
            continue;
        }
        lost[i] = !(0..i).any(|j| {
            let y = digits(j);
            let lowered = x.iter().zip(&y).filter(|(a, b)| b < a).count();
            lost[j] && x.iter().zip(&y).all(|(a, b)| b <= a) && (1..=most).contains(&lowered)
        });
    }
    lost
}

#[test]
fn moores_theorem_for_three_piles_and_k_two_holds_for_every_position() {
    // By brute force, Moore's Nim_2 on three piles loses exactly where the piles are equal.
    let side = 10;
    let table = lost_table(2, false, 3, side);
    for (i, &lost) in table.iter().enumerate() {
        let (a, b, c) = (i % side, i / side % side, i / side / side);
        assert_eq!(lost, a == b && b == c, "({a}, {b}, {c})");
    }
    Test::new()
        .args([
            "conjecture",
            "--rules",
            "moore:2",
            "lost(a, b, c) = (a = b and b = c)",
        ])
        .run()
        .success()
        .stdout_has("holds for every position of 3 piles (decided by induction on the total");
    let v = Test::new()
        .args([
            "--format",
            "json",
            "conjecture",
            "--rules",
            "moore:2",
            "lost(a, b, c) = (a = b and b = c)",
        ])
        .run()
        .success()
        .json();
    assert_eq!(v["holds"], true);
    assert_eq!(v["decided"]["holds"], true);
}

#[test]
fn bouton_for_two_three_and_four_piles_holds_and_misere_needs_its_own_rule() {
    let side = 6;
    let t3 = lost_table(1, false, 3, side);
    for (i, &lost) in t3.iter().enumerate() {
        let (a, b, c) = (i % side, i / side % side, i / side / side);
        assert_eq!(lost, a ^ b ^ c == 0);
    }
    for claim in [
        "lost(nim, a, b) = (a xor b = 0)",
        "lost(nim, a, b, c) = (a xor b xor c = 0)",
        "lost(nim, a, b, c, d) = (a xor b xor c xor d = 0)",
    ] {
        let v = Test::new()
            .args(["--format", "json", "conjecture", claim])
            .run()
            .success()
            .json();
        assert_eq!(
            (v["holds"].as_bool(), v["decided"]["holds"].as_bool()),
            (Some(true), Some(true)),
            "{claim}"
        );
    }
    // Misère Nim: the empty position is a win for the player to move, so Bouton's rule
    // fails first there; the misère rule (all piles ≤ 1: an odd count of 1s; else XOR 0)
    // holds.
    let tm = lost_table(1, true, 2, 8);
    assert!(!tm[0]);
    for (i, &lost) in tm.iter().enumerate() {
        let (a, b) = (i % 8, i / 8);
        let rule = if a <= 1 && b <= 1 {
            a + b == 1
        } else {
            a ^ b == 0
        };
        assert_eq!(lost, rule, "({a}, {b})");
    }
    Test::new()
        .args([
            "conjecture",
            "--rules",
            "misere",
            "lost(a, b) = (a xor b = 0)",
        ])
        .run()
        .code(1)
        .stdout_has("fails at (a, b) = (0, 0), where the player to move wins")
        .stderr("error: the conjecture is false: it fails at (a, b) = (0, 0)\n");
    Test::new()
        .args([
            "conjecture",
            "--rules",
            "misere",
            "lost(a, b) = ((a <= 1 and b <= 1 and a + b = 1) or (not (a <= 1 and b <= 1) and a xor b = 0))",
        ])
        .run()
        .success()
        .stdout_has("holds for every position of 2 piles");
}

#[test]
fn a_false_claim_fails_at_a_position_of_smallest_total_even_beyond_the_search() {
    // Equal piles are lost in two-pile Nim (Tweedledum and Tweedledee), so a claim that
    // exempts (300, 300) is false there and only there — beyond the positions searched.
    let t = lost_table(1, false, 2, 12);
    assert!((0..12).all(|a| t[a + 12 * a]));
    let run = Test::new()
        .args([
            "--format",
            "json",
            "conjecture",
            "lost(nim, a, b) = (a = b and not (a = 300 and b = 300))",
        ])
        .run()
        .code(1);
    let v = run.json();
    assert_eq!(v["holds"], false);
    assert_eq!(v["decided"]["fails_at"], serde_json::json!([300, 300]));
    assert_eq!(v["decided"]["lost_there"], true);
    // Nim's rule for Moore's Nim_2: brute force's smallest failing total is the decider's.
    let side = 8;
    let table = lost_table(2, false, 3, side);
    let smallest = table
        .iter()
        .enumerate()
        .filter(|&(i, &lost)| lost != ((i % side) ^ (i / side % side) ^ (i / side / side) == 0))
        .map(|(i, _)| i % side + i / side % side + i / side / side)
        .min();
    assert_eq!(smallest, Some(2));
    let v = Test::new()
        .args([
            "--format",
            "json",
            "conjecture",
            "--rules",
            "moore:2",
            "lost(a, b, c) = (a xor b xor c = 0)",
        ])
        .run()
        .code(1)
        .json();
    let at: Vec<u64> = v["decided"]["fails_at"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(at.iter().sum::<u64>(), 2, "{v}");
    let pos: Vec<u64> = v["counterexample"]["position"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(pos.iter().sum::<u64>(), 2);
}

#[test]
fn claims_about_other_games_and_malformed_claims_are_refused() {
    Test::new()
        .args(["conjecture", "--rules", "zero-move", "lost(a, b) = (a = b)"])
        .run()
        .bad_input("zero-move");
    Test::new()
        .args(["conjecture", "lost(nim, a, a) = true"])
        .run()
        .code(2)
        .stderr_has("a pile's name, different from the others");
    Test::new()
        .args(["conjecture", "lost(nim, a, b) = a + b"])
        .run()
        .code(2)
        .stderr_has("a condition");
}
