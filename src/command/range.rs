//! What `grundy` is asked for: a range of sizes, or the states of one size.

use crate::engine::TABLE_MAX_SIZE;
use crate::engine::{Pile, Rules};
use crate::engine::{SizeError, parse_size};
use crate::error::{Error, RangeWhy};

/// The most states a table shows, and the most options its rows list in total.
pub(super) const MAX_ROWS: u64 = 10_000;
pub(super) const MAX_OPTIONS: u64 = 20_000_000;
/// Single sizes up to this are shown by mex with their options; larger ones by the solver (a
/// closed form, values by mex, or a proven period).
pub(super) const MEX_LOOKUP_MAX: u64 = 100_000;

/// The rows a `grundy` command asks for.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Target {
    Range { from: u64, to: u64 },
    States(Vec<Pile>),
}

impl Target {
    pub(super) fn parse(token: Option<&str>, rules: &Rules) -> Result<Self, Error> {
        let Some(token) = token else {
            return Ok(Self::Range { from: 0, to: 15 });
        };
        if let Some((a, b)) = token.split_once("..") {
            let b = b.strip_prefix('=').unwrap_or(b);
            let from = bound(a, token)?;
            let to = bound(b, token)?;
            if from > to {
                return Err(Error::BadRange {
                    token: token.into(),
                    why: RangeWhy::Backwards { from, to },
                });
            }
            return Ok(Self::Range { from, to });
        }
        let pile = rules.parse_pile(token)?;
        let explicit_state = token.ends_with(['T', 't', 'F', 'f']);
        Ok(Self::States(if explicit_state {
            vec![pile]
        } else {
            rules.states(pile.size)
        }))
    }
}

fn bound(text: &str, token: &str) -> Result<u64, Error> {
    let end = text.to_string();
    parse_size(text).map_err(|e| Error::BadRange {
        token: token.into(),
        why: match e {
            SizeError::NotANumber => RangeWhy::NotASize {
                end,
                example: "0..15",
            },
            SizeError::TooLarge => RangeWhy::AboveMax { end },
            SizeError::TooLong => RangeWhy::TooManyDigits { end },
        },
    })
}

/// Refuses a table too large to print, with the limit and what to do instead.
pub(super) fn check_printable(rules: &Rules, from: u64, to: u64, token: &str) -> Result<(), Error> {
    let refuse = |why: RangeWhy| {
        Err(Error::BadRange {
            token: token.into(),
            why,
        })
    };
    if to > TABLE_MAX_SIZE {
        return refuse(RangeWhy::TableBeyond {
            max: TABLE_MAX_SIZE,
        });
    }
    let states_per_size = if rules.has_pass() { 2 } else { 1 };
    let rows = (to - from + 1) * states_per_size;
    if rows > MAX_ROWS {
        return refuse(RangeWhy::TooManyRows {
            rows,
            max: MAX_ROWS,
            values_max: TABLE_MAX_SIZE,
        });
    }
    // Options listed: about n per state for take-any rulesets, |S| for subtraction games.
    let options: u128 = (from..=to).map(|n| rules.game().options_of_size(n)).sum();
    if options > u128::from(MAX_OPTIONS) {
        return refuse(RangeWhy::TooManyOptions {
            options,
            max: MAX_OPTIONS,
        });
    }
    Ok(())
}

/// Refuses a values-only range beyond what is computed by mex.
pub(super) fn check_values(to: u64, token: &str) -> Result<(), Error> {
    if to > TABLE_MAX_SIZE {
        return Err(Error::BadRange {
            token: token.into(),
            why: RangeWhy::ValuesBeyond {
                max: TABLE_MAX_SIZE,
            },
        });
    }
    Ok(())
}

/// Refuses a values-only range read off a period that holds more sizes than the largest table.
pub(super) fn check_values_length(from: u64, to: u64, token: &str) -> Result<(), Error> {
    let sizes = u128::from(to - from) + 1;
    if sizes > u128::from(TABLE_MAX_SIZE) + 1 {
        return Err(Error::BadRange {
            token: token.into(),
            why: RangeWhy::TooManySizes {
                sizes,
                max: TABLE_MAX_SIZE + 1,
            },
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_targets() {
        let zm = Rules::ZeroMove;
        assert_eq!(
            Target::parse(None, &zm).unwrap(),
            Target::Range { from: 0, to: 15 }
        );
        assert_eq!(
            Target::parse(Some("3..=5"), &zm).unwrap(),
            Target::Range { from: 3, to: 5 }
        );
        assert_eq!(
            Target::parse(Some("7"), &zm).unwrap(),
            Target::States(zm.states(7))
        );
        assert_eq!(
            Target::parse(Some("7T"), &zm).unwrap(),
            Target::States(vec![zm.pile(7)])
        );
        for bad in ["9..2", "a..3", "1..", "..4", "-1..3"] {
            assert!(Target::parse(Some(bad), &zm).is_err(), "{bad}");
        }
    }
}
