//! The values of every state in a range of sizes, by mex, for listing without options: the
//! take-any rulesets step through their mex bitsets as the values are read (one bit per value
//! kept, nothing per row); the others compute their table first (its values kept, nothing
//! more). A range past the largest table, of an octal game whose period is proven, is read
//! off the period by the solver, so its end may be anywhere up to 2^64 − 1.

use crate::limits::cancel::Cancel;
use crate::values::grundy::{GrundyTable, Method, Solver, TABLE_MAX_SIZE};
use crate::values::period::Period;
use crate::values::take_any::TakeAnyMex;
use crate::{EngineError, Grundy, Pass, Pile, Rules};

/// Sizes `from..=to` of a ruleset, valued by mex.
#[derive(Debug, Clone)]
pub struct ValueRange {
    rules: Rules,
    from: u64,
    to: u64,
    source: Source,
}

/// Where a range's values come from.
#[derive(Debug, Clone)]
enum Source {
    /// Stepped through by the take-any mex as they are read.
    TakeAny,
    /// A table by mex (with an octal game's proven period past its computed values).
    Table(GrundyTable),
    /// An octal game's solver whose proven period gives every size of the range.
    Periodic(Solver),
}

/// One size's values: g(n), or for zero-move g(nF) and g(nT) (none for the empty pile).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeValues {
    pub size: u64,
    pub plain: Grundy,
    pub unused: Option<Grundy>,
}

impl ValueRange {
    #[cfg(test)]
    pub(crate) fn new(rules: &Rules, from: u64, to: u64) -> Result<Self, EngineError> {
        Self::new_with(rules, from, to, &Cancel::new())
    }

    /// [`ValueRange::new`], whose table (for rulesets that are not take-any) stops with
    /// `Interrupted` once `cancel` is cancelled.
    pub fn new_with(
        rules: &Rules,
        from: u64,
        to: u64,
        cancel: &Cancel,
    ) -> Result<Self, EngineError> {
        if to > TABLE_MAX_SIZE {
            return Err(crate::TooMuchWork::Values {
                upto: to,
                max: TABLE_MAX_SIZE,
            }
            .into());
        }
        let source = if rules.is_take_any() {
            Source::TakeAny
        } else {
            Source::Table(GrundyTable::compute_with(rules, to, cancel)?)
        };
        Ok(Self {
            rules: rules.clone(),
            from,
            to,
            source,
        })
    }

    /// Sizes `from..=to` of an octal game (the end anywhere), by `solver`'s values by mex and
    /// its proven period; refuses, as a lookup of g(to) does, when these do not give g(to).
    /// The range may hold at most `TABLE_MAX_SIZE + 1` sizes.
    pub fn by_period(solver: &Solver, from: u64, to: u64) -> Result<Self, EngineError> {
        if to - from > TABLE_MAX_SIZE {
            return Err(crate::TooMuchWork::Values {
                upto: to - from,
                max: TABLE_MAX_SIZE,
            }
            .into());
        }
        // Every size up to `to` is valued once `to` is: by mex, or by the period (which holds
        // from the preperiod on, and the values before it are computed).
        solver.value(Pile::plain(to))?;
        Ok(Self {
            rules: solver.rules().clone(),
            from,
            to,
            source: Source::Periodic(solver.clone()),
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn from(&self) -> u64 {
        self.from
    }

    pub fn to(&self) -> u64 {
        self.to
    }

    /// For an octal game whose period was proven before `to`: the last heap valued by mex,
    /// and the period that gives the values past it.
    pub fn periodic(&self) -> Option<(u64, Period)> {
        match &self.source {
            Source::TakeAny => None,
            Source::Table(table) => table.periodic(),
            Source::Periodic(solver) => {
                let values = solver.octal()?;
                let computed = values.computed()?;
                (computed < self.to).then_some((computed, values.period()?))
            }
        }
    }

    /// How many states the range holds (for zero-move two per size but one for size 0).
    #[cfg(test)]
    pub(crate) fn states(&self) -> u64 {
        let sizes = self.to - self.from + 1;
        if self.rules.has_pass() {
            2 * sizes - u64::from(self.from == 0)
        } else {
            sizes
        }
    }

    /// Each size's values in order, computed as they are read.
    pub fn sizes(&self) -> Box<dyn Iterator<Item = SizeValues> + '_> {
        let with_pass = self.rules.has_pass();
        match &self.source {
            Source::Periodic(solver) => Box::new((self.from..=self.to).map_while(move |size| {
                // g(to) is known (checked when made), so every size up to it is.
                let known = solver.lookup(Pile::plain(size))?;
                debug_assert!(matches!(
                    known.method(),
                    Method::Computed { .. } | Method::Periodic { .. } | Method::ClosedForm(_)
                ));
                Some(SizeValues {
                    size,
                    plain: known.grundy(),
                    unused: None,
                })
            })),
            Source::Table(table) => Box::new((self.from..=self.to).map_while(move |size| {
                // The table reaches `to`, so every size has its value.
                Some(SizeValues {
                    size,
                    plain: table.value(Pile::plain(size))?,
                    unused: None,
                })
            })),
            Source::TakeAny => {
                // ≤ TABLE_MAX_SIZE, a usize everywhere nimlab runs.
                let bound = usize::try_from(self.to).unwrap_or(usize::MAX - 2) + 1;
                let mut mex = TakeAnyMex::new(with_pass, bound);
                // Sizes below the range are computed (each value is a mex of the ones before)
                // and dropped.
                let mut size = 0;
                Box::new(std::iter::from_fn(move || {
                    while size <= self.to {
                        let (f, t) = mex.next_values();
                        size += 1;
                        if size > self.from {
                            return Some(SizeValues {
                                size: size - 1,
                                plain: f as Grundy,
                                unused: (with_pass && size > 1).then_some(t as Grundy),
                            });
                        }
                    }
                    None
                }))
            }
        }
    }

    /// Every state with its value, in table order (for zero-move 0, 1F, 1T, 2F, 2T, …).
    pub fn values(&self) -> impl Iterator<Item = (Pile, Grundy)> + '_ {
        self.sizes().flat_map(|s| {
            let (first, second) = s.states();
            std::iter::once(first).chain(second)
        })
    }
}

impl SizeValues {
    /// The size's states with their values: n (or nF), and nT for zero-move.
    #[inline]
    pub fn states(&self) -> ((Pile, Grundy), Option<(Pile, Grundy)>) {
        match self.unused {
            Some(t) => (
                (Pile::zero_move(self.size, Pass::Spent), self.plain),
                Some((Pile::zero_move(self.size, Pass::Unused), t)),
            ),
            None => ((Pile::plain(self.size), self.plain), None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::budget::Budget;
    use crate::values::mex::mex;
    use crate::{Pass, Pile};

    /// g by the definition: mex over every option, sizes in order (the options of a state are
    /// smaller states, so they are known).
    fn brute(rules: &Rules, upto: u64) -> Vec<(Pile, Grundy)> {
        let mut known: Vec<(Pile, Grundy)> = Vec::new();
        for n in 0..=upto {
            for pile in rules.states(n) {
                let value = |o: Pile| {
                    known
                        .iter()
                        .find(|(p, _)| *p == o)
                        .map(|&(_, g)| g)
                        .expect("options are smaller")
                };
                // A split leaves two heaps: the XOR of their values.
                let g = mex(rules
                    .heap_options(pile, &mut Budget::new(u64::MAX))
                    .unwrap()
                    .map(|h| h.piles().fold(0, |acc, p| acc ^ value(p))));
                known.push((pile, g));
            }
        }
        known
    }

    #[test]
    fn every_state_in_order_matches_the_definition() {
        for name in ["nim", "zero-move", "misere", "subtract:1,3,4", "octal:0.07"] {
            let rules = Rules::parse(name).unwrap();
            let all = brute(&rules, 60);
            for (from, to) in [(0, 60), (0, 0), (1, 1), (17, 60), (59, 60)] {
                let range = ValueRange::new(&rules, from, to).unwrap();
                let got: Vec<(Pile, Grundy)> = range.values().collect();
                let expected: Vec<(Pile, Grundy)> = all
                    .iter()
                    .copied()
                    .filter(|(p, _)| (from..=to).contains(&p.size))
                    .collect();
                assert_eq!(got, expected, "{name} {from}..{to}");
                assert_eq!(range.states(), expected.len() as u64, "{name} {from}..{to}");
            }
        }
        // By hand: zero-move 3F = 3, 3T = 4 (odd n → n + 1), 4T = 3 (even n → n − 1).
        let zm = ValueRange::new(&Rules::ZeroMove, 3, 4).unwrap();
        let got: Vec<SizeValues> = zm.sizes().collect();
        assert_eq!(got[0].unused, Some(4));
        assert_eq!(got[1].unused, Some(3));
        assert_eq!(Pile::zero_move(3, Pass::Unused).to_string(), "3T");
    }

    #[test]
    fn refuses_beyond_the_table_limit() {
        assert!(ValueRange::new(&Rules::ZeroMove, 0, TABLE_MAX_SIZE).is_ok());
        assert!(ValueRange::new(&Rules::ZeroMove, 0, TABLE_MAX_SIZE + 1).is_err());
    }
}
