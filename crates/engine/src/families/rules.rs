//! The rulesets: which components a position has, their options, and how play ends. A
//! ruleset's name — how it is read (`Rules::parse`) and written (its `Display`) — is
//! [`crate::families::ruleset_name`]'s, which stands on this module, never the reverse.

use std::sync::Arc;

use crate::error::PileWanted;
use crate::families::defined::DefinedGame;
use crate::families::game::{Can, Game, single, size_expected};
use crate::families::graph::GameGraph;
use crate::families::nim::{Nim, ZeroMove};
use crate::families::octal::OctalCode;
use crate::families::subtraction::SubtractionSet;
use crate::limits::budget::Budget;
use crate::{EngineError, Heaps, Pile};

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
    /// The game this ruleset is, asked the questions every game answers: the one place that
    /// looks at which ruleset it holds.
    pub fn game(&self) -> &dyn Game {
        match self {
            Self::Nim => &Nim { misere: false },
            Self::ZeroMove => &ZeroMove,
            Self::Misere => &Nim { misere: true },
            Self::Subtract(set) => set,
            Self::Octal(code) => code,
            Self::Graph(graph) => graph.as_ref(),
            Self::Defined(game) => game.as_ref(),
        }
    }

    /// What the game can do.
    pub fn can(&self) -> Can {
        self.game().can()
    }

    /// Whether this is a game graph with a cycle, valued by γ.
    pub fn is_loopy_graph(&self) -> bool {
        self.can().loop_forever
    }

    /// Whether a move may leave three heaps where one was (a hexadecimal code's bit 8).
    pub fn splits_in_three(&self) -> bool {
        self.can().split_in_three
    }

    /// Whether a move may split a heap in two (or three; see [`Rules::heap_options`]).
    pub fn splits(&self) -> bool {
        self.can().split
    }

    /// How a state of this ruleset is written: a node's name for a graph, a tuple for a game
    /// of tuples, else the pile.
    pub fn name_of(&self, pile: Pile) -> String {
        self.game().write_state(pile)
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

    /// Whether a pile's `size` is a number of tokens, so a move takes some (see
    /// [`Can::count_tokens`]).
    pub fn counts_tokens(&self) -> bool {
        self.can().count_tokens
    }

    /// Whether a pile is a heads coin at a place of a row and a move turns coins over.
    pub fn turns_coins(&self) -> bool {
        self.can().turn_coins
    }

    /// A position of this ruleset as one position of its game, the form every search and
    /// picture keys it by: its piles sorted; empty piles dropped where a pile is a count (a
    /// graph's pile 0 is its first position and a tuple game's the first tuple numbered, so
    /// those stay); and for a coin-turning game the row of coins, a set of heads: a coin
    /// turned heads where it already was is tails again, so two equal piles cancel.
    pub(crate) fn canonical(&self, mut piles: Vec<Pile>) -> Vec<Pile> {
        let can = self.can();
        if !can.number_states {
            piles.retain(|p| p.size > 0);
        }
        piles.sort_unstable();
        if can.turn_coins {
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
        self.game().check_misere()
    }

    /// In a game of counters (Northcott's: a row `(w,b)` holds White's counter and Black's),
    /// whether the move from `from` to `to` moves White's counter (`Some(true)`) or Black's
    /// (`Some(false)`); `None` in any other game, where either player may make any move.
    pub fn counter_moved(&self, from: Pile, to: &Heaps) -> Option<bool> {
        self.game().counter_moved(from, to)
    }

    /// Whether piles of this ruleset carry a pass (zero-move Nim).
    pub fn has_pass(&self) -> bool {
        self.can().pass
    }

    /// Whether the last mover loses.
    pub fn is_misere(&self) -> bool {
        self.can().lose_by_last_move
    }

    /// Whether a move may take any positive number of tokens (so a table costs O(N) by
    /// incremental mex).
    pub fn is_take_any(&self) -> bool {
        self.can().take_any
    }

    /// A pile of this ruleset as it starts: zero-move piles start with their pass unused.
    pub fn pile(&self, size: u64) -> Pile {
        self.game().pile(size)
    }

    /// The states of size `n` in table order: `nF` before `nT` for zero-move, else just `n`.
    pub fn states(&self, n: u64) -> Vec<Pile> {
        self.game().states(n)
    }

    /// Parses a pile as this ruleset writes it: `7`, and for zero-move also `7T` and `7F`
    /// (see [`Pile::parse`]); a graph's piles are its position names, a game of tuples' its
    /// tuples.
    pub fn parse_pile(&self, token: &str) -> Result<Pile, EngineError> {
        self.parse_pile_bytes(token.as_bytes())
    }

    /// [`Rules::parse_pile`] on raw bytes, as streamed input arrives.
    pub fn parse_pile_bytes(&self, token: &[u8]) -> Result<Pile, EngineError> {
        self.game().read_state(token)
    }

    /// What a pile token was expected to be, for an error of `kind`.
    pub fn pile_expected(&self, kind: SizeError) -> PileWanted {
        size_expected(self.game(), kind)
    }

    /// What a pile of this ruleset is, for error messages.
    pub fn pile_syntax(&self) -> PileWanted {
        self.game().syntax()
    }

    /// The options of one component that leave one component, in order: smaller piles first,
    /// then the pass. For a splitting ruleset these are its moves that leave one heap, not all
    /// its moves: those are [`Rules::heap_options`]. Every option or a refusal, lazily, as
    /// [`Game::options`].
    pub(crate) fn options(
        &self,
        pile: Pile,
        budget: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Pile> + '_>, EngineError> {
        Ok(Box::new(
            self.game().options(pile, budget)?.filter_map(single),
        ))
    }

    /// Every option of one component: what each move leaves of it, one heap or (splitting
    /// games) several, in the order of [`Rules::options`] with splits after the single heap
    /// of the same amount. Every option or a refusal, as [`Game::options`].
    pub fn heap_options(
        &self,
        pile: Pile,
        budget: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + '_>, EngineError> {
        self.game().options(pile, budget)
    }

    /// Whether `to` is one move away from `from` (splits included); a defined game's moves are
    /// listed within `budget`, or the question refused.
    pub(crate) fn is_heap_option(
        &self,
        from: Pile,
        to: &Heaps,
        budget: &mut Budget,
    ) -> Result<bool, EngineError> {
        self.game().is_option(from, to, budget)
    }

    /// Whether `to` is one move away from `from`; as [`Rules::is_heap_option`].
    pub(crate) fn is_option(
        &self,
        from: Pile,
        to: Pile,
        budget: &mut Budget,
    ) -> Result<bool, EngineError> {
        self.game().is_option(from, &Heaps::One(to), budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pass;

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

    /// The count without listing is never below the options listed, state by state, and for
    /// an octal code it is exact.
    #[test]
    fn options_of_size_bounds_the_options_listed() {
        let rules = [
            Rules::Nim,
            Rules::ZeroMove,
            Rules::Misere,
            Rules::parse("subtract:1,3,4").unwrap(),
            Rules::parse("octal:0.77").unwrap(),
            Rules::parse("octal:4.07").unwrap(),
            Rules::parse("hex:0.8").unwrap(),
        ];
        for r in &rules {
            for n in 0..30 {
                let listed: usize = r
                    .states(n)
                    .into_iter()
                    .map(|p| r.heap_options(p, &mut Budget::new(10_000)).unwrap().count())
                    .sum();
                let counted = r.game().options_of_size(n);
                assert!(
                    counted >= listed as u128,
                    "{r} at {n}: {counted} < {listed}"
                );
                if let Rules::Octal(_) = r {
                    assert_eq!(counted, listed as u128, "{r} at {n}");
                }
            }
        }
    }
}
