//! Activities as a learner meets them: `quit` inside a game, a derivation, a proof or a lesson
//! leaves that activity (the innermost first) and says so, and only `quit` at the top level or
//! the end of input leaves nimlab; during a game, `winner`, `move` and `nimsum` without piles
//! look at the game's board. Scripts on a pipe follow the same rule; the terminal tests (a pty)
//! type what a person types and read what they see.
//!
//! Values checked by hand: zero-move g(nT) = n + 1 for odd n, n − 1 for even n ≥ 2, g(nF) = n;
//! Nim g(n) = n.

use serde_json::Value;

use crate::support::{Test, str_of, u64_of};
use crate::teaching::lessons::Learner;

fn piles(v: &Value) -> Vec<&str> {
    v.as_array().expect("an array").iter().map(str_of).collect()
}

/// A script's `quit` inside a game leaves the game, not nimlab: the line after it runs.
/// Zero-move 1T 2T: g = 2, 1; 2 ⊕ 1 = 3 ≠ 0, so the first player wins.
#[test]
fn quit_in_a_scripted_game_leaves_the_game_and_the_script_goes_on() {
    let out = Test::new()
        .stdin("play 4 7 5\nquit\nwinner --format json 1 2\n")
        .run()
        .success();
    assert!(
        out.stdout
            .contains("Left the game of 4T 7T 5T (not finished).\n`quit` again leaves nimlab.\n"),
        "{}",
        out.stdout
    );
    let last: Value = serde_json::from_str(out.stdout.lines().last().unwrap_or_default())
        .expect("the last line is the winner's JSON");
    assert_eq!(piles(&last["piles"]), ["1T", "2T"]);
    assert_eq!(u64_of(&last["nim_sum"]), 3);
    assert_eq!(str_of(&last["winner"]), "first");
}

/// At the top level `quit` still ends the script: nothing after it runs.
#[test]
fn quit_at_the_top_level_ends_the_script() {
    let out = Test::new()
        .stdin("mex --format json 0 1\nquit\nmex --format json 0\n")
        .run()
        .success();
    assert_eq!(out.json(), serde_json::json!({"set": [0, 1], "mex": 2}));
}

/// The game's moves are counted and its board named when it is left part-way.
/// Nim 1 2 3 (nim-sum 0): the learner takes 1 from pile 3 → 1 2 2 (nim-sum 1); the only reply
/// back to nim-sum 0 empties pile 1 → 0 2 2.
#[test]
fn leaving_a_game_part_way_names_the_board() {
    Test::new()
        .stdin("play --rules nim 1 2 3\n3 1\nquit\n")
        .run()
        .success()
        .stdout_has("Left the game of 1 2 3 (not finished: 2 moves played, 0 2 2 on the board).\n");
}

/// Activities nest: `quit` leaves the innermost (a game inside a lesson), then the lesson —
/// whose progress is kept and whose rules are given back — then nimlab. The drill lesson's
/// setup chooses nim; the session had zero-move.
#[test]
fn quit_leaves_the_innermost_activity_first() {
    let learner = Learner::new();
    let out = learner
        .script(&[
            "lesson start drill",
            "next",
            "play 1 2",
            "quit",
            "quit",
            "rules",
            "quit",
            "rules nim",
        ])
        .success();
    // Long lines wrap at 80 columns, continuing indented.
    let stdout = &out.stdout.replace("\n  ", " ");
    let game = stdout
        .find("Left the game of 1 2 (not finished).\n`quit` again leaves the lesson “A drill for the tests”.\n")
        .unwrap_or_else(|| panic!("{stdout}"));
    let lesson = stdout
        .find("Left “A drill for the tests” at step 2 (saved; `lesson start drill` resumes).\n`quit` again leaves nimlab.\n")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(game < lesson, "{stdout}");
    // The learner chose no rules: the lesson's are put back without a word.
    assert!(!stdout.contains("rules: back to zero-move"), "{stdout}");
    assert!(stdout.contains("\nrules: zero-move\n"), "{stdout}");
    // The last `quit` left nimlab: `rules nim` never ran.
    assert!(!stdout.contains("\nrules: nim\n"), "{stdout}");
    // The progress was kept at step 2, `show`.
    assert_eq!(
        str_of(&learner.progress()["lessons"]["drill"]["current"]),
        "show"
    );
    learner
        .script(&["lesson start drill"])
        .success()
        .stdout_has("Welcome back to “A drill for the tests”");
}

/// Leaving in JSON: what was left, where it stood, and what `quit` leaves next.
#[test]
fn leaving_in_json() {
    let out = Test::new()
        .stdin("play --rules nim 1 2 3\n3 1\nquit --format json\n")
        .run()
        .success();
    let left: Value =
        serde_json::from_str(out.stdout.lines().last().unwrap_or_default()).expect("JSON");
    assert_eq!(str_of(&left["left"]["activity"]), "game");
    assert_eq!(str_of(&left["left"]["rules"]), "nim");
    assert_eq!(piles(&left["left"]["start"]), ["1", "2", "3"]);
    assert_eq!(piles(&left["left"]["board"]), ["0", "2", "2"]);
    assert_eq!(u64_of(&left["left"]["moves"]), 2);
    assert_eq!(str_of(&left["then"]), "top-level");
}

/// During a game, the position commands without piles look at the board, by the game's rules
/// (or the ones they name); with piles, at those piles by the session's rules, as always.
/// After the game they look at the session's position again.
///
/// Nim 1 2 3 → (learner 3 1) 1 2 2 → (computer) 0 2 2: nim-sum 0 ⊕ 2 ⊕ 2 = 0, second wins,
/// no winning move. Under zero-move the board is 0 2T 2T: 0 ⊕ 1 ⊕ 1 = 0, second wins.
/// Explicit 5 6 by the session's zero-move: g(5T) = 6, g(6T) = 5, 6 ⊕ 5 = 3.
/// The session's position 1T 2T 3T: 2 ⊕ 1 ⊕ 4 = 7.
#[test]
fn position_commands_in_a_game_look_at_the_board() {
    let out = Test::new()
        .stdin(
            "position 1 2 3\n\
             play --rules nim 1 2 3\n\
             3 1\n\
             winner --format json\n\
             move --format json\n\
             nimsum --format json\n\
             winner --format json --rules zero-move\n\
             winner --format json 5 6\n\
             resign\n\
             winner --format json\n",
        )
        .run()
        .success();
    let json: Vec<Value> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(json.len(), 6, "{}", out.stdout);
    for board in &json[..3] {
        assert_eq!(str_of(&board["rules"]), "nim", "{board}");
        assert_eq!(piles(&board["piles"]), ["0", "2", "2"], "{board}");
    }
    for board in [&json[0], &json[2]] {
        assert_eq!(u64_of(&board["nim_sum"]), 0, "{board}");
        assert_eq!(str_of(&board["winner"]), "second", "{board}");
    }
    assert!(json[1]["move"].is_null(), "{}", json[1]);
    assert_eq!(str_of(&json[3]["rules"]), "zero-move");
    assert_eq!(piles(&json[3]["piles"]), ["0", "2T", "2T"]);
    assert_eq!(u64_of(&json[3]["nim_sum"]), 0);
    assert_eq!(piles(&json[4]["piles"]), ["5T", "6T"]);
    assert_eq!(u64_of(&json[4]["nim_sum"]), 3);
    assert_eq!(piles(&json[5]["piles"]), ["1T", "2T", "3T"]);
    assert_eq!(u64_of(&json[5]["nim_sum"]), 7);
}

/// In text, the board is named as the game's board.
#[test]
fn the_board_is_named_in_text() {
    Test::new()
        .stdin("position 1 2 3\nplay --rules nim 1 2 3\nnimsum\n")
        .run()
        .success()
        .stdout_has("the game's board (nim): 1 2 3\n");
}

/// `position --rules R` reads and shows the piles by R for that command only: the session
/// keeps its rules (zero-move) and the piles become its states.
/// Nim 3 4: 3 ⊕ 4 = 7. Zero-move 3T 4T: g = 4, 3; 4 ⊕ 3 = 7.
#[test]
fn a_position_keeps_its_rules_and_the_session_keeps_its_own() {
    // `position --rules nim 3 4` sets a Nim position: `winner` reads it by Nim (g(n) = n, so
    // 3 and 4, nim-sum 7), while the session's rules stay zero-move; piles typed on the line
    // are the session's (zero-move 3T and 4T: 4 and 3).
    let out = Test::new()
        .stdin(
            "position --rules nim --format json 3 4\nwinner --format json\nrules --format json\n\
             winner --format json 3 4\n",
        )
        .run()
        .success();
    let json = out.json_lines();
    assert_eq!(str_of(&json[0]["rules"]), "nim");
    assert_eq!(piles(&json[0]["piles"]), ["3", "4"]);
    assert_eq!(u64_of(&json[0]["nim_sum"]), 7);
    assert_eq!(str_of(&json[1]["rules"]), "nim");
    assert_eq!(piles(&json[1]["piles"]), ["3", "4"]);
    assert_eq!(u64_of(&json[1]["grundy"][0]), 3);
    assert_eq!(u64_of(&json[1]["grundy"][1]), 4);
    assert_eq!(str_of(&json[2]["rules"]), "zero-move", "{}", json[2]);
    assert_eq!(str_of(&json[3]["rules"]), "zero-move");
    assert_eq!(piles(&json[3]["piles"]), ["3T", "4T"]);
    assert_eq!(u64_of(&json[3]["grundy"][0]), 4);
    assert_eq!(u64_of(&json[3]["grundy"][1]), 3);
}

/// `derive --all A..B` derives exactly the states of A..B (zero-move 3..4: 3F, 3T, 4F, 4T).
#[test]
fn derive_all_derives_the_range_given() {
    let out = Test::new()
        .args(["derive", "--all", "3..4", "--format", "json"])
        .run()
        .success();
    let json = out.json();
    let states: Vec<&str> = json["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| str_of(&s["state"]))
        .collect();
    assert_eq!(states, ["3F", "3T", "4F", "4T"]);
}

/// On a real terminal (a pty). rexpect turns each byte it reads into a char, so only ASCII
/// text is matched: the lines are matched up to their first curly quote or dash.
#[cfg(unix)]
mod terminal {
    use std::time::Duration;

    use crate::support::Pty;
    use crate::teaching::lessons::Learner;

    fn spawn(learner: &Learner) -> Pty {
        learner.test().timeout(Duration::from_secs(30)).pty()
    }

    /// `quit` in a game leaves the game and says so; the second `quit` leaves nimlab.
    #[test]
    fn quit_leaves_a_game_then_nimlab() {
        let learner = Learner::new();
        let mut p = spawn(&learner);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("play 4 7 5").unwrap();
        p.exp_string("nimlab[play 4T 7T 5T]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_string("Left the game of 4T 7T 5T (not finished).")
            .unwrap();
        p.exp_string("`quit` again leaves nimlab.").unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }

    /// A derivation and a proof inside a lesson: each `quit` leaves the innermost activity and
    /// names the one around it; Ctrl-D with a game going on says the game was left, then ends.
    /// The drill lesson's setup chooses nim, so the derivation of 0..3 has four states.
    #[test]
    fn quit_leaves_nested_activities_innermost_first() {
        let learner = Learner::new();
        let mut p = spawn(&learner);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("lesson start drill").unwrap();
        p.exp_string("nimlab[drill 1/7]> ").unwrap();
        p.send_line("derive 0..3").unwrap();
        p.exp_string("nimlab[derive 1/4]> ").unwrap();
        p.send_line("").unwrap();
        p.exp_string("nimlab[derive 2/4]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_string("Left the derivation of nim at state 2 of 4.")
            .unwrap();
        p.exp_string("`quit` again leaves the lesson ").unwrap();
        p.exp_string("nimlab[drill 1/7]> ").unwrap();
        p.send_line("prove bouton").unwrap();
        p.exp_string("nimlab[bouton 1/").unwrap();
        p.send_line("quit").unwrap();
        p.exp_string("Left the proof ").unwrap();
        p.exp_string(" at step 1").unwrap();
        p.exp_string("`quit` again leaves the lesson ").unwrap();
        p.exp_string("nimlab[drill 1/7]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_string(" at step 1 (saved; `lesson start drill` resumes).")
            .unwrap();
        p.exp_string("`quit` again leaves nimlab.").unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("play 4 7 5").unwrap();
        p.exp_string("nimlab[play 4T 7T 5T]> ").unwrap();
        p.send_control('d').unwrap();
        p.exp_string("Left the game of 4T 7T 5T (not finished).")
            .unwrap();
        let rest = p.exp_eof().unwrap();
        assert!(!rest.contains("again leaves"), "{rest}");
    }

    /// During a game, `winner`, `move` and `nimsum` without piles show the board.
    /// Nim 1 2 3 → (learner `3 1`) 1 2 2 → (computer, the only move back to nim-sum 0) 0 2 2:
    /// 0 ⊕ 2 ⊕ 2 = 0, so the second player wins and there is no winning move.
    #[test]
    fn position_commands_show_the_board() {
        let learner = Learner::new();
        let mut p = spawn(&learner);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("position 5 6").unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("play --rules nim 1 2 3").unwrap();
        p.exp_string("nimlab[play 1 2 3]> ").unwrap();
        p.send_line("3 1").unwrap();
        p.exp_string("nimlab[play 0 2 2]> ").unwrap();
        p.send_line("winner").unwrap();
        p.exp_string("the game's board (nim): 0 2 2").unwrap();
        p.exp_string("the second player wins").unwrap();
        p.exp_string("nimlab[play 0 2 2]> ").unwrap();
        p.send_line("move").unwrap();
        p.exp_string("the game's board (nim): 0 2 2").unwrap();
        p.exp_string("no winning move: every move loses").unwrap();
        p.exp_string("nimlab[play 0 2 2]> ").unwrap();
        p.send_line("nimsum").unwrap();
        p.exp_string("the game's board (nim): 0 2 2").unwrap();
        p.exp_string("every column has an even number of 1s")
            .unwrap();
        p.exp_string("nimlab[play 0 2 2]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_string("Left the game of 1 2 3 (not finished: 2 moves played, 0 2 2 on the board).")
            .unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        // Out of the game, the session's position again: 5T 6T.
        p.send_line("winner").unwrap();
        p.exp_string("the session's position (zero-move): 5T 6T")
            .unwrap();
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }

    /// `derive --all` in the middle of a derivation shows every state of that derivation's
    /// range, not the default 0..5, and ends it. Zero-move 3..5 has six states, 3F to 5T;
    /// g(3F) = 3, g(5T) = 5 + 1 = 6.
    #[test]
    fn derive_all_keeps_the_derivations_range() {
        let learner = Learner::new();
        let mut p = spawn(&learner);
        p.exp_string("nimlab[zero-move]> ").unwrap();
        p.send_line("derive 3..5").unwrap();
        p.exp_string("nimlab[derive 1/6]> ").unwrap();
        p.send_line("").unwrap();
        p.exp_string("nimlab[derive 2/6]> ").unwrap();
        p.send_line("derive --all").unwrap();
        p.exp_string("Deriving zero-move by hand").unwrap();
        let shown = p.exp_string("nimlab[zero-move]> ").unwrap();
        assert!(shown.contains("so g(3F) = 3"), "{shown}");
        assert!(shown.contains("so g(5T) = 6"), "{shown}");
        assert!(!shown.contains("g(0) = 0"), "{shown}");
        assert!(!shown.contains("g(2T)"), "{shown}");
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }
}
