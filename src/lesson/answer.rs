//! What a learner types at a question, read as a value and compared with the answer's value:
//! forgiving in form (`13`, `0b1101`, `first`, `Player 1`, `{0, 2}`, `yes`), never in value.

use std::collections::BTreeSet;

use crate::engine::{Pass, Player};
use crate::expr::{Int, Value};
use crate::set_notation::Numbers;

/// The value a learner's answer denotes, or `None` if it is not a value nimlab can read.
pub fn read_answer(input: &str) -> Option<Value> {
    let text = input
        .trim()
        .trim_end_matches(['.', '!'])
        .trim()
        .to_ascii_lowercase();
    let text = text.strip_prefix("the ").unwrap_or(&text);
    let text = text
        .strip_suffix(" wins")
        .or_else(|| text.strip_suffix(" win"))
        .unwrap_or(text)
        .trim();
    if let Some(p) = player(text) {
        return Some(Value::Player(p));
    }
    match text {
        "true" | "yes" | "y" => return Some(Value::Bool(true)),
        "false" | "no" | "n" => return Some(Value::Bool(false)),
        _ => {}
    }
    // γ of a loopy graph: `∞{0, 2}`, `inf {0, 2}`, `∞` alone for ∞{}.
    if let Some(rest) = text.strip_prefix('∞').or_else(|| text.strip_prefix("inf")) {
        let rest = rest.trim();
        if rest.is_empty() {
            return Some(Value::Infinite(BTreeSet::new()));
        }
        return crate::set_notation::read_set(rest, integer, Numbers::Integers)
            .ok()
            .map(Value::Infinite);
    }
    if text.starts_with('{') {
        // Sets as nimlab prints them: `{0..4, 6}`.
        return crate::set_notation::read_set(text, integer, Numbers::Integers)
            .ok()
            .map(Value::Set);
    }
    if let Some(n) = integer(text) {
        return Some(Value::Int(n));
    }
    let (digits, pass) = match text.as_bytes().last()? {
        b't' => (&text[..text.len() - 1], Pass::Unused),
        b'f' => (&text[..text.len() - 1], Pass::Spent),
        _ => return None,
    };
    let size = integer(digits).filter(|&n| n >= 0)?;
    Some(Value::State {
        size,
        pass: Some(pass),
    })
}

fn player(text: &str) -> Option<Player> {
    let first = [
        "first",
        "first player",
        "player 1",
        "player one",
        "p1",
        "1st",
        "1st player",
    ];
    let second = [
        "second",
        "second player",
        "player 2",
        "player two",
        "p2",
        "2nd",
        "2nd player",
    ];
    if first.contains(&text) {
        Some(Player::First)
    } else if second.contains(&text) {
        Some(Player::Second)
    } else {
        None
    }
}

/// An integer in decimal, `0b`, `0o` or `0x`, with an optional sign and `_` separators.
fn integer(text: &str) -> Option<Int> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let body: String = body.chars().filter(|&c| c != '_').collect();
    let (radix, digits) = match body.get(..2) {
        Some("0b") => (2, &body[2..]),
        Some("0o") => (8, &body[2..]),
        Some("0x") => (16, &body[2..]),
        _ => (10, body.as_str()),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let value = Int::from_str_radix(digits, radix).ok()?;
    Some(if negative { -value } else { value })
}

/// Whether a given value is the expected one. A pile state written without `T`/`F` matches
/// the same size with either; otherwise values must be equal.
pub fn same_value(expected: &Value, given: &Value) -> bool {
    match (expected, given) {
        (Value::State { size: a, pass: pa }, Value::State { size: b, pass: pb }) => {
            a == b && (pa.is_none() || pb.is_none() || pa == pb)
        }
        (Value::Range(a, b), Value::Set(s)) | (Value::Set(s), Value::Range(a, b)) => {
            let range: BTreeSet<Int> = if b < a {
                BTreeSet::new()
            } else {
                (*a..=*b).collect()
            };
            b.abs_diff(*a) < 100_000 && &range == s
        }
        _ => expected == given,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_answers_forgivingly() {
        let cases: &[(&str, Value)] = &[
            ("13", Value::Int(13)),
            (" 13. ", Value::Int(13)),
            ("0b1101", Value::Int(13)),
            ("0xD", Value::Int(13)),
            ("1_000", Value::Int(1000)),
            ("-1", Value::Int(-1)),
            ("first", Value::Player(Player::First)),
            ("Player 1", Value::Player(Player::First)),
            ("The second player wins.", Value::Player(Player::Second)),
            ("P2", Value::Player(Player::Second)),
            ("yes", Value::Bool(true)),
            ("{2, 0,1}", Value::Set([0, 1, 2].into())),
            ("{}", Value::Set(BTreeSet::new())),
            // As nimlab prints sets.
            ("{0..4, 6}", Value::Set([0, 1, 2, 3, 4, 6].into())),
            (
                "7T",
                Value::State {
                    size: 7,
                    pass: Some(Pass::Unused),
                },
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(read_answer(input).as_ref(), Some(expected), "{input:?}");
        }
        for bad in ["", "thirteen", "1 3", "{1, x}", "0b102", "player 3"] {
            assert_eq!(read_answer(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn compares_by_value_never_wrongly() {
        let thirteen = Value::Int(13);
        assert!(same_value(&thirteen, &read_answer("0b1101").unwrap()));
        assert!(!same_value(&thirteen, &read_answer("12").unwrap()));
        assert!(!same_value(&Value::Bool(true), &Value::Int(1)));
        assert!(same_value(
            &Value::Range(0, 3),
            &read_answer("{0,1,2,3}").unwrap()
        ));
        assert!(!same_value(
            &Value::Range(0, 3),
            &read_answer("{0,1,3}").unwrap()
        ));
        let seven_t = Value::State {
            size: 7,
            pass: Some(Pass::Unused),
        };
        assert!(!same_value(&seven_t, &read_answer("7F").unwrap()));
    }
}
