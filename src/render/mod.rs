//! The one renderer: turns `Output` data into text (comfy-table, owo-colors), Markdown, CSV or
//! JSON, written to any writer. It never computes game theory.

mod binary;
mod bulk;
mod conjecture;
mod derive;
mod diagnostic;
mod game;
mod game_json;
mod json;
mod lesson;
mod period;
mod printable;
mod proof;
mod prose;
mod set;
mod style;
mod tabular;
mod text;
mod value;
mod values;
mod verdict;
mod verify;

use std::io::{self, Write};

pub use diagnostic::snippet;
pub use printable::{Guard, Sink, printable};
pub use set::format_set;
pub use style::Style;

use crate::cli::Format;
use crate::output::Output;

/// How to render: the format, colour, and the width tables must fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderOptions {
    pub format: Format,
    pub style: Style,
    /// Columns tables must fit; `None` on a terminal, whose own width then applies.
    pub width: Option<u16>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self {
            format: Format::Text,
            style: Style::default(),
            width: Some(80),
        }
    }
}

/// Writes one command's output. Everything written passes a [`Guard`], so no text from a file
/// or from input reaches the terminal as an escape sequence or a control character.
pub fn render(output: &Output, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let sink = match opts.format {
        Format::Json => Sink::Json,
        _ => Sink::Text {
            color: opts.format == Format::Text && opts.style.color,
        },
    };
    let mut out = Guard::new(out, sink);
    match opts.format {
        Format::Json => json::render(output, &mut out),
        Format::Csv => tabular::render(output, tabular::Flavor::Csv, &mut out),
        Format::Markdown => tabular::render(output, tabular::Flavor::Markdown, &mut out),
        Format::Text => text::render(output, opts, &mut out),
    }?;
    out.finish()
}

/// Renders to a string (for tests and snapshots).
pub fn render_to_string(output: &Output, opts: &RenderOptions) -> String {
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = render(output, opts, &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

/// A state name in the words of the closed form that values it.
pub(crate) fn closed_form_reason(
    rules: &crate::engine::Rules,
    pile: crate::engine::Pile,
) -> String {
    use crate::engine::{Pass, Rules};
    match (rules, pile.pass) {
        (Rules::ZeroMove, Some(Pass::Unused)) if pile.size % 2 == 1 => {
            "n odd, so g(nT) = n + 1".into()
        }
        (Rules::ZeroMove, Some(Pass::Unused)) => "n even ≥ 2, so g(nT) = n − 1".into(),
        (Rules::ZeroMove, Some(Pass::Spent)) => "g(nF) = n: nF is a Nim pile".into(),
        (Rules::ZeroMove, None) => "the empty pile has no moves: g(0) = 0".into(),
        (Rules::Misere, _) => {
            "g(n) = n under normal play (misère decides winners by its own rule)".into()
        }
        _ => "g(n) = n".into(),
    }
}

/// A move in words: `pile 1: 7 → 5 (take 2)`, `pass on pile 1: 4T → 4F`, a split
/// `pile 1: 10 → 4+4 (take 2, leaving two piles)`, or a graph's `pile 1: start → a`.
pub(crate) fn move_words(rules: &crate::engine::Rules, m: &crate::engine::Move) -> String {
    let pile = m.index + 1;
    let (from, to) = (rules.name_of(m.from), rules.name_of_heaps(m.after()));
    if let crate::engine::Rules::Graph(_) = rules {
        return format!("pile {pile}: {from} → {to}");
    }
    match (m.split, m.take()) {
        (None, 0) => format!("pass on pile {pile}: {from} → {to}"),
        (None, take) => format!("pile {pile}: {from} → {to} (take {take})"),
        (Some(_), 0) => format!("pile {pile}: {from} → {to} (split, taking nothing)"),
        (Some(_), take) => format!("pile {pile}: {from} → {to} (take {take}, leaving two piles)"),
    }
}
