//! The rulesets: which components a position has, their options, and how play ends. A
//! ruleset's name — how it is read (`Rules::parse`) and written (its `Display`) — is
//! [`crate::families::ruleset_name`]'s, which stands on this module, never the reverse.

use std::sync::Arc;

use crate::error::PileWanted;
use crate::families::defined::DefinedGame;
use crate::families::graph::GameGraph;
use crate::families::octal::OctalCode;
use crate::families::subtraction::SubtractionSet;
use crate::limits::budget::Budget;
use crate::notation::pile::token_excerpt;
use crate::{EngineError, Heaps, Pass, Pile};

pub use crate::notation::pile::{SizeError, parse_size};

/// A ruleset. New rulesets (game graphs, octal games) slot in as further variants: each answers
/// the same few questions — its states of a size, their options, normal or misère play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rules {
    /// Take any positive number from one pile; last mover wins.
    Nim,
    /// Nim where each non-empty pile also offers one pass (nT → nF) that either player may spend.
    ZeroMove,
    /// Nim where the last mover loses.
    Misere,
    /// Take s from a pile for some s in the set; last mover wins.
    Subtract(SubtractionSet),
    /// A take-and-break game by its octal code; a move may split a heap in two.
    Octal(OctalCode),
    /// A game given as a graph of named positions (loaded outside the engine); a pile is a
    /// node, `Pile::plain(index)`.
    Graph(Arc<GameGraph>),
    /// A game given by a rule for each state's options (written in the expression language,
    /// outside the engine); a pile is a state, `Pile::plain(n)`.
    Defined(Arc<DefinedGame>),
}

impl Rules {
    /// Whether this is a game graph with a cycle, valued by γ.
    pub fn is_loopy_graph(&self) -> bool {
        matches!(self, Self::Graph(graph) if graph.is_loopy())
    }

    /// Whether a move may leave three heaps where one was (a hexadecimal code's bit 8).
    pub fn splits_in_three(&self) -> bool {
        matches!(self, Self::Octal(code) if code.splits_in_three())
    }

    /// Whether a move may split a heap in two (or three; see [`Rules::heap_options`]).
    pub fn splits(&self) -> bool {
        match self {
            Self::Octal(code) => code.splits(),
            Self::Defined(game) => game.splits(),
            _ => false,
        }
    }

    /// How a state of this ruleset is written: a node's name for a graph, else the pile.
    pub fn name_of(&self, pile: Pile) -> String {
        match self {
            Self::Graph(graph) => graph.name(pile.size).to_string(),
            Self::Defined(game) => game.state_name(pile.size),
            _ => pile.to_string(),
        }
    }

    /// [`Rules::name_of`] for what a move leaves.
    pub fn name_of_heaps(&self, heaps: &Heaps) -> String {
        match heaps {
            Heaps::One(p) => self.name_of(*p),
            Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..) => heaps
                .piles()
                .map(|p| self.name_of(p))
                .collect::<Vec<_>>()
                .join("+"),
        }
    }

    /// Whether a pile's `size` is a number of tokens, so a move takes some: not for a graph
    /// (a pile is a position's number), a game of tuples (a pile is a tuple's number) nor a
    /// coin-turning game (a pile is a heads coin's place).
    pub fn counts_tokens(&self) -> bool {
        match self {
            Self::Graph(_) => false,
            Self::Defined(game) => !game.has_tuples() && !game.turns_coins(),
            _ => true,
        }
    }

    /// Whether a pile is a heads coin at a place of a row and a move turns coins over.
    pub fn turns_coins(&self) -> bool {
        matches!(self, Self::Defined(game) if game.turns_coins())
    }

    /// A position of this ruleset as one position of its game, the form every search and
    /// picture keys it by: its piles sorted; empty piles dropped where a pile is a count (a
    /// graph's pile 0 is its first position and a tuple game's the first tuple numbered, so
    /// those stay); and for a coin-turning game the row of coins, a set of heads: a coin
    /// turned heads where it already was is tails again, so two equal piles cancel.
    pub(crate) fn canonical(&self, mut piles: Vec<Pile>) -> Vec<Pile> {
        let numbered = match self {
            Self::Graph(_) => true,
            Self::Defined(game) => game.has_tuples(),
            _ => false,
        };
        if !numbered {
            piles.retain(|p| p.size > 0);
        }
        piles.sort_unstable();
        if self.turns_coins() {
            let mut row: Vec<Pile> = Vec::with_capacity(piles.len());
            for pile in piles {
                if row.last() == Some(&pile) {
                    row.pop();
                } else {
                    row.push(pile);
                }
            }
            return row;
        }
        piles
    }

    /// Refuses misère play of a game whose definition decides normal play only (Northcott's,
    /// whose retreats make misère play loopy and partizan): it is never answered as another
    /// game.
    pub fn check_misere(&self) -> Result<(), EngineError> {
        match self {
            Self::Defined(game) if game.has_retreats() => Err(EngineError::MisereLoopy {
                game: game.name().to_string(),
            }),
            _ => Ok(()),
        }
    }

    /// In a game of counters (Northcott's: a row `(w,b)` holds White's counter and Black's),
    /// whether the move from `from` to `to` moves White's counter (`Some(true)`) or Black's
    /// (`Some(false)`); `None` in any other game, where either player may make any move.
    pub fn counter_moved(&self, from: Pile, to: &Heaps) -> Option<bool> {
        let Self::Defined(game) = self else {
            return None;
        };
        let (Heaps::One(to), true) = (to, game.has_retreats()) else {
            return None;
        };
        let (from, to) = (game.tuple(from.size)?, game.tuple(to.size)?);
        Some(from.first() != to.first())
    }

    /// Whether piles of this ruleset carry a pass (zero-move Nim).
    pub fn has_pass(&self) -> bool {
        matches!(self, Self::ZeroMove)
    }

    /// Whether the last mover loses.
    pub fn is_misere(&self) -> bool {
        matches!(self, Self::Misere)
    }

    /// Whether a move may take any positive number of tokens (so a table costs O(N) by
    /// incremental mex).
    pub fn is_take_any(&self) -> bool {
        matches!(self, Self::Nim | Self::ZeroMove | Self::Misere)
    }

    /// A pile of this ruleset as it starts: zero-move piles start with their pass unused.
    pub fn pile(&self, size: u64) -> Pile {
        if self.has_pass() {
            Pile::zero_move(size, Pass::Unused)
        } else {
            Pile::plain(size)
        }
    }

    /// The states of size `n` in table order: `nF` before `nT` for zero-move, else just `n`.
    pub fn states(&self, n: u64) -> Vec<Pile> {
        if self.has_pass() && n > 0 {
            vec![
                Pile::zero_move(n, Pass::Spent),
                Pile::zero_move(n, Pass::Unused),
            ]
        } else {
            vec![Pile::plain(n)]
        }
    }

    /// Parses a pile as this ruleset writes it: `7`, and for zero-move also `7T` and `7F`
    /// (see [`Pile::parse`]); a graph's piles are its position names.
    pub fn parse_pile(&self, token: &str) -> Result<Pile, EngineError> {
        self.parse_pile_bytes(token.as_bytes())
    }

    /// [`Rules::parse_pile`] on raw bytes, as streamed input arrives: a graph's position name,
    /// else the one pile grammar, [`Pile::parse`].
    pub fn parse_pile_bytes(&self, token: &[u8]) -> Result<Pile, EngineError> {
        if let Self::Graph(graph) = self {
            return std::str::from_utf8(token)
                .ok()
                .and_then(|name| graph.node(name))
                .map(Pile::plain)
                .ok_or_else(|| EngineError::BadPile {
                    token: token_excerpt(token),
                    expected: graph.pile_syntax(),
                });
        }
        if let Self::Defined(game) = self
            && game.has_tuples()
        {
            let bad = || EngineError::BadPile {
                token: token_excerpt(token),
                expected: game.state_wanted(),
            };
            let text = std::str::from_utf8(token).map_err(|_| bad())?;
            let inner = text
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .ok_or_else(bad)?;
            let mut tuple = Vec::new();
            for part in inner.split(',') {
                let part = part.trim();
                tuple.push(parse_size(part).map_err(|kind| match kind {
                    SizeError::TooLarge => EngineError::PileTooLarge {
                        token: part.to_string(),
                    },
                    _ => bad(),
                })?);
            }
            if tuple.len() > crate::families::defined::MAX_LENGTH {
                return Err(bad());
            }
            if !game.takes_length(tuple.len()) {
                return Err(bad());
            }
            // A row of counters holds one of each player's, on different squares.
            if !game.is_row(&tuple) {
                return Err(EngineError::BadPile {
                    token: token_excerpt(token),
                    expected: PileWanted::Row {
                        game: game.name().to_string(),
                    },
                });
            }
            return game.intern(&tuple).map(Pile::plain);
        }
        Pile::parse(token, self.has_pass()).map_err(|kind| self.pile_error(token, kind))
    }

    /// The error for a token [`Pile::parse`] refused, quoting at most the start of it.
    pub(crate) fn pile_error(&self, token: &[u8], kind: SizeError) -> EngineError {
        let token = token_excerpt(token);
        match kind {
            SizeError::TooLarge => EngineError::PileTooLarge { token },
            SizeError::NotANumber | SizeError::TooLong => EngineError::BadPile {
                token,
                expected: self.pile_expected(kind),
            },
        }
    }

    /// What a pile token was expected to be, for an error of `kind`.
    pub fn pile_expected(&self, kind: SizeError) -> PileWanted {
        match kind {
            SizeError::NotANumber => self.pile_syntax(),
            SizeError::TooLarge => PileWanted::SizeAtMost,
            SizeError::TooLong => PileWanted::Size {
                passes: self.has_pass(),
                too_long: true,
            },
        }
    }

    /// What a pile of this ruleset is, for error messages.
    pub fn pile_syntax(&self) -> PileWanted {
        match self {
            Self::Defined(game) if game.has_tuples() => PileWanted::AnyTuple,
            Self::Graph(graph) => graph.pile_syntax(),
            _ => PileWanted::Size {
                passes: self.has_pass(),
                too_long: false,
            },
        }
    }

    /// The options of one component that leave one component, in order: smaller piles first,
    /// then the pass. For a splitting ruleset these are its moves that leave one heap, not all
    /// its moves: those are [`Rules::heap_options`].
    ///
    /// Every option or a refusal, never fewer: a defined game's options are listed whole
    /// within `budget` or refused. The iterator is lazy otherwise: a take-any pile of size n
    /// has n options, so callers that may meet huge piles search it with a bound and refuse
    /// past it.
    pub(crate) fn options(
        &self,
        pile: Pile,
        budget: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Pile> + '_>, EngineError> {
        let n = pile.size;
        Ok(match self {
            Self::Nim | Self::Misere => Box::new((0..n).map(Pile::plain)),
            Self::ZeroMove => match pile.pass {
                None => Box::new(std::iter::empty()),
                Some(Pass::Spent) => Box::new((0..n).map(|k| Pile::zero_move(k, Pass::Spent))),
                Some(Pass::Unused) => Box::new(
                    (0..n)
                        .map(|k| Pile::zero_move(k, Pass::Unused))
                        .chain(std::iter::once(Pile::zero_move(n, Pass::Spent))),
                ),
            },
            Self::Subtract(set) => Box::new(
                set.values()
                    .iter()
                    .rev()
                    .filter(move |&&s| s <= n)
                    .map(move |&s| Pile::plain(n - s)),
            ),
            Self::Octal(code) => Box::new(code.moves(n).filter_map(|h| match h {
                Heaps::One(p) => Some(p),
                Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..) => None,
            })),
            Self::Graph(graph) => Box::new(graph.moves(n).map(Pile::plain)),
            Self::Defined(game) => {
                let options = game.options_within(n, budget)?;
                Box::new((0..options.len()).filter_map(move |i| match options[i] {
                    Heaps::One(p) => Some(p),
                    Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..) => None,
                }))
            }
        })
    }

    /// Every option of one component: what each move leaves of it, one heap or (splitting
    /// games) several, in the order of [`Rules::options`] with splits after the single heap
    /// of the same amount. Every option or a refusal, as [`Rules::options`].
    pub fn heap_options(
        &self,
        pile: Pile,
        budget: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + '_>, EngineError> {
        Ok(match self {
            Self::Octal(code) => Box::new(code.moves(pile.size)),
            Self::Defined(game) => {
                let options = game.options_within(pile.size, budget)?;
                Box::new((0..options.len()).map(move |i| options[i].clone()))
            }
            _ => Box::new(self.options(pile, budget)?.map(Heaps::One)),
        })
    }

    /// Whether `to` is one move away from `from` (splits included); a defined game's moves are
    /// listed within `budget`, or the question refused.
    pub(crate) fn is_heap_option(
        &self,
        from: Pile,
        to: &Heaps,
        budget: &mut Budget,
    ) -> Result<bool, EngineError> {
        Ok(match (self, to) {
            (Self::Octal(code), _) => code.allows(from.size, to),
            (Self::Defined(game), _) => game.options_within(from.size, budget)?.contains(to),
            (_, Heaps::One(p)) => self.is_option(from, *p, budget)?,
            (_, Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..)) => false,
        })
    }

    /// Whether `to` is one move away from `from`; as [`Rules::is_heap_option`].
    pub(crate) fn is_option(
        &self,
        from: Pile,
        to: Pile,
        budget: &mut Budget,
    ) -> Result<bool, EngineError> {
        Ok(match self {
            Self::Nim | Self::Misere => to.size < from.size,
            Self::ZeroMove => match (from.pass, to.pass) {
                (Some(Pass::Spent), Some(Pass::Spent)) => to.size < from.size,
                (Some(Pass::Spent), None) => true,
                (Some(Pass::Unused), Some(Pass::Unused)) => to.size < from.size,
                (Some(Pass::Unused), None) => true,
                (Some(Pass::Unused), Some(Pass::Spent)) => to.size == from.size,
                _ => false,
            },
            Self::Subtract(set) => {
                to.size < from.size && set.values().contains(&(from.size - to.size))
            }
            Self::Octal(code) => code.allows(from.size, &Heaps::One(to)),
            Self::Graph(graph) => graph.moves(from.size).any(|n| n == to.size),
            Self::Defined(game) => game
                .options_within(from.size, budget)?
                .contains(&Heaps::One(to)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_ruleset_and_round_trips_its_name() {
        for name in [
            "nim",
            "zero-move",
            "misere",
            "subtract:1,3,4",
            "octal:0.77",
            "octal:4.07",
        ] {
            assert_eq!(Rules::parse(name).unwrap().to_string(), name);
        }
        assert_eq!(
            Rules::parse("subtract:4,1,3,3").unwrap().to_string(),
            "subtract:1,3,4"
        );
    }

    #[test]
    fn refuses_unknown_rules_naming_the_token() {
        let err = Rules::parse("nosuch").unwrap_err();
        assert_eq!(
            err,
            EngineError::UnknownRules {
                token: "nosuch".into()
            }
        );
        for bad in [
            "subtract:",
            "subtract:0",
            "subtract:1,0",
            "subtract:a",
            "subtract:1,,2",
            "octal:0.8",
            "octal:77",
            "octal:",
        ] {
            assert!(Rules::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_piles_per_ruleset() {
        let zm = Rules::ZeroMove;
        assert_eq!(
            zm.parse_pile("7").unwrap(),
            Pile::zero_move(7, Pass::Unused)
        );
        assert_eq!(
            zm.parse_pile("7F").unwrap(),
            Pile::zero_move(7, Pass::Spent)
        );
        assert_eq!(zm.parse_pile("0F").unwrap(), Pile::plain(0));
        assert_eq!(
            zm.parse_pile("18446744073709551615T").unwrap().size,
            u64::MAX
        );
        assert!(matches!(
            zm.parse_pile("18446744073709551616"),
            Err(EngineError::PileTooLarge { .. })
        ));
        assert!(Rules::Nim.parse_pile("7T").is_err());
        for bad in ["", "-3", "abc", "3.5", "T", "+3", "0x10"] {
            assert!(zm.parse_pile(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn zero_move_options_follow_the_spec() {
        let opts: Vec<String> = Rules::ZeroMove
            .options(Pile::zero_move(3, Pass::Unused), &mut Budget::new(10))
            .unwrap()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(opts, ["0", "1T", "2T", "3F"]);
        let opts: Vec<String> = Rules::ZeroMove
            .options(Pile::zero_move(2, Pass::Spent), &mut Budget::new(10))
            .unwrap()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(opts, ["0", "1F"]);
    }

    #[test]
    fn is_option_agrees_with_options() {
        let rules = [
            Rules::Nim,
            Rules::ZeroMove,
            Rules::parse("subtract:1,3,4").unwrap(),
            Rules::parse("octal:0.77").unwrap(),
            Rules::parse("octal:0.137").unwrap(),
        ];
        for r in &rules {
            let states: Vec<Pile> = (0..8).flat_map(|n| r.states(n)).collect();
            for &from in &states {
                let opts: Vec<Pile> = r.options(from, &mut Budget::new(100)).unwrap().collect();
                for &to in &states {
                    assert_eq!(
                        r.is_option(from, to, &mut Budget::new(100)).unwrap(),
                        opts.contains(&to),
                        "{r} {from}->{to}"
                    );
                }
            }
        }
    }
}
