//! What a learner reads on an 80×24 screen during a game and at the prompt: a Nim move error
//! that offers no pass, tokens drawn for every pile or none, a short prompt for a sum, a long
//! set wrapped between its elements, and `help =` wrapped where its phrases end.

use crate::support::Test;

/// Nim has no pass: the syntax offered for a move that does not read names none.
#[test]
fn a_nim_move_error_offers_no_pass() {
    let out = Test::new()
        .args(["play", "--rules", "nim", "3", "5"])
        .stdin("1 2 3\n")
        .run()
        .code(2);
    assert!(
        out.stderr.contains(
            "error: line 1: `1 2 3` is not valid here: expected a move: `I K` takes K from pile I \
             (`2 3`), `I -> S` leaves S in pile I\n"
        ),
        "{}",
        out.stderr
    );
    // Zero-move piles have a pass, and the same error offers it.
    let out = Test::new()
        .args(["play", "3", "5"])
        .stdin("1 2 3\n")
        .run()
        .code(2);
    assert!(
        out.stderr.contains("`I pass` spends pile I's pass"),
        "{}",
        out.stderr
    );
}

/// The board's rows of a pile each (Nim: g(n) = n).
fn board(piles: &[&str]) -> Vec<String> {
    let out = Test::new()
        .args(["play", "--rules", "nim"])
        .args(piles)
        .run()
        .success();
    out.stdout
        .lines()
        .filter(|l| l.starts_with("  pile "))
        .map(str::to_string)
        .collect()
}

#[test]
fn tokens_are_drawn_for_every_pile_or_for_none() {
    // 40 is over the 32 tokens a row draws: no pile shows its tokens, not even 3.
    assert_eq!(
        board(&["40", "3"]),
        ["  pile 1  40  g 40", "  pile 2   3  g  3"]
    );
    // Under it, every pile does.
    let rows = board(&["32", "3"]);
    assert_eq!(rows[0], format!("  pile 1  32  g 32  {}", "●".repeat(32)));
    assert_eq!(rows[1], "  pile 2   3  g  3  ●●●");
}

/// A sum's prompt names its first term and how many more: the board is on the screen.
#[cfg(unix)]
#[test]
fn a_sums_prompt_is_short() {
    let mut p = Test::new()
        .args([
            "play",
            "wythoff(2,5) + lasker(1) + lasker(3) + zero-move(4)",
        ])
        .size(80, 24)
        .pty();
    p.exp_string("nimlab[play wythoff(2,5) + 3 more]> ")
        .unwrap();
    p.send_line("resign").unwrap();
    p.exp_eof().unwrap();
    // A short sum is shown whole.
    let mut p = Test::new().args(["play", "lasker(1) + 3"]).pty();
    p.exp_string("nimlab[play lasker(1) + zero-move(3T)]> ")
        .unwrap();
    p.send_line("resign").unwrap();
    p.exp_eof().unwrap();
}

/// `= {k * k : k in 0..40}` is 41 squares, 0 to 1600: wrapped between elements within 80
/// columns, the continuation lines under the first element.
#[test]
fn a_long_set_wraps_between_its_elements() {
    let out = Test::new()
        .args(["=", "{k * k : k in 0..40}"])
        .run()
        .success();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines.len() > 1, "{}", out.stdout);
    for line in &lines {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    for line in &lines[1..] {
        assert!(line.starts_with(' ') && !line.starts_with("  "), "{line:?}");
    }
    let squares: Vec<String> = (0..=40u32).map(|k| (k * k).to_string()).collect();
    let joined = lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
    assert_eq!(joined, format!("{{{}}}", squares.join(", ")));
}

/// `help =`: every line within 80 columns, so nothing is wrapped again in the middle of a
/// phrase (the `mg` row used to leave "the" alone on a line).
#[test]
fn help_for_expressions_wraps_at_its_phrases() {
    let out = Test::new().args(["help", "="]).run().success();
    for line in out.stdout.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
        assert_ne!(line.trim(), "the", "{}", out.stdout);
    }
    assert!(
        out.stdout.contains(
            "by game-tree search:\n                     the mex of the options', a position"
        ),
        "{}",
        out.stdout
    );
}

/// The binary view of piles near 2⁶⁴ fits 80 columns: the states and values first, then a
/// table of the bits alone, every row of it whole (Nim: g(n) = n, so each row is the pile in
/// 64 binary digits, and the nim-sum their XOR).
#[test]
fn the_binary_view_of_huge_piles_fits_80_columns() {
    let piles: [u64; 3] = [u64::MAX, 5, 12_345_678_901_234];
    let words: Vec<String> = piles.iter().map(ToString::to_string).collect();
    let out = Test::new()
        .args(["nimsum", "--rules", "nim"])
        .args(&words)
        .run()
        .success();
    let xor = piles.iter().fold(0, |a, b| a ^ b);
    let table: Vec<&str> = out
        .stdout
        .lines()
        .take_while(|l| !l.starts_with("nim-sum ") || l.starts_with("nim-sum  "))
        .collect();
    for line in &table {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line:?}",
            line.chars().count()
        );
    }
    for (i, p) in piles.iter().enumerate() {
        let n = i + 1;
        assert!(
            table.contains(&format!("      {n}  {p}: g = {p}").as_str()),
            "{}",
            out.stdout
        );
        assert!(
            table.contains(&format!("      {n}  {p:064b}").as_str()),
            "{}",
            out.stdout
        );
    }
    assert!(
        table.contains(&format!("nim-sum  {xor:064b}").as_str()),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&format!("nim-sum  {xor}\n")),
        "{}",
        out.stdout
    );
    // A winning move on such piles: its table fits too, the moved pile marked.
    let out = Test::new()
        .args([
            "move",
            "--rules",
            "nim",
            &u64::MAX.to_string(),
            "12345678901",
        ])
        .run()
        .success();
    let table: Vec<&str> = out
        .stdout
        .lines()
        .take_while(|l| !l.starts_with("nim-sum ") || l.starts_with("nim-sum  "))
        .collect();
    for line in &table {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line:?}",
            line.chars().count()
        );
    }
    // Taking pile 1 to 12345678901 leaves nim-sum 0.
    let target = 12_345_678_901u64;
    assert!(
        table.contains(&format!("      →  {target:064b}").as_str()),
        "{}",
        out.stdout
    );
    assert!(
        table.contains(&format!("      1  {:064b}   ◀", u64::MAX).as_str()),
        "{}",
        out.stdout
    );
    // Small piles keep the full table.
    let out = Test::new()
        .args(["nimsum", "--rules", "nim", "3", "4", "5"])
        .run()
        .success();
    assert!(
        out.stdout.contains("   pile  state  g  binary\n"),
        "{}",
        out.stdout
    );
}

/// `lesson start nim` inside `mex` leaves `mex` with the line that says so (its progress kept,
/// and how to come back), then starts `nim`.
#[test]
fn starting_another_lesson_says_the_first_was_left() {
    let out = Test::new()
        .stdin("lesson start mex\nnext\nnext\nlesson start nim\n")
        .run()
        .success();
    let left = out
        .stdout
        .find("Left “The minimum excludant” at step 3 (saved; `lesson start mex` resumes).")
        .unwrap_or_else(|| panic!("{}", out.stdout));
    let started = out
        .stdout
        .find("── Nim and the nim-sum · step 1 of 18")
        .unwrap_or_else(|| panic!("{}", out.stdout));
    assert!(left < started, "{}", out.stdout);
    // Starting the lesson already running does not leave it.
    let out = Test::new()
        .stdin("lesson start mex\nlesson start mex\n")
        .run()
        .success();
    assert!(!out.stdout.contains("Left “"), "{}", out.stdout);
}
