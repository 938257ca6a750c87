//! `lesson check [FILES|DIR]`: proves a lesson works before a learner meets it — schema, unique
//! ids, `requires`, every expression, every `{{ }}`, every `run` command, every solution
//! accepted, every wrong example rejected, one right choice, every claim true.

use std::path::{Path, PathBuf};

use super::Session;
use super::sandbox::{Budget, Refusal, run_line};
use crate::error::Error;
use crate::expr::Value;
use crate::lesson::catalog::{BUNDLED, lesson_files, read};
use crate::lesson::fill::{ExprJudge, fill};
use crate::lesson::runner::{Judge, accepts};
use crate::lesson::{Lesson, LessonError, StepKind, load};
use crate::output::{CheckReport, Output};
use crate::quote::quoted;

pub fn check(session: &mut Session, paths: &[PathBuf]) -> Result<Output, Error> {
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
    let fail =
        |report: &mut CheckReport, line: Option<usize>, step: Option<&str>, message: String| {
            report.failures.push(LessonError {
                origin: lesson.origin.clone(),
                line,
                column: None,
                step: step.map(str::to_string),
                message,
            });
        };
    let requires_line = Some(lesson.requires_line).filter(|&l| l > 0);
    for req in &lesson.requires {
        report.checks += 1;
        if !known.contains(req) {
            fail(
                report,
                requires_line,
                None,
                format!("`requires` names {}, which is not a lesson", quoted(req)),
            );
        }
    }
    // A fresh session per lesson, set up as a learner's would be, and one budget for all of
    // the lesson's command lines and expressions: once it is spent, checking stops.
    let mut session = Session::default();
    let mut budget = Budget::default();
    for line in &lesson.setup {
        report.checks += 1;
        if let Err(e) = run_line(&mut session, line, &mut budget) {
            let at = Some(lesson.setup_line).filter(|&l| l > 0);
            fail(
                report,
                at,
                None,
                format!("setup {} fails: {e}", quoted(line)),
            );
            if over_budget(&e) {
                return;
            }
        }
    }
    for step in &lesson.steps {
        let line = Some(step.line).filter(|&l| l > 0);
        let id = Some(step.id.as_str());
        if let Some(spent) = budget.spent() {
            report.checks += 1;
            fail(
                report,
                line,
                id,
                format!(
                    "{}; this step and the ones after it are not checked",
                    Refusal::OverBudget { spent }
                ),
            );
            return;
        }
        let mut judge = ExprJudge {
            rules: session.rules().clone(),
        };
        let mut texts: Vec<&String> = step.notes.iter().collect();
        if let StepKind::Ask(q) = &step.kind {
            texts.extend(&q.hints);
            texts.extend(q.wrong_examples.iter().filter_map(|w| w.feedback.as_ref()));
        }
        for text in texts {
            report.checks += 1;
            if let Err(e) = fill(text, &mut judge) {
                fail(report, line, id, e);
            }
        }
        match &step.kind {
            StepKind::Text(text) => {
                report.checks += 1;
                if let Err(e) = fill(text, &mut judge) {
                    fail(report, line, id, e);
                }
            }
            StepKind::Run(commands) => {
                for command in commands {
                    report.checks += 1;
                    if let Err(e) = run_line(&mut session, command, &mut budget) {
                        fail(report, line, id, format!("{} fails: {e}", quoted(command)));
                        if over_budget(&e) {
                            return;
                        }
                    }
                }
            }
            StepKind::Claim { statement, check } => {
                report.checks += 2;
                if let Err(e) = fill(statement, &mut judge) {
                    fail(report, line, id, e);
                }
                match judge.eval(check) {
                    Ok(Value::Bool(true)) => {}
                    Ok(Value::Bool(false)) => {
                        fail(
                            report,
                            line,
                            id,
                            format!("the claim is false: {} does not hold", quoted(check)),
                        );
                    }
                    Ok(v) => fail(
                        report,
                        line,
                        id,
                        format!("{} gives {v}, not true or false", quoted(check)),
                    ),
                    Err(e) => fail(report, line, id, format!("{} fails: {e}", quoted(check))),
                }
            }
            StepKind::Ask(q) => {
                report.checks += 1;
                if let Err(e) = fill(&q.prompt, &mut judge) {
                    fail(report, line, id, e);
                }
                report.checks += 1;
                if crate::lesson::answer::read_answer(&q.answer).is_some() {
                    fail(
                        report,
                        line,
                        id,
                        format!(
                            "the answer {} is a literal: write the expression that computes it (e.g. `mex{{0, 1, 3}}`, `3 xor 5`, `winner(nim, 1, 4, 5)`)",
                            quoted(&q.answer)
                        ),
                    );
                }
                report.checks += 1;
                let answer = match judge.eval(&q.answer) {
                    Ok(v) => v,
                    Err(e) => {
                        fail(
                            report,
                            line,
                            id,
                            format!("the answer {} fails: {e}", quoted(&q.answer)),
                        );
                        continue;
                    }
                };
                if let Some(solution) = &q.solution {
                    report.checks += 1;
                    if !matches!(accepts(q, solution, &mut judge), Ok(true)) {
                        fail(
                            report,
                            line,
                            id,
                            format!(
                                "the solution {} is not accepted (the answer {} is {answer})",
                                quoted(solution),
                                quoted(&q.answer)
                            ),
                        );
                    }
                }
                for wrong in &q.wrong_examples {
                    report.checks += 1;
                    if !matches!(accepts(q, &wrong.answer, &mut judge), Ok(false)) {
                        fail(
                            report,
                            line,
                            id,
                            format!(
                                "the wrong example {} is accepted (the answer {} is {answer})",
                                quoted(&wrong.answer),
                                quoted(&q.answer)
                            ),
                        );
                    }
                }
                if !q.choices.is_empty() {
                    report.checks += 1;
                    let right: Vec<&String> = q
                        .choices
                        .iter()
                        .filter(|c| matches!(accepts(q, c, &mut judge), Ok(true)))
                        .collect();
                    if right.len() != 1 {
                        fail(
                            report,
                            line,
                            id,
                            format!(
                                "{} of the choices are right (the answer {} is {answer}); exactly one must be",
                                right.len(),
                                quoted(&q.answer)
                            ),
                        );
                    }
                }
            }
        }
    }
}

fn over_budget(error: &Error) -> bool {
    matches!(error, Error::Refused(Refusal::OverBudget { .. }))
}
