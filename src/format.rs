//! What the command line asks of the output: the format `--format` names and when `--color`
//! colours. Plain choices, below both the command line that reads them and the renderer that
//! honours them.

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
    /// Graphviz's DOT language: `draw`'s game graphs.
    Dot,
    /// SVG pictures: `draw`'s game graphs (through Graphviz) and plots.
    Svg,
}

impl Format {
    /// Whether this is a picture format, which only `draw` writes.
    pub fn is_picture(self) -> bool {
        matches!(self, Self::Dot | Self::Svg)
    }

    /// The formats' names as `--format` takes them, except `name` and the picture formats.
    pub fn names_but(name: &str) -> Vec<String> {
        Self::value_variants()
            .iter()
            .filter(|f| !f.is_picture())
            .filter_map(ValueEnum::to_possible_value)
            .map(|v| v.get_name().to_string())
            .filter(|n| n != name)
            .collect()
    }
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}
