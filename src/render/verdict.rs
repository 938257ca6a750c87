//! The sentence that states who wins and why, shared by every view of a position.

use super::Style;
use crate::engine::Grundy;
use crate::engine::play::position::{Player, Rule};

/// When no move is left: the player to move has lost in normal play and won in misère play.
pub(super) fn no_move_sentence(winner: Player, misere: bool, style: Style) -> String {
    let who = match winner {
        Player::First => style.win("the first player (to move) wins"),
        Player::Second => style.lose("the second player wins"),
    };
    let play = if misere {
        "in misère play the player to move wins"
    } else {
        "the player to move loses in normal play"
    };
    format!("no move is possible: {play} — {who}.")
}

/// "nim-sum 20 ≠ 0: the first player (to move) wins." and its misère variants.
pub(super) fn verdict_sentence(
    rule: Rule,
    nim_sum: Grundy,
    winner: Player,
    style: Style,
) -> String {
    let who = match winner {
        Player::First => style.win("the first player (to move) wins"),
        Player::Second => style.lose("the second player wins"),
    };
    match rule {
        Rule::NimSum if nim_sum == 0 => {
            format!("nim-sum 0: {who} — every move leaves a non-zero nim-sum.")
        }
        Rule::NimSum => format!("nim-sum {nim_sum} ≠ 0: {who}."),
        Rule::MisereNimSum => {
            format!("misère, some pile ≥ 2: decided as in Nim — nim-sum {nim_sum}: {who}.")
        }
        Rule::MisereAllSmall { ones } => format!(
            "misère, every pile ≤ 1: {ones} pile{} of 1 ({}): {who}.",
            if ones == 1 { "" } else { "s" },
            if ones % 2 == 0 { "even" } else { "odd" }
        ),
    }
}

/// `winning move: …` for a move described in words, or that every move loses: the last line
/// of `move` for every kind of position (piles, a sum, Moore's Nim, misère search, a file).
pub(super) fn winning_move_line(described: Option<String>, style: Style) -> String {
    match described {
        Some(words) => style.change(&format!("winning move: {words}")),
        None => style.lose("no winning move: every move loses against perfect play."),
    }
}
