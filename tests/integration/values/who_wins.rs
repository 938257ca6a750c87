//! One answer to "who wins", whatever the position: piles of one ruleset, a stream of piles,
//! a sum of different games, Green Hackenbush pictures, tokens on a loopy graph, a ruleset
//! played misère, Moore's Nim. For each kind, `winner`'s JSON `winner` field and its text's
//! verdict sentence say the same outcome, and that outcome is the one a game-tree search
//! written here finds. The sentence names its reason and fits 80 columns.

use std::collections::HashMap;

use crate::oracle::search::{canonical, kayles_row, misere_wins, moore, nim_heap, one_heap, wins};
use crate::support::{Test, str_of};

/// Who wins, as `winner` names it in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    First,
    Second,
    Draw,
}

impl Outcome {
    fn name(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
            Self::Draw => "draw",
        }
    }

    /// The words of the text view's verdict.
    fn words(self) -> &'static str {
        match self {
            Self::First => "the first player (to move) wins",
            Self::Second => "the second player wins",
            Self::Draw => "a draw",
        }
    }

    fn of(first_wins: bool) -> Self {
        if first_wins {
            Self::First
        } else {
            Self::Second
        }
    }
}

/// A Nim heap and Kayles rows as one game: a position is the heap, then the rows; a move
/// lowers the heap or knocks pins from one row.
fn nim_and_kayles(p: &[u64]) -> Vec<Vec<u64>> {
    let (heap, rows) = (p[0], &p[1..]);
    let mut out: Vec<Vec<u64>> = (0..heap).map(|h| [&[h], rows].concat()).collect();
    out.extend(
        one_heap(rows, kayles_row)
            .into_iter()
            .map(|r| [vec![heap], r].concat()),
    );
    out
}

/// `winner ARGS` as JSON and as text: the JSON `winner`, and the text's verdict line (the
/// last one naming an outcome), after checking that every line fits 80 columns.
fn both(args: &[&str], stdin: Option<&str>) -> (String, String) {
    let run = |extra: &[&str]| {
        let mut t = Test::new()
            .arg("winner")
            .args(args.iter().copied())
            .args(extra.iter().copied());
        if let Some(text) = stdin {
            t = t.stdin(text);
        }
        t.run().success()
    };
    let json = run(&["--format", "json"]).json();
    let text = run(&[]).stdout;
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{args:?}: {line:?}\n{text}");
    }
    // The sentence may wrap: join the lines, and take the first outcome named with the
    // words before it on its sentence's lines (the reason).
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let (at, words) = [Outcome::First, Outcome::Second, Outcome::Draw]
        .iter()
        .filter_map(|o| joined.find(o.words()).map(|at| (at, o.words())))
        .min()
        .unwrap_or_else(|| panic!("{args:?}: no verdict in {text}"));
    let start = joined[..at]
        .char_indices()
        .rev()
        .nth(90)
        .map_or(0, |(i, _)| i);
    let verdict = joined[start..at + words.len()].to_string();
    (str_of(&json["winner"]).to_string(), verdict)
}

/// The JSON and the text say `expected`, and the text gives `reason` before it.
#[track_caller]
fn says(args: &[&str], stdin: Option<&str>, expected: Outcome, reason: &str) {
    let (winner, verdict) = both(args, stdin);
    assert_eq!(winner, expected.name(), "{args:?}: {verdict}");
    assert!(verdict.contains(expected.words()), "{args:?}: {verdict}");
    assert!(
        verdict.contains(reason),
        "{args:?}: {verdict:?} lacks {reason:?}"
    );
}

#[test]
fn piles_of_one_ruleset() {
    let mut memo = HashMap::new();
    for piles in [vec![1, 2, 3], vec![3, 4, 5], vec![0, 0], vec![2, 2, 7]] {
        let nim = |p: &[u64]| one_heap(p, nim_heap);
        let expected = Outcome::of(wins(&canonical(piles.clone()), &nim, &mut memo));
        let words: Vec<String> = piles.iter().map(u64::to_string).collect();
        let mut args = vec!["--rules", "nim"];
        args.extend(words.iter().map(String::as_str));
        let reason = if piles.iter().all(|&p| p == 0) {
            "no move is possible"
        } else if expected == Outcome::First {
            "≠ 0: "
        } else {
            "nim-sum 0: "
        };
        says(&args, None, expected, reason);
    }
}

#[test]
fn a_stream_too_long_to_show() {
    // Nim on 1..=300: the search of so many piles is out of reach, but Bouton's theorem is
    // checked by hand: 1 ⊕ 2 ⊕ … ⊕ 300 = 300 (the XOR of 1..=n is n when n ≡ 0 mod 4).
    let piles: Vec<String> = (1..=300).map(|n: u64| n.to_string()).collect();
    let xor = (1..=300u64).fold(0, |a, n| a ^ n);
    assert_eq!(xor, 300);
    says(
        &["--rules", "nim", "-"],
        Some(&piles.join("\n")),
        Outcome::First,
        "nim-sum 300 ≠ 0",
    );
}

#[test]
fn a_sum_of_different_games() {
    // nim(3) + nim(3) is lost for the mover (copy the opponent); kayles(4) + nim(1): search.
    says(&["nim(3) + nim(3)"], None, Outcome::Second, "nim-sum 0");
    let mut memo = HashMap::new();
    for (row, heap) in [(4, 1), (3, 3), (5, 2)] {
        let expected = Outcome::of(wins(&[heap, row], &nim_and_kayles, &mut memo));
        let sum = format!("kayles({row}) + nim({heap})");
        let reason = if expected == Outcome::First {
            "≠ 0: "
        } else {
            "nim-sum 0: "
        };
        says(&[sum.as_str()], None, expected, reason);
    }
}

#[test]
fn green_hackenbush_pictures() {
    // Stalks are Nim heaps: stalks of 2 and 3 are Nim 2 3, won by the mover.
    let mut memo = HashMap::new();
    let nim = |p: &[u64]| one_heap(p, nim_heap);
    let expected = Outcome::of(wins(&[2, 3], &nim, &mut memo));
    says(
        &["--rules", "hackenbush", "2", "3"],
        None,
        expected,
        "nim-sum 1 ≠ 0",
    );
    says(
        &["--rules", "hackenbush", "2", "2"],
        None,
        Outcome::Second,
        "nim-sum 0",
    );
    // The ground alone: no edge to cut, so the mover has lost.
    says(
        &["--rules", "hackenbush", "0"],
        None,
        Outcome::Second,
        "no move is possible",
    );
}

#[test]
fn tokens_on_a_loopy_graph() {
    // a ⇄ b with an exit b → c (c has no move): from b the mover moves to c and wins; from a
    // the mover must move to b, a win for the opponent, so a is lost; d ⇄ e with no exit is
    // a draw; c has no move at all.
    let test = Test::new();
    let path = test.write(
        "g.yaml",
        "format: 1\npositions:\n  a: [b]\n  b: [a, c]\n  c: []\n  d: [e]\n  e: [d]\n",
    );
    let rules = format!("graph:{}", path.display());
    says(&["--rules", &rules, "b"], None, Outcome::First, "γ");
    says(&["--rules", &rules, "a"], None, Outcome::Second, "γ = 0");
    says(&["--rules", &rules, "d"], None, Outcome::Draw, "infinite");
    says(
        &["--rules", &rules, "c"],
        None,
        Outcome::Second,
        "no move is possible",
    );
}

#[test]
fn a_ruleset_played_misere() {
    let mut memo = HashMap::new();
    for rows in [vec![3, 4], vec![1, 1], vec![2, 5], vec![4]] {
        let kayles = |p: &[u64]| one_heap(p, kayles_row);
        let expected = Outcome::of(misere_wins(&canonical(rows.clone()), &kayles, &mut memo));
        let words: Vec<String> = rows.iter().map(u64::to_string).collect();
        let mut args = vec!["--misere", "--rules", "kayles"];
        args.extend(words.iter().map(String::as_str));
        says(&args, None, expected, "by exhaustive search");
    }
}

#[test]
fn moores_nim_on_every_small_position() {
    // Every position of three piles up to 3 under Moore's Nim_2, against a search.
    let mut memo = HashMap::new();
    let moves = |p: &[u64]| moore(2, p);
    for a in 0..=3u64 {
        for b in 0..=3u64 {
            for c in 0..=3u64 {
                let piles = vec![a, b, c];
                let expected = Outcome::of(wins(&piles, &moves, &mut memo));
                let words: Vec<String> = piles.iter().map(u64::to_string).collect();
                let mut args = vec!["--rules", "moore:2"];
                args.extend(words.iter().map(String::as_str));
                let reason = if expected == Outcome::First {
                    "a column's count is not 0 mod 3: "
                } else {
                    "every column's count is 0 mod 3: "
                };
                says(&args, None, expected, reason);
            }
        }
    }
}

#[test]
fn every_command_on_a_position_takes_a_sum() {
    // `nimsum`, `winner` and `move` choose the kind of position in one place: a sum written
    // out is a sum for each of them. nim(3) + nim(4): values 3 and 4, nim-sum 3 ⊕ 4 = 7.
    for command in ["winner", "move", "nimsum"] {
        let out = Test::new()
            .args([command, "nim(3) + nim(4)", "--format", "json"])
            .run()
            .success();
        let v = out.json();
        assert_eq!(v["nim_sum"], 7, "{command}: {v}");
        assert_eq!(v["winner"], "first", "{command}: {v}");
    }
}

#[test]
fn a_sum_played_misere_is_searched_whole() {
    let mut memo = HashMap::new();
    for (row, heap) in [(4, 1), (3, 3), (2, 1), (5, 0)] {
        let expected = Outcome::of(misere_wins(&[heap, row], &nim_and_kayles, &mut memo));
        let sum = format!("kayles({row}) + nim({heap})");
        says(&["--misere", &sum], None, expected, "by exhaustive search");
    }
    // Nothing to move: the player to move made no last move, and wins.
    says(
        &["--misere", "nim(0) + kayles(0)"],
        None,
        Outcome::First,
        "no move is possible",
    );
}
