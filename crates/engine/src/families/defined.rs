//! A game given by a rule: for each state, the list of its options. The rule comes from outside
//! the engine (the expression language writes it; the engine only asks it for one state's
//! options at a time). A state is a whole number, or a tuple of them (Wythoff's `(a, b)`).
//!
//! A game whose state is a number is valued in increasing order of state by mex, each state's
//! options checked when first asked for: an option leaves one heap or several (a sum: Ruler's
//! move leaves a run of heaps), each a smaller state, so play ends (a definition that moves from 5 to 5 or to 7 is refused at that
//! state, naming the option). A pile is the state itself, `Pile::plain(n)`.
//!
//! A game whose state is a tuple is valued from the states asked for by an iterative
//! depth-first search (no recursion: a long game cannot overflow the stack), each tuple
//! numbered as it is first met (a pile is that number, as a graph's pile is its node); an
//! option is one tuple of the same length, and a cycle is refused, naming the states on it.
//!
//! Options and values, once computed, are kept: rows, moves and searches read them without
//! evaluating anything, so they cannot fail. A state not valued yet has no value here, and the
//! solver refuses it rather than guess.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::{Arc, PoisonError, RwLock};

use crate::error::{DefinitionRefusal, PileWanted};
use crate::families::game::{Can, Game, size_error};
use crate::limits::budget::Budget;
use crate::limits::cancel::POLL_EVERY;
use crate::limits::too_much_work::TupleLimit;
use crate::notation::pile::{SizeError, parse_size, token_excerpt};
use crate::values::mex::mex;
use crate::{EngineError, Grundy, Heaps, Pile};

/// The largest state a defined game is valued up to.
pub(crate) const MAX_STATE: u64 = 10_000_000;

/// The most options (summed over the states valued) a defined game keeps: at about 40 bytes
/// each, some 160 MB. An option of more than three heaps counts once more for each two heaps
/// past the first three (a heap held is 16 bytes).
pub(crate) const MAX_KEPT_OPTIONS: u64 = 4_000_000;

/// The most tuple states a defined game numbers.
pub(crate) const MAX_TUPLES: usize = 1_000_000;

/// The longest tuple a game of tuples of any length takes.
pub const MAX_LENGTH: usize = 64;

/// What a move leaves, as a rule writes it: for a game of numbers the heaps, each a state (a
/// split leaves several, none leaves nothing); for a game of tuples, the tuple.
pub type Leaves = Vec<u64>;

/// The rule of a defined game: the options of one state. Implemented outside the engine.
pub trait OptionRule: Send + Sync {
    /// The options of `state` (one number, or a tuple's numbers), in the rule's order;
    /// `budget` is charged with the work of finding them.
    fn options(&self, state: &[u64], budget: &mut Budget) -> Result<Vec<Leaves>, EngineError>;

    /// Whether some option may leave more than one heap (a split), read from the rule itself.
    fn may_split(&self) -> bool {
        true
    }
}

/// A tuple state as a player writes it, `(3,1,4)`, for the refusals of rules written here.
pub(crate) fn written(state: &[u64]) -> String {
    let parts: Vec<String> = state.iter().map(u64::to_string).collect();
    format!("({})", parts.join(","))
}

/// A closed form proven for a defined game outside the engine (by the decider, when a
/// `conjecture` about the game is decided true): the value it gives a state.
pub trait ProvenForm: Send + Sync {
    /// g(n) by the formula, or `None` where it gives no natural number.
    fn value(&self, n: u64) -> Option<Grundy>;
}

/// A defined game and the states valued so far.
pub struct DefinedGame {
    name: String,
    /// The definition as written, so a learner can read the rule.
    text: String,
    /// 1 for a game of numbers, else the length of its tuples (with `any_length`, the length
    /// its first states are probed at).
    arity: usize,
    /// Whether a state may be a tuple of any length from 1 to [`MAX_LENGTH`] (staircase Nim of
    /// any number of steps); each option keeps its state's length.
    any_length: bool,
    /// Whether a state is a heads coin at a place of a row (Turning Turtles, Mock Turtles,
    /// Ruler): a move turns coins over and takes no tokens.
    coins: bool,
    /// Whether a state is a row of counters, one of each player's, that may retreat
    /// (Northcott's game): the definition is the game of advances, which decides normal play
    /// only (see [`DefinedGame::with_retreats`]).
    retreats: bool,
    /// Whether a state is a board of rows, each no longer than the row below it (Chomp): a
    /// tuple whose lengths grow is no state.
    board: bool,
    /// Whether a state is a set of different numbers in any order (Welter's coins, at most one
    /// a square): a tuple that repeats a number is no state.
    set: bool,
    rule: Box<dyn OptionRule>,
    known: RwLock<Known>,
    /// A closed form proven in this session, shared by every clone of the rules.
    proven: RwLock<Option<Arc<dyn ProvenForm>>>,
}

/// For a game of numbers, states 0..len with their options and values; for a game of tuples,
/// the tuples met, by number, with the options and values of those valued.
#[derive(Default)]
struct Known {
    options: Vec<Arc<[Heaps]>>,
    values: Vec<Grundy>,
    kept: u64,
    tuples: Tuples,
}

#[derive(Default)]
struct Tuples {
    states: Vec<Vec<u64>>,
    index: HashMap<Vec<u64>, u64>,
    options: Vec<Option<Arc<[Heaps]>>>,
    values: Vec<Option<Grundy>>,
}

impl DefinedGame {
    /// A game called `name`, written as `text`, whose options `rule` gives. Nothing is valued
    /// yet.
    #[cfg(test)]
    pub(crate) fn new(name: &str, text: &str, rule: Box<dyn OptionRule>) -> Self {
        Self::with_arity(name, text, 1, rule)
    }

    /// A game whose states are tuples of `arity` numbers (1: plain numbers).
    pub fn with_arity(name: &str, text: &str, arity: usize, rule: Box<dyn OptionRule>) -> Self {
        Self {
            name: name.to_string(),
            text: text.to_string(),
            arity: arity.max(1),
            any_length: false,
            coins: false,
            retreats: false,
            board: false,
            set: false,
            rule,
            known: RwLock::new(Known::default()),
            proven: RwLock::new(None),
        }
    }

    /// Records a closed form proven for this game (a game of numbers): lookups past the
    /// values by mex use it from now on.
    pub fn prove(&self, form: Arc<dyn ProvenForm>) {
        *self.proven.write().unwrap_or_else(PoisonError::into_inner) = Some(form);
    }

    /// The closed form proven in this session, if any.
    pub(crate) fn proven(&self) -> Option<Arc<dyn ProvenForm>> {
        self.proven
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The same game, its states heads coins at places of a row: a move turns coins over.
    pub fn turning_coins(mut self) -> Self {
        self.coins = true;
        self
    }

    /// The same game, its states rows of counters whose real moves include retreats, which the
    /// definition leaves out because they are reversible in normal play. Played misère the real
    /// game is loopy and partizan: the definition does not describe it, and misère play is
    /// refused.
    pub fn with_retreats(mut self) -> Self {
        self.retreats = true;
        self
    }

    /// The same game, its states boards whose rows, from the bottom, never grow (Chomp).
    pub fn as_board(mut self) -> Self {
        self.board = true;
        self
    }

    /// The same game, its states sets of different numbers written in any order (Welter's).
    pub fn as_set(mut self) -> Self {
        self.set = true;
        self
    }

    /// What a state is, where a tuple of the right length is none ([`DefinedGame::is_row`]
    /// refused it): a set of different numbers, or a row (of counters, or a board's rows).
    pub fn not_a_row(&self) -> PileWanted {
        let game = self.name.clone();
        if self.set {
            PileWanted::Set { game }
        } else {
            PileWanted::Row { game }
        }
    }

    /// Whether states are sets of different numbers (see [`DefinedGame::as_set`]).
    pub fn is_set(&self) -> bool {
        self.set
    }

    /// Whether `tuple` is a state of the game as a player may write it: a row of counters (a
    /// game with retreats) holds one of each player's, on different squares; a board's rows
    /// are each no longer than the row below; a set repeats no number.
    pub fn is_row(&self, tuple: &[u64]) -> bool {
        let shared = self.retreats && tuple.windows(2).any(|w| w[0] == w[1]);
        let grows = self.board && tuple.windows(2).any(|w| w[0] < w[1]);
        let repeats = self.set && {
            let mut sorted = tuple.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).any(|w| w[0] == w[1])
        };
        !(shared || grows || repeats)
    }

    /// A game whose states are tuples of any length from 1 to [`MAX_LENGTH`], each option of
    /// the same length as its state; its first states are probed at length `probe`.
    pub(crate) fn with_any_length(
        name: &str,
        text: &str,
        probe: usize,
        rule: Box<dyn OptionRule>,
    ) -> Self {
        Self {
            any_length: true,
            ..Self::with_arity(name, text, probe.max(2), rule)
        }
    }

    /// Whether a state may be a tuple of `len` numbers.
    pub fn takes_length(&self, len: usize) -> bool {
        if self.any_length {
            (1..=MAX_LENGTH).contains(&len)
        } else {
            len == self.arity
        }
    }

    /// Whether states are tuples of any length (see [`DefinedGame::with_any_length`]).
    pub fn any_length(&self) -> bool {
        self.any_length
    }

    /// 1 for a game of numbers, else the length of its tuples.
    pub fn arity(&self) -> usize {
        self.arity
    }

    /// Whether the states are tuples (a pile is then a tuple's number).
    pub fn has_tuples(&self) -> bool {
        self.arity > 1
    }

    /// What a state of the game is, where something else was written.
    pub(crate) fn state_wanted(&self) -> PileWanted {
        if self.any_length {
            PileWanted::TupleUpTo {
                game: self.name.clone(),
                max: MAX_LENGTH,
            }
        } else {
            PileWanted::Tuple {
                game: self.name.clone(),
                arity: self.arity,
            }
        }
    }

    /// The number of `tuple`, numbering it if it is new. Refuses a tuple of another length, or
    /// one that is no state ([`DefinedGame::is_row`]), and a tuple past [`MAX_TUPLES`].
    pub fn intern(&self, tuple: &[u64]) -> Result<u64, EngineError> {
        if !self.takes_length(tuple.len()) {
            return Err(EngineError::BadPile {
                token: write_tuple(tuple),
                expected: self.state_wanted(),
            });
        }
        if !self.is_row(tuple) {
            return Err(EngineError::BadPile {
                token: write_tuple(tuple),
                expected: self.not_a_row(),
            });
        }
        let mut known = self.known.write().unwrap_or_else(PoisonError::into_inner);
        self.number(&mut known.tuples, tuple, None)
    }

    /// The tuple a pile of a game of tuples numbers, if it has been numbered.
    pub(crate) fn tuple(&self, pile: u64) -> Option<Vec<u64>> {
        let known = self.read();
        usize::try_from(pile)
            .ok()
            .and_then(|i| known.tuples.states.get(i))
            .cloned()
    }

    /// How a pile of this game is written: the number, or the tuple it numbers.
    pub(crate) fn state_name(&self, pile: u64) -> String {
        if !self.has_tuples() {
            return pile.to_string();
        }
        let known = self.read();
        usize::try_from(pile)
            .ok()
            .and_then(|i| known.tuples.states.get(i))
            .map_or_else(|| "?".to_string(), |t| write_tuple(t))
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The definition as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The largest state valued, if any (for a game of tuples: the number of tuples met, less
    /// one).
    pub(crate) fn computed(&self) -> Option<u64> {
        let known = self.read();
        let len = if self.has_tuples() {
            known.tuples.states.len()
        } else {
            known.values.len()
        };
        (len as u64).checked_sub(1)
    }

    /// The value of state (or tuple number) `n`, if it has been computed.
    pub(crate) fn value(&self, n: u64) -> Option<Grundy> {
        let i = usize::try_from(n).ok()?;
        let known = self.read();
        if self.has_tuples() {
            known.tuples.values.get(i).copied().flatten()
        } else {
            known.values.get(i).copied()
        }
    }

    /// The values of states 0..=n, if computed that far.
    pub(crate) fn values_to(&self, n: u64) -> Option<Vec<Grundy>> {
        let end = usize::try_from(n).ok()?.checked_add(1)?;
        self.read().values.get(..end).map(<[Grundy]>::to_vec)
    }

    /// The options of state `n` as kept when it was valued; `None` for a state not valued
    /// (never an empty list in its place: see [`DefinedGame::options_within`]).
    pub(crate) fn kept_options(&self, n: u64) -> Option<Arc<[Heaps]>> {
        let known = self.read();
        let i = usize::try_from(n).ok()?;
        if self.has_tuples() {
            known.tuples.options.get(i).cloned().flatten()
        } else {
            known.options.get(i).cloned()
        }
    }

    /// Whether an option may split a heap in two, as the rule is written.
    pub(crate) fn splits(&self) -> bool {
        !self.has_tuples() && self.rule.may_split()
    }

    /// Values the first states within `budget`, so a definition that fails fails at once: the
    /// numbers 0..=20, or every tuple whose parts are at most 2.
    pub fn probe(&self, budget: &mut Budget) -> Result<(), EngineError> {
        if !self.has_tuples() {
            return self.extend(20, budget);
        }
        let mut tuples: Vec<Vec<u64>> = vec![Vec::new()];
        for _ in 0..self.arity {
            tuples = tuples
                .into_iter()
                .flat_map(|t| {
                    (0..=2).map(move |x| {
                        let mut t = t.clone();
                        t.push(x);
                        t
                    })
                })
                .take(1000)
                .collect();
        }
        for tuple in tuples.iter().filter(|t| self.is_row(t)) {
            let n = self.intern(tuple)?;
            self.extend(n, budget)?;
        }
        Ok(())
    }

    /// How many options `tuple` has, asked of the rule and not kept: for estimates of a
    /// search before it starts.
    pub(crate) fn count_options(
        &self,
        tuple: &[u64],
        budget: &mut Budget,
    ) -> Result<u64, EngineError> {
        let options = self.rule.options(tuple, budget)?;
        Ok(u64::try_from(options.len()).unwrap_or(u64::MAX))
    }

    /// Values every state up to `n` (nothing to do if they are), within `budget`. Refuses a
    /// state beyond [`MAX_STATE`], an option that is not smaller, the rule's own errors, and
    /// running out of budget or of room for options (what was valued before stays valued).
    pub fn extend(&self, n: u64, budget: &mut Budget) -> Result<(), EngineError> {
        if self.has_tuples() {
            return self.explore(n, budget);
        }
        if n > MAX_STATE {
            return Err(crate::TooMuchWork::DefinedState {
                game: self.name.clone(),
                state: n,
                max: MAX_STATE,
            }
            .into());
        }
        let mut known = self.known.write().unwrap_or_else(PoisonError::into_inner);
        budget.begin(n);
        while known.values.len() as u64 <= n {
            let state = known.values.len() as u64;
            if state.is_multiple_of(POLL_EVERY) {
                budget.reach(state)?;
            }
            if budget.is_spent() {
                return Err(crate::TooMuchWork::DefinedBudget {
                    game: self.name.clone(),
                    upto: n,
                    options: budget.limit(),
                    reached: state.checked_sub(1),
                }
                .into());
            }
            // The rule names the state it stopped at; the refusal names what was asked.
            let written = self.rule.options(&[state], budget).map_err(|e| match e {
                EngineError::TooMuchWork(work)
                    if matches!(*work, crate::TooMuchWork::DefinedBudget { .. }) =>
                {
                    crate::TooMuchWork::DefinedBudget {
                        game: self.name.clone(),
                        upto: n,
                        options: budget.limit(),
                        reached: state.checked_sub(1),
                    }
                    .into()
                }
                e => e,
            })?;
            let mut options = Vec::with_capacity(written.len());
            for heaps in written {
                options.push(self.heaps(state, heaps)?);
            }
            let held: u64 = options.iter().map(kept_weight).sum();
            known.kept = known.kept.saturating_add(held);
            if known.kept > MAX_KEPT_OPTIONS {
                return Err(crate::TooMuchWork::DefinedOptions {
                    game: self.name.clone(),
                    upto: n,
                    max: MAX_KEPT_OPTIONS,
                    reached: state.checked_sub(1),
                }
                .into());
            }
            budget.charge(options.len() as u64);
            let value = mex(options.iter().map(|h| {
                h.piles()
                    .map(|p| usize::try_from(p.size).map_or(0, |i| known.values[i]))
                    .fold(0, |acc, g| acc ^ g)
            }));
            known.options.push(options.into());
            known.values.push(value);
        }
        Ok(())
    }

    /// Every option of state `n`, or a refusal: the kept ones; for a state of a game of
    /// numbers not valued by mex (a pile valued by a closed form past them), asked of the rule
    /// now and not kept; for a tuple not valued yet, valued first. The rule's work is charged
    /// to `budget`, which refuses once spent, and Ctrl-C and the memory limit stop it: a list
    /// is never handed out shorter than the rule's.
    pub(crate) fn options_within(
        &self,
        n: u64,
        budget: &mut Budget,
    ) -> Result<Arc<[Heaps]>, EngineError> {
        if let Some(options) = self.kept_options(n) {
            return Ok(options);
        }
        if self.has_tuples() {
            self.extend(n, budget)?;
            return self.kept_options(n).ok_or_else(|| EngineError::BadPile {
                token: n.to_string(),
                expected: PileWanted::State {
                    game: self.name.clone(),
                },
            });
        }
        let too_long = |limit| -> EngineError {
            crate::TooMuchWork::DefinedOptionsOf {
                game: self.name.clone(),
                state: n.to_string(),
                options: limit,
            }
            .into()
        };
        budget.check()?;
        // The rule refuses once the budget is spent, in the words of a table by mex; here no
        // table is made, so its refusal says what was asked: this state's moves.
        let written = self.rule.options(&[n], budget).map_err(|e| match e {
            EngineError::TooMuchWork(work)
                if matches!(*work, crate::TooMuchWork::DefinedBudget { .. }) =>
            {
                too_long(budget.limit())
            }
            e => e,
        })?;
        budget.charge(written.len() as u64);
        if budget.is_spent() {
            return Err(too_long(budget.limit()));
        }
        let options: Result<Vec<Heaps>, EngineError> =
            written.into_iter().map(|h| self.heaps(n, h)).collect();
        Ok(options?.into())
    }

    /// One option of `state` as heaps, checked: each heap smaller than `state`. Empty heaps are
    /// dropped (state 0 has no options, so its value is 0), and no heap left is one empty heap.
    fn heaps(&self, state: u64, heaps: Leaves) -> Result<Heaps, EngineError> {
        let refuse = |refusal| EngineError::BadDefinition {
            game: self.name.clone(),
            state: state.to_string(),
            refusal: Box::new(refusal),
        };
        let written = || {
            let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            match parts.len() {
                1 => parts[0].clone(),
                _ => format!("[{}]", parts.join(", ")),
            }
        };
        // Leaving nothing leaves the state 0: from 0 itself that is no smaller.
        if heaps.iter().any(|&h| h >= state) || state == 0 {
            return Err(refuse(DefinitionRefusal::NotSmaller { option: written() }));
        }
        let parts: Vec<Pile> = heaps
            .iter()
            .filter(|&&h| h > 0)
            .map(|&h| Pile::plain(h))
            .collect();
        Ok(Heaps::of(parts))
    }

    /// Values the tuple numbered `root` and every tuple its play reaches, by an iterative
    /// depth-first search within `budget`; refuses a cycle, naming the tuples on it.
    fn explore(&self, root: u64, budget: &mut Budget) -> Result<(), EngineError> {
        let mut known = self.known.write().unwrap_or_else(PoisonError::into_inner);
        let tuples = &mut known.tuples;
        let index = |n: u64| usize::try_from(n).ok().filter(|&i| i < tuples.states.len());
        let Some(start) = index(root) else {
            return Err(EngineError::BadPile {
                token: root.to_string(),
                expected: PileWanted::State {
                    game: self.name.clone(),
                },
            });
        };
        if tuples.values[start].is_some() {
            return Ok(());
        }
        let mut on_path: HashSet<u64> = HashSet::new();
        // The path: (tuple, its options, the next option to look at).
        let mut path: Vec<(u64, Arc<[Heaps]>, usize)> = Vec::new();
        let options = self
            .expand(tuples, root, root, budget)
            .map_err(|e| self.in_search(e, tuples, root))?;
        on_path.insert(root);
        path.push((root, options, 0));
        while let Some((node, options, next)) = path.last_mut() {
            if let Some(child) = options.get(*next).map(|h| h.first().size) {
                *next += 1;
                let i = usize::try_from(child).unwrap_or(usize::MAX);
                if tuples.values.get(i).copied().flatten().is_some() {
                    continue;
                }
                if on_path.contains(&child) {
                    let from = path.iter().position(|(n, ..)| *n == child).unwrap_or(0);
                    let mut cycle: Vec<String> = path[from..]
                        .iter()
                        .map(|(n, ..)| {
                            write_tuple(&tuples.states[usize::try_from(*n).unwrap_or(0)])
                        })
                        .collect();
                    cycle.push(write_tuple(&tuples.states[i]));
                    let at = cycle[cycle.len() - 2].clone();
                    return Err(self.refuse(&at, DefinitionRefusal::Cycle { cycle }));
                }
                let child_options = self
                    .expand(tuples, child, root, budget)
                    .map_err(|e| self.in_search(e, tuples, root))?;
                on_path.insert(child);
                path.push((child, child_options, 0));
            } else {
                let node = *node;
                let value = mex(options.iter().map(|h| {
                    let i = usize::try_from(h.first().size).unwrap_or(usize::MAX);
                    tuples.values.get(i).copied().flatten().unwrap_or(0)
                }));
                let i = usize::try_from(node).unwrap_or(usize::MAX);
                tuples.values[i] = Some(value);
                on_path.remove(&node);
                path.pop();
            }
        }
        Ok(())
    }

    /// The options of the tuple numbered `node`, asking the rule and numbering the tuples they
    /// leave the first time; charged to `budget`. `root` is the tuple being valued, which a
    /// refusal names.
    fn expand(
        &self,
        tuples: &mut Tuples,
        node: u64,
        root: u64,
        budget: &mut Budget,
    ) -> Result<Arc<[Heaps]>, EngineError> {
        let i = usize::try_from(node).unwrap_or(usize::MAX);
        if let Some(Some(options)) = tuples.options.get(i) {
            return Ok(options.clone());
        }
        budget.check()?;
        let state = tuples.states[i].clone();
        if budget.is_spent() {
            return Err(self.too_many(tuples, root, TupleLimit::Work(budget.limit())));
        }
        let written = self.rule.options(&state, budget)?;
        budget.charge(written.len() as u64);
        let mut options = Vec::with_capacity(written.len());
        for tuple in written {
            if tuple.len() != state.len() {
                return Err(self.refuse(
                    &write_tuple(&state),
                    DefinitionRefusal::Arity {
                        option: write_tuple(&tuple),
                        arity: self.arity,
                    },
                ));
            }
            let child = self.number(tuples, &tuple, Some(root))?;
            options.push(Heaps::One(Pile::plain(child)));
        }
        let options: Arc<[Heaps]> = options.into();
        tuples.options[i] = Some(options.clone());
        Ok(options)
    }

    /// The number of `tuple` in `tuples`, numbering it if new; `root` is the tuple being
    /// valued, if not this one.
    fn number(
        &self,
        tuples: &mut Tuples,
        tuple: &[u64],
        root: Option<u64>,
    ) -> Result<u64, EngineError> {
        if let Some(&n) = tuples.index.get(tuple) {
            return Ok(n);
        }
        if tuples.states.len() >= MAX_TUPLES {
            return Err(match root {
                Some(root) => self.too_many(tuples, root, TupleLimit::States(MAX_TUPLES)),
                None => crate::TooMuchWork::TupleSearch {
                    game: self.name.clone(),
                    state: write_tuple(tuple),
                    limit: TupleLimit::States(MAX_TUPLES),
                }
                .into(),
            });
        }
        let n = tuples.states.len() as u64;
        tuples.states.push(tuple.to_vec());
        tuples.index.insert(tuple.to_vec(), n);
        tuples.options.push(None);
        tuples.values.push(None);
        Ok(n)
    }

    /// `error` met while valuing the tuple numbered `root`: the rule's evaluation running out
    /// of work names the tuple being valued rather than a state number.
    fn in_search(&self, error: EngineError, tuples: &Tuples, root: u64) -> EngineError {
        match error {
            EngineError::TooMuchWork(work) => match *work {
                crate::TooMuchWork::DefinedBudget { options, .. } => {
                    self.too_many(tuples, root, TupleLimit::Work(options))
                }
                work => work.into(),
            },
            error => error,
        }
    }

    /// Valuing the tuple numbered `root` passed `limit`.
    fn too_many(&self, tuples: &Tuples, root: u64, limit: TupleLimit) -> EngineError {
        let root = usize::try_from(root).unwrap_or(usize::MAX);
        crate::TooMuchWork::TupleSearch {
            game: self.name.clone(),
            state: tuples
                .states
                .get(root)
                .map_or_else(String::new, |t| write_tuple(t)),
            limit,
        }
        .into()
    }

    fn refuse(&self, state: &str, refusal: DefinitionRefusal) -> EngineError {
        EngineError::BadDefinition {
            game: self.name.clone(),
            state: state.to_string(),
            refusal: Box::new(refusal),
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Known> {
        self.known.read().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What an option counts toward [`MAX_KEPT_OPTIONS`]: 1, and one more for each two heaps
/// past three.
fn kept_weight(heaps: &Heaps) -> u64 {
    let past_three = heaps.count().saturating_sub(3);
    1 + u64::try_from(past_three.div_ceil(2)).unwrap_or(u64::MAX)
}

/// `(3,5)`.
fn write_tuple(tuple: &[u64]) -> String {
    let parts: Vec<String> = tuple.iter().map(u64::to_string).collect();
    format!("({})", parts.join(","))
}

/// Two defined games are the same game if they have the same name and definition.
impl PartialEq for DefinedGame {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.text == other.text
    }
}

impl Eq for DefinedGame {}

impl fmt::Debug for DefinedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DefinedGame")
            .field("name", &self.name)
            .field("text", &self.text)
            .field("computed", &self.computed())
            .finish_non_exhaustive()
    }
}

/// A defined game: its rule's options, kept once asked; a state is a number, or a tuple
/// numbered as it is met.
impl Game for DefinedGame {
    fn options<'a>(
        &'a self,
        pile: Pile,
        budget: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError> {
        let options = self.options_within(pile.size, budget)?;
        Ok(Box::new(
            (0..options.len()).map(move |i| options[i].clone()),
        ))
    }

    fn is_option(&self, from: Pile, to: &Heaps, budget: &mut Budget) -> Result<bool, EngineError> {
        Ok(self.options_within(from.size, budget)?.contains(to))
    }

    fn can(&self) -> Can {
        Can {
            split: self.splits(),
            count_tokens: !self.has_tuples() && !self.coins,
            turn_coins: self.coins,
            number_states: self.has_tuples(),
            ..Can::PLAIN
        }
    }

    fn write_state(&self, pile: Pile) -> String {
        self.state_name(pile.size)
    }

    /// A tuple `(3,1,4)` for a game of tuples, numbered; else a number.
    fn read_state(&self, token: &[u8]) -> Result<Pile, EngineError> {
        if !self.has_tuples() {
            return Pile::parse(token, false).map_err(|kind| size_error(self, token, kind));
        }
        let bad = || EngineError::BadPile {
            token: token_excerpt(token),
            expected: self.state_wanted(),
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
        if tuple.len() > MAX_LENGTH || !self.takes_length(tuple.len()) {
            return Err(bad());
        }
        // A row of counters holds one of each player's, on different squares; a board's rows
        // never grow; a set repeats no number.
        if !self.is_row(&tuple) {
            return Err(EngineError::BadPile {
                token: token_excerpt(token),
                expected: self.not_a_row(),
            });
        }
        self.intern(&tuple).map(Pile::plain)
    }

    fn syntax(&self) -> PileWanted {
        if self.has_tuples() {
            PileWanted::AnyTuple
        } else {
            PileWanted::Size {
                passes: false,
                too_long: false,
            }
        }
    }

    /// Northcott's game, whose retreats make misère play loopy and partizan, is never
    /// answered misère as another game.
    fn check_misere(&self) -> Result<(), EngineError> {
        if self.retreats {
            return Err(EngineError::MisereLoopy {
                game: self.name().to_string(),
            });
        }
        Ok(())
    }

    /// A move of a row of counters moves White's counter if the first square changed.
    fn counter_moved(&self, from: Pile, to: &Heaps) -> Option<bool> {
        let (Heaps::One(to), true) = (to, self.retreats) else {
            return None;
        };
        let (from, to) = (self.tuple(from.size)?, self.tuple(to.size)?);
        Some(from.first() != to.first())
    }
}

/// A game of the library written here in Rust, where the game language cannot write it (a
/// tuple of any length): all nimlab needs of it, given in the game's own file and listed by
/// one row of the ruleset table ([`crate::ruleset_name::RULESETS`]).
#[derive(Clone, Copy)]
pub struct BuiltIn {
    /// Its name, as typed and as written.
    pub name: &'static str,
    /// What it is in one line, as `rules` and help show it.
    pub summary: &'static str,
    /// The game, made once per process by whoever first names it.
    pub make: fn() -> DefinedGame,
}

/// Two built-in games are the same if they have the same name (the table has one row each).
impl PartialEq for BuiltIn {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for BuiltIn {}

impl fmt::Debug for BuiltIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BuiltIn")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule from a closure.
    struct Rule<F>(F);

    impl<F: Fn(u64) -> Vec<Leaves> + Send + Sync> OptionRule for Rule<F> {
        fn options(&self, state: &[u64], _: &mut Budget) -> Result<Vec<Leaves>, EngineError> {
            Ok((self.0)(state[0]))
        }
    }

    /// A rule of pairs from a closure.
    struct Pairs<F>(F);

    impl<F: Fn(u64, u64) -> Vec<Leaves> + Send + Sync> OptionRule for Pairs<F> {
        fn options(&self, state: &[u64], _: &mut Budget) -> Result<Vec<Leaves>, EngineError> {
            Ok((self.0)(state[0], state[1]))
        }
    }

    /// Two Nim heaps as one pair `(a, b)`: take from either.
    fn nim_pairs() -> DefinedGame {
        DefinedGame::with_arity(
            "pair",
            "…",
            2,
            Box::new(Pairs(|a, b| {
                let mut o: Vec<Leaves> = (0..a).map(|x| vec![x, b]).collect();
                o.extend((0..b).map(|y| vec![a, y]));
                o
            })),
        )
    }

    #[test]
    fn tuples_are_numbered_and_valued_by_search() {
        // Two Nim heaps as one pair: g(a, b) = a xor b (Bouton), checked for a, b ≤ 6.
        let g = nim_pairs();
        for a in 0..=6 {
            for b in 0..=6 {
                let n = g.intern(&[a, b]).unwrap();
                g.extend(n, &mut Budget::new(1_000_000)).unwrap();
                assert_eq!(g.value(n), Some(Grundy::from(a ^ b)), "({a},{b})");
                assert_eq!(g.state_name(n), format!("({a},{b})"));
            }
        }
        // A tuple of another length is no state of the game, as a pile written so is not.
        assert!(matches!(
            g.intern(&[1]),
            Err(EngineError::BadPile {
                expected: PileWanted::Tuple { arity: 2, .. },
                ..
            })
        ));
    }

    #[test]
    fn a_cycle_of_tuples_is_named() {
        // (1,0) → (0,1) → (1,0).
        let g = DefinedGame::with_arity(
            "swap",
            "…",
            2,
            Box::new(Pairs(
                |a, b| if a + b == 1 { vec![vec![b, a]] } else { vec![] },
            )),
        );
        let n = g.intern(&[1, 0]).unwrap();
        let err = g.extend(n, &mut Budget::new(1000)).unwrap_err();
        let EngineError::BadDefinition { refusal, .. } = err else {
            panic!("{err:?}");
        };
        assert_eq!(
            *refusal,
            DefinitionRefusal::Cycle {
                cycle: vec!["(1,0)".into(), "(0,1)".into(), "(1,0)".into()]
            }
        );
    }

    #[test]
    fn a_search_out_of_work_names_the_tuple_being_valued() {
        // Two Nim heaps as one pair: (40,40) reaches 41² pairs with 80 options at most, far
        // more than 500 options examined.
        let g = nim_pairs();
        let n = g.intern(&[40, 40]).unwrap();
        let err = g.extend(n, &mut Budget::new(500)).unwrap_err();
        let EngineError::TooMuchWork(work) = err else {
            panic!("{err:?}");
        };
        assert_eq!(
            *work,
            crate::TooMuchWork::TupleSearch {
                game: "pair".into(),
                state: "(40,40)".into(),
                limit: TupleLimit::Work(500),
            }
        );
        // What was valued before stays usable: a small pair within a fresh budget.
        let m = g.intern(&[2, 3]).unwrap();
        g.extend(m, &mut Budget::new(1000)).unwrap();
        assert_eq!(g.value(m), Some(1));
    }

    #[test]
    fn a_long_chain_of_tuples_does_not_overflow() {
        let g = DefinedGame::with_arity(
            "chain",
            "…",
            2,
            Box::new(Pairs(
                |a, b| if a > 0 { vec![vec![a - 1, b]] } else { vec![] },
            )),
        );
        let n = g.intern(&[200_000, 0]).unwrap();
        g.extend(n, &mut Budget::new(u64::MAX)).unwrap();
        // A chain alternates 0 and 1 from its end: (0,0) = 0, so (200000,0) = 0.
        assert_eq!(g.value(n), Some(0));
    }

    fn game(f: impl Fn(u64) -> Vec<Leaves> + Send + Sync + 'static) -> DefinedGame {
        DefinedGame::new("t", "t(n) = …", Box::new(Rule(f)))
    }

    #[test]
    fn values_by_mex_with_splits_by_xor() {
        // Take 1 or 2, or split into two equal-or-unequal non-empty heaps (by hand):
        // g(0)=0; g(1): {0} → 1; g(2): {1, 0, [1,1]=0} → 2; g(3): {2, 1, [1,2]=3} → 0.
        let g = game(|n| {
            let mut o: Vec<Leaves> = (1..=2.min(n)).map(|k| vec![n - k]).collect();
            o.extend((1..=n / 2).map(|a| vec![a, n - a]));
            o
        });
        g.extend(3, &mut Budget::new(1000)).unwrap();
        let v: Vec<Grundy> = (0..4).map(|n| g.value(n).unwrap()).collect();
        assert_eq!(v, [0, 1, 2, 0]);
        assert_eq!(g.value(4), None);
        assert!(g.splits());
    }

    #[test]
    fn an_option_not_smaller_is_refused_naming_the_state_and_the_option() {
        let g = game(|n| if n == 3 { vec![vec![3]] } else { vec![] });
        let err = g.extend(5, &mut Budget::new(1000)).unwrap_err();
        assert_eq!(
            err,
            EngineError::BadDefinition {
                game: "t".into(),
                state: "3".into(),
                refusal: Box::new(DefinitionRefusal::NotSmaller { option: "3".into() }),
            }
        );
        // What was valued before stays.
        assert_eq!(g.computed(), Some(2));
    }

    #[test]
    fn an_option_may_leave_any_number_of_heaps_or_none() {
        // Ruler from one coin at place n: the runs n-j+1..n-1, j = 1..n. By hand: g(1): {0} →
        // 1; g(2): {0, g1 = 1} → 2; g(3): {0, g2 = 2, g1^g2 = 3} → 1; g(4): {0, g3 = 1,
        // g2^g3 = 3, g1^g2^g3 = 2} → 4.
        let g = game(|n| (1..=n).map(|k| (k..n).collect()).collect());
        g.extend(4, &mut Budget::new(1000)).unwrap();
        let v: Vec<Grundy> = (0..=4).map(|n| g.value(n).unwrap()).collect();
        assert_eq!(v, [0, 1, 2, 1, 4]);
        let p = Pile::plain;
        assert_eq!(
            &*g.kept_options(4).unwrap(),
            [
                Heaps::Three(p(1), p(2), p(3)),
                Heaps::Two(p(2), p(3)),
                Heaps::One(p(3)),
                Heaps::One(p(0)),
            ]
        );
        // Leaving nothing from 0 would be a move from 0 to 0.
        let g = game(|_| vec![vec![]]);
        assert!(matches!(
            g.extend(0, &mut Budget::new(1000)),
            Err(EngineError::BadDefinition { refusal, .. })
                if matches!(*refusal, DefinitionRefusal::NotSmaller { ref option } if option == "[]")
        ));
        // Empty heaps are dropped: [0, 0, 2] is the heap 2.
        let g = game(|n| if n == 3 { vec![vec![0, 0, 2]] } else { vec![] });
        g.extend(3, &mut Budget::new(1000)).unwrap();
        assert_eq!(&*g.kept_options(3).unwrap(), [Heaps::One(p(2))]);
    }

    #[test]
    fn budget_and_bounds_are_refusals() {
        let g = game(|n| (0..n).map(|k| vec![k]).collect());
        assert!(matches!(
            g.extend(1000, &mut Budget::new(100)),
            Err(EngineError::TooMuchWork(_))
        ));
        assert!(g.extend(MAX_STATE + 1, &mut Budget::new(u64::MAX)).is_err());
    }
}
