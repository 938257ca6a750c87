//! Take-away games of the library with infinite or changing move sets: "any but S"
//! (`subtract:^S`), at-least-half and Fibonacci Nim. Each against a brute force written here —
//! the moves enumerated in plain Rust, values by mex, or the game played out by search — and
//! against the mathematics checked by hand (bit lengths; Fibonacci numbers as the losses).

use std::collections::HashMap;

use crate::support::{Test, index, u64_of};

/// g(0..=n) by mex over the heaps each move leaves.
fn brute(moves: impl Fn(u64) -> Vec<u64>, n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for state in 0..=n {
        let seen: Vec<u64> = moves(state).iter().map(|&m| g[index(m)]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    g
}

/// The values nimlab prints with `grundy --values --format json`.
fn nimlab_values(rules: &str, to: u64) -> Vec<u64> {
    let out = Test::new()
        .args(["grundy", "--values", "--format", "json", "--rules", rules])
        .arg(format!("0..{to}"))
        .run()
        .success();
    out.json()["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| u64_of(&r["grundy"]))
        .collect()
}

#[test]
fn any_but_s_matches_the_brute_force() {
    for (name, excluded) in [
        ("subtract:^1,2", vec![1u64, 2]),
        ("subtract:^2", vec![2]),
        ("subtract:^5,1,3", vec![1, 3, 5]),
    ] {
        let moves = |n: u64| -> Vec<u64> {
            (1..=n)
                .filter(|k| !excluded.contains(k))
                .map(|k| n - k)
                .collect()
        };
        assert_eq!(nimlab_values(name, 120), brute(moves, 120), "{name}");
    }
    // By hand: without 1 and 2, a heap of n reaches exactly the heaps n-3, n-4, …, 0, so
    // g(n) = ⌊n/3⌋ (each value class {3j, 3j+1, 3j+2} sees every smaller class).
    let values = nimlab_values("subtract:^1,2", 60);
    for (n, g) in values.into_iter().enumerate() {
        assert_eq!(g, n as u64 / 3, "g({n})");
    }
}

#[test]
fn any_but_s_is_named_in_rules_expressions_and_refused_when_bad() {
    Test::new()
        .args(["rules", "subtract:^2,1"])
        .run()
        .success()
        .stdout_has("game subtract:^1,2(n) = {n - k : k in 1..n, not (k in {1, 2})}");
    // g(subtract:^{1,2}, 10) = ⌊10/3⌋ = 3, as above.
    Test::new()
        .args(["eval", "g(subtract:^{1,2}, 10)"])
        .run()
        .success()
        .stdout("3\n");
    for (bad, token) in [
        ("subtract:^", "subtract:^"),
        ("subtract:^0", "subtract:^0"),
        ("subtract:^1,x", "x"),
    ] {
        Test::new()
            .args(["winner", "--rules", bad, "7"])
            .run()
            .bad_input(token);
    }
}

#[test]
fn at_least_half_is_the_bit_length() {
    // From n take k ≥ n/2, i.e. leave any m ≤ ⌊n/2⌋.
    let moves = |n: u64| -> Vec<u64> { (1..=n).filter(|k| 2 * k >= n).map(|k| n - k).collect() };
    let brute = brute(moves, 300);
    assert_eq!(nimlab_values("at-least-half", 300), brute);
    // By hand: the heaps left are 0..=⌊n/2⌋, whose bit lengths are 0..=bitlen(n) - 1.
    for (n, g) in brute.into_iter().enumerate() {
        assert_eq!(
            g,
            u64::from(u64::BITS - (n as u64).leading_zeros()),
            "g({n})"
        );
    }
}

/// Whether the player to move wins Fibonacci Nim from `n` tokens when at most `m` may be
/// taken, by search: taking k (1 ≤ k ≤ m) leaves n - k with the limit 2k (not capped here).
fn fib_wins(n: u64, m: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    let m = m.min(n);
    if let Some(&w) = memo.get(&(n, m)) {
        return w;
    }
    let win = (1..=m).any(|k| !fib_wins(n - k, 2 * k, memo));
    memo.insert((n, m), win);
    win
}

#[test]
fn fibonacci_nims_losses_are_the_fibonacci_numbers() {
    let mut memo = HashMap::new();
    let fibonacci = [1u64, 2, 3, 5, 8, 13, 21, 34, 55];
    // The search: from (n, n - 1) the first player loses iff n is a Fibonacci number.
    for n in 1..=60u64 {
        assert_eq!(
            !fib_wins(n, n - 1, &mut memo),
            fibonacci.contains(&n),
            "{n}"
        );
    }
    let mut script = String::new();
    let mut expected = Vec::new();
    for n in 1..=60u64 {
        script.push_str(&format!(
            "winner --format json --rules fibonacci-nim ({n},{})\n",
            n - 1
        ));
        expected.push(fib_wins(n, n - 1, &mut memo));
    }
    // Positions in play, with limits below the heap.
    for (n, m) in [(10, 3), (12, 2), (20, 4), (7, 1), (30, 9)] {
        script.push_str(&format!(
            "winner --format json --rules fibonacci-nim ({n},{m})\n"
        ));
        expected.push(fib_wins(n, m, &mut memo));
    }
    let out = Test::new().stdin(script).run().success();
    let verdicts: Vec<bool> = out
        .json_lines()
        .iter()
        .map(|v| v["winner"] == "first")
        .collect();
    assert_eq!(verdicts, expected);
}

#[test]
fn a_winning_move_in_fibonacci_nim_leaves_a_lost_position() {
    let mut memo = HashMap::new();
    for (n, m) in [(20u64, 19u64), (12, 11), (30, 29), (40, 6)] {
        assert!(fib_wins(n, m, &mut memo), "({n},{m}) is won");
        let out = Test::new()
            .args(["move", "--format", "json", "--rules", "fibonacci-nim"])
            .arg(format!("({n},{m})"))
            .run()
            .success();
        let doc = out.json();
        let to = doc["move"]["to"].as_str().expect("to").to_string();
        let parts: Vec<u64> = to
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|x| x.parse().expect("a number"))
            .collect();
        let k = n - parts[0];
        assert!((1..=m.min(n)).contains(&k), "({n},{m}) → {to}");
        assert_eq!(parts[1], (2 * k).min(n - k), "({n},{m}) → {to}");
        assert!(!fib_wins(parts[0], parts[1], &mut memo), "({n},{m}) → {to}");
    }
}
