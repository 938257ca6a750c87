//! The words for the decider's results, shared by `prove` and `conjecture`: a sentence that
//! does not parse, a run that was refused, and the figures of a decided sentence.

use std::time::Duration;

use decide::{DecideError, ParseErrorKind, Stats, Wanted};

/// Why a sentence in the decider's syntax does not parse.
pub(super) fn parse_error(kind: &ParseErrorKind) -> String {
    match kind {
        ParseErrorKind::UnexpectedChar(c) => format!("unexpected character `{c}`"),
        ParseErrorKind::UnexpectedToken { token, wanted } => {
            format!("unexpected `{token}`: expected {}", wanted_words(*wanted))
        }
        ParseErrorKind::UnexpectedEnd { wanted } => {
            format!(
                "the sentence ends where {} was expected",
                wanted_words(*wanted)
            )
        }
        ParseErrorKind::NumberTooLarge => "a number above 2⁶⁴ − 1".into(),
        ParseErrorKind::NotConstant => {
            "a product or quotient of two variables (outside the decidable fragment)".into()
        }
        ParseErrorKind::ZeroDivisor => "division by 0".into(),
        ParseErrorKind::TooDeep => format!(
            "nested too deeply (parentheses, `not`, quantifiers and `if` at most {} deep)",
            decide::MAX_DEPTH
        ),
        ParseErrorKind::TooManyOperators => format!(
            "more than {} of the operators `+`, `&`, `|`, `*`, `/`, `%`, `=>` and `<=>` (each stacks the sentence one level taller; `^`, `and` and `or` do not count)",
            decide::MAX_OPERATORS
        ),
    }
}

/// What the parse expected, in words.
pub(super) fn wanted_words(wanted: Wanted) -> String {
    match wanted {
        Wanted::Term => "a term (a number, a name, `(` or `if`)".into(),
        Wanted::Comparison => "a comparison (`=`, `!=`, `<`, `<=`, `>` or `>=`)".into(),
        Wanted::Name => "a name to bind".into(),
        Wanted::Symbol(s) => format!("`{s}`"),
        Wanted::Word(w) => format!("`{w}`"),
        Wanted::End => "the end of the sentence, or `and`, `or`, `=>` or `<=>`".into(),
    }
}

/// Why the decider stopped without an answer.
pub(super) fn refusal(error: &DecideError) -> String {
    match error {
        DecideError::StateLimit { limit } => {
            format!("the automaton passed {limit} states, the limit")
        }
        DecideError::WorkLimit { limit } => format!("the work passed {limit} units, the limit"),
        DecideError::Cancelled => "stopped by Ctrl-C".into(),
        DecideError::FreeVariables { names } => format!(
            "the sentence has free variables ({}); bind each with `all` or `any`",
            names.join(", ")
        ),
        DecideError::WitnessTooLarge { digits } => {
            format!("the smallest counterexample has {digits} binary digits, too many to show")
        }
        DecideError::ZeroDivisor => "division by 0".into(),
        DecideError::TooDeep { limit } => {
            format!("the sentence is nested more than {limit} levels deep, the limit")
        }
        DecideError::FreeOrderMismatch { free } => {
            format!("unexpected free variables ({})", free.join(", "))
        }
    }
}

/// "automaton of 9 states, 4 ms".
pub(super) fn figures(stats: &Stats, elapsed: Duration) -> String {
    format!(
        "automaton of {} state{}, {}",
        stats.largest,
        if stats.largest == 1 { "" } else { "s" },
        duration(elapsed)
    )
}

/// "4 ms", "0.3 ms", "1.2 s".
pub(super) fn duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{ms:.1} ms")
    } else if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}

/// The longer figures for `--explain`.
pub(super) fn explained(stats: &Stats, elapsed: Duration) -> String {
    format!(
        "largest automaton {} states ({} before minimising, {} diagram nodes); final automaton {} state{}; {} operations; {}",
        stats.largest,
        stats.largest_raw,
        stats.largest_nodes,
        stats.final_states,
        if stats.final_states == 1 { "" } else { "s" },
        stats.operations,
        duration(elapsed)
    )
}
