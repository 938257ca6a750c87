//! A sum of Green Hackenbush pictures in Graphviz's DOT language: each component stands on
//! its own strip of ground (a flat brown box), its edges green lines, each node labelled with
//! its name and, outside it, the value g of what stands on it — the colon principle's working
//! drawn. Nodes fused because they lie on a cycle are dashed and carry their fused value. A
//! winning cut, when there is one, is drawn red and dashed.
//!
//! Names from outside (a file's node names, its path) stand only inside escaped quoted strings.

use std::fmt::Write as _;

use super::dot::quoted;
use crate::engine::Picture;
use crate::output::{HackenbushReport, HackenbushView};

/// Hackenbush's green (Okabe–Ito bluish green), thick.
const GREEN: &str = "#009e73";
/// The ground.
const GROUND: &str = "#8c6d46";
/// The winning cut: Okabe–Ito vermillion.
const CUT: &str = "#d55e00";

/// The pictures as DOT text.
pub(crate) fn hackenbush_dot(report: &HackenbushReport) -> String {
    let written: Vec<&str> = report.components().iter().map(|c| c.written()).collect();
    let title = format!("hackenbush {}", written.join(" + "));
    let cut_line = match (report.view(), report.cut()) {
        (HackenbushView::Move, Some(cut)) => format!(
            "\nThe red dashed edge {}-{} is a winning cut: it leaves nim-sum 0.",
            cut.from, cut.to
        ),
        (HackenbushView::Move, None) => "\nNo cut wins: the nim-sum is 0.".to_string(),
        _ => String::new(),
    };
    let caption = format!(
        "Green Hackenbush {}: nim-sum {}.\n\
         Beside each node, g: the value of what stands on it (colon principle).\n\
         Dashed nodes lie on cycles and are fused into one (fusion principle).{cut_line}",
        written.join(" + "),
        report.nim_sum()
    );
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(out, "graph {} {{", quoted(&title));
    let _ = writeln!(
        out,
        "  graph [label={}, labelloc=b, fontname=\"Helvetica\", fontsize=12, rankdir=BT, nodesep=0.35, ranksep=0.45, forcelabels=true];",
        quoted(&caption)
    );
    let _ = writeln!(
        out,
        "  node [fontname=\"Helvetica\", fontsize=10, shape=circle, width=0.3, height=0.3, fixedsize=true];"
    );
    let _ = writeln!(out, "  edge [color=\"{GREEN}\", penwidth=3];");
    for (i, component) in report.components().iter().enumerate() {
        let picture = component.picture();
        let pieces = &component.valuation().pieces;
        let _ = writeln!(out, "  subgraph cluster_{i} {{");
        let _ = writeln!(
            out,
            "    graph [label={}, labelloc=t, style=dotted, color=\"#999999\"];",
            quoted(&format!(
                "{}: g = {}",
                component.written(),
                component.value()
            ))
        );
        for piece in pieces {
            let fused = piece.nodes.len() > 1 || piece.loops > 0;
            for &node in &piece.nodes {
                let id = format!("c{i}_{node}");
                let value = format!("g = {}", piece.value);
                if node == 0 {
                    // The ground's value is the component's, in the cluster's label.
                    let _ = writeln!(
                        out,
                        "    {id} [label=\"\", tooltip={}, shape=box, width=1.6, height=0.12, style=filled, fillcolor=\"{GROUND}\", color=\"{GROUND}\", fixedsize=true];",
                        quoted(&format!("ground {}", picture.name(0)))
                    );
                } else {
                    let _ = writeln!(
                        out,
                        "    {id} [label={}, xlabel={}{}];",
                        quoted(picture.name(node)),
                        quoted(&value),
                        if fused { ", style=dashed" } else { "" }
                    );
                }
            }
        }
        let depth = depths(picture);
        for (e, &(a, b)) in picture.edges().iter().enumerate() {
            // Written from the end nearer the ground, so the ground is drawn at the bottom.
            let (a, b) = if depth[b] < depth[a] { (b, a) } else { (a, b) };
            let cut = report
                .cut()
                .is_some_and(|c| c.component == i && c.edge == e);
            let _ = write!(out, "    c{i}_{a} -- c{i}_{b}");
            if cut {
                let _ = write!(out, " [color=\"{CUT}\", style=dashed]");
            }
            out.push_str(";\n");
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

/// Each node's distance in edges from the ground, for the layout only.
fn depths(picture: &Picture) -> Vec<usize> {
    let n = picture.names().len();
    let mut adjacent = vec![Vec::new(); n];
    for &(a, b) in picture.edges() {
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let mut depth = vec![usize::MAX; n];
    depth[0] = 0;
    let mut todo = std::collections::VecDeque::from([0]);
    while let Some(node) = todo.pop_front() {
        for &next in &adjacent[node] {
            if depth[next] == usize::MAX {
                depth[next] = depth[node] + 1;
                todo.push_back(next);
            }
        }
    }
    depth
}
