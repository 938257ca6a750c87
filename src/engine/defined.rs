//! A game given by a rule: for each state (a whole number), the list of its options, each the
//! heaps a move leaves (one heap, or a sum of two). The rule comes from outside the engine (the
//! expression language writes it; the engine only asks it for one state's options at a time).
//!
//! Values are computed in increasing order of state by mex, each state's options checked when
//! they are first asked for: every heap an option leaves must be a smaller state, so play ends
//! (a definition that moves from 5 to 5 or to 7 is refused at that state, naming the option).
//! The options and values of states 0..=N, once computed, are kept: rows, moves and searches
//! read them without evaluating anything, so they cannot fail. A state not computed yet has
//! no value here, and the solver refuses it rather than guess.

use std::fmt;
use std::sync::{Arc, PoisonError, RwLock};

use super::budget::Budget;
use super::cancel::POLL_EVERY;
use super::mex::mex;
use super::{EngineError, Grundy, Heaps, Pile};

/// The largest state a defined game is valued up to.
pub const MAX_STATE: u64 = 10_000_000;

/// The most options (summed over the states valued) a defined game keeps: at about 40 bytes
/// each, some 160 MB.
pub const MAX_KEPT_OPTIONS: u64 = 4_000_000;

/// What a move leaves, as a rule writes it: the heaps, each a state (a split leaves two).
pub type Leaves = Vec<u64>;

/// The rule of a defined game: the options of one state. Implemented outside the engine.
pub trait OptionRule: Send + Sync {
    /// The options of state `n`, each the list of heaps a move leaves, in the rule's order;
    /// `budget` is charged with the work of finding them.
    fn options(&self, n: u64, budget: &mut Budget) -> Result<Vec<Leaves>, EngineError>;
}

/// Why a definition is refused at a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A heap an option leaves is not a smaller state, so play might never end.
    NotSmaller { option: String },
    /// An option leaves no heap at all, or more than two.
    Heaps { option: String, count: usize },
}

/// A defined game and the states valued so far.
pub struct DefinedGame {
    name: String,
    /// The definition as written, so a learner can read the rule.
    text: String,
    rule: Box<dyn OptionRule>,
    known: RwLock<Known>,
}

/// States 0..len with their options and values.
#[derive(Default)]
struct Known {
    options: Vec<Arc<[Heaps]>>,
    values: Vec<Grundy>,
    kept: u64,
}

impl DefinedGame {
    /// A game called `name`, written as `text`, whose options `rule` gives. Nothing is valued
    /// yet.
    pub fn new(name: &str, text: &str, rule: Box<dyn OptionRule>) -> Self {
        Self {
            name: name.to_string(),
            text: text.to_string(),
            rule,
            known: RwLock::new(Known::default()),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The definition as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The largest state valued, if any.
    pub fn computed(&self) -> Option<u64> {
        let known = self.read();
        (known.values.len() as u64).checked_sub(1)
    }

    /// The value of state `n`, if it has been computed.
    pub fn value(&self, n: u64) -> Option<Grundy> {
        let i = usize::try_from(n).ok()?;
        self.read().values.get(i).copied()
    }

    /// The values of states 0..=n, if computed that far.
    pub fn values_to(&self, n: u64) -> Option<Vec<Grundy>> {
        let end = usize::try_from(n).ok()?.checked_add(1)?;
        self.read().values.get(..end).map(<[Grundy]>::to_vec)
    }

    /// The options of state `n` (empty for a state not valued yet: the solver never hands one
    /// out, see the module's note).
    pub fn options(&self, n: u64) -> Arc<[Heaps]> {
        let known = self.read();
        usize::try_from(n)
            .ok()
            .and_then(|i| known.options.get(i))
            .cloned()
            .unwrap_or_else(|| Arc::from(Vec::new()))
    }

    /// Whether some option of a state valued so far splits a heap in two.
    pub fn splits(&self) -> bool {
        self.read()
            .options
            .iter()
            .any(|o| o.iter().any(|h| matches!(h, Heaps::Two(..))))
    }

    /// Values every state up to `n` (nothing to do if they are), within `budget`. Refuses a
    /// state beyond [`MAX_STATE`], an option that is not smaller, the rule's own errors, and
    /// running out of budget or of room for options (what was valued before stays valued).
    pub fn extend(&self, n: u64, budget: &mut Budget) -> Result<(), EngineError> {
        if n > MAX_STATE {
            return Err(super::TooMuchWork::DefinedState {
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
                return Err(super::TooMuchWork::DefinedBudget {
                    game: self.name.clone(),
                    upto: n,
                    options: budget.limit(),
                    reached: state.checked_sub(1),
                }
                .into());
            }
            let written = self.rule.options(state, budget)?;
            let mut options = Vec::with_capacity(written.len());
            for heaps in written {
                options.push(self.heaps(state, heaps)?);
            }
            known.kept = known.kept.saturating_add(options.len() as u64);
            if known.kept > MAX_KEPT_OPTIONS {
                return Err(super::TooMuchWork::DefinedOptions {
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

    /// One option of `state` as heaps, checked: one or two heaps, each smaller than `state`.
    /// Empty heaps in a split are dropped (state 0 has no options, so its value is 0).
    fn heaps(&self, state: u64, heaps: Leaves) -> Result<Heaps, EngineError> {
        let refuse = |refusal| EngineError::BadDefinition {
            game: self.name.clone(),
            state: state.to_string(),
            refusal,
        };
        let written = || {
            let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            match parts.len() {
                1 => parts[0].clone(),
                _ => format!("[{}]", parts.join(", ")),
            }
        };
        if heaps.iter().any(|&h| h >= state) {
            return Err(refuse(Refusal::NotSmaller { option: written() }));
        }
        let mut parts: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        parts.sort_unstable();
        match (heaps.len(), parts.as_slice()) {
            (1 | 2, []) => Ok(Heaps::One(Pile::plain(0))),
            (1 | 2, &[a]) => Ok(Heaps::One(Pile::plain(a))),
            (2, &[a, b]) => Ok(Heaps::Two(Pile::plain(a), Pile::plain(b))),
            (count, _) => Err(refuse(Refusal::Heaps {
                option: written(),
                count,
            })),
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Known> {
        self.known.read().unwrap_or_else(PoisonError::into_inner)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule from a closure.
    struct Rule<F>(F);

    impl<F: Fn(u64) -> Vec<Leaves> + Send + Sync> OptionRule for Rule<F> {
        fn options(&self, n: u64, _: &mut Budget) -> Result<Vec<Leaves>, EngineError> {
            Ok((self.0)(n))
        }
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
                refusal: Refusal::NotSmaller { option: "3".into() },
            }
        );
        // What was valued before stays.
        assert_eq!(g.computed(), Some(2));
        let g = game(|n| {
            if n == 0 {
                vec![]
            } else {
                vec![vec![n - 1, 0, 0]]
            }
        });
        assert!(matches!(
            g.extend(2, &mut Budget::new(1000)),
            Err(EngineError::BadDefinition {
                refusal: Refusal::Heaps { count: 3, .. },
                ..
            })
        ));
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
