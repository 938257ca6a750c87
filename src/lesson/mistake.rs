//! What the lesson can say about an answer beside "right" or "wrong": why a wrong answer is
//! wrong (the author's feedback, or the kind of mistake a set makes), and a solution shown with
//! how it came to be shown. Data only: `render` words them.

use std::collections::BTreeSet;

use super::JudgeError;
use crate::expr::{Int, Value};

/// Why an answer is wrong, as far as the lesson can tell without giving the answer away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The author's feedback for this mistake (`wrong_examples`), `{{ }}` and all.
    Said(String),
    /// A set with members missing, members it should not have, or both: found by comparing
    /// the two sets, and never naming a member.
    Set { missing: bool, extra: bool },
    /// Nothing to say but that it is wrong.
    Unsaid,
}

impl Why {
    /// Why `given` is not `expected`, when the author said nothing: the kind of mistake a set
    /// makes, if both are sets (a range counts as its members, up to [`LARGEST_RANGE`] of them).
    pub fn of(expected: &Value, given: &Value) -> Self {
        let (Some(expected), Value::Set(given)) = (members(expected), given) else {
            return Self::Unsaid;
        };
        let missing = !expected.is_subset(given);
        let extra = !given.is_subset(&expected);
        if missing || extra {
            Self::Set { missing, extra }
        } else {
            Self::Unsaid
        }
    }

    /// The author's words passed through `fill` (their `{{ }}` filled in); nimlab's own
    /// reasons as they are.
    #[must_use]
    pub fn map(self, fill: impl FnMut(String) -> String) -> Self {
        let mut fill = fill;
        match self {
            Self::Said(text) => Self::Said(fill(text)),
            other => other,
        }
    }
}

/// A range answer is compared member by member when its ends are less than this apart (as
/// `answer::same_value` compares one).
pub const LARGEST_RANGE: u128 = 100_000;

/// A set answer's members; `None` for any other value, or a range too long to list.
fn members(value: &Value) -> Option<BTreeSet<Int>> {
    match value {
        Value::Set(set) => Some(set.clone()),
        Value::Range(a, b) if b < a => Some(BTreeSet::new()),
        Value::Range(a, b) if b.abs_diff(*a) < LARGEST_RANGE => Some((*a..=*b).collect()),
        _ => None,
    }
}

/// A question's solution as shown: on `skip` (the id of the step skipped, which `goto` comes
/// back to) or on `reveal` (`skipped` is `None`); or why the answer has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub solution: Result<String, JudgeError>,
    pub skipped: Option<String>,
}

impl Shown {
    /// The solution's words passed through `fill` (their `{{ }}` filled in).
    #[must_use]
    pub fn map(self, fill: impl FnMut(String) -> String) -> Self {
        Self {
            solution: self.solution.map(fill),
            skipped: self.skipped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[Int]) -> Value {
        Value::Set(items.iter().copied().collect())
    }

    /// The kinds of mistake, by hand: {0, 3, 6} lacks 9 of {0, 3, 6, 9}; {0, 3, 6, 9, 12} has
    /// 12 too many; {0, 3, 9, 12} lacks 6 and has 12.
    #[test]
    fn a_wrong_set_is_told_what_kind_of_mistake_it_makes() {
        let answer = set(&[0, 3, 6, 9]);
        let kind = |given: &[Int]| Why::of(&answer, &set(given));
        assert_eq!(
            kind(&[0, 3, 6]),
            Why::Set {
                missing: true,
                extra: false
            }
        );
        assert_eq!(
            kind(&[0, 3, 6, 9, 12]),
            Why::Set {
                missing: false,
                extra: true
            }
        );
        assert_eq!(
            kind(&[0, 3, 9, 12]),
            Why::Set {
                missing: true,
                extra: true
            }
        );
        // A range answer is its members: 0..3 is {0, 1, 2, 3}.
        assert_eq!(
            Why::of(&Value::Range(0, 3), &set(&[0, 1, 2])),
            Why::Set {
                missing: true,
                extra: false
            }
        );
        // Not two sets: nothing to count.
        assert_eq!(Why::of(&Value::Int(3), &Value::Int(4)), Why::Unsaid);
        assert_eq!(Why::of(&answer, &Value::Int(4)), Why::Unsaid);
    }

    #[test]
    fn only_the_authors_words_are_filled_in() {
        let upper = |s: String| s.to_uppercase();
        assert_eq!(
            Why::Said("g is 2".into()).map(upper),
            Why::Said("G IS 2".into())
        );
        assert_eq!(Why::Unsaid.map(upper), Why::Unsaid);
        let shown = Shown {
            solution: Ok("{{ 1 }}".into()),
            skipped: Some("q".into()),
        };
        assert_eq!(
            shown.map(|s| s.replace("{{ 1 }}", "1")),
            Shown {
                solution: Ok("1".into()),
                skipped: Some("q".into())
            }
        );
    }
}
