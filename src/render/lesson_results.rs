//! `lesson results`: the learner's record, a row a step — a table per lesson on a terminal,
//! one CSV or JSON document to hand in.

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use super::{RenderOptions, printable, warning};
use crate::lesson::progress::StepStatus;
use crate::output::{LessonResult, LessonResults, StepKindName, StepResult};

fn kind(kind: StepKindName) -> &'static str {
    match kind {
        StepKindName::Text => "text",
        StepKindName::Run => "run",
        StepKindName::Question => "question",
        StepKindName::Claim => "claim",
    }
}

/// What happened at a step: its status, or `tried` for a question answered wrong (or hinted)
/// and not yet right, or `None` where nothing happened.
fn status(step: &StepResult) -> Option<&'static str> {
    match step.status {
        Some(StepStatus::Correct) => Some("correct"),
        Some(StepStatus::Seen) => Some("seen"),
        Some(StepStatus::Skipped) => Some("skipped"),
        None if step.attempts > 0 || step.hints > 0 => Some("tried"),
        None => None,
    }
}

/// A time as an ISO 8601 date and time in UTC, `2026-11-28T16:05:19Z`, by the civil calendar
/// (days from the epoch to year, month and day as in Howard Hinnant's `civil_from_days`).
pub(super) fn utc(seconds: u64) -> String {
    let days = seconds / 86_400;
    let secs = seconds % 86_400;
    // Shifted to start on 0000-03-01, so that the leap day ends a year.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3_600,
        secs / 60 % 60,
        secs % 60
    )
}

/// A time as the table shows it, to the minute: `2026-11-28 16:05` (UTC).
fn minute(seconds: u64) -> String {
    let full = utc(seconds);
    format!("{} {}", &full[..10], &full[11..16])
}

/// Questions right at the first try with no hint, of the questions, and the hints used.
fn tally(lesson: &LessonResult) -> (usize, usize, u32) {
    let questions = lesson
        .steps
        .iter()
        .filter(|s| s.kind == StepKindName::Question);
    let (mut first, mut count, mut hints) = (0, 0, 0u32);
    for s in questions {
        count += 1;
        hints = hints.saturating_add(s.hints);
        if s.status == Some(StepStatus::Correct) && s.attempts == 1 && s.hints == 0 {
            first += 1;
        }
    }
    (first, count, hints)
}

pub(super) fn text(
    results: &LessonResults,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    if results.lessons.is_empty() {
        writeln!(
            out,
            "No lesson worked on yet: `lesson list` shows the course, `lesson start ID` begins one."
        )?;
    }
    for (i, lesson) in results.lessons.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let done = if lesson.finished { " (finished)" } else { "" };
        writeln!(
            out,
            "{}",
            opts.style.heading(&format!(
                "{} — {}{done}",
                printable(&lesson.id),
                printable(&lesson.title)
            ))
        )?;
        let mut table = Table::new();
        table
            .load_style(presets::NOTHING)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(opts.width)
            .set_header([
                "#",
                "step",
                "kind",
                "status",
                "tries",
                "hints",
                "last (UTC)",
            ]);
        for s in &lesson.steps {
            let count = |n: u32, asked: bool| if asked { n.to_string() } else { String::new() };
            let asked = s.kind == StepKindName::Question;
            table.add_row([
                s.number.to_string(),
                printable(&s.id).into_owned(),
                kind(s.kind).to_string(),
                status(s).unwrap_or("—").to_string(),
                count(s.attempts, asked),
                count(s.hints, asked),
                s.last.map(minute).unwrap_or_default(),
            ]);
        }
        // Every column keeps its width but the step's id, which wraps if it must.
        for (i, column) in table.column_iter_mut().enumerate() {
            if i != 1 {
                column.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
            }
        }
        for line in table.lines() {
            writeln!(out, "{}", line.trim_end())?;
        }
        let (first, questions, hints) = tally(lesson);
        if questions > 0 {
            let unreached = lesson
                .steps
                .iter()
                .filter(|s| s.kind == StepKindName::Question && status(s).is_none())
                .count();
            let unreached = if unreached > 0 {
                format!(" ({unreached} not reached)")
            } else {
                String::new()
            };
            writeln!(
                out,
                "Right at the first try: {first} of {questions} question{}{unreached}; hints \
                 used: {hints}.",
                if questions == 1 { "" } else { "s" }
            )?;
        }
    }
    for w in &results.warnings {
        write!(out, "{}", warning(w, opts.style, None))?;
    }
    Ok(())
}

/// The CSV and Markdown rows: one a step of every lesson.
pub(super) fn rows(results: &LessonResults) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let headers = vec![
        "lesson", "number", "step", "kind", "status", "attempts", "hints", "last",
    ];
    let rows = results
        .lessons
        .iter()
        .flat_map(|l| {
            l.steps.iter().map(|s| {
                vec![
                    l.id.clone(),
                    s.number.to_string(),
                    s.id.clone(),
                    kind(s.kind).to_string(),
                    status(s).unwrap_or_default().to_string(),
                    s.attempts.to_string(),
                    s.hints.to_string(),
                    s.last.map(utc).unwrap_or_default(),
                ]
            })
        })
        .collect();
    (headers, rows)
}

#[derive(Serialize)]
pub(super) struct ResultsJson<'a> {
    lessons: Vec<LessonJson<'a>>,
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct LessonJson<'a> {
    id: &'a str,
    title: &'a str,
    finished: bool,
    questions: usize,
    right_first_time: usize,
    hints: u32,
    steps: Vec<StepJson<'a>>,
}

#[derive(Serialize)]
struct StepJson<'a> {
    number: usize,
    id: &'a str,
    kind: &'static str,
    status: Option<&'static str>,
    attempts: u32,
    hints: u32,
    last: Option<String>,
}

fn step_json(s: &StepResult) -> StepJson<'_> {
    StepJson {
        number: s.number,
        id: &s.id,
        kind: kind(s.kind),
        status: status(s),
        attempts: s.attempts,
        hints: s.hints,
        last: s.last.map(utc),
    }
}

pub(super) fn json(results: &LessonResults) -> ResultsJson<'_> {
    ResultsJson {
        lessons: results
            .lessons
            .iter()
            .map(|l| {
                let (right_first_time, questions, hints) = tally(l);
                LessonJson {
                    id: &l.id,
                    title: &l.title,
                    finished: l.finished,
                    questions,
                    right_first_time,
                    hints,
                    steps: l.steps.iter().map(step_json).collect(),
                }
            })
            .collect(),
        warnings: results.warnings.iter().map(ToString::to_string).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::utc;

    /// By hand: 0 is the epoch; 951 782 400 = 11 016 days is 2000-02-29 (a leap day: 30 years
    /// of 365 days and 7 leap days to 2000-01-01 are 10 957 days, then 31 + 28); one second
    /// before 2000-03-01 is 23:59:59 of that day; 1 795 000 000 s are 20 775 days (2026-01-01 is
    /// day 10 957 + 26 · 365 + 7 = 20 454, and day 321 of 2026 is 18 November) and 40 000 s.
    #[test]
    fn times_are_written_as_utc_dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(951_868_799), "2000-02-29T23:59:59Z");
        assert_eq!(utc(1_795_000_000), "2026-11-18T11:06:40Z");
    }
}
