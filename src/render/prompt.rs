//! The REPL's prompt: `nimlab[` where the learner is `]> `.

use crate::output::Prompt;

/// Piles a game's prompt shows before `…`.
const SHOWN_PILES: usize = 8;
/// Terms a sum's prompt shows before `…`.
const SHOWN_TERMS: usize = 4;
/// The most characters of a sum's place: a long picture would make the prompt wider than the
/// line.
const SUM_CHARS: usize = 48;

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
        Prompt::Sum { terms } => {
            let shown = terms
                .iter()
                .take(SHOWN_TERMS)
                .cloned()
                .collect::<Vec<_>>()
                .join(" + ");
            let line = if terms.len() <= SHOWN_TERMS {
                shown
            } else {
                format!("{shown} + … ({} in all)", terms.len())
            };
            let place = format!("play {line}");
            if place.chars().count() > SUM_CHARS {
                place.chars().take(SUM_CHARS - 1).collect::<String>() + "…"
            } else {
                place
            }
        }
    }
}
