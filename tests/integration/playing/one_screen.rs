//! One screen per move in `play`: the board, then one line that judges the move and says
//! what the computer did; the binary tables and the reasons on `why` or with `--coach
//! verbose`; the board drawn with the coach off too.
//!
//! The moves are worked out by `brute` (zero-move Grundy values by mex over the explicit
//! options): from 4T 7T 5T taking 1 from pile 1 throws the win away, the one winning move
//! was 7T → 6T, and the computer's one winning reply takes 6 from pile 2.

use crate::oracle::brute::{Grundy, Pile, Rules};
use crate::support::Test;

/// The line the coach ends the screen with after `1 1` from 4T 7T 5T.
/// The winning move is named with its pile (brute force: pile 2, 7T → 6T).
const VERDICT: &str =
    "✗ gave the win away — best was pile 2: 7T → 6T · computer took 6 from pile 2";

/// The winning moves from `piles` in zero-move, as (pile index, new state), by brute force.
fn winning_moves(piles: &[Pile]) -> Vec<(usize, Pile)> {
    let mut g = Grundy::new(Rules::ZeroMove);
    let sum = piles.iter().fold(0, |s, &p| s ^ g.value(p));
    let mut moves = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        for option in Rules::ZeroMove.options(p) {
            if sum ^ g.value(p) ^ g.value(option) == 0 {
                moves.push((i, option));
            }
        }
    }
    moves
}

/// The hand-worked game the tests use is what brute force says it is.
#[test]
fn the_example_game_is_what_brute_force_says() {
    let t = |n| Pile::new(n, true);
    // Before the move: one winning move, 7T → 6T.
    assert_eq!(winning_moves(&[t(4), t(7), t(5)]), vec![(1, t(6))]);
    // After `1 1` (4T → 3T) the computer has one winning move: 7T → 1T, taking 6.
    assert_eq!(winning_moves(&[t(3), t(7), t(5)]), vec![(1, t(1))]);
}

/// A move's output is a few lines, and the verdict is the last of them.
#[test]
fn a_coached_move_ends_with_its_verdict() {
    let out = Test::new()
        .args(["play", "4", "7", "5"])
        .stdin("1 1\n")
        .run()
        .success();
    let after: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("1. you: "))
        .collect();
    assert_eq!(after.first(), Some(&"1. you: take 1 from pile 1 (4T → 3T)"));
    assert_eq!(after.last(), Some(&VERDICT), "{}", out.stdout);
    // The board: the position after the computer's reply, a row a pile with its value
    // (g(3T) = 4, g(1T) = 2, g(5T) = 6) and its tokens.
    assert!(after.contains(&"your move: 3T 1T 5T"), "{}", out.stdout);
    assert!(after.contains(&"  pile 2  1T  g 2  ●"), "{}", out.stdout);
    assert!(
        after.contains(&"  pile 3  5T  g 6  ●●●●●"),
        "{}",
        out.stdout
    );
    assert!(after.len() <= 8, "{}", out.stdout);
    for table in ["nim-sum", "  pile  state", "why:"] {
        assert!(!out.stdout.contains(table), "{table}: {}", out.stdout);
    }
}

/// `why` shows the learner's move in binary with the coach's reasons and the winning move;
/// `why computer` (or the move's number, 2) the computer's reply.
#[test]
fn why_shows_the_last_move_in_binary() {
    let out = Test::new()
        .args(["play", "4", "7", "5"])
        .stdin("1 1\nwhy\nwhy computer\nwhy 2\n")
        .run()
        .success();
    let why = out
        .stdout
        .split(VERDICT)
        .nth(1)
        .expect("the verdict, then `why`");
    let (yours, rest) = why
        .split_once("`why computer` explains the computer's reply (move 2).\n")
        .expect("`why` names the reply it leaves out");
    // 13 = 3 ⊕ 8 ⊕ 6 is the nim-sum before the move; 8 ⊕ 13 = 5 = g(6T).
    for line in [
        "1. you: take 1 from pile 1 (4T → 3T)",
        "nim-sum  before",
        "coach: ✗ that gives the win away",
        "8 ⊕ 13 = 5: 7T → 6T",
    ] {
        assert!(yours.contains(line), "{line}: {yours}");
    }
    assert!(!yours.contains("2. computer"), "{yours}");
    let (computer, by_number) = rest
        .split_once("`why` explains your move (move 1).\n")
        .expect("`why computer` names the move it leaves out");
    assert!(
        computer.contains("2. computer: take 6 from pile 2 (7T → 1T)"),
        "{computer}"
    );
    assert!(!computer.contains("1. you"), "{computer}");
    assert_eq!(
        by_number,
        format!("{computer}`why` explains your move (move 1).\n"),
        "`why 2` is `why computer`"
    );
}

/// `why` after a move fits one 80×24 screen with the prompt, each line within 80 columns.
#[cfg(unix)]
#[test]
fn why_fits_one_screen() {
    use crate::support::pty_text;
    // 21T 47T 34T: values 22 48 33, nim-sum 7; taking 4 from pile 1 leaves 3 ≠ 0.
    let mut p = Test::new()
        .args(["play", "21", "47", "34"])
        .size(80, 24)
        .pty();
    p.exp_string("nimlab[play 21T 47T 34T]> ").unwrap();
    p.send_line("1 4").unwrap();
    p.exp_string("]> ").unwrap();
    p.send_line("why").unwrap();
    let text = pty_text(&p.exp_string("]> ").unwrap());
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() < 24, "{} lines:\n{text}", lines.len());
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    assert!(
        text.contains("1. you: take 4 from pile 1 (21T → 17T)"),
        "{text}"
    );
    assert!(
        text.contains("The winning move was take 3 from pile 1"),
        "{text}"
    );
    p.send_line("resign").unwrap();
    p.exp_eof().unwrap();
}

/// `--coach verbose` shows what `why` would, at every move.
#[test]
fn a_verbose_coach_shows_every_move_in_binary() {
    let out = Test::new()
        .args(["play", "--coach", "verbose", "4", "7", "5"])
        .stdin("1 1\n")
        .run()
        .success();
    assert!(
        out.stdout
            .contains("2. computer: take 6 from pile 2 (7T → 1T)")
    );
    assert!(
        out.stdout.contains("why: the nim-sum is 10"),
        "{}",
        out.stdout
    );
    // After the reasons, the same one-line verdict the compact screen ends with.
    assert!(
        out.stdout.trim_end().ends_with(&format!("\n{VERDICT}")),
        "{}",
        out.stdout
    );
}

/// With the coach off the board is drawn, without values, and no move is judged.
#[test]
fn without_the_coach_the_board_is_still_drawn() {
    let out = Test::new()
        .args(["play", "--coach", "off", "4", "7", "5"])
        .stdin("1 1\n")
        .run()
        .success();
    let s = &out.stdout;
    assert!(
        s.contains("your move: 3T 1T 5T\n  pile 1  3T  ●●●\n"),
        "{s}"
    );
    assert!(
        s.trim_end().ends_with("\ncomputer took 6 from pile 2"),
        "{s}"
    );
    assert!(
        !s.contains("gave the win away") && !s.contains("g 2"),
        "{s}"
    );
}

/// `why` with no move to explain says what it is for, and exits 2.
#[test]
fn why_without_a_game_says_what_it_is_for() {
    let out = Test::new().stdin("why\n").run().code(2);
    assert!(
        out.stderr
            .contains("no move to explain: `why` follows a move in a game"),
        "{}",
        out.stderr
    );
    // In a game, after `undo`: the moves were taken back, and the line says so.
    let out = Test::new()
        .args(["play", "--rules", "nim", "3", "5"])
        .stdin("1 1\nundo\nwhy\n")
        .run();
    assert!(
        out.stderr
            .contains("`undo` takes the moves it would explain back"),
        "{}",
        out.stderr
    );
}

/// The test: at 80×24, the screen after a coached bad move holds the verdict line.
#[cfg(unix)]
#[test]
fn the_screen_after_a_bad_move_holds_the_verdict() {
    use crate::support::pty_text;
    use std::time::Duration;

    let mut p = Test::new()
        .args(["play", "4", "7", "5"])
        .size(80, 24)
        .timeout(Duration::from_secs(60))
        .pty();
    p.exp_string("nimlab[play 4T 7T 5T]> ").unwrap();
    p.send_line("1 1").unwrap();
    let raw = p.exp_string("nimlab[play 3T 1T 5T]> ").unwrap();
    let text = pty_text(&raw);
    // What the move printed, with the prompt after it: one screen at most, each line within
    // 80 columns, the verdict last.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() < 24, "{text}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    let last = lines.iter().rev().find(|l| !l.trim().is_empty());
    assert_eq!(last.copied(), Some(VERDICT), "{text}");
    p.send_line("resign").unwrap();
    p.exp_eof().unwrap();
}
