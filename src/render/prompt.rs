//! The REPL's prompt: `nimlab[` where the learner is `]> `.

use crate::output::Prompt;

/// Piles a game's prompt shows before `…`.
const SHOWN_PILES: usize = 8;
/// The most characters of a sum's place: the prompt leaves most of the line for the move.
const SUM_CHARS: usize = 30;

/// The prompt for `prompt`, such as `nimlab[derive 3/12]> `.
pub(crate) fn prompt(prompt: &Prompt) -> String {
    format!("nimlab[{}]> ", place(prompt))
}

fn place(prompt: &Prompt) -> String {
    match prompt {
        Prompt::Session { rules } => rules.to_string(),
        Prompt::Derivation { at, of } => format!("derive {at}/{of}"),
        Prompt::Step { id, at, of } => format!("{id} {at}/{of}"),
        Prompt::Piles { piles } if piles.len() <= SHOWN_PILES => {
            format!("play {}", piles.join(" "))
        }
        Prompt::Piles { piles } => format!(
            "play {} … ({} piles)",
            piles[..SHOWN_PILES].join(" "),
            piles.len()
        ),
        // The board is on the screen: the prompt names the game briefly, the whole sum if
        // it is short, else its first term and how many more.
        Prompt::Sum { terms } => {
            let whole = format!("play {}", terms.join(" + "));
            if whole.chars().count() <= SUM_CHARS {
                return whole;
            }
            let first = terms.first().map_or("", String::as_str);
            let more = match terms.len() {
                0 | 1 => String::new(),
                n => format!(" + {} more", n - 1),
            };
            let room = SUM_CHARS.saturating_sub(more.chars().count() + "play ".len());
            let first = if first.chars().count() > room {
                first
                    .chars()
                    .take(room.saturating_sub(1))
                    .collect::<String>()
                    + "…"
            } else {
                first.to_string()
            };
            format!("play {first}{more}")
        }
    }
}
