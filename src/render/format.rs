//! The output formats `--format` names. The renderer owns them; the command line only reads one.

use clap::ValueEnum;

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    #[default]
    Text,
    Markdown,
    Csv,
    Json,
    /// `tabular` environments for slides: Grundy tables, binary views, derivations.
    Latex,
}

impl Format {
    /// The formats' names as `--format` takes them, except `name`.
    pub fn names_but(name: &str) -> Vec<String> {
        Self::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .map(|v| v.get_name().to_string())
            .filter(|n| n != name)
            .collect()
    }
}
