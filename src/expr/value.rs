//! Values an expression produces: exact integers, truth values, finite sets, ranges, pile
//! states and players.

use std::collections::BTreeSet;
use std::fmt;

use crate::engine::{Pass, Player};

/// An integer of the language: wide enough for every Grundy value (up to 2^64) and their sums;
/// arithmetic on it is checked, never wrapped.
pub type Int = i128;

/// The result of evaluating an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(Int),
    Bool(bool),
    Set(BTreeSet<Int>),
    /// `a..b`, both ends included (empty when b < a).
    Range(Int, Int),
    /// A pile state such as `7T`; `pass` is `None` for a plain `7` written with `T`/`F` absent.
    State {
        size: Int,
        pass: Option<Pass>,
    },
    Player(Player),
    /// The generalised Sprague–Grundy value ∞(K) of a position of a loopy graph: K the finite
    /// values of its options.
    Infinite(BTreeSet<Int>),
}

/// The kind of a [`Value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    Number,
    Truth,
    Set,
    Range,
    State,
    Player,
    Infinite,
}

impl Value {
    /// The kind of value, for type errors.
    pub fn kind(&self) -> ValueKind {
        match self {
            Self::Int(_) => ValueKind::Number,
            Self::Bool(_) => ValueKind::Truth,
            Self::Set(_) => ValueKind::Set,
            Self::Range(..) => ValueKind::Range,
            Self::State { .. } => ValueKind::State,
            Self::Player(_) => ValueKind::Player,
            Self::Infinite(_) => ValueKind::Infinite,
        }
    }

    /// The number of elements of a set or range; `None` for other values, and for the one range
    /// too large to count in a `u128`, all 2^128 integers.
    pub fn element_count(&self) -> Option<u128> {
        match self {
            Self::Set(s) => u128::try_from(s.len()).ok(),
            Self::Range(a, b) if b < a => Some(0),
            Self::Range(a, b) => b.abs_diff(*a).checked_add(1),
            _ => None,
        }
    }
}

/// Sets up to this size are written in full; larger ones shorten runs to `a..b`.
const FULL_SET: usize = 24;

/// A large set with runs of consecutive values written `a..b`: `{0..999998, 1000000}`.
fn runs(set: &BTreeSet<Int>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut iter = set.iter().copied().peekable();
    while let Some(start) = iter.next() {
        let mut end = start;
        while iter
            .peek()
            .is_some_and(|&next| Some(next) == end.checked_add(1))
        {
            end = iter.next().unwrap_or(end);
        }
        parts.push(match end - start {
            0 => start.to_string(),
            1 => format!("{start}, {end}"),
            _ => format!("{start}..{end}"),
        });
    }
    format!("{{{}}}", parts.join(", "))
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(v) => write!(f, "{v}"),
            Self::Bool(b) => write!(f, "{b}"),
            Self::Set(s) if s.len() <= FULL_SET => {
                let items: Vec<String> = s.iter().map(Int::to_string).collect();
                write!(f, "{{{}}}", items.join(", "))
            }
            Self::Set(s) => f.write_str(&runs(s)),
            Self::Range(a, b) => write!(f, "{a}..{b}"),
            Self::State { size, pass } => match pass {
                None => write!(f, "{size}"),
                Some(Pass::Unused) => write!(f, "{size}T"),
                Some(Pass::Spent) => write!(f, "{size}F"),
            },
            Self::Player(p) => f.write_str(p.name()),
            Self::Infinite(k) => {
                let items: Vec<String> = k.iter().map(Int::to_string).collect();
                write!(f, "∞{{{}}}", items.join(", "))
            }
        }
    }
}
