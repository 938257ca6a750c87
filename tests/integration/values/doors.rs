//! Every library game of numbers asked the same questions through every door — `grundy`,
//! `winner`, `move`, `= g`, `= lost`, `= misere`, `= mexset`, `draw` and a move in `play` —
//! on random positions, small and far past every budget: each answer agrees with a reference
//! written here, or is a refusal in one line (exit 2). None may answer as if a pile had fewer
//! moves than its rule gives (a far pile once had none).
//!
//! The references: each game's moves restated from its rule; values by mex over them for small
//! piles; for far piles the game's closed form (Winning Ways' results), first checked here
//! against that mex; misère play by a search of whole positions written here.

use std::collections::HashMap;

use crate::support::{Test, index, str_of, u64_of};

/// What a move leaves of a pile: its heaps, sorted, empty ones dropped (none: nothing left).
type Leaves = Vec<u64>;

/// Piles valued by mex here.
const SMALL: u64 = 64;

struct Game {
    name: &'static str,
    /// Every move of a pile of `n`.
    moves: fn(u64) -> Vec<Leaves>,
    /// Whether `leaves` is a move of `n` (for far piles, whose moves are too many to list).
    is_move: fn(u64, &[u64]) -> bool,
    /// The closed form, if the game has one.
    form: Option<fn(u64) -> u64>,
    /// Whether a pile is a heads coin: two at one place cancel.
    coins: bool,
}

fn leaves(mut heaps: Vec<u64>) -> Leaves {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

fn lasker_moves(n: u64) -> Vec<Leaves> {
    let mut out: Vec<Leaves> = (0..n).map(|m| leaves(vec![m])).collect();
    out.extend((1..=n / 2).map(|a| leaves(vec![a, n - a])));
    out
}

fn turtle_moves(n: u64) -> Vec<Leaves> {
    (0..n).map(|m| leaves(vec![m])).collect()
}

fn mock_moves(n: u64) -> Vec<Leaves> {
    let mut out: Vec<Leaves> = (0..n).map(|m| leaves(vec![m])).collect();
    for p in 1..n {
        out.extend((p + 1..n).map(|q| vec![p, q]));
    }
    out
}

fn ruler_moves(n: u64) -> Vec<Leaves> {
    (1..=n).map(|k| (k..n).collect()).collect()
}

fn half_moves(n: u64) -> Vec<Leaves> {
    (0..=n / 2)
        .filter(|_| n > 0)
        .map(|m| leaves(vec![m]))
        .collect()
}

fn powers2_moves(n: u64) -> Vec<Leaves> {
    (0..64)
        .map(|j| 1u64 << j)
        .take_while(|&p| p <= n)
        .map(|p| leaves(vec![n - p]))
        .collect()
}

fn squares_moves(n: u64) -> Vec<Leaves> {
    (1..)
        .map(|k: u64| k * k)
        .take_while(|&s| s <= n)
        .map(|s| leaves(vec![n - s]))
        .collect()
}

fn grundy_game_moves(n: u64) -> Vec<Leaves> {
    (1..n)
        .filter(|&a| a < n - a)
        .map(|a| vec![a, n - a])
        .collect()
}

fn games() -> Vec<Game> {
    vec![
        Game {
            name: "lasker",
            moves: lasker_moves,
            is_move: |n, l| match l {
                [] => n > 0,
                [m] => *m < n,
                [a, b] => a + b == n,
                _ => false,
            },
            form: Some(|n| match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            }),
            coins: false,
        },
        Game {
            name: "turning-turtles",
            moves: turtle_moves,
            is_move: |n, l| match l {
                [] => n > 0,
                [m] => *m < n,
                _ => false,
            },
            form: Some(|n| n),
            coins: true,
        },
        Game {
            name: "mock-turtles",
            moves: mock_moves,
            is_move: |n, l| match l {
                [] => n > 0,
                [m] => *m < n,
                [p, q] => p < q && *q < n,
                _ => false,
            },
            form: Some(|n| match n {
                0 => 0,
                _ => 2 * (n - 1) + u64::from((n - 1).count_ones() % 2 == 0),
            }),
            coins: true,
        },
        Game {
            name: "ruler",
            moves: ruler_moves,
            is_move: |n, l| {
                n > 0
                    && (l.is_empty()
                        || (l.last() == Some(&(n - 1)) && l.windows(2).all(|w| w[1] == w[0] + 1)))
            },
            form: Some(|n| n & n.wrapping_neg()),
            coins: true,
        },
        Game {
            name: "at-least-half",
            moves: half_moves,
            is_move: |n, l| match l {
                [] => n > 0,
                [m] => *m <= n / 2,
                _ => false,
            },
            form: Some(|n| u64::from(u64::BITS - n.leading_zeros())),
            coins: false,
        },
        Game {
            name: "subtract:powers2",
            moves: powers2_moves,
            is_move: |n, l| match l {
                [] => n.is_power_of_two(),
                [m] => *m < n && (n - m).is_power_of_two(),
                _ => false,
            },
            form: Some(|n| n % 3),
            coins: false,
        },
        Game {
            name: "subtract:squares",
            moves: squares_moves,
            is_move: |n, l| {
                let m = l.first().copied().unwrap_or(0);
                let k = (n - m).isqrt();
                l.len() <= 1 && m < n && k * k == n - m
            },
            form: None,
            coins: false,
        },
        Game {
            name: "grundy-game",
            moves: grundy_game_moves,
            is_move: |n, l| matches!(l, [a, b] if a < b && a + b == n),
            form: None,
            coins: false,
        },
    ]
}

/// g(0..=SMALL) by mex over the game's moves.
fn values(game: &Game) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=SMALL {
        let seen: Vec<u64> = (game.moves)(n)
            .iter()
            .map(|l| l.iter().fold(0, |x, &h| x ^ g[index(h)]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// A pile's value: by mex if small, else by the closed form (`None`: neither).
fn value(game: &Game, small: &[u64], n: u64) -> Option<u64> {
    match small.get(index(n)) {
        Some(&g) => Some(g),
        None => game.form.map(|f| f(n)),
    }
}

/// A position as the game keeps it: sorted, empty piles dropped, and for coins two heads at
/// one place cancelled.
fn canonical(game: &Game, mut piles: Vec<u64>) -> Vec<u64> {
    piles.retain(|&p| p > 0);
    piles.sort_unstable();
    if game.coins {
        let mut row: Vec<u64> = Vec::new();
        for p in piles {
            if row.last() == Some(&p) {
                row.pop();
            } else {
                row.push(p);
            }
        }
        return row;
    }
    piles
}

/// Whether the player to move wins `piles` played misère (the last mover loses), by trying
/// every move.
fn misere_first_wins(game: &Game, piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let position = canonical(game, piles);
    if let Some(&w) = memo.get(&position) {
        return w;
    }
    let mut any = false;
    let mut wins = false;
    for (i, &p) in position.iter().enumerate() {
        for l in (game.moves)(p) {
            any = true;
            let mut next = position.clone();
            next.remove(i);
            next.extend(l);
            if !misere_first_wins(game, next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let wins = wins || !any;
    memo.insert(position, wins);
    wins
}

/// A pseudo-random stream (SplitMix64), so every run asks the same positions.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// A refusal: exit 2, one error on stderr (an expression's error quotes it under its line,
/// with a caret), nothing on stdout.
#[track_caller]
fn refused(out: &crate::support::Output, what: &str) {
    assert_eq!(out.code, 2, "{what}: {out:?}");
    let errors = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error: "))
        .count();
    let others = out
        .stderr
        .lines()
        .filter(|l| !l.starts_with("  | "))
        .count();
    assert_eq!((errors, others), (1, 1), "{what}: {}", out.stderr);
    assert!(out.stdout.trim().is_empty(), "{what}: {}", out.stdout);
}

fn run(args: &[String]) -> crate::support::Output {
    Test::new().args(args).run()
}

fn words(text: &str) -> Vec<String> {
    text.split(' ').map(str::to_string).collect()
}

/// What a move's `to` leaves, as written in JSON (`5`, `3+7`).
fn written_leaves(to: &str) -> Leaves {
    leaves(to.split('+').map(|h| h.parse().unwrap()).collect())
}

// Long on purpose: one pass over the library's games, each door (value, verdict, move,
// expression) checked against the same brute-force values; split, those values would be passed
// to every part.
#[test]
fn every_door_agrees_or_refuses_on_small_and_far_piles() {
    let mut rng = Seeded(34);
    for game in games() {
        let small = values(&game);
        if let Some(f) = game.form {
            for n in 0..=SMALL {
                assert_eq!(f(n), small[index(n)], "{}: the form at {n}", game.name);
            }
        }
        let r = game.name;
        let mut positions: Vec<(u64, u64)> = (0..2)
            .map(|_| (1 + rng.below(SMALL - 1), rng.below(9)))
            .collect();
        // A game with no closed form is valued by mex up to its work limit before a pile of
        // 10^6 is refused (seconds in a debug build): past 10^7 it is refused at once.
        let fars: &[u64] = match game.form {
            Some(_) => &[1_000_000, 1_000_000_000, 1 << 40],
            None => &[1_000_000_000, 1 << 40],
        };
        for &far in fars {
            positions.push((far + rng.below(8), 1 + rng.below(6)));
        }
        for (n, m) in positions {
            let far = n > SMALL;
            let (gn, gm) = (value(&game, &small, n), value(&game, &small, m));
            let what = format!("{r} {n} {m}");

            // grundy
            let out = run(&words(&format!("grundy {n} --rules {r} --format json")));
            match gn {
                Some(g) if out.code == 0 => {
                    assert_eq!(u64_of(&out.json()["rows"][0]["grundy"]), g, "{what}")
                }
                _ => refused(&out, &format!("grundy {what}")),
            }
            // = g, = lost
            let out = run(&["=".into(), format!("g({r}, {n})")]);
            match gn {
                Some(g) if out.code == 0 => assert_eq!(out.stdout.trim(), g.to_string()),
                _ => refused(&out, &format!("= g {what}")),
            }
            let out = run(&["=".into(), format!("lost({r}, {n}, {m})")]);
            let nim_sum = gn.zip(gm).map(|(a, b)| a ^ b);
            match nim_sum {
                Some(s) if out.code == 0 => {
                    assert_eq!(out.stdout.trim(), (s == 0).to_string(), "lost {what}")
                }
                _ => refused(&out, &format!("= lost {what}")),
            }
            // winner and move
            let out = run(&words(&format!("winner --rules {r} {n} {m} --format json")));
            match nim_sum {
                Some(s) if out.code == 0 => {
                    let winner = if s == 0 { "second" } else { "first" };
                    assert_eq!(str_of(&out.json()["winner"]), winner, "winner {what}");
                }
                _ => refused(&out, &format!("winner {what}")),
            }
            let out = run(&words(&format!("move --rules {r} {n} {m} --format json")));
            if out.code == 0 {
                let json = out.json();
                let s = nim_sum.expect("a move answered where no value is known");
                let mv = &json["move"];
                assert_eq!(mv.is_null(), s == 0, "move {what}: {json}");
                if !mv.is_null() {
                    let pile = u64_of(&mv["pile"]);
                    let from = if pile == 1 { n } else { m };
                    let to = written_leaves(str_of(&mv["to"]));
                    assert!((game.is_move)(from, &to), "move {what}: {from} -> {to:?}");
                    let rest = if pile == 1 { gm.unwrap() } else { gn.unwrap() };
                    let after = to
                        .iter()
                        .fold(rest, |x, &h| x ^ value(&game, &small, h).unwrap());
                    assert_eq!(after, 0, "move {what} leaves nim-sum {after}");
                }
            } else {
                refused(&out, &format!("move {what}"));
            }
            // = mexset: every option's value, or refused (a set compared as a set: nimlab
            // writes a run of values as a range).
            if far {
                // Listed whole, its mex is the pile's value; else refused.
                let out = run(&["=".into(), format!("mex(mexset({r}, {n}))")]);
                match gn {
                    Some(g) if out.code == 0 => {
                        assert_eq!(out.stdout.trim(), g.to_string(), "mexset {what}")
                    }
                    _ => refused(&out, &format!("= mexset {what}")),
                }
            } else {
                let mut set: Vec<u64> = (game.moves)(n)
                    .iter()
                    .map(|l| l.iter().fold(0, |x, &h| x ^ small[index(h)]))
                    .collect();
                set.sort_unstable();
                set.dedup();
                let written: Vec<String> = set.iter().map(u64::to_string).collect();
                let out = run(&[
                    "=".into(),
                    format!("mexset({r}, {n}) = {{{}}}", written.join(", ")),
                ]);
                assert_eq!(out.stdout.trim(), "true", "mexset {what}: {out:?}");
            }
            // = misere: by the search here where small; far, refused or won by a move that
            // `move --misere` names and the search here proves.
            let out = run(&["=".into(), format!("misere({r}, {n}, {m})")]);
            if !far && n <= 14 {
                let first = misere_first_wins(&game, vec![n, m], &mut HashMap::new());
                let expected = if first { "first" } else { "second" };
                assert_eq!(out.stdout.trim(), expected, "misere {what}: {out:?}");
            } else if far && out.code == 0 {
                assert_eq!(out.stdout.trim(), "first", "misere {what}");
                let out = run(&words(&format!(
                    "move --misere --rules {r} {n} {m} --format json"
                )));
                let mv = &out.json()["move"];
                let pile = u64_of(&mv["pile"]);
                let to = written_leaves(str_of(&mv["to"]));
                let from = if pile == 1 { n } else { m };
                assert!((game.is_move)(from, &to), "misère move {what}: {to:?}");
                let mut next = to.clone();
                next.push(if pile == 1 { m } else { n });
                assert!(
                    next.iter().all(|&h| h <= SMALL)
                        && !misere_first_wins(&game, next, &mut HashMap::new()),
                    "misère move {what}: {to:?} does not leave a lost position"
                );
            } else if far {
                refused(&out, &format!("= misere {what}"));
            }
            // draw: a far pile's graph is refused.
            if far {
                let out = run(&words(&format!("draw --rules {r} {n}")));
                refused(&out, &format!("draw {what}"));
            }
            // play: a legal move is taken (nothing left of pile 1 where the rule allows it).
            let first_move = (game.moves)(n.min(SMALL)).first().cloned();
            let legal = if (game.is_move)(n, &[]) {
                Some("1 -> 0".to_string())
            } else if far {
                None
            } else {
                first_move.map(|l| {
                    let written: Vec<String> = l.iter().map(u64::to_string).collect();
                    match written.as_slice() {
                        [] => "1 -> 0".to_string(),
                        _ => format!("1 -> {}", written.join("+")),
                    }
                })
            };
            if let Some(line) = legal {
                let out = Test::new()
                    .stdin(format!("play --rules {r} {n} {m}\n{line}\nquit\nquit\n"))
                    .run();
                assert!(
                    out.stdout.contains("1. you:") || out.stderr.lines().count() == 1,
                    "play {what}, {line}: {out:?}"
                );
                assert!(
                    !out.stderr.contains("illegal move"),
                    "play {what}, {line}: {out:?}"
                );
            }
        }
    }
}
