//! Pictures: the DOT and SVG writers `draw` uses (they take data and return text), and how a
//! picture `draw` produced is written out — as itself, or a line saying where it went.

mod dot;
mod hackenbush;
mod plot;
mod terminal;

use std::io::{self, Write};

pub(crate) use dot::dot;
pub(crate) use hackenbush::hackenbush_dot;
pub(crate) use plot::plot_svg;
pub(crate) use terminal::{graph_tree, hackenbush_text, plot_text};

use crate::output::{Drawing, PictureFormat};

/// Writes a picture as it is, or the line that says which file it went to.
pub(super) fn picture(picture: &Drawing, out: &mut dyn Write) -> io::Result<()> {
    match picture {
        Drawing::Text(text) => out.write_all(text.as_bytes()),
        Drawing::Written {
            path,
            format,
            bytes,
        } => {
            let format = match format {
                PictureFormat::Dot => "DOT",
                PictureFormat::Svg => "SVG",
                PictureFormat::Text => "text",
            };
            writeln!(
                out,
                "wrote {} ({format}, {bytes} bytes)",
                crate::engine::quoted(&path.to_string_lossy())
            )
        }
    }
}
