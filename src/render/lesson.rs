//! Lessons on screen: a step's heading, prose, commands with their output, questions, claims,
//! notes and replies; the lesson list; the checker's report.

use std::io::{self, Write};

use comfy_table::{ColumnConstraint, ContentArrangement, Table, presets};
use serde::Serialize;
use serde_json::value::RawValue;

use super::Format;
use super::feedback::{Tone, tone, words};
use super::prose::{fill, hanging};
use super::{RenderOptions, printable, render, warning};
use crate::error::Error;
use crate::lesson::JudgeError;
use crate::output::{
    CheckReport, Feedback, LessonItem, LessonList, LessonReport, LessonStatus, Output,
};

/// A lesson step as text: each item in turn, filled to the width.
pub(super) fn text(
    report: &LessonReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    // A presented step starts a fresh screen on a terminal; in a pipe it reads as any step.
    // (The pager clears the screen: nothing the renderer writes may.)
    let fresh_screen = opts.height.is_some() && starts_a_screen(report);
    for item in &report.items {
        match item {
            LessonItem::Heading {
                lesson,
                number,
                of,
                step,
                ..
            } => {
                if !fresh_screen {
                    writeln!(out)?;
                }
                let heading = format!(
                    "── {} · step {number} of {of} · {} ──",
                    printable(lesson),
                    printable(step)
                );
                let heading = fill(&heading, opts.width.into());
                writeln!(out, "{}", opts.style.heading(&heading))?;
            }
            LessonItem::Text { text, broken } => {
                let text = prose(text, broken.as_ref());
                writeln!(out, "{}", fill(&printable(&text), opts.width.into()))?;
            }
            LessonItem::Command { line, output } => command_text(line, output, opts, out)?,
            LessonItem::Question {
                prompt,
                choices,
                hints,
                present,
            } => question_text(prompt, choices, *hints, *present, opts, out)?,
            LessonItem::Claim {
                statement,
                check,
                holds,
            } => claim_text(statement, check, holds, opts, out)?,
            LessonItem::Feedback(feedback) => feedback_text(feedback, opts, out)?,
        }
    }
    Ok(())
}

/// A text step's prose; one whose `{{ }}` fails is shown as written, with why under it.
fn prose(text: &str, broken: Option<&JudgeError>) -> String {
    match broken {
        None => text.to_string(),
        Some(e) => format!("{text}\n(⚠ {e})"),
    }
}

/// A lesson's command line as if typed at the prompt, then its output or its error.
fn command_text(
    line: &str,
    output: &Result<Box<Output>, Error>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let line = printable(line);
    writeln!(out, "{}", opts.style.dim(&format!("nimlab> {line}")))?;
    match output {
        Ok(output) => render(output, opts, out),
        Err(e) => write!(
            out,
            "{}",
            super::diagnostic(e, None, opts.style, Some(opts.width))
        ),
    }
}

/// A question: its prompt, its choices lettered, and what the learner may type.
fn question_text(
    prompt: &str,
    choices: &[String],
    hints: usize,
    present: bool,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, width) = (opts.style, usize::from(opts.width));
    writeln!(
        out,
        "{}",
        hanging(&style.heading("?"), &printable(prompt.trim_end()), width, 2)
    )?;
    for (i, c) in choices.iter().enumerate() {
        let label = format!("  {})", crate::lesson::runner::choice_label(i));
        writeln!(out, "{}", hanging(&label, &printable(c), width, 5))?;
    }
    let help = if present {
        "`reveal` shows the answer; `next` moves on".to_string()
    } else {
        let hints = match hints {
            0 => String::new(),
            1 => ", `hint` for a hint".to_string(),
            n => format!(", `hint` for a hint ({n} in all)"),
        };
        let what = if choices.is_empty() {
            "your answer"
        } else {
            "a choice's letter"
        };
        format!("type {what}{hints}, `skip` for the solution")
    };
    writeln!(out, "{}", style.dim(&fill(&format!("({help})"), width)))
}

/// A claim in the author's words, and whether nimlab's check of it holds. The checker's
/// expression is for whoever looks behind the words — the JSON item's `check`, the lecturer's
/// speaker notes — not the learner's screen; it is shown only when it fails, as the lesson's
/// fault it then is.
fn claim_text(
    statement: &str,
    check: &str,
    holds: &Result<bool, JudgeError>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, width) = (opts.style, usize::from(opts.width));
    let claim = format!(
        "{} {}",
        style.heading("Claim:"),
        printable(statement.trim_end())
    );
    writeln!(out, "{}", fill(&claim, width))?;
    let verdict = match holds {
        Ok(true) => style.win("✓ checked by nimlab"),
        Ok(false) => style.lose(&fill(
            &format!("✗ does not hold: {}", printable(check)),
            width,
        )),
        Err(e) => style.lose(&fill(
            &format!("✗ cannot be checked: {}", printable(&e.to_string())),
            width,
        )),
    };
    writeln!(out, "{verdict}")
}

/// Whether `feedback` is about the progress file (set aside, not saved): a warning for
/// stderr, where the run's closing error ("see the warning above") points, not a turn of
/// the lesson.
fn about_progress(feedback: &Feedback) -> bool {
    matches!(feedback, Feedback::Progress(_) | Feedback::NotSaved(_))
}

/// The warnings about the progress file that a lesson's output holds, each as printed on
/// stderr (`warning: …`, filled to `width` columns if given).
pub(crate) fn progress_warnings(
    output: &crate::output::Output,
    style: super::Style,
    width: Option<u16>,
) -> Vec<String> {
    let crate::output::Output::Lesson(report) = output else {
        return Vec::new();
    };
    report
        .items
        .iter()
        .filter_map(|item| match item {
            LessonItem::Feedback(feedback) if about_progress(feedback) => {
                Some(warning(&words(feedback), style, width))
            }
            _ => None,
        })
        .collect()
}

/// A reply to the learner, in its tone; a warning as every warning is shown. A warning about
/// the progress file is not a reply: it goes to stderr ([`progress_warnings`]).
fn feedback_text(feedback: &Feedback, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    if about_progress(feedback) {
        return Ok(());
    }
    let (style, width) = (opts.style, usize::from(opts.width));
    let words = words(feedback);
    let text = printable(&words);
    match tone(feedback) {
        Tone::Good => writeln!(out, "{}", style.win(&fill(&text, width))),
        Tone::Bad => writeln!(out, "{}", style.lose(&fill(&text, width))),
        Tone::Info => writeln!(out, "{}", fill(&text, width)),
        Tone::Warning => write!(out, "{}", warning(&words, style, Some(opts.width))),
    }
}

/// Clears a terminal and its scrollback and puts the cursor at the top left, so the room sees
/// one step at a time and the previous step cannot be scrolled back into view.
pub(crate) const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J\x1b[3J";

/// Whether `report` shows a step of a presented lesson.
pub(crate) fn starts_a_screen(report: &LessonReport) -> bool {
    report
        .items
        .iter()
        .any(|i| matches!(i, LessonItem::Heading { present: true, .. }))
}

/// A lesson step: `{"items": […]}`, each item with its `kind`.
#[derive(Serialize)]
pub(super) struct LessonJson<'a> {
    items: Vec<ItemJson<'a>>,
}

/// One item shown at a lesson step, written with its `kind`.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum ItemJson<'a> {
    Step {
        id: &'a str,
        kind: &'static str,
        lesson: &'a str,
        number: usize,
        of: usize,
    },
    Text {
        kind: &'static str,
        text: String,
    },
    Run {
        command: &'a str,
        kind: &'static str,
        /// The command's own JSON, as it prints on its own (`null` when it prints nothing).
        output: Option<Box<RawValue>>,
    },
    RunFailed {
        command: &'a str,
        error: String,
        kind: &'static str,
    },
    Ask {
        choices: &'a [String],
        hints: usize,
        kind: &'static str,
        prompt: &'a str,
    },
    Claim {
        check: &'a str,
        holds: bool,
        kind: &'static str,
        statement: &'a str,
    },
    ClaimFailed {
        check: &'a str,
        error: String,
        kind: &'static str,
        statement: &'a str,
    },
    Feedback {
        kind: &'static str,
        text: String,
        tone: &'static str,
    },
}

impl<'a> ItemJson<'a> {
    fn new(item: &'a LessonItem) -> Self {
        match item {
            LessonItem::Heading {
                lesson,
                number,
                of,
                step,
                ..
            } => Self::Step {
                id: step,
                kind: "step",
                lesson,
                number: *number,
                of: *of,
            },
            LessonItem::Text { text, broken } => Self::Text {
                kind: "text",
                text: prose(text, broken.as_ref()),
            },
            LessonItem::Command { line, output } => match output {
                Ok(o) => Self::Run {
                    command: line,
                    kind: "run",
                    output: nested_json(o),
                },
                Err(error) => Self::RunFailed {
                    command: line,
                    error: error.to_string(),
                    kind: "run",
                },
            },
            LessonItem::Question {
                prompt,
                choices,
                hints,
                ..
            } => Self::Ask {
                choices,
                hints: *hints,
                kind: "ask",
                prompt,
            },
            LessonItem::Claim {
                statement,
                check,
                holds,
            } => match holds {
                Ok(holds) => Self::Claim {
                    check,
                    holds: *holds,
                    kind: "claim",
                    statement,
                },
                Err(error) => Self::ClaimFailed {
                    check,
                    error: error.to_string(),
                    kind: "claim",
                    statement,
                },
            },
            LessonItem::Feedback(feedback) => Self::Feedback {
                kind: "feedback",
                text: words(feedback),
                tone: tone(feedback).name(),
            },
        }
    }
}

/// A command's output as the JSON it prints on its own, to nest in a lesson's item.
fn nested_json(output: &Output) -> Option<Box<RawValue>> {
    let mut buf = Vec::new();
    super::json::render(output, &mut buf).ok()?;
    let text = String::from_utf8(buf).ok()?;
    RawValue::from_string(text.trim_end().to_string()).ok()
}

pub(super) fn json(report: &LessonReport) -> LessonJson<'_> {
    LessonJson {
        items: items_json(report),
    }
}

/// The items of a step as JSON, for a step's answer and for the notes left with an activity.
pub(super) fn items_json(report: &LessonReport) -> Vec<ItemJson<'_>> {
    report.items.iter().map(ItemJson::new).collect()
}

/// A chapter's name; lessons that name none are grouped as `More lessons`.
fn chapter_name(chapter: Option<&str>) -> &str {
    chapter.unwrap_or("More lessons")
}

fn status_text(status: LessonStatus, steps: usize) -> String {
    match status {
        LessonStatus::NotStarted => "not started".into(),
        LessonStatus::AtStep(k) => format!("step {k} of {steps}"),
        LessonStatus::Done => "done".into(),
    }
}

/// The columns a line of a lesson's prerequisites fills before the next one starts a line.
const AFTER_WIDTH: usize = 24;

/// `after mex, nim` as lines of the status column: broken between prerequisites only, the
/// first on the line of `after`.
fn after_lines(waiting: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = "after".to_string();
    for (i, item) in waiting.iter().enumerate() {
        let piece = if i + 1 < waiting.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        if i > 0 && line.chars().count() + 1 + piece.chars().count() > AFTER_WIDTH {
            lines.push(std::mem::take(&mut line));
            line = piece;
        } else {
            line.push(' ');
            line.push_str(&piece);
        }
    }
    lines.push(line);
    lines
}

pub(super) fn list_text(
    list: &LessonList,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    // The course as a map: a chapter heading, then its lessons, each with where the learner
    // stands — done, the step reached, ready, or the prerequisites still to do.
    let mut table = Table::new();
    table
        .load_style(presets::NOTHING)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table.set_width(opts.width);
    let mut chapter = None;
    for row in &list.rows {
        if chapter != Some(&row.chapter) {
            chapter = Some(&row.chapter);
            let heading = opts
                .style
                .heading(&printable(chapter_name(row.chapter.as_deref())));
            table.add_row(vec![heading, String::new(), String::new()]);
        }
        let status = match row.status {
            LessonStatus::NotStarted if row.waiting_for.is_empty() => opts.style.win("ready"),
            LessonStatus::NotStarted => {
                let waiting: Vec<String> = row
                    .waiting_for
                    .iter()
                    .map(|r| printable(r).into_owned())
                    .collect();
                after_lines(&waiting)
                    .iter()
                    .map(|line| opts.style.dim(line))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            LessonStatus::Done => format!("{} ✓", status_text(row.status, row.steps)),
            status => status_text(status, row.steps),
        };
        table.add_row(vec![
            format!("  {}", printable(&row.id)),
            printable(&row.title).into_owned(),
            status,
        ]);
    }
    // The id and the status keep their width (a status is broken between prerequisites,
    // never inside one nor after `after`); the title takes what is left and wraps.
    for (i, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, if i < 2 { 2 } else { 0 }));
        if i != 1 {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
    for line in table.lines() {
        writeln!(out, "{}", line.trim_end())?;
    }
    let ready = if list.ready.is_empty() {
        String::new()
    } else {
        format!("; ready to start: {}", list.ready.join(", "))
    };
    let summary = format!(
        "{} of {} done{}. {}",
        list.done,
        list.rows.len(),
        printable(&ready),
        opts.style.dim("Start one with `lesson start ID`.")
    );
    writeln!(
        out,
        "{}",
        super::prose::fill(&summary, usize::from(opts.width))
    )?;
    // Each on one line, whatever the width, as errors are in a pipe: for `grep`.
    for e in &list.errors {
        write!(out, "{}", warning(e, opts.style, None))?;
    }
    for w in &list.warnings {
        write!(out, "{}", warning(w, opts.style, None))?;
    }
    Ok(())
}

pub(super) fn list_rows(list: &LessonList) -> Vec<Vec<String>> {
    list.rows
        .iter()
        .map(|r| {
            vec![
                r.id.clone(),
                r.title.clone(),
                r.steps.to_string(),
                status_text(r.status, r.steps),
                r.requires.join(" "),
            ]
        })
        .collect()
}

/// `lesson list`: every lesson with the learner's status, how many are done and which are
/// ready to start, and what could not be read.
#[derive(Serialize)]
pub(super) struct ListJson<'a> {
    done: usize,
    errors: Vec<String>,
    lessons: Vec<ListRowJson<'a>>,
    ready: &'a [String],
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct ListRowJson<'a> {
    chapter: &'a str,
    id: &'a str,
    requires: &'a [String],
    status: &'static str,
    step: Option<usize>,
    steps: usize,
    title: &'a str,
    waiting_for: &'a [String],
}

pub(super) fn list_json(list: &LessonList) -> ListJson<'_> {
    ListJson {
        done: list.done,
        errors: list.errors.iter().map(ToString::to_string).collect(),
        lessons: list
            .rows
            .iter()
            .map(|r| ListRowJson {
                chapter: chapter_name(r.chapter.as_deref()),
                id: &r.id,
                requires: &r.requires,
                status: match r.status {
                    LessonStatus::NotStarted => "not-started",
                    LessonStatus::AtStep(_) => "in-progress",
                    LessonStatus::Done => "done",
                },
                step: match r.status {
                    LessonStatus::AtStep(k) => Some(k),
                    _ => None,
                },
                steps: r.steps,
                title: &r.title,
                waiting_for: &r.waiting_for,
            })
            .collect(),
        ready: &list.ready,
        warnings: list.warnings.iter().map(ToString::to_string).collect(),
    }
}

pub(super) fn check_text(
    report: &CheckReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    for f in &report.failures {
        let f = printable(&f.to_string()).into_owned();
        writeln!(out, "{} {f}", style.lose("✗"))?;
    }
    let summary = format!(
        "checked {} lesson{}, {} steps, {} checks: ",
        report.lessons,
        if report.lessons == 1 { "" } else { "s" },
        report.steps,
        report.checks
    );
    if report.failures.is_empty() {
        writeln!(out, "{summary}{}", style.win("all passed"))
    } else {
        writeln!(
            out,
            "{summary}{}",
            style.lose(&format!("{} failed", report.failures.len()))
        )
    }
}

/// `lesson check`: what was checked and every failure.
#[derive(Serialize)]
pub(super) struct CheckJson<'a> {
    checks: usize,
    failures: Vec<FailureJson<'a>>,
    lessons: usize,
    ok: bool,
    steps: usize,
}

#[derive(Serialize)]
struct FailureJson<'a> {
    column: Option<usize>,
    file: &'a str,
    line: Option<usize>,
    message: String,
    step: Option<&'a str>,
}

pub(super) fn check_json(report: &CheckReport) -> CheckJson<'_> {
    CheckJson {
        checks: report.checks,
        failures: report
            .failures
            .iter()
            .map(|f| FailureJson {
                column: f.column,
                file: &f.origin,
                line: f.line,
                message: f.fault.to_string(),
                step: f.step.as_deref(),
            })
            .collect(),
        lessons: report.lessons,
        ok: report.failures.is_empty(),
        steps: report.steps,
    }
}

pub(super) fn check_rows(report: &CheckReport) -> Vec<Vec<String>> {
    report
        .failures
        .iter()
        .map(|f| {
            vec![
                f.origin.clone(),
                f.line.map_or(String::new(), |l| l.to_string()),
                f.step.clone().unwrap_or_default(),
                f.fault.to_string(),
            ]
        })
        .collect()
}

/// Markdown and CSV of a lesson step: the text view without colour.
pub(super) fn plain(report: &LessonReport) -> String {
    let opts = RenderOptions {
        format: Format::Text,
        ..RenderOptions::default()
    };
    let mut buf = Vec::new();
    let _ = text(report, &opts, &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::LessonListRow;

    #[test]
    fn the_lesson_list_is_a_map_of_chapters() {
        let row = |id: &str, chapter: &str, status, waiting: &[&str]| LessonListRow {
            id: id.into(),
            title: format!("About {id}"),
            chapter: Some(chapter.into()),
            steps: 11,
            status,
            requires: waiting.iter().map(|w| w.to_string()).collect(),
            waiting_for: waiting.iter().map(|w| w.to_string()).collect(),
        };
        let list = LessonList {
            rows: vec![
                row("mex", "Foundations", LessonStatus::Done, &[]),
                row("nim", "Foundations", LessonStatus::AtStep(3), &[]),
                row("kayles", "Octal games", LessonStatus::NotStarted, &[]),
                row(
                    "more",
                    "Octal games",
                    LessonStatus::NotStarted,
                    &["kayles", "nim"],
                ),
            ],
            done: 1,
            ready: vec!["kayles".into()],
            errors: Vec::new(),
            warnings: Vec::new(),
        };
        let mut out = Vec::new();
        list_text(&list, &RenderOptions::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            // The first column is as wide as its widest cell, the heading `Octal games`.
            "Foundations\n  \
             mex        About mex     done ✓\n  \
             nim        About nim     step 3 of 11\n\
             Octal games\n  \
             kayles     About kayles  ready\n  \
             more       About more    after kayles, nim\n\
             1 of 4 done; ready to start: kayles. Start one with `lesson start ID`.\n"
        );
    }

    #[test]
    fn a_text_whose_placeholder_fails_is_shown_as_written_with_why() {
        let report = LessonReport {
            items: vec![LessonItem::Text {
                text: "g is {{ g(nim, 3".into(),
                broken: Some(JudgeError::Unclosed),
            }],
        };
        let mut out = Vec::new();
        text(&report, &RenderOptions::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "g is {{ g(nim, 3\n(⚠ a `{{` is never closed with `}}`)\n"
        );
        assert_eq!(
            serde_json::to_string(&json(&report)).unwrap(),
            "{\"items\":[{\"kind\":\"text\",\"text\":\"g is {{ g(nim, 3\\n(⚠ a `{{` is never closed with `}}`)\"}]}"
        );
    }

    #[test]
    fn lessons_that_name_no_chapter_are_more_lessons() {
        let list = LessonList {
            rows: vec![LessonListRow {
                id: "mine".into(),
                title: "Mine".into(),
                chapter: None,
                steps: 2,
                status: LessonStatus::NotStarted,
                requires: Vec::new(),
                waiting_for: Vec::new(),
            }],
            done: 0,
            ready: vec!["mine".into()],
            errors: Vec::new(),
            warnings: Vec::new(),
        };
        let mut out = Vec::new();
        list_text(&list, &RenderOptions::default(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("More lessons\n  mine"), "{out}");
        let json = serde_json::to_value(list_json(&list)).unwrap();
        assert_eq!(json["lessons"][0]["chapter"], "More lessons");
    }

    /// The claim of `wythoff.yaml`'s step `fib-pairs`, shortened: its words on the screen, its
    /// checker's expression in the JSON only.
    #[test]
    fn a_claim_is_shown_in_words_and_its_check_kept_for_json() {
        let check = "all j in 1..30: fib(2*j+1) - fib(2*j) = fib(2*j-1)";
        let report = LessonReport {
            items: vec![LessonItem::Claim {
                statement: "Every other pair of consecutive Fibonacci numbers is lost.\n".into(),
                check: check.into(),
                holds: Ok(true),
            }],
        };
        let mut out = Vec::new();
        text(&report, &RenderOptions::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Claim: Every other pair of consecutive Fibonacci numbers is lost.\n\
             ✓ checked by nimlab\n"
        );
        let json = serde_json::to_value(json(&report)).unwrap();
        assert_eq!(json["items"][0]["check"], check);
        // A claim that fails shows what failed: the lesson is at fault.
        let report = LessonReport {
            items: vec![LessonItem::Claim {
                statement: "3 ⊕ 8 ⊕ 6 is 12.".into(),
                check: "xor(3, 8, 6) = 12".into(),
                holds: Ok(false),
            }],
        };
        let mut out = Vec::new();
        text(&report, &RenderOptions::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Claim: 3 ⊕ 8 ⊕ 6 is 12.\n✗ does not hold: xor(3, 8, 6) = 12\n"
        );
    }

    #[test]
    fn feedback_in_text_and_json() {
        let report = LessonReport {
            items: vec![
                LessonItem::Feedback(Feedback::Wrong {
                    feedback: crate::lesson::mistake::Why::Unsaid,
                    hints_left: true,
                }),
                LessonItem::Feedback(Feedback::NotRun { lines: 2 }),
            ],
        };
        let mut out = Vec::new();
        text(&report, &RenderOptions::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Not quite. Try again, or `hint`.\n\
             warning: 2 more command lines of this step not run\n"
        );
        assert_eq!(
            serde_json::to_string(&json(&report)).unwrap(),
            "{\"items\":[{\"kind\":\"feedback\",\"text\":\"Not quite. Try again, or `hint`.\",\"tone\":\"bad\"},\
             {\"kind\":\"feedback\",\"text\":\"2 more command lines of this step not run\",\"tone\":\"warning\"}]}"
        );
    }
}
