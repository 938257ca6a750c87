//! Pictures in the terminal, for a learner without Graphviz and in lessons: a game graph as
//! an indented tree with values, a Grundy sequence as a sparkline, a Hackenbush picture with
//! the names of its nodes (the ones `move` names in the edge to cut).

use crate::oracle::brute::{Grundy, Pile, Rules};
use crate::support::Test;

/// Zero-move from 2T, by brute force: g(0) = 0, g(1F) = 1, g(1T) = 2, g(2F) = 2, g(2T) = 1;
/// the moves to 0 win (it is a P-position), the passes are marked.
#[test]
fn a_game_graph_is_a_tree_with_values() {
    let mut g = Grundy::new(Rules::ZeroMove);
    let v = |g: &mut Grundy, n, pass| g.value(Pile::new(n, pass));
    let out = Test::new()
        .args(["draw", "2", "--format", "text"])
        .run()
        .success();
    let expected = [
        format!("2T  g = {}", v(&mut g, 2, true)),
        format!("├─ 0  g = {}  P  ◀ wins", v(&mut g, 0, false)),
        format!("├─ 1T  g = {}", v(&mut g, 1, true)),
        format!("│  └─ 1F  g = {}  (pass)", v(&mut g, 1, false)),
        format!("└─ 2F  g = {}  (pass)", v(&mut g, 2, false)),
        format!("   └─ 1F  g = {}  (as above)", v(&mut g, 1, false)),
    ];
    for line in &expected {
        assert!(
            out.stdout.lines().any(|l| l == line),
            "{line:?}:\n{}",
            out.stdout
        );
    }
    // In a pipe without `--format`, `draw` still writes DOT for Graphviz.
    Test::new()
        .args(["draw", "2"])
        .run()
        .success()
        .stdout_has("digraph");
}

/// subtract:1,2 repeats 0 1 2 (brute force): twelve marks, lowest, middle, full.
#[test]
fn a_sequence_is_a_sparkline_with_its_period() {
    let mut g = Grundy::new(Rules::Subtract(vec![1, 2]));
    let values: Vec<u64> = (0..12).map(|n| g.value(Pile::new(n, false))).collect();
    assert_eq!(values, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
    // Height h of 0..=2 is mark ⌈7h / 2⌉ of ▁▂▃▄▅▆▇█.
    let marks: String = values
        .iter()
        .map(|&v| ['▁', '▅', '█'][usize::try_from(v).unwrap()])
        .collect();
    let out = Test::new()
        .args([
            "draw",
            "--plot",
            "--rules",
            "subtract:1,2",
            "0..11",
            "--format",
            "text",
        ])
        .run()
        .success();
    assert!(
        out.stdout.contains(&format!("g(n)  {marks}\n")),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("period 3 from n = 0"), "{}", out.stdout);
}

/// A stalk of 5 is worth 5; the tree 2(1,3) is worth 2 + (1 ⊕ 3) = 4 (colon principle, by
/// hand). Nim-sum 1: the winning cut leaves the stalk 4, cutting its top edge, 4-5.
#[test]
fn move_draws_the_picture_whose_nodes_it_names() {
    let out = Test::new()
        .args(["move", "--rules", "hackenbush", "5", "2(1,3)"])
        .run()
        .success();
    let s = &out.stdout;
    assert!(s.contains("      g─1─2─3─4✂5\n"), "{s}");
    // The arms 1 and 3 hang from node 2, the top of the stalk: drawn under it.
    assert!(
        s.contains("      g─1─2\n          ├─3\n          └─4─5─6\n"),
        "{s}"
    );
    assert!(s.contains("cut the edge 4-5 of 5"), "{s}");
    let drawn = Test::new()
        .args([
            "draw",
            "--rules",
            "hackenbush",
            "5",
            "2(1,3)",
            "--format",
            "text",
        ])
        .run()
        .success();
    assert!(drawn.stdout.contains("  g─1─2─3─4✂5\n"), "{}", drawn.stdout);
}

/// A lesson's `draw` is drawn on its screen, whatever format the line names.
#[test]
fn a_lesson_draws_in_the_terminal() {
    let t = Test::new();
    t.write(
        "pic.yaml",
        "format: 1\nid: pic\nversion: 1\ntitle: A picture\nsummary: One drawing.\nsteps:\n  \
         - id: one\n    run: draw 1\n",
    );
    let out = t
        .args(["--lessons", "."])
        .stdin("lesson start pic\n")
        .run()
        .success();
    // 1T → 0 (value 0) or the pass to 1F (value 1): g(1T) = mex{0, 1} = 2.
    assert!(out.stdout.contains("1T  g = 2\n"), "{}", out.stdout);
    assert!(!out.stdout.contains("digraph"), "{}", out.stdout);
}

/// At the prompt, `draw` draws in the terminal without being asked.
#[cfg(unix)]
#[test]
fn at_the_prompt_draw_draws_in_the_terminal() {
    use std::time::Duration;
    let mut p = Test::new()
        .size(80, 24)
        .timeout(Duration::from_secs(60))
        .pty();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("draw 1").unwrap();
    let raw = p.exp_string("nimlab[zero-move]> ").unwrap();
    let text = crate::support::pty_text(&raw);
    assert!(text.contains("1T  g = 2"), "{text}");
    assert!(!text.contains("digraph"), "{text}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
