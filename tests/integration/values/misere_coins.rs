//! Misère play of the library's coin-turning games on the row of coins itself: a position is
//! the set of heads coins (a bitmask here), a move turns coins over with the rightmost turned
//! from heads to tails, and the player who cannot move (no heads left) wins, as the last mover
//! lost. Each game's moves are written from its rules text; a memoised search over the masks
//! decides every set of up to 5 heads on coins 1..8, and nimlab's `winner --misere` and
//! `move --misere` must agree. Nothing of nimlab's definitions is used.

use std::collections::BTreeMap;

use crate::support::{Test, batch};

/// The coins searched: places 1..=8 (bit c of a mask is the coin at place c).
const COINS: u32 = 8;

/// The rows a move from `mask` leaves in `game`: for each heads coin n as the rightmost turned,
/// the coins turned with it to its left (places 1..n).
fn moves(game: &str, mask: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for n in 1..=COINS {
        if mask >> n & 1 == 0 {
            continue;
        }
        let turned = mask ^ (1 << n);
        match game {
            // One or two coins.
            "turning-turtles" => {
                out.push(turned);
                out.extend((1..n).map(|a| turned ^ (1 << a)));
            }
            // One, two or three coins.
            "mock-turtles" => {
                out.push(turned);
                for a in 1..n {
                    out.push(turned ^ (1 << a));
                    out.extend((a + 1..n).map(|b| turned ^ (1 << a) ^ (1 << b)));
                }
            }
            // Any run of consecutive coins ending at n: k..=n.
            "ruler" => out.extend((1..=n).map(|k| turned ^ (((1 << n) - 1) & !((1 << k) - 1)))),
            _ => panic!("no coin game {game}"),
        }
    }
    out
}

/// Whether the player to move wins `mask` played misère: with no move, yes (they did not
/// move last); else iff some move leaves a row lost for the opponent.
fn misere_wins(game: &str, mask: u32, memo: &mut BTreeMap<u32, bool>) -> bool {
    if let Some(&w) = memo.get(&mask) {
        return w;
    }
    let options = moves(game, mask);
    let wins = options.is_empty() || options.iter().any(|&o| !misere_wins(game, o, memo));
    memo.insert(mask, wins);
    wins
}

/// Every set of 1 to 5 heads among coins 1..=8, as masks.
fn rows() -> Vec<u32> {
    (0u32..1 << (COINS + 1))
        .filter(|m| m & 1 == 0 && (1..=5).contains(&m.count_ones()))
        .collect()
}

fn written(mask: u32) -> String {
    let coins: Vec<String> = (1..=COINS)
        .filter(|c| mask >> c & 1 == 1)
        .map(|c| c.to_string())
        .collect();
    coins.join(" ")
}

/// The library's coin-turning games: `nimlab rules` describes each as one.
fn coin_games() -> Vec<String> {
    let listing = Test::new().arg("rules").run().success().stdout;
    let mut games = Vec::new();
    let mut current: Option<String> = None;
    let mut text = String::new();
    for line in listing.lines().chain(std::iter::once("  end")) {
        let Some(entry) = line.strip_prefix("  ") else {
            continue;
        };
        if entry.starts_with(' ') {
            text.push_str(entry);
            continue;
        }
        if let Some(name) = current.take()
            && text.contains("coin-turning game")
        {
            games.push(name);
        }
        let mut words = entry.split_whitespace();
        current = words.next().map(str::to_string);
        text = words.collect::<Vec<_>>().join(" ");
    }
    games
}

#[test]
fn the_library_has_three_coin_turning_games() {
    let mut games = coin_games();
    games.sort();
    assert_eq!(games, ["mock-turtles", "ruler", "turning-turtles"]);
}

#[test]
fn misere_verdicts_of_every_coin_game_agree_with_a_search_of_the_row() {
    for game in coin_games() {
        let mut memo = BTreeMap::new();
        let rows = rows();
        assert_eq!(rows.len(), 8 + 28 + 56 + 70 + 56);
        let lines: Vec<String> = rows
            .iter()
            .map(|&m| {
                format!(
                    "winner --misere --format json --rules {game} {}",
                    written(m)
                )
            })
            .collect();
        for (&mask, doc) in rows.iter().zip(batch(&lines)) {
            let first = misere_wins(&game, mask, &mut memo);
            assert_eq!(
                doc["winner"],
                if first { "first" } else { "second" },
                "{game} misère {{{}}}",
                written(mask)
            );
        }
    }
}

#[test]
fn misere_winning_moves_of_every_coin_game_leave_a_lost_row() {
    for game in coin_games() {
        let mut memo = BTreeMap::new();
        let rows: Vec<u32> = rows().into_iter().step_by(3).collect();
        let lines: Vec<String> = rows
            .iter()
            .map(|&m| format!("move --misere --format json --rules {game} {}", written(m)))
            .collect();
        for (&mask, doc) in rows.iter().zip(batch(&lines)) {
            let first = misere_wins(&game, mask, &mut memo);
            let mv = &doc["move"];
            assert_eq!(mv.is_object(), first, "{game} {{{}}}: {doc}", written(mask));
            if !first {
                continue;
            }
            // The heads coin turned to tails, and the coins the move turned with it.
            let from: u32 = mv["from"].as_str().unwrap().parse().unwrap();
            let mut after = mask ^ (1 << from);
            for c in mv["to"].as_str().unwrap().split('+') {
                let c: u32 = c.parse().unwrap();
                if c > 0 {
                    after ^= 1 << c;
                }
            }
            assert!(
                moves(&game, mask).contains(&after),
                "{game} {{{}}}: {doc} is no move",
                written(mask)
            );
            assert!(
                !misere_wins(&game, after, &mut memo),
                "{game} {{{}}} → {{{}}} leaves the opponent a won row",
                written(mask),
                written(after)
            );
        }
    }
}

#[test]
fn turning_coins_two_and_three_loses_at_once() {
    // By hand: from {2, 3} the moves leave {2} (turn 3), {} (turn 3 and 2), {1, 2} (turn 3
    // and 1). {} is won for the player to move (no move), {2} is won (turn 2 and 1 → {1}, and
    // {1} must be turned to {} by the opponent), {1, 2} is won (turn 2 → {1}). So {2, 3} is
    // lost: no winning move.
    Test::new()
        .args(["move", "--misere", "--rules", "turning-turtles", "2", "3"])
        .run()
        .success()
        .stdout_has("the second player wins")
        .stdout_has("no winning move");
}
