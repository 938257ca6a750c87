//! Northcott's game (`--rules northcott`) against the real game, solved here: a board of rows,
//! each with a white and a black counter, where each player slides only their own counters,
//! forward or back, never onto or past the other. The game is partizan and loopy, so it is
//! solved by retrograde analysis (wins, losses and draws for the player to move, every
//! position of a small board); nimlab's claim — Nim on the gaps, as retreats are reversible — is
//! checked against it: no draws, and the mover wins iff the gaps' XOR is not 0. Nothing of
//! nimlab's definition is used.

use std::collections::{HashMap, VecDeque};

use crate::support::{Test, batch};

/// A row: the white counter's column and the black counter's (1-based, different).
type Row = (u64, u64);

/// Rows and whose turn (0: White, 1: Black).
type State = (Vec<Row>, u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Win,
    Loss,
}

/// Every row of a board `width` columns wide.
fn rows(width: u64) -> Vec<Row> {
    let mut out = Vec::new();
    for w in 1..=width {
        for b in 1..=width {
            if w != b {
                out.push((w, b));
            }
        }
    }
    out
}

/// The columns a counter at `own` may slide to, the other counter at `other`: every column on
/// its side of the other counter, within the board, but its own.
fn slides(own: u64, other: u64, width: u64) -> Vec<u64> {
    let side: Vec<u64> = if own < other {
        (1..other).collect()
    } else {
        (other + 1..=width).collect()
    };
    side.into_iter().filter(|&c| c != own).collect()
}

/// The positions the player `who` moves to from `rows`.
fn moves(rows: &[Row], who: u8, width: u64) -> Vec<Vec<Row>> {
    let mut out = Vec::new();
    for (i, &(w, b)) in rows.iter().enumerate() {
        let targets = if who == 0 {
            slides(w, b, width)
        } else {
            slides(b, w, width)
        };
        for c in targets {
            let mut next = rows.to_vec();
            next[i] = if who == 0 { (c, b) } else { (w, c) };
            out.push(next);
        }
    }
    out
}

/// Every position of `count` rows on a board `width` wide, solved by retrograde analysis: a
/// position with no move is lost; one with a move to a lost position is won; one whose every
/// move leads to a won position is lost; what is never labelled is a draw (absent from the
/// map). A slide is undone by sliding back, so a position's predecessors (the other player to
/// move) are its own moves for that player.
fn solve(count: usize, width: u64) -> HashMap<State, Outcome> {
    solve_played(count, width, false)
}

/// [`solve`], played misère when `misere`: a position with no move is then won (the player to
/// move did not move last).
fn solve_played(count: usize, width: u64, misere: bool) -> HashMap<State, Outcome> {
    let mut boards: Vec<Vec<Row>> = vec![Vec::new()];
    for _ in 0..count {
        boards = boards
            .into_iter()
            .flat_map(|b| {
                rows(width).into_iter().map(move |r| {
                    let mut b = b.clone();
                    b.push(r);
                    b
                })
            })
            .collect();
    }
    let mut left: HashMap<State, usize> = HashMap::new();
    let mut outcome: HashMap<State, Outcome> = HashMap::new();
    let mut queue = VecDeque::new();
    for board in &boards {
        for who in 0..2u8 {
            let n = moves(board, who, width).len();
            let state = (board.clone(), who);
            if n == 0 {
                let end = if misere { Outcome::Win } else { Outcome::Loss };
                outcome.insert(state.clone(), end);
                queue.push_back(state);
            } else {
                left.insert(state, n);
            }
        }
    }
    while let Some((board, who)) = queue.pop_front() {
        let done = outcome[&(board.clone(), who)];
        let before = 1 - who;
        for prev in moves(&board, before, width) {
            let key = (prev, before);
            if outcome.contains_key(&key) {
                continue;
            }
            let label = match done {
                Outcome::Loss => Some(Outcome::Win),
                Outcome::Win => {
                    let n = left.get_mut(&key).expect("counted");
                    *n -= 1;
                    (*n == 0).then_some(Outcome::Loss)
                }
            };
            if let Some(label) = label {
                outcome.insert(key.clone(), label);
                queue.push_back(key);
            }
        }
    }
    outcome
}

fn gap((w, b): Row) -> u64 {
    w.abs_diff(b) - 1
}

fn written(rows: &[Row]) -> String {
    let parts: Vec<String> = rows.iter().map(|(w, b)| format!("({w},{b})")).collect();
    parts.join(" ")
}

#[test]
fn the_real_game_has_no_draws_and_is_nim_on_the_gaps() {
    for (count, width) in [(1usize, 7u64), (2, 6), (3, 4)] {
        let outcome = solve(count, width);
        let positions = rows(width).len().pow(u32::try_from(count).unwrap()) * 2;
        // Every position is decided: none is a draw.
        assert_eq!(outcome.len(), positions, "{count} rows of {width}");
        for ((board, who), result) in &outcome {
            let nim_sum = board.iter().fold(0, |acc, &r| acc ^ gap(r));
            assert_eq!(
                *result == Outcome::Win,
                nim_sum != 0,
                "{} with {} to move",
                written(board),
                ["White", "Black"][usize::from(*who)]
            );
        }
    }
}

#[test]
fn winner_and_move_agree_with_the_real_game() {
    let width = 6;
    let outcome = solve(2, width);
    let boards: Vec<Vec<Row>> = outcome
        .keys()
        .filter(|(_, who)| *who == 0)
        .map(|(board, _)| board.clone())
        .collect();
    let mut boards = boards;
    boards.sort();
    let lines: Vec<String> = boards
        .iter()
        .map(|b| format!("winner --format json --rules northcott {}", written(b)))
        .collect();
    for (board, out) in boards.iter().zip(batch(&lines)) {
        let first = out["winner"] == "first";
        assert_eq!(
            first,
            outcome[&(board.clone(), 0)] == Outcome::Win,
            "{}",
            written(board)
        );
    }
    // A winning move, made by White with White's own counter to the gap nimlab names, leaves
    // Black a lost position in the real game.
    let won: Vec<&Vec<Row>> = boards
        .iter()
        .filter(|b| outcome[&((*b).clone(), 0)] == Outcome::Win)
        .step_by(5)
        .collect();
    assert!(won.len() > 20);
    for board in won {
        let doc = Test::new()
            .args(["move", "--format", "json", "--rules", "northcott"])
            .args(written(board).split(' '))
            .run()
            .success()
            .json();
        let pile = usize::try_from(doc["move"]["pile"].as_u64().expect("pile")).unwrap() - 1;
        let to: Vec<u64> = doc["move"]["to"]
            .as_str()
            .expect("to")
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|x| x.parse().expect("a column"))
            .collect();
        let (w, b) = board[pile];
        let new_gap = gap((to[0], to[1]));
        assert!(new_gap < gap((w, b)), "{} → {to:?}", written(board));
        // One counter moved toward the other, the other stayed.
        assert!(
            (to[0] == w) != (to[1] == b) && to[0].min(to[1]) >= w.min(b),
            "{} → {to:?}",
            written(board)
        );
        let own = if w < b {
            b - 1 - new_gap
        } else {
            b + 1 + new_gap
        };
        let mut after = board.clone();
        after[pile] = (own, b);
        assert_eq!(
            outcome[&(after.clone(), 1)],
            Outcome::Loss,
            "{} → {}",
            written(board),
            written(&after)
        );
        // The move names White's counter; Black, to move on the same board, wins by the
        // `black_move`: a slide of Black's own counter leaving White lost.
        assert_eq!(doc["move"]["to"], written(&[(own, b)]), "{doc}");
        let black = &doc["black_move"];
        let black_pile = usize::try_from(black["pile"].as_u64().expect("pile")).unwrap();
        let mut after = board.clone();
        after[black_pile - 1] = read_row(black["to"].as_str().expect("to"));
        assert!(moves(board, 1, width).contains(&after), "{doc}");
        assert_eq!(
            outcome[&(after.clone(), 0)],
            Outcome::Loss,
            "{} → {}",
            written(board),
            written(&after)
        );
    }
    // Other games have no counters, so no Black's move.
    let doc = Test::new()
        .args(["move", "--format", "json", "--rules", "wythoff", "(1,3)"])
        .run()
        .success()
        .json();
    assert!(doc.get("black_move").is_none(), "{doc}");
}

#[test]
fn misere_northcott_is_loopy_and_refused_not_answered_as_another_game() {
    // The real game played misère, solved here: most positions are draws (neither player can
    // force a win), so no verdict of "first" or "second" could be right for them.
    let width = 6;
    let outcome = solve_played(2, width, true);
    let positions = rows(width).len().pow(2) * 2;
    let draws = positions - outcome.len();
    assert!(draws * 2 > positions, "{draws} draws of {positions}");
    let board = [(1, 2), (5, 6)];
    assert!(!outcome.contains_key(&(board.to_vec(), 0)), "a draw");
    let refused = |out: crate::support::Output| {
        out.code(2)
            .stderr_has("`northcott` cannot be played misère")
            .stderr_has("loopy and partizan");
    };
    for command in ["winner", "move"] {
        refused(
            Test::new()
                .args([
                    command,
                    "--misere",
                    "--rules",
                    "northcott",
                    "(1,2)",
                    "(5,6)",
                ])
                .run(),
        );
    }
    refused(
        Test::new()
            .args(["=", "misere(northcott, (1,2), (5,6))"])
            .run(),
    );
    refused(
        Test::new()
            .args(["verify", "--misere", "--rules", "northcott"])
            .run(),
    );
    refused(
        Test::new()
            .args(["play", "--misere", "--rules", "northcott", "(1,3)"])
            .stdin("")
            .run(),
    );
    // Normal play is still answered: (1,2) and (5,6) have no gap, so no move — lost.
    let out = Test::new()
        .args(["winner", "--rules", "northcott", "(1,2)", "(5,6)"])
        .run()
        .success();
    // The sentence wraps between words at 80 columns.
    let flat = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("the second player wins"), "{}", out.stdout);
}

#[test]
fn each_player_moves_their_own_counter_and_a_shared_square_is_refused() {
    for command in ["winner", "move", "draw"] {
        Test::new()
            .args([command, "--rules", "northcott", "(3,3)"])
            .run()
            .code(2)
            .stderr_has("`(3,3)`")
            .stderr_has("different squares");
    }
    // The learner moves first, so plays White: moving Black's counter is refused.
    Test::new()
        .args([
            "play",
            "--coach",
            "verbose",
            "--rules",
            "northcott",
            "(1,5)",
            "(2,4)",
        ])
        .stdin("1 -> (1,4)\n")
        .run()
        .stderr_has("moves Black's counter; you play White");
    // After each advance of White's (the moves nimlab's definition plays), the computer plays
    // Black and moves Black's own counter; where the real game gives Black a win, to a
    // position it says is lost for White.
    let width = 6;
    let outcome = solve(2, width);
    let board = vec![(1, 5), (2, 4)];
    let white_moves: Vec<Vec<Row>> = moves(&board, 0, width)
        .into_iter()
        .filter(|after| {
            let gaps = |b: &[Row]| b.iter().map(|&r| gap(r)).sum::<u64>();
            gaps(after) < gaps(&board)
        })
        .collect();
    let mut checked = 0;
    for after in &white_moves {
        let (i, row) = after
            .iter()
            .enumerate()
            .find(|(i, r)| **r != board[*i])
            .expect("a changed row");
        let out = Test::new()
            .args([
                "play",
                "--coach",
                "verbose",
                "--rules",
                "northcott",
                "(1,5)",
                "(2,4)",
            ])
            .stdin(format!("{} -> ({},{})\n", i + 1, row.0, row.1))
            .run()
            .stdout;
        let line = out
            .lines()
            .find(|l| l.starts_with("2. computer: game "))
            .expect("the computer's reply");
        checked += 1;
        // `2. computer: game P: (w,b) → (w',b')`
        let (pile, change) = line["2. computer: game ".len()..]
            .split_once(": ")
            .expect("a pile");
        let pile: usize = pile.parse::<usize>().unwrap() - 1;
        let (from, to) = change.split_once(" → ").expect("an arrow");
        let read = |t: &str| -> Row {
            let (w, b) = t
                .trim_matches(|c| c == '(' || c == ')')
                .split_once(',')
                .unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        };
        let (from, to) = (read(from), read(to));
        assert_eq!(from, after[pile]);
        assert_eq!(
            to.0, from.0,
            "the computer, Black, moved White's counter: {line}"
        );
        let mut next = after.clone();
        next[pile] = to;
        if outcome[&(after.clone(), 1)] == Outcome::Win {
            assert_eq!(outcome[&(next.clone(), 0)], Outcome::Loss, "{line}");
        }
    }
    // By hand: (1,5) → (2,5), (3,5), (4,5); (2,4) → (3,4).
    assert_eq!(checked, 4);
}

#[test]
fn a_hint_for_black_moves_blacks_counter() {
    // (1,4) (2,5): gaps 2 and 2, so White, moving first, is lost in the real game; the
    // learner plays Black, and after the computer's move a hint must be a move of Black's
    // counter that leaves White lost.
    let width = 6;
    let outcome = solve(2, width);
    let board = vec![(1, 4), (2, 5)];
    assert_eq!(outcome[&(board.clone(), 0)], Outcome::Loss);
    let out = Test::new()
        .args([
            "play",
            "--rules",
            "northcott",
            "--first",
            "computer",
            "(1,4)",
            "(2,5)",
        ])
        .stdin("hint\n")
        .run()
        .stdout;
    let read = |t: &str| -> Row {
        let (w, b) = t
            .trim()
            .trim_matches(|c| c == '(' || c == ')')
            .split_once(',')
            .unwrap();
        (w.parse().unwrap(), b.parse().unwrap())
    };
    // `computer moved game P to (w',b')`, then `hint: game P: (w,b) → (w',b')`.
    let line = out
        .lines()
        .find(|l| l.starts_with("computer moved game "))
        .unwrap_or_else(|| panic!("no computer move in {out}"));
    let (pile, to) = line["computer moved game ".len()..]
        .split_once(" to ")
        .expect("a pile and a state");
    let pile = pile.parse::<usize>().unwrap() - 1;
    let mut now = board.clone();
    now[pile] = read(to);
    assert_eq!(
        outcome[&(now.clone(), 1)],
        Outcome::Win,
        "Black wins after any White move"
    );
    let moved = |prefix: &str| -> (usize, Row, Row) {
        let line = out
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no `{prefix}` line in {out}"));
        let (pile, change) = line[prefix.len()..].split_once(": ").expect("a pile");
        let (from, to) = change.split_once(" → ").expect("an arrow");
        (pile.parse::<usize>().unwrap() - 1, read(from), read(to))
    };
    let (pile, from, to) = moved("hint: game ");
    assert_eq!(now[pile], from);
    assert_eq!(
        to.0, from.0,
        "the hint moves White's counter: {from:?} → {to:?}"
    );
    now[pile] = to;
    assert_eq!(
        outcome[&(now, 0)],
        Outcome::Loss,
        "the hint leaves White lost"
    );
}

/// A row as nimlab writes it, `(w,b)`.
fn read_row(t: &str) -> Row {
    let (w, b) = t
        .trim()
        .trim_matches(|c| c == '(' || c == ')')
        .split_once(',')
        .unwrap_or_else(|| panic!("a row: {t}"));
    (w.parse().unwrap(), b.parse().unwrap())
}

/// Checks one move of `step` on `board`: `who` (0 White, moving first; 1 Black) moved row
/// `pile` (1-based) from `from` to `to` by one of their own slides, and a winning move leaves
/// the other player lost in the real game. Returns the board after it.
fn check_step(
    board: &[Row],
    who: u8,
    (pile, from, to): (usize, Row, Row),
    outcome: &HashMap<State, Outcome>,
    width: u64,
    line: &str,
) -> Vec<Row> {
    assert_eq!(from, board[pile - 1], "{line}");
    let mut next = board.to_vec();
    next[pile - 1] = to;
    assert!(
        moves(board, who, width).contains(&next),
        "{} moved a counter not its own, or not by a slide: {line}",
        ["White", "Black"][usize::from(who)]
    );
    if outcome[&(board.to_vec(), who)] == Outcome::Win {
        assert_eq!(outcome[&(next.clone(), 1 - who)], Outcome::Loss, "{line}");
    }
    next
}

/// `game P: (w,b) → (w',b')` at the end of a line of `step` (a row is one game of the sum).
fn step_move(line: &str) -> (usize, Row, Row) {
    let at = line.find("game ").expect("a row") + "game ".len();
    let (pile, change) = line[at..].split_once(": ").expect("a pile number");
    let (from, to) = change.split_once(" → ").expect("an arrow");
    let to = to.split("  ").next().expect("a row");
    (pile.parse().unwrap(), read_row(from), read_row(to))
}

#[test]
fn step_moves_the_movers_own_counter_resumed_or_all_at_once() {
    // The first player plays White and the second Black, one `step` at a time (each resumed
    // from the last) and in `step --all`; every move is the mover's own slide, and a winning
    // one leaves the other lost in the real game.
    let width = 6;
    let outcome = solve(2, width);
    let mut boards: Vec<Vec<Row>> = outcome
        .keys()
        .filter(|(b, who)| *who == 0 && b.iter().all(|&r| gap(r) > 0))
        .map(|(b, _)| b.clone())
        .collect();
    boards.sort();
    let boards: Vec<Vec<Row>> = boards.into_iter().step_by(7).collect();
    assert!(boards.len() > 40);
    let mut script = String::from("rules northcott\n");
    for board in &boards {
        // Four single steps (more than any line here lasts past its winner), then the line.
        script += &format!(
            "position {0}\nstep\nstep\nstep\nstep\nposition {0}\nstep --all\n",
            written(board)
        );
    }
    let out = Test::new().stdin(script).run().success().stdout;
    let mut sections = out.split("position (northcott): ").skip(1);
    let (mut single, mut all) = (0, 0);
    for board in &boards {
        let stepped = sections.next().expect("the single steps");
        let mut now = board.clone();
        for line in stepped.lines().filter(|l| l.starts_with("step ")) {
            let who = u8::from(line.contains("the second player"));
            now = check_step(&now, who, step_move(line), &outcome, width, line);
            single += 1;
        }
        let line_of_play = sections.next().expect("the whole line");
        let mut now = board.clone();
        for line in line_of_play
            .lines()
            .filter(|l| l.contains(" → ") && l.contains(". "))
        {
            let who = u8::from(line.contains(". second "));
            now = check_step(&now, who, step_move(line), &outcome, width, line);
            all += 1;
        }
        assert!(
            moves(&now, 0, width).is_empty() || all > 0,
            "{line_of_play}"
        );
    }
    assert!(
        single > 100 && all > 100,
        "{single} single steps, {all} in lines"
    );
}
