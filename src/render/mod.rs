//! The one renderer: turns `Output` data into text (comfy-table, owo-colors), Markdown, CSV or
//! JSON, written to any writer. It never computes game theory.

mod activity;
mod binary;
mod bulk;
mod bytes;
mod claim_error;
mod conjecture;
mod decide_words;
mod decided;
mod derive;
mod diagnostic;
pub(crate) mod draw;
mod engine_words;
mod error_words;
mod expected;
mod expr_error;
mod expr_value;
mod feedback;
mod file_words;
mod game;
mod graph_file;
mod grundy_values;
mod hackenbush;
mod help;
mod json;
mod json_shapes;
mod latex;
mod latex_text;
mod lesson;
mod lesson_error;
mod lesson_results;
pub(crate) mod loopy;
mod lost_conjecture;
pub(crate) mod man;
mod misere;
mod misere_play;
mod moore;
mod note;
mod period;
mod progress_file;
mod prompt;
mod proof;
mod proof_error;
pub(crate) mod prose;
pub(crate) mod ruleset_words;
mod rulesets;
mod set;
mod speaker_notes;
mod style;
mod sum;
mod table;
mod table_writer;
mod tabular;
mod text_format;
mod verdict;
mod verify;
mod who_wins;
mod width;

use std::io::{self, Write};

pub use crate::format::ColorChoice;
pub use crate::format::Format;
pub(crate) use crate::printable::{Guard, Sink, printable};
pub(crate) use bytes::lowered_limit;
pub(crate) use diagnostic::{READING_PILES, diagnostic, history_warning, note, warning};
pub(crate) use expr_value::stderr_notes;
pub(crate) use lesson::{CLEAR_SCREEN, progress_warnings, starts_a_screen};
pub(crate) use prompt::prompt;
pub(crate) use prose::wrap;
pub(crate) use set::format_set;
pub(crate) use speaker_notes::{speaker_heading, speaker_notes};
pub use style::Style;
pub(crate) use width::DEFAULT_WIDTH;

use crate::output::Output;

/// How to render: the format, colour, and the width tables must fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderOptions {
    pub format: Format,
    pub style: Style,
    /// Columns tables and prose must fit: the terminal's width, probed once at the edge, or
    /// [`DEFAULT_WIDTH`] when the output is not a terminal.
    pub width: u16,
    /// Rows of the terminal stdout is, or `None` when it is not a terminal (a pipe, a file):
    /// then nothing is cleared and nothing is paged.
    pub height: Option<u16>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self {
            format: Format::Text,
            style: Style::default(),
            width: DEFAULT_WIDTH,
            height: None,
        }
    }
}

/// Writes one command's output. Everything written passes a [`Guard`], so no text from a file
/// or from input reaches the terminal as an escape sequence or a control character.
pub(crate) fn render(output: &Output, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let sink = match opts.format {
        Format::Json => Sink::Json,
        _ => Sink::Text {
            color: opts.format == Format::Text && opts.style.color,
        },
    };
    let mut out = Guard::new(out, sink);
    match opts.format {
        Format::Json => json::render(output, &mut out),
        Format::Csv => tabular::render(output, table_writer::TableSyntax::Csv, &mut out),
        Format::Markdown => tabular::render(output, table_writer::TableSyntax::Markdown, &mut out),
        Format::Text => text_format::render(output, opts, &mut out),
        Format::Latex => latex::render(output, &mut out),
        // Only `draw` prints pictures, and its picture is written as it is; anything else
        // (a reply inside a game) is text.
        Format::Dot | Format::Svg => text_format::render(output, opts, &mut out),
    }?;
    out.finish()
}

/// What `output` is, if it has no LaTeX form (a command's output must then be refused).
pub(crate) fn without_latex_form(output: &Output) -> Option<&'static str> {
    match output {
        _ if latex::has_form(output) => None,
        Output::Drawing(_) => None,
        Output::WhoWins(w) if matches!(w.working(), crate::output::Working::Stream(_)) => {
            Some("a position too long to show pile by pile")
        }
        _ => Some("this output"),
    }
}

/// Renders to a string (for tests and snapshots).
pub(crate) fn render_to_string(output: &Output, opts: &RenderOptions) -> String {
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = render(output, opts, &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

/// What one component of a position of `rules` is called: a pile (of tokens, or a coin-turning
/// game's heads coin, which nimlab values as a heap), a token on a game graph, and a game
/// (Wythoff's queen, a staircase, a board) where a state is a tuple.
pub(crate) fn part_word(rules: &crate::engine::Rules) -> &'static str {
    let can = rules.can();
    if can.count_tokens || can.turn_coins {
        "pile"
    } else if matches!(rules, crate::engine::Rules::Graph(_)) {
        "token"
    } else {
        "game"
    }
}

/// A move in words: `pile 1: 7 → 5 (take 2)`, `pass on pile 1: 4T → 4F`, a split
/// `pile 1: 10 → 4+4 (take 2, leaving two piles)`, or a graph's `pile 1: start → a`.
pub(crate) fn move_words(rules: &crate::engine::Rules, m: &crate::engine::Move) -> String {
    let pile = m.index + 1;
    let (from, to) = (rules.name_of(m.from), rules.name_of_heaps(&m.after()));
    if rules.turns_coins() {
        let mut places: Vec<u64> = m
            .after()
            .piles()
            .map(|p| p.size)
            .filter(|&n| n > 0)
            .collect();
        places.push(m.from.size);
        return format!("pile {pile}: {from} → {to} ({})", coins_turned(places));
    }
    if !rules.counts_tokens() {
        return format!("{} {pile}: {from} → {to}", part_word(rules));
    }
    let parts = pile_count(m.rest.len() + 1);
    match (m.splits(), m.take(rules)) {
        (false, Some(0) | None) => format!("pass on pile {pile}: {from} → {to}"),
        (false, Some(take)) => format!("pile {pile}: {from} → {to} (take {take})"),
        (true, Some(0)) => format!("pile {pile}: {from} → {to} (split, taking nothing)"),
        (true, Some(take)) => {
            format!("pile {pile}: {from} → {to} (take {take}, leaving {parts} piles)")
        }
        // Ruler's heaps are places of coins: a run may hold more than the heap it replaced.
        (true, None) => format!("pile {pile}: {from} → {to} (leaving {parts} piles)"),
    }
}

/// The coins a move of a coin-turning game turns, by place: `turn coin 6`, `turn coins 2 and
/// 6`, a run `turn coins 2..6`, `turn coins 3, 7 and 9`.
pub(crate) fn coins_turned(mut places: Vec<u64>) -> String {
    places.sort_unstable();
    places.dedup();
    let run = places.len() >= 3 && places.windows(2).all(|w| w[1] == w[0] + 1);
    match places.as_slice() {
        [one] => format!("turn coin {one}"),
        [first, .., last] if run => format!("turn coins {first}..{last}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("turn coins {} and {last}", rest.join(", "))
        }
        [] => "turn no coin".to_string(),
    }
}

/// How many piles a split leaves, in words up to three.
pub(crate) fn pile_count(count: usize) -> String {
    match count {
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}
