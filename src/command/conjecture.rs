//! `conjecture g(nT) = …`: checks a formula for Grundy values against values computed by mex
//! (never closed forms), and reports the first counterexample with its derivation.

use std::ops::Range;
use std::sync::Arc;
use std::time::Instant;

use super::Session;
use crate::cli::RulesArg;
use crate::engine::GrundyTable;
use crate::engine::LibraryForm;
use crate::engine::ProvenForm;
use crate::engine::{Pass, Pile, Rules};
use crate::error::{ClaimError, Error, Expected, Found};
use crate::expr::{
    BinaryOp, Evaluator, Expr, ExprError, ExprKind, Int, MEX_LIMIT, Value, parse_with_domain,
};
use crate::output::{ConjectureOutcome, ConjectureReport, Output};
use crate::proof::induction::{self, FormulaVerdict};

/// The domain checked when the formula gives none.
const DEFAULT_TO: Int = 1000;
/// The default scans tried, in turn, when mex cannot value 0..DEFAULT_TO in its limits.
const SMALLER_SCANS: [u64; 3] = [250, 100, 30];
/// Failures listed beyond the first.
const LISTED: usize = 5;

pub(super) fn conjecture(
    session: &Session,
    arg: &RulesArg,
    words: &[String],
    explain: bool,
) -> Result<Output, Error> {
    let source = words.join(" ");
    let fail = |e: ExprError| Error::expr(&source, e);
    let (expr, domain) = parse_with_domain(&source).map_err(fail)?;
    if let ExprKind::Binary {
        op: BinaryOp::Eq,
        lhs,
        rhs,
    } = &expr.kind
        && super::lost_conjecture::is_lost_claim(lhs)
    {
        if let Some(domain) = &domain {
            return Err(Error::from(ClaimError::new(
                &source,
                domain.1.span.clone(),
                Found::Domain,
                Expected::LostClaimAlone,
            )));
        }
        return super::lost_conjecture::conjecture(session, arg, &source, lhs, rhs, explain);
    }
    let (side, rhs) = split(&source, &expr)?;
    let rules = claim_rules(session, arg, &source, &side)?;
    let claim = Claim {
        source: &source,
        side: &side,
        rhs,
        rules: &rules,
    };
    let mut eval = Evaluator::new(rules.clone());
    let cancel = &session.cancel;
    let scan = Scan::run(&claim, domain.as_ref(), &mut eval, cancel)?;
    let mut found = scan.compare(&claim, &mut eval, cancel)?;

    // For every n: the induction sentence, decided.
    let started = Instant::now();
    // Ctrl-C and the memory limit both stop the decider (`check` reads both).
    let stop = || cancel.check().is_err();
    let decision = induction::decide_conjecture(
        &rules,
        side.pass,
        &side.var,
        rhs,
        induction::CONJECTURE_LIMITS,
        &stop,
    );
    let elapsed = started.elapsed();
    if let FormulaVerdict::Refused(decide::DecideError::Cancelled) = decision.verdict {
        return Err(Error::interrupted());
    }
    // A failure the decider found beyond the scan: valued by mex there, if mex can reach it.
    // With a domain of their own, the scan answers for that domain; the decider's verdict
    // (for every n) is shown beside it.
    if let FormulaVerdict::Fails { n, .. } = decision.verdict
        && domain.is_none()
        && scan.table.is_some()
        && found.first.is_none_or(|(m, _)| u128::from(m) != n)
        && let Some(n) = u64::try_from(n).ok().filter(|&n| n <= MEX_LIMIT)
    {
        found.add_far(&claim, n, &mut eval, cancel)?;
    }
    let remembered = remember(&claim, &decision.verdict, &found);
    let decided_applies = decided_applies(&decision.verdict, domain.is_some(), &scan.sizes);
    let report = |checked, outcome| ConjectureReport {
        formula: source.trim().to_string(),
        rules: rules.clone(),
        claimed: claim.claimed_text(),
        domain: scan.domain_text.clone(),
        checked,
        outcome,
        decided: Some((decision.clone(), elapsed)),
        remembered,
        explain,
        decided_applies,
    };
    if let Some(refused) = scan.unchecked.clone() {
        // Not compared with mex: the decider's verdict about this claim is the answer, or
        // there is none and the refusal is.
        let decided = match decision.verdict {
            FormulaVerdict::Holds { .. } => true,
            FormulaVerdict::Fails { .. } | FormulaVerdict::FailsUnlocated { .. } => decided_applies,
            _ => false,
        };
        if !decided {
            return Err(Error::from(refused));
        }
        return Ok(Output::Conjecture(report(
            0,
            ConjectureOutcome::NotChecked(refused),
        )));
    }
    let outcome = found.outcome(&claim, &scan)?;
    Ok(Output::Conjecture(report(scan.sizes.len(), outcome)))
}

/// The claim `g(n) = RHS` as parsed: its source, its left side, its right side and the rules
/// it is about.
struct Claim<'a> {
    source: &'a str,
    side: &'a Side,
    rhs: &'a Expr,
    rules: &'a Rules,
}

impl Claim<'_> {
    /// The state of size `n` the left side names (`nT`, `nF`, or the rules' pile).
    fn state(&self, n: u64) -> Pile {
        match self.side.pass {
            Some(pass) => Pile::zero_move(n, pass),
            None => self.rules.pile(n),
        }
    }

    /// The left side as written, `g(nT)`.
    fn claimed_text(&self) -> String {
        self.source
            .get(self.side.span.clone())
            .unwrap_or("g(n)")
            .to_string()
    }

    /// The right side's value at `n`.
    fn value_at(&self, n: u64, eval: &mut Evaluator) -> Result<Int, Error> {
        eval.bind(&self.side.var, Value::Int(Int::from(n)));
        claimed(self.source, eval, self.rhs)
    }
}

/// The rules a claim is about: named on its left side (`g(lasker, n)`), with `--rules`, or the
/// session's. Refuses a game graph (its states have no sizes) and a pass the rules lack.
fn claim_rules(
    session: &Session,
    arg: &RulesArg,
    source: &str,
    side: &Side,
) -> Result<Rules, Error> {
    let rules = match (&side.rules, &arg.rules) {
        (Some(r), _) => r.clone(),
        (None, Some(r)) => super::rules::parse_rules_in(session, r)?,
        (None, None) => session.rules().clone(),
    };
    if let Rules::Graph(_) = rules {
        let rules = rules.to_string();
        return Err(Error::bad_token(
            rules.clone(),
            Expected::SizedStates { rules },
        ));
    }
    if side.pass.is_some() && !rules.has_pass() {
        return Err(Error::from(ClaimError::new(
            source,
            side.span.clone(),
            Found::Form(source.get(side.span.clone()).unwrap_or("").to_string()),
            Expected::NoPass {
                var: side.var.clone(),
                rules: rules.to_string(),
            },
        )));
    }
    Ok(rules)
}

/// The sizes a claim is checked at by mex, and the table of their values, or why mex refused
/// them (too much work, memory).
struct Scan {
    domain_text: String,
    sizes: Vec<u64>,
    table: Option<GrundyTable>,
    unchecked: Option<crate::engine::EngineError>,
}

impl Scan {
    /// Values the claim's domain by mex. The default scan is a cross-check beside the
    /// decider: a game too costly to value by mex to 1000 (Mock Turtles) is scanned as far as
    /// a smaller range allows instead. Mex refusing the range does not drop the decider's
    /// verdict: the decider still runs, and only without a verdict is the refusal the answer.
    fn run(
        claim: &Claim<'_>,
        domain: Option<&(String, Expr)>,
        eval: &mut Evaluator,
        cancel: &crate::engine::Cancel,
    ) -> Result<Self, Error> {
        let (mut domain_text, mut sizes) = sizes(claim.source, claim.side, domain, eval)?;
        let rules = claim.rules;
        let mut table =
            GrundyTable::compute_with(rules, sizes.iter().copied().max().unwrap_or(0), cancel);
        if domain.is_none() {
            for to in SMALLER_SCANS {
                if !matches!(table, Err(crate::engine::EngineError::TooMuchWork(_))) {
                    break;
                }
                domain_text = format!("{} = 0..{to}", claim.side.var);
                sizes = (0..=to).collect();
                table = GrundyTable::compute_with(rules, to, cancel);
            }
        }
        let (table, unchecked) = match table {
            Ok(table) => (Some(table), None),
            Err(crate::engine::EngineError::Interrupted) => return Err(Error::interrupted()),
            Err(e) => (None, Some(e)),
        };
        Ok(Self {
            domain_text,
            sizes,
            table,
            unchecked,
        })
    }

    /// The sizes where the claim and mex disagree, and the first with the claim's value there.
    fn compare(
        &self,
        claim: &Claim<'_>,
        eval: &mut Evaluator,
        cancel: &crate::engine::Cancel,
    ) -> Result<Failures, Error> {
        let mut found = Failures::default();
        cancel.begin(self.sizes.len() as u64);
        let Some(table) = &self.table else {
            return Ok(found);
        };
        for (i, &n) in self.sizes.iter().enumerate() {
            // A formula may take long to evaluate: one look at the token for each.
            cancel.reach(i as u64)?;
            let claimed = claim.value_at(n, eval)?;
            let actual = table
                .value(claim.state(n))
                .and_then(|g| Int::try_from(g).ok());
            if actual != Some(claimed) {
                found.failures.push(Int::from(n));
                if found.first.is_none() {
                    found.first = Some((n, claimed));
                }
            }
        }
        Ok(found)
    }
}

/// The failures found: every size where the claim is wrong, the first with the claim's value
/// there, and its derivation when it was made beyond the scan's table.
#[derive(Default)]
struct Failures {
    first: Option<(u64, Int)>,
    first_row: Option<crate::engine::GrundyRow>,
    failures: Vec<Int>,
}

impl Failures {
    /// Values the decider's failure at `n`, beyond the scan, by mex; where mex agrees with the
    /// decider, it becomes the first failure. Mex refusing there (too much work, memory)
    /// leaves the decided verdict as it is: false, at that n, without a derivation.
    fn add_far(
        &mut self,
        claim: &Claim<'_>,
        n: u64,
        eval: &mut Evaluator,
        cancel: &crate::engine::Cancel,
    ) -> Result<(), Error> {
        let mut far = || -> Result<_, Error> {
            let value = claim.value_at(n, eval)?;
            let far = GrundyTable::compute_with(claim.rules, n, cancel)?;
            let row = far
                .row(claim.state(n))
                .ok_or(Error::NoDerivation { size: n })?;
            let differs = far
                .value(claim.state(n))
                .and_then(|g| Int::try_from(g).ok())
                != Some(value);
            Ok(differs.then_some((value, row)))
        };
        match far() {
            Ok(Some((value, row))) => {
                self.failures.insert(0, Int::from(n));
                self.failures.sort_unstable();
                self.first = Some((n, value));
                self.first_row = Some(row);
                Ok(())
            }
            Err(Error::Interrupted) => Err(Error::interrupted()),
            Ok(None) | Err(_) => Ok(()),
        }
    }

    /// The outcome of the comparison with mex: it holds, or it fails first at n, with the
    /// derivation there and a fix when that is the only failure.
    fn outcome(self, claim: &Claim<'_>, scan: &Scan) -> Result<ConjectureOutcome, Error> {
        let Some((n, formula_value)) = self.first else {
            return Ok(ConjectureOutcome::Holds);
        };
        let row = match self.first_row {
            Some(row) => row,
            None => scan
                .table
                .as_ref()
                .and_then(|t| t.row(claim.state(n)))
                .ok_or(Error::NoDerivation { size: n })?,
        };
        let fix = (self.failures.len() == 1).then(|| {
            let rhs_text = claim.source.get(claim.rhs.span.clone()).unwrap_or("");
            format!(
                "{} = if {} = {n} then {} else {rhs_text}",
                claim.claimed_text(),
                claim.side.var,
                row.grundy
            )
        });
        Ok(ConjectureOutcome::Fails {
            n: Int::from(n),
            formula_value,
            row,
            failures: self.failures.len(),
            first_failures: self.failures.iter().copied().take(LISTED).collect(),
            fix,
            past_range: !scan.sizes.contains(&n),
        })
    }
}

/// A closed form decided for a game defined in the session: its lookups use it from now on.
/// Whether it was remembered.
fn remember(claim: &Claim<'_>, verdict: &FormulaVerdict, found: &Failures) -> bool {
    match (claim.rules, verdict, claim.side.pass, &found.first) {
        (Rules::Defined(game), FormulaVerdict::Holds { .. }, None, None)
            if !game.has_tuples() && LibraryForm::of(game.name()).is_none() =>
        {
            game.prove(Arc::new(ExprForm {
                var: claim.side.var.clone(),
                rhs: claim.rhs.clone(),
            }));
            true
        }
        _ => false,
    }
}

/// Whether a decided failure is this claim's failure: always for a claim about every n, for
/// one with a domain of its own when the failing n is in it.
fn decided_applies(verdict: &FormulaVerdict, own_domain: bool, sizes: &[u64]) -> bool {
    match verdict {
        FormulaVerdict::Fails { n, .. } => {
            !own_domain || u64::try_from(*n).is_ok_and(|n| sizes.contains(&n))
        }
        // Where it fails is not known: only a claim about every n is known false.
        FormulaVerdict::FailsUnlocated { .. } => !own_domain,
        _ => true,
    }
}

/// A conjecture decided true, as the closed form the engine's lookups read.
struct ExprForm {
    var: String,
    rhs: Expr,
}

impl ProvenForm for ExprForm {
    fn value(&self, n: u64) -> Option<crate::engine::Grundy> {
        let mut eval = Evaluator::new(Rules::Nim);
        eval.bind(&self.var, Value::Int(Int::from(n)));
        match eval.eval(&self.rhs) {
            Ok(Value::Int(v)) => u128::try_from(v).ok(),
            _ => None,
        }
    }
}

/// The sizes to check, from the formula's domain (`for n in 0..50`) or the default one, and
/// how to write the domain: each a size the mex table can reach.
fn sizes(
    source: &str,
    side: &Side,
    domain: Option<&(String, Expr)>,
    eval: &mut Evaluator,
) -> Result<(String, Vec<u64>), Error> {
    let (domain_text, values) = match domain {
        Some((var, d)) => {
            if *var != side.var {
                return Err(Error::from(ClaimError::new(
                    source,
                    d.span.clone(),
                    Found::Words(var.clone()),
                    Expected::LeftVariable {
                        var: side.var.clone(),
                    },
                )));
            }
            let fail = |e: ExprError| Error::expr(source, e);
            let value = eval.eval(d).map_err(fail)?;
            let values = eval.elements(&value, &d.span).map_err(fail)?;
            (format!("{var} = {value}"), values)
        }
        None => (
            format!("{} = 0..{DEFAULT_TO}", side.var),
            (0..=DEFAULT_TO).collect(),
        ),
    };
    let domain_span = domain.map_or(0..source.len(), |(_, d)| d.span.clone());
    let sizes = values
        .iter()
        .map(|&n| {
            u64::try_from(n)
                .ok()
                .filter(|&n| n <= MEX_LIMIT)
                .ok_or_else(|| {
                    Error::from(ClaimError::new(
                        source,
                        domain_span.clone(),
                        Found::Size(n),
                        Expected::SizesUpTo { max: MEX_LIMIT },
                    ))
                })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    Ok((domain_text, sizes))
}

/// The value the formula's right side claims, with the variable bound: a number.
fn claimed(source: &str, eval: &mut Evaluator, rhs: &Expr) -> Result<Int, Error> {
    match eval.eval(rhs).map_err(|e| Error::expr(source, e))? {
        Value::Int(v) => Ok(v),
        value => Err(Error::from(ClaimError::new(
            source,
            rhs.span.clone(),
            Found::Value { value, kind: true },
            Expected::NumberOnRight,
        ))),
    }
}

/// The left side of a conjecture: `g(nT)`, `g(nF)` or `g(n)`, perhaps with a ruleset.
struct Side {
    var: String,
    pass: Option<Pass>,
    rules: Option<Rules>,
    span: Range<usize>,
}

/// Splits `g(nT) = RHS` into its two sides.
fn split<'e>(source: &str, expr: &'e Expr) -> Result<(Side, &'e Expr), Error> {
    let shape = |span: Range<usize>| {
        let words = source.get(span.clone()).unwrap_or("").to_string();
        Error::from(ClaimError::new(
            source,
            span,
            Found::Words(words),
            Expected::Formula,
        ))
    };
    let ExprKind::Binary {
        op: BinaryOp::Eq,
        lhs,
        rhs,
    } = &expr.kind
    else {
        return Err(shape(expr.span.clone()));
    };
    let ExprKind::Call {
        name, rules, args, ..
    } = &lhs.kind
    else {
        return Err(shape(lhs.span.clone()));
    };
    let [arg] = args.as_slice() else {
        return Err(shape(lhs.span.clone()));
    };
    let (var, pass) = match &arg.kind {
        ExprKind::Var(v) => (v.clone(), None),
        ExprKind::State { size, pass } => match &size.kind {
            ExprKind::Var(v) => (v.clone(), Some(*pass)),
            _ => return Err(shape(arg.span.clone())),
        },
        _ => return Err(shape(arg.span.clone())),
    };
    if name != "g" {
        return Err(shape(lhs.span.clone()));
    }
    Ok((
        Side {
            var,
            pass,
            rules: rules.clone(),
            span: lhs.span.clone(),
        },
        rhs,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rules: &str, formula: &str) -> Result<ConjectureReport, Error> {
        let session = Session::new(Rules::parse(rules).unwrap()).unwrap();
        let words: Vec<String> = formula.split(' ').map(String::from).collect();
        match conjecture(&session, &RulesArg { rules: None }, &words, false)? {
            Output::Conjecture(report) => Ok(report),
            other => panic!("not a conjecture report: {other:?}"),
        }
    }

    /// (first failing n, the formula's value there, the true value, number of failures).
    fn failure(rules: &str, formula: &str) -> (Int, Int, u128, usize) {
        match check(rules, formula).unwrap().outcome {
            ConjectureOutcome::Fails {
                n,
                formula_value,
                row,
                failures,
                ..
            } => (n, formula_value, row.grundy, failures),
            ConjectureOutcome::Holds | ConjectureOutcome::NotChecked(_) => {
                panic!("`{formula}` held")
            }
        }
    }

    #[test]
    fn the_odd_even_rule_holds_to_ten_thousand() {
        let report = check(
            "zero-move",
            "g(nT) = if n = 0 then 0 else if odd(n) then n + 1 else n - 1 for n in 0..10000",
        )
        .unwrap();
        assert!(matches!(report.outcome, ConjectureOutcome::Holds));
        assert_eq!(report.checked, 10_001);
        let report = check("zero-move", "g(nF) = n for n in 0..10000").unwrap();
        assert!(matches!(report.outcome, ConjectureOutcome::Holds));
    }

    #[test]
    fn the_seeds_formula_fails_only_at_zero() {
        // At n = 0 the formula gives 0 - 1 = -1; the empty pile has no options, so mex{} = 0.
        let (n, claimed, actual, failures) =
            failure("zero-move", "g(nT) = if odd(n) then n + 1 else n - 1");
        assert_eq!((n, claimed, actual, failures), (0, -1, 0, 1));
        let report = check("zero-move", "g(nT) = if odd(n) then n + 1 else n - 1").unwrap();
        let ConjectureOutcome::Fails { fix: Some(fix), .. } = report.outcome else {
            panic!("no fix offered");
        };
        // The offered fix is itself a conjecture that holds.
        let fixed = check("zero-move", &fix).unwrap();
        assert!(matches!(fixed.outcome, ConjectureOutcome::Holds), "{fix}");
    }

    #[test]
    fn n_plus_one_fails_where_hand_checking_says() {
        // g(0) = 0 ≠ 1.
        assert_eq!(failure("zero-move", "g(nT) = n + 1"), (0, 1, 0, 1001 - 500));
        // From 1: 1T → {0, 1F→1} gives 2 = 1 + 1, but 2T → {0, 1T→2, 2F→2} gives mex 1 ≠ 3;
        // it fails exactly at the 50 even n in 2..100.
        assert_eq!(
            failure("zero-move", "g(nT) = n + 1 for n in 1..100"),
            (2, 3, 1, 50)
        );
        // Nim: g(n) = n, so n + 1 fails everywhere, first at 0.
        assert_eq!(failure("nim", "g(n) = n + 1 for n in 0..9"), (0, 1, 0, 10));
    }

    #[test]
    fn other_rulesets_and_sides() {
        for (rules, formula) in [
            ("nim", "g(n) = n"),
            ("misere", "g(n) = n"),
            ("zero-move", "g(nim, n) = n"),
            // subtract:1,3,4 is periodic 0 1 0 1 2 3 2 with period 7.
            (
                "subtract:1,3,4",
                "g(n) = if n % 7 in {0, 2} then 0 else if n % 7 in {1, 3} then 1 else if n % 7 = 5 then 3 else 2",
            ),
        ] {
            let report = check(rules, formula).unwrap();
            assert!(
                matches!(report.outcome, ConjectureOutcome::Holds),
                "{rules}: {formula}"
            );
        }
    }

    /// The decider's verdict: (holds, first failing n).
    fn decided(rules: &str, formula: &str) -> (bool, Option<u128>) {
        let report = check(rules, formula).unwrap();
        match report.decided.map(|(d, _)| d.verdict) {
            Some(FormulaVerdict::Holds { .. }) => (true, None),
            Some(FormulaVerdict::Fails { n, .. }) => (false, Some(n)),
            other => panic!("{formula}: {other:?}"),
        }
    }

    #[test]
    fn conjectures_are_decided_for_every_n() {
        // The odd/even rule with its case for 0 (hand-checked in `prove zero-move-rule`).
        assert_eq!(
            decided(
                "zero-move",
                "g(nT) = if n = 0 then 0 else if odd(n) then n + 1 else n - 1"
            ),
            (true, None)
        );
        // The textbook's formula: n - 1 at n = 0 is no natural number; g(0) = 0.
        assert_eq!(
            decided("zero-move", "g(nT) = if odd(n) then n + 1 else n - 1"),
            (false, Some(0))
        );
        // Nim is g(n) = n (Bouton); a wrong value far beyond the scan is found by the decider,
        // and the report shows it with its value by mex, g(1500) = 1500.
        assert_eq!(decided("nim", "g(n) = n"), (true, None));
        let report = check("nim", "g(n) = if n = 1500 then 0 else n").unwrap();
        match report.outcome {
            ConjectureOutcome::Fails {
                n,
                formula_value,
                row,
                ..
            } => assert_eq!((n, formula_value, row.grundy), (1500, 0, 1500)),
            ConjectureOutcome::Holds | ConjectureOutcome::NotChecked(_) => {
                panic!("the decider's failure at 1500 is not reported")
            }
        }
        // With a domain of its own, the scan answers for that domain alone.
        let report = check("nim", "g(n) = if n = 1500 then 0 else n for n in 0..100").unwrap();
        assert!(matches!(report.outcome, ConjectureOutcome::Holds));
    }

    #[test]
    fn malformed_conjectures_are_errors() {
        for formula in [
            "n = 3",
            "g(3T) = 4",
            "mex(nT) = 1",
            "g(nT) = n for k in 0..3",
            "g(nT) = odd(n)",
            "g(nT) = n for n in 0..2000000",
            "g(nT) = n for n in -3..3",
            "g(nT) =",
        ] {
            assert!(check("zero-move", formula).is_err(), "{formula}");
        }
        assert!(check("nim", "g(nT) = n").is_err());
    }
}
