//! Reading sets in the notation nimlab prints them in: `{0..4, 6}` — braces optional, items
//! separated by commas or spaces, each a value `N` or a run `A..B` (both ends included). What
//! the renderer writes (`render::format_set`) reads back as the same set. The numbers' own
//! grammar belongs to the caller (a mex takes whole numbers, a lesson answer also `0b1101`).

use std::collections::BTreeSet;

/// The most elements a written set may expand to (runs make a short text a large set).
pub const MAX_ELEMENTS: u128 = 1_000_000;

/// Why a set's text was refused: the offending token and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetError {
    pub token: String,
    pub expected: SetWanted,
}

/// What a set's text should have held where it was refused: data, worded in
/// `render/expected.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetWanted {
    /// A value or a run, in place of a token that is neither.
    Element { numbers: Numbers },
    /// A run whose ends are both numbers.
    RunEnds { numbers: Numbers },
    /// A run `A..B` with A ≤ B.
    RunOrder,
    /// No more than `max` elements in all.
    AtMost { max: u128 },
    /// One pair of braces around the values, or none.
    Braces,
}

/// Which numbers a set is read with, to name them when it is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbers {
    /// Whole numbers, 0 and up (a mex's set).
    Whole,
    /// Integers of any sign (a lesson answer's).
    Integers,
}

/// Numbers a set may hold: whole numbers a run can count through.
pub trait Element: Copy + Ord {
    /// The next number, if there is one.
    fn succ(self) -> Option<Self>;
    /// How many numbers `a..b` holds (0 when b < a).
    fn run_len(a: Self, b: Self) -> u128;
}

impl Element for u128 {
    fn succ(self) -> Option<Self> {
        self.checked_add(1)
    }
    fn run_len(a: Self, b: Self) -> u128 {
        if b < a { 0 } else { (b - a).saturating_add(1) }
    }
}

impl Element for i128 {
    fn succ(self) -> Option<Self> {
        self.checked_add(1)
    }
    fn run_len(a: Self, b: Self) -> u128 {
        if b < a {
            0
        } else {
            b.abs_diff(a).saturating_add(1)
        }
    }
}

/// Reads `text` as a set, each number read by `number`; `numbers` says which numbers it reads,
/// for the errors.
pub fn read_set<T: Element>(
    text: &str,
    number: impl Fn(&str) -> Option<T>,
    numbers: Numbers,
) -> Result<BTreeSet<T>, SetError> {
    let inner = unbrace(text)?;
    let mut set = BTreeSet::new();
    let mut count: u128 = 0;
    for token in inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        let bad = |expected: SetWanted| SetError {
            token: token.to_string(),
            expected,
        };
        let Some((a, b)) = token.split_once("..") else {
            let value = number(token).ok_or_else(|| bad(SetWanted::Element { numbers }))?;
            set.insert(value);
            count += 1;
            continue;
        };
        let (Some(a), Some(b)) = (number(a), number(b)) else {
            return Err(bad(SetWanted::RunEnds { numbers }));
        };
        if b < a {
            return Err(bad(SetWanted::RunOrder));
        }
        count = count.saturating_add(T::run_len(a, b));
        if count > MAX_ELEMENTS {
            return Err(bad(SetWanted::AtMost { max: MAX_ELEMENTS }));
        }
        let mut x = a;
        loop {
            set.insert(x);
            match x.succ() {
                Some(next) if x < b => x = next,
                _ => break,
            }
        }
    }
    if count > MAX_ELEMENTS {
        return Err(SetError {
            token: text.trim().to_string(),
            expected: SetWanted::AtMost { max: MAX_ELEMENTS },
        });
    }
    Ok(set)
}

/// The text inside the braces, which must be both there or both absent.
fn unbrace(text: &str) -> Result<&str, SetError> {
    let text = text.trim();
    let inner = text.strip_prefix('{').unwrap_or(text);
    let inner = inner.strip_suffix('}').unwrap_or(inner);
    let braced = text.starts_with('{') && text.ends_with('}') && text.len() >= 2;
    if (inner.len() != text.len() && !braced) || inner.contains(['{', '}']) {
        return Err(SetError {
            token: text.to_string(),
            expected: SetWanted::Braces,
        });
    }
    Ok(inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::format_set;

    fn whole(t: &str) -> Option<u128> {
        t.parse().ok()
    }

    fn read(text: &str) -> Result<Vec<u128>, SetError> {
        read_set(text, whole, Numbers::Whole).map(|s| s.into_iter().collect())
    }

    #[test]
    fn reads_values_and_runs() {
        let cases: &[(&str, &[u128])] = &[
            ("{}", &[]),
            ("", &[]),
            ("{0..4, 6}", &[0, 1, 2, 3, 4, 6]),
            ("0..4 6", &[0, 1, 2, 3, 4, 6]),
            ("{3, 1, 3}", &[1, 3]),
            ("{5..5}", &[5]),
            ("{0,1 ,2}", &[0, 1, 2]),
        ];
        for (text, expected) in cases {
            assert_eq!(read(text).as_deref(), Ok(*expected), "{text}");
        }
    }

    #[test]
    fn refuses_with_the_bad_token_and_what_was_wanted() {
        let whole = Numbers::Whole;
        let many = SetWanted::AtMost { max: MAX_ELEMENTS };
        let cases = [
            ("{0..4, x}", "x", SetWanted::Element { numbers: whole }),
            ("{4..1}", "4..1", SetWanted::RunOrder),
            ("{0..}", "0..", SetWanted::RunEnds { numbers: whole }),
            ("{0, 1", "{0, 1", SetWanted::Braces),
            ("{{0}}", "{{0}}", SetWanted::Braces),
            ("0..2000000", "0..2000000", many),
            (
                "0..999999 1000001 1000002",
                "0..999999 1000001 1000002",
                many,
            ),
        ];
        for (text, token, expected) in cases {
            assert_eq!(
                read(text),
                Err(SetError {
                    token: token.to_string(),
                    expected
                }),
                "{text}"
            );
        }
    }

    #[test]
    fn runs_end_at_the_largest_number() {
        let top = u128::MAX;
        let text = format!("{}..{top}", top - 2);
        assert_eq!(read(&text), Ok(vec![top - 2, top - 1, top]));
    }

    /// What the renderer prints reads back as the same set.
    #[test]
    fn printed_sets_read_back() {
        let sets: &[&[u128]] = &[
            &[],
            &[0, 2, 3],
            &[0, 1, 2, 3],
            &[0, 1, 2, 3, 4, 6, 8, 9],
            &[5, 6, 7, 8, 9, 10, 20],
        ];
        for set in sets {
            let printed = format_set(set);
            assert_eq!(read(&printed).as_deref(), Ok(*set), "{printed}");
        }
    }
}
