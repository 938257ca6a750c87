//! A position's game graph in Graphviz's DOT language: each position a node labelled with its
//! heaps and Grundy value, P-positions (value 0) drawn as filled double boxes, each move an
//! arrow (winning moves bold, a zero-move pass dashed).
//!
//! Every piece of text from outside (a graph file's position names, its path) stands only
//! inside a quoted string, escaped, so no name can end the string, add an attribute or break
//! a line; control characters are shown, not written.

use std::fmt::Write as _;

use crate::engine::loopy::{Gamma, Outcome};
use crate::output::GraphPicture;

/// Fill of a P-position: a light blue that reads on white and in grey (Okabe–Ito sky blue,
/// lightened); P-positions are also boxes with a double border, so colour is never needed.
const P_FILL: &str = "#cfe8f7";
/// Winning moves: Okabe–Ito vermillion, and thicker.
const WINNING: &str = "#d55e00";
/// Other moves.
const PLAIN: &str = "#555555";

/// The graph as DOT text.
pub(crate) fn dot(picture: &GraphPicture) -> String {
    let graph = &picture.graph;
    let rules = &picture.rules;
    let mut out = String::new();
    let title = if picture.whole {
        rules.to_string()
    } else {
        let starts: Vec<String> = graph.positions()[..graph.starts()]
            .iter()
            .map(|p| heaps_text(picture, p.heaps()))
            .collect();
        format!("{rules} from {}", starts.join(", "))
    };
    let count = graph.positions().len();
    let loopy = graph.positions().iter().any(|p| p.gamma().is_some());
    // Short lines, so the caption is no wider than a graph of a few positions.
    let caption = format!(
        "{title}: {}{count} position{}, each with its {}.\n\
         Double boxes are P-positions ({} = 0): the player to move loses.\n\
         Bold arrows are winning moves, to a P-position.{}{}",
        if picture.whole { "all " } else { "" },
        if count == 1 { "" } else { "s" },
        if loopy {
            "generalised Grundy value γ (∞{K}: K the finite values of its options)"
        } else {
            "Grundy value g"
        },
        if loopy { "γ" } else { "g" },
        if graph.edges().iter().any(|e| e.pass) {
            " Dashed arrows spend a pass."
        } else {
            ""
        },
        if loopy {
            "\nDashed ellipses are draws: neither player can force a win."
        } else {
            ""
        }
    );
    // Writing to a String cannot fail.
    let _ = writeln!(out, "digraph {} {{", quoted(&title));
    let _ = writeln!(
        out,
        "  graph [label={}, labelloc=b, fontname=\"Helvetica\", fontsize=12, nodesep=0.3, ranksep=0.45];",
        quoted(&caption)
    );
    let _ = writeln!(
        out,
        "  node [fontname=\"Helvetica\", fontsize=12, shape=ellipse, style=solid];"
    );
    let _ = writeln!(out, "  edge [color=\"{PLAIN}\", arrowsize=0.7];");
    for (i, position) in graph.positions().iter().enumerate() {
        let value = match position.gamma() {
            Some(g) => format!("γ = {}", crate::render::loopy::gamma_text(g)),
            None => format!("g = {}", position.grundy()),
        };
        let label = format!("{}\n{value}", heaps_text(picture, position.heaps()));
        let _ = write!(out, "  n{i} [label={}", quoted(&label));
        let lost = match position.gamma() {
            Some(g) => *g == Gamma::Finite(0),
            None => position.grundy() == 0,
        };
        let drawn = position
            .gamma()
            .is_some_and(|g| g.outcome() == Outcome::Draw);
        if drawn {
            let _ = write!(out, ", style=dashed");
        }
        if lost {
            let _ = write!(
                out,
                ", shape=box, peripheries=2, style=filled, fillcolor=\"{P_FILL}\""
            );
        }
        if i < graph.starts() && !picture.whole {
            let _ = write!(out, ", penwidth=2");
        }
        out.push_str("];\n");
    }
    for edge in graph.edges() {
        let _ = write!(out, "  n{} -> n{}", edge.from, edge.to);
        let mut attrs = Vec::new();
        if edge.winning {
            attrs.push(format!("color=\"{WINNING}\", penwidth=2.2"));
        }
        if edge.pass {
            attrs.push("style=dashed".to_string());
        }
        if !attrs.is_empty() {
            let _ = write!(out, " [{}]", attrs.join(", "));
        }
        out.push_str(";\n");
    }
    out.push_str("}\n");
    out
}

/// A position's heaps as the ruleset writes them, `3T + 2F`; `0` for nothing left.
fn heaps_text(picture: &GraphPicture, heaps: &[crate::engine::Pile]) -> String {
    if heaps.is_empty() {
        return "0".into();
    }
    let names: Vec<String> = heaps.iter().map(|&p| picture.rules.name_of(p)).collect();
    names.join(" + ")
}

/// `text` as a DOT quoted string for a label: `"` and `\` escaped, `&` written as an entity
/// (Graphviz reads entities in labels), a newline kept as DOT's line break `\n`, and any
/// other control character or bidirectional override shown as `\u{…}` text.
pub(super) fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '&' => out.push_str("&amp;"),
            '\n' => out.push_str("\\n"),
            c if c.is_control()
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') =>
            {
                let _ = write!(out, "\\\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_leaves_nothing_outside_the_string() {
        assert_eq!(quoted("plain"), "\"plain\"");
        assert_eq!(quoted("a\"b"), "\"a\\\"b\"");
        assert_eq!(quoted("c\\"), "\"c\\\\\"");
        assert_eq!(quoted("x\ny"), "\"x\\ny\"");
        assert_eq!(quoted("&lt;"), "\"&amp;lt;\"");
        assert_eq!(quoted("\u{1b}[31m"), "\"\\\\u{1b}[31m\"");
        assert_eq!(quoted("é→ü"), "\"é→ü\"");
    }
}
