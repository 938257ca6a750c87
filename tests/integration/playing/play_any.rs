//! `play` on games whose moves split a pile (Kayles, Lasker's Nim) or move between states (Wythoff's
//! queens), through the real binary, with moves written `I -> S` and `I -> A+B`.
//!
//! Every verdict comes from the game-tree search below, written here from each game's rules
//! alone: a position is won when some move leaves a lost one (no Sprague–Grundy theory).

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;

use crate::support::{JsonRepl, Test};

// ---------------------------------------------------------------------------------------------
// The games, from their rules. A component is written as nimlab writes it (`7`, `(3,5)`); a
// move replaces it by one component or, in a split, two.

#[derive(Debug, Clone, Copy)]
enum Game {
    /// octal:0.77: knock down one pin or two adjacent pins of a row, maybe splitting it.
    Kayles,
    /// Lasker's Nim: take any number from a heap, or split a heap into two non-empty heaps.
    Lasker,
    /// Wythoff's game, one queen per component: move it left, down, or diagonally down-left.
    Wythoff,
    /// octal:0.04: remove two tokens and split what is left into two non-empty heaps (its only
    /// move).
    SplitOnly,
}

impl Game {
    fn rules(self) -> &'static str {
        match self {
            Game::Kayles => "octal:0.77",
            Game::Lasker => "lasker",
            Game::Wythoff => "wythoff",
            Game::SplitOnly => "octal:0.04",
        }
    }

    fn options(self, c: &str) -> Vec<Vec<String>> {
        match self {
            Game::Kayles => {
                let n: u64 = c.parse().unwrap();
                let mut out = Vec::new();
                for k in 1..=2u64.min(n) {
                    for left in 0..=n - k {
                        let right = n - k - left;
                        let parts: Vec<u64> =
                            [left, right].into_iter().filter(|&p| p > 0).collect();
                        out.push(match parts.as_slice() {
                            [] => vec!["0".to_string()],
                            _ => parts.iter().map(u64::to_string).collect(),
                        });
                    }
                }
                out
            }
            Game::Lasker => {
                let n: u64 = c.parse().unwrap();
                let mut out: Vec<Vec<String>> = (0..n).map(|k| vec![k.to_string()]).collect();
                for a in 1..=n / 2 {
                    if a < n {
                        out.push(vec![a.to_string(), (n - a).to_string()]);
                    }
                }
                out
            }
            Game::SplitOnly => {
                let n: u64 = c.parse().unwrap();
                (1..=n.saturating_sub(2) / 2)
                    .map(|a| vec![a.to_string(), (n - 2 - a).to_string()])
                    .collect()
            }
            Game::Wythoff => {
                let (a, b) = queen(c);
                let mut out = Vec::new();
                for k in 1..=a {
                    out.push(vec![format!("({},{b})", a - k)]);
                }
                for k in 1..=b {
                    out.push(vec![format!("({a},{})", b - k)]);
                }
                for k in 1..=a.min(b) {
                    out.push(vec![format!("({},{})", a - k, b - k)]);
                }
                out
            }
        }
    }
}

fn queen(c: &str) -> (u64, u64) {
    let inner = c.trim_start_matches('(').trim_end_matches(')');
    let (a, b) = inner.split_once(',').unwrap();
    (a.trim().parse().unwrap(), b.trim().parse().unwrap())
}

/// Exhaustive game-tree search, memoised on the sorted components that still have a move.
struct Brute {
    game: Game,
    /// Misère play: whoever cannot move wins (the opponent made the last move).
    misere: bool,
    memo: HashMap<Vec<String>, bool>,
}

impl Brute {
    fn new(game: Game) -> Self {
        Self {
            game,
            misere: false,
            memo: HashMap::new(),
        }
    }

    fn misere(game: Game) -> Self {
        Self {
            misere: true,
            ..Self::new(game)
        }
    }

    fn key(&self, pos: &[String]) -> Vec<String> {
        let mut key: Vec<String> = pos
            .iter()
            .filter(|c| !self.game.options(c).is_empty())
            .cloned()
            .collect();
        key.sort();
        key
    }

    /// Whether the player to move wins (normal play: whoever cannot move loses; misère: wins).
    fn wins(&mut self, pos: &[String]) -> bool {
        let key = self.key(pos);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        if key.is_empty() {
            return self.misere;
        }
        let mut won = false;
        'search: for i in 0..key.len() {
            for o in self.game.options(&key[i]) {
                if !self.wins(&replace(&key, i, &o)) {
                    won = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, won);
        won
    }

    fn moves(&self, pos: &[String]) -> Vec<(usize, Vec<String>)> {
        (0..pos.len())
            .flat_map(|i| self.game.options(&pos[i]).into_iter().map(move |o| (i, o)))
            .collect()
    }
}

fn replace(pos: &[String], i: usize, with: &[String]) -> Vec<String> {
    let mut out = pos[..i].to_vec();
    out.extend(with.iter().cloned());
    out.extend(pos[i + 1..].iter().cloned());
    out
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_search_agrees_with_hand_checked_positions() {
    // Kayles: a row of 1 or 2 is won (knock it all down); 1 1 is lost (pairing).
    let mut k = Brute::new(Game::Kayles);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(k.wins(&s(&["1"])) && k.wins(&s(&["2"])) && !k.wins(&s(&["1", "1"])));
    // Any row of n ≥ 1 is won: knock down the middle one or two, leaving two equal rows.
    assert!(k.wins(&s(&["7"])) && k.wins(&s(&["8"])));
    // Lasker: 3 is won (3 → 0), and 1 2 is won (2 → 1 leaves 1 1).
    let mut l = Brute::new(Game::Lasker);
    assert!(l.wins(&s(&["3"])) && l.wins(&s(&["1", "2"])) && !l.wins(&s(&["2", "2"])));
    // Wythoff: (1,2) and (3,5) are lost (the first cold positions), (4,6) is won.
    let mut w = Brute::new(Game::Wythoff);
    assert!(!w.wins(&s(&["(1,2)"])) && !w.wins(&s(&["(3,5)"])) && w.wins(&s(&["(4,6)"])));
    assert!(!w.wins(&s(&["(0,0)"])) && !w.wins(&s(&["(1,2)", "(2,1)"])));
    // Misère Kayles by hand: no pin left is won (the opponent moved last), one pin is lost,
    // a row of 4 is lost (each move leaves 3, 2, 1+2 or 1+1, all of which reach one pin).
    let mut m = Brute::misere(Game::Kayles);
    assert!(m.wins(&s(&["0"])) && !m.wins(&s(&["1"])) && !m.wins(&s(&["4"])));
    assert!(m.wins(&s(&["4", "1"])));
}

/// A game as the test follows it from nimlab's events.
struct Tracked {
    pos: Vec<String>,
    /// The position before the learner's last move, for the coach's note on it.
    before_learner: Vec<String>,
    winner: Option<String>,
    computer_moves: usize,
}

/// Checks one report's events: each move is a legal move of the position (by the test's own
/// rules), each of the computer's moves is winning whenever the position it faced was won,
/// and the game ends when no move is left, with the right winner.
fn follow(brute: &mut Brute, t: &mut Tracked, report: &Value, learner_to_move: &mut bool) {
    for e in report["events"].as_array().unwrap() {
        let ctx = format!("{} {:?} / {e}", brute.game.rules(), t.pos);
        match e["event"].as_str().unwrap() {
            "start" => {}
            "coach" => {
                let before = t.before_learner.clone();
                let verdict = if !brute.wins(&before) {
                    "already-lost"
                } else if !brute.wins(&t.pos) {
                    "kept"
                } else {
                    "threw-away"
                };
                assert_eq!(e["verdict"], verdict, "{ctx}");
                if verdict == "threw-away" {
                    let best = &e["best"];
                    let i = usize::try_from(best["pile"].as_u64().unwrap() - 1).unwrap();
                    let to: Vec<String> = best["to"]
                        .as_str()
                        .unwrap()
                        .split('+')
                        .map(str::to_string)
                        .collect();
                    assert!(
                        !brute.wins(&replace(&before, i, &to)),
                        "coach's best: {ctx}"
                    );
                }
            }
            "move" => {
                let side = e["side"].as_str().unwrap();
                assert_eq!(side == "learner", *learner_to_move, "{ctx}");
                let mv = &e["move"];
                let i = usize::try_from(mv["pile"].as_u64().unwrap() - 1).unwrap();
                assert_eq!(mv["from"].as_str().unwrap(), t.pos[i], "{ctx}");
                let to: Vec<String> = mv["to"]
                    .as_str()
                    .unwrap()
                    .split('+')
                    .map(str::to_string)
                    .collect();
                let legal = brute
                    .game
                    .options(&t.pos[i])
                    .into_iter()
                    .any(|o| sorted(o) == sorted(to.clone()));
                assert!(legal, "not a move: {ctx}");
                let after = replace(&t.pos, i, &to);
                if side == "learner" {
                    t.before_learner = t.pos.clone();
                }
                if side == "computer" {
                    t.computer_moves += 1;
                    let won = brute.wins(&t.pos);
                    assert_eq!(e["intent"] == "winning", won, "{ctx}");
                    if won {
                        assert!(!brute.wins(&after), "the computer missed the win: {ctx}");
                    }
                }
                t.pos = after;
                assert_eq!(strings(&e["piles"]), t.pos, "{ctx}");
                *learner_to_move = !*learner_to_move;
            }
            "your-move" => {
                assert!(*learner_to_move, "{ctx}");
                assert_eq!(strings(&e["piles"]), t.pos, "{ctx}");
            }
            "end" => {
                assert!(brute.moves(&t.pos).is_empty(), "{ctx}");
                // The player to move cannot: in normal play they lost, in misère they won.
                let expected = if *learner_to_move == brute.misere {
                    "learner"
                } else {
                    "computer"
                };
                assert_eq!(e["winner"], expected, "{ctx}");
                t.winner = Some(expected.to_string());
            }
            other => panic!("unexpected event {other}"),
        }
    }
}

/// The learner's move as a person types it: `I -> S` or `I -> A+B`.
fn typed(i: usize, to: &[String]) -> String {
    format!("{} -> {}", i + 1, to.join("+"))
}

/// Plays one game, the computer first; the learner moves perfectly or pseudo-randomly.
fn play_game(
    repl: &mut JsonRepl,
    brute: &mut Brute,
    start: &[&str],
    perfect: bool,
    seed: u64,
) -> Tracked {
    let mut t = Tracked {
        pos: start.iter().map(|s| s.to_string()).collect(),
        before_learner: Vec::new(),
        winner: None,
        computer_moves: 0,
    };
    let first = if perfect { "me" } else { "computer" };
    let misere = if brute.misere { " --misere" } else { "" };
    let report = repl.send(&format!(
        "play --rules {}{misere} --first {first} {}",
        brute.game.rules(),
        start.join(" ")
    ));
    let mut learner_to_move = perfect;
    follow(brute, &mut t, &report, &mut learner_to_move);
    let mut rng = seed | 1;
    while t.winner.is_none() {
        let moves = brute.moves(&t.pos);
        let (i, to) = if perfect {
            let pos = t.pos.clone();
            moves
                .iter()
                .find(|(i, o)| !brute.wins(&replace(&pos, *i, o)))
                .unwrap_or(&moves[0])
                .clone()
        } else {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            moves[crate::support::index(rng % moves.len() as u64)].clone()
        };
        let report = repl.send(&typed(i, &to));
        assert!(
            report.get("events").is_some(),
            "{} refused: {report}",
            typed(i, &to)
        );
        follow(brute, &mut t, &report, &mut learner_to_move);
    }
    t
}

/// Small starts of each game: one or two components.
fn starts(game: Game) -> Vec<Vec<String>> {
    let singles: Vec<String> = match game {
        Game::Kayles | Game::Lasker => (1..=7).map(|n| n.to_string()).collect(),
        Game::SplitOnly => (4..=12).map(|n| n.to_string()).collect(),
        Game::Wythoff => (0..=4)
            .flat_map(|a| (0..=4).map(move |b| format!("({a},{b})")))
            .filter(|q| q != "(0,0)")
            .collect(),
    };
    let mut out: Vec<Vec<String>> = singles.iter().map(|s| vec![s.clone()]).collect();
    for (k, a) in singles.iter().enumerate() {
        for b in singles.iter().skip(k).step_by(3) {
            out.push(vec![a.clone(), b.clone()]);
        }
    }
    out
}

#[test]
fn the_computer_never_misses_a_win_in_games_that_split_or_move_between_states() {
    let mut repl = JsonRepl::start();
    for game in [Game::Kayles, Game::Lasker, Game::Wythoff, Game::SplitOnly] {
        let mut brute = Brute::new(game);
        let (mut games, mut won, mut checked) = (0, 0, 0);
        for (n, start) in starts(game).iter().enumerate() {
            let start: Vec<&str> = start.iter().map(String::as_str).collect();
            let t = play_game(&mut repl, &mut brute, &start, false, n as u64 + 11);
            let start: Vec<String> = start.iter().map(|s| s.to_string()).collect();
            if brute.wins(&start) {
                won += 1;
                assert_eq!(t.winner.as_deref(), Some("computer"), "{game:?} {start:?}");
            }
            games += 1;
            checked += t.computer_moves;
        }
        assert!(
            won > 0 && won < games,
            "{game:?}: {won} of {games} starts won"
        );
        assert!(
            checked > games,
            "{game:?}: {checked} computer moves checked"
        );
    }
}

/// `play --misere`: the same games with the last mover losing, decided by nimlab's search and
/// checked against the test's own.
#[test]
fn the_computer_never_misses_a_win_in_games_played_misere() {
    let mut repl = JsonRepl::start();
    for game in [Game::Kayles, Game::Lasker, Game::Wythoff] {
        let mut brute = Brute::misere(game);
        let (mut games, mut won, mut checked) = (0, 0, 0);
        for (n, start) in starts(game).iter().enumerate() {
            let start: Vec<&str> = start.iter().map(String::as_str).collect();
            let t = play_game(&mut repl, &mut brute, &start, false, n as u64 + 5);
            let start: Vec<String> = start.iter().map(|s| s.to_string()).collect();
            if brute.wins(&start) {
                won += 1;
                assert_eq!(t.winner.as_deref(), Some("computer"), "{game:?} {start:?}");
            }
            games += 1;
            checked += t.computer_moves;
        }
        assert!(
            won > 0 && won < games,
            "{game:?}: {won} of {games} starts won"
        );
        assert!(
            checked > games,
            "{game:?}: {checked} computer moves checked"
        );
    }
    // A perfect learner wins misère Kayles 4 1 (won by hand: take the lone pin, leaving 4,
    // from which every move leaves a position that can move to a single pin).
    let mut brute = Brute::misere(Game::Kayles);
    assert!(brute.wins(&["4".to_string(), "1".to_string()]));
    let t = play_game(&mut repl, &mut brute, &["4", "1"], true, 1);
    assert_eq!(t.winner.as_deref(), Some("learner"));
}

#[test]
fn a_perfect_learner_wins_a_won_start_by_splits_and_queen_moves() {
    let mut repl = JsonRepl::start();
    // Kayles 7 and Lasker 3 4 and Wythoff (4,6) (2,2) are won (checked by the search).
    for (game, start) in [
        (Game::Kayles, vec!["7"]),
        (Game::Lasker, vec!["3", "4"]),
        (Game::Wythoff, vec!["(4,6)", "(2,2)"]),
    ] {
        let mut brute = Brute::new(game);
        let pos: Vec<String> = start.iter().map(|s| s.to_string()).collect();
        assert!(brute.wins(&pos), "{game:?} {start:?}");
        let t = play_game(&mut repl, &mut brute, &start, true, 1);
        assert_eq!(t.winner.as_deref(), Some("learner"), "{game:?}");
    }
}

/// `hint` gives a winning move (by the search) and `undo` after a split puts the pile back.
#[test]
fn hint_wins_and_undo_rejoins_a_split() {
    let mut repl = JsonRepl::start();
    let mut brute = Brute::new(Game::Kayles);
    repl.send("play --rules octal:0.77 8 3");
    let hint = repl.send("hint");
    let mv = &hint["events"][0]["move"];
    let i = usize::try_from(mv["pile"].as_u64().unwrap() - 1).unwrap();
    let to: Vec<String> = mv["to"]
        .as_str()
        .unwrap()
        .split('+')
        .map(str::to_string)
        .collect();
    let start = vec!["8".to_string(), "3".to_string()];
    assert!(brute.wins(&start));
    assert!(!brute.wins(&replace(&start, i, &to)), "{hint}");
    // Knock down pins 3 and 4 of the row of 8: rows of 2 and 4 where the 8 was.
    let after = repl.send("1 -> 4+2");
    assert_eq!(
        after["events"][0]["piles"],
        serde_json::json!(["2", "4", "3"]),
        "{after}"
    );
    let undone = repl.send("undo");
    assert_eq!(undone["piles"], serde_json::json!(["8", "3"]), "{undone}");
}

/// In a script an illegal move is one line naming the pile and its options, and the exit code
/// is 2. Options by hand: Lasker's 7 can become 6 … 0, or 1+6, 2+5, 3+4; Wythoff's (1,1) can
/// become (0,1), (1,0) or (0,0).
#[test]
fn illegal_moves_in_a_script_are_refused_with_exit_2() {
    Test::new()
        .args(["--color", "never"])
        .stdin("play --rules lasker 7\n1 -> 2+3\n")
        .run()
        .code(2)
        .stderr_has("line 2: illegal move: pile 1 is 7: it cannot become 2+3 in lasker; it can become 6, 5, 4, 3, 2, 1, 0, 1+6, …");
    let out = Test::new()
        .args(["--color", "never"])
        .stdin("play --rules wythoff (1,1)\n1 -> (1,1)\n1 2\n2 -> (0,0)\n")
        .run()
        .code(2);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.stderr);
    assert!(lines[0].starts_with("error: line 2: illegal move: pile 1 is (1,1): it cannot become (1,1) in wythoff; it can become "), "{}", lines[0]);
    for o in ["(0,1)", "(1,0)", "(0,0)"] {
        assert!(lines[0].contains(o), "{}", lines[0]);
    }
    assert!(
        lines[1].contains("takes no tokens: write `I -> S`"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("illegal move: there is no pile 2: the piles are numbered 1 to 1"),
        "{}",
        lines[2]
    );
    // A game of tuples has no random start.
    Test::new()
        .args(["play", "--rules", "wythoff"])
        .run()
        .code(2)
        .stderr_has("`wythoff` has no random start: give the position, a tuple of whole numbers");
}

/// On a terminal, as a person types: a split in Lasker's Nim, a queen's move in Wythoff's game.
#[cfg(unix)]
#[test]
fn splits_and_queen_moves_on_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let spawn = |args: &[&str]| {
        Test::new()
            .args(args.iter().copied())
            .env("NIMLAB_STATE_DIR", dir.path())
            .env("NO_COLOR", "1")
            .timeout(Duration::from_secs(60))
            .pty()
    };
    // Lasker 4 2: g(4) = 3 and g(2) = 2 (by mex by hand: g(1) = 1, g(2) = mex{0, 1} = 2,
    // g(3) = mex{0, 1, 2, g(1)⊕g(2) = 3} = 4, g(4) = mex{0, 1, 2, 4, 1⊕4, 2⊕2} = 3). Splitting
    // the 4 into 1+3 leaves 1 ⊕ 4 ⊕ 2 = 7: not the winning move, but a legal one.
    let mut p = spawn(&["play", "--rules", "lasker", "4", "2"]);
    p.exp_string("`I -> A+B`").unwrap();
    p.exp_string("your move: 4 2").unwrap();
    p.exp_string("pile 1  4  g 3").unwrap();
    p.send_line("1 -> 1+5").unwrap();
    p.exp_string("cannot become 1+5").unwrap();
    p.send_line("1 -> 1+3").unwrap();
    // (The arrow is UTF-8, which the terminal reader does not decode: match around it.)
    p.exp_string("you: split pile 1 (4 ").unwrap();
    p.exp_string(" 1+3)").unwrap();
    p.exp_string("your move:").unwrap();
    p.exp_string("computer ").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("your move: 4 2").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    // Wythoff (4,6): the queen to (3,5), the first cold square after (1,2), wins.
    let mut p = spawn(&["play", "--rules", "wythoff", "(4,6)"]);
    p.exp_string("`I -> S`").unwrap();
    p.exp_string("your move: (4,6)").unwrap();
    p.send_line("1 3").unwrap();
    p.exp_string("takes no tokens").unwrap();
    p.send_line("1 -> (3,5)").unwrap();
    p.exp_string("you: game 1: (4,6) ").unwrap();
    p.exp_string(" (3,5)").unwrap();
    p.exp_string("your move:").unwrap();
    p.exp_string("kept the win").unwrap();
    p.exp_string("computer moved game 1 to (").unwrap();
    p.send_line("resign").unwrap();
    p.exp_string("the computer wins").unwrap();
    p.exp_eof().unwrap();
}

/// A hexadecimal game that leaves three heaps teaches `I -> A+B+C` and takes it. In hex:0.8 a
/// move removes one token and leaves three non-empty heaps, so it needs a heap of at least 4:
/// from 9, `1 -> 2+3+3` leaves no move at all, and the learner has won (by hand).
#[test]
fn a_three_way_split_is_taught_and_taken() {
    Test::new()
        .stdin("play --rules hex:0.8 9 --first me\n1 -> 2+3+3\n")
        .run()
        .success()
        .stdout_has("`I -> A+B+C`")
        .stdout_has("you win");
}
