//! The game family: `play` and its moves, and `step`'s perfect play — as text (the coach's
//! words and the binary view of each move), rows and JSON.

mod json;
mod rows;
mod screen;
mod sum;
mod sum_screen;
mod text;

pub(super) use json::{game as game_json, step as step_json};
pub(super) use rows::{game as game_rows, step as step_rows};
pub(super) use sum::{
    json as sum_game_json, rows as sum_game_rows, step_json as sum_step_json,
    step_rows as sum_step_rows, step_text as render_sum_step,
};
pub(super) use text::render_step;

use std::io::{self, Write};

use crate::output::{GameReport, SumGameReport};
use crate::render::RenderOptions;

/// A game's command: one screen (the board, the verdict last), or every move in full (`why`,
/// `--coach verbose`).
pub(crate) fn render_game(
    report: &GameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    if report.detail {
        text::render_game(report, opts, out)
    } else {
        screen::render_screen(report, opts, out)
    }
}

/// [`render_game`] for a game on a sum of different games or on pictures.
pub(crate) fn render_sum_game(
    report: &SumGameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    if report.detail {
        sum::text(report, opts, out)
    } else {
        sum_screen::render_screen(report, opts, out)
    }
}
