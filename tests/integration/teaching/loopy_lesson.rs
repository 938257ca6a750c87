//! The lesson `loopy-games` walked as a learner walks it. Every right answer comes from what
//! this file computes on the lesson's graph, written here: win, loss or draw by backward
//! induction (on the product graph for two tokens), and γ by the slow labelling of
//! `loopy.rs`.

use std::collections::{BTreeMap, BTreeSet};

use crate::oracle::brute::mex;
use crate::teaching::course::{after_wrong, after_wrongs, right, walk, yes_no};
use crate::teaching::lessons::bundled_dir;
use crate::values::loopy::{Gamma, Outcome, gamma, retrograde};

/// The lesson's graph, as its text draws it.
const GRAPH: &[(&str, &[&str])] = &[
    ("up", &["down", "out"]),
    ("down", &["up"]),
    ("out", &[]),
    ("tick", &["tock"]),
    ("tock", &["tick"]),
    ("x", &["x", "out"]),
    ("e", &["up", "tick"]),
];

fn at(name: &str) -> usize {
    GRAPH
        .iter()
        .position(|(n, _)| *n == name)
        .expect("a position")
}

fn moves() -> Vec<Vec<usize>> {
    GRAPH
        .iter()
        .map(|(_, to)| to.iter().map(|t| at(t)).collect())
        .collect()
}

/// Two tokens: the product graph, position (i, j) numbered i·n + j.
fn two_tokens(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let n = moves.len();
    let product: Vec<Vec<usize>> = (0..n * n)
        .map(|p| {
            let (i, j) = (p / n, p % n);
            let mut to: Vec<usize> = moves[i].iter().map(|&i2| i2 * n + j).collect();
            to.extend(moves[j].iter().map(|&j2| i * n + j2));
            to
        })
        .collect();
    retrograde(&product)
}

/// γ as a learner types it: `1`, `∞{1}`.
fn typed(g: &Gamma) -> String {
    match g {
        Gamma::Finite(m) => m.to_string(),
        Gamma::Infinite(k) => {
            let items: Vec<String> = k.iter().map(u64::to_string).collect();
            format!("∞{{{}}}", items.join(", "))
        }
    }
}

fn winner(o: Outcome) -> &'static str {
    assert_ne!(o, Outcome::Draw, "a question about a winner on a draw");
    o.name()
}

// Long on purpose: one learner's walk through the loopy lesson, each step checked against the
// retrograde analysis computed at its top; split, that analysis would be passed to every part.
#[test]
fn loopy_games_walked_by_a_learner() {
    let moves = moves();
    let outcome = retrograde(&moves);
    let g = gamma(&moves);
    let pair = two_tokens(&moves);
    let n = moves.len();
    let sum = |a: &str, b: &str| pair[at(a) * n + at(b)];
    let finite = |v: usize| -> BTreeSet<u64> {
        moves[v]
            .iter()
            .filter_map(|&w| match g[w] {
                Gamma::Finite(m) => Some(m),
                Gamma::Infinite(_) => None,
            })
            .collect()
    };
    let Gamma::Finite(out) = g[at("out")] else {
        panic!("out has no moves")
    };
    let k_x: Vec<String> = finite(at("x")).iter().map(u64::to_string).collect();
    // The lesson's claims about its graph, checked here first.
    assert!(matches!(g[at("x")], Gamma::Infinite(_)));
    assert_eq!(outcome[at("x")], Outcome::First);
    assert_eq!(outcome[at("e")], Outcome::Draw);
    assert_eq!(
        (outcome[at("up")], sum("up", "x")),
        (Outcome::First, Outcome::Draw)
    );
    for (a, b) in [
        ("x", "tick"),
        ("x", "x"),
        ("e", "x"),
        ("e", "e"),
        ("tick", "tock"),
    ] {
        assert_eq!(sum(a, b), Outcome::Draw, "{a} + {b}");
    }
    let answers = BTreeMap::from([
        (
            "tick-draw",
            after_wrong(
                yes_no(outcome[at("tick")] != Outcome::Draw),
                "Nobody can ever be stuck",
                yes_no(outcome[at("tick")] == Outcome::Draw),
            ),
        ),
        (
            "x-no-solution",
            after_wrong("1", "1 is in the set", mex([1, out])),
        ),
        (
            "gamma-down",
            after_wrong("∞{}", "down is on a cycle", typed(&g[at("down")])),
        ),
        (
            "gamma-up",
            after_wrong("0", "up has an option worth 0", typed(&g[at("up")])),
        ),
        (
            "x-k",
            after_wrong(
                "{}",
                "out is an option of x",
                format!("{{{}}}", k_x.join(", ")),
            ),
        ),
        (
            "x-winner",
            after_wrong(
                "second",
                "An ∞ value is not a draw",
                winner(outcome[at("x")]),
            ),
        ),
        (
            "gamma-e",
            after_wrongs(
                &[("0", "To be worth 0"), ("∞{}", "K lists the finite values")],
                // Typed the ASCII way.
                typed(&g[at("e")]).replace('∞', "inf"),
            ),
        ),
        ("e-draw", right(yes_no(outcome[at("e")] == Outcome::Draw))),
        (
            "up-plus-x",
            after_wrong(
                yes_no(sum("up", "x") != Outcome::Draw),
                "Two wins can add to a draw",
                yes_no(sum("up", "x") == Outcome::Draw),
            ),
        ),
        (
            "e-plus-up",
            after_wrong("second", "∞{1} + 1 = ∞{0}", winner(sum("e", "up"))),
        ),
    ]);
    let seen = walk("loopy-games", &answers);
    // `move e up`: the move takes e to a position that leaves the opponent a loss.
    let to = moves[at("e")]
        .iter()
        .find(|&&v| pair[v * n + at("up")] == Outcome::Second)
        .map(|&v| GRAPH[v].0)
        .expect("a winning move");
    assert!(seen.contains(&format!("token 1: e → {to}")), "{seen}");
    // `grundy`: e's row says draw, x's first.
    assert!(seen.contains("∞{1}  draw"), "{seen}");
}

/// The bundled graph is the graph the lesson draws and this file plays.
#[test]
fn the_loopy_games_graph_is_drawn_and_bundled_alike() {
    let text = std::fs::read_to_string(bundled_dir().join("graphs/loopy-games.yaml"))
        .expect("the bundled graph");
    let yaml: serde_yaml::Value = serde_yaml::from_str(&text).expect("YAML");
    let positions = yaml["positions"].as_mapping().expect("positions");
    assert_eq!(positions.len(), GRAPH.len());
    for (vertex, arrows) in GRAPH {
        let listed: Vec<&str> = positions[*vertex]
            .as_sequence()
            .unwrap_or_else(|| panic!("`{vertex}` is not in the bundled graph"))
            .iter()
            .map(|w| w.as_str().expect("a name"))
            .collect();
        assert_eq!(listed, *arrows, "the arrows of `{vertex}`");
    }
}
