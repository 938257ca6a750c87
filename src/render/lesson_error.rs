//! The words of a lesson that does not load or does not check: `FILE:LINE:COLUMN: step `ID`: `
//! and what is wrong. The one place these faults are worded; the loader and the checker only
//! say what they found.

use std::fmt;

use crate::engine::quoted;
use crate::lesson::JudgeError;
use crate::lesson::lesson_error::{
    CheckFault, Circularity, LessonError, LessonFault, LineProblem, SessionRulesCall,
};
use crate::refusal::Refusal;

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Expr(error) => error.fmt(f),
            Self::Answer { answer, error } => {
                write!(f, "the answer {} fails: {error}", quoted(answer))
            }
            Self::Placeholder { source, error } => write!(
                f,
                "{} fails: {error}",
                quoted(&format!("{{{{ {source} }}}}"))
            ),
            Self::Unclosed => write!(f, "a `{{{{` is never closed with `}}}}`"),
            Self::NotTrueOrFalse { value } => {
                write!(f, "the check gives {value}, not true or false")
            }
        }
    }
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        if let Some(step) = &self.step {
            write!(f, ": step `{step}`")?;
        }
        write!(f, ": {}", self.fault)
    }
}

// Long on purpose: one arm per variant of `LessonFault`, each a sentence or two; split, the
// words of a lesson's faults would scatter over several functions.
impl fmt::Display for LessonFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DirUnreadable { source } => {
                write!(f, "cannot read the lesson directory: {source}")
            }
            Self::Unreadable { source } => write!(f, "cannot read it: {source}"),
            Self::NotRegular { kind } => {
                write!(f, "cannot read it: it is a {kind}, not a regular file")
            }
            Self::TooLarge {
                bytes: Some(bytes),
                limit,
            } => write!(
                f,
                "the file is {bytes} bytes; lessons may be at most {limit}"
            ),
            Self::TooLarge { bytes: None, limit } => write!(
                f,
                "the file holds more than {limit} bytes; lessons may be at most {limit}"
            ),
            Self::NotUtf8 => f.write_str("the file is not UTF-8 text"),
            Self::Yaml(kind) => kind.fmt(f),
            Self::MissingTopLevel { message } => {
                write!(f, "{message} at the top level of the lesson")
            }
            Self::Format { found, expected } => write!(
                f,
                "format {found} is not one this nimlab reads (expected `format: {expected}`)"
            ),
            Self::LessonId { id } => write!(
                f,
                "lesson id `{id}` must be lowercase letters, digits and `-`"
            ),
            Self::NoSteps => f.write_str("a lesson needs at least one step"),
            Self::Rules { name, error } => write!(
                f,
                "`rules: {name}` is not a ruleset a lesson can pin: {}",
                super::engine_words::Said(error)
            ),
            Self::GraphFile { name, error } => write!(
                f,
                "`rules: {name}` is not a ruleset a lesson can pin: {}",
                super::engine_words::Said(error)
            ),
            Self::Game { definition, error } => write!(
                f,
                "`games:` the definition {} is refused: {error}",
                quoted(definition)
            ),
            Self::UnknownGame { name, known } if known.is_empty() => write!(
                f,
                "`rules: game:{name}` names a game the lesson does not define: add \
                 `game {name}(n) = …` to its `games:`"
            ),
            Self::UnknownGame { name, known } => write!(
                f,
                "`rules: game:{name}` names no game of the lesson's `games:`; it defines {}",
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Self::RulesOnRun => f.write_str(
                "`rules` on a `run` step: its commands name their game themselves, as in \
                 `grundy --rules game:NAME 0..10`",
            ),
            Self::UnknownGraph { name, known } => write!(
                f,
                "`rules: graph:{name}` names no bundled graph: a lesson names one of {} \
                 (the graphs in lessons/graphs/), never a file",
                known
                    .iter()
                    .map(|k| format!("`graph:{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Self::NoStepId { number } => write!(
                f,
                "step {number} has no `id` (every step needs a stable id)"
            ),
            Self::StepId => f.write_str("step ids must be lowercase letters, digits, `-` and `_`"),
            Self::StepIdTwice => {
                f.write_str("this id is used by an earlier step; step ids must be unique")
            }
            Self::NoKind => {
                f.write_str("has no kind: give exactly one of `text`, `run`, `ask`, `claim`")
            }
            Self::Kinds { kinds } => write!(
                f,
                "has {} kinds (`{}`): give exactly one",
                kinds.len(),
                kinds.join("`, `")
            ),
            Self::ForeignField { field, owner, kind } => write!(
                f,
                "`{field}` belongs to {} `{owner}` step, not a `{kind}` step",
                article(owner)
            ),
            Self::EmptyRun => f.write_str("`run` needs at least one command"),
            Self::NoAnswer => f.write_str(
                "missing field `answer`: an `ask` step needs an `answer` expression the engine \
                 evaluates",
            ),
            Self::NoCheck => {
                f.write_str("missing field `check`: a `claim` step needs a `check` expression")
            }
            Self::Check(fault) => fault.fmt(f),
        }
    }
}

/// `a` or `an` before a step kind's name.
fn article(kind: &str) -> &'static str {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

impl fmt::Display for CheckFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = |setup: &bool| if *setup { "setup " } else { "" };
        match self {
            Self::UnknownRequirement { id } => {
                write!(f, "`requires` names {}, which is not a lesson", quoted(id))
            }
            Self::PinFails { rules, error } => {
                write!(
                    f,
                    "`rules: {rules}` fails: {}",
                    super::engine_words::Said(error)
                )
            }
            Self::Line {
                line,
                setup: s,
                problem,
            } => write!(f, "{}{}: {problem}", setup(s), quoted(line)),
            Self::LineFails {
                line,
                setup: s,
                error,
            } => write!(f, "{}{} fails: {error}", setup(s), quoted(line)),
            Self::OverBudget { spent } => write!(
                f,
                "{}; this step and the ones after it are not checked",
                Refusal::OverBudget { spent: *spent }
            ),
            Self::Expr(error) => error.fmt(f),
            Self::SessionRules(call) => call.fmt(f),
            Self::Circular {
                theorem,
                circularity,
            } => write!(
                f,
                "the claim illustrates the theorem `{theorem}`, but its check {circularity}; \
                 check it by game-tree search: `lost(RULES, piles…)`, or `g(RULES, piles…)` of \
                 two or more piles"
            ),
            Self::ClaimFalse { check } => {
                write!(f, "the claim is false: {} does not hold", quoted(check))
            }
            Self::ClaimFails { check, error } => write!(f, "{} fails: {error}", quoted(check)),
            Self::ClaimNotTruth { check, value } => {
                write!(f, "{} gives {value}, not true or false", quoted(check))
            }
            Self::LiteralAnswer { answer } => write!(
                f,
                "the answer {} is a literal: write the expression that computes it (e.g. \
                 `mex{{0, 1, 3}}`, `nimsum(3, 5)`, `winner(nim, 1, 4, 5)`)",
                quoted(answer)
            ),
            Self::ConstantAnswer { answer } => write!(
                f,
                "the answer {} is a constant, a literal in disguise: write the expression that \
                 computes it with nimlab's functions (e.g. `mex{{0, 1, 3}}`, `nimsum(3, 5)`, \
                 `g(nim, 4)`)",
                quoted(answer)
            ),
            Self::SolutionRejected {
                solution,
                answer,
                value,
            } => write!(
                f,
                "the solution {} is not accepted (the answer {} is {value})",
                quoted(solution),
                quoted(answer)
            ),
            Self::WrongAccepted {
                example,
                answer,
                value,
            } => write!(
                f,
                "the wrong example {} is accepted (the answer {} is {value})",
                quoted(example),
                quoted(answer)
            ),
            Self::RightChoices {
                right,
                answer,
                value,
            } => write!(
                f,
                "{right} of the choices are right (the answer {} is {value}); exactly one must be",
                quoted(answer)
            ),
        }
    }
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RulesCommandInSetup => f.write_str(
                "a lesson pins its ruleset with the `rules:` key, which the runner applies for \
                 the lesson's duration and gives back after it, not with a `rules` command",
            ),
            Self::SessionRules => f.write_str(
                "the command uses the session's ruleset, which the learner may have changed: \
                 give `--rules R` on the line, or pin the lesson's ruleset with `rules:`",
            ),
            Self::Expr(call) => call.fmt(f),
        }
    }
}

impl fmt::Display for SessionRulesCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { source, call } = self;
        write!(
            f,
            "{} calls `{call}` without a ruleset, so its value depends on the ruleset the \
             learner last chose: write the ruleset first (`{call}(zero-move, …)`), or pin the \
             lesson's with `rules:`",
            quoted(source)
        )
    }
}

impl fmt::Display for Circularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Winner => f.write_str(
                "calls `winner`, which applies the theorem (it decides by the XOR of Grundy \
                 values, or by misère Nim's rule)",
            ),
            Self::Nimsum => f.write_str(
                "calls `nimsum`, which applies the theorem's way of combining values (write the \
                 XOR the theorem states with `xor`)",
            ),
            Self::OneSplittingHeap { call } => write!(
                f,
                "calls `{call}` on one heap of a game whose moves split heaps, and its options \
                 are valued as sums, by the theorem"
            ),
            Self::NoSearch => f.write_str("never searches the game tree"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{ErrorKind, ExprError, Value};

    #[test]
    fn a_fault_is_placed_at_its_file_line_column_and_step() {
        let mut e = LessonError::of_file("x.yaml", LessonFault::NoSteps);
        assert_eq!(e.to_string(), "x.yaml: a lesson needs at least one step");
        e.line = Some(4);
        e.column = Some(7);
        e.step = Some("q".into());
        *e.fault = LessonFault::StepIdTwice;
        assert_eq!(
            e.to_string(),
            "x.yaml:4:7: step `q`: this id is used by an earlier step; step ids must be unique"
        );
    }

    #[test]
    fn a_field_of_another_kind_names_both_kinds() {
        let cases = [
            (
                LessonFault::ForeignField {
                    field: "hints",
                    owner: "ask",
                    kind: "text",
                },
                "`hints` belongs to an `ask` step, not a `text` step",
            ),
            (
                LessonFault::ForeignField {
                    field: "check",
                    owner: "claim",
                    kind: "run",
                },
                "`check` belongs to a `claim` step, not a `run` step",
            ),
            (
                LessonFault::TooLarge {
                    bytes: None,
                    limit: 10,
                },
                "the file holds more than 10 bytes; lessons may be at most 10",
            ),
            (
                LessonFault::Kinds {
                    kinds: vec!["text", "run"],
                },
                "has 2 kinds (`text`, `run`): give exactly one",
            ),
        ];
        for (fault, words) in cases {
            assert_eq!(fault.to_string(), words);
        }
    }

    #[test]
    fn check_faults_say_which_line_and_what_it_lacks() {
        let cases = [
            (
                CheckFault::Line {
                    line: "rules nim".into(),
                    setup: true,
                    problem: LineProblem::RulesCommandInSetup,
                },
                "setup `rules nim`: a lesson pins its ruleset with the `rules:` key, which the runner applies for the lesson's duration and gives back after it, not with a `rules` command",
            ),
            (
                CheckFault::Line {
                    line: "grundy 0..3".into(),
                    setup: false,
                    problem: LineProblem::SessionRules,
                },
                "`grundy 0..3`: the command uses the session's ruleset, which the learner may have changed: give `--rules R` on the line, or pin the lesson's ruleset with `rules:`",
            ),
            (
                CheckFault::SessionRules(SessionRulesCall {
                    source: "g(4)".into(),
                    call: "g".into(),
                }),
                "`g(4)` calls `g` without a ruleset, so its value depends on the ruleset the learner last chose: write the ruleset first (`g(zero-move, …)`), or pin the lesson's with `rules:`",
            ),
            (
                CheckFault::Circular {
                    theorem: crate::lesson::Theorem::Bouton,
                    circularity: Circularity::NoSearch,
                },
                "the claim illustrates the theorem `bouton`, but its check never searches the game tree; check it by game-tree search: `lost(RULES, piles…)`, or `g(RULES, piles…)` of two or more piles",
            ),
            (
                CheckFault::RightChoices {
                    right: 2,
                    answer: "mex{0}".into(),
                    value: Value::Int(1),
                },
                "2 of the choices are right (the answer `mex{0}` is 1); exactly one must be",
            ),
        ];
        for (fault, words) in cases {
            assert_eq!(fault.to_string(), words);
        }
    }

    #[test]
    fn each_variant_says_what_failed() {
        let zero = || ExprError::new(ErrorKind::DivisionByZero, 4..5);
        let cases = [
            (JudgeError::Unclosed, "a `{{` is never closed with `}}`"),
            (
                JudgeError::NotTrueOrFalse {
                    value: Value::Int(3),
                },
                "the check gives 3, not true or false",
            ),
            (
                JudgeError::Answer {
                    answer: "1 / 0".into(),
                    error: Box::new(zero().into()),
                },
                "the answer `1 / 0` fails: division by zero",
            ),
            (
                JudgeError::Placeholder {
                    source: "1 / 0".into(),
                    error: Box::new(zero().into()),
                },
                "`{{ 1 / 0 }}` fails: division by zero",
            ),
        ];
        for (error, words) in cases {
            assert_eq!(error.to_string(), words);
        }
    }
}
