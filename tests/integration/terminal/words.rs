//! Words that do not overclaim. Misère tables say they hold normal-play values and state
//! Bouton's misère rule, which is checked here against an exhaustive misère game-tree search
//! written in this file; a position without a move says there is none; proof steps say on
//! which instances they were checked; the shell and a script agree where the README says so.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;

use crate::support::{Output, Test, batch, str_of, u64_of};

/// Misère Nim by exhaustive game-tree search, sharing nothing with nimlab: the player to move
/// wins iff some move (take 1..=p from one pile p) leads to a position lost for the opponent;
/// with every pile empty the player to move has won, since the opponent moved last.
#[derive(Default)]
struct MisereSearch {
    memo: HashMap<Vec<u64>, bool>,
}

impl MisereSearch {
    fn first_wins(&mut self, piles: &[u64]) -> bool {
        let mut key: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
        key.sort_unstable();
        if key.is_empty() {
            return true;
        }
        if let Some(&wins) = self.memo.get(&key) {
            return wins;
        }
        let mut wins = false;
        'search: for i in 0..key.len() {
            for take in 1..=key[i] {
                let mut next = key.clone();
                next[i] -= take;
                if !self.first_wins(&next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, wins);
        wins
    }
}

/// Bouton's misère rule as nimlab states it: if every pile is 0 or 1, the player to move wins
/// iff the number of 1-piles is even; otherwise iff the nim-sum is non-zero.
fn bouton_misere(piles: &[u64]) -> bool {
    if piles.iter().all(|&p| p <= 1) {
        piles.iter().filter(|&&p| p == 1).count() % 2 == 0
    } else {
        piles.iter().fold(0, |acc, &p| acc ^ p) != 0
    }
}

/// Every position of up to `k` piles of size ≤ `max`, each as a sorted list.
fn positions(k: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..k {
        let mut next = Vec::new();
        for p in &frontier {
            let least = p.last().copied().unwrap_or(0);
            for n in least..=max {
                let mut q: Vec<u64> = p.clone();
                q.push(n);
                next.push(q);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn run(args: &[&str]) -> Output {
    Test::new().args(args.iter().copied()).run()
}

/// Proof checks evaluate thousands of values by mex and by search: seconds in a debug build on
/// a busy machine, so they get more time before a run counts as a hang.
const SLOW: Duration = Duration::from_secs(180);

fn run_proof(args: &[&str]) -> Output {
    Test::new().args(args.iter().copied()).timeout(SLOW).run()
}

const MISERE_RULE: &str = "Bouton's misère rule decides it: if every pile is 0 or 1, the \
    player to move wins iff the number of 1-piles is even; otherwise iff the nim-sum is not 0";

#[test]
fn bouton_misere_rule_agrees_with_exhaustive_search() {
    let mut search = MisereSearch::default();
    // By hand: no move left wins; a lone 1 must be taken and loses; 1 1 leaves the opponent
    // a lone 1; a lone 2 is taken down to 1; 2 2 is answered move for move; 1 2 3 has
    // nim-sum 0 with a pile of 2 or more, so it is lost, and 2 3 (nim-sum 1) is won.
    for (piles, wins) in [
        (&[][..], true),
        (&[1][..], false),
        (&[1, 1][..], true),
        (&[1, 1, 1][..], false),
        (&[2][..], true),
        (&[2, 2][..], false),
        (&[1, 2, 3][..], false),
        (&[2, 3][..], true),
    ] {
        assert_eq!(search.first_wins(piles), wins, "search {piles:?}");
        assert_eq!(bouton_misere(piles), wins, "rule {piles:?}");
    }
    let all = positions(4, 7);
    // Multisets of k = 0..4 sizes from 0..7: 1 + 8 + 36 + 120 + 330.
    assert_eq!(all.len(), 495);
    for p in &all {
        assert_eq!(bouton_misere(p), search.first_wins(p), "{p:?}");
    }
}

#[test]
fn misere_winner_agrees_with_exhaustive_search() {
    let mut search = MisereSearch::default();
    let all: Vec<Vec<u64>> = positions(3, 5)
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    let lines: Vec<String> = all
        .iter()
        .map(|p| {
            let piles: Vec<String> = p.iter().map(u64::to_string).collect();
            format!("winner --rules misere --format json {}", piles.join(" "))
        })
        .collect();
    for (p, v) in all.iter().zip(batch(&lines)) {
        let expected = if search.first_wins(p) {
            "first"
        } else {
            "second"
        };
        assert_eq!(str_of(&v["winner"]), expected, "{p:?}: {v}");
    }
}

#[test]
fn misere_tables_say_they_hold_normal_play_values_and_state_the_rule() {
    let table = run(&["--format", "json", "grundy", "--rules", "misere", "0..7"])
        .success()
        .json();
    assert_eq!(table["values"], Value::from("normal-play"));
    // Normal-play values by mex over the explicit options k < n: g(n) = mex{g(0), …, g(n−1)}.
    let mut normal: Vec<u64> = Vec::new();
    for n in 0..=7u64 {
        let reachable: Vec<u64> = (0..n).map(|k| normal[crate::support::index(k)]).collect();
        let mex = (0..).find(|m| !reachable.contains(m)).expect("a mex");
        normal.push(mex);
        assert_eq!(
            u64_of(&table["rows"][crate::support::index(n)]["grundy"]),
            mex,
            "g({n})"
        );
    }
    // The values alone would call a lone 1 a win (g(1) ≠ 0); misère play loses it.
    assert_ne!(normal[1], 0);
    assert!(!MisereSearch::default().first_wins(&[1]));
    let lone = run(&["--format", "json", "winner", "--rules", "misere", "1"])
        .success()
        .json();
    assert_eq!(str_of(&lone["winner"]), "second");

    let text = run(&["grundy", "--rules", "misere", "0..7"])
        .success()
        .stdout;
    assert!(
        text.starts_with("Normal-play Grundy values of single misere piles"),
        "{text}"
    );
    for args in [
        &["grundy", "--rules", "misere", "0..7"][..],
        &["grundy", "--rules", "misere", "5"],
        &["grundy", "--rules", "misere", "1000000000000"],
        &["grundy", "--rules", "misere", "0..3", "--values"],
    ] {
        let out = flat(&run(args).success().stdout);
        assert!(out.contains("normal-play values"), "{args:?}: {out}");
        assert!(out.contains(&flat(MISERE_RULE)), "{args:?}: {out}");
        assert!(!out.contains("Grundy values of misere"), "{args:?}: {out}");
    }
    let values = run(&[
        "--format", "json", "grundy", "--rules", "misere", "0..3", "--values",
    ])
    .success()
    .json();
    assert_eq!(values["values"], Value::from("normal-play"));
    // Other rulesets' tables have no such key.
    let nim = run(&["--format", "json", "grundy", "--rules", "nim", "0..3"])
        .success()
        .json();
    assert!(nim.get("values").is_none(), "{nim}");

    let period = run(&["period", "--rules", "misere"]).code(2).stderr;
    assert!(period.contains("normal-play"), "{period}");
    assert!(period.contains("Bouton's misère rule"), "{period}");
}

#[test]
fn a_position_without_a_move_says_there_is_none() {
    // By hand, no move exists: empty piles, and piles of 1 and 2 when only 3 may be taken.
    for (rules, piles) in [
        ("zero-move", &["0", "0"][..]),
        ("nim", &["0"][..]),
        ("subtract:3", &["1", "2"][..]),
        ("octal:0.77", &["0"][..]),
    ] {
        let mut args = vec!["winner", "--rules", rules];
        args.extend_from_slice(piles);
        let out = run(&args).success().stdout;
        // The sentence wraps between words at 80 columns.
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "no move is possible: the player to move loses in normal play — the second player wins."
            ),
            "{args:?}: {out}"
        );
        assert!(!out.contains("every move"), "{args:?}: {out}");
        args[0] = "move";
        let out = run(&args).success().stdout;
        assert!(
            out.contains("no move is left: the player to move has lost."),
            "{args:?}: {out}"
        );
        assert!(!out.contains("every move loses"), "{args:?}: {out}");
    }
    // Misère: with no move left the player to move has won (the search says so too).
    assert!(MisereSearch::default().first_wins(&[0, 0]));
    let out = run(&["winner", "--rules", "misere", "0", "0"])
        .success()
        .stdout;
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("no move is possible: in misère play the player to move wins — the first player (to move) wins."),
        "{out}"
    );
    // Where moves exist and the nim-sum is 0 (1 ⊕ 1 = 0; subtract:3 values g(3) = mex{g(0)}
    // = 1, so 3 3 has nim-sum 0 too), every move does leave a non-zero nim-sum.
    for (rules, piles) in [("nim", ["1", "1"]), ("subtract:3", ["3", "3"])] {
        let out = run(&["winner", "--rules", rules, piles[0], piles[1]])
            .success()
            .stdout;
        assert!(
            out.contains(
                "nim-sum 0: the second player wins — every move leaves a non-zero nim-sum."
            ),
            "{rules} {piles:?}: {out}"
        );
        let out = run(&["move", "--rules", rules, piles[0], piles[1]])
            .success()
            .stdout;
        assert!(out.contains("every move loses"), "{rules} {piles:?}: {out}");
    }
}

/// The bundled proofs, from `prove`'s list.
fn proofs() -> Vec<String> {
    let list = run(&["prove"]).success().stdout;
    let names: Vec<String> = list
        .lines()
        .skip(1)
        // A long description wraps onto lines indented under itself, not under the names.
        .filter_map(|l| l.strip_prefix("  ").filter(|rest| !rest.starts_with(' ')))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    assert!(names.len() >= 3, "{list}");
    names
}

/// `A..B` with whole numbers at both ends.
fn range(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once("..")?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// Every bundled proof checks out (its only run through nimlab in this suite, in text and in
/// JSON), and each step says which instances were checked.
#[test]
fn proof_steps_say_which_instances_were_checked() {
    let mut ranges = 0;
    let mut zero_move_rule = String::new();
    for name in proofs() {
        let text = run_proof(&["prove", &name]).success().stdout;
        assert!(!text.contains('✗'), "{name}:\n{text}");
        assert!(text.matches('✓').count() >= 3, "{name}");
        if name == "zero-move-rule" {
            zero_move_rule.clone_from(&text);
        }
        for overclaim in ["holds for all", "checked by the engine"] {
            assert!(!text.contains(overclaim), "{name}: {text}");
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(domain) = line.strip_prefix("  for    ") else {
                continue;
            };
            let (var, values) = domain.split_once(" in ").expect("VAR in DOMAIN");
            if let Some((a, b)) = range(values) {
                // Either only checked, or decided for every value and checked as well.
                let checked = format!("  ✓ checked for {var} = {a}..{b}");
                // A decided line says what its sentence states, over as many lines as it
                // takes, then the finite check.
                let and_checked = lines[i + 2..]
                    .iter()
                    .position(|l| !l.starts_with("    ") || l.starts_with("    and "))
                    .map(|k| i + 2 + k);
                let decided = lines[i + 1].starts_with("  ✓ decided ")
                    && and_checked.is_some_and(|j| {
                        lines[i + 1..j].join(" ").contains("(automaton of ")
                            && lines[j]
                                == format!("    and checked for {var} = {a}..{b} by the engine")
                    });
                assert!(
                    lines[i + 1] == checked || decided,
                    "{name}: {}",
                    lines[i + 1]
                );
                if lines[i + 1] == checked {
                    assert!(lines[i + 2].starts_with("    not decided: "), "{name}");
                }
                ranges += 1;
            }
        }
        let json = run_proof(&["--format", "json", "prove", &name])
            .success()
            .json();
        for step in json["steps"].as_array().expect("steps") {
            assert_ne!(step["holds"], false, "{name}: {step}");
            let Some(domain) = step["for"].as_str() else {
                if step["check"].is_string() {
                    assert_eq!(step["checked"], Value::Null, "{step}");
                    assert_eq!(u64_of(&step["cases"]), 1, "{step}");
                }
                continue;
            };
            let (var, values) = domain.split_once(" in ").expect("VAR in DOMAIN");
            if let Some((a, b)) = range(values) {
                assert_eq!(
                    step["checked"],
                    serde_json::json!({ "var": var, "from": a, "to": b }),
                    "{step}"
                );
                assert_eq!(step["cases"].as_i64(), Some(b - a + 1), "{step}");
            }
        }
    }
    assert!(ranges >= 10, "only {ranges} range steps");
    // A domain that is not one run of numbers: n = 2j + 1 for j = 0..150 is 151 odd numbers,
    // from 1 to 301.
    assert!(
        zero_move_rule.contains(
            "  for    n in {2 * j + 1 : j in 0..150}\n  ✓ decided for every odd n, assuming the rule below n:"
        ) && zero_move_rule
            .contains("\n    and checked for 151 values of n, from 1 to 301 by the engine\n"),
        "{zero_move_rule}"
    );
    // Help and README call a proof's checks what they are.
    let overview = flat(&run(&["help"]).success().stdout);
    assert!(
        !overview.contains("every step the engine checks"),
        "{overview}"
    );
    assert!(overview.contains("finite range"), "{overview}");
    assert!(overview.contains("decided for every n"), "{overview}");
    let help = flat(&run(&["help", "prove"]).success().stdout);
    assert!(help.contains("finite range"), "{help}");
    assert!(help.contains("decided for every n"), "{help}");
    let readme = flat(include_str!("../../../README.md"));
    assert!(!readme.contains("every step the engine checks"));
    assert!(readme.contains("checked for n = 1..300"));
}

#[test]
fn the_shell_prints_what_a_script_line_prints() {
    for line in [
        "winner 18 47 34",
        "move 32 49 58",
        "nimsum 3 4 5",
        "grundy 0..3",
        "mex 0 1 3",
        "rules",
        "derive 0..1",
        "prove bouton",
    ] {
        let words = shell_words::split(line).expect("words");
        let shell = Test::new().args(words).timeout(SLOW).run().success().stdout;
        let script = Test::new()
            .stdin(format!("{line}\n"))
            .timeout(SLOW)
            .run()
            .success()
            .stdout;
        assert_eq!(untimed(&shell), untimed(&script), "{line}");
    }
}

/// The text with the decider's timings (`automaton of 3 states, 0.2 ms)`) left out: the
/// only part of a proof's output that differs from run to run. Read as one line, since a
/// decided step's words wrap around its timing and a longer time may move a line break.
fn untimed(text: &str) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    let mut rest = flat.as_str();
    while let Some(at) = rest.find("automaton of ") {
        let after = &rest[at..];
        let cut = after.find(" states, ").or_else(|| after.find(" state, "));
        match (cut, after.find(')')) {
            (Some(c), Some(end)) if c < end => {
                out.push_str(&rest[..at + c]);
                rest = &after[end..];
            }
            _ => {
                out.push_str(&rest[..at + "automaton of ".len()]);
                rest = &after["automaton of ".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn what_carries_on_an_activity_needs_the_repl_or_a_script() {
    let readme = flat(include_str!("../../../README.md"));
    for line in [
        "take 1 from 1",
        "pass 1",
        "undo",
        "hint",
        "resign",
        "next",
        "back",
        "goto x",
        "skip",
        "reveal",
        "lesson quit",
        "expand",
        "at n = 3",
    ] {
        let words = shell_words::split(line).expect("words");
        let command = words[0].clone();
        let out = Test::new().args(words).run().code(2);
        assert_eq!(out.stdout, "", "{line}");
        assert_eq!(out.stderr.lines().count(), 1, "{line}: {}", out.stderr);
        let named = if line == "lesson quit" {
            "`lesson quit`".to_string()
        } else {
            format!("`{command}`")
        };
        assert!(readme.contains(&named), "README does not name {named}");
    }
    // In a script the same lines carry on: a game's move after `play`.
    let out = Test::new()
        .args(["--format", "json"])
        .stdin("play 1 2 --rules nim\ntake 1 from 2\n")
        .run()
        .success();
    let lines = out.json_lines();
    assert_eq!(lines[1]["piles"][1], Value::from("1"), "{}", out.stdout);
}

/// A component whose state is a tuple is a game of the sum, not a pile: Wythoff's queens, a
/// staircase, Chomp's boards are named "game N" in the table, the move and the marker; Nim's
/// piles stay piles.
#[test]
fn a_tuple_state_is_a_game_not_a_pile() {
    for args in [
        &["move", "--rules", "wythoff", "(3,5)", "(4,4)"][..],
        &["move", "--rules", "staircase", "3", "1", "4", "1"],
        &["move", "--rules", "chomp", "(3,2,1)"],
    ] {
        let out = Test::new().args(args).run().success();
        assert!(out.stdout.contains("winning move: game "), "{}", out.stdout);
        assert!(out.stdout.contains("   game "), "{}", out.stdout);
        assert!(!out.stdout.contains("pile"), "{}", out.stdout);
    }
    Test::new()
        .args(["move", "--rules", "nim", "3", "4", "5"])
        .run()
        .success()
        .stdout_has("winning move: pile ");
}
