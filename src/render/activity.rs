//! Leaving an activity: which one was left and how far it had got, what was kept, and what a
//! further `quit` leaves — in text and in JSON.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::lesson::ItemJson;
use crate::engine::{Pile, Rules};
use crate::output::{Activity, LeftReport, Then};

pub(super) fn text(
    report: &LeftReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    super::lesson::text(&report.notes, opts, out)?;
    let width = opts.layout_width();
    let left = left_line(&report.left);
    if let Activity::Lesson { .. } = report.left {
        // As `lesson quit` prints it, to the letter and the line break.
        writeln!(out, "{}", super::prose::fill(&left, opts.width.into()))?;
    } else {
        for line in paragraph(&left, width) {
            writeln!(out, "{line}")?;
        }
    }
    let then = match &report.then {
        Then::Inside(activity) => format!("`quit` again leaves {}.", name(activity)),
        Then::TopLevel => "`quit` again leaves nimlab.".to_string(),
        Then::Ending => return Ok(()),
    };
    for line in paragraph(&then, width) {
        writeln!(out, "{}", opts.style.dim(&line))?;
    }
    Ok(())
}

/// `text` wrapped at `width`, continuation lines indented by two spaces.
fn paragraph(text: &str, width: usize) -> Vec<String> {
    let mut lines = super::prose::wrap(text, width - 2);
    for line in lines.iter_mut().skip(1) {
        line.insert_str(0, "  ");
    }
    lines
}

/// The sentence that says what was left.
fn left_line(activity: &Activity) -> String {
    match activity {
        Activity::Game {
            rules,
            start,
            board,
            moves,
        } => match moves {
            0 => format!("Left the game of {} (not finished).", piles(rules, start)),
            _ => format!(
                "Left the game of {} (not finished: {moves} {} played, {} on the board).",
                piles(rules, start),
                if *moves == 1 { "move" } else { "moves" },
                piles(rules, board)
            ),
        },
        Activity::SumGame {
            start,
            board,
            moves,
        } => match moves {
            0 => format!("Left the game of {} (not finished).", terms(start)),
            _ => format!(
                "Left the game of {} (not finished: {moves} {} played, {} on the board).",
                terms(start),
                if *moves == 1 { "move" } else { "moves" },
                terms(board)
            ),
        },
        Activity::Derivation { rules, at, of } => {
            format!("Left the derivation of {rules} at state {at} of {of}.")
        }
        Activity::Proof { title, at, of, .. } => {
            format!("Left the proof “{title}” at step {at} of {of}.")
        }
        // The words of `lesson quit`: one exit, one wording.
        Activity::Lesson {
            title,
            presenting: true,
            ..
        } => super::feedback::stopped_presenting(title),
        Activity::Lesson { id, title, at, .. } => super::feedback::left_lesson(title, *at, id),
    }
}

/// An activity named the way "`quit` again leaves …" ends.
fn name(activity: &Activity) -> String {
    match activity {
        Activity::Game { rules, start, .. } => format!("the game of {}", piles(rules, start)),
        Activity::SumGame { start, .. } => format!("the game of {}", terms(start)),
        Activity::Derivation { rules, .. } => format!("the derivation of {rules}"),
        Activity::Proof { title, .. } => format!("the proof “{title}”"),
        Activity::Lesson { title, .. } => format!("the lesson “{title}”"),
    }
}

/// A sum's components joined by `+`, at most twelve.
fn terms(terms: &[crate::output::Term]) -> String {
    let names: Vec<String> = terms.iter().take(12).map(ToString::to_string).collect();
    if terms.len() <= 12 {
        names.join(" + ")
    } else {
        format!("{} + … ({} in all)", names.join(" + "), terms.len())
    }
}

fn piles(rules: &Rules, piles: &[Pile]) -> String {
    let names: Vec<String> = piles.iter().map(|&p| rules.name_of(p)).collect();
    if names.len() <= 12 {
        names.join(" ")
    } else {
        format!("{} … ({} piles)", names[..12].join(" "), names.len())
    }
}

/// Markdown and CSV have no table for this: the text, without colour.
pub(super) fn plain(report: &LeftReport) -> String {
    let mut buf = Vec::new();
    let _ = text(report, &RenderOptions::default(), &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

/// Leaving an activity: what was left, the notes shown on the way out, and what `quit` leaves
/// next.
#[derive(Serialize)]
pub(super) struct LeftJson<'a> {
    left: ActivityJson<'a>,
    notes: Vec<ItemJson<'a>>,
    then: ThenJson<'a>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum ThenJson<'a> {
    Inside(ActivityJson<'a>),
    Word(&'static str),
}

/// An activity, written with its `activity` name.
#[derive(Serialize)]
#[serde(untagged)]
enum ActivityJson<'a> {
    Game {
        activity: &'static str,
        board: Vec<String>,
        moves: usize,
        rules: String,
        start: Vec<String>,
    },
    SumGame {
        activity: &'static str,
        board: Vec<String>,
        moves: usize,
        start: Vec<String>,
    },
    Derivation {
        activity: &'static str,
        at: usize,
        of: usize,
        rules: String,
    },
    Proof {
        activity: &'static str,
        at: usize,
        id: &'a str,
        of: usize,
        title: &'a str,
    },
    Lesson {
        activity: &'static str,
        at: usize,
        id: &'a str,
        of: usize,
        presenting: bool,
        title: &'a str,
    },
}

pub(super) fn json(report: &LeftReport) -> LeftJson<'_> {
    LeftJson {
        left: activity_json(&report.left),
        notes: super::lesson::items_json(&report.notes),
        then: match &report.then {
            Then::Inside(a) => ThenJson::Inside(activity_json(a)),
            Then::TopLevel => ThenJson::Word("top-level"),
            Then::Ending => ThenJson::Word("end"),
        },
    }
}

fn activity_json(activity: &Activity) -> ActivityJson<'_> {
    let names = |rules: &Rules, piles: &[Pile]| -> Vec<String> {
        piles.iter().map(|&p| rules.name_of(p)).collect()
    };
    match activity {
        Activity::Game {
            rules,
            start,
            board,
            moves,
        } => ActivityJson::Game {
            activity: "game",
            board: names(rules, board),
            moves: *moves,
            rules: rules.to_string(),
            start: names(rules, start),
        },
        Activity::SumGame {
            start,
            board,
            moves,
        } => ActivityJson::SumGame {
            activity: "game",
            board: board.iter().map(ToString::to_string).collect(),
            moves: *moves,
            start: start.iter().map(ToString::to_string).collect(),
        },
        Activity::Derivation { rules, at, of } => ActivityJson::Derivation {
            activity: "derivation",
            at: *at,
            of: *of,
            rules: rules.to_string(),
        },
        Activity::Proof { id, title, at, of } => ActivityJson::Proof {
            activity: "proof",
            at: *at,
            id,
            of: *of,
            title,
        },
        Activity::Lesson {
            id,
            title,
            at,
            of,
            presenting,
        } => ActivityJson::Lesson {
            activity: "lesson",
            at: *at,
            id,
            of: *of,
            presenting: *presenting,
            title,
        },
    }
}
