//! Lessons on screen: a step's heading, prose, commands with their output, questions, claims,
//! notes and replies; the lesson list; the checker's report.

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};
use serde_json::{Value, json};

use super::Format;
use super::prose::{fill, hanging};
use super::{RenderOptions, printable, render, render_to_string};
use crate::output::{CheckReport, LessonItem, LessonList, LessonReport, LessonStatus, Tone};

pub fn text(report: &LessonReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let style = opts.style;
    let width = usize::from(opts.width);
    let fill = |text: &str| fill(text, width);
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
                let heading = fill(&format!(
                    "── {} · step {number} of {of} · {} ──",
                    printable(lesson),
                    printable(step)
                ));
                writeln!(out, "{}", style.heading(&heading))?;
            }
            LessonItem::Text(text) => writeln!(out, "{}", fill(&printable(text)))?,
            LessonItem::Command { line, output } => {
                let line = printable(line);
                writeln!(out, "{}", style.dim(&format!("nimlab> {line}")))?;
                match output {
                    Ok(output) => render(output, opts, out)?,
                    Err(e) => writeln!(
                        out,
                        "{}",
                        fill(&format!("{} {}", style.error("error:"), printable(e)))
                    )?,
                }
            }
            LessonItem::Question {
                prompt,
                choices,
                hints,
                present,
            } => {
                writeln!(
                    out,
                    "{}",
                    hanging(&style.heading("?"), &printable(prompt.trim_end()), width, 2)
                )?;
                for (i, c) in choices.iter().enumerate() {
                    let label = format!("  {})", crate::lesson::runner::choice_label(i));
                    writeln!(out, "{}", hanging(&label, &printable(c), width, 5))?;
                }
                let help = if *present {
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
                writeln!(out, "{}", style.dim(&fill(&format!("({help})"))))?;
            }
            LessonItem::Claim {
                statement,
                check,
                holds,
            } => {
                let claim = format!(
                    "{} {}",
                    style.heading("Claim:"),
                    printable(statement.trim_end())
                );
                writeln!(out, "{}", fill(&claim))?;
                let check = printable(check);
                let verdict = match holds {
                    Ok(true) => style.win(&fill(&format!("✓ checked by nimlab: {check}"))),
                    Ok(false) => style.lose(&fill(&format!("✗ does not hold: {check}"))),
                    Err(e) => style.lose(&fill(&format!("✗ cannot be checked: {}", printable(e)))),
                };
                writeln!(out, "{verdict}")?;
            }
            LessonItem::Feedback { tone, text } => {
                let text = &printable(text).into_owned();
                let line = match tone {
                    Tone::Good => style.win(&fill(text)),
                    Tone::Bad => style.lose(&fill(text)),
                    Tone::Info => fill(text),
                    Tone::Warning => fill(&format!("{} {text}", style.error("warning:"))),
                };
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}

/// Clears a terminal and its scrollback and puts the cursor at the top left, so the room sees
/// one step at a time and the previous step cannot be scrolled back into view.
pub const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J\x1b[3J";

/// Whether `report` shows a step of a presented lesson.
pub fn starts_a_screen(report: &LessonReport) -> bool {
    report
        .items
        .iter()
        .any(|i| matches!(i, LessonItem::Heading { present: true, .. }))
}

pub fn json(report: &LessonReport) -> Value {
    let items: Vec<Value> = report
        .items
        .iter()
        .map(|item| match item {
            LessonItem::Heading {
                lesson,
                number,
                of,
                step,
                ..
            } => json!({"kind": "step", "lesson": lesson, "number": number, "of": of, "id": step}),
            LessonItem::Text(t) => json!({"kind": "text", "text": t}),
            LessonItem::Command { line, output } => match output {
                Ok(o) => json!({"kind": "run", "command": line, "output": render_to_string(o, &RenderOptions::default())}),
                Err(e) => json!({"kind": "run", "command": line, "error": e}),
            },
            LessonItem::Question {
                prompt, choices, hints, ..
            } => json!({"kind": "ask", "prompt": prompt, "choices": choices, "hints": hints}),
            LessonItem::Claim {
                statement,
                check,
                holds,
            } => match holds {
                Ok(h) => json!({"kind": "claim", "statement": statement, "check": check, "holds": h}),
                Err(e) => json!({"kind": "claim", "statement": statement, "check": check, "error": e}),
            },
            LessonItem::Feedback { tone, text } => json!({
                "kind": "feedback",
                "tone": match tone {
                    Tone::Good => "good",
                    Tone::Bad => "bad",
                    Tone::Info => "info",
                    Tone::Warning => "warning",
                },
                "text": text,
            }),
        })
        .collect();
    json!({ "items": items })
}

fn status_text(status: LessonStatus, steps: usize) -> String {
    match status {
        LessonStatus::NotStarted => "not started".into(),
        LessonStatus::AtStep(k) => format!("step {k} of {steps}"),
        LessonStatus::Done => "done".into(),
    }
}

pub fn list_text(list: &LessonList, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(["id", "title", "status", "after"].map(|h| opts.style.heading(h)));
    table.set_width(opts.width);
    for row in &list.rows {
        table.add_row(vec![
            printable(&row.id).into_owned(),
            printable(&row.title).into_owned(),
            status_text(row.status, row.steps),
            row.requires.join(", "),
        ]);
    }
    writeln!(out, "{table}")?;
    writeln!(
        out,
        "{}",
        opts.style.dim("Start one with `lesson start ID`.")
    )?;
    for e in &list.errors {
        let e = printable(&e.to_string()).into_owned();
        writeln!(out, "{} {e}", opts.style.error("warning:"))?;
    }
    for w in &list.warnings {
        writeln!(out, "{} {}", opts.style.error("warning:"), printable(w))?;
    }
    Ok(())
}

pub fn list_rows(list: &LessonList) -> Vec<Vec<String>> {
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

pub fn list_json(list: &LessonList) -> Value {
    json!({
        "lessons": list.rows.iter().map(|r| json!({
            "id": r.id,
            "title": r.title,
            "steps": r.steps,
            "status": match r.status {
                LessonStatus::NotStarted => "not-started",
                LessonStatus::AtStep(_) => "in-progress",
                LessonStatus::Done => "done",
            },
            "step": match r.status { LessonStatus::AtStep(k) => json!(k), _ => Value::Null },
            "requires": r.requires,
        })).collect::<Vec<_>>(),
        "errors": list.errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "warnings": list.warnings,
    })
}

pub fn check_text(
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

pub fn check_json(report: &CheckReport) -> Value {
    json!({
        "ok": report.failures.is_empty(),
        "lessons": report.lessons,
        "steps": report.steps,
        "checks": report.checks,
        "failures": report.failures.iter().map(|f| json!({
            "file": f.origin,
            "line": f.line,
            "column": f.column,
            "step": f.step,
            "message": f.message,
        })).collect::<Vec<_>>(),
    })
}

pub fn check_rows(report: &CheckReport) -> Vec<Vec<String>> {
    report
        .failures
        .iter()
        .map(|f| {
            vec![
                f.origin.clone(),
                f.line.map_or(String::new(), |l| l.to_string()),
                f.step.clone().unwrap_or_default(),
                f.message.clone(),
            ]
        })
        .collect()
}

/// Markdown and CSV of a lesson step: the text view without colour.
pub fn plain(report: &LessonReport) -> String {
    let opts = RenderOptions {
        format: Format::Text,
        ..RenderOptions::default()
    };
    let mut buf = Vec::new();
    let _ = text(report, &opts, &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}
