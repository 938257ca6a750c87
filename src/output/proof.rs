//! Results of the proof explorer: expression values, derivations, conjectures, proof steps and
//! exhaustive verification. Data only; `render` words them.

use crate::engine::{GrundyRow, Pile, Rules};
use crate::expr::{Int, PeriodicReads, Value};

/// `= EXPR`: the expression as evaluated and its value.
#[derive(Debug, Clone)]
pub struct ValueReport {
    pub expr: String,
    pub value: Value,
    /// The values it used that were read off a proven period, by ruleset.
    pub periodic: Vec<PeriodicReads>,
    /// `A ^ B` written between two numbers, computed as XOR where a power was likely meant.
    pub carets: Vec<crate::expr::CaretXor>,
}

/// `derive`: states' derivations by mex, in table order.
#[derive(Debug, Clone)]
pub struct Derivation {
    pub rules: Rules,
    pub rows: Vec<GrundyRow>,
    /// When stepping: the 1-based number of the first row shown and how many there are.
    pub step: Option<(usize, usize)>,
}

/// `conjecture`: a formula for Grundy values checked against brute force.
#[derive(Debug, Clone)]
pub struct ConjectureReport {
    /// The formula as written.
    pub formula: String,
    pub rules: Rules,
    /// The claimed side with its variable, such as `g(nT)`.
    pub claimed: String,
    /// The checked domain as written, such as `n = 0..1000`.
    pub domain: String,
    /// How many states were compared.
    pub checked: usize,
    pub outcome: ConjectureOutcome,
    /// The decider's verdict for every n, and how long it took.
    pub decided: Option<(crate::proof::induction::Decision, std::time::Duration)>,
    /// Whether the formula, decided true for a game defined in the session, is now its
    /// closed form for lookups.
    pub remembered: bool,
    /// `--explain`: the induction sentence and the automata's figures.
    pub explain: bool,
    /// Whether a failure the decider found is this claim's: always for a claim about every
    /// n, for one with a domain of its own (`for n in …`) when the failing n is in it.
    pub decided_applies: bool,
}

impl ConjectureReport {
    /// The verdict a script reads (exit code, JSON `holds`): no failure by mex, and for a
    /// claim about every n, not decided false — a decided verdict is never dropped.
    pub fn holds(&self) -> bool {
        !matches!(self.outcome, ConjectureOutcome::Fails { .. }) && !self.decided_false()
    }

    /// Whether the decider found this claim false (at a known n or not).
    pub fn decided_false(&self) -> bool {
        self.decided_applies
            && matches!(
                &self.decided,
                Some((
                    crate::proof::induction::Decision {
                        verdict: crate::proof::induction::FormulaVerdict::Fails { .. }
                            | crate::proof::induction::FormulaVerdict::FailsUnlocated { .. },
                        ..
                    },
                    _,
                ))
            )
    }

    /// The formula's variable, as its domain names it (`n` of `n = 0..1000`).
    pub fn var(&self) -> &str {
        self.domain.split_whitespace().next().unwrap_or("n")
    }

    /// The smallest n where the decider found the claim about every n false.
    pub fn decided_fails_at(&self) -> Option<u128> {
        match &self.decided {
            Some((
                crate::proof::induction::Decision {
                    verdict: crate::proof::induction::FormulaVerdict::Fails { n, .. },
                    ..
                },
                _,
            )) if self.decided_applies => Some(*n),
            _ => None,
        }
    }
}

/// Whether the formula agreed with every brute-force value.
#[derive(Debug, Clone)]
pub enum ConjectureOutcome {
    Holds,
    /// Not compared with mex: valuing the range was refused (too much work, memory). The
    /// report stands on the decider's verdict, which it has.
    NotChecked(crate::engine::EngineError),
    Fails {
        /// The first counterexample.
        n: Int,
        /// What the formula gives there.
        formula_value: Int,
        /// The brute-force derivation of that state.
        row: GrundyRow,
        /// How many states of the domain fail in all, and the first few of them.
        failures: usize,
        first_failures: Vec<Int>,
        /// A patched formula when only one state fails.
        fix: Option<String>,
        /// Whether `n` lies past the values compared by mex: the decider's smallest
        /// counterexample, valued by mex there (every value compared agreed).
        past_range: bool,
    },
}

/// `conjecture lost(a, b, c) = P`: a claim about the lost positions of a game of whole
/// positions (Nim, misère Nim, Moore's Nim_K) with a fixed number of piles.
#[derive(Debug, Clone)]
pub struct PositionConjectureReport {
    /// The claim as written.
    pub formula: String,
    /// The ruleset's name, such as `moore:2`.
    pub rules: String,
    /// The piles' names, in order.
    pub names: Vec<String>,
    /// Brute force covered every position with each pile below `side`.
    pub side: u64,
    /// How many positions were compared.
    pub checked: usize,
    /// The brute-force failure of smallest total, if any: the position, what the claim says
    /// (lost or not) and how many positions failed in all.
    pub failure: Option<PositionFailure>,
    /// The decider's verdict for every position, and how long it took.
    pub decided: Option<(
        crate::proof::positions::PositionDecision,
        std::time::Duration,
    )>,
    /// `--explain`: the induction sentence and the automata's figures.
    pub explain: bool,
}

impl PositionConjectureReport {
    /// A position where the claim fails, `(a, b) = (0, 1)`, from brute force or else from the
    /// decider; `None` if neither found one.
    pub fn fails_at(&self) -> Option<String> {
        use crate::proof::positions::PositionVerdict;
        let at: Vec<String> = match (&self.failure, &self.decided) {
            (Some(f), _) => f.position.iter().map(ToString::to_string).collect(),
            (
                None,
                Some((
                    crate::proof::positions::PositionDecision {
                        verdict: PositionVerdict::Fails { at, .. },
                        ..
                    },
                    _,
                )),
            ) => at.iter().map(ToString::to_string).collect(),
            _ => return None,
        };
        Some(if at.len() == 1 {
            format!("{} = {}", self.names[0], at[0])
        } else {
            format!("({}) = ({})", self.names.join(", "), at.join(", "))
        })
    }
}

/// Where a claim about lost positions first disagrees with brute force.
#[derive(Debug, Clone)]
pub struct PositionFailure {
    pub position: Vec<u64>,
    /// Whether the claim says the player to move loses there (brute force says the opposite).
    pub claimed_lost: bool,
    pub failures: usize,
}

/// `decide`: a sentence in the decider's syntax and what deciding it gave.
#[derive(Debug, Clone)]
pub struct DecideReport {
    pub sentence: String,
    pub outcome: crate::proof::DecideOutcome,
    pub elapsed: std::time::Duration,
    /// `--explain`: the automata's figures in full.
    pub explain: bool,
    /// The work limit it ran under.
    pub work: u64,
}

/// `verify`: exhaustive search compared with nimlab's rule.
#[derive(Debug, Clone)]
pub struct VerifyReport {
    pub rules: Rules,
    pub misere: bool,
    pub piles: usize,
    pub max: u64,
    pub result: crate::engine::Verification,
    /// Whether nimlab has a rule to compare (none for zero-move misère): the nim-sum's, or
    /// misère Nim's when `misere`.
    pub rule: bool,
    pub elapsed: std::time::Duration,
    /// Options the search looked up, and how long the search alone took.
    pub moves_examined: u64,
    pub search_time: std::time::Duration,
    /// Without a rule: the first positions lost for the player to move.
    pub lost: Vec<Vec<Pile>>,
    /// Without a rule: two-pile outcomes, `grid[i][j]` for states `grid_states[i]`, `[j]`
    /// (`true`: the player to move wins).
    pub grid_states: Vec<Pile>,
    pub grid: Vec<Vec<bool>>,
}

/// `prove`: steps of a proof with their checks, and on request a step's evidence or its
/// instantiation at one value.
#[derive(Debug, Clone)]
pub struct ProofView {
    pub id: String,
    pub title: String,
    pub steps: Vec<StepView>,
    /// When stepping: the 1-based number of the step shown and how many there are.
    pub step: Option<(usize, usize)>,
}

/// One step as shown.
#[derive(Debug, Clone)]
pub struct StepView {
    /// "Theorem", "Lemma", "Case", "Conclusion".
    pub heading: String,
    /// The lemma's or case's title.
    pub section: Option<String>,
    pub text: String,
    pub check: Option<String>,
    pub domain: Option<String>,
    pub outcome: Option<crate::proof::CheckOutcome>,
    /// The claim as a first-order sentence (as written, definitions not expanded).
    pub sentence: Option<String>,
    /// What that sentence states, in the proof's words ("for every three piles a, b, c: …").
    pub states: Option<String>,
    /// What deciding the sentence gave, and how long it took.
    pub decided: Option<(crate::proof::DecideOutcome, std::time::Duration)>,
    /// Why the step has no sentence, as the proof says.
    pub undecided: Option<String>,
    /// The definitions the sentence may use, for `--explain`.
    pub definitions: Vec<(String, String)>,
    /// `--explain`: show the sentence and the automaton's figures.
    pub explain: bool,
    pub detail: StepDetail,
}

/// Extra detail asked for on a step.
#[derive(Debug, Clone)]
pub enum StepDetail {
    None,
    /// `expand`: the first values of the domain, each with the `at` expressions and whether
    /// the check held.
    Evidence {
        var: String,
        columns: Vec<String>,
        rows: Vec<crate::proof::EvidenceRow>,
        total: usize,
    },
    /// `at n = K`: each `at` expression (and the check) with its value.
    At {
        var: String,
        value: Int,
        items: Vec<(String, crate::proof::Shown)>,
    },
}
