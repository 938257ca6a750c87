//! The proof explorer through the real `nimlab` binary: expressions, derive, conjecture,
//! prove and verify. Expected numbers are hand-checked (see the comments).

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of nimlab printed, and its exit code.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn nimlab(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("NIMLAB_PROGRESS", "off")
        .env(
            "NIMLAB_STATE_DIR",
            std::env::temp_dir().join("nimlab-proof-tests"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nimlab runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("nimlab finishes");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let run = nimlab(&all, "");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).expect("valid JSON")
}

#[test]
fn expressions_on_the_shell_and_in_scripts() {
    let run = nimlab(&["=", "3 xor 5"], "");
    assert_eq!((run.code, run.stdout.as_str()), (0, "6\n"));
    // Words after `=` are one expression, quoted or not.
    assert_eq!(nimlab(&["=", "3", "xor", "5"], "").stdout, "6\n");
    assert_eq!(nimlab(&["eval", "g(zero-move, 7T)"], "").stdout, "8\n");
    // 18T, 47T, 34T have values 17, 48, 33 and 17 ⊕ 48 ⊕ 33 = 0.
    let run = nimlab(&[], "= 3 ^ 5\n= winner(zero-move, 18, 47, 34)\n");
    assert_eq!(run.stdout, "6\nsecond\n");
    let v = json(&["=", "mexset(zero-move, 8T)"]);
    assert_eq!(v["value"], serde_json::json!([0, 1, 2, 3, 4, 5, 6, 8]));
    // 2^64 is exact in JSON.
    let v = json(&["=", "g(zero-move, 18446744073709551615T)"]);
    assert_eq!(v["value"].to_string(), "18446744073709551616");
}

#[test]
fn expression_errors_are_one_line_with_a_caret_and_exit_2() {
    for (expr, words, caret) in [
        ("3 + )", "unexpected `)`", "  |     ^"),
        ("nimsun(1, 2)", "did you mean `nimsum`", "  | ^^^^^^"),
        ("pow(2, 127)", "too large", "  | ^^^^^^^^^^^"),
        ("all n in 0..1000000000000: n >= 0", "steps", "  | ^^^"),
        ("1 / 0", "division by zero", "  |     ^"),
    ] {
        let run = nimlab(&["=", expr], "");
        assert_eq!(run.code, 2, "{expr}");
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(words),
            "{expr}: {lines:?}"
        );
        assert_eq!(lines[1], format!("  | {expr}"));
        assert!(lines[2].starts_with(caret), "{expr}: {lines:?}");
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn derive_prints_every_step_outside_a_terminal() {
    let run = nimlab(&["derive", "0..3"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // By hand: 3T moves to 0, 1T, 2T (values 0, 2, 1) or passes to 3F (value 3).
    assert!(
        run.stdout.contains("options of 3T: 0→0, 1T→2, 2T→1, 3F→3"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("set {0, 1, 2, 3}; mex 4, so g(3T) = 4"));
    assert!(run.stdout.contains("options of 0: none"));
    // Table order: 0, 1F, 1T, 2F, 2T, ….
    let order: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("options of "))
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(order, ["0", "1F", "1T", "2F", "2T", "3F", "3T"]);
    let v = json(&["derive", "--rules", "nim", "2"]);
    assert_eq!(v["steps"][0]["set"], serde_json::json!([0, 1]));
}

#[test]
fn conjecture_teaches_with_the_first_counterexample() {
    let run = nimlab(
        &["conjecture", "g(nT) = if odd(n) then n + 1 else n - 1"],
        "",
    );
    // A refuted conjecture is a failed check.
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("fails at n = 0: the formula gives -1, but g(0) = 0"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("never negative"));
    assert!(run.stdout.contains("if n = 0 then 0 else"));
    let v = json(&[
        "conjecture",
        "g(nT) = if n = 0 then 0 else if odd(n) then n + 1 else n - 1 for n in 0..10000",
    ]);
    assert_eq!(
        (v["holds"].as_bool(), v["checked"].as_u64()),
        (Some(true), Some(10_001))
    );
    // From 1 upward, n + 1 first fails at 2: 2T's options 0, 1T, 2F have values 0, 2, 2.
    let run = nimlab(
        &[
            "--format",
            "json",
            "conjecture",
            "g(nT) = n + 1 for n in 1..100",
        ],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(v["counterexample"]["n"], 2);
    assert_eq!(v["counterexample"]["grundy"], 1);
    let run = nimlab(&["conjecture", "n = 3"], "");
    assert_eq!(run.code, 2);
}

/// The bundled proofs are listed; each is run and checked once, in text and JSON, by
/// `words::proof_steps_say_which_instances_were_checked`.
#[test]
fn the_bundled_proofs_are_listed() {
    let list = nimlab(&["prove"], "");
    for id in ["zero-move-rule", "bouton", "sprague-grundy-sum"] {
        assert!(list.stdout.contains(id), "{}", list.stdout);
    }
    let run = nimlab(&["prove", "nosuch"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("`nosuch`") && run.stderr.contains("zero-move-rule"));
    // Outside a proof there is nothing to step through.
    assert_eq!(nimlab(&["at", "n", "=", "8"], "").code, 2);
}

/// Steps with a first-order claim are decided for every n; `--explain` shows the sentence
/// and the automaton; JSON carries the decision.
#[test]
fn proof_steps_are_decided_for_every_n_where_first_order() {
    let run = nimlab(&["prove", "zero-move-rule", "--explain"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Six steps decided (statement, spent-mex, below-n, odd-n, even-n, conclusion), two
    // about the move rule only checked, two facts evaluated.
    assert_eq!(run.stdout.matches("✓ decided for every ").count(), 6);
    assert_eq!(
        run.stdout
            .matches("not decided: the claim is the game's move rule")
            .count(),
        2
    );
    assert!(
        run.stdout.contains("  sentence all n: odd(n) =>"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("  where    zm(k, v) := "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("  automata largest automaton "),
        "{}",
        run.stdout
    );
    let v = json(&["prove", "bouton"]);
    let decided: Vec<&serde_json::Value> = v["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s.get("decided"))
        .collect();
    assert_eq!(decided.len(), 4);
    for d in decided {
        assert_eq!(d["holds"], true, "{d}");
        assert!(d["states"].as_u64().is_some_and(|n| n >= 1), "{d}");
    }
}

/// `conjecture` decides for every n where it can: the textbook formula is found false at
/// n = 0 by the decider; Lasker's closed form (hand-checked: g = 0 1 2 4 3 5 6 8 7 …) is
/// proven, and with its last two cases swapped fails first at 3, where g(3) = 4.
#[test]
fn conjectures_are_decided_for_every_n() {
    let run = nimlab(
        &["conjecture", "g(nT) = if odd(n) then n + 1 else n - 1"],
        "",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("fails at n = 0 (decided by induction: automaton of "),
        "{}",
        run.stdout
    );
    let lasker = "g(n) = if n % 4 = 3 then n + 1 else if n % 4 = 0 and n > 0 then n - 1 else n";
    let v = json(&["conjecture", "--rules", "lasker", lasker]);
    assert_eq!(v["decided"]["holds"], true, "{v}");
    let run = nimlab(
        &[
            "--format",
            "json",
            "conjecture",
            "--rules",
            "lasker",
            "g(n) = if n % 4 = 3 then n - 1 else if n % 4 = 0 and n > 0 then n + 1 else n",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(v["decided"]["fails_at"], 3, "{v}");
    assert_eq!(v["counterexample"]["grundy"], 4, "{v}");
    // Outside the fragment: said, and checked by brute force only.
    let run = nimlab(&["conjecture", "--rules", "nim", "g(n) = n * n"], "");
    assert!(
        run.stdout.contains("a product of two variables"),
        "{}",
        run.stdout
    );
}

#[test]
fn verify_finds_no_mismatch_in_nimlabs_rules() {
    // Positions of up to 4 piles ≤ 7: multisets of 4 sizes from 8 = C(11, 4) = 330; zero-move
    // has 15 states (0, 1F, 1T, …, 7T): C(18, 4) = 3060.
    for (rules, positions) in [("nim", 330), ("zero-move", 3060), ("misere", 330)] {
        let v = json(&["verify", "--rules", rules, "--piles", "4", "--max", "7"]);
        assert_eq!(v["positions"], positions, "{rules}");
        assert_eq!(v["mismatches"], 0, "{rules}");
        assert!(v["rule"].is_string());
    }
    // Zero-move misère has no rule to compare: the table is reported instead. By hand, a lone
    // 1F loses in misère (its only move takes the last token).
    let v = json(&[
        "verify",
        "--rules",
        "zero-move-misere",
        "--piles",
        "2",
        "--max",
        "3",
    ]);
    assert!(v["rule"].is_null());
    let lost = v["lost"].as_array().expect("lost");
    assert!(lost.contains(&serde_json::json!(["1F"])), "{lost:?}");
    let text = nimlab(
        &[
            "verify",
            "--rules",
            "zero-move",
            "--misere",
            "--piles",
            "2",
            "--max",
            "3",
        ],
        "",
    );
    assert!(text.stdout.contains("no simple rule"), "{}", text.stdout);
    assert_eq!(nimlab(&["verify", "--rules", "chess"], "").code, 2);
}

/// `decide` answers a sentence for every value; a false one with its smallest
/// counterexample (by hand: 1 is the least odd number, so the least not of the form y + y).
#[test]
fn decide_answers_a_sentence_for_every_value() {
    let run = nimlab(&["decide", "all n: any k: n = k + k or n = k + k + 1"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("true for every n (decided: automaton of ")
    );
    // False: a check that failed, exit 1, its report on stdout all the same.
    let run = nimlab(
        &["--format", "json", "decide", "all x: any y: x = y + y"],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(v["holds"], false);
    assert_eq!(
        v["counterexample"],
        serde_json::json!([{"var": "x", "value": 1}])
    );
    // Outside the fragment: one line naming the problem, exit 2.
    let run = nimlab(&["decide", "all x: x * x = 1"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("error: ") && run.stderr.contains("two variables"));
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    // A free name is bad input too.
    let run = nimlab(&["decide", "x = 1"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("`x`"), "{}", run.stderr);
}

/// A closed form decided true for a game defined in the session is used by its lookups from
/// then on: take 1, 2 or 3 is n mod 4 (Bachet; by hand, from 4 every move reaches a non-zero
/// residue and from the others one move reaches a multiple of 4), so g(5000001) = 1, past
/// what mex may compute for a lookup (about 1.2 million states of this game).
#[test]
fn a_formula_proven_in_the_session_values_its_game() {
    let script = "game tk(n) = {n - k : k in 1..min(n, 3)}\n\
                  conjecture g(n) = n % 4\n\
                  grundy 5000001\n";
    let run = nimlab(&[], script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("holds for every n (decided by induction"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("g(5000001) = 1  (proven formula, decided by induction in this session"),
        "{}",
        run.stdout
    );
}

/// `conjecture --explain` shows the induction sentence and the automata's figures.
#[test]
fn conjecture_explains_its_sentence() {
    let run = nimlab(
        &["conjecture", "--explain", "--rules", "nim", "g(n) = n"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("  sentence (all n: "), "{}", run.stdout);
    assert!(
        run.stdout.contains("  automata largest automaton "),
        "{}",
        run.stdout
    );
}

#[test]
fn derive_on_a_graph_derives_every_position_unless_some_are_named() {
    // The lesson's race: start → left, right; left → middle, finish; right → middle;
    // middle → finish. By mex from the end: finish 0, middle 1, right mex{1} = 0,
    // left mex{1, 0} = 2, start mex{2, 0} = 1.
    let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/graphs/example.yaml");
    let rules = format!("graph:{graph}");
    let run = nimlab(&["derive", "--rules", &rules], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for (name, g) in [
        ("start", 1),
        ("left", 2),
        ("right", 0),
        ("middle", 1),
        ("finish", 0),
    ] {
        assert!(
            run.stdout.contains(&format!("so g({name}) = {g}")),
            "{name}: {}",
            run.stdout
        );
    }
    // A range past the graph's five positions says so, and how to list them.
    let run = nimlab(&["derive", "--rules", &rules, "0..10"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("more than the graph has (the graph has 5 positions"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_conjecture_over_sizes_is_refused_on_a_graph_with_the_way_to_its_values() {
    let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/graphs/example.yaml");
    let rules = format!("graph:{graph}");
    let run = nimlab(&["conjecture", "--rules", &rules, "g(n) = 0"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("a graph's positions are named"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!("`grundy --rules {rules}`")),
        "{}",
        run.stderr
    );
}

/// A decided step says what its sentence states, never more. Read by hand from the bundled
/// sentences: Bouton's quantify exactly three piles `all a, b, c` (four in the conclusion)
/// and state the two lemmas (no `lost`); the sum rule's quantify two zero-move piles with
/// the induction hypothesis written into `sumTT`/`sumTF`. So no line may say "✓ for every"
/// of the statement, and each says "three piles" or "assuming the sum rule below them".
#[test]
fn a_decided_step_says_exactly_what_its_sentence_states() {
    let flat = |args: &[&str]| {
        let run = nimlab(args, "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let bouton = flat(&["prove", "bouton"]);
    assert!(!bouton.contains("✓ for every"), "{bouton}");
    assert!(
        bouton.contains(
            "✓ decided for every three piles a, b, c, the two lemmas below — from nim-sum 0 every move leads to a non-zero nim-sum, and from a non-zero nim-sum some move leads to 0 — not the theorem itself"
        ),
        "{bouton}"
    );
    assert!(
        bouton.contains("✓ decided for every three piles a, b, c: from nim-sum 0, every move leads to a non-zero nim-sum (automaton of "),
        "{bouton}"
    );
    assert!(
        bouton.contains("✓ decided for every four piles a, b, c, d, the same two lemmas"),
        "{bouton}"
    );
    let sum = flat(&["prove", "sprague-grundy-sum"]);
    assert!(!sum.contains("✓ for every"), "{sum}");
    assert_eq!(
        sum.matches("assuming the sum rule below them").count(),
        4,
        "{sum}"
    );
    assert!(
        sum.contains("not the theorem for any games or any number of piles, nor lost(…) itself"),
        "{sum}"
    );
    // `--explain` shows the sentence itself under those words.
    let explained = flat(&["prove", "bouton", "--explain"]);
    assert!(
        explained.contains("sentence all a, b, c: (a ^ b ^ c = 0 =>"),
        "{explained}"
    );
    // JSON carries the words beside the verdict.
    let v = json(&["prove", "bouton", "--all"]);
    let statement = &v["steps"][0];
    assert!(
        statement["states"]
            .as_str()
            .is_some_and(|s| s.starts_with("for every three piles a, b, c")),
        "{statement}"
    );
}
