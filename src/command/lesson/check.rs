//! `lesson check [FILES|DIR]`: proves a lesson works before a learner meets it — schema, unique
//! ids, `requires`, every expression, every `{{ }}`, every `run` command, every solution
//! accepted, every wrong example rejected, one right choice, every claim true — and that it
//! means the same whatever the learner did before: no command or expression leans on the
//! session's ruleset unless the lesson pins one, no answer is a constant in disguise, and no
//! claim that illustrates a theorem is checked with the functions that apply it.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::cli::{Command, Parsed};
use crate::command::Session;
use crate::command::sandbox::{LineBudget, Refusal, run_line};
use crate::engine::Rules;
use crate::error::Error;
use crate::expr::{BinaryOp, Expr, ExprKind, Value, parse};
use crate::lesson::catalog::{BUNDLED, lesson_files, read};
use crate::lesson::fill::{ExprEvaluator, fill};
use crate::lesson::lesson_error::{CheckFault, Circularity, LineProblem, SessionRulesCall};
use crate::lesson::runner::{LessonEvaluator, accepts};
use crate::lesson::{
    CommandLine, JudgeError, Lesson, LessonError, LessonFault, Question, Step, StepKind, Theorem,
    load,
};
use crate::output::{CheckReport, Output};

pub(crate) fn check(session: &mut Session, paths: &[PathBuf]) -> Result<Output, Error> {
    let mut failures = Vec::new();
    let mut lessons = Vec::new();
    if paths.is_empty() {
        for (name, text) in BUNDLED {
            match load(&format!("lessons/{name}"), text) {
                Ok(l) => lessons.push(l),
                Err(e) => failures.push(e),
            }
        }
        if let Some(dir) = session.lessons_dir.clone() {
            collect(&dir, &mut lessons, &mut failures);
        }
    } else {
        for path in paths {
            collect(path, &mut lessons, &mut failures);
        }
    }
    // `requires` may name any lesson being checked or any the catalog knows.
    let mut known = session.catalog().ids();
    known.extend(lessons.iter().map(|l| l.id.clone()));
    let mut report = CheckReport {
        lessons: lessons.len(),
        steps: lessons.iter().map(|l| l.steps.len()).sum(),
        checks: 0,
        failures,
    };
    for lesson in &lessons {
        check_lesson(lesson, &known, &mut report);
    }
    Ok(Output::LessonCheck(report))
}

fn collect(path: &Path, lessons: &mut Vec<Lesson>, failures: &mut Vec<LessonError>) {
    let files = if path.is_dir() {
        lesson_files(path, failures)
    } else {
        vec![path.to_path_buf()]
    };
    for file in files {
        match read(&file) {
            Ok(l) => lessons.push(l),
            Err(e) => failures.push(e),
        }
    }
}

fn check_lesson(lesson: &Lesson, known: &[String], report: &mut CheckReport) {
    // A fresh session per lesson, set up as a learner's would be, and one budget for all of
    // the lesson's command lines and expressions: once it is spent, checking stops.
    let mut checker = Checker {
        lesson,
        report,
        session: Session::default(),
        budget: LineBudget::default(),
    };
    checker.requires(known);
    if checker.setup().is_break() {
        return;
    }
    for step in &lesson.steps {
        if checker.step(step).is_break() {
            return;
        }
    }
}

/// Checks one lesson in a session of its own, adding what fails to the report.
struct Checker<'a> {
    lesson: &'a Lesson,
    report: &'a mut CheckReport,
    session: Session,
    budget: LineBudget,
}

impl Checker<'_> {
    fn fail(&mut self, line: Option<usize>, step: Option<&str>, fault: CheckFault) {
        self.report.failures.push(LessonError {
            origin: self.lesson.origin.clone(),
            line,
            column: None,
            step: step.map(str::to_string),
            fault: Box::new(LessonFault::Check(Box::new(fault))),
        });
    }

    fn pinned(&self) -> Option<&Rules> {
        self.lesson.rules.as_ref()
    }

    /// Every lesson `requires` names is one being checked or one the catalog knows.
    fn requires(&mut self, known: &[String]) {
        let requires_line = Some(self.lesson.requires_line).filter(|&l| l > 0);
        for req in &self.lesson.requires {
            self.report.checks += 1;
            if !known.contains(req) {
                self.fail(
                    requires_line,
                    None,
                    CheckFault::UnknownRequirement { id: req.clone() },
                );
            }
        }
    }

    /// The pinned ruleset and the setup lines; breaks when checking cannot go on.
    fn setup(&mut self) -> ControlFlow<()> {
        let lesson = self.lesson;
        // As when the lesson runs: each of its games is named by `game:NAME`.
        self.session.lend_games(lesson.games.clone());
        if let Some(rules) = lesson.rules.as_ref()
            && let Err(e) = self.session.set_rules(rules.clone())
        {
            let at = Some(lesson.rules_line).filter(|&l| l > 0);
            let fault = CheckFault::PinFails {
                rules: rules.clone(),
                error: e,
            };
            self.fail(at, None, fault);
            return ControlFlow::Break(());
        }
        for line in &lesson.setup {
            self.report.checks += 1;
            let at = Some(lesson.setup_line).filter(|&l| l > 0);
            let result = run_line(&mut self.session, line, &mut self.budget);
            // A line the sandbox refuses is reported for that alone.
            if !matches!(result, Err(Error::Refused(_)))
                && let Some(problem) = line_problem(line, self.pinned(), true)
            {
                let fault = CheckFault::Line {
                    line: line.text.clone(),
                    setup: true,
                    problem,
                };
                self.fail(at, None, fault);
            }
            if let Err(e) = result {
                let over = over_budget(&e);
                let fault = CheckFault::LineFails {
                    line: line.text.clone(),
                    setup: true,
                    error: Arc::new(e),
                };
                self.fail(at, None, fault);
                if over {
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// One step: its texts filled in, then what its kind asks; breaks when the budget is spent.
    fn step(&mut self, step: &Step) -> ControlFlow<()> {
        let line = Some(step.line).filter(|&l| l > 0);
        let id = Some(step.id.as_str());
        if let Some(spent) = self.budget.spent() {
            self.report.checks += 1;
            self.fail(line, id, CheckFault::OverBudget { spent });
            return ControlFlow::Break(());
        }
        // A step's own rules, else the lesson's, fix what its expressions mean.
        let rules = step.rules.as_ref().or(self.pinned());
        let mut evaluator = CheckingEvaluator {
            inner: ExprEvaluator {
                rules: rules.unwrap_or(self.session.rules()).clone(),
            },
            pinned: rules.is_some(),
            problems: Vec::new(),
        };
        let mut texts: Vec<&String> = step.notes.iter().collect();
        if let StepKind::Ask(q) = &step.kind {
            texts.extend(&q.hints);
            texts.extend(q.wrong_examples.iter().filter_map(|w| w.feedback.as_ref()));
        }
        for text in texts {
            self.report.checks += 1;
            if let Err(e) = fill(text, &mut evaluator) {
                self.fail(line, id, CheckFault::Expr(e));
            }
        }
        let flow = match &step.kind {
            StepKind::Text(text) => {
                self.report.checks += 1;
                if let Err(e) = fill(text, &mut evaluator) {
                    self.fail(line, id, CheckFault::Expr(e));
                }
                ControlFlow::Continue(())
            }
            StepKind::Run(commands) => self.run(commands, line, id),
            StepKind::Claim {
                statement,
                check,
                theorem,
            } => {
                self.claim(statement, check, *theorem, &mut evaluator, line, id);
                ControlFlow::Continue(())
            }
            StepKind::Ask(q) => {
                self.question(q, &mut evaluator, line, id);
                ControlFlow::Continue(())
            }
        };
        for call in evaluator.problems.drain(..) {
            self.fail(line, id, CheckFault::SessionRules(call));
        }
        flow
    }

    /// A step's command lines, run as the runner would; breaks when the budget is spent.
    fn run(
        &mut self,
        commands: &[CommandLine],
        line: Option<usize>,
        id: Option<&str>,
    ) -> ControlFlow<()> {
        // The runner gives a pinned lesson's commands its ruleset back before each step.
        if let Some(rules) = self.lesson.rules.as_ref()
            && self.session.rules() != rules
            && let Err(e) = self.session.set_rules(rules.clone())
        {
            let fault = CheckFault::PinFails {
                rules: rules.clone(),
                error: e,
            };
            self.fail(line, id, fault);
        }
        for command in commands {
            self.report.checks += 1;
            let result = run_line(&mut self.session, command, &mut self.budget);
            if !matches!(result, Err(Error::Refused(_)))
                && let Some(problem) = line_problem(command, self.pinned(), false)
            {
                let fault = CheckFault::Line {
                    line: command.text.clone(),
                    setup: false,
                    problem,
                };
                self.fail(line, id, fault);
            }
            if let Err(e) = result {
                let over = over_budget(&e);
                let fault = CheckFault::LineFails {
                    line: command.text.clone(),
                    setup: false,
                    error: Arc::new(e),
                };
                self.fail(line, id, fault);
                if over {
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A claim: its statement fills in, its check is true, and a theorem's check searches.
    fn claim(
        &mut self,
        statement: &str,
        check: &str,
        theorem: Option<Theorem>,
        evaluator: &mut CheckingEvaluator,
        line: Option<usize>,
        id: Option<&str>,
    ) {
        self.report.checks += 2;
        if let Err(e) = fill(statement, evaluator) {
            self.fail(line, id, CheckFault::Expr(e));
        }
        if let Some(theorem) = theorem {
            self.report.checks += 1;
            let rules = evaluator.pinned.then_some(&evaluator.inner.rules);
            if let Some(circularity) = circular(check, rules) {
                let fault = CheckFault::Circular {
                    theorem,
                    circularity,
                };
                self.fail(line, id, fault);
            }
        }
        let check = check.to_string();
        match evaluator.eval(&check) {
            Ok(Value::Bool(true)) => {}
            Ok(Value::Bool(false)) => self.fail(line, id, CheckFault::ClaimFalse { check }),
            Ok(value) => self.fail(line, id, CheckFault::ClaimNotTruth { check, value }),
            Err(error) => self.fail(line, id, CheckFault::ClaimFails { check, error }),
        }
    }

    /// A question: its prompt fills in, its answer is computed (not a literal), its solution
    /// is accepted, its wrong examples are not, and exactly one choice is right.
    fn question(
        &mut self,
        q: &Question,
        evaluator: &mut CheckingEvaluator,
        line: Option<usize>,
        id: Option<&str>,
    ) {
        self.report.checks += 1;
        if let Err(e) = fill(&q.prompt, evaluator) {
            self.fail(line, id, CheckFault::Expr(e));
        }
        self.report.checks += 1;
        let answer = q.answer.clone();
        if crate::lesson::answer::read_answer(&q.answer).is_some() {
            self.fail(line, id, CheckFault::LiteralAnswer { answer });
        } else if let Ok(expr) = parse(&q.answer)
            && !computes(&expr)
        {
            self.fail(line, id, CheckFault::ConstantAnswer { answer });
        }
        self.report.checks += 1;
        let value = match evaluator.eval(&q.answer) {
            Ok(v) => v,
            Err(e) => {
                let fault = CheckFault::Expr(JudgeError::Answer {
                    answer: q.answer.clone(),
                    error: Box::new(e),
                });
                self.fail(line, id, fault);
                return;
            }
        };
        if let Some(solution) = &q.solution {
            self.report.checks += 1;
            // The solution is shown filled in (`{{ }}`), so that is what must be accepted.
            let solution = match fill(solution, evaluator) {
                Ok(filled) => filled,
                Err(e) => {
                    self.fail(line, id, CheckFault::Expr(e));
                    return;
                }
            };
            let solution = &solution;
            if !matches!(accepts(q, solution, evaluator), Ok(true)) {
                let fault = CheckFault::SolutionRejected {
                    solution: solution.clone(),
                    answer: q.answer.clone(),
                    value: value.clone(),
                };
                self.fail(line, id, fault);
            }
        }
        for wrong in &q.wrong_examples {
            self.report.checks += 1;
            if !matches!(accepts(q, &wrong.answer, evaluator), Ok(false)) {
                let fault = CheckFault::WrongAccepted {
                    example: wrong.answer.clone(),
                    answer: q.answer.clone(),
                    value: value.clone(),
                };
                self.fail(line, id, fault);
            }
        }
        if !q.choices.is_empty() {
            self.report.checks += 1;
            let right: Vec<&String> = q
                .choices
                .iter()
                .filter(|c| matches!(accepts(q, c, evaluator), Ok(true)))
                .collect();
            if right.len() != 1 {
                let fault = CheckFault::RightChoices {
                    right: right.len(),
                    answer: q.answer.clone(),
                    value,
                };
                self.fail(line, id, fault);
            }
        }
    }
}

/// Evaluates as the learner's evaluator would, and notes each expression that leans on the
/// session's ruleset when the lesson pins none.
struct CheckingEvaluator {
    inner: ExprEvaluator,
    pinned: bool,
    problems: Vec<SessionRulesCall>,
}

impl LessonEvaluator for CheckingEvaluator {
    fn eval(&mut self, source: &str) -> Result<Value, JudgeError> {
        if !self.pinned
            && let Some(call) = session_rules_in_expr(source)
            && !self.problems.contains(&call)
        {
            self.problems.push(call);
        }
        self.inner.eval(source)
    }
}

/// The call that makes an expression mean different things under different session
/// rulesets, if there is one.
fn session_rules_in_expr(source: &str) -> Option<SessionRulesCall> {
    let expr = parse(source).ok()?;
    let call = expr.calls().into_iter().find(|c| c.uses_session_rules())?;
    Some(SessionRulesCall {
        source: source.to_string(),
        call: call.name.to_string(),
    })
}

/// Why a lesson's command line is not fit for a lesson, beyond what the sandbox refuses: its
/// meaning depends on the session's ruleset, or (in `setup`) it changes that ruleset.
fn line_problem(line: &CommandLine, pinned: Option<&Rules>, setup: bool) -> Option<LineProblem> {
    let Ok(Parsed::Cli(cli)) = line.parsed() else {
        return None; // run_line reports it
    };
    let command = cli.command.as_ref()?;
    if setup && let Command::Rules { name: Some(_) } = command {
        return Some(LineProblem::RulesCommandInSetup);
    }
    if pinned.is_some() {
        return None;
    }
    if let Command::Eval { expr } = command {
        return session_rules_in_expr(&expr.join(" ")).map(LineProblem::Expr);
    }
    let unnamed = match command {
        Command::Grundy { rules, .. }
        | Command::Period { rules, .. }
        | Command::Derive { rules, .. }
        | Command::Conjecture { rules, .. } => rules.rules.is_none(),
        Command::Winner(args)
        | Command::Move(args)
        | Command::Nimsum(args)
        | Command::Position(args) => args.rules.rules.is_none(),
        Command::Play(args) => args.position.rules.rules.is_none(),
        Command::Verify { rules, .. } => rules.is_none(),
        Command::Set { .. } | Command::Step { .. } => true,
        _ => false,
    };
    unnamed.then_some(LineProblem::SessionRules)
}

/// Why the check of a claim that illustrates a theorem proves nothing about it, if it does not:
/// it calls a function that applies the theorem, or it never searches the game tree.
fn circular(check: &str, pinned: Option<&Rules>) -> Option<Circularity> {
    let expr = parse(check).ok()?; // evaluating it reports the syntax error
    let calls = expr.calls();
    for call in &calls {
        match call.name {
            "winner" => return Some(Circularity::Winner),
            "nimsum" => return Some(Circularity::Nimsum),
            "g" | "mexset" if call.args == 1 => {
                let rules = call.rules.or(pinned);
                if rules.is_some_and(Rules::splits) {
                    return Some(Circularity::OneSplittingHeap {
                        call: call.name.to_string(),
                    });
                }
            }
            _ => {}
        }
    }
    let searches = calls
        .iter()
        .any(|c| c.name == "lost" || (matches!(c.name, "g" | "mexset") && c.args > 1));
    (!searches).then_some(Circularity::NoSearch)
}

/// Whether an answer computes its value with nimlab rather than spelling out one the author
/// worked out: it calls a function, reads a variable, or applies an operator the engine
/// computes (`nimmul`, the nim product). `1 + 2` and `6 xor 9` are arithmetic the author
/// did, so they are constants in disguise.
fn computes(expr: &Expr) -> bool {
    if !expr.calls().is_empty() || expr.reads_variable() {
        return true;
    }
    let mut engine_operator = false;
    expr.walk(&mut |e| {
        engine_operator |= match &e.kind {
            ExprKind::Binary { op, .. } => *op == BinaryOp::NimMul,
            ExprKind::Chain { rest, .. } => rest.iter().any(|(op, _)| *op == BinaryOp::NimMul),
            _ => false,
        };
    });
    engine_operator
}

fn over_budget(error: &Error) -> bool {
    matches!(error, Error::Refused(Refusal::OverBudget { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_computes_when_it_calls_reads_a_variable_or_multiplies_nimbers() {
        for (answer, computed) in [
            ("1 + 2", false),
            ("6 xor 9", false),
            ("(3)", false),
            ("2 nimmul 2", true),
            ("2 ⊗ 3 xor 1", true),
            ("g(nim, 3)", true),
            ("mex{0, 1}", true),
            ("all n in 0..3: n = n", true),
        ] {
            let expr = parse(answer).expect("an expression");
            assert_eq!(computes(&expr), computed, "{answer}");
        }
    }
}
