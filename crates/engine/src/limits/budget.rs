//! A cap on the work one computation may do, and what it has spent: how a request that cannot
//! be finished quickly is refused instead of hanging.
//!
//! Work is counted in options examined (one option's value looked up and marked for the mex),
//! the unit every mex computation shares, so one budget can be handed from one step to the next.
//!
//! A budget may also carry the [`Cancel`] token of the command it serves, so the loops that
//! charge it can stop early when the person at the terminal presses Ctrl-C.

use crate::limits::cancel::{Cancel, Interrupted};

/// Work one command may do to value the piles it was given: about 0.5 to 1.5 seconds of one
/// core, as an option costs 1.4 to 5 ns of CPU (`cargo bench --bench octal -- options`, and
/// the same tables timed by CPU seconds: plain mex and most splits 1.4 to 3 ns, octal:0.104's
/// split by parity up to 5 ns). Enough for octal:0.56 to g(200000), or to prove octal:0.16's
/// period (about 10^8 options).
pub const LOOKUP_WORK: u64 = 300_000_000;
/// Work a table by mex (and `period`) may do: about 15 to 50 seconds of one core at the same
/// 1.4 to 5 ns an option (octal:0.06 to 10^5, 2.5·10^9 options, took 1.4 ns an option on a quiet
/// machine). Enough for `period`'s default 100000 heaps by plain mex (a quarter of 100000²
/// options per splitting digit), and octal:0.6 to 10^6.
pub const TABLE_WORK: u64 = 10_000_000_000;

/// Work allowed and work spent, in options examined; and the token that can stop it sooner.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    limit: u64,
    spent: u64,
    cancel: Option<Cancel>,
}

impl Budget {
    /// A budget no one can cancel.
    pub const fn new(limit: u64) -> Self {
        Self {
            limit,
            spent: 0,
            cancel: None,
        }
    }

    /// The same budget, stopped early once `cancel` is cancelled.
    pub fn cancelled_by(self, cancel: &Cancel) -> Self {
        Self {
            cancel: Some(cancel.clone()),
            ..self
        }
    }

    /// `Err(Interrupted)` once the budget's token is cancelled, or, for a budget with no token
    /// of its own, once the foreground's Ctrl-C flag is set; and once the memory limit is
    /// passed (see [`crate::limits::cancel::poll`]). Every loop that charges a budget is
    /// stopped by Ctrl-C and by the memory limit, whoever made the budget.
    #[inline]
    pub fn check(&self) -> Result<(), Interrupted> {
        self.cancel
            .as_ref()
            .map_or_else(crate::limits::cancel::poll, Cancel::check)
    }

    /// The token's progress: a piece of work of `total` units begins (see [`Cancel::begin`]).
    pub(crate) fn begin(&self, total: u64) {
        if let Some(cancel) = &self.cancel {
            cancel.begin(total);
        }
    }

    /// The token's progress: `done` units are done; then the stop flag is checked (see
    /// [`Budget::check`]).
    #[inline]
    pub(crate) fn reach(&self, done: u64) -> Result<(), Interrupted> {
        self.cancel
            .as_ref()
            .map_or_else(crate::limits::cancel::poll, |c| c.reach(done))
    }

    /// The most work allowed in all.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The work done so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The work still allowed.
    pub(crate) fn left(&self) -> u64 {
        self.limit.saturating_sub(self.spent)
    }

    /// Whether nothing more may be done.
    pub fn is_spent(&self) -> bool {
        self.spent >= self.limit
    }

    /// Records work done.
    pub fn charge(&mut self, work: u64) {
        self.spent = self.spent.saturating_add(work);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_down_without_wrapping() {
        let mut b = Budget::new(10);
        assert_eq!((b.left(), b.is_spent()), (10, false));
        b.charge(7);
        assert_eq!((b.spent(), b.left(), b.is_spent()), (7, 3, false));
        b.charge(u64::MAX);
        assert_eq!((b.spent(), b.left(), b.is_spent()), (u64::MAX, 0, true));
    }

    #[test]
    fn a_cancelled_token_stops_the_budget() {
        let cancel = Cancel::new();
        let b = Budget::new(10).cancelled_by(&cancel);
        assert_eq!(b.check(), Ok(()));
        b.begin(5);
        assert_eq!(b.reach(2), Ok(()));
        assert_eq!(cancel.progress(), (2, 5));
        cancel.cancel();
        assert_eq!(b.check(), Err(Interrupted));
        assert_eq!(b.reach(3), Err(Interrupted));
        assert_eq!(Budget::new(10).check(), Ok(()));
    }
}
