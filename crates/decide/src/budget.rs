//! Limits, the running budget that enforces them, the cancellation hook, the statistics of a
//! run, and the error values. Everything here is data: no message text, so the caller chooses
//! the words and the language.

/// Bounds on one decision: exceeding one ends it with an error value, never a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most states any automaton may have, counted while it is built (before
    /// minimisation).
    pub max_states: usize,
    /// The most units of work (decision-diagram nodes made, memo entries, states visited).
    /// Memory use is proportional to work, so this also bounds memory.
    pub max_work: u64,
}

impl Default for Limits {
    /// A million states and a billion units of work: seconds to a minute, a few GB at most.
    fn default() -> Self {
        Limits {
            max_states: 1_000_000,
            max_work: 100_000_000,
        }
    }
}

impl Limits {
    /// No practical bound (for tests of the engine itself).
    pub const UNLIMITED: Limits = Limits {
        max_states: usize::MAX,
        max_work: u64::MAX,
    };
}

/// Why a decision did not finish, or a request that cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecideError {
    /// An automaton passed `Limits::max_states`.
    StateLimit {
        /// The limit that was passed.
        limit: usize,
    },
    /// The work passed `Limits::max_work`.
    WorkLimit {
        /// The limit that was passed.
        limit: u64,
    },
    /// The cancellation hook returned true.
    Cancelled,
    /// `decide` was given a formula with free variables (their names, in order of first
    /// appearance).
    FreeVariables {
        /// The free variables.
        names: Vec<String>,
    },
    /// A witness value needs more binary digits than fit in a `u128`.
    WitnessTooLarge {
        /// The number of binary digits it needs.
        digits: usize,
    },
    /// `x div 0` or `x mod 0` in an atom.
    ZeroDivisor,
    /// A formula nested deeper than [`crate::MAX_HEIGHT`] (quantifiers, connectives and
    /// negations one inside another): refused before any walk over it, which would recurse
    /// that deep.
    TooDeep {
        /// The limit it passed.
        limit: usize,
    },
    /// A requested order of free variables does not match the formula's free variables.
    FreeOrderMismatch {
        /// The formula's free variables in order of first appearance.
        free: Vec<String>,
    },
}

/// Figures about one run of the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The most states of any automaton after minimisation.
    pub largest: usize,
    /// The most states of any automaton as built, before minimisation.
    pub largest_raw: usize,
    /// The most decision-diagram nodes of any automaton after minimisation.
    pub largest_nodes: usize,
    /// States of the final automaton.
    pub final_states: usize,
    /// Automaton operations performed (atoms, products, complements, projections).
    pub operations: usize,
    /// Units of work spent.
    pub work: u64,
}

/// How often (in units of work) the cancellation hook is asked.
const CANCEL_EVERY: u64 = 4096;

/// The running budget of one decision: limits, work so far, the cancellation hook, and the
/// statistics gathered on the way.
pub(crate) struct Budget<'a> {
    limits: Limits,
    cancel: &'a dyn Fn() -> bool,
    next_check: u64,
    pub(crate) stats: Stats,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: Limits, cancel: &'a dyn Fn() -> bool) -> Self {
        Budget {
            limits,
            cancel,
            next_check: CANCEL_EVERY,
            stats: Stats::default(),
        }
    }

    /// Spends `units` of work; fails when the work limit is passed or the hook says stop.
    pub(crate) fn tick(&mut self, units: u64) -> Result<(), DecideError> {
        self.stats.work = self.stats.work.saturating_add(units);
        if self.stats.work > self.limits.max_work {
            return Err(DecideError::WorkLimit {
                limit: self.limits.max_work,
            });
        }
        if self.stats.work >= self.next_check {
            self.next_check = self.stats.work.saturating_add(CANCEL_EVERY);
            if (self.cancel)() {
                return Err(DecideError::Cancelled);
            }
        }
        Ok(())
    }

    /// The error for a table that outgrew 32-bit indices (only possible without a work limit).
    pub(crate) fn overflow(&self) -> DecideError {
        DecideError::WorkLimit {
            limit: self.limits.max_work,
        }
    }

    /// Checks a count of states under construction against the state limit.
    pub(crate) fn states(&mut self, count: usize) -> Result<(), DecideError> {
        if count > self.limits.max_states {
            return Err(DecideError::StateLimit {
                limit: self.limits.max_states,
            });
        }
        if count > self.stats.largest_raw {
            self.stats.largest_raw = count;
        }
        Ok(())
    }

    /// Records a finished (minimised) automaton in the statistics.
    pub(crate) fn record(&mut self, states: usize, nodes: usize) {
        self.stats.operations += 1;
        self.stats.largest = self.stats.largest.max(states);
        self.stats.largest_nodes = self.stats.largest_nodes.max(nodes);
        self.stats.largest_raw = self.stats.largest_raw.max(states);
    }
}
