//! Grundy values: computed by mex over explicit options for tables, and by proven closed forms
//! (or a found period) for quick lookups of huge piles.

use super::cancel::{Cancel, POLL_EVERY};
use super::mex::mex;
use super::octal_sequence::OctalSequence;
use super::octal_values::OctalValues;
use super::subtraction::Periodic;
use super::take_any::TakeAnyMex;
use super::{EngineError, Grundy, Heaps, Pass, Pile, Rules};

/// How a Grundy value was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The mex of the options' values, each of which was computed the same way.
    Mex,
    /// A proven formula: Nim g(n) = n; zero-move g(nF) = n, g(nT) = n+1 (odd n), n−1 (even
    /// n ≥ 2), g(0) = 0.
    ClosedForm,
    /// The subtraction game's sequence, computed by mex until it repeated.
    Periodic { preperiod: u64, period: u64 },
}

/// One state of a table with how its value came about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyRow {
    pub pile: Pile,
    pub grundy: Grundy,
    pub method: Method,
    /// The options with their values, in the ruleset's order; empty for closed forms. A split
    /// (`2+3`) has the XOR of its parts' values.
    pub options: Vec<(Heaps, Grundy)>,
    /// For each option, in the same order: its parts' values if it is a split.
    pub parts: Vec<Option<[Grundy; 2]>>,
}

impl GrundyRow {
    /// The sorted set of the options' values — the set whose mex is the row's value.
    pub fn reachable(&self) -> Vec<Grundy> {
        let mut set: Vec<Grundy> = self.options.iter().map(|&(_, g)| g).collect();
        set.sort_unstable();
        set.dedup();
        set
    }
}

/// Grundy values of any pile, fast: closed forms where proven, a found period otherwise.
#[derive(Debug, Clone)]
pub struct Solver {
    rules: Rules,
    periodic: Option<Periodic>,
    octal: Option<OctalValues>,
}

/// Values an octal game's solver computes while looking for its period.
pub const SOLVER_VALUES: usize = 1 << 14;

impl Solver {
    pub fn new(rules: &Rules) -> Result<Self, EngineError> {
        let periodic = match rules {
            Rules::Subtract(set) => Some(Periodic::find(set)?),
            _ => None,
        };
        let octal = match rules {
            Rules::Octal(code) => Some(OctalValues::compute(code, SOLVER_VALUES)?),
            _ => None,
        };
        Ok(Self {
            rules: rules.clone(),
            periodic,
            octal,
        })
    }

    /// Refuses a pile this solver cannot value: an octal heap beyond the computed values when
    /// no period is known. Callers check piles a user gives before asking for values.
    pub fn check(&self, pile: Pile, token: &str) -> Result<(), EngineError> {
        match &self.octal {
            Some(values) if values.value(pile.size).is_none() => Err(EngineError::BeyondComputed {
                token: token.to_string(),
                rules: self.rules.to_string(),
                computed: values.computed(),
            }),
            _ => Ok(()),
        }
    }

    /// The value of what a move leaves: one heap's, or the XOR of a split's parts.
    pub fn heaps_value(&self, heaps: Heaps) -> Grundy {
        heaps.piles().fold(0, |acc, p| acc ^ self.grundy(p))
    }

    /// The octal game's values and period, for octal rulesets.
    pub fn octal(&self) -> Option<&OctalValues> {
        self.octal.as_ref()
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The Grundy value of one pile (for misère, of the pile under normal play).
    pub fn grundy(&self, pile: Pile) -> Grundy {
        let n = Grundy::from(pile.size);
        match (&self.rules, &self.periodic) {
            // Piles are checked first (see `check`); an unchecked one beyond reach reads 0.
            (Rules::Octal(_), _) => self
                .octal
                .as_ref()
                .and_then(|v| v.value(pile.size))
                .unwrap_or(0),
            (Rules::Graph(graph), _) => graph.value(pile.size),
            (Rules::ZeroMove, _) => match pile.pass {
                None | Some(Pass::Spent) => n,
                // n + 1 for odd n, n − 1 for even n ≥ 2 (a T pile is never empty), written
                // without a branch: bulk input has odd and even piles in no order.
                Some(Pass::Unused) => n - 1 + 2 * (n & 1),
            },
            (_, Some(periodic)) => periodic.value(pile.size),
            _ => n,
        }
    }

    /// How [`Solver::grundy`] decides values for this ruleset.
    pub fn method(&self) -> Method {
        let octal_period = self.octal.as_ref().and_then(OctalValues::period);
        match (&self.periodic, octal_period) {
            (Some(p), _) => Method::Periodic {
                preperiod: p.preperiod,
                period: p.period,
            },
            (None, Some(p)) => Method::Periodic {
                preperiod: p.preperiod,
                period: p.period,
            },
            (None, None) if matches!(self.rules, Rules::Graph(_)) => Method::Mex,
            (None, None) => Method::ClosedForm,
        }
    }
}

/// The largest pile size a table computes by mex, and the most states it may show.
pub const TABLE_MAX_SIZE: u64 = 10_000_000;

/// Grundy values of every state of size 0..=upto, each computed by mex over its options.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    rules: Rules,
    /// g(n) for one-state rulesets; g(nF) for zero-move. Values of states of size ≤ N are at
    /// most N + 1 (a mex of at most N + 1 values), so u32 holds every table nimlab computes.
    plain: Vec<u32>,
    /// g(nT) for zero-move (empty otherwise).
    unused: Vec<u32>,
}

impl GrundyTable {
    /// Computes the table. Take-any rulesets cost O(upto) in total through incremental mex.
    pub fn compute(rules: &Rules, upto: u64) -> Result<Self, EngineError> {
        Self::compute_with(rules, upto, &Cancel::new())
    }

    /// [`GrundyTable::compute`], stopping with `Interrupted` once `cancel` is cancelled where
    /// it can take long (octal and subtraction games); its progress counts sizes.
    pub fn compute_with(rules: &Rules, upto: u64, cancel: &Cancel) -> Result<Self, EngineError> {
        if upto > TABLE_MAX_SIZE {
            return Err(EngineError::TooMuchWork {
                what: format!("a table by mex up to {upto}"),
                limit: format!(
                    "the limit is {TABLE_MAX_SIZE}; use `grundy N` for a closed-form lookup"
                ),
            });
        }
        // upto ≤ TABLE_MAX_SIZE, which fits a usize everywhere nimlab runs.
        let len = usize::try_from(upto).unwrap_or(usize::MAX - 1) + 1;
        let mut plain = Vec::with_capacity(len);
        let mut unused = Vec::new();
        match rules {
            Rules::Nim | Rules::Misere | Rules::ZeroMove => {
                let with_pass = rules.has_pass();
                let mut values = TakeAnyMex::new(with_pass, len);
                if with_pass {
                    // Zeroed pages come from the system untouched; each is written once.
                    plain = vec![0; len];
                    unused = vec![0; len];
                    let mut at = 0;
                    values.for_each_pair(len, |f, t| {
                        plain[at] = narrow_index(f);
                        unused[at] = narrow_index(t);
                        at += 1;
                    });
                } else {
                    plain.extend((0..len).map(|_| narrow_index(values.next_value())));
                }
            }
            Rules::Octal(code) => {
                let mut seq = OctalSequence::new(code);
                cancel.begin(upto);
                seq.extend_with(len - 1, cancel)?;
                plain.extend(seq.values().iter().map(|&g| u32::from(g)));
            }
            Rules::Graph(graph) => {
                if len > graph.len() {
                    return Err(EngineError::TooMuchWork {
                        what: format!("a table of {len} positions"),
                        limit: format!("the graph has {} positions", graph.len()),
                    });
                }
                plain.extend((0..len as u64).map(|n| narrow(graph.value(n))));
            }
            Rules::Subtract(set) => {
                cancel.begin(upto);
                for n in 0..len {
                    if n as u64 % POLL_EVERY == 0 {
                        cancel.reach(n as u64)?;
                    }
                    let g = mex(set
                        .values()
                        .iter()
                        .filter_map(|&s| usize::try_from(s).ok())
                        .filter(|&s| s <= n)
                        .map(|s| Grundy::from(plain[n - s])));
                    plain.push(narrow(g));
                }
            }
        }
        Ok(Self {
            rules: rules.clone(),
            plain,
            unused,
        })
    }

    /// The value of a state in the table, or `None` beyond it.
    pub fn value(&self, pile: Pile) -> Option<Grundy> {
        let n = usize::try_from(pile.size).ok()?;
        let value = match pile.pass {
            Some(Pass::Unused) => self.unused.get(n),
            _ => self.plain.get(n),
        };
        value.map(|&g| Grundy::from(g))
    }

    /// The row of a state: its options with their values, and its value by mex.
    pub fn row(&self, pile: Pile) -> Option<GrundyRow> {
        let grundy = self.value(pile)?;
        let mut options = Vec::new();
        let mut parts = Vec::new();
        for heaps in self.rules.heap_options(pile) {
            match heaps {
                Heaps::One(p) => {
                    options.push((heaps, self.value(p)?));
                    parts.push(None);
                }
                Heaps::Two(p, q) => {
                    let (a, b) = (self.value(p)?, self.value(q)?);
                    options.push((heaps, a ^ b));
                    parts.push(Some([a, b]));
                }
            }
        }
        Some(GrundyRow {
            pile,
            grundy,
            method: Method::Mex,
            options,
            parts,
        })
    }

    /// The largest size in the table.
    pub fn upto(&self) -> u64 {
        self.plain.len() as u64 - 1
    }
}

/// A table value as stored; tables stop at TABLE_MAX_SIZE, far below u32::MAX.
fn narrow(g: Grundy) -> u32 {
    u32::try_from(g).unwrap_or(u32::MAX)
}

/// [`narrow`] for a value held as an index.
fn narrow_index(g: usize) -> u32 {
    u32::try_from(g).unwrap_or(u32::MAX)
}

const _: () = assert!(TABLE_MAX_SIZE < u32::MAX as u64 - 1);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// g by recursion on the definition with memo: mex over `rules.options`.
    fn brute(rules: &Rules, pile: Pile, memo: &mut HashMap<Pile, Grundy>) -> Grundy {
        if let Some(&g) = memo.get(&pile) {
            return g;
        }
        let opts: Vec<Pile> = rules.options(pile).collect();
        let values: Vec<Grundy> = opts.into_iter().map(|o| brute(rules, o, memo)).collect();
        let g = mex(values);
        memo.insert(pile, g);
        g
    }

    fn all_rules() -> Vec<Rules> {
        [
            "nim",
            "zero-move",
            "misere",
            "subtract:1,3,4",
            "subtract:2,5",
            "subtract:1",
        ]
        .into_iter()
        .map(|r| Rules::parse(r).unwrap())
        .collect()
    }

    #[test]
    fn table_matches_recursive_mex() {
        for rules in all_rules() {
            let table = GrundyTable::compute(&rules, 200).unwrap();
            let mut memo = HashMap::new();
            for n in 0..=200 {
                for pile in rules.states(n) {
                    let expected = brute(&rules, pile, &mut memo);
                    assert_eq!(table.value(pile), Some(expected), "{rules} {pile}");
                    let row = table.row(pile).unwrap();
                    assert_eq!(mex(row.reachable()), expected, "{rules} {pile}");
                }
            }
        }
    }

    #[test]
    fn solver_closed_forms_match_the_table() {
        for rules in all_rules() {
            let table = GrundyTable::compute(&rules, 2000).unwrap();
            let solver = Solver::new(&rules).unwrap();
            for n in 0..=2000 {
                for pile in rules.states(n) {
                    assert_eq!(
                        Some(solver.grundy(pile)),
                        table.value(pile),
                        "{rules} {pile}"
                    );
                }
            }
        }
    }

    #[test]
    fn zero_move_by_hand() {
        // g(nT): n=0..7 → 0, 2, 1, 4, 3, 6, 5, 8 (odd n → n+1, even n ≥ 2 → n−1).
        let table = GrundyTable::compute(&Rules::ZeroMove, 7).unwrap();
        let t: Vec<Grundy> = (0..8)
            .map(|n| table.value(Pile::zero_move(n, Pass::Unused)).unwrap())
            .collect();
        assert_eq!(t, [0, 2, 1, 4, 3, 6, 5, 8]);
        let row = table.row(Pile::zero_move(3, Pass::Unused)).unwrap();
        assert_eq!(row.reachable(), [0, 1, 2, 3]);
    }

    #[test]
    fn huge_zero_move_pile_is_exact() {
        let solver = Solver::new(&Rules::ZeroMove).unwrap();
        assert_eq!(
            solver.grundy(Pile::zero_move(u64::MAX, Pass::Unused)),
            1u128 << 64
        );
        assert_eq!(
            solver.grundy(Pile::zero_move(u64::MAX - 1, Pass::Unused)),
            u128::from(u64::MAX - 2)
        );
    }

    #[test]
    fn refuses_tables_beyond_the_limit() {
        assert!(GrundyTable::compute(&Rules::Nim, TABLE_MAX_SIZE + 1).is_err());
    }
}
