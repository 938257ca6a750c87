//! One answer to "who wins", whatever the position: piles of one ruleset, a stream of piles,
//! a sum of different games, Green Hackenbush pictures, tokens on a loopy graph, a ruleset
//! played misère, Moore's Nim. For each kind, `winner`'s JSON `winner` field and its text's
//! verdict sentence say the same outcome, and that outcome is the one a game-tree search
//! written here finds. The sentence names its reason and fits 80 columns.

use std::collections::HashMap;

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

/// Normal play by search: the player to move wins iff some move leaves a lost position.
fn search<P: Clone + Eq + std::hash::Hash>(
    p: &P,
    moves: &dyn Fn(&P) -> Vec<P>,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let w = moves(p).iter().any(|q| !search(q, moves, memo));
    memo.insert(p.clone(), w);
    w
}

/// Misère play by search: with no move left the player to move wins.
fn search_misere<P: Clone + Eq + std::hash::Hash>(
    p: &P,
    moves: &dyn Fn(&P) -> Vec<P>,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let options = moves(p);
    let w = options.is_empty() || options.iter().any(|q| !search_misere(q, moves, memo));
    memo.insert(p.clone(), w);
    w
}

/// Every Nim move: one pile made smaller.
fn nim_moves(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..piles.len() {
        for to in 0..piles[i] {
            let mut next = piles.to_vec();
            next[i] = to;
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// Every Kayles move on rows of pins: knock down one pin or two adjacent ones, splitting the
/// row in two.
fn kayles_moves(rows: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..rows.len() {
        let n = rows[i];
        for take in [1, 2] {
            for left in 0..=n.saturating_sub(take) {
                if left + take > n {
                    continue;
                }
                let right = n - take - left;
                let mut next: Vec<u64> = rows.to_vec();
                next.remove(i);
                next.extend([left, right].into_iter().filter(|&r| r > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
    }
    out
}

/// Every Moore's Nim_k move: take from at least one and at most `k` piles.
fn moore_moves(k: usize, piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let n = piles.len();
    for mask in 1u32..(1 << n) {
        if mask.count_ones() as usize > k {
            continue;
        }
        let chosen: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        if chosen.iter().any(|&i| piles[i] == 0) {
            continue;
        }
        // Every way of lowering each chosen pile.
        let mut partial = vec![piles.to_vec()];
        for &i in &chosen {
            partial = partial
                .into_iter()
                .flat_map(|p| {
                    (0..piles[i]).map(move |to| {
                        let mut q = p.clone();
                        q[i] = to;
                        q
                    })
                })
                .collect();
        }
        out.extend(partial);
    }
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
        let mut sorted = piles.clone();
        sorted.sort_unstable();
        let expected = Outcome::of(search(&sorted, &|p: &Vec<u64>| nim_moves(p), &mut memo));
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
    // A Kayles row and a Nim heap as one game: a position is (Kayles rows, Nim heap).
    let moves = |p: &(Vec<u64>, u64)| -> Vec<(Vec<u64>, u64)> {
        let mut out: Vec<_> = kayles_moves(&p.0).into_iter().map(|r| (r, p.1)).collect();
        out.extend((0..p.1).map(|h| (p.0.clone(), h)));
        out
    };
    for (row, heap) in [(4, 1), (3, 3), (5, 2)] {
        let expected = Outcome::of(search(&(vec![row], heap), &moves, &mut memo));
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
    let expected = Outcome::of(search(&vec![2, 3], &|p: &Vec<u64>| nim_moves(p), &mut memo));
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
        let mut sorted = rows.clone();
        sorted.sort_unstable();
        let expected = Outcome::of(search_misere(
            &sorted,
            &|p: &Vec<u64>| kayles_moves(p),
            &mut memo,
        ));
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
    let moves = |p: &Vec<u64>| moore_moves(2, p);
    for a in 0..=3u64 {
        for b in 0..=3u64 {
            for c in 0..=3u64 {
                let piles = vec![a, b, c];
                let expected = Outcome::of(search(&piles, &moves, &mut memo));
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
    // Misère play of a sum is `play --misere`'s, by search; `winner` names that.
    Test::new()
        .args(["winner", "--misere", "nim(3) + nim(4)"])
        .run()
        .bad_input("--misere");
}
