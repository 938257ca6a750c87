//! The moves a player types in a game: `I K` and `take K from I` (take K tokens from pile I),
//! `I pass`, and `I -> S` or `I -> A+B+…` (pile I becomes the state S, or splits into A, B, …:
//! two in Kayles, three in a hexadecimal game, a run of any length in Ruler), read into
//! requests the engine checks. States are read by the rules' own pile grammar.

use crate::engine::Request;
use crate::engine::{Heaps, Rules};
use crate::error::{Error, Expected, MoveKind};

/// A line that is not a command, read as a move: `None` if it does not start like one (a pile
/// number), else the request or why the line is not a move.
pub(super) fn read(line: &str, rules: &Rules, piles: usize) -> Option<Result<Request, Error>> {
    if let Some((pile, target)) = line.split_once("->") {
        let pile = pile.trim();
        if pile.is_empty() || !pile.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        return Some(
            pile_index(pile, piles).and_then(|index| becomes(rules, index, target.trim())),
        );
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first()?.parse::<u64>().ok()?;
    Some(match words.as_slice() {
        [i, p] if p.eq_ignore_ascii_case("pass") || p.eq_ignore_ascii_case("p") => {
            pile_index(i, piles).map(|index| Request::Pass { index })
        }
        [i, k] => take(k, i, piles),
        _ => Err(Error::bad_token(
            line.trim(),
            Expected::Move {
                kind: move_kind(rules),
            },
        )),
    })
}

/// A pile number from 1 (of `piles`); whether the pile exists is the engine's check.
pub(super) fn pile_index(token: &str, piles: usize) -> Result<usize, Error> {
    token
        .parse::<usize>()
        .ok()
        .and_then(|i| i.checked_sub(1))
        .ok_or_else(|| Error::bad_token(token, Expected::PileNumber { count: piles }))
}

/// The typed `take K [from] I` command's words after K: its request. With one pile, `take K`
/// alone takes from it.
pub(super) fn take_command(count: &str, words: &[String], piles: usize) -> Result<Request, Error> {
    match words {
        [i] => take(count, i, piles),
        [word, i] if word.eq_ignore_ascii_case("from") => take(count, i, piles),
        [word, _] => Err(Error::bad_token(word, Expected::From)),
        [] if piles == 1 => take(count, "1", piles),
        [] => Err(Error::bad_token(
            format!("take {count}"),
            Expected::TakeFrom {
                count: count.to_string(),
                piles,
            },
        )),
        [_, _, extra, ..] => Err(Error::bad_token(extra, Expected::EndOfMove)),
    }
}

/// `take K from I`, `I K`.
pub(super) fn take(count: &str, pile: &str, piles: usize) -> Result<Request, Error> {
    let index = pile_index(pile, piles)?;
    let count = count
        .parse::<u64>()
        .map_err(|_| Error::bad_token(count, Expected::TokenCount))?;
    Ok(Request::Take { index, count })
}

/// `I -> S` or `I -> A+B+…`: what pile `index` becomes, read by the rules' own grammar (a
/// graph's position name may hold a `+`, so it is tried whole first).
fn becomes(rules: &Rules, index: usize, target: &str) -> Result<Request, Error> {
    if target.is_empty() {
        return Err(Error::bad_token(
            "->",
            Expected::Becomes {
                syntax: rules.pile_syntax(),
            },
        ));
    }
    if let Ok(p) = rules.parse_pile(target) {
        return Ok(Request::Become {
            index,
            after: Heaps::One(p),
        });
    }
    // Whether the parts are a move is the engine's check; here each must be a state.
    let parts = target
        .split('+')
        .map(|part| rules.parse_pile(part.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Request::Become {
        index,
        after: Heaps::of(parts),
    })
}

/// How a move is written in a game of `rules`, for a line that is not one.
fn move_kind(rules: &Rules) -> MoveKind {
    if !rules.counts_tokens() {
        MoveKind::States
    } else if rules.splits() {
        MoveKind::Splits
    } else if rules.has_pass() {
        MoveKind::TakesOrPasses
    } else {
        MoveKind::Takes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pile;

    #[test]
    fn reads_each_way_of_writing_a_move() {
        let kayles = Rules::parse("octal:0.77").unwrap();
        let cases: &[(&str, Request)] = &[
            ("2 3", Request::Take { index: 1, count: 3 }),
            ("1 pass", Request::Pass { index: 0 }),
            (
                "2 -> 5",
                Request::Become {
                    index: 1,
                    after: Heaps::One(Pile::plain(5)),
                },
            ),
            (
                "2->4 + 3",
                Request::Become {
                    index: 1,
                    after: Heaps::Two(Pile::plain(3), Pile::plain(4)),
                },
            ),
            (
                "1 -> 7+5+6+4",
                Request::Become {
                    index: 0,
                    after: Heaps::Many([4, 5, 6, 7].map(Pile::plain).into()),
                },
            ),
        ];
        for (line, want) in cases {
            assert_eq!(read(line, &kayles, 2).unwrap().unwrap(), *want, "{line}");
        }
    }

    #[test]
    fn what_is_not_a_move_says_so_or_is_left_to_the_commands() {
        let nim = Rules::Nim;
        // Not starting with a pile number: left for the command parser's error.
        assert!(read("hint me", &nim, 2).is_none());
        assert!(read("x -> 3", &nim, 2).is_none());
        for (line, bad) in [
            ("0 -> 3", "`0`"),
            ("1 ->", "`->`"),
            ("1 -> 1+2+x+4", "`x`"),
            ("1 2 3", "`1 2 3`"),
            ("1 x", "`x`"),
        ] {
            let err = read(line, &nim, 2).unwrap().unwrap_err().to_string();
            assert!(err.contains(bad), "{line}: {err}");
        }
    }
}
