//! The one notion of a game: what every ruleset answers about one component of a position —
//! its moves (every one, or a refusal), how a state is written and read, and what the game can
//! do. Each family implements it in its own file (`nim.rs`, `subtraction.rs`, `octal.rs`,
//! `graph.rs`, `defined.rs`); [`crate::Rules`] is the list of them, and asks the one it holds
//! through [`crate::Rules::game`], never by matching on which it is.

use crate::error::PileWanted;
use crate::limits::budget::Budget;
use crate::notation::pile::{SizeError, token_excerpt};
use crate::{EngineError, Heaps, Pile};

/// What a game can do, for the questions whose answer depends on it rather than on a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Can {
    /// A non-empty pile carries a pass (zero-move Nim): states `nT` and `nF`.
    pub pass: bool,
    /// Some move may leave more than one heap where one was.
    pub split: bool,
    /// Some move may leave three heaps where one was (a hexadecimal code's bit 8).
    pub split_in_three: bool,
    /// A pile's size is a number of tokens and a move takes some: not for a graph (a pile is
    /// a position's number), a game of tuples (a tuple's number) nor a coin-turning game (a
    /// heads coin's place).
    pub count_tokens: bool,
    /// A pile is a heads coin at a place of a row, and a move turns coins over: two equal
    /// piles cancel.
    pub turn_coins: bool,
    /// Pile 0 is a state like any other (a graph's first position, a tuple game's first tuple
    /// numbered), so empty piles are kept where a count would drop them.
    pub number_states: bool,
    /// A move may take any positive number from a pile (a table costs O(N) by incremental
    /// mex).
    pub take_any: bool,
    /// The last mover loses (misère Nim as a ruleset of its own).
    pub lose_by_last_move: bool,
    /// Play may never end (a graph with a cycle): valued by γ, with draws.
    pub loop_forever: bool,
}

impl Can {
    /// A game of plain piles, taken from, which none of the above describes further.
    pub const PLAIN: Self = Self {
        pass: false,
        split: false,
        split_in_three: false,
        count_tokens: true,
        turn_coins: false,
        number_states: false,
        take_any: false,
        lose_by_last_move: false,
        loop_forever: false,
    };
}

/// A ruleset, as one component of a position sees it. A new family of games implements this
/// in one file and is listed once, in [`crate::Rules`].
pub trait Game: Send + Sync {
    /// Every option of `pile`: what each move leaves of it — one heap, or several where a move
    /// splits — in the game's order (smaller piles first, then the pass; splits after the
    /// single heap of the same amount). Every option or a refusal, never fewer: work that
    /// `budget` cannot pay for is refused. The iterator is lazy: a take-any pile of size n has
    /// n options, so callers that may meet huge piles search it with a bound.
    fn options<'a>(
        &'a self,
        pile: Pile,
        budget: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError>;

    /// Whether `to` is one move away from `from` (splits included). By default, whether it is
    /// among [`Game::options`]; a game whose options are many answers it directly.
    fn is_option(&self, from: Pile, to: &Heaps, budget: &mut Budget) -> Result<bool, EngineError> {
        Ok(self.options(from, budget)?.any(|option| option == *to))
    }

    /// What the game can do.
    fn can(&self) -> Can {
        Can::PLAIN
    }

    /// The states of size `n` in table order.
    fn states(&self, n: u64) -> Vec<Pile> {
        vec![Pile::plain(n)]
    }

    /// At most how many options the states of size `n` have in all, counted without listing
    /// them (the work of a table's row): by default one for each smaller size, for each
    /// state of size `n`.
    fn options_of_size(&self, n: u64) -> u128 {
        u128::from(n).saturating_add(1) * self.states(n).len() as u128
    }

    /// A pile of the game as it starts, from its size.
    fn pile(&self, size: u64) -> Pile {
        Pile::plain(size)
    }

    /// How a state is written: the pile, a position's name, a tuple.
    fn write_state(&self, pile: Pile) -> String {
        pile.to_string()
    }

    /// Reads a state as the game writes it, from raw bytes (as streamed input arrives).
    fn read_state(&self, token: &[u8]) -> Result<Pile, EngineError> {
        Pile::parse(token, self.can().pass).map_err(|kind| size_error(self, token, kind))
    }

    /// What a state of the game is, for error messages.
    fn syntax(&self) -> PileWanted {
        PileWanted::Size {
            passes: self.can().pass,
            too_long: false,
        }
    }

    /// Refuses misère play where the game's definition decides normal play only.
    fn check_misere(&self) -> Result<(), EngineError> {
        Ok(())
    }

    /// In a game of counters (Northcott's), whether the move from `from` to `to` moves White's
    /// counter (`Some(true)`) or Black's (`Some(false)`); `None` in a game where either player
    /// may make any move.
    fn counter_moved(&self, _from: Pile, _to: &Heaps) -> Option<bool> {
        None
    }
}

/// The error for a size token [`Pile::parse`] refused, quoting at most the start of it.
pub(crate) fn size_error<G: Game + ?Sized>(game: &G, token: &[u8], kind: SizeError) -> EngineError {
    let token = token_excerpt(token);
    match kind {
        SizeError::TooLarge => EngineError::PileTooLarge { token },
        SizeError::NotANumber | SizeError::TooLong => EngineError::BadPile {
            token,
            expected: size_expected(game, kind),
        },
    }
}

/// What a pile token was expected to be, for an error of `kind`.
pub(crate) fn size_expected<G: Game + ?Sized>(game: &G, kind: SizeError) -> PileWanted {
    match kind {
        SizeError::NotANumber => game.syntax(),
        SizeError::TooLarge => PileWanted::SizeAtMost,
        SizeError::TooLong => PileWanted::Size {
            passes: game.can().pass,
            too_long: true,
        },
    }
}

/// The one-heap options among `options`, for callers that ask only those.
pub(crate) fn single(heaps: Heaps) -> Option<Pile> {
    match heaps {
        Heaps::One(pile) => Some(pile),
        Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..) => None,
    }
}
