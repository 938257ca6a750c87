//! `play` and `step` through the real binary, with scripted standard input.
//!
//! Every expected outcome comes from the game-tree solver below, written here from the rules
//! alone (no nimlab code, no Sprague–Grundy theory), or from hand-checked positions.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::support::JsonRepl;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_nimlab");

fn state_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play-state");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---------------------------------------------------------------------------------------------
// An independent solver: positions searched exhaustively, memoised on the sorted piles.

/// A pile: its size and whether its (zero-move) pass is still unused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct P {
    n: u64,
    pass: bool,
}

#[derive(Debug, Clone)]
enum Game {
    Nim,
    ZeroMove,
    Misere,
    Subtract(Vec<u64>),
}

impl Game {
    fn name(&self) -> String {
        match self {
            Game::Nim => "nim".into(),
            Game::ZeroMove => "zero-move".into(),
            Game::Misere => "misere".into(),
            Game::Subtract(s) => {
                let s: Vec<String> = s.iter().map(u64::to_string).collect();
                format!("subtract:{}", s.join(","))
            }
        }
    }

    fn all() -> Vec<Game> {
        vec![
            Game::Nim,
            Game::ZeroMove,
            Game::Misere,
            Game::Subtract(vec![1, 3, 4]),
        ]
    }

    fn options(&self, p: P) -> Vec<P> {
        let pile = |n: u64, pass: bool| P {
            n,
            pass: pass && n > 0,
        };
        match self {
            Game::Nim | Game::Misere => (0..p.n).map(|k| pile(k, false)).collect(),
            Game::ZeroMove => {
                let mut out: Vec<P> = (0..p.n).map(|k| pile(k, p.pass)).collect();
                if p.pass && p.n > 0 {
                    out.push(pile(p.n, false));
                }
                out
            }
            Game::Subtract(set) => set
                .iter()
                .filter(|&&s| s <= p.n)
                .map(|&s| pile(p.n - s, false))
                .collect(),
        }
    }

    fn misere(&self) -> bool {
        matches!(self, Game::Misere)
    }

    /// How nimlab writes a pile of this game.
    fn show(&self, p: P) -> String {
        match (self, p.n, p.pass) {
            (Game::ZeroMove, 0, _) => "0".into(),
            (Game::ZeroMove, n, true) => format!("{n}T"),
            (Game::ZeroMove, n, false) => format!("{n}F"),
            (_, n, _) => n.to_string(),
        }
    }

    fn parse(&self, text: &str) -> P {
        let (digits, pass) = match text.strip_suffix('T') {
            Some(d) => (d, true),
            None => (text.strip_suffix('F').unwrap_or(text), false),
        };
        P {
            n: digits.parse().unwrap(),
            pass,
        }
    }
}

struct Brute {
    game: Game,
    memo: HashMap<Vec<P>, bool>,
}

impl Brute {
    fn new(game: Game) -> Self {
        Self {
            game,
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move wins with perfect play. With no move left, the player to move
    /// has lost in normal play and won in misère play.
    fn wins(&mut self, pos: &[P]) -> bool {
        let mut key = pos.to_vec();
        key.sort();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut any = false;
        let mut win = false;
        'search: for i in 0..key.len() {
            for o in self.game.options(key[i]) {
                any = true;
                let mut next = key.clone();
                next[i] = o;
                if !self.wins(&next) {
                    win = true;
                    break 'search;
                }
            }
        }
        if !any {
            win = self.game.misere();
        }
        self.memo.insert(key, win);
        win
    }

    fn is_over(&self, pos: &[P]) -> bool {
        pos.iter().all(|&p| self.game.options(p).is_empty())
    }

    /// Checks a move from JSON (`{"pile","from","to","take"}`) on `pos`: it is legal, and
    /// returns the position after it.
    fn apply(&self, pos: &[P], mv: &Value) -> Vec<P> {
        let i = crate::support::index(mv["pile"].as_u64().unwrap()) - 1;
        let from = self.game.parse(mv["from"].as_str().unwrap());
        let to = self.game.parse(mv["to"].as_str().unwrap());
        assert_eq!(from, pos[i], "move {mv} does not start from {pos:?}");
        assert!(
            self.game.options(from).contains(&to),
            "{}: {mv} is not a legal move",
            self.game.name()
        );
        assert_eq!(mv["take"].as_u64().unwrap(), from.n - to.n, "{mv}");
        let mut after = pos.to_vec();
        after[i] = to;
        after
    }

    /// Checks a perfect player's move: from a won position it leaves a lost one, and its
    /// stated intent says whether the position was won.
    fn check_perfect(&mut self, pos: &[P], mv: &Value, intent: &Value) -> Vec<P> {
        let after = self.apply(pos, mv);
        let won = self.wins(pos);
        if won {
            assert!(
                !self.wins(&after),
                "{}: {pos:?} is won, but {mv} leaves a won position",
                self.game.name()
            );
        }
        let expected = if won { "winning" } else { "delaying" };
        assert_eq!(intent, expected, "{}: {pos:?} {mv}", self.game.name());
        after
    }

    fn line(&self, pos: &[P]) -> String {
        let piles: Vec<String> = pos.iter().map(|&p| self.game.show(p)).collect();
        piles.join(" ")
    }

    /// All positions of 1 to `k` piles of size ≤ `max` (with every pass state in zero-move).
    fn positions(&self, k: usize, max: u64) -> Vec<Vec<P>> {
        let mut singles = Vec::new();
        for n in 0..=max {
            singles.push(P { n, pass: false });
            if matches!(self.game, Game::ZeroMove) && n > 0 {
                singles.push(P { n, pass: true });
            }
        }
        let mut out: Vec<Vec<P>> = vec![vec![]];
        let mut all = Vec::new();
        for _ in 0..k {
            out = out
                .iter()
                .flat_map(|pos| {
                    singles.iter().map(move |&p| {
                        let mut next = pos.clone();
                        next.push(p);
                        next
                    })
                })
                .collect();
            all.extend(out.iter().cloned());
        }
        all
    }
}

#[test]
fn the_brute_force_solver_agrees_with_hand_checked_positions() {
    let mut nim = Brute::new(Game::Nim);
    let plain = |sizes: &[u64]| -> Vec<P> { sizes.iter().map(|&n| P { n, pass: false }).collect() };
    assert!(nim.wins(&plain(&[3, 4, 5])));
    assert!(!nim.wins(&plain(&[1, 2, 3])));
    let mut misere = Brute::new(Game::Misere);
    assert!(misere.wins(&plain(&[1, 1])));
    assert!(!misere.wins(&plain(&[1, 1, 1])));
    assert!(!misere.wins(&plain(&[2, 2])));
    // Zero-move: 1T alone: take it (win) — the pass would hand 1F to the opponent.
    let mut zm = Brute::new(Game::ZeroMove);
    assert!(zm.wins(&[P { n: 1, pass: true }]));
    // 1T 1T: after the pass on one, 1T 1F; hand-checked as a second-player win.
    assert!(!zm.wins(&[P { n: 1, pass: true }, P { n: 1, pass: true }]));
    // subtract:1,3,4: 2 is lost (only 2→1→0), 7 is lost (period 7).
    let mut sub = Brute::new(Game::Subtract(vec![1, 3, 4]));
    assert!(!sub.wins(&plain(&[2])));
    assert!(!sub.wins(&plain(&[7])));
    assert!(sub.wins(&plain(&[3])));
}

// ---------------------------------------------------------------------------------------------
// Running nimlab.

struct Output {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("NIMLAB_STATE_DIR", state_dir())
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// Text with wrapped paragraphs joined (continuation lines are indented by two spaces).
fn flat(text: &str) -> String {
    text.replace("\n  ", " ")
}

// ---------------------------------------------------------------------------------------------
// Games driven by the solver.

/// How the test's learner chooses moves.
#[derive(Clone, Copy)]
enum Learner {
    /// A winning move whenever there is one.
    Perfect,
    /// A pseudo-random legal move (xorshift with this state).
    Random(u64),
}

/// The state of a game as the test tracks it from the events.
struct Tracked {
    pos: Vec<P>,
    learner_to_move: bool,
    before_learner: Option<Vec<P>>,
    winner: Option<String>,
    computer_moves: usize,
}

/// Checks a game report's events against the solver and updates the tracked game.
fn follow(brute: &mut Brute, t: &mut Tracked, report: &Value) {
    for e in report["events"].as_array().unwrap() {
        let ctx = format!("{} {} / {e}", brute.game.name(), brute.line(&t.pos));
        match e["event"].as_str().unwrap() {
            "start" => {}
            "move" => {
                let side = e["side"].as_str().unwrap();
                assert_eq!(side == "learner", t.learner_to_move, "{}", ctx);
                let after = if side == "computer" {
                    t.computer_moves += 1;
                    brute.check_perfect(&t.pos, &e["move"], &e["intent"])
                } else {
                    t.before_learner = Some(t.pos.clone());
                    brute.apply(&t.pos, &e["move"])
                };
                t.pos = after;
                t.learner_to_move = !t.learner_to_move;
                assert_eq!(e["piles"], serde_json::json!(piles_json(brute, &t.pos)));
            }
            "coach" => {
                let before = t.before_learner.clone().unwrap();
                let verdict = if !brute.wins(&before) {
                    "already-lost"
                } else if !brute.wins(&t.pos) {
                    "kept"
                } else {
                    "threw-away"
                };
                assert_eq!(e["verdict"], verdict, "{}", ctx);
                if verdict == "threw-away" {
                    let best = brute.apply(&before, &e["best"]);
                    assert!(!brute.wins(&best), "coach's best move {}", ctx);
                }
            }
            "your-move" => {
                assert!(t.learner_to_move, "{}", ctx);
                assert_eq!(e["piles"], serde_json::json!(piles_json(brute, &t.pos)));
            }
            "end" => {
                assert!(brute.is_over(&t.pos), "{}", ctx);
                // The player to move cannot: in normal play they lost, in misère they won.
                let stuck_wins = brute.game.misere();
                let learner_wins = t.learner_to_move == stuck_wins;
                let expected = if learner_wins { "learner" } else { "computer" };
                assert_eq!(e["winner"], expected, "{}", ctx);
                t.winner = Some(expected.to_string());
            }
            other => panic!("unexpected event {other}"),
        }
    }
}

fn piles_json(brute: &Brute, pos: &[P]) -> Vec<String> {
    pos.iter().map(|&p| brute.game.show(p)).collect()
}

/// The learner's move as a short form: `I K` or `I pass`.
fn short_form(pos: &[P], i: usize, to: P) -> String {
    if to.n == pos[i].n {
        format!("{} pass", i + 1)
    } else {
        format!("{} {}", i + 1, pos[i].n - to.n)
    }
}

/// Plays one whole game and returns the winner ("learner" or "computer").
fn play_game(
    repl: &mut JsonRepl,
    brute: &mut Brute,
    start: &[P],
    computer_first: bool,
    learner: Learner,
) -> (String, usize) {
    let first = if computer_first { "computer" } else { "me" };
    let report = repl.send(&format!(
        "play --rules {} --first {first} {}",
        brute.game.name(),
        brute.line(start)
    ));
    let mut t = Tracked {
        pos: start.to_vec(),
        learner_to_move: !computer_first,
        before_learner: None,
        winner: None,
        computer_moves: 0,
    };
    let mut rng = match learner {
        Learner::Random(seed) => seed | 1,
        Learner::Perfect => 1,
    };
    follow(brute, &mut t, &report);
    while t.winner.is_none() {
        let moves: Vec<(usize, P)> = (0..t.pos.len())
            .flat_map(|i| {
                brute
                    .game
                    .options(t.pos[i])
                    .into_iter()
                    .map(move |o| (i, o))
            })
            .collect();
        let (i, to) = match learner {
            Learner::Perfect => {
                let mut chosen = moves[0];
                for &(i, o) in &moves {
                    let mut next = t.pos.clone();
                    next[i] = o;
                    if !brute.wins(&next) {
                        chosen = (i, o);
                        break;
                    }
                }
                chosen
            }
            Learner::Random(_) => {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                moves[crate::support::index(rng % moves.len() as u64)]
            }
        };
        let report = repl.send(&short_form(&t.pos, i, to));
        follow(brute, &mut t, &report);
    }
    (t.winner.unwrap(), t.computer_moves)
}

#[test]
fn a_perfect_learner_wins_a_won_position_in_every_ruleset() {
    let mut repl = JsonRepl::start();
    let starts: [(Game, &[&str]); 4] = [
        (Game::Nim, &["3", "4", "5"]),
        (Game::ZeroMove, &["4T", "7T", "5T"]),
        (Game::Misere, &["2", "3", "4"]),
        (Game::Subtract(vec![1, 3, 4]), &["5", "9", "6"]),
    ];
    for (game, piles) in starts {
        let mut brute = Brute::new(game);
        let start: Vec<P> = piles.iter().map(|p| brute.game.parse(p)).collect();
        assert!(
            brute.wins(&start),
            "{} {piles:?} must be won",
            brute.game.name()
        );
        let (winner, replies) = play_game(&mut repl, &mut brute, &start, false, Learner::Perfect);
        assert_eq!(winner, "learner", "{}", brute.game.name());
        assert!(replies > 0);
    }
}

#[test]
fn the_computer_never_misses_a_win_in_small_positions() {
    // Every position of up to 3 piles of size ≤ 5 (zero-move: every mix of T and F), in every
    // ruleset; the computer moves first, and the learner answers with pseudo-random moves, so
    // the computer meets won and lost positions all through each game.
    let mut repl = JsonRepl::start();
    let mut games = 0;
    let mut checked = 0;
    for game in Game::all() {
        let mut brute = Brute::new(game);
        for (n, start) in brute.positions(3, 5).into_iter().enumerate() {
            let (winner, replies) = play_game(
                &mut repl,
                &mut brute,
                &start,
                true,
                Learner::Random(n as u64 + 7),
            );
            if brute.wins(&start) {
                assert_eq!(
                    winner,
                    "computer",
                    "{} {}",
                    brute.game.name(),
                    brute.line(&start)
                );
            }
            games += 1;
            checked += replies;
        }
    }
    // 258 positions in each one-state ruleset, 11 + 121 + 1331 in zero-move.
    assert_eq!(games, 3 * 258 + 1463);
    assert!(checked > games, "{checked} computer moves checked");
}

#[test]
fn step_all_plays_perfectly_to_the_right_winner_in_small_positions() {
    for game in Game::all() {
        let mut brute = Brute::new(game);
        let starts = brute.positions(3, 5);
        let mut script = format!("rules {}\n", brute.game.name());
        for start in &starts {
            script.push_str(&format!("position {}\nstep --all\n", brute.line(start)));
        }
        let out = run(&["--format", "json"], &script);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let steps: Vec<Value> = out
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|v| v.get("moves").is_some())
            .collect();
        assert_eq!(steps.len(), starts.len());
        for (start, report) in starts.iter().zip(&steps) {
            let mut pos = start.clone();
            for (k, m) in report["moves"].as_array().unwrap().iter().enumerate() {
                let player = if k % 2 == 0 { "first" } else { "second" };
                assert_eq!(m["player"], player);
                assert_eq!(m["before"], serde_json::json!(piles_json(&brute, &pos)));
                pos = brute.check_perfect(&pos, &m["move"], &m["intent"]);
            }
            assert!(brute.is_over(&pos), "{}", brute.line(start));
            let expected = if brute.wins(start) { "first" } else { "second" };
            assert_eq!(report["winner"], expected, "{}", brute.line(start));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Scripted games in text.

#[test]
fn a_blunder_is_coached_and_the_computer_then_wins() {
    // Nim 1 2: the winning move is 2 → 1 (leaving 1 1). Taking all of pile 2 leaves 1 0, and
    // the computer takes the last token.
    let out = run(
        &["--color", "never"],
        "play --coach verbose --rules nim 1 2\n2 2\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let s = &flat(&out.stdout);
    assert!(s.contains("1. you: take 2 from pile 2 (2 → 0)"), "{s}");
    assert!(s.contains("coach: ✗ that gives the win away"), "{s}");
    assert!(
        s.contains("The winning move was take 1 from pile 2 (2 → 1)"),
        "{s}"
    );
    assert!(s.contains("2. computer: take 1 from pile 1 (1 → 0)"), "{s}");
    assert!(s.contains("Game over: the computer wins."), "{s}");
    assert!(s.contains("replay: 1 2: you 2:2→0, computer 1:1→0"), "{s}");
}

#[test]
fn a_good_move_is_praised_and_the_computer_delays_when_lost() {
    // Nim 1 2: 2 → 1 leaves 1 1 (nim-sum 0): the computer is lost and must take a 1.
    let out = run(
        &["--color", "never"],
        "play --coach verbose --rules nim 1 2\ntake 1 from 2\n2 1\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let s = &flat(&out.stdout);
    assert!(s.contains("coach: ✓ good move"), "{s}");
    assert!(
        s.contains("the position is lost against perfect play"),
        "{s}"
    );
    assert!(s.contains("Game over: you win!"), "{s}");
}

#[test]
fn the_computer_explains_its_winning_move_in_binary() {
    // Zero-move 4T 7T 5T, values 3 8 6, nim-sum 13 = 1101: the top bit 8 is in pile 2, which
    // goes to value 8 ⊕ 13 = 5, i.e. 6T (g(6T) = 5). Hand-checked.
    let out = run(
        &["--color", "never"],
        "play --coach verbose --first computer 4 7 5\nresign\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let s = &flat(&out.stdout);
    assert!(
        s.contains("1. computer: take 1 from pile 2 (7T → 6T)"),
        "{s}"
    );
    assert!(
        s.contains("its top bit is 8, and pile 2 has that bit"),
        "{s}"
    );
    assert!(s.contains("8 ⊕ 13 = 5"), "{s}");
    assert!(s.contains("◀ moved"), "{s}");
    assert!(s.contains("~ bits that flip"), "{s}");
    assert!(s.contains("You resigned: the computer wins."), "{s}");
    for line in out.stdout.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line:?}");
    }
}

#[test]
fn illegal_moves_say_why_and_the_game_goes_on() {
    let script = "play 3 0 2F\n5 1\n2 1\n3 pass\n1 4\ntake 0 from 1\ntake 1 of 1\n1 x\n";
    let out = run(&["--color", "never"], script);
    assert_eq!(out.code, 2);
    let expected = [
        "error: line 2: illegal move: there is no pile 5: the piles are numbered 1 to 3",
        "error: line 3: illegal move: pile 2 is empty",
        "error: line 4: illegal move: pile 3's pass is already spent (2F)",
        "error: line 5: illegal move: pile 1 holds only 3: you cannot take 4",
        "error: line 6: illegal move: take at least 1 token (to spend pile 1's pass, write `pass 1`)",
        "error: line 7: `of` is not valid here: expected `from`, as in `take 3 from 2`",
        "error: line 8: `x` is not valid here",
    ];
    let lines: Vec<&str> = out.stderr.lines().collect();
    for (want, got) in expected.iter().zip(&lines) {
        assert!(got.starts_with(want), "{got:?} should start {want:?}");
    }
    assert_eq!(lines.last(), Some(&"error: 7 lines failed"));

    let out = run(&[], "play --rules nim 3 4\npass 1\n");
    assert!(
        out.stderr
            .contains("illegal move: nim has no passes: only zero-move piles offer one"),
        "{}",
        out.stderr
    );
    let out = run(&[], "play --rules subtract:1,3,4 5 6\ntake 2 from 1\n");
    assert!(
        out.stderr
            .contains("illegal move: subtract:1,3,4 allows taking 1, 3 or 4 only, not 2"),
        "{}",
        out.stderr
    );
}

#[test]
fn game_commands_without_a_game_say_how_to_start_one() {
    for cmd in ["take 1 from 2", "pass 1", "undo", "hint", "resign"] {
        let out = run(&[], &format!("{cmd}\n"));
        assert_eq!(out.code, 2, "{cmd}");
        assert!(
            out.stderr
                .contains("no game in progress; start one with `play 4 7 5`"),
            "{cmd}: {}",
            out.stderr
        );
    }
    let out = Command::new(BIN)
        .args(["hint"])
        .env("NIMLAB_STATE_DIR", state_dir())
        .output()
        .unwrap();
    // On the shell there is no game to be in: the refusal says how to start one.
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`nimlab play 4 7 5`"));
}

#[test]
fn hint_shows_the_winning_move_or_that_every_move_loses() {
    // Nim 3 4 5: nim-sum 2, the top bit 2 is in 3 (011): 3 → 3 ⊕ 2 = 1.
    let out = run(
        &["--color", "never"],
        "play --rules nim 3 4 5\nhint\nresign\n",
    );
    assert!(
        out.stdout.contains("hint: take 2 from pile 1 (3 → 1)"),
        "{}",
        out.stdout
    );
    // Nim 1 2 3: nim-sum 0.
    let out = run(
        &["--color", "never"],
        "play --rules nim 1 2 3\nhint\nresign\n",
    );
    assert!(
        out.stdout.contains("every move loses against perfect play"),
        "{}",
        out.stdout
    );
}

#[test]
fn undo_takes_back_the_learners_move_and_the_reply() {
    let mut repl = JsonRepl::start();
    let start = repl.send("play --rules nim 3 4 5");
    assert_eq!(start["piles"], serde_json::json!(["3", "4", "5"]));
    let moved = repl.send("3 5");
    let moves: Vec<&Value> = moved["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "move")
        .collect();
    assert_eq!(moves.len(), 2, "{moved}");
    let undone = repl.send("undo");
    assert_eq!(undone["events"][0]["event"], "undo");
    assert_eq!(undone["events"][0]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(undone["piles"], serde_json::json!(["3", "4", "5"]));
    assert_eq!(undone["to_move"], "learner");
    let hint = repl.send("hint");
    assert_eq!(
        hint["events"][0]["move"],
        serde_json::json!({"pile": 1, "from": "3", "to": "1", "take": 2})
    );
    let resigned = repl.send("resign");
    assert_eq!(resigned["winner"], "computer");

    let out = run(&[], "play --rules nim 3 4 5\nundo\nresign\n");
    assert!(
        out.stderr
            .contains("nothing to undo: you have not moved yet"),
        "{}",
        out.stderr
    );
}

#[test]
fn step_plays_one_move_at_a_time_and_names_the_winner() {
    // Nim 1 2: 2 → 1 (first), 1 1 → 0 1 (second), 0 1 → 0 0 (first wins).
    let script = "rules nim\nposition 1 2\nstep\nstep\nstep\nstep\n";
    let out = run(&["--color", "never"], script);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let s = &flat(&out.stdout);
    assert!(
        s.contains("step 1: the first player: take 1 from pile 2 (2 → 1)"),
        "{s}"
    );
    assert!(
        s.contains("step 2: the second player: take 1 from pile 1 (1 → 0)"),
        "{s}"
    );
    assert!(
        s.contains("step 3: the first player: take 1 from pile 2 (1 → 0)"),
        "{s}"
    );
    assert!(s.contains("nim-sum  before"), "{s}");
    assert!(s.contains("The first player wins"), "{s}");
    let out = run(&[], "step\n");
    assert!(
        out.stderr.contains("no position to step through"),
        "{}",
        out.stderr
    );
}

#[test]
fn colour_only_when_asked_and_marks_without_it() {
    let script = "play --rules nim 1 2\n2 1\nwhy\n2 1\n";
    let plain = run(&[], script);
    assert!(!plain.stdout.contains('\u{1b}'), "{}", plain.stdout);
    assert!(plain.stdout.contains("◀ moved"));
    let coloured = run(&["--color", "always"], script);
    assert!(coloured.stdout.contains('\u{1b}'));
    let stripped = strip_ansi(&coloured.stdout);
    assert_eq!(stripped, plain.stdout);
}

fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut escape = false;
    for c in text.chars() {
        match (escape, c) {
            (false, '\u{1b}') => escape = true,
            (true, 'm') => escape = false,
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

#[test]
fn a_short_game_on_a_real_terminal() {
    let mut cmd = Command::new(BIN);
    cmd.env("NIMLAB_STATE_DIR", state_dir())
        .env("NO_COLOR", "1")
        .env("TERM", "dumb");
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("play --rules nim 1 2").unwrap();
    p.exp_string("nimlab[play 1 2]> ").unwrap();
    // 2 → 1 leaves 1 1: the computer must take one, and the learner takes the last.
    p.send_line("2 1").unwrap();
    // (The marks are UTF-8, which the terminal reader does not decode: match around them.)
    p.exp_string("kept the win").unwrap();
    p.exp_string("computer took 1 from pile 1").unwrap();
    p.exp_string("nimlab[play 0 1]> ").unwrap();
    p.send_line("2 1").unwrap();
    p.exp_string("Game over: you win!").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
