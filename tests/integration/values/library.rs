//! The bundled library of defined games (`lasker`, `grundy-game`, `subtract:squares`,
//! `subtract:powers2`) against an independent brute force written here — each game's moves
//! enumerated in plain Rust, values by mex, a split valued as the XOR of its parts — and
//! against published results: Lasker's Nim's closed form and Grundy's game's first values
//! (OEIS A002188).

use serde_json::Value;

use crate::support::{Test, index, u64_of};

/// Sizes checked against the brute force.
const N: u64 = 200;

/// What one move leaves: one heap or two.
type Leaves = Vec<u64>;

fn lasker_moves(n: u64) -> Vec<Leaves> {
    let mut moves: Vec<Leaves> = (0..n).map(|m| vec![m]).collect();
    // Split into two non-empty heaps a + b = n.
    moves.extend((1..n).map(|a| vec![a, n - a]));
    moves
}

fn grundy_game_moves(n: u64) -> Vec<Leaves> {
    (1..n)
        .filter(|&a| a != n - a)
        .map(|a| vec![a, n - a])
        .collect()
}

fn squares_moves(n: u64) -> Vec<Leaves> {
    (1..=n)
        .map(|k| k * k)
        .take_while(|&s| s <= n)
        .map(|s| vec![n - s])
        .collect()
}

fn powers2_moves(n: u64) -> Vec<Leaves> {
    (0..64)
        .map(|j| 1u64 << j)
        .take_while(|&p| p <= n)
        .map(|p| vec![n - p])
        .collect()
}

/// g(0..=n) by mex over every move, each value from the ones before it.
fn brute(moves: Moves, n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for state in 0..=n {
        let mut seen: Vec<u64> = moves(state)
            .iter()
            .map(|leaves| leaves.iter().fold(0, |acc, &h| acc ^ g[index(h)]))
            .collect();
        seen.sort_unstable();
        let mut mex = 0;
        for v in seen {
            if v == mex {
                mex += 1;
            } else if v > mex {
                break;
            }
        }
        g.push(mex);
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

/// A game's moves from a state.
type Moves = fn(u64) -> Vec<Leaves>;

const GAMES: [(&str, Moves); 4] = [
    ("lasker", lasker_moves),
    ("grundy-game", grundy_game_moves),
    ("subtract:squares", squares_moves),
    ("subtract:powers2", powers2_moves),
];

#[test]
fn library_values_match_the_brute_force() {
    for (name, moves) in GAMES {
        assert_eq!(nimlab_values(name, N), brute(moves, N), "{name}");
    }
}

/// Lasker's Nim (Winning Ways): g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
/// g(4k+4) = 4k+3; g(0) = 0.
#[test]
fn lasker_matches_its_closed_form() {
    let values = nimlab_values("lasker", N);
    for (n, &g) in values.iter().enumerate() {
        let n = n as u64;
        let expected = match n % 4 {
            0 if n == 0 => 0,
            0 => n - 1,
            1 | 2 => n,
            _ => n + 1,
        };
        assert_eq!(g, expected, "g({n})");
    }
}

/// The first 100 values of Grundy's game (OEIS A002188), as the brute force above computes
/// them. A list handed to us as A002188 agreed only up to g(56) (it gave g(57) = 4; the brute
/// force, splitting 57 into every a + b with a ≠ b, finds 2): the brute force is trusted.
const A002188: [u64; 100] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5,
];

#[test]
fn grundy_game_matches_its_first_hundred_values() {
    assert_eq!(brute(grundy_game_moves, 99), A002188);
    assert_eq!(nimlab_values("grundy-game", 99), A002188);
}

/// `winner` and `move` on library games agree with the brute force's nim-sum: a position is a
/// first-player win iff the XOR of its piles' values is not 0, and the move given leaves 0.
#[test]
fn winner_and_move_follow_the_values() {
    for (name, moves) in GAMES {
        let g = brute(moves, 40);
        for piles in [[3u64, 5, 7], [10, 11, 12], [40, 1, 2], [4, 4, 0]] {
            let sum = piles.iter().fold(0, |acc, &p| acc ^ g[index(p)]);
            let args: Vec<String> = piles.iter().map(u64::to_string).collect();
            let out = Test::new()
                .args(["winner", "--format", "json", "--rules", name])
                .args(&args)
                .run()
                .success();
            let reply = out.json();
            assert_eq!(u64_of(&reply["nim_sum"]), sum, "{name} {piles:?}");
            let expected = if sum == 0 { "second" } else { "first" };
            assert_eq!(reply["winner"], Value::from(expected), "{name} {piles:?}");
        }
    }
}

/// `derive` shows a split's value as the XOR of its parts; `conjecture` checks a formula for
/// subtract:powers2 proven by hand: g(n) = n mod 3, since powers of two are 1 or 2 mod 3 (so
/// no option has n's residue) and taking 1 or 2 reaches both other residues (n = 1 has only
/// the option 0: mex {0} = 1).
#[test]
fn a_library_game_is_a_ruleset_everywhere() {
    Test::new()
        .args(["derive", "--rules", "lasker", "3..3"])
        .run()
        .success()
        .stdout_has("split 3 into 1+2: 1 ⊕ 2 = 3")
        .stdout_has("so g(3) = 4");
    Test::new()
        .args(["conjecture", "--rules", "subtract:powers2"])
        .arg("g(n) = n % 3 for n in 0..300")
        .run()
        .success()
        .stdout_has("holds for every n (decided by induction: ")
        .stdout_has("and for n = 0..300 (brute force");
}

/// `play` takes every game: one whose moves split a pile teaches `I -> A+B`, one whose piles
/// are tuples teaches `I -> S`, each with a legal move of its start.
#[test]
fn play_teaches_the_move_syntax_of_each_game() {
    for (rules, pile, syntax) in [
        ("lasker", "3", "`I -> A+B`"),
        ("grundy-game", "7", "(like `1 -> 1+6`)"),
        ("wythoff", "(3,5)", "`I -> S`: pile I becomes the state S"),
    ] {
        Test::new()
            .args(["--color", "never", "play", "--rules", rules, pile])
            .stdin("quit\n")
            .run()
            .success()
            .stdout_has(syntax);
    }
}

/// `grundy --rules lasker 12` lists every option of 12 with its value, wrapped between options
/// at 80 columns: each option's value from the brute force here.
#[test]
fn one_state_lists_its_options_within_eighty_columns() {
    let g = brute(lasker_moves, 12);
    let out = Test::new()
        .args(["grundy", "--rules", "lasker", "12"])
        .run()
        .success();
    for line in out.stdout.lines() {
        assert!(
            line.chars().count() <= 80,
            "longer than 80 columns: {line:?}"
        );
    }
    let listed: String = out
        .stdout
        .lines()
        .take_while(|l| !l.starts_with("mex set"))
        .collect::<Vec<_>>()
        .join(" ");
    let items: Vec<&str> = listed
        .trim_start_matches("options of 12:")
        .split(',')
        .map(str::trim)
        .collect();
    let mut expected: Vec<String> = lasker_moves(12)
        .iter()
        .map(|leaves| {
            let value = leaves.iter().fold(0, |acc, &h| acc ^ g[index(h)]);
            let mut parts = leaves.clone();
            parts.sort_unstable();
            // nimlab lists a split's parts smaller first, each split once.
            let written: Vec<String> = parts.iter().map(u64::to_string).collect();
            format!("{}→{value}", written.join("+"))
        })
        .collect();
    expected.sort();
    expected.dedup();
    let mut got: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    got.sort();
    assert_eq!(got, expected, "{}", out.stdout);
}

/// Past the values by mex, lookups use the closed forms: decided by induction (Lasker,
/// `subtract:powers2`) or theorems checked against mex (Ruler). Each answer is checked here
/// against the brute force where it is feasible, and against the mathematics far out:
/// Lasker's g(10^6) = 10^6 − 1 (10^6 = 4k + 4), Ruler's g(10^6) = 2^6 (10^6 = 2^6 · 15625).
#[test]
fn lookups_past_mex_use_proven_formulas() {
    // Beyond the 1024 states the solver values by mex, against the brute force at 1500.
    for (name, moves) in [
        ("lasker", lasker_moves as Moves),
        ("subtract:powers2", powers2_moves),
    ] {
        let g = brute(moves, 1500);
        let out = Test::new()
            .args(["grundy", "1500", "--format", "json", "--rules", name])
            .run()
            .success();
        let row = &out.json()["rows"][0];
        assert_eq!(u64_of(&row["grundy"]), g[1500], "{name}");
        assert_eq!(row["method"], "closed-form", "{name}");
    }
    Test::new()
        .args(["grundy", "1000000", "--rules", "lasker"])
        .run()
        .success()
        .stdout_has("g(1000000) = 999999")
        .stdout_has("proven formula, decided by induction");
    Test::new()
        .args(["grundy", "1000000", "--rules", "ruler"])
        .run()
        .success()
        .stdout_has("g(1000000) = 64")
        .stdout_has("theorem (")
        .stdout_has("checked against mex");
    // Values in a range and in an expression.
    let out = Test::new()
        .args([
            "grundy", "--values", "--format", "json", "--rules", "lasker",
        ])
        .arg("999997..1000000")
        .run()
        .success();
    let values: Vec<u64> = out.json()["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| u64_of(&r["grundy"]))
        .collect();
    // 999997 = 4k+1, 999998 = 4k+2, 999999 = 4k+3, 1000000 = 4k+4.
    assert_eq!(values, [999_997, 999_998, 1_000_000, 999_999]);
    Test::new()
        .args(["=", "g(lasker, 1000000) xor g(ruler, 1000000)"])
        .run()
        .success()
        .stdout_has(&format!("{}", 999_999 ^ 64));
}

/// Chomp's states are boards: rows' lengths from the bottom, none longer than the row below
/// (the definition's comment says a >= b >= c). Chomp's moves, written here from the rules:
/// eat square (row i, column j), not the poisoned (0, 0), and with it every square above and
/// to the right: rows i and up are cut to at most j.
fn chomp_values() -> std::collections::BTreeMap<[u64; 3], u64> {
    fn g(b: [u64; 3], memo: &mut std::collections::BTreeMap<[u64; 3], u64>) -> u64 {
        if let Some(&v) = memo.get(&b) {
            return v;
        }
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..3 {
            for j in 0..b[i] {
                if (i, j) == (0, 0) {
                    continue;
                }
                let mut next = b;
                for row in next.iter_mut().skip(i) {
                    *row = (*row).min(j);
                }
                seen.insert(g(next, memo));
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(b, v);
        v
    }
    let mut memo = std::collections::BTreeMap::new();
    for a in 0..=2 {
        for b in 0..=a {
            for c in 0..=b {
                g([a, b, c], &mut memo);
            }
        }
    }
    memo
}

/// A tuple that is no board is refused in one line that names it and says what a board is
/// (`(2,3,1)` got g = 4); `verify` counts boards only (it counted 406 positions of all 27
/// tuples, of which 10 are boards). Two piles of boards with parts ≤ 2: each pile one of the
/// 10 boards or absent, 11 · 12 / 2 = 66 positions; the second player wins where the piles'
/// values, by the search above, are equal.
#[test]
fn chomp_takes_boards_only() {
    for args in [
        vec!["winner", "--rules", "chomp", "(2,3,1)"],
        vec!["=", "g(chomp, (2,3,1))"],
    ] {
        let out = Test::new().args(&args).run().code(2);
        let first = out.stderr.lines().next().unwrap();
        assert_eq!(
            first,
            "error: `(2,3,1)` is not a pile: expected a board of chomp: the rows' lengths from \
             the bottom, each no longer than the row below, like `(3,2,1)`",
            "{args:?}"
        );
    }
    Test::new()
        .args(["winner", "--rules", "chomp", "(3,2,1)"])
        .run()
        .success();
    let values = chomp_values();
    let boards: Vec<u64> = values.values().copied().collect();
    assert_eq!(boards.len(), 10);
    let mut piles: Vec<u64> = boards.clone();
    piles.push(0); // an absent pile
    let mut second = 0;
    for x in 0..piles.len() {
        for y in x..piles.len() {
            if piles[x] == piles[y] {
                second += 1;
            }
        }
    }
    let out = Test::new()
        .args([
            "verify", "--rules", "chomp", "--piles", "2", "--max", "2", "--format", "json",
        ])
        .run()
        .success();
    let v = out.json();
    assert_eq!(
        (u64_of(&v["positions"]), u64_of(&v["second_wins"])),
        (66, second),
        "{v}"
    );
}

/// Northcott in a sum, its row written in its own parentheses (`northcott((1,3))`), is read as
/// `northcott(1,3)`; its error suggested `(3,3)`, which is no row. By hand: the gap between
/// the counters of (1,3) is 1, a Nim heap of 1; 1 ⊕ 2 = 3 ≠ 0, so the first player wins.
#[test]
fn northcott_in_a_sum_takes_its_row_in_parentheses_and_suggests_a_row() {
    for sum in ["northcott((1,3)) + nim(2)", "northcott(1,3) + nim(2)"] {
        Test::new()
            .args(["winner", sum])
            .run()
            .success()
            .stdout_has("nim-sum 3 ≠ 0: the first player (to move) wins.");
    }
    let out = Test::new()
        .args(["winner", "--rules", "northcott", "(1,3,4)"])
        .run()
        .code(2);
    assert!(out.stderr.contains("like `(1,4)`"), "{}", out.stderr);
    Test::new()
        .args(["winner", "--rules", "northcott", "(1,4)"])
        .run()
        .success();
}
