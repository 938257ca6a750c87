//! `docs/exercises.md`, the course's exercises as a lecturer sets them, run as written: every
//! block is at most five lines and runs as a script; what nimlab prints for it and the answer
//! the page states are both checked against a brute force written here — backward induction,
//! mex over explicit options, a search over every cut or coin turn — never against nimlab.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use serde_json::Value;

use crate::support::{Test, index, str_of, u64_of};

const DOC: &str = include_str!("../../../docs/exercises.md");

/// One ```nimlab block: its lines and the "Answer:" paragraph after it.
struct Exercise {
    lines: Vec<String>,
    answer: String,
}

fn exercises() -> Vec<Exercise> {
    let mut found = Vec::new();
    let mut lines = DOC.lines().peekable();
    while let Some(line) = lines.next() {
        if line != "```nimlab" {
            continue;
        }
        let block: Vec<String> = lines
            .by_ref()
            .take_while(|l| *l != "```")
            .map(str::to_owned)
            .collect();
        while lines.peek().is_some_and(|l| l.is_empty()) {
            lines.next();
        }
        let mut answer = String::new();
        if lines.peek().is_some_and(|l| l.starts_with("Answer:")) {
            while let Some(l) = lines.next_if(|l| !l.is_empty()) {
                answer.push_str(l);
                answer.push(' ');
            }
        }
        found.push(Exercise {
            lines: block,
            answer,
        });
    }
    found
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..)
        .find(|v| !seen.contains(v))
        .expect("some value is missing")
}

/// Values 0..=upto of a heap game, each the mex of its options' values; an option is the list
/// of heaps a move leaves.
fn heap_values(upto: u64, options: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=upto {
        let value = mex(options(n)
            .into_iter()
            .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ g[index(h)])));
        g.push(value);
    }
    g
}

fn subtraction(set: &[u64]) -> impl Fn(u64) -> Vec<Vec<u64>> + '_ {
    move |n| {
        set.iter()
            .filter(|&&s| s <= n)
            .map(|&s| vec![n - s])
            .collect()
    }
}

/// Lost (P) positions of a one-heap game by backward induction: lost iff no move leads to a
/// lost position.
fn lost_heaps(upto: u64, options: impl Fn(u64) -> Vec<u64>) -> Vec<u64> {
    let mut lost: Vec<bool> = Vec::new();
    for n in 0..=upto {
        let is_lost = options(n).iter().all(|&o| !lost[index(o)]);
        lost.push(is_lost);
    }
    (0..=upto).filter(|&n| lost[index(n)]).collect()
}

fn set_text(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(", "))
}

fn spaced(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(u64::to_string).collect();
    items.join(" ")
}

fn numbers(v: &Value) -> Vec<u64> {
    v.as_array().expect("a list").iter().map(u64_of).collect()
}

fn rows(v: &Value) -> Vec<u64> {
    v["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| u64_of(&r["grundy"]))
        .collect()
}

/// Lost for the player to move in misère Nim (the last mover loses), by game-tree search.
fn misere_lost(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = piles.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    for i in 0..key.len() {
        for to in 0..key[i] {
            any_move = true;
            let mut next = key.clone();
            next[i] = to;
            if misere_lost(&next, memo) {
                wins = true;
            }
        }
    }
    // With no move the player to move has won (the opponent moved last).
    let lost = any_move && !wins;
    memo.insert(key, lost);
    lost
}

/// Wythoff's lost positions (a, b), a and b ≤ n, by backward induction.
fn wythoff_lost(n: usize) -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let from_a = (0..a).any(|x| lost[x][b]);
            let from_b = (0..b).any(|y| lost[a][y]);
            let both = (1..=a.min(b)).any(|k| lost[a - k][b - k]);
            lost[a][b] = !(from_a || from_b || both);
        }
    }
    lost
}

fn wythoff_values(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let mut options = Vec::new();
            options.extend((0..a).map(|x| g[x][b]));
            options.extend((0..b).map(|y| g[a][y]));
            options.extend((1..=a.min(b)).map(|k| g[a - k][b - k]));
            g[a][b] = mex(options);
        }
    }
    g
}

fn lasker(upto: u64) -> Vec<u64> {
    heap_values(upto, |n| {
        let mut options: Vec<Vec<u64>> = (0..n).map(|k| vec![k]).collect();
        options.extend((1..n).map(|a| vec![a, n - a]));
        options
    })
}

/// Kayles: knock down one pin or two adjacent pins from a row, leaving up to two rows.
fn kayles(upto: u64) -> Vec<u64> {
    heap_values(upto, |n| {
        let mut options = Vec::new();
        for take in 1..=2u64.min(n) {
            for left in 0..=n - take {
                options.push(vec![left, n - take - left]);
            }
        }
        options
    })
}

/// Mock Turtles on places 1..=9: a move turns one, two or three coins, the rightmost of them
/// from heads to tails. A position is a bitmask of heads (bit p for place p).
fn mock_turtles(mask: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let mut options = Vec::new();
    for right in 1..=9u64 {
        if mask & (1 << right) == 0 {
            continue;
        }
        let base = mask ^ (1 << right);
        options.push(base);
        for a in 1..right {
            options.push(base ^ (1 << a));
            for b in a + 1..right {
                options.push(base ^ (1 << a) ^ (1 << b));
            }
        }
    }
    let values: Vec<u64> = options.into_iter().map(|o| mock_turtles(o, memo)).collect();
    let g = mex(values);
    memo.insert(mask, g);
    g
}

/// Nim products by their definition: a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }.
fn nim_products(n: usize) -> Vec<Vec<u64>> {
    let mut p = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options = Vec::new();
            for x in 0..a {
                for y in 0..b {
                    options.push(p[x][b] ^ p[a][y] ^ p[x][y]);
                }
            }
            p[a][b] = mex(options);
        }
    }
    p
}

/// Green Hackenbush by cutting every edge: edges between named nodes, `g` the ground; after a
/// cut, every edge no longer joined to the ground falls.
fn hackenbush(edges: &[(&str, &str)]) -> u64 {
    fn standing(edges: &[(&str, &str)], mask: u32) -> u32 {
        let mut reached: BTreeSet<&str> = BTreeSet::from(["g"]);
        let mut kept = 0u32;
        loop {
            let before = kept;
            for (i, (a, b)) in edges.iter().enumerate() {
                if mask & (1 << i) != 0 && (reached.contains(a) || reached.contains(b)) {
                    kept |= 1 << i;
                    reached.insert(a);
                    reached.insert(b);
                }
            }
            if kept == before {
                return kept;
            }
        }
    }
    fn value(edges: &[(&str, &str)], mask: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&mask) {
            return g;
        }
        let options: Vec<u64> = (0..edges.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| {
                let after = standing(edges, mask & !(1 << i));
                value(edges, after, memo)
            })
            .collect();
        let g = mex(options);
        memo.insert(mask, g);
        g
    }
    value(edges, (1u32 << edges.len()) - 1, &mut HashMap::new())
}

/// Runs one block as a script from the repository's top (the graph file's path is relative to
/// it), returning one JSON value per command.
fn run(exercise: &Exercise) -> Vec<Value> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = exercise.lines.join("\n") + "\n";
    Test::new()
        .args(["--format", "json"])
        .current_dir(top)
        .stdin(script)
        .run()
        .success()
        .json_lines()
}

// Long on purpose: one arm per exercise of the course, each checking nimlab's answer against
// its own brute force; split, the exercises would no longer be read as one list.
/// Checks what nimlab printed for one exercise against the brute force, and returns the
/// phrases its stated answer must contain.
fn check(first_line: &str, out: &[Value]) -> Vec<String> {
    match first_line {
        "= {n : n in 0..30, lost(subtract:{1,3,4}, n)}" => {
            let lost = lost_heaps(30, |n| {
                [1, 3, 4]
                    .iter()
                    .filter(|&&s| s <= n)
                    .map(|&s| n - s)
                    .collect()
            });
            assert_eq!(numbers(&out[0]["value"]), lost);
            vec![set_text(&lost)]
        }
        "period --rules subtract:2,5,6" => {
            let g = heap_values(400, subtraction(&[2, 5, 6]));
            // The smallest period from n = 0 that holds on every value computed.
            let period = (1..100)
                .find(|&p| (0..g.len() - p).all(|n| g[n] == g[n + p]))
                .expect("a period below 100");
            assert_eq!(u64_of(&out[0]["period"]), period as u64);
            assert_eq!(u64_of(&out[0]["preperiod"]), 0);
            assert_eq!(numbers(&out[0]["one_period"]), g[..period]);
            vec![
                format!("period {period} from n = 0"),
                format!("one period {}", spaced(&g[..period])),
            ]
        }
        "= {n : n in 0..40, lost(subtract:squares, n)}" => {
            let lost = lost_heaps(40, |n| {
                (1..=n)
                    .take_while(|k| k * k <= n)
                    .map(|k| n - k * k)
                    .collect()
            });
            assert_eq!(numbers(&out[0]["value"]), lost);
            vec![set_text(&lost)]
        }
        "winner --rules nim 11 13 17" => {
            let piles = [11u64, 13, 17];
            let sum = piles.iter().fold(0, |x, p| x ^ p);
            assert_eq!(u64_of(&out[0]["nim_sum"]), sum);
            assert_eq!(str_of(&out[0]["winner"]), "first");
            // Every move that leaves nim-sum 0: the answer says there is exactly one.
            let winning: Vec<(usize, u64)> = (0..3)
                .flat_map(|i| (0..piles[i]).map(move |to| (i, to)))
                .filter(|&(i, to)| sum ^ piles[i] ^ to == 0)
                .collect();
            assert_eq!(winning, [(2, 6)]);
            let m = &out[1]["move"];
            assert_eq!((u64_of(&m["pile"]), str_of(&m["to"])), (3, "6"));
            vec![
                format!("11 ⊕ 13 ⊕ 17 = {sum}"),
                "takes 11 from the pile of 17, leaving 6".to_owned(),
            ]
        }
        "move --rules misere 1 1 4" => {
            let mut memo = HashMap::new();
            assert!(!misere_lost(&[1, 1, 4], &mut memo), "the first player wins");
            let m = &out[0]["move"];
            assert_eq!(str_of(&m["from"]), "4");
            let to: u64 = str_of(&m["to"]).parse().expect("a size");
            assert!(
                misere_lost(&[1, 1, to], &mut memo),
                "nimlab's move must win"
            );
            vec![format!("taking {} from the pile of 4", 4 - to)]
        }
        "grundy --rules graph:lessons/graphs/example.yaml" => {
            // The file read here as plain YAML, valued by mex over its listed moves.
            let text = std::fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons/graphs/example.yaml"),
            )
            .expect("the example graph");
            let file: serde_yaml::Value = serde_yaml::from_str(&text).expect("YAML");
            let moves: BTreeMap<String, Vec<String>> =
                serde_yaml::from_value(file["positions"].clone()).expect("positions");
            fn value(
                at: &str,
                moves: &BTreeMap<String, Vec<String>>,
                memo: &mut BTreeMap<String, u64>,
            ) -> u64 {
                if let Some(&g) = memo.get(at) {
                    return g;
                }
                let g = mex(moves[at]
                    .iter()
                    .map(|o| value(o, moves, memo))
                    .collect::<Vec<_>>());
                memo.insert(at.to_owned(), g);
                g
            }
            let mut g = BTreeMap::new();
            for at in moves.keys() {
                value(at, &moves, &mut g);
            }
            for row in out[0]["rows"].as_array().expect("rows") {
                assert_eq!(u64_of(&row["grundy"]), g[str_of(&row["state"])]);
            }
            // The winning move from start + left: the one option that leaves nim-sum 0.
            let m = &out[1]["move"];
            let (from, to) = (str_of(&m["from"]), str_of(&m["to"]));
            let other = if from == "left" { "start" } else { "left" };
            assert!(moves[from].iter().any(|o| o == to));
            assert_eq!(g[to] ^ g[other], 0);
            let mut phrases: Vec<String> = ["finish", "middle", "right", "left", "start"]
                .iter()
                .map(|p| format!("{p} {}", g[*p]))
                .collect();
            phrases.push(format!(
                "nim-sum of start and left is {}",
                g["start"] ^ g["left"]
            ));
            // Every winning move, by brute force over both positions' options: the answer
            // names each of them.
            let mut winning: Vec<String> = Vec::new();
            for (mover, other) in [("left", "start"), ("start", "left")] {
                for o in &moves[mover] {
                    if g[o.as_str()] ^ g[other] == 0 {
                        winning.push(format!("{mover} → {o}"));
                    }
                }
            }
            assert!(winning.contains(&format!("{from} → {to}")), "{winning:?}");
            phrases.push(format!("{} winning moves", winning.len()));
            phrases.extend(winning);
            phrases
        }
        "move 'wythoff(3,5) + lasker(7) + nim(4)'" => {
            let (w, l) = (wythoff_values(5), lasker(7));
            let values = [w[3][5], l[7], 4];
            let found: Vec<u64> = out[0]["components"]
                .as_array()
                .expect("components")
                .iter()
                .map(|c| u64_of(&c["value"]))
                .collect();
            assert_eq!(found, values);
            let m = &out[0]["move"];
            assert_eq!(u64_of(&m["component"]), 2);
            let to: u64 = str_of(&m["to"]).parse().expect("a heap");
            assert_eq!(values[0] ^ l[index(to)] ^ values[2], 0, "the move wins");
            vec![
                format!("{}, {} and {}", values[0], values[1], values[2]),
                format!("nim-sum is {}", values[0] ^ values[1] ^ values[2]),
                format!(
                    "Lasker's heap of 7 to {to} (value {} → {})",
                    l[7],
                    l[index(to)]
                ),
            ]
        }
        "period --rules octal:0.77" => {
            let g = kayles(600);
            let last = (0..g.len() - 12)
                .rev()
                .find(|&n| g[n] != g[n + 12])
                .expect("an exception");
            assert_eq!(u64_of(&out[0]["period"]), 12);
            assert_eq!(u64_of(&out[0]["preperiod"]), last as u64 + 1);
            let grundy_game = heap_values(20, |n| {
                (1..n)
                    .filter(|&a| 2 * a < n)
                    .map(|a| vec![a, n - a])
                    .collect()
            });
            assert_eq!(rows(&out[1]), grundy_game);
            let l = lasker(12);
            assert_eq!(rows(&out[2]), l);
            vec![
                format!("period 12 from n = {}", last + 1),
                format!("g({last})"),
                spaced(&grundy_game),
                spaced(&l),
            ]
        }
        "= {a : a in 0..40, lost(wythoff, (a, a + 7))}" => {
            let lost = wythoff_lost(60);
            let found: Vec<u64> = (0..=40)
                .filter(|&a| lost[a][a + 7])
                .map(|a| a as u64)
                .collect();
            assert_eq!(numbers(&out[0]["value"]), found);
            vec![
                set_text(&found),
                format!("({}, {})", found[0], found[0] + 7),
            ]
        }
        "move --rules mock-turtles 1 4 6 9" => {
            let mut memo = HashMap::new();
            let coin = |p: u64, memo: &mut HashMap<u64, u64>| mock_turtles(1 << p, memo);
            let values: Vec<u64> = [1, 4, 6, 9].iter().map(|&p| coin(p, &mut memo)).collect();
            let whole = mock_turtles((1 << 1) | (1 << 4) | (1 << 6) | (1 << 9), &mut memo);
            assert_eq!(whole, values.iter().fold(0, |x, v| x ^ v));
            // nimlab's move: the coin at `from` turned, and the one at `to` turned with it.
            let m = &out[0]["move"];
            assert_eq!(str_of(&m["from"]), "9");
            let to: u64 = str_of(&m["to"]).parse().expect("a place");
            let after = (1 << 1) | (1 << 4) | (1 << 6) | (1 << to);
            assert_eq!(mock_turtles(after, &mut memo), 0, "the move wins");
            let items: Vec<String> = values.iter().map(u64::to_string).collect();
            vec![
                format!("{}, {}, {} and {}", items[0], items[1], items[2], items[3]),
                format!("nim-sum {whole}"),
                format!("one at place {to}, whose value is {}", coin(to, &mut memo)),
            ]
        }
        "= 8 nimmul 8" => {
            let p = nim_products(9);
            assert_eq!(u64_of(&out[0]["value"]), p[8][8]);
            let corners = p[5][6] ^ p[3][3];
            assert_eq!(u64_of(&out[1]["value"]), corners);
            vec![
                format!("Answer: {},", p[8][8]),
                format!("{} ⊕ {} = {corners}", p[5][6], p[3][3]),
            ]
        }
        "grundy --rules hackenbush '2(1,3)'" => {
            let stalk: Vec<(&str, &str)> = vec![
                ("g", "s1"),
                ("s1", "s2"),
                ("s2", "s3"),
                ("s3", "s4"),
                ("s4", "s5"),
            ];
            let tree: Vec<(&str, &str)> = vec![
                ("g", "t1"),
                ("t1", "t2"),
                ("t2", "a1"),
                ("t2", "b1"),
                ("b1", "b2"),
                ("b2", "b3"),
            ];
            let triangle: Vec<(&str, &str)> = vec![("g", "a"), ("a", "b"), ("b", "g")];
            let values = [hackenbush(&stalk), hackenbush(&tree), hackenbush(&triangle)];
            assert_eq!(u64_of(&out[0]["components"][0]["value"]), values[1]);
            // The whole sum as one picture, searched at once: no Sprague–Grundy.
            let whole: Vec<(&str, &str)> = [stalk, tree, triangle].concat();
            let sum = hackenbush(&whole);
            assert_eq!(sum, 0);
            assert_eq!(str_of(&out[1]["winner"]), "second");
            vec![
                format!("tree is worth {}", values[1]),
                format!("worth {}", values[2]),
                format!("{} ⊕ {} ⊕ {} = {sum}", values[0], values[1], values[2]),
            ]
        }
        first if first.starts_with("game halve(n)") => {
            let g = heap_values(12, |n| {
                let mut options: Vec<Vec<u64>> = (1..=2.min(n)).map(|k| vec![n - k]).collect();
                if n > 0 && n % 2 == 0 {
                    options.push(vec![n / 2, n / 2]);
                }
                options
            });
            assert_eq!(rows(&out[1]), g);
            vec![spaced(&g)]
        }
        other => panic!("docs/exercises.md has a block with no check here: {other}"),
    }
}

#[test]
fn every_exercise_is_short_runs_and_is_answered_right() {
    let all = exercises();
    assert!(all.len() >= 12, "found {} exercises", all.len());
    for exercise in &all {
        let first = exercise.lines[0].as_str();
        assert!(
            (1..=5).contains(&exercise.lines.len()),
            "`{first}`: a course's exercise in at most five lines"
        );
        assert!(
            !exercise.answer.is_empty(),
            "`{first}` has no Answer: paragraph"
        );
        let out = run(exercise);
        for phrase in check(first, &out) {
            assert!(
                exercise.answer.contains(&phrase),
                "the answer to `{first}` should say `{phrase}`:\n{}",
                exercise.answer
            );
        }
    }
}
