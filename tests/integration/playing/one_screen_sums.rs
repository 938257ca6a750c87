//! One screen per move in `play` on a sum of different games and on Green Hackenbush
//! pictures, as on piles (`one_screen.rs`): the learner's move, the board, and last the line
//! that judges the move and says what the computer did; the values, the nim-sum and the
//! pictures drawn on `why` or with `--coach verbose`; the board drawn with the coach off.
//!
//! Which move wins is worked out here: components valued by mex over their options
//! (`play_sum::Mex`), pictures by a search over every cut (`play_sum::value_after_cut`),
//! both written from the games' rules in the tests, not read from nimlab.

use crate::playing::play_sum::{Mex, drawn, options, value_after_cut, value_of};
use crate::support::Test;

/// The sum the tests play: by the mex, values 0, 8 and 4 (nim-sum 12).
const SUM: &str = "wythoff(3,5) + lasker(7) + 4";

/// The board of [`SUM`] as nimlab writes it under `--rules nim`.
fn sum_board() -> Vec<String> {
    ["wythoff(3,5)", "lasker(7)", "nim(4)"]
        .map(String::from)
        .to_vec()
}

/// Every move of a sum that leaves nim-sum 0, as `from → to` (split parts joined by ` + `).
fn winning_sum_moves(board: &[String]) -> Vec<String> {
    let mut mex = Mex::default();
    let mut out = Vec::new();
    for (i, from) in board.iter().enumerate() {
        for to in options(from) {
            let mut after = board.to_vec();
            after.splice(i..=i, to.iter().cloned());
            if mex.nim_sum(&after) == 0 {
                out.push(format!("{from} → {}", to.join(" + ")));
            }
        }
    }
    out
}

/// Every cut of a board of pictures that leaves nim-sum 0, as `cut A-B of P`.
fn winning_cuts(board: &[&str]) -> Vec<String> {
    let sum = board.iter().fold(0, |x, w| x ^ value_of(w));
    let mut out = Vec::new();
    for word in board {
        let d = drawn(word);
        for &(a, b) in &d.edges {
            let (a, b) = (&d.names[a], &d.names[b]);
            if sum ^ value_of(word) ^ value_after_cut(word, a, b) == 0 {
                out.push(format!("cut {a}-{b} of {word}"));
            }
        }
    }
    out
}

/// The verdict after `3 -> 3` (nim(4) → nim(3)) on [`SUM`]: the one winning move, then the
/// computer's one winning reply, each found by the mex.
fn sum_verdict() -> [String; 2] {
    let board = sum_board();
    let best = winning_sum_moves(&board);
    assert_eq!(best.len(), 1, "{best:?}");
    assert!(!best.contains(&"nim(4) → nim(3)".to_string()));
    let mut after = board;
    after[2] = "nim(3)".into();
    let reply = winning_sum_moves(&after);
    assert_eq!(reply.len(), 1, "{reply:?}");
    [
        format!("✗ gave the win away — best was {}", best[0]),
        format!("computer moved {}", reply[0]),
    ]
}

/// The pictures the tests play, and the verdict after `1 g-1` (the stalk of 5 cut at the
/// ground): the one winning cut, then the computer's one winning reply, found by search.
const PICTURES: [&str; 3] = ["5", "2(1,3)", "3"];

fn picture_verdict() -> [String; 2] {
    let best = winning_cuts(&PICTURES);
    // By hand: 5 ⊕ 4 ⊕ 3 = 2, and only the stalk of 3 can lose the 2: cut 1-2, leaving 1.
    assert_eq!(best, ["cut 1-2 of 3"]);
    assert_ne!(best[0], "cut g-1 of 5");
    let reply = winning_cuts(&["0", "2(1,3)", "3"]);
    assert_eq!(reply.len(), 1, "{reply:?}");
    [
        format!("✗ gave the win away — best was {}", best[0]),
        format!("computer {}", reply[0]),
    ]
}

/// What follows the learner's move line `1. you: …` in `stdout`.
fn after_move(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("1. you: "))
        .collect()
}

/// The verdict's parts end the screen: on one line if it fits 80 columns, else a line each.
fn ends_with_verdict(lines: &[&str], verdict: &[String; 2]) -> bool {
    let joined = verdict.join(" · ");
    if joined.chars().count() <= 80 {
        lines.last() == Some(&joined.as_str())
    } else {
        lines.len() >= 2 && lines[lines.len() - 2..] == [&verdict[0], &verdict[1]]
    }
}

#[test]
fn a_coached_move_on_a_sum_ends_with_its_verdict() {
    let verdict = sum_verdict();
    let out = Test::new()
        .args(["--color", "never", "play", "--rules", "nim", SUM])
        .stdin("3 -> 3\n")
        .run()
        .success();
    let after = after_move(&out.stdout);
    assert!(ends_with_verdict(&after, &verdict), "{}", out.stdout);
    // The board after the reply, each component with its value by the mex.
    let mut mex = Mex::default();
    let board = sum_board();
    let reply = verdict[1].trim_start_matches("computer moved ");
    let (_, to) = reply.split_once(" → ").unwrap();
    let now = [board[0].as_str(), to, "nim(3)"];
    assert!(after.contains(&"your move:"), "{}", out.stdout);
    for (i, term) in now.iter().enumerate() {
        let row = after
            .iter()
            .find(|l| l.starts_with(&format!("  {}  {term} ", i + 1)))
            .unwrap_or_else(|| panic!("{term}: {}", out.stdout));
        assert!(
            row.ends_with(&format!("value {}", mex.value(term))),
            "{row}"
        );
    }
    assert!(after.len() <= 10, "{}", out.stdout);
    for explained in ["nim-sum", "why:", "coach: ✗"] {
        assert!(
            !after.join("\n").contains(explained),
            "{explained}: {}",
            out.stdout
        );
    }
}

#[test]
fn why_on_a_sum_shows_the_values_and_the_nim_sum() {
    let verdict = sum_verdict();
    let out = Test::new()
        .args(["--color", "never", "play", "--rules", "nim", SUM])
        .stdin("3 -> 3\nwhy\nwhy computer\n")
        .run()
        .success();
    let why = out
        .stdout
        .split(&verdict[1])
        .nth(1)
        .expect("the verdict, then `why`");
    // Values by the mex: nim(4) → nim(3) is 4 → 3; the nim-sum it left is 0 ⊕ 8 ⊕ 3.
    let mut mex = Mex::default();
    let left = mex.nim_sum(&["wythoff(3,5)".into(), "lasker(7)".into(), "nim(3)".into()]);
    let best = winning_sum_moves(&sum_board())[0].clone();
    let (_, best_to) = best.split_once(" → ").unwrap();
    for line in [
        "1. you: component 3: nim(4) → nim(3) (value 4 → 3)".to_string(),
        format!("the nim-sum you left is {left}, not 0"),
        format!(
            "lasker(7) → {best_to} (value {} → {})",
            mex.value("lasker(7)"),
            mex.value(best_to)
        ),
        format!("why: the nim-sum was {left}"),
        // The computer's reply leaves nim-sum 0, as every winning move does.
        "nim-sum 0".to_string(),
    ] {
        assert!(why.contains(&line), "{line}: {why}");
    }
}

#[test]
fn a_verbose_coach_on_a_sum_explains_every_move() {
    let out = Test::new()
        .args([
            "--color", "never", "play", "--coach", "verbose", "--rules", "nim", SUM,
        ])
        .stdin("3 -> 3\n")
        .run()
        .success();
    let s = &out.stdout;
    assert!(s.contains("coach: ✗ that gives the win away"), "{s}");
    assert!(s.contains("why: the nim-sum was"), "{s}");
    assert!(s.contains("nim-sum 0"), "{s}");
    // After the reasons, the verdict the compact screen ends with.
    let verdict = sum_verdict();
    let lines: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(ends_with_verdict(&lines, &verdict), "{s}");
}

#[test]
fn without_the_coach_a_sum_s_board_is_still_drawn() {
    let verdict = sum_verdict();
    let out = Test::new()
        .args([
            "--color", "never", "play", "--coach", "off", "--rules", "nim", SUM,
        ])
        .stdin("3 -> 3\n")
        .run()
        .success();
    let s = &out.stdout;
    let after = after_move(s);
    assert!(after.contains(&"your move:"), "{s}");
    assert!(after.contains(&"  1  wythoff(3,5)"), "{s}");
    assert_eq!(after.last(), Some(&verdict[1].as_str()), "{s}");
    assert!(
        !s.contains("gave the win away") && !s.contains("value"),
        "{s}"
    );
}

#[test]
fn a_coached_cut_ends_with_its_verdict_and_why_draws_the_pictures() {
    let verdict = picture_verdict();
    let out = Test::new()
        .args(["--color", "never", "play", "--rules", "hackenbush"])
        .args(PICTURES)
        .stdin("1 g-1\nwhy\nwhy computer\n")
        .run()
        .success();
    let (screen, why) = out
        .stdout
        .split_once(&verdict[1])
        .expect("the verdict, then `why`");
    let screen = format!("{screen}{}", verdict[1]);
    let after = after_move(&screen);
    assert!(ends_with_verdict(&after, &verdict), "{}", out.stdout);
    // Each picture's value by the search, and its edges by the names the reader here gives.
    assert!(after.contains(&"your move:"), "{}", out.stdout);
    let row = after.iter().find(|l| l.starts_with("  3  3 ")).unwrap();
    assert!(
        row.contains(&format!("value {}", value_of("3"))) && row.ends_with("edges g-1 1-2 2-3"),
        "{row}"
    );
    // `why`: the winning cut with the picture drawn by its nodes' names, the edge marked.
    let best = verdict[0].rsplit(" was ").next().unwrap();
    assert!(why.contains(&format!("(`{best}`)")), "{why}");
    assert!(why.contains("g─1✂2─3"), "{why}");
    assert!(why.contains("nim-sum 0"), "{why}");
}

#[test]
fn without_the_coach_the_pictures_are_still_drawn() {
    let verdict = picture_verdict();
    let out = Test::new()
        .args([
            "--color",
            "never",
            "play",
            "--coach",
            "off",
            "--rules",
            "hackenbush",
        ])
        .args(PICTURES)
        .stdin("1 g-1\n")
        .run()
        .success();
    let s = &out.stdout;
    let after = after_move(s);
    assert!(after.contains(&"  3  3  edges g-1 1-2 2-3"), "{s}");
    assert_eq!(after.last(), Some(&verdict[1].as_str()), "{s}");
    assert!(
        !s.contains("gave the win away") && !s.contains("value"),
        "{s}"
    );
}

/// At 80×24 the screen after a coached bad move on a sum, and on pictures, ends with the
/// verdict, every line within 80 columns.
#[cfg(unix)]
#[test]
fn the_screen_after_a_bad_move_on_a_sum_holds_the_verdict() {
    use crate::support::pty_text;
    use std::time::Duration;

    for (args, line, prompt, verdict) in [
        (
            vec!["play", "--rules", "nim", SUM],
            "3 -> 3",
            // The prompt is short: the first term and how many more (the board is above).
            "nimlab[play wythoff(3,5) + 2 more]> ",
            sum_verdict(),
        ),
        (
            vec!["play", "--rules", "hackenbush", "5", "2(1,3)", "3"],
            "1 g-1",
            "nimlab[play 0 + ",
            picture_verdict(),
        ),
    ] {
        let mut p = Test::new()
            .args(args)
            .env("NO_COLOR", "1")
            .size(80, 24)
            .timeout(Duration::from_secs(60))
            .pty();
        p.exp_string("]> ").unwrap();
        p.send_line(line).unwrap();
        let raw = p.exp_string(prompt).unwrap();
        let text = pty_text(&raw);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(lines.len() < 24, "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
        assert!(ends_with_verdict(&lines, &verdict), "{text}");
        p.send_line("resign").unwrap();
        p.exp_eof().unwrap();
    }
}

/// The last move of a game is one screen too: the move, then the result.
#[test]
fn the_last_move_of_a_game_on_pictures_is_one_screen() {
    // 2(1,3) alone: cutting g-1 drops the whole picture, leaving nothing, by the search.
    assert!(winning_cuts(&["2(1,3)"]).contains(&"cut g-1 of 2(1,3)".to_string()));
    let out = Test::new()
        .args([
            "--color",
            "never",
            "play",
            "--rules",
            "hackenbush",
            "2(1,3)",
        ])
        .stdin("1 g-1\n")
        .run()
        .success();
    let after = after_move(&out.stdout);
    assert_eq!(
        after,
        [
            "1. you: cut g-1 of 2(1,3) (picture 1), leaving 0",
            "",
            "Game over: you win! (whoever makes the last move wins)"
        ],
        "{}",
        out.stdout
    );
}
