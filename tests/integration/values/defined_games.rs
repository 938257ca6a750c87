//! Games defined in the game language (`game NAME(n) = OPTIONS`) on the shell, in a script and
//! by `--rules NAME`: their values against a brute force written here, and hostile definitions
//! refused with one clear error naming what is wrong, exit code 2, never a panic or a hang.

use std::time::{Duration, Instant};

use crate::support::{Output, Test, index, u64_of};

/// g(0..=n) by mex over `moves`, each a list of the heaps a move leaves.
fn brute(moves: impl Fn(u64) -> Vec<Vec<u64>>, n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for state in 0..=n {
        let values: Vec<u64> = moves(state)
            .iter()
            .map(|heaps| heaps.iter().fold(0, |acc, &h| acc ^ g[index(h)]))
            .collect();
        g.push((0..).find(|v| !values.contains(v)).unwrap_or(0));
    }
    g
}

/// The values of `grundy --values` in JSON lines printed by a script.
fn values(out: &Output) -> Vec<u64> {
    out.stdout
        .lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("JSON"))
        .filter_map(|doc| doc.get("rows").cloned())
        .flat_map(|rows| rows.as_array().cloned().unwrap_or_default())
        .map(|r| u64_of(&r["grundy"]))
        .collect()
}

#[test]
fn a_game_defined_in_a_script_is_the_sessions_rules_and_its_name_is_a_ruleset() {
    // Take 1, 3 or 4 (written with a condition), or split a heap of 5 or more into two
    // non-empty heaps at least 2 apart.
    let script = "\
game mine(n) = {n - k : k in {1, 3, 4}, k <= n} ∪ {[a, n - a] : a in 1..n, n >= 5 and n - a - a >= 2}
grundy 0..60 --values --format json
grundy --rules game:mine 0..60 --values --format json
";
    let out = Test::new().stdin(script).run().success();
    let expected = brute(
        |n| {
            let mut m: Vec<Vec<u64>> = [1, 3, 4]
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| vec![n - k])
                .collect();
            if n >= 5 {
                m.extend((1..n).filter(|&a| n - a >= a + 2).map(|a| vec![a, n - a]));
            }
            m
        },
        60,
    );
    let got = values(&out);
    assert_eq!(got.len(), 2 * 61);
    assert_eq!(got[..61], expected[..]);
    assert_eq!(got[61..], expected[..]);
}

#[test]
fn the_games_a_session_defined_stay_nameable_after_its_rules_change() {
    // Two games defined, the rules changed twice: each is still `game:NAME`, with its own
    // values (take 1 or 3 alternates 0, 1; take 1 or 2 has period 3), and the session's rules
    // can go back to the first.
    let script = "\
game take13(n) = {n - k : k in {1, 3}, k <= n}
game take12(n) = {n - k : k in 1..2, k <= n}
rules nim
grundy --rules game:take13 0..12 --values --format json
grundy --rules game:take12 0..12 --values --format json
rules game:take13
grundy 0..12 --values --format json
";
    let out = Test::new().stdin(script).run().success();
    let take = |set: &'static [u64]| {
        brute(
            move |n| {
                set.iter()
                    .filter(|&&k| k <= n)
                    .map(|&k| vec![n - k])
                    .collect()
            },
            12,
        )
    };
    let (t13, t12) = (take(&[1, 3]), take(&[1, 2]));
    assert_eq!(t13[..4], [0, 1, 0, 1], "the brute force itself");
    assert_eq!(t12[..4], [0, 1, 2, 0], "the brute force itself");
    let got = values(&out);
    assert_eq!(got.len(), 3 * 13);
    assert_eq!(got[..13], t13[..]);
    assert_eq!(got[13..26], t12[..]);
    assert_eq!(got[26..], t13[..]);
}

#[test]
fn a_game_defined_on_the_shell_is_checked_and_then_forgotten() {
    Test::new()
        .args(["game", "take2(n) = {n - k : k in 1..2, k <= n}"])
        .run()
        .success()
        .stdout_has("defined take2");
}

/// A hostile definition: exit code 2, no panic, within a few seconds, an error naming `token`.
#[track_caller]
fn refused(definition: &str, token: &str) {
    let started = Instant::now();
    let out = Test::new().args(["game", definition]).run().code(2);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{definition}: took {:?}",
        started.elapsed()
    );
    assert!(
        !out.stderr.contains("panicked"),
        "{definition}: {}",
        out.stderr
    );
    let first = out.stderr.lines().next().unwrap_or_default();
    assert!(first.starts_with("error: "), "{definition}: {}", out.stderr);
    assert!(
        out.stderr.contains(&format!("`{token}`")),
        "{definition}: does not name `{token}`: {}",
        out.stderr
    );
}

#[test]
fn hostile_definitions_are_refused_with_the_bad_token() {
    // A cycle: the state itself is an option.
    refused("loop(n) = {n}", "0");
    // An option larger than the state.
    refused("up(n) = {n + 1}", "1");
    // A negative option.
    refused("neg(n) = {n - 2}", "n - 2");
    // A name nothing binds.
    refused("free(n) = {m - 1}", "m");
    // A name the library has.
    refused("lasker(n) = {}", "lasker");
    // A ruleset function inside a definition.
    refused("self(n) = {g(n - 1)}", "g");
    // A huge range: refused at the work limit, not run.
    refused("huge(n) = {0 : j in 1..pow(10, 30), n > 0}", "huge");
    // Leaving nothing from 0 (an empty run): a move from 0 to 0.
    refused("nothing(n) = {[n..n - 1]}", "[]");
    // Deep nesting.
    let deep = format!("deep(n) = {}n{}", "(".repeat(5000), ")".repeat(5000));
    refused(&deep, "(");
    // Not a definition at all.
    refused("x = 3", "=");
}

#[test]
fn a_definition_refused_in_a_script_leaves_the_session_working() {
    let script = "game up(n) = {n + 1}\n= 1 + 1\n";
    let out = Test::new().stdin(script).run().code(2);
    assert!(out.stdout.contains('2'), "{}", out.stdout);
    assert!(out.stderr.contains("the state 0"), "{}", out.stderr);
}

/// `verify --rules game:NAME` finds a game the session defined, as every other command does
/// (it said no such game), and `game:NAME-misere` plays it misère. take13 is subtraction of
/// 1, 2 or 3: by hand g(n) = n mod 4. Two piles of at most 10 are the 66 multisets of size 2
/// of 0..10; the second player wins when both sizes have the same residue mod 4: classes of
/// 3, 3, 3 and 2 sizes give 6 + 6 + 6 + 3 = 21. Misère is counted by a search written here.
#[test]
fn verify_finds_a_game_the_session_defined() {
    let out = Test::new()
        .stdin(
            "game take13(n) = {n - k : k in 1..min(n, 3)}\n\
             verify --rules game:take13 --max 10 --piles 2 --format json\n\
             verify --rules game:take13-misere --max 6 --piles 2 --format json\n",
        )
        .run()
        .success();
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{}", out.stdout);
    assert_eq!(
        (
            u64_of(&lines[0]["positions"]),
            u64_of(&lines[0]["second_wins"])
        ),
        (66, 21)
    );
    // Misère: the player to move with no move left wins.
    fn mover_wins(a: u64, b: u64) -> bool {
        if a + b == 0 {
            return true;
        }
        let mut options = Vec::new();
        for k in 1..=3 {
            if a >= k {
                options.push((a - k, b));
            }
            if b >= k {
                options.push((a, b - k));
            }
        }
        options.into_iter().any(|(a, b)| !mover_wins(a, b))
    }
    let lost = (0..=6u64)
        .flat_map(|a| (a..=6).map(move |b| (a, b)))
        .filter(|&(a, b)| !mover_wins(a, b))
        .count();
    assert_eq!(lines[1]["misere"], true);
    assert_eq!(u64_of(&lines[1]["second_wins"]), lost as u64);
    assert_eq!(lost, 8);
}

/// The rate of a search is never rounded to nothing: 168 moves in some milliseconds were
/// "0 M/s". The rate's number is at least 1 in the unit it is given in, and the unit is one
/// of M/s, k/s and /s.
#[test]
fn a_searchs_rate_is_never_shown_as_zero() {
    let out = Test::new()
        .stdin(
            "game take13(n) = {n - k : k in 1..min(n, 3)}\n\
             verify --rules game:take13 --max 10 --piles 2\n",
        )
        .run()
        .success();
    let line = out
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("moves examined"))
        .expect("a moves line");
    let words: Vec<&str> = line.split_whitespace().collect();
    // moves examined N RATE UNIT in the search
    assert_eq!(words[2], "168", "{line}");
    let rate: f64 = words[3].parse().expect("a rate");
    assert!(rate >= 1.0, "{line}");
    assert!(["M/s", "k/s", "moves/s"].contains(&words[4]), "{line}");
}
