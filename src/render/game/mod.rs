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
    step_rows as sum_step_rows, step_text as render_sum_step, text as render_sum_game,
};
pub(super) use text::{render_game, render_step};
