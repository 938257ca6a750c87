//! The form a question's answer takes (a number, a set, yes/no, a player, a pile state), and
//! what a learner's input means once that form is known: a bare `2` where a set is wanted is
//! `{2}`, `0 1 2 3` is a set as `mex` reads one, and `P`/`N` answer a question about who wins.
//! Input read in another form is not marked wrong: the learner is told the form wanted.

use std::collections::BTreeSet;

use super::answer::read_answer;
use crate::engine::Player;
use crate::expr::{Int, Value};

/// The kinds of answer a question may want.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Number,
    Set,
    YesNo,
    Player,
    State,
    /// γ of a loopy graph: a number or ∞{K}.
    Gamma,
}

impl Form {
    /// The form of an answer's value.
    pub fn of(value: &Value) -> Self {
        match value {
            Value::Int(_) => Self::Number,
            Value::Set(_) | Value::Range(..) => Self::Set,
            Value::Bool(_) => Self::YesNo,
            Value::Player(_) => Self::Player,
            Value::State { .. } => Self::State,
            Value::Infinite(_) => Self::Gamma,
        }
    }
}

/// Whether an answer expression asks who wins in P/N terms: a `lost(…)` question (P: lost for
/// the player to move, yes) or a `winner(…)` question (P: the second player wins).
fn is_lost_question(answer: &str) -> bool {
    answer.trim_start().starts_with("lost(")
}

/// What `input` means at a question whose answer is `expected` (from expression `answer`):
/// `None` when it is no value at all.
pub fn read_for(input: &str, expected: &Value, answer: &str) -> Option<Value> {
    let text = input.trim().trim_end_matches(['.', '!']).trim();
    let pn = match text {
        "P" | "p" => Some(true),
        "N" | "n" => Some(false),
        _ => None,
    };
    match (Form::of(expected), pn) {
        // A P-position is lost for the player to move: the second player wins.
        (Form::Player, Some(p)) => {
            return Some(Value::Player(if p {
                Player::Second
            } else {
                Player::First
            }));
        }
        (Form::YesNo, Some(p)) if is_lost_question(answer) => return Some(Value::Bool(p)),
        (Form::YesNo, None) if is_lost_question(answer) => {
            if let Some(lost) = lost_in_words(text) {
                return Some(Value::Bool(lost));
            }
        }
        _ => {}
    }
    let read = read_answer(input);
    if Form::of(expected) == Form::Set {
        match read {
            // A bare number for a one-element set.
            Some(Value::Int(n)) => return Some(Value::Set(BTreeSet::from([n]))),
            Some(v) => return Some(v),
            // Numbers without braces, as `mex 0 1 3` reads them.
            None => return bare_set(text),
        }
    }
    read
}

/// "Is it lost?" answered in the question's own words: `lost`, `losing`, `a loss`, `second`
/// (the second player wins) for yes; `not lost` for no. Words for "won" are not read: a
/// position of a loopy game that is not lost may be a draw, so "won" is no plain "no".
fn lost_in_words(text: &str) -> Option<bool> {
    let text = text.to_ascii_lowercase();
    let text = text.strip_prefix("it is ").unwrap_or(&text);
    match text {
        "lost" | "lose" | "loses" | "losing" | "a loss" | "loss" | "p-position" => Some(true),
        "not lost" => Some(false),
        _ => (read_answer(text) == Some(Value::Player(Player::Second))).then_some(true),
    }
}

/// `0 1 2 3` or `0, 1, 3`: numbers separated by spaces or commas, without braces.
fn bare_set(text: &str) -> Option<Value> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() < 2 {
        return None;
    }
    let mut set = BTreeSet::new();
    for w in words {
        match read_answer(w)? {
            Value::Int(n) => {
                set.insert(n);
            }
            _ => return None,
        }
    }
    Some(Value::Set(set))
}

/// `P`/`N` read at a question that is not about who wins: said so, rather than "wrong".
pub fn is_pn(input: &str) -> bool {
    matches!(
        input.trim().trim_end_matches(['.', '!']).trim(),
        "P" | "p" | "N"
    )
}

/// A state's size, for "a state typed where a value is asked" (`7T` for g(7T)).
pub fn state_size(value: &Value) -> Option<Int> {
    match value {
        Value::State { size, .. } => Some(*size),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[Int]) -> Value {
        Value::Set(items.iter().copied().collect())
    }

    #[test]
    fn reads_an_answer_in_the_form_wanted() {
        let want_set = set(&[2]);
        assert_eq!(read_for("2", &want_set, "x"), Some(set(&[2])));
        assert_eq!(
            read_for("0 1 2 3", &want_set, "x"),
            Some(set(&[0, 1, 2, 3]))
        );
        assert_eq!(read_for("0, 3", &want_set, "x"), Some(set(&[0, 3])));
        assert_eq!(read_for("{4}", &want_set, "x"), Some(set(&[4])));
        assert_eq!(read_for("0 x", &want_set, "x"), None);
        // P/N: at a `winner` question P is the second player; at a `lost` question P is yes.
        let player = Value::Player(Player::First);
        assert_eq!(
            read_for("P", &player, "winner(nim, 1, 2)"),
            Some(Value::Player(Player::Second))
        );
        assert_eq!(
            read_for("n", &player, "winner(nim, 1, 2)"),
            Some(Value::Player(Player::First))
        );
        let yes = Value::Bool(true);
        assert_eq!(
            read_for("P", &yes, "lost(nim, 1, 1)"),
            Some(Value::Bool(true))
        );
        assert_eq!(
            read_for("N", &yes, "lost(nim, 1, 1)"),
            Some(Value::Bool(false))
        );
        // "Is it lost?" in its own words: yes, and only where the answer is `lost(…)`.
        for word in [
            "lost",
            "Lost.",
            "lose",
            "losing",
            "a loss",
            "it is lost",
            "second",
        ] {
            assert_eq!(
                read_for(word, &yes, "lost((13, 21))"),
                Some(Value::Bool(true)),
                "{word:?}"
            );
        }
        assert_eq!(
            read_for("The second player wins", &yes, "lost(nim, 1, 1)"),
            Some(Value::Bool(true))
        );
        assert_eq!(
            read_for("not lost", &yes, "lost((13, 21))"),
            Some(Value::Bool(false))
        );
        // Words that could mean the opposite, or no such question: not read as yes or no.
        let yes_or_no =
            |input, answer| matches!(read_for(input, &yes, answer), Some(Value::Bool(_)));
        for other in ["won", "winning", "first", "draw"] {
            assert!(!yes_or_no(other, "lost((13, 21))"), "{other:?}");
        }
        assert!(!yes_or_no("lost", "not lost((1, 2))"));
        assert!(!yes_or_no("lost", "1 = 1"));
        // Elsewhere `p` is no answer, and a number is read as itself.
        assert_eq!(read_for("p", &yes, "1 = 1"), None);
        assert_eq!(read_for("2", &Value::Int(2), "g(2)"), Some(Value::Int(2)));
        assert!(is_pn("P") && is_pn("p.") && !is_pn("n") && !is_pn("2"));
    }
}
