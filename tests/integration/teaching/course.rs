//! The course's chapter lessons walked as a learner walks them: `next` past each text, run and
//! claim, one typical wrong answer (whose diagnosis must be shown), then the right answer to
//! every question. The right answers are not the lessons' solutions: each is computed here by
//! an independent brute force — win/lose by game-tree search and values by mex over options
//! written out in this file (subtraction games, the lesson's graph, the coin-turning games on
//! bitmasks of coins) — so a lesson whose answer disagrees with the game fails.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::oracle::brute::{Grundy, Pile, Rules, Solver, mex};
use crate::support::Test;
use crate::teaching::lessons::{Learner, bundled_dir, bundled_lessons};

/// What the learner types at one question: wrong answers first, each with words its diagnosis
/// must contain, then the right answer.
pub(crate) struct Answer {
    wrong: Vec<(String, String)>,
    right: String,
}

pub(crate) fn right(value: impl ToString) -> Answer {
    Answer {
        wrong: Vec::new(),
        right: value.to_string(),
    }
}

pub(crate) fn after_wrong(
    wrong: &str,
    diagnosis: impl Into<String>,
    value: impl ToString,
) -> Answer {
    Answer {
        wrong: vec![(wrong.to_owned(), diagnosis.into())],
        right: value.to_string(),
    }
}

/// Several wrong answers, each with the diagnosis it must show, then the right one.
pub(crate) fn after_wrongs(wrongs: &[(&str, &str)], value: impl ToString) -> Answer {
    Answer {
        wrong: wrongs
            .iter()
            .map(|&(w, d)| (w.to_owned(), d.to_owned()))
            .collect(),
        right: value.to_string(),
    }
}

pub(crate) fn yes_no(truth: bool) -> &'static str {
    if truth { "yes" } else { "no" }
}

/// A set as a learner types it: `{0, 3, 6}`.
fn set(values: impl IntoIterator<Item = u64>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("{{{}}}", items.join(", "))
}

/// Walks bundled lesson `id` from its first step to its last with `answers` (keyed by step id;
/// every question must have one and no other step may), and checks that each answer was marked
/// right, each diagnosis shown, and the lesson finished; returns what the learner saw.
pub(crate) fn walk(id: &str, answers: &BTreeMap<&str, Answer>) -> String {
    let lesson = bundled_lessons()
        .into_iter()
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson `{id}` in lessons/"));
    let mut script = vec![format!("lesson start {id}")];
    let mut asked = BTreeSet::new();
    for step in &lesson.steps {
        let step_id = step["id"].as_str().expect("a step id");
        if step.get("ask").is_none() {
            script.push("next".into());
            continue;
        }
        let answer = answers
            .get(step_id)
            .unwrap_or_else(|| panic!("{id}: no answer for the question `{step_id}`"));
        for (wrong, _) in &answer.wrong {
            script.push(wrong.clone());
        }
        script.push(answer.right.clone());
        asked.insert(step_id);
    }
    let unasked: Vec<_> = answers.keys().filter(|k| !asked.contains(*k)).collect();
    assert!(unasked.is_empty(), "{id}: {unasked:?} are not questions");
    let out = Learner::new().script(&script).success();
    let context = || format!("{id}: script {script:#?}\nstdout:\n{}", out.stdout);
    assert_eq!(
        out.stdout.matches("Correct!").count(),
        asked.len(),
        "{}",
        context()
    );
    for answer in answers.values() {
        for (wrong, diagnosis) in &answer.wrong {
            assert!(
                out.stdout.contains(diagnosis),
                "{id}: typing {wrong:?} does not show {diagnosis:?}\n{}",
                context()
            );
        }
    }
    for bad in ["error:", "warning:", "not an answer", "✗ does not hold"] {
        assert!(!out.stdout.contains(bad), "{}", context());
    }
    let finished = format!("You have finished “{}”", lesson.title);
    assert!(out.stdout.contains(&finished), "{}", context());
    out.stdout
}

fn subtract(amounts: &[u64]) -> Rules {
    Rules::Subtract(amounts.to_vec())
}

/// Whether the position of piles `sizes` is lost for the player to move, by game-tree search.
fn lost(solver: &mut Solver, sizes: &[u64]) -> bool {
    let piles: Vec<Pile> = sizes.iter().map(|&n| Pile::new(n, false)).collect();
    !solver.first_wins(&piles)
}

fn value(grundy: &mut Grundy, n: u64) -> u64 {
    grundy.value(Pile::new(n, false))
}

#[test]
fn pn_positions_walked_by_a_learner() {
    let mut one_two = Solver::new(subtract(&[1, 2]));
    let mut one_three_four = Solver::new(subtract(&[1, 3, 4]));
    let p_set = |solver: &mut Solver, to: u64| -> Vec<u64> {
        (0..=to).filter(|&n| lost(solver, &[n])).collect()
    };
    let small_p = p_set(&mut one_two, 10);
    let first_p = *small_p.iter().find(|&&n| n > 0).expect("a P-position");
    // The P-set without the empty pile: the mistake the lesson diagnoses.
    let without_zero: Vec<u64> = small_p.iter().copied().filter(|&n| n > 0).collect();
    let predict: Vec<u64> = (100..=104).filter(|&n| lost(&mut one_two, &[n])).collect();
    let take: Vec<u64> = (1..=2).filter(|&s| lost(&mut one_two, &[20 - s])).collect();
    let p_134 = p_set(&mut one_three_four, 10);
    let predict_134: Vec<u64> = (50..=53)
        .filter(|&n| lost(&mut one_three_four, &[n]))
        .collect();
    let partner: Vec<u64> = (5..=8).filter(|&x| lost(&mut one_two, &[4, x])).collect();
    // 4 + 8: both piles won, and the sum won too (the diagnosed mistake).
    assert!(!lost(&mut one_two, &[4]) && !lost(&mut one_two, &[8]));
    assert!(!lost(&mut one_two, &[4, 8]));
    // Each "exactly one" in the questions holds.
    assert_eq!((predict.len(), take.len()), (1, 1));
    assert_eq!((predict_134.len(), partner.len()), (1, 1));
    let answers = BTreeMap::from([
        ("zero", right(yes_no(lost(&mut one_two, &[0])))),
        ("first-p", right(first_p)),
        (
            "p-set",
            after_wrong(
                &set(without_zero),
                "The empty pile counts too, and it is P.",
                set(small_p.clone()),
            ),
        ),
        ("predict", right(predict[0])),
        (
            "winning-move",
            after_wrong(
                &(20 - take[0]).to_string(),
                "is what the winning move leaves",
                take[0],
            ),
        ),
        (
            "p-set-134",
            // subtract:1,2's pattern, the slip the lesson expects.
            after_wrong(
                &set(small_p),
                "That is the pattern of subtract:1,2.",
                set(p_134),
            ),
        ),
        ("predict-134", right(predict_134[0])),
        (
            "n-plus-n",
            after_wrong(
                "8",
                "4 and 8 are both N, but of different kinds",
                partner[0],
            ),
        ),
    ]);
    walk("pn-positions", &answers);
}

#[test]
fn subtraction_walked_by_a_learner() {
    let mut bachet = Grundy::new(subtract(&[1, 2, 3]));
    let mut two_five_six = Grundy::new(subtract(&[2, 5, 6]));
    let mut two_four_seven = Grundy::new(subtract(&[2, 4, 7]));
    let mut solver = Solver::new(subtract(&[2, 5, 6]));
    let p_set: Vec<u64> = (0..=12).filter(|&n| lost(&mut solver, &[n])).collect();
    // Forgetting the pile of 1, from which no move is possible.
    let without_one: Vec<u64> = p_set.iter().copied().filter(|&n| n != 1).collect();
    assert_ne!(without_one, p_set, "1 is a P-position of subtract:2,5,6");
    let values: Vec<u64> = (0..=300).map(|n| value(&mut two_five_six, n)).collect();
    let period = (1..=30)
        .find(|&p| (0..=200).all(|n| values[n + p] == values[n]))
        .expect("a period up to 30");
    let values_247: Vec<u64> = (0..=300).map(|n| value(&mut two_four_seven, n)).collect();
    let start = (0..=30)
        .find(|&k| (k..=200).all(|n| values_247[n + 3] == values_247[n]))
        .expect("period 3 from some n up to 30");
    // The mixed sum: a pile of 10 in subtract:1,2,3, 7 in subtract:2,5,6, a Nim heap of 4.
    let (a, b) = (value(&mut bachet, 10), value(&mut two_five_six, 7));
    let total = a ^ b ^ 4;
    let answers = BTreeMap::from([
        ("bachet", right(value(&mut bachet, 7))),
        ("bachet-far", right(value(&mut bachet, 1001))),
        (
            "exercise-p",
            after_wrong(
                &set(without_one),
                "From a pile of 1 there is no move at all",
                set(p_set),
            ),
        ),
        ("exercise-period", right(period)),
        ("preperiod-q", right(start)),
        (
            "mixed-value",
            after_wrong(
                &(10 ^ 7 ^ 4).to_string(),
                format!("the XOR of the sizes — and also {a} + {b} + 4"),
                total,
            ),
        ),
        ("mixed-move", right(4 ^ total)),
        ("mixed-why", right(a ^ total)),
    ]);
    walk("subtraction", &answers);
}

/// The graph of the `graph-games` lesson, as its text draws it.
const GRAPH: &[(&str, &[&str])] = &[
    ("a", &["b", "c"]),
    ("b", &["d", "e"]),
    ("c", &["d", "g"]),
    ("d", &["e", "f"]),
    ("e", &["f", "g", "h"]),
    ("f", &["g", "h"]),
    ("g", &["h"]),
    ("h", &[]),
];

/// Each vertex's value by mex over its arrows; the vertices are listed so that every arrow
/// points later in the list, so valuing them backwards meets every option first.
fn graph_values() -> HashMap<&'static str, u64> {
    let mut values = HashMap::new();
    for (vertex, arrows) in GRAPH.iter().rev() {
        let g = mex(arrows.iter().map(|w| values[w]));
        values.insert(*vertex, g);
    }
    values
}

#[test]
fn graph_games_walked_by_a_learner() {
    let g = graph_values();
    let answers = BTreeMap::from([
        ("g-g", right(g["g"])),
        ("g-e", right(g["e"])),
        (
            "g-d",
            // One more than the largest option value, instead of the mex.
            after_wrong(
                &(g["e"].max(g["f"]) + 1).to_string(),
                "is one more than the largest option value",
                g["d"],
            ),
        ),
        ("g-b", right(g["b"])),
        ("a-lost", right(yes_no(g["a"] == 0))),
        ("two-tokens", right(g["b"] ^ g["c"])),
        // The token on c must reach a vertex that cancels b.
        ("two-tokens-move", right(g["b"])),
    ]);
    let seen = walk("graph-games", &answers);
    // The lesson's `move b c` runs on its bundled graph: the winning move takes the token on
    // c to the arrow whose vertex is worth g(b).
    let (_, arrows) = GRAPH.iter().find(|(v, _)| *v == "c").expect("c");
    let to = arrows
        .iter()
        .find(|w| g[*w] == g["b"])
        .expect("a winning arrow");
    assert!(seen.contains(&format!("token 2: c → {to}")), "{seen}");
}

/// The lesson draws the same graph as the test, and the graph bundled beside it is that graph
/// too, with the values nimlab gives it equal to the mex above.
#[test]
fn the_graph_games_graph_is_drawn_bundled_and_valued_alike() {
    let lesson = bundled_lessons()
        .into_iter()
        .find(|l| l.id == "graph-games")
        .expect("the graph-games lesson");
    let drawing = lesson
        .steps
        .iter()
        .find(|s| s["id"] == "graph")
        .and_then(|s| s["text"].as_str())
        .expect("the step `graph`");
    for (vertex, arrows) in GRAPH {
        let line = if arrows.is_empty() {
            format!("{vertex}   (no arrow out)")
        } else {
            format!("{vertex} → {}", arrows.join(", "))
        };
        assert!(drawing.contains(&line), "{line:?} is not drawn:\n{drawing}");
    }
    let file = bundled_dir().join("graphs/graph-games.yaml");
    let text = std::fs::read_to_string(&file).expect("the bundled graph");
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
    let rules = format!("graph:{}", file.display());
    let out = Test::new()
        .args(["grundy", "--rules", &rules, "--format", "json"])
        .run()
        .success();
    let g = graph_values();
    let rows = out.json()["rows"].as_array().expect("rows").clone();
    assert_eq!(rows.len(), GRAPH.len());
    for row in rows {
        let state = row["state"].as_str().expect("a state");
        assert_eq!(row["grundy"], g[state], "{row}");
    }
}

/// Grundy values of positions given as bitmasks of heads (bit i = coin i), by mex over the
/// options `options` lists, memoised.
struct Coins<F: Fn(u64) -> Vec<u64>> {
    options: F,
    memo: HashMap<u64, u64>,
}

impl<F: Fn(u64) -> Vec<u64>> Coins<F> {
    fn new(options: F) -> Self {
        Self {
            options,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, heads: u64) -> u64 {
        if let Some(&g) = self.memo.get(&heads) {
            return g;
        }
        let options = (self.options)(heads);
        let g = mex(options.into_iter().map(|o| self.value(o)));
        self.memo.insert(heads, g);
        g
    }
}

fn bits(coins: &[u64]) -> u64 {
    coins.iter().map(|&c| 1u64 << c).fold(0, |a, b| a | b)
}

fn heads(mask: u64) -> impl Iterator<Item = u64> {
    (0..64).filter(move |&c| mask & (1 << c) != 0)
}

/// Turning Turtles on coins 1..: turn a head n to tails, and optionally one coin m < n
/// (m ≥ 1) either way.
fn turning_turtles(mask: u64) -> Vec<u64> {
    let mut options = Vec::new();
    for n in heads(mask) {
        let down = mask ^ (1 << n);
        options.push(down);
        options.extend((1..n).map(|m| down ^ (1 << m)));
    }
    options
}

/// Mock Turtles on coins 1.. (as `--rules mock-turtles` and docs/exercises.md number them):
/// turn a head n to tails and up to two coins to its left.
fn mock_turtles(mask: u64) -> Vec<u64> {
    let mut options = Vec::new();
    for n in heads(mask) {
        let down = mask ^ (1 << n);
        options.push(down);
        for a in 1..n {
            options.push(down ^ (1 << a));
            options.extend((a + 1..n).map(|b| down ^ (1 << a) ^ (1 << b)));
        }
    }
    options
}

/// Ruler on coins 1..: turn a head n to tails with any run of coins k..n - 1 (k ≥ 1) just
/// to its left, each either way.
fn ruler(mask: u64) -> Vec<u64> {
    let mut options = Vec::new();
    for n in heads(mask) {
        for k in 1..=n {
            // Coins k..=n: bits k through n.
            let run = (1u64 << (n + 1)) - (1u64 << k);
            options.push(mask ^ run);
        }
    }
    options
}

/// The value of Ruler's row `heads` (coins below 16), by mex over every row below it in
/// increasing order (each move lowers the row), so no recursion as deep as the rows.
fn ruler_value(heads: u64) -> u64 {
    let mut g: Vec<u64> = Vec::new();
    for mask in 0..=heads {
        let options: Vec<u64> = ruler(mask).into_iter().map(|o| g[at(o)]).collect();
        g.push(mex(options));
    }
    g[at(heads)]
}

/// The cells of the Turning Corners grid used here: rows 0..4, columns 0..4.
const SIDE: u64 = 4;

fn cell(row: u64, column: u64) -> u64 {
    1 << (row * SIDE + column)
}

/// Turning Corners: a head at (a, b) goes to tails with the corners (a', b), (a, b'),
/// (a', b') of a rectangle, a' < a and b' < b.
fn turning_corners(mask: u64) -> Vec<u64> {
    let mut options = Vec::new();
    for i in heads(mask) {
        let (a, b) = (i / SIDE, i % SIDE);
        for a2 in 0..a {
            for b2 in 0..b {
                options.push(mask ^ cell(a, b) ^ cell(a2, b) ^ cell(a, b2) ^ cell(a2, b2));
            }
        }
    }
    options
}

#[test]
fn coin_turning_walked_by_a_learner() {
    let mut turtles = Coins::new(turning_turtles);
    let row = bits(&[2, 5, 6, 9]);
    let worth = turtles.value(row);
    // The coins m that win together with turning coin 9 down (0: coin 9 alone).
    let partners: Vec<u64> = (0..9)
        .filter(|&m| {
            let after = row ^ (1 << 9) ^ if m == 0 { 0 } else { 1 << m };
            turtles.value(after) == 0
        })
        .collect();
    assert_eq!(partners.len(), 1, "{partners:?}");
    let alone = turtles.value(bits(&[2, 5, 6]));
    let mut mock = Coins::new(mock_turtles);
    let mut corners = Coins::new(turning_corners);
    let corner_pair = corners.value(cell(1, 1) | cell(2, 3));
    let answers = BTreeMap::from([
        ("tt-value", right(worth)),
        (
            "tt-move",
            after_wrong(
                "0",
                format!("Turning coin 9 alone leaves heads at 2, 5, 6, worth {alone} — not 0"),
                partners[0],
            ),
        ),
        (
            "mock-3",
            after_wrong(
                &mock.value(bits(&[3])).to_string(),
                "In Turning Turtles",
                mock.value(bits(&[4])),
            ),
        ),
        (
            "mock-lost",
            right(yes_no(mock.value(bits(&[1, 2, 3, 4])) == 0)),
        ),
        ("ruler-12", right(ruler_value(bits(&[12])))),
        ("corner-2-2", right(corners.value(cell(2, 2)))),
        (
            "corner-position",
            after_wrong(
                yes_no(corner_pair != 0),
                format!(
                    "But 2 ⊗ 3 = {} and 1 ⊗ 1 = {}",
                    corners.value(cell(2, 3)),
                    corners.value(cell(1, 1))
                ),
                yes_no(corner_pair == 0),
            ),
        ),
    ]);
    walk("coin-turning", &answers);
}

/// Values of one heap, 0..=`upto`, by mex over the options `options(n, values below n)` lists.
fn heap_values(upto: u64, options: impl Fn(u64, &[u64]) -> Vec<u64>) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=upto {
        let g = mex(options(n, &values));
        values.push(g);
    }
    values
}

/// Index of a heap size in a table of values.
fn at(n: u64) -> usize {
    usize::try_from(n).expect("a small heap")
}

/// Lasker's Nim: take k ≥ 1 tokens, or split n into a + (n − a), both non-empty.
fn lasker_options(n: u64, g: &[u64]) -> Vec<u64> {
    let mut options: Vec<u64> = (1..=n).map(|k| g[at(n - k)]).collect();
    options.extend((1..=n / 2).map(|a| g[at(a)] ^ g[at(n - a)]));
    options
}

/// Grundy's game: split n into a + (n − a), both non-empty and different.
fn grundy_game_options(n: u64, g: &[u64]) -> Vec<u64> {
    (1..n)
        .filter(|&a| a < n - a)
        .map(|a| g[at(a)] ^ g[at(n - a)])
        .collect()
}

#[test]
fn take_and_break_walked_by_a_learner() {
    let lasker = heap_values(20, lasker_options);
    let grundy = heap_values(20, grundy_game_options);
    let options_3: BTreeSet<u64> = lasker_options(3, &lasker).into_iter().collect();
    let taking_3: BTreeSet<u64> = (1..=3).map(|k| lasker[at(3 - k)]).collect();
    let first_wins = lasker[3] ^ lasker[4] ^ lasker[7] != 0;
    let winner = |first: bool| if first { "first" } else { "second" };
    // The winning move in 2 + 7 leaves a heap r < 7 (no split of 7 wins: checked below).
    let target = lasker[2];
    let keep: Vec<u64> = (0..7).filter(|&r| lasker[at(r)] == target).collect();
    assert_eq!(keep.len(), 1, "{keep:?}");
    assert!(
        (1..=3).all(|a| lasker[at(a)] ^ lasker[at(7 - a)] != target),
        "a split of 7 wins too"
    );
    // The crux of Lasker's induction: every split of 43 = 4·10 + 3, valued by the table here,
    // has one remainder mod 4.
    let lasker_43 = heap_values(43, lasker_options);
    let remainders: BTreeSet<u64> = (1..43)
        .map(|a| (lasker_43[at(a)] ^ lasker_43[at(43 - a)]) % 4)
        .collect();
    assert_eq!(remainders.len(), 1, "{remainders:?}");
    let crux = *remainders.first().expect("a remainder");
    let answers = BTreeMap::from([
        (
            "options-3",
            after_wrong(
                &set(taking_3),
                "Those are the taking moves only",
                set(options_3),
            ),
        ),
        (
            "g3",
            after_wrong(
                &(lasker[1] ^ lasker[2]).to_string(),
                "is the value of the split 1 + 2",
                lasker[3],
            ),
        ),
        (
            "g4",
            after_wrong(
                &lasker[3].to_string(),
                "is g(3), the value of the heap of 3",
                lasker[4],
            ),
        ),
        (
            "predict",
            after_wrong("15", "That is Nim's value", lasker[15]),
        ),
        ("crux", after_wrong("1", "No split is worth 1 mod 4", crux)),
        // hex:0.8's g(n) = ⌊(n − 1)/3⌋, proved by hand in the lesson and checked against the
        // brute force in `values::hex_games`: g(300) = 99.
        ("g300", after_wrong("100", "That is 300 / 3", 99)),
        (
            "grundy-5",
            after_wrong(
                &mex([grundy[1] ^ grundy[4]]).to_string(),
                "That counts only the split 1 + 4",
                grundy[5],
            ),
        ),
        (
            "ex-who-wins",
            after_wrong(
                winner(!first_wins),
                "In Nim 3 ⊕ 4 ⊕ 7 = 0",
                winner(first_wins),
            ),
        ),
        (
            "ex-lasker-move",
            after_wrong(
                &(7 - keep[0]).to_string(),
                "is how many tokens the winning move takes",
                target,
            ),
        ),
        ("ex-grundy-8", right(grundy[8])),
    ]);
    let seen = walk("take-and-break", &answers);
    assert!(
        seen.contains(&format!("7 → {} (take {})", keep[0], 7 - keep[0])),
        "{seen}"
    );
    // The lost heaps of Grundy's game the lesson lists are those worth 0 here.
    let lost: Vec<String> = (0..=20)
        .filter(|&n| grundy[at(n)] == 0)
        .map(|n| n.to_string())
        .collect();
    let (last, rest) = lost.split_last().expect("lost heaps");
    let listed = format!("{} and {last}", rest.join(", "));
    assert!(seen.contains(&listed), "{listed:?} not in:\n{seen}");
}

/// Wythoff's game on heaps up to `n`: `lost[a][b]` when no move (take from one heap, or the
/// same from both) reaches a lost position, by backward induction.
fn wythoff_lost(n: usize) -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let wins = (1..=a).any(|k| lost[a - k][b])
                || (1..=b).any(|k| lost[a][b - k])
                || (1..=a.min(b)).any(|k| lost[a - k][b - k]);
            lost[a][b] = !wins;
        }
    }
    lost
}

/// A state of a tuple game numbered 0 (the first one an expression meets) is a position, not
/// an empty heap: game-tree search once dropped it, so `lost(wythoff, (0, 5))` was true.
#[test]
fn tuple_states_are_searched_whatever_their_number() {
    let lost = wythoff_lost(10);
    for (expr, expected) in [
        ("lost(wythoff, (0, 5))", lost[0][5].to_string()),
        (
            "{a : a in 0..10, lost(wythoff, (a, 5))}",
            set((0..=10u64).filter(|&a| lost[at(a)][5])),
        ),
        (
            "{a : a in 0..10, lost(wythoff, (a, 10))}",
            set((0..=10u64).filter(|&a| lost[at(a)][10])),
        ),
    ] {
        let out = Test::new().args(["=", expr]).run().success();
        assert_eq!(out.stdout.trim(), expected, "{expr}");
    }
}

#[test]
fn wythoff_walked_by_a_learner() {
    let lost = wythoff_lost(40);
    let row = |a: usize| set((0..=10u64).filter(|&b| lost[a][at(b)]));
    let next_a = (7..=20).find(|&a| lost[a][a + 5]).expect("a lost square");
    let take = (1..=4)
        .find(|&k| lost[4 - k][6 - k])
        .expect("a winning move");
    let answers = BTreeMap::from([
        (
            "row-1",
            after_wrong("{1}", "From (1, 1) take one from both heaps", row(1)),
        ),
        (
            "row-3",
            after_wrong(
                "{4}",
                "From (3, 4) take 2 from both heaps to (1, 2)",
                row(3),
            ),
        ),
        ("next-pair", after_wrong("7", "7 is used already", next_a)),
        ("ex-move", after_wrong("4", "That leaves (0, 2)", take)),
        (
            "ex-lost",
            after_wrong(
                yes_no(!lost[13][21]),
                "Not every pair of consecutive",
                yes_no(lost[13][21]),
            ),
        ),
    ]);
    walk("wythoff", &answers);
    // Every other pair of consecutive Fibonacci numbers is lost (the claim `fib-pairs`):
    // (1, 2), (3, 5), (8, 13), (21, 34) are, (2, 3), (5, 8), (13, 21) are not.
    let fib = [1usize, 1, 2, 3, 5, 8, 13, 21, 34];
    for i in 1..fib.len() - 1 {
        assert_eq!(lost[fib[i]][fib[i + 1]], i % 2 == 1, "F = {fib:?}, i = {i}");
    }
    // The golden-ratio pairs the lesson states, by floating point here: each is lost, and
    // they are all the lost squares below the board's edge.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut pairs = BTreeSet::new();
    for k in 0..=15u32 {
        // ⌊kφ⌋: the first a with a + 1 > kφ.
        let a = (0..100u32)
            .find(|&a| f64::from(a + 1) > f64::from(k) * phi)
            .expect("kφ < 100");
        let (a, k) = (at(a.into()), at(k.into()));
        pairs.insert((a, a + k));
        pairs.insert((a + k, a));
    }
    for (a, row) in lost.iter().enumerate().take(25) {
        for (b, &is_lost) in row.iter().enumerate().take(25) {
            assert_eq!(is_lost, pairs.contains(&(a, b)), "({a}, {b})");
        }
    }
}

/// Whether the player to move from `state` loses, by trying every move `moves` lists to the
/// end of the game, memoised.
fn lost_by_search(
    state: Vec<u64>,
    moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&lost) = memo.get(&state) {
        return lost;
    }
    let lost = !moves(&state)
        .into_iter()
        .any(|next| lost_by_search(next, moves, memo));
    memo.insert(state, lost);
    lost
}

/// Nimble: one coin slides left, from square s to any square below.
fn nimble_moves(coins: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &s) in coins.iter().enumerate() {
        for to in 0..s {
            let mut next = coins.to_vec();
            next[i] = to;
            out.push(next);
        }
    }
    out
}

/// Welter's game: a coin to any empty square below it (at most one coin a square).
fn welter_moves(coins: &[u64]) -> Vec<Vec<u64>> {
    nimble_moves(coins)
        .into_iter()
        .filter(|next| {
            let mut squares = next.clone();
            squares.sort_unstable();
            squares.windows(2).all(|w| w[0] != w[1])
        })
        .collect()
}

/// Staircase Nim: k ≥ 1 coins from step i + 1 down to step i (from step 1, off the stairs).
fn staircase_moves(steps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..steps.len() {
        for k in 1..=steps[i] {
            let mut next = steps.to_vec();
            next[i] -= k;
            if i > 0 {
                next[i - 1] += k;
            }
            out.push(next);
        }
    }
    out
}

#[test]
fn translate_to_nim_walked_by_a_learner() {
    let mut nimble = HashMap::new();
    let mut stairs = HashMap::new();
    let mut nimble_lost =
        |coins: &[u64]| lost_by_search(coins.to_vec(), &nimble_moves, &mut nimble);
    let nimble_356 = nimble_lost(&[3, 5, 6]);
    let to_square = (0..6)
        .find(|&s| nimble_lost(&[1, 4, s]))
        .expect("a winning square");
    let mut stairs_lost =
        |steps: &[u64]| lost_by_search(steps.to_vec(), &staircase_moves, &mut stairs);
    let even = stairs_lost(&[0, 3, 0, 0]);
    let take = (1..=3)
        .find(|&k| stairs_lost(&[3 - k, 1, 2, 5]))
        .expect("a winning move off step 1");
    let odd_one = stairs_lost(&[0, 2, 1, 0]);
    let welter_146 = lost_by_search(vec![1, 4, 6], &welter_moves, &mut HashMap::new());
    // Every winning move from (3, 1, 2, 5): k coins from step i to step i − 1 (or off).
    let start = [3u64, 1, 2, 5];
    let mut winning = 0;
    for i in 0..start.len() {
        for k in 1..=start[i] {
            let mut next = start.to_vec();
            next[i] -= k;
            if i > 0 {
                next[i - 1] += k;
            }
            if stairs_lost(&next) {
                winning += 1;
            }
        }
    }
    let answers = BTreeMap::from([
        (
            "nimble-lost",
            after_wrong(
                yes_no(!nimble_356),
                "A coin on square n is a Nim heap of n",
                yes_no(nimble_356),
            ),
        ),
        (
            "even-step",
            after_wrong(
                yes_no(!even),
                "your opponent takes those k off",
                yes_no(even),
            ),
        ),
        (
            "staircase-move",
            after_wrong("3", "That empties step 1", take),
        ),
        (
            "how-many",
            after_wrong("1", "Taking a coin off step 1 is one", winning),
        ),
        (
            "ex-nimble-move",
            after_wrong("3", "is the nim-sum 1 ⊕ 4 ⊕ 6", to_square),
        ),
        (
            "ex-staircase",
            after_wrong(yes_no(!odd_one), "the coin on step 3 does", yes_no(odd_one)),
        ),
        (
            "welter-lost",
            after_wrong(
                yes_no(!welter_146),
                "That is Nimble's answer",
                yes_no(welter_146),
            ),
        ),
    ]);
    walk("translate-to-nim", &answers);
}
