//! Games against the computer: play, step, the coach and one screen a move.

mod activities;
mod classroom;
mod one_screen;
mod one_screen_sums;
mod play;
mod play_any;
pub(crate) mod play_sum;
mod screen_items;
mod step_sum;
