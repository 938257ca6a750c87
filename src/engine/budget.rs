//! A cap on the work one computation may do, and what it has spent: how a request that cannot
//! be finished quickly is refused instead of hanging.
//!
//! Work is counted in options examined (one option's value looked up and marked for the mex),
//! the unit every mex computation shares, so one budget can be handed from one step to the next.

/// Work allowed and work spent, in options examined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    limit: u64,
    spent: u64,
}

impl Budget {
    pub const fn new(limit: u64) -> Self {
        Self { limit, spent: 0 }
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
    pub fn left(&self) -> u64 {
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
}
