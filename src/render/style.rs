//! Colour as a value: decided once from `--color`, `NO_COLOR` and whether stdout is a terminal,
//! then passed down. Every mark that colour adds is also made in plain characters.

use crate::format::ColorChoice;
use owo_colors::{OwoColorize, Style as Paint};

/// Whether to colour, and the roles the renderer colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    pub color: bool,
}

impl Style {
    /// Decides colour: `always` and `never` win; `auto` colours only a terminal without
    /// `NO_COLOR` set (to any non-empty value).
    pub fn decide(choice: ColorChoice, is_terminal: bool, no_color: Option<&str>) -> Self {
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => is_terminal && no_color.is_none_or(str::is_empty),
        };
        Self { color }
    }

    fn paint(&self, text: &str, paint: Paint) -> String {
        if self.color {
            text.style(paint).to_string()
        } else {
            text.to_string()
        }
    }

    /// Headings and the names of things.
    pub fn heading(&self, text: &str) -> String {
        self.paint(text, Paint::new().bold())
    }

    /// A column of bits with an odd number of 1s.
    pub fn odd(&self, text: &str) -> String {
        self.paint(text, Paint::new().yellow())
    }

    /// The nim-sum's top bit, the one a winning move must clear.
    pub fn top(&self, text: &str) -> String {
        self.paint(text, Paint::new().red().bold())
    }

    /// The pile a move changes and its new state.
    pub fn change(&self, text: &str) -> String {
        self.paint(text, Paint::new().green().bold())
    }

    /// Good news for the player to move.
    pub fn win(&self, text: &str) -> String {
        self.paint(text, Paint::new().green())
    }

    /// Bad news for the player to move.
    pub fn lose(&self, text: &str) -> String {
        self.paint(text, Paint::new().red())
    }

    /// Secondary text: explanations, legends.
    pub fn dim(&self, text: &str) -> String {
        self.paint(text, Paint::new().dimmed())
    }

    /// An error's leading word.
    pub fn error(&self, text: &str) -> String {
        self.paint(text, Paint::new().red().bold())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        let auto = ColorChoice::Auto;
        assert!(Style::decide(auto, true, None).color);
        assert!(!Style::decide(auto, false, None).color);
        assert!(!Style::decide(auto, true, Some("1")).color);
        assert!(Style::decide(auto, true, Some("")).color);
        assert!(Style::decide(ColorChoice::Always, false, Some("1")).color);
        assert!(!Style::decide(ColorChoice::Never, true, None).color);
        assert_eq!(Style { color: false }.top("1"), "1");
        assert_ne!(Style { color: true }.top("1"), "1");
    }
}
