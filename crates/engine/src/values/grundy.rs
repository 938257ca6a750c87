//! Grundy values: computed by mex over explicit options for tables, and — for lookups of any
//! pile — by the [`Solver`], which answers only with a value it computed or proved ([`Known`]):
//! a proven closed form, the game's sequence computed by mex, or a proven period. A pile beyond
//! all three is refused; no path reads a default.

use std::sync::Arc;

use crate::error::Beyond;
use crate::families::graph::GameGraph;
use crate::families::octal::OctalCode;
use crate::families::subtraction::{Periodic, SubtractionSet};
use crate::limits::budget::Budget;
use crate::limits::cancel::{Cancel, POLL_EVERY};
use crate::values::library_form::LibraryForm;
use crate::values::mex::mex;
use crate::values::octal_sequence::Extent;
use crate::values::octal_values::OctalValues;
use crate::values::period::Period;
use crate::values::take_any::TakeAnyMex;
use crate::{EngineError, Grundy, Heaps, Pass, Pile, Rules};

/// A formula proven for every state it covers: the only values nimlab calls closed forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formula {
    /// Nim: g(n) = n.
    Nim,
    /// Misère Nim's piles under normal play: g(n) = n (misère decides winners by its own rule).
    MisereNormalPlay,
    /// Zero-move: the empty pile has no moves, g(0) = 0.
    ZeroMoveEmpty,
    /// Zero-move: nF is a Nim pile, g(nF) = n.
    ZeroMoveSpent,
    /// Zero-move: g(nT) = n + 1 for odd n.
    ZeroMoveOdd,
    /// Zero-move: g(nT) = n − 1 for even n ≥ 2.
    ZeroMoveEven,
    /// A library game's closed form: decided by induction, or (a theorem) checked against
    /// mex for every state up to `checked`.
    Library { form: LibraryForm, checked: u64 },
    /// A defined game's closed form decided by induction in this session (`conjecture`).
    Session,
}

/// How a Grundy value was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The mex of the options' values listed with it (a table's row).
    Mex,
    /// By mex over every option, as one of the game's values computed in order: every state up
    /// to `upto` (every position, for a graph). The options are not listed.
    Computed { upto: u64 },
    /// A proven formula.
    ClosedForm(Formula),
    /// From a computed value by a proven period: g(n + period) = g(n) for n ≥ preperiod.
    Periodic { preperiod: u64, period: u64 },
}

/// A pile's value by the closed form of `rules` (Nim, misère, zero-move), or `None` for
/// rules without one. With `rules` a constant the match folds away, leaving the formula alone.
#[inline(always)]
pub(crate) fn closed_form(rules: &Rules, pile: Pile) -> Option<Known> {
    let n = Grundy::from(pile.size);
    let known = |grundy, formula| {
        Some(Known {
            grundy,
            method: Method::ClosedForm(formula),
        })
    };
    match rules {
        Rules::ZeroMove => match pile.pass {
            _ if n == 0 => known(0, Formula::ZeroMoveEmpty),
            None | Some(Pass::Spent) => known(n, Formula::ZeroMoveSpent),
            Some(Pass::Unused) if n % 2 == 1 => known(n + 1, Formula::ZeroMoveOdd),
            Some(Pass::Unused) => known(n - 1, Formula::ZeroMoveEven),
        },
        Rules::Misere => known(n, Formula::MisereNormalPlay),
        Rules::Nim => known(n, Formula::Nim),
        _ => None,
    }
}

/// A Grundy value the solver computed or proved, with how. Only the solver makes one, so a
/// number holding this type was never defaulted or guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known {
    grundy: Grundy,
    method: Method,
}

impl Known {
    #[inline]
    pub fn grundy(self) -> Grundy {
        self.grundy
    }

    pub fn method(self) -> Method {
        self.method
    }
}

/// One state of a table with how its value came about. Made only here (a table's row, or a
/// solver's [`Known`] value), so its method is always the one that produced its value.
// The private field seals rows against construction outside this module; `#[non_exhaustive]`
// would only seal them outside the crate.
#[allow(clippy::manual_non_exhaustive)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyRow {
    pub pile: Pile,
    pub grundy: Grundy,
    pub method: Method,
    /// The options with their values, in the ruleset's order; empty unless the method is
    /// [`Method::Mex`]. A split (`2+3`) has the XOR of its parts' values.
    pub options: Vec<(Heaps, Grundy)>,
    /// For each option, in the same order: its parts' values if it is a split (two or three).
    pub parts: Vec<Option<Vec<Grundy>>>,
    /// Keeps rows from being written outside this module.
    sealed: (),
}

impl GrundyRow {
    /// The sorted set of the options' values — the set whose mex is the row's value.
    pub fn reachable(&self) -> Vec<Grundy> {
        let mut set: Vec<Grundy> = self.options.iter().map(|&(_, g)| g).collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    /// A state valued by the solver, its options not listed.
    pub fn known(pile: Pile, known: Known) -> Self {
        Self {
            pile,
            grundy: known.grundy,
            method: known.method,
            options: Vec::new(),
            parts: Vec::new(),
            sealed: (),
        }
    }
}

/// Octal heaps computed when a solver is made (or fewer, if the work runs out first).
pub(crate) const SOLVER_VALUES: usize = 1 << 12;
/// Work a solver does when it is made.
pub(crate) const SOLVER_WORK: u64 = 10_000_000;
/// The work limits of a lookup and a table, defined with the budgets (beneath the rulesets,
/// whose defined games ask for options within a lookup's) and named here, where the solver
/// spends them.
pub use crate::limits::budget::{LOOKUP_WORK, TABLE_WORK};

/// Grundy values of any pile: closed forms where proven, else values by mex computed as far as
/// a work budget allows and a proven period beyond them.
#[derive(Debug, Clone)]
pub struct Solver {
    rules: Rules,
    values: Values,
}

/// What a solver knows besides its rules.
#[derive(Debug, Clone)]
enum Values {
    /// Nim, misère Nim, zero-move: closed forms.
    Formula,
    /// A subtraction game's values up to the end of its first period.
    Subtract(Arc<Periodic>),
    /// An octal game's values so far, and its period once proven.
    Octal(OctalValues),
    /// A graph's positions, all valued when it was loaded.
    Graph,
    /// A defined game: its values so far are kept with its rule (shared by every clone of the
    /// rules). A library game's closed form, if it has one, and for a theorem the state up to
    /// which it was checked against mex (none yet: not used).
    Defined {
        form: Option<LibraryForm>,
        checked: Option<u64>,
    },
}

impl Solver {
    /// A solver for `rules`. An octal game's first values are computed now (up to
    /// [`SOLVER_VALUES`] heaps or [`SOLVER_WORK`], whichever comes first); [`Solver::reach`]
    /// computes further.
    pub fn new(rules: &Rules) -> Result<Self, EngineError> {
        Self::new_within(rules, &mut Budget::new(SOLVER_WORK))
    }

    /// [`Solver::new`] with the first octal values computed within `budget` (which is charged;
    /// a budget of 0 computes none, leaving it all to [`Solver::reach_within`]).
    pub fn new_within(rules: &Rules, budget: &mut Budget) -> Result<Self, EngineError> {
        let values = match rules {
            Rules::Subtract(set) => match Periodic::find(set)? {
                Some(periodic) => Values::Subtract(Arc::new(periodic)),
                None => {
                    return Err(crate::TooMuchWork::SubtractionPeriod {
                        set: set.to_string(),
                        values: crate::families::subtraction::SEARCH_LIMIT as u64,
                    }
                    .into());
                }
            },
            Rules::Octal(code) => {
                let mut values = OctalValues::new(code);
                // Running out of this budget only leaves fewer heaps computed.
                let _ = values.extend(SOLVER_VALUES, budget)?;
                Values::Octal(values)
            }
            Rules::Graph(_) => Values::Graph,
            Rules::Defined(game) => Values::Defined {
                form: LibraryForm::of(game.name()).filter(|_| !game.has_tuples()),
                checked: None,
            },
            Rules::Nim | Rules::Misere | Rules::ZeroMove => Values::Formula,
        };
        Ok(Self {
            rules: rules.clone(),
            values,
        })
    }

    /// A solver for an octal game from values already computed.
    pub fn from_octal(values: OctalValues) -> Self {
        Self {
            rules: Rules::Octal(values.code().clone()),
            values: Values::Octal(values),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A library game's closed form, if its rules are one (see [`LibraryForm`]).
    pub(crate) fn library_form(&self) -> Option<LibraryForm> {
        match &self.values {
            Values::Defined { form, .. } => *form,
            _ => None,
        }
    }

    /// The octal game's values and period, for octal rulesets.
    pub fn octal(&self) -> Option<&OctalValues> {
        match &self.values {
            Values::Octal(v) => Some(v),
            _ => None,
        }
    }

    /// Whether this solver has computed more than `other` (for the same rules): an octal
    /// game's period, or values further on.
    pub fn knows_more_than(&self, other: &Solver) -> bool {
        let reach = |s: &Solver| s.octal().map(|v| (v.period().is_some(), v.values().len()));
        reach(self) > reach(other)
    }

    /// The value of one pile (for misère, of the pile under normal play), or why there is none:
    /// an octal heap beyond the values computed so far when no period is proven, or a number
    /// that is not one of a graph's positions.
    #[inline]
    pub fn value(&self, pile: Pile) -> Result<Known, EngineError> {
        self.lookup(pile).ok_or_else(|| self.refusal(pile))
    }

    /// [`Solver::value`] without the reason for a refusal: what a loop over millions of piles
    /// calls, so each pile costs a table read or a formula and nothing more. The formula is
    /// inlined into the caller; tables are read out of line. (Both in one function, too large to
    /// inline, cost a call and a value returned through memory, several times the formula's own
    /// cost: `cargo bench --bench engine -- closed_form`.)
    #[inline]
    pub fn lookup(&self, pile: Pile) -> Option<Known> {
        match self.values {
            Values::Formula => closed_form(&self.rules, pile),
            _ => self.lookup_table(pile),
        }
    }

    /// [`Solver::lookup`] for rules without a closed form.
    #[inline(never)]
    fn lookup_table(&self, pile: Pile) -> Option<Known> {
        let n = pile.size;
        let known = |grundy, method| Some(Known { grundy, method });
        match (&self.values, &self.rules) {
            (Values::Formula, rules) => closed_form(rules, pile),
            (Values::Subtract(p), _) => match (p.computed_value(n), p.value(n)) {
                (Some(g), _) => known(g, Method::Computed { upto: p.computed() }),
                (None, Some(g)) => known(
                    g,
                    Method::Periodic {
                        preperiod: p.preperiod,
                        period: p.period,
                    },
                ),
                (None, None) => None,
            },
            (Values::Octal(v), _) => {
                if let (Some(g), Some(upto)) = (v.computed_value(n), v.computed()) {
                    return known(g, Method::Computed { upto });
                }
                let (g, p) = v.periodic_value(n)?;
                known(
                    g,
                    Method::Periodic {
                        preperiod: p.preperiod,
                        period: p.period,
                    },
                )
            }
            (Values::Graph, Rules::Graph(graph)) => known(
                graph.value(n)?,
                Method::Computed {
                    upto: graph.len() as u64 - 1,
                },
            ),
            (Values::Defined { form, checked }, Rules::Defined(game)) => {
                if let (Some(g), Some(upto)) = (game.value(n), game.computed()) {
                    return known(g, Method::Computed { upto });
                }
                if let Some(g) = game.proven().and_then(|p| p.value(n)) {
                    return known(g, Method::ClosedForm(Formula::Session));
                }
                let form = (*form)?;
                let checked = match (form.decided(), checked) {
                    (true, _) => 0,
                    (false, Some(c)) => *c,
                    (false, None) => return None,
                };
                known(
                    form.value(n),
                    Method::ClosedForm(Formula::Library { form, checked }),
                )
            }
            (Values::Graph | Values::Defined { .. }, _) => None,
        }
    }

    /// Why [`Solver::lookup`] has no value for `pile`.
    #[cold]
    fn refusal(&self, pile: Pile) -> EngineError {
        match &self.rules {
            Rules::Graph(graph) if graph.is_loopy() && graph.gamma(pile.size).is_some() => {
                EngineError::LoopyGraph {
                    source: graph.source().to_string(),
                    misere: false,
                }
            }
            Rules::Graph(graph) => EngineError::BadPile {
                token: pile.size.to_string(),
                expected: graph.pile_syntax(),
            },
            _ if matches!(self.values, Values::Graph) => EngineError::BadPile {
                token: pile.size.to_string(),
                expected: self.rules.pile_syntax(),
            },
            _ => self.beyond(pile, None),
        }
    }

    /// The row of a state: its options, each valued by this solver, and its value as their
    /// mex. Refuses if an option has no value (see [`Solver::reach`]).
    pub fn row(&self, pile: Pile) -> Result<GrundyRow, EngineError> {
        let mut options = Vec::new();
        let mut parts = Vec::new();
        let mut budget = Budget::new(LOOKUP_WORK);
        for heaps in self.rules.heap_options(pile, &mut budget)? {
            match heaps {
                Heaps::One(p) => {
                    options.push((heaps, self.value(p)?.grundy));
                    parts.push(None);
                }
                Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..) => {
                    let values = heaps
                        .piles()
                        .map(|p| Ok(self.value(p)?.grundy))
                        .collect::<Result<Vec<Grundy>, EngineError>>()?;
                    options.push((heaps, values.iter().fold(0, |x, &v| x ^ v)));
                    parts.push(Some(values));
                }
            }
        }
        Ok(GrundyRow {
            pile,
            grundy: mex(options.iter().map(|&(_, g)| g)),
            method: Method::Mex,
            options,
            parts,
            sealed: (),
        })
    }

    /// The value of what a move leaves: one heap's, or the XOR of a split's parts.
    pub fn heaps_value(&self, heaps: &Heaps) -> Result<Grundy, EngineError> {
        heaps
            .piles()
            .try_fold(0, |acc, p| Ok(acc ^ self.value(p)?.grundy))
    }

    /// Makes `pile` valued if the work of a lookup ([`LOOKUP_WORK`]) allows: an octal game's
    /// values are computed by mex toward it (and a period looked for on the way). Refuses, naming
    /// `token`, the limit and what would go further, if they do not reach it.
    pub fn reach(&mut self, pile: Pile, token: &str) -> Result<(), EngineError> {
        self.reach_within(pile, token, &mut Budget::new(LOOKUP_WORK))
    }

    /// [`Solver::reach`] for every pile (the largest decides).
    pub fn reach_all(&mut self, piles: &[Pile]) -> Result<(), EngineError> {
        // A defined game of tuples numbers its piles: each is reached on its own.
        if let Rules::Defined(game) = &self.rules
            && game.has_tuples()
        {
            let mut budget = Budget::new(LOOKUP_WORK);
            return piles
                .iter()
                .try_for_each(|p| game.extend(p.size, &mut budget));
        }
        match piles.iter().max_by_key(|p| p.size) {
            Some(&p) => self.reach(p, &self.rules.name_of(p)),
            None => Ok(()),
        }
    }

    /// [`Solver::reach`] within `budget`, which is charged with the work done.
    pub fn reach_within(
        &mut self,
        pile: Pile,
        token: &str,
        budget: &mut Budget,
    ) -> Result<(), EngineError> {
        if let Rules::Defined(game) = &self.rules {
            // A form proven in this session needs no values by mex past small piles.
            if game.proven().is_some() && pile.size > SESSION_FORM_MEX && self.value(pile).is_ok() {
                return Ok(());
            }
            let Values::Defined {
                form: Some(form),
                checked,
            } = &mut self.values
            else {
                return game.extend(pile.size, budget);
            };
            // A closed form past the values by mex: those are computed only as far as its
            // check needs (a theorem's) or as a lookup asks for small piles.
            // A decided form needs no values by mex beyond the pile's own (if small).
            if form.decided() && pile.size > form.checked_values() {
                return Ok(());
            }
            let want = pile.size.min(form.checked_values());
            match game.extend(want, budget) {
                Ok(()) => {}
                Err(EngineError::Interrupted) => return Err(EngineError::Interrupted),
                Err(_) if game.computed().is_some() => {}
                Err(e) => return Err(e),
            }
            if !form.decided() && checked.is_none() {
                let upto = game.computed().unwrap_or(0);
                let agrees = game
                    .values_to(upto)
                    .is_some_and(|v| (0..).zip(v).all(|(n, g)| form.value(n) == g));
                *checked = agrees.then_some(upto);
            }
            return match self.value(pile) {
                Ok(_) => Ok(()),
                Err(_) => game.extend(pile.size, budget),
            };
        }
        if let Rules::Graph(graph) = &self.rules
            && graph.is_loopy()
        {
            // Every position was valued by γ when the graph was loaded.
            return match graph.gamma(pile.size) {
                Some(_) => Ok(()),
                None => Err(self.refusal(pile)),
            };
        }
        let Values::Octal(values) = &mut self.values else {
            return self.value(pile).map(|_| ());
        };
        if values.computed_value(pile.size).is_some() || values.period().is_some() {
            return Ok(());
        }
        // Twice the values so far at least, so a run of growing lookups costs no more than
        // the last of them twice over; sequences stop below u32::MAX.
        let have = values.values().len();
        let target = usize::try_from(pile.size)
            .unwrap_or(usize::MAX)
            .max(have.saturating_mul(2))
            .min(OCTAL_MAX_HEAP);
        let _ = values.extend(target, budget)?;
        match self.value(pile) {
            Ok(_) => Ok(()),
            Err(_) => Err(self.beyond(pile, Some((token, budget.limit())))),
        }
    }

    /// The refusal for an octal heap beyond the computed values with no period proven.
    fn beyond(&self, pile: Pile, limit: Option<(&str, u64)>) -> EngineError {
        let computed = self.octal().and_then(OctalValues::computed);
        let (token, limit) = match limit {
            Some((token, limit)) => (token.to_string(), Some(limit)),
            None => (self.rules.name_of(pile), None),
        };
        EngineError::BeyondComputed(Box::new(Beyond {
            token,
            rules: self.rules.to_string(),
            computed,
            work_limit: limit,
            extend_to: pile.size.min(TABLE_MAX_SIZE),
        }))
    }
}

/// Piles of a defined game with a closed form proven in the session that are still valued by
/// mex (so their rows list their options).
const SESSION_FORM_MEX: u64 = 1024;

/// The largest octal heap a lookup computes by mex (no budget reaches it).
const OCTAL_MAX_HEAP: usize = 10_000_000;

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
    /// The largest size asked for (a graph's table holds every position beyond it).
    upto: u64,
    /// An octal game's values past this heap were read off this proven period.
    periodic: Option<(u64, Period)>,
}

impl GrundyTable {
    /// Computes the table within [`TABLE_WORK`]. Take-any rulesets cost O(upto) in total
    /// through incremental mex.
    pub fn compute(rules: &Rules, upto: u64) -> Result<Self, EngineError> {
        Self::compute_within(rules, upto, &mut Budget::new(TABLE_WORK))
    }

    /// [`GrundyTable::compute`], stopping with `Interrupted` once `cancel` is cancelled where
    /// it can take long (octal and subtraction games); its progress counts sizes.
    pub fn compute_with(rules: &Rules, upto: u64, cancel: &Cancel) -> Result<Self, EngineError> {
        Self::compute_within(
            rules,
            upto,
            &mut Budget::new(TABLE_WORK).cancelled_by(cancel),
        )
    }

    /// Computes the table within `budget`, which is charged with the work done; refuses if it
    /// runs out. A graph's table holds every position (so every row's options are in it).
    pub(crate) fn compute_within(
        rules: &Rules,
        upto: u64,
        budget: &mut Budget,
    ) -> Result<Self, EngineError> {
        if upto > TABLE_MAX_SIZE {
            return Err(crate::TooMuchWork::Table {
                upto,
                max: TABLE_MAX_SIZE,
            }
            .into());
        }
        // upto ≤ TABLE_MAX_SIZE, which fits a usize everywhere nimlab runs.
        let len = usize::try_from(upto).unwrap_or(usize::MAX - 1) + 1;
        let columns = match rules {
            Rules::Nim | Rules::Misere | Rules::ZeroMove => {
                take_any_columns(rules.has_pass(), len, budget)
            }
            Rules::Octal(code) => octal_columns(rules, code, len, budget)?,
            Rules::Graph(graph) => graph_columns(graph, len, budget)?,
            Rules::Defined(game) if game.has_tuples() => {
                return Err(crate::TooMuchWork::TupleTable {
                    game: game.name().to_string(),
                }
                .into());
            }
            Rules::Defined(game) => {
                game.extend(upto, budget)?;
                let values = game.values_to(upto).unwrap_or_default();
                Columns::plain(values.iter().map(|&g| narrow(g)).collect())
            }
            Rules::Subtract(set) => subtraction_columns(set, len, budget)?,
        };
        Ok(Self {
            rules: rules.clone(),
            plain: columns.plain,
            unused: columns.unused,
            upto,
            periodic: columns.periodic,
        })
    }
}

/// A table's values as computed: states without a pass (or with it spent), states with an
/// unused pass (zero-move only), and the period proven on the way, if any.
struct Columns {
    plain: Vec<u32>,
    unused: Vec<u32>,
    periodic: Option<(u64, Period)>,
}

impl Columns {
    /// Values of states without a pass, and no period.
    fn plain(plain: Vec<u32>) -> Self {
        Self {
            plain,
            unused: Vec::new(),
            periodic: None,
        }
    }
}

/// Nim, misère Nim and zero-move Nim to `len` states by incremental mex, O(len).
fn take_any_columns(with_pass: bool, len: usize, budget: &mut Budget) -> Columns {
    let upto = len as u64 - 1;
    budget.charge(upto.saturating_mul(if with_pass { 2 } else { 1 }));
    let mut values = TakeAnyMex::new(with_pass, len);
    if !with_pass {
        return Columns::plain(
            (0..len)
                .map(|_| narrow_index(values.next_value()))
                .collect(),
        );
    }
    // Zeroed pages come from the system untouched; each is written once.
    let mut plain = vec![0; len];
    let mut unused = vec![0; len];
    let mut at = 0;
    values.for_each_pair(len, |f, t| {
        plain[at] = narrow_index(f);
        unused[at] = narrow_index(t);
        at += 1;
    });
    Columns {
        plain,
        unused,
        periodic: None,
    }
}

/// An octal game's values by mex until the period is proven, then read off the period.
fn octal_columns(
    rules: &Rules,
    code: &OctalCode,
    len: usize,
    budget: &mut Budget,
) -> Result<Columns, EngineError> {
    let upto = len as u64 - 1;
    let mut values = OctalValues::new(code);
    budget.begin(upto);
    let tail = match values.extend(len - 1, budget)? {
        Extent::Done => values.sequence_to(len - 1),
        Extent::BudgetSpent => None,
    };
    let Some(tail) = tail else {
        return Err(crate::TooMuchWork::TableBudget {
            rules: rules.to_string(),
            upto,
            options: budget.limit(),
            reached: values.values().len().saturating_sub(1) as u64,
        }
        .into());
    };
    Ok(Columns {
        plain: tail.values.iter().map(|&g| u32::from(g)).collect(),
        unused: Vec::new(),
        periodic: tail.period,
    })
}

/// A graph's first `len` positions, valued when it was read.
fn graph_columns(
    graph: &GameGraph,
    len: usize,
    budget: &mut Budget,
) -> Result<Columns, EngineError> {
    if len > graph.len() {
        return Err(crate::TooMuchWork::GraphTable {
            rows: len as u64,
            positions: graph.len() as u64,
        }
        .into());
    }
    let values = graph.values().ok_or_else(|| EngineError::LoopyGraph {
        source: graph.source().to_string(),
        misere: false,
    })?;
    budget.charge(graph.len() as u64);
    Ok(Columns::plain(values.iter().map(|&g| narrow(g)).collect()))
}

/// A subtraction game to `len` states by mex over its set.
fn subtraction_columns(
    set: &SubtractionSet,
    len: usize,
    budget: &mut Budget,
) -> Result<Columns, EngineError> {
    let upto = len as u64 - 1;
    budget.charge(upto.saturating_mul(set.values().len() as u64));
    budget.begin(upto);
    let mut plain: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        if (n as u64).is_multiple_of(POLL_EVERY) {
            budget.reach(n as u64)?;
        }
        let g = mex(set
            .values()
            .iter()
            .filter_map(|&s| usize::try_from(s).ok())
            .filter(|&s| s <= n)
            .map(|s| Grundy::from(plain[n - s])));
        plain.push(narrow(g));
    }
    Ok(Columns::plain(plain))
}

impl GrundyTable {
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
        // No row rather than a row short of options.
        let mut budget = Budget::new(LOOKUP_WORK);
        for heaps in self.rules.heap_options(pile, &mut budget).ok()? {
            match heaps {
                Heaps::One(p) => {
                    options.push((heaps, self.value(p)?));
                    parts.push(None);
                }
                Heaps::Two(..) | Heaps::Three(..) | Heaps::Many(..) => {
                    let values = heaps
                        .piles()
                        .map(|p| self.value(p))
                        .collect::<Option<Vec<Grundy>>>()?;
                    options.push((heaps, values.iter().fold(0, |x, &v| x ^ v)));
                    parts.push(Some(values));
                }
            }
        }
        Some(GrundyRow {
            pile,
            grundy,
            method: Method::Mex,
            options,
            parts,
            sealed: (),
        })
    }

    /// The largest size the table was computed for.
    pub fn upto(&self) -> u64 {
        self.upto
    }

    /// For an octal game whose period was proven before `upto`: the last heap valued by mex,
    /// and the period that gives the values past it.
    pub(crate) fn periodic(&self) -> Option<(u64, Period)> {
        self.periodic
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

    /// g by recursion on the definition with memo: mex over every option, a split valued as
    /// the XOR of its parts.
    fn brute(rules: &Rules, pile: Pile, memo: &mut HashMap<Pile, Grundy>) -> Grundy {
        if let Some(&g) = memo.get(&pile) {
            return g;
        }
        let opts: Vec<Heaps> = rules
            .heap_options(pile, &mut Budget::new(u64::MAX))
            .unwrap()
            .collect();
        let values: Vec<Grundy> = opts
            .into_iter()
            .map(|h| h.piles().fold(0, |acc, p| acc ^ brute(rules, p, memo)))
            .collect();
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
            "octal:0.77",
            "octal:0.007",
            "octal:4.07",
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
    fn solver_values_match_recursive_mex_and_say_how() {
        for rules in all_rules() {
            let solver = Solver::new(&rules).unwrap();
            let mut memo = HashMap::new();
            for n in 0..=300 {
                for pile in rules.states(n) {
                    let known = solver.value(pile).unwrap();
                    assert_eq!(
                        known.grundy(),
                        brute(&rules, pile, &mut memo),
                        "{rules} {pile}"
                    );
                    // Only nim, zero-move and misère have formulas.
                    let formula = matches!(known.method(), Method::ClosedForm(_));
                    assert_eq!(formula, rules.is_take_any(), "{rules} {pile}");
                    let row = solver.row(pile).unwrap();
                    assert_eq!(row.grundy, known.grundy(), "{rules} {pile}");
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
        let value = |p| solver.value(p).unwrap();
        let top = value(Pile::zero_move(u64::MAX, Pass::Unused));
        assert_eq!(top.grundy(), 1u128 << 64);
        assert_eq!(top.method(), Method::ClosedForm(Formula::ZeroMoveOdd));
        let below = value(Pile::zero_move(u64::MAX - 1, Pass::Unused));
        assert_eq!(below.grundy(), u128::from(u64::MAX - 2));
        assert_eq!(below.method(), Method::ClosedForm(Formula::ZeroMoveEven));
    }

    #[test]
    fn an_octal_heap_beyond_the_values_is_refused_until_reached() {
        // 0.007 proves no period in its first values; a budget of 0 computes none.
        let rules = Rules::parse("octal:0.007").unwrap();
        let mut solver = Solver::new_within(&rules, &mut Budget::new(0)).unwrap();
        let pile = Pile::plain(3000);
        assert!(matches!(
            solver.value(pile),
            Err(EngineError::BeyondComputed(_))
        ));
        let err = solver
            .reach_within(pile, "3000", &mut Budget::new(10_000))
            .unwrap_err();
        let EngineError::BeyondComputed(beyond) = err else {
            panic!("{err:?}");
        };
        assert_eq!(
            (beyond.token.as_str(), beyond.rules.as_str()),
            ("3000", "octal:0.007")
        );
        assert_eq!((beyond.work_limit, beyond.extend_to), (Some(10_000), 3000));
        solver.reach(pile, "3000").unwrap();
        let known = solver.value(pile).unwrap();
        assert!(matches!(known.method(), Method::Computed { upto } if upto >= 3000));
        let table = GrundyTable::compute(&rules, 3000).unwrap();
        assert_eq!(Some(known.grundy()), table.value(pile));
    }

    #[test]
    fn a_proven_period_values_any_heap_and_says_so() {
        // Kayles: period 12 from 71 (Winning Ways), proven in the first 256 values.
        let solver = Solver::new(&Rules::parse("octal:0.77").unwrap()).unwrap();
        let period = Method::Periodic {
            preperiod: 71,
            period: 12,
        };
        let far = solver.value(Pile::plain(u64::MAX)).unwrap();
        assert_eq!(far.method(), period);
        // u64::MAX = 71 + 12·k + r with r = (u64::MAX − 71) mod 12, so g = g(71 + r).
        let r = (u64::MAX - 71) % 12;
        let near = solver.value(Pile::plain(71 + r)).unwrap();
        assert_eq!(far.grundy(), near.grundy());
    }

    #[test]
    fn a_graph_table_holds_every_position() {
        let graph = crate::families::graph::GameGraph::new(
            "g",
            vec![
                ("a".into(), vec!["c".into()]),
                ("b".into(), vec![]),
                ("c".into(), vec!["b".into()]),
            ],
        )
        .unwrap();
        let rules = Rules::Graph(Arc::new(graph));
        let table = GrundyTable::compute(&rules, 0).unwrap();
        // a → c → b: b = 0, c = 1, a = 0; a's row lists c although the table was asked for a.
        let row = table.row(Pile::plain(0)).unwrap();
        assert_eq!((row.grundy, row.reachable()), (0, vec![1]));
        let solver = Solver::new(&rules).unwrap();
        assert_eq!(solver.row(Pile::plain(0)).unwrap().options, row.options);
        assert!(solver.value(Pile::plain(3)).is_err());
    }

    #[test]
    fn refuses_tables_beyond_the_limit_or_the_work() {
        assert!(GrundyTable::compute(&Rules::Nim, TABLE_MAX_SIZE + 1).is_err());
        let octal = Rules::parse("octal:0.007").unwrap();
        let err =
            GrundyTable::compute_within(&octal, 100_000, &mut Budget::new(1_000_000)).unwrap_err();
        assert!(format!("{err:?}").contains("options: 1000000"), "{err:?}");
    }
}
