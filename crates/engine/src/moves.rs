//! Moves a player asks for — `take K from I`, `pass I`, `I -> S` — checked against the rules,
//! and applied.
//!
//! The check names the first rule a move breaks, so a learner is told why it is illegal.

use std::fmt;

use super::{Heaps, Move, Pass, Pile, Rules};

/// How many of a pile's options an illegal move lists before `…`.
pub const OPTIONS_LISTED: usize = 8;

/// A move as a player states it; `index` is 0-based (people number piles from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Take `count` tokens from pile `index`.
    Take { index: usize, count: u64 },
    /// Spend pile `index`'s pass (zero-move only).
    Pass { index: usize },
    /// Pile `index` becomes `after`: one state, or two heaps where the rules split one.
    Become { index: usize, after: Heaps },
}

/// Why a requested move is not legal. Pile numbers here are 0-based; `Display` shows them from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// There is no such pile.
    NoSuchPile { index: usize, piles: usize },
    /// The pile has no tokens to take and no pass to spend.
    EmptyPile { index: usize },
    /// Taking nothing is not a move.
    TakeNothing { index: usize, has_pass: bool },
    /// More tokens than the pile holds.
    TooMany { index: usize, count: u64, size: u64 },
    /// The subtraction set does not allow this amount.
    NotInSet {
        count: u64,
        rules: Rules,
        allowed: Vec<u64>,
    },
    /// The ruleset has no passes.
    NoPasses { rules: Rules },
    /// The pile's pass has been spent already.
    PassSpent { index: usize, pile: Pile },
    /// The piles are states, not numbers of tokens (a graph's positions, a game's tuples).
    NotTokens { rules: Rules },
    /// In a game of counters (Northcott's), a move of the opponent's counter: `white` says
    /// whether the player to move has White's (the row's first part).
    NotYourCounter {
        index: usize,
        from: Pile,
        after: Box<Heaps>,
        rules: Rules,
        white: bool,
    },
    /// No move of the rules turns the pile into `after`; `options` are its first options (at
    /// most [`OPTIONS_LISTED`]) and `more` says whether it has others.
    NotAnOption {
        index: usize,
        from: Pile,
        after: Box<Heaps>,
        rules: Rules,
        options: Vec<Heaps>,
        more: bool,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoSuchPile { index, piles } => write!(
                f,
                "there is no pile {}: the piles are numbered 1 to {piles}",
                index + 1
            ),
            Self::EmptyPile { index } => {
                write!(
                    f,
                    "pile {} is empty: there is nothing to move there",
                    index + 1
                )
            }
            Self::TakeNothing { index, has_pass } => {
                write!(f, "take at least 1 token")?;
                if *has_pass {
                    write!(
                        f,
                        " (to spend pile {}'s pass, write `pass {}`)",
                        index + 1,
                        index + 1
                    )?;
                }
                Ok(())
            }
            Self::TooMany { index, count, size } => write!(
                f,
                "pile {} holds only {size}: you cannot take {count}",
                index + 1
            ),
            Self::NotInSet {
                count,
                rules,
                allowed,
            } => {
                let allowed: Vec<String> = allowed.iter().map(u64::to_string).collect();
                write!(
                    f,
                    "{rules} allows taking {} only, not {count}",
                    or_list(&allowed)
                )
            }
            Self::NoPasses { rules } => write!(
                f,
                "{rules} has no passes: only zero-move piles offer one (use `take K from I`)"
            ),
            Self::PassSpent { index, pile } => write!(
                f,
                "pile {}'s pass is already spent ({pile}): take tokens instead",
                index + 1
            ),
            Self::NotYourCounter {
                index,
                from,
                after,
                rules,
                white,
            } => {
                let (own, other) = if *white {
                    ("White", "Black")
                } else {
                    ("Black", "White")
                };
                write!(
                    f,
                    "pile {}: {} → {} moves {other}'s counter; you play {own} and move your own counter (the {} number of the row)",
                    index + 1,
                    rules.name_of(*from),
                    rules.name_of_heaps(after),
                    if *white { "first" } else { "second" }
                )
            }
            Self::NotTokens { rules } => write!(
                f,
                "{rules} moves from state to state, it takes no tokens: write `I -> S`, \
                 pile I becomes state S"
            ),
            Self::NotAnOption {
                index,
                from,
                after,
                rules,
                options,
                more,
            } => {
                let (i, from) = (index + 1, rules.name_of(*from));
                if options.is_empty() {
                    return write!(f, "pile {i} is {from}: it has no move left in {rules}");
                }
                let mut names: Vec<String> =
                    options.iter().map(|h| rules.name_of_heaps(h)).collect();
                if *more {
                    names.push("…".into());
                }
                write!(
                    f,
                    "pile {i} is {from}: it cannot become {} in {rules}; it can become {}",
                    rules.name_of_heaps(after),
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// `1, 3 or 4`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Checks `request` on `piles` and returns the move it makes, or the first rule it breaks.
pub fn check(rules: &Rules, piles: &[Pile], request: Request) -> Result<Move, IllegalMove> {
    let index = match request {
        Request::Take { index, .. } | Request::Pass { index } | Request::Become { index, .. } => {
            index
        }
    };
    let from = *piles.get(index).ok_or(IllegalMove::NoSuchPile {
        index,
        piles: piles.len(),
    })?;
    let to = match request {
        Request::Become { after, .. } => return turn_into(rules, index, from, after),
        Request::Pass { .. } => {
            if !rules.has_pass() {
                return Err(IllegalMove::NoPasses {
                    rules: rules.clone(),
                });
            }
            match from.pass {
                None => return Err(IllegalMove::EmptyPile { index }),
                Some(Pass::Spent) => return Err(IllegalMove::PassSpent { index, pile: from }),
                Some(Pass::Unused) => Pile::zero_move(from.size, Pass::Spent),
            }
        }
        Request::Take { count, .. } => {
            if !rules.counts_tokens() {
                return Err(IllegalMove::NotTokens {
                    rules: rules.clone(),
                });
            }
            if from.size == 0 {
                return Err(IllegalMove::EmptyPile { index });
            }
            if count == 0 {
                return Err(IllegalMove::TakeNothing {
                    index,
                    has_pass: from.pass == Some(Pass::Unused),
                });
            }
            if count > from.size {
                return Err(IllegalMove::TooMany {
                    index,
                    count,
                    size: from.size,
                });
            }
            if let Rules::Subtract(set) = rules
                && !set.values().contains(&count)
            {
                return Err(IllegalMove::NotInSet {
                    count,
                    rules: rules.clone(),
                    allowed: set.values().to_vec(),
                });
            }
            let size = from.size - count;
            match from.pass {
                Some(pass) => Pile::zero_move(size, pass),
                None => Pile::plain(size),
            }
        }
    };
    if !rules.is_option(from, to) {
        return Err(not_an_option(rules, index, from, Heaps::One(to)));
    }
    Ok(Move::new(index, from, to.into()))
}

/// `I -> S`: pile `index` becomes `after` if that is one of its options. A split may be written
/// in either order.
fn turn_into(rules: &Rules, index: usize, from: Pile, after: Heaps) -> Result<Move, IllegalMove> {
    // Smallest part first, as the rules list splits.
    let sorted = match after {
        Heaps::One(_) => after,
        split => Heaps::of(split.piles().collect()),
    };
    if rules.is_heap_option(from, &sorted) {
        Ok(Move::new(index, from, sorted))
    } else {
        Err(not_an_option(rules, index, from, sorted))
    }
}

/// The refusal of a move to `after`, listing the pile's first options.
fn not_an_option(rules: &Rules, index: usize, from: Pile, after: Heaps) -> IllegalMove {
    let mut options: Vec<Heaps> = rules.heap_options(from).take(OPTIONS_LISTED + 1).collect();
    let more = options.len() > OPTIONS_LISTED;
    options.truncate(OPTIONS_LISTED);
    IllegalMove::NotAnOption {
        index,
        from,
        after: Box::new(after),
        rules: rules.clone(),
        options,
        more,
    }
}

/// The position after `m`: a split's other piles go right after the first. The move must
/// come from [`check`] or the strategy on these piles.
pub fn apply(piles: &[Pile], m: &Move) -> Vec<Pile> {
    let mut after = piles.to_vec();
    after[m.index] = m.to;
    for (i, &q) in m.rest.iter().enumerate() {
        after.insert(m.index + 1 + i, q);
    }
    after
}

/// Whether no move is left: every pile is empty or (in a subtraction game) too small.
pub fn is_over(rules: &Rules, piles: &[Pile]) -> bool {
    piles
        .iter()
        .all(|&p| rules.heap_options(p).next().is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zm(text: &[&str]) -> Vec<Pile> {
        text.iter()
            .map(|t| Rules::ZeroMove.parse_pile(t).unwrap())
            .collect()
    }

    #[test]
    fn legal_moves_become_options() {
        let piles = zm(&["4T", "7F", "0"]);
        let m = check(
            &Rules::ZeroMove,
            &piles,
            Request::Take { index: 0, count: 4 },
        )
        .unwrap();
        assert_eq!(
            (m.from.to_string(), m.to.to_string()),
            ("4T".into(), "0".into())
        );
        let m = check(&Rules::ZeroMove, &piles, Request::Pass { index: 0 }).unwrap();
        assert_eq!(m.to.to_string(), "4F");
        let m = check(
            &Rules::ZeroMove,
            &piles,
            Request::Take { index: 1, count: 2 },
        )
        .unwrap();
        assert_eq!(m.to.to_string(), "5F");
        assert_eq!(apply(&piles, &m), zm(&["4T", "5F", "0"]));
    }

    #[test]
    fn illegal_moves_name_the_rule_they_break() {
        let zero = Rules::ZeroMove;
        let piles = zm(&["4T", "7F", "0"]);
        let cases: &[(Rules, Request, &str)] = &[
            (
                zero.clone(),
                Request::Take { index: 3, count: 1 },
                "no pile 4: the piles are numbered 1 to 3",
            ),
            (
                zero.clone(),
                Request::Take { index: 2, count: 1 },
                "pile 3 is empty",
            ),
            (zero.clone(), Request::Pass { index: 2 }, "pile 3 is empty"),
            (
                zero.clone(),
                Request::Pass { index: 1 },
                "pile 2's pass is already spent (7F)",
            ),
            (
                zero.clone(),
                Request::Take { index: 0, count: 5 },
                "pile 1 holds only 4: you cannot take 5",
            ),
            (
                zero.clone(),
                Request::Take { index: 0, count: 0 },
                "write `pass 1`",
            ),
            (Rules::Nim, Request::Pass { index: 0 }, "nim has no passes"),
            (
                Rules::parse("subtract:1,3,4").unwrap(),
                Request::Take { index: 1, count: 2 },
                "subtract:1,3,4 allows taking 1, 3 or 4 only, not 2",
            ),
        ];
        for (rules, request, expected) in cases {
            let piles: Vec<Pile> = if rules.has_pass() {
                piles.clone()
            } else {
                [4, 7, 0].map(Pile::plain).to_vec()
            };
            let err = check(rules, &piles, request.clone())
                .unwrap_err()
                .to_string();
            assert!(err.contains(expected), "{request:?}: {err}");
        }
    }

    /// Kayles (octal:0.77) by hand: a row of 5 loses one or two adjacent pins; 5 → 1+2 knocks
    /// down pins 2 and 3, 5 → 2+2 the middle pin; 5 → 1+1 is three pins, no move.
    #[test]
    fn a_pile_becomes_a_split_written_in_either_order() {
        let kayles = Rules::parse("octal:0.77").unwrap();
        let piles = [Pile::plain(5)];
        for (a, b) in [(1, 2), (2, 1), (2, 2)] {
            let after = Heaps::Two(Pile::plain(a), Pile::plain(b));
            let m = check(&kayles, &piles, Request::Become { index: 0, after }).unwrap();
            let mut parts = [m.to.size, m.rest[0].size];
            parts.sort_unstable();
            let mut want = [a, b];
            want.sort_unstable();
            assert_eq!(parts, want);
            assert!(m.to.size <= m.rest[0].size, "smaller part first");
        }
        let after = Heaps::Two(Pile::plain(1), Pile::plain(1));
        let err = check(&kayles, &piles, Request::Become { index: 0, after }).unwrap_err();
        // Every option of 5, each once: 4 and 3 from an end, 1+3 and 2+2 (one pin), 1+2 (two).
        let err = err.to_string();
        let (head, listed) = err.split_once("; it can become ").unwrap();
        assert_eq!(head, "pile 1 is 5: it cannot become 1+1 in octal:0.77");
        let mut listed: Vec<&str> = listed.split(", ").collect();
        listed.sort_unstable();
        assert_eq!(listed, ["1+2", "1+3", "2+2", "3", "4"]);
        // Taking from the end of a row is a take; taking 3 is no Kayles move.
        let m = check(&kayles, &piles, Request::Take { index: 0, count: 2 }).unwrap();
        assert_eq!(m.to, Pile::plain(3));
        let err = check(&kayles, &piles, Request::Take { index: 0, count: 3 }).unwrap_err();
        assert!(err.to_string().contains("cannot become 2"), "{err}");
    }

    #[test]
    fn over_when_no_pile_has_an_option() {
        let s = Rules::parse("subtract:3").unwrap();
        assert!(is_over(&s, &[Pile::plain(2), Pile::plain(1)]));
        assert!(!is_over(&s, &[Pile::plain(3)]));
        assert!(is_over(&Rules::ZeroMove, &zm(&["0", "0"])));
        assert!(!is_over(&Rules::ZeroMove, &zm(&["0", "1F"])));
    }
}
