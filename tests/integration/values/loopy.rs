//! Loopy game graphs (a graph with a cycle): `winner`, `move` and `grundy` checked against
//! what this file computes on its own, on hand-made graphs and on random ones from a
//! fixed-seed generator written here.
//!
//! The oracles share no code with nimlab:
//! - win, loss or draw by backward induction (a position with no options is lost; one with a
//!   lost option is won; one whose options are all won is lost; the rest are draws), also on
//!   the product graph of two graphs for sums of tokens;
//! - γ by a naive fixed point of Fraenkel and Yesha's labelling (for m = 0, 1, …: label m,
//!   until nothing changes, every unlabelled u with no option labelled m whose every
//!   unlabelled or ∞ option has an option labelled m; then ∞ every unlabelled u with no
//!   option labelled m), and every value nimlab prints checked against Smith's conditions.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use crate::support::{Test, batch, str_of};

/// Win, loss or draw for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    First,
    Second,
    Draw,
}

impl Outcome {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
            Self::Draw => "draw",
        }
    }
}

/// Backward induction.
pub(crate) fn retrograde(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let n = moves.len();
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if out[u].is_some() {
                continue;
            }
            if moves[u].iter().any(|&v| out[v] == Some(Outcome::Second)) {
                out[u] = Some(Outcome::First);
                changed = true;
            } else if moves[u].iter().all(|&v| out[v] == Some(Outcome::First)) {
                out[u] = Some(Outcome::Second);
                changed = true;
            }
        }
        if !changed {
            return out
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::Draw))
                .collect();
        }
    }
}

/// γ: a finite value, or ∞ with the finite values among the options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Gamma {
    Finite(u64),
    Infinite(BTreeSet<u64>),
}

/// The labelling, done the slow way.
pub(crate) fn gamma(moves: &[Vec<usize>]) -> Vec<Gamma> {
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        None,
        F(u64),
        Inf,
    }
    let n = moves.len();
    let mut label = vec![L::None; n];
    let mut m = 0;
    while label.contains(&L::None) {
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u] != L::None {
                    continue;
                }
                let no_m = moves[u].iter().all(|&v| label[v] != L::F(m));
                let answered = moves[u]
                    .iter()
                    .filter(|&&v| matches!(label[v], L::None | L::Inf))
                    .all(|&v| moves[v].iter().any(|&w| label[w] == L::F(m)));
                if no_m && answered {
                    label[u] = L::F(m);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if label[u] == L::None && moves[u].iter().all(|&v| label[v] != L::F(m)) {
                label[u] = L::Inf;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| match label[u] {
            L::F(g) => Gamma::Finite(g),
            _ => Gamma::Infinite(
                moves[u]
                    .iter()
                    .filter_map(|&v| match label[v] {
                        L::F(g) => Some(g),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect()
}

/// Smith's conditions on a labelling: a finite m has no option worth m, options worth every
/// j < m, and every option worth more than m or ∞ has an option worth m; ∞(K) lists exactly
/// the finite values of its options, and no position whose options leave it a finite value is
/// left ∞ without the labelling's reason (it has no option worth the least missing value).
fn check_smith(moves: &[Vec<usize>], values: &[Gamma]) -> Result<(), String> {
    for (u, value) in values.iter().enumerate() {
        let finite: BTreeSet<u64> = moves[u]
            .iter()
            .filter_map(|&v| match values[v] {
                Gamma::Finite(g) => Some(g),
                Gamma::Infinite(_) => None,
            })
            .collect();
        match value {
            Gamma::Finite(m) => {
                if finite.contains(m) {
                    return Err(format!("{u} = {m} has an option worth {m}"));
                }
                if let Some(j) = (0..*m).find(|j| !finite.contains(j)) {
                    return Err(format!("{u} = {m} has no option worth {j}"));
                }
                for &v in &moves[u] {
                    let above = match values[v] {
                        Gamma::Finite(g) => g > *m,
                        Gamma::Infinite(_) => true,
                    };
                    if above && !moves[v].iter().any(|&w| values[w] == Gamma::Finite(*m)) {
                        return Err(format!("{u} = {m}: its option {v} has no way back to {m}"));
                    }
                }
            }
            Gamma::Infinite(k) => {
                if *k != finite {
                    return Err(format!(
                        "{u} = ∞{k:?}, but its options' finite values are {finite:?}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A small fixed-seed generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n).unwrap()).unwrap()
    }
}

/// A random graph of 1–12 positions, each move present with a probability of 1 in 2 to 1 in 6.
fn random_graph(rng: &mut Rng) -> Vec<Vec<usize>> {
    let n = 1 + rng.below(12);
    let sparse = 2 + rng.below(5);
    (0..n)
        .map(|_| (0..n).filter(|_| rng.below(sparse) == 0).collect())
        .collect()
}

/// The graph as a file: position `u` is named `p{u}`.
fn yaml(moves: &[Vec<usize>]) -> String {
    let mut text = String::from("format: 1\npositions:\n");
    for (u, to) in moves.iter().enumerate() {
        let to: Vec<String> = to.iter().map(|v| format!("p{v}")).collect();
        writeln!(text, "  p{u}: [{}]", to.join(", ")).unwrap();
    }
    text
}

fn write_graph(dir: &Path, name: &str, moves: &[Vec<usize>]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, yaml(moves)).unwrap();
    format!("graph:{}", path.display())
}

/// γ as nimlab writes it in JSON: a number, or `{"infinite": [..]}`.
fn gamma_of(v: &Value) -> Gamma {
    if let Some(g) = v.as_u64() {
        return Gamma::Finite(g);
    }
    let k = v["infinite"]
        .as_array()
        .unwrap_or_else(|| panic!("not a γ value: {v}"));
    Gamma::Infinite(k.iter().map(|x| x.as_u64().unwrap()).collect())
}

fn has_cycle(moves: &[Vec<usize>]) -> bool {
    retrograde(moves).contains(&Outcome::Draw) || {
        // A cycle need not leave a draw (a ⇄ b, b → end): look for one directly.
        let n = moves.len();
        let mut indegree = vec![0; n];
        for to in moves {
            for &v in to {
                indegree[v] += 1;
            }
        }
        let mut stack: Vec<usize> = (0..n).filter(|&u| indegree[u] == 0).collect();
        let mut seen = 0;
        while let Some(u) = stack.pop() {
            seen += 1;
            for &v in &moves[u] {
                indegree[v] -= 1;
                if indegree[v] == 0 {
                    stack.push(v);
                }
            }
        }
        seen < n
    }
}

// Long on purpose: one hand-valued graph, checked through every command that reads it; the
// values worked out in the comment at its top are the expected answers of each part.
#[test]
fn by_hand() {
    // a → b, end; b → a; c → c, d; d → c; e → a, c.
    // end 0; b 0 (its only option a can move to end); a 1 (options b, end, both 0);
    // c and d ∞{} (the cycle c ⇄ d ⇄ c has no way out); e ∞{1}: its options a (1) and c (∞)
    // and no 0 among them — from e, a move to a loses (a → end), to c draws: a draw.
    let test = Test::new();
    let path = test.write(
        "loop.yaml",
        "format: 1\npositions:\n  a: [b, end]\n  b: [a]\n  c: [c, d]\n  d: [c]\n  e: [a, c]\n  end: []\n",
    );
    let rules = format!("graph:{}", path.display());
    let out = Test::new()
        .args(["grundy", "--rules", &rules, "--format", "json"])
        .run()
        .success();
    let rows = out.json()["rows"].clone();
    let values: Vec<(String, Gamma, String)> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                str_of(&r["state"]).to_string(),
                gamma_of(&r["gamma"]),
                str_of(&r["winner"]).to_string(),
            )
        })
        .collect();
    let inf = |k: &[u64]| Gamma::Infinite(k.iter().copied().collect());
    assert_eq!(
        values,
        [
            ("a".into(), Gamma::Finite(1), "first".into()),
            ("b".into(), Gamma::Finite(0), "second".into()),
            ("c".into(), inf(&[]), "draw".into()),
            ("d".into(), inf(&[]), "draw".into()),
            ("e".into(), inf(&[1]), "draw".into()),
            ("end".into(), Gamma::Finite(0), "second".into()),
        ]
    );
    Test::new()
        .args(["winner", "e", "--rules", &rules])
        .run()
        .success()
        .stdout_has("∞{1}")
        .stdout_has("a draw: neither player can force");
    Test::new()
        .args(["grundy", "--rules", &rules])
        .run()
        .success()
        .stdout_has("a → b → a");
    // e + b: ∞{1} + 0 = ∞{1}, a draw; e + a: ∞{1} + 1 = ∞{0}: a win, by moving e to a.
    let out = Test::new()
        .args(["move", "e", "a", "--rules", &rules, "--format", "json"])
        .run()
        .success();
    let v = out.json();
    assert_eq!(v["winner"], "first");
    assert_eq!(v["move"]["from"], "e");
    assert_eq!(v["move"]["to"], "a");
    // A range past the graph is refused, as for an acyclic graph; `--values` lists γ too.
    let out = Test::new()
        .args(["grundy", "0..9", "--rules", &rules])
        .run()
        .code(2);
    assert!(
        out.stderr.contains("the graph has 6 positions"),
        "{}",
        out.stderr
    );
    Test::new()
        .args(["grundy", "--values", "--rules", &rules])
        .run()
        .success()
        .stdout_has("∞{1}");
    // The picture: every position reachable from e with its γ, draws marked.
    Test::new()
        .args(["draw", "e", "--rules", &rules, "--format", "text"])
        .run()
        .success()
        .stdout_has("e  γ = ∞{1}  draw")
        .stdout_has("b  γ = 0  P")
        .stdout_has("d  γ = ∞{}  draw");
    Test::new()
        .args(["draw", "--rules", &rules, "--format", "dot"])
        .run()
        .success()
        .stdout_has("label=\"e\\nγ = ∞{1}\", style=dashed");
    // c alone: a draw, kept by staying on the cycle.
    let out = Test::new()
        .args(["move", "c", "--rules", &rules, "--format", "json"])
        .run()
        .success();
    let v = out.json();
    assert_eq!(v["winner"], "draw");
    assert_eq!(v["move"]["draw"], true);
    // The session's position on a loopy graph: `position` and `set` show γ, not a nim-sum.
    // a + e: 1 + ∞{1} = ∞{0}, a win; b + e: 0 + ∞{1} = ∞{1}, a draw.
    Test::new()
        .stdin(format!("rules {rules}\nposition a e\nset 1 b\n"))
        .run()
        .success()
        .stdout_has("sum            ∞{0}")
        .stdout_has("sum            ∞{1}");
    for format in ["markdown", "csv", "latex", "text"] {
        Test::new()
            .args(["winner", "c", "--rules", &rules, "--format", format])
            .run()
            .success()
            .stdout_has("draw");
    }
}

/// `play` on a loopy graph: the hint, the coach and the computer judge by γ.
#[test]
fn play_on_a_loopy_graph_by_hand() {
    // The graph of `by_hand`: e ∞{1}, a 1, c ∞{}.
    let test = Test::new();
    let path = test.write(
        "loop.yaml",
        "format: 1\npositions:\n  a: [b, end]\n  b: [a]\n  c: [c, d]\n  d: [c]\n  e: [a, c]\n  end: []\n",
    );
    let rules = format!("graph:{}", path.display());
    // Playing e + a: the hint is e → a (a + a is 0); the move e → c gives the win away
    // (c + a is ∞{} + 1, a draw), and the coach says so.
    Test::new()
        .stdin(format!("play e a --rules {rules}\nhint\n1 -> c\n"))
        .run()
        .success()
        .stdout_has("winning move: token 1: e → a")
        .stdout_has("✗ gave the win away — the winning move was e → a");
    // From c, a draw (c ⇄ d has no way out), the learner first: the coach says it is a draw;
    // c → d keeps it, and the computer's answer keeps it too, and says so.
    Test::new()
        .stdin(format!("play c --rules {rules}\n1 -> d\n"))
        .run()
        .success()
        .stdout_has("coach: this position is a draw")
        .stdout_has("✓ kept the draw")
        .stdout_has("keeping the draw");
    // From c, a draw, the computer moving first keeps it: c → c or c → d.
    let out = Test::new()
        .stdin(format!(
            "play c --rules {rules} --first computer --format json\n"
        ))
        .run()
        .success();
    let v = out.json();
    assert_eq!(v["events"][1]["intent"], "drawing", "{v}");
    // With the coach on, the board shows each token's γ: e ∞{1} and a 1.
    let out = Test::new()
        .stdin(format!("play e a --rules {rules} --format json\n"))
        .run()
        .success();
    let v = out.json();
    assert_eq!(
        v["events"][1]["gamma"],
        serde_json::json!([{"infinite": [1]}, 1]),
        "{v}"
    );
}

#[test]
fn misere_and_nimsum_are_refused_in_one_line() {
    let test = Test::new();
    let path = test.write("loop.yaml", "format: 1\npositions:\n  a: [b]\n  b: [a]\n");
    let rules = format!("graph:{}", path.display());
    for args in [
        vec!["winner", "a", "--misere"],
        vec!["move", "a", "--misere"],
        vec!["play", "a", "--misere"],
        vec!["nimsum", "a"],
        vec!["verify"],
    ] {
        let out = Test::new()
            .args(args.iter().copied().chain(["--rules", rules.as_str()]))
            .run()
            .code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stderr.contains("has a cycle"), "{}", out.stderr);
        assert!(!out.stderr.contains("panicked"));
    }
}

/// A check of one line of JSON.
type Check = Box<dyn Fn(&Value)>;

/// Every node of 200 random graphs: `winner` agrees with backward induction, `grundy` with
/// the slow labelling and with Smith's conditions, and `move` from a win leads to a loss for
/// the opponent, from a draw to a draw.
#[test]
fn random_graphs_agree_with_backward_induction() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut lines = Vec::new();
    let mut checks: Vec<Check> = Vec::new();
    let mut loopy = 0;
    let mut draws = 0;
    let mut infinite_wins = 0;
    for g in 0..200 {
        let moves = random_graph(&mut rng);
        let rules = write_graph(dir.path(), &format!("g{g}.yaml"), &moves);
        let outcome = retrograde(&moves);
        let values = gamma(&moves);
        check_smith(&moves, &values).unwrap_or_else(|e| panic!("the oracle: {e} in {moves:?}"));
        if has_cycle(&moves) {
            loopy += 1;
        }
        for u in 0..moves.len() {
            // The oracles agree with each other on the outcome of γ.
            let by_gamma = match &values[u] {
                Gamma::Finite(0) => Outcome::Second,
                Gamma::Finite(_) => Outcome::First,
                Gamma::Infinite(k) if k.contains(&0) => Outcome::First,
                Gamma::Infinite(_) => Outcome::Draw,
            };
            assert_eq!(by_gamma, outcome[u], "{moves:?} at {u}");
            draws += usize::from(outcome[u] == Outcome::Draw);
            infinite_wins += usize::from(
                outcome[u] == Outcome::First && matches!(values[u], Gamma::Infinite(_)),
            );
            lines.push(format!("winner p{u} --rules {rules} --format json"));
            let want = outcome[u];
            checks.push(Box::new(move |v: &Value| {
                assert_eq!(v["winner"], want.name(), "{v}");
            }));
            lines.push(format!("move p{u} --rules {rules} --format json"));
            let (m, o) = (moves.clone(), outcome.clone());
            checks.push(Box::new(move |v: &Value| {
                let mv = &v["move"];
                match want {
                    Outcome::Second => assert!(mv.is_null(), "{v}"),
                    Outcome::First | Outcome::Draw => {
                        let to: usize = str_of(&mv["to"])[1..].parse().unwrap();
                        assert!(m[u].contains(&to), "{v}: not a move of {m:?}");
                        let after = if want == Outcome::First {
                            Outcome::Second
                        } else {
                            Outcome::Draw
                        };
                        assert_eq!(o[to], after, "{v} in {m:?}");
                    }
                }
            }));
        }
        lines.push(format!("grundy --rules {rules} --format json"));
        let m = moves.clone();
        checks.push(Box::new(move |v: &Value| {
            let got: Vec<Gamma> = match v["rows"].as_array() {
                Some(rows) => rows
                    .iter()
                    .map(|r| match r.get("gamma") {
                        Some(g) => gamma_of(g),
                        // An acyclic graph keeps its table by mex.
                        None => Gamma::Finite(r["grundy"].as_u64().unwrap()),
                    })
                    .collect(),
                None => panic!("no rows: {v}"),
            };
            check_smith(&m, &got).unwrap_or_else(|e| panic!("nimlab: {e} in {m:?}"));
            assert_eq!(got, values, "{m:?}");
        }));
    }
    // The generator makes the cases that matter.
    assert!(loopy > 100, "{loopy} loopy graphs");
    assert!(draws > 100, "{draws} draws");
    assert!(infinite_wins > 10, "{infinite_wins} ∞ wins");
    let got = batch(&lines);
    for (v, check) in got.iter().zip(&checks) {
        check(v);
    }
}

/// Two random graphs side by side in one file, a token on each: the sum of two loopy games.
/// Its outcome is checked by backward induction on the product graph.
#[test]
fn sums_of_two_loopy_graphs_agree_with_the_product() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut lines = Vec::new();
    let mut wants = Vec::new();
    for g in 0..40 {
        let a = random_graph(&mut rng);
        let b = random_graph(&mut rng);
        let (na, nb) = (a.len(), b.len());
        // The union: a's positions first, then b's shifted by na.
        let mut union = a.clone();
        union.extend(b.iter().map(|to| to.iter().map(|&v| v + na).collect()));
        let rules = write_graph(dir.path(), &format!("s{g}.yaml"), &union);
        let product: Vec<Vec<usize>> = (0..na * nb)
            .map(|x| {
                let (i, j) = (x / nb, x % nb);
                let mut to: Vec<usize> = a[i].iter().map(|&i2| i2 * nb + j).collect();
                to.extend(b[j].iter().map(|&j2| i * nb + j2));
                to
            })
            .collect();
        let truth = retrograde(&product);
        for i in 0..na {
            for j in 0..nb {
                lines.push(format!(
                    "move p{i} p{} --rules {rules} --format json",
                    j + na
                ));
                wants.push((truth[i * nb + j], a.clone(), b.clone(), i, j, truth.clone()));
            }
        }
    }
    let got = batch(&lines);
    let mut draws = 0;
    for (v, (want, a, b, i, j, truth)) in got.iter().zip(&wants) {
        assert_eq!(
            v["winner"],
            want.name(),
            "{v} for {a:?} + {b:?} at ({i}, {j})"
        );
        draws += usize::from(*want == Outcome::Draw);
        if *want == Outcome::Second {
            continue;
        }
        // The move made leaves a loss for the opponent, or keeps the draw.
        let mv = &v["move"];
        let to: usize = str_of(&mv["to"])[1..].parse().unwrap();
        let nb = b.len();
        let after = match mv["pile"].as_u64() {
            Some(1) => to * nb + j,
            Some(2) => i * nb + (to - a.len()),
            _ => panic!("{v}"),
        };
        let keeps = if *want == Outcome::First {
            Outcome::Second
        } else {
            Outcome::Draw
        };
        assert_eq!(truth[after], keeps, "{v} for {a:?} + {b:?} at ({i}, {j})");
    }
    assert!(draws > 100, "{draws} drawn sums");
}

/// Acyclic random graphs keep their table by mex: values as the mex computed here.
#[test]
fn acyclic_graphs_keep_their_mex_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut lines = Vec::new();
    let mut wants = Vec::new();
    for g in 0..40 {
        let n = 1 + rng.below(12);
        let moves: Vec<Vec<usize>> = (0..n)
            .map(|u| (u + 1..n).filter(|_| rng.below(3) == 0).collect())
            .collect();
        let mut mex = vec![0u64; n];
        for u in (0..n).rev() {
            let set: BTreeSet<u64> = moves[u].iter().map(|&v| mex[v]).collect();
            mex[u] = (0..).find(|x| !set.contains(x)).unwrap();
        }
        let rules = write_graph(dir.path(), &format!("d{g}.yaml"), &moves);
        lines.push(format!("grundy --rules {rules} --format json"));
        wants.push(mex);
    }
    for (v, mex) in batch(&lines).iter().zip(&wants) {
        let rows = v["rows"].as_array().unwrap();
        let got: Vec<u64> = rows.iter().map(|r| r["grundy"].as_u64().unwrap()).collect();
        assert_eq!(&got, mex, "{v}");
        assert!(rows.iter().all(|r| r["method"] == "mex"), "{v}");
    }
}

/// `play` on random loopy graphs, the computer first, the learner moving at random (the
/// generator here): from a position the computer wins it wins within a bound, and it never
/// hands the learner a position the learner wins; from a draw it keeps the draw.
#[test]
fn the_computer_wins_what_it_says_it_wins_and_keeps_draws() {
    use crate::support::JsonRepl;
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x0005_eed0_fa11_c0de);
    let mut repl = JsonRepl::start();
    let (mut won, mut drawn) = (0, 0);
    for g in 0..60 {
        let moves = random_graph(&mut rng);
        let rules = write_graph(dir.path(), &format!("p{g}.yaml"), &moves);
        let outcome = retrograde(&moves);
        for start in 0..moves.len() {
            if outcome[start] == Outcome::Second || moves[start].is_empty() {
                continue;
            }
            let mut v = repl.send(&format!("play p{start} --rules {rules} --first computer"));
            // Where the computer was to move.
            let mut computer_at = start;
            let mut turns = 0;
            loop {
                let at: usize = str_of(&v["piles"][0])[1..].parse().unwrap();
                // The computer never hands the learner a win: from a win it leaves a loss,
                // from a draw a draw.
                let want = match outcome[computer_at] {
                    Outcome::First => Outcome::Second,
                    _ => Outcome::Draw,
                };
                assert_eq!(
                    outcome[at], want,
                    "{moves:?} from {computer_at} to {at}: {v}"
                );
                if !v["winner"].is_null() {
                    assert_eq!(v["winner"], "computer", "{moves:?} from {start}: {v}");
                    won += 1;
                    break;
                }
                turns += 1;
                if turns > 40 {
                    // Only a draw goes on: a win is won within the graph's few positions.
                    assert_eq!(
                        outcome[at],
                        Outcome::Draw,
                        "{moves:?} from {start}: too long"
                    );
                    drawn += 1;
                    repl.send("resign");
                    break;
                }
                let to = moves[at][rng.below(moves[at].len())];
                computer_at = to;
                v = repl.send(&format!("1 -> p{to}"));
                // The learner wins only by leaving the computer stuck, which it never allows.
                assert_ne!(v["winner"], "learner", "{moves:?}: {v}");
            }
        }
    }
    assert!(won > 30 && drawn > 30, "{won} won, {drawn} drawn");
}

/// `play --misere` on a loopy graph is refused in one line: γ decides normal play only, and
/// nimlab has no misère theory of a loopy graph. The words name the commands that value it,
/// `play` among them now.
#[test]
fn play_misere_refuses_a_loopy_graph_in_one_line() {
    let test = Test::new();
    let path = test.write("loop.yaml", "format: 1\npositions:\n  a: [b]\n  b: [a]\n");
    let rules = format!("graph:{}", path.display());
    for first in ["me", "computer"] {
        let out = Test::new()
            .args(["play", "a", "--misere", "--first", first, "--rules", &rules])
            .run()
            .code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stderr.contains("has a cycle"), "{}", out.stderr);
        assert!(out.stderr.contains("misère"), "{}", out.stderr);
    }
    // Normal play of the same graph starts a game (a ⇄ b: a draw), and a command that needs
    // Grundy values names `play` among those that value a loopy graph by γ.
    Test::new()
        .args(["play", "a", "--rules", &rules])
        .run()
        .success()
        .stdout_has("your move: a");
    Test::new()
        .args(["nimsum", "a", "--rules", &rules])
        .run()
        .code(2)
        .stderr_has("has a cycle")
        .stderr_has("`play`");
}

/// A graph's names are kept as written. YAML would read `yes`, `off`, `y` as booleans and
/// `0x1`, `01`, `1.0` as the number 1 (they were refused as "not a word", or all became `1`
/// and then "listed twice"); `~` and `null` are nothing, which no name can be: said, with the
/// way out (quote it). By hand: sinks are 0; `off` moves to two sinks, mex{0} = 1; `a` moves
/// to 0, 0, 1: mex{0, 1} = 2; `b` to `01` and `1.0`, two different sinks: 1.
#[test]
fn names_that_yaml_reads_as_values_are_kept_as_written() {
    let test = Test::new();
    let graph = test.write(
        "g.yaml",
        "format: 1\npositions:\n  a: [yes, 0x1, off]\n  yes: []\n  0x1: []\n  off: [y, \"null\"]\n  \
         y: []\n  \"null\": []\n  b: [01, 1.0]\n  01: []\n  1.0: []\n",
    );
    let out = Test::new()
        .args(["grundy", "--rules"])
        .arg(format!("graph:{}", graph.display()))
        .args(["--format", "json"])
        .run()
        .success();
    let rows = out.json()["rows"].as_array().unwrap().clone();
    let values: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["state"].as_str().unwrap().to_string(),
                r["grundy"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("a", 2),
        ("yes", 0),
        ("0x1", 0),
        ("off", 1),
        ("y", 0),
        ("null", 0),
        ("b", 1),
        ("01", 0),
        ("1.0", 0),
    ];
    assert_eq!(
        values,
        expected.map(|(s, g)| (s.to_string(), g)).to_vec(),
        "{}",
        out.stdout
    );
    for nothing in ["~", "null"] {
        let graph = test.write(
            "n.yaml",
            &format!("format: 1\npositions:\n  a: [{nothing}]\n"),
        );
        Test::new()
            .args(["grundy", "--rules"])
            .arg(format!("graph:{}", graph.display()))
            .run()
            .code(2)
            .stderr_has(
                "YAML reads `~`, `null` and an empty name as nothing, not as a name: quote",
            );
    }
}
