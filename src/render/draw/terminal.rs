//! Pictures drawn in the terminal, for a learner without Graphviz and for lessons: a game
//! graph as an indented tree of positions with their values, a Grundy sequence as a
//! sparkline with its period marked.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::engine::loopy::Outcome;
use crate::engine::{Grundy, Pass};
use crate::output::{GraphPicture, HackenbushReport, PlotPeriod, SequencePlot};

/// The most lines a tree is drawn in; past it, the rest is counted.
const TREE_LINES: usize = 200;

/// The game graph as a tree from its starts: each position with its value, a P-position
/// (value 0) marked `P`, a winning move `◀ wins`, a pass `(pass)`. A position met again is
/// named and not expanded again.
pub(crate) fn graph_tree(picture: &GraphPicture) -> String {
    let graph = &picture.graph;
    let count = graph.positions().len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        crate::render::prose::fill(
            &tree_heading(picture),
            usize::from(crate::render::DEFAULT_WIDTH)
        )
    );
    let mut shown = HashSet::new();
    let mut lines = 0;
    let mut left_out = 0;
    // Depth first, each frame the position and the prefix its children are drawn under.
    let roots = if picture.whole { count } else { graph.starts() };
    for root in 0..roots {
        if shown.contains(&root) {
            continue;
        }
        let mut stack = vec![(root, String::new(), String::new(), None::<(bool, bool)>)];
        while let Some((at, lead, indent, edge)) = stack.pop() {
            if lines >= TREE_LINES {
                left_out += 1;
                continue;
            }
            let marks = edge_marks(edge);
            let again = !shown.insert(at);
            let tail = if again && graph.edges().iter().any(|e| e.from == at) {
                "  (as above)"
            } else {
                ""
            };
            let _ = writeln!(out, "{lead}{}{marks}{tail}", tree_label(picture, at));
            lines += 1;
            if again {
                continue;
            }
            let children: Vec<_> = graph.edges().iter().filter(|e| e.from == at).collect();
            for (k, e) in children.iter().enumerate().rev() {
                let last = k + 1 == children.len();
                let branch = if last { "└─ " } else { "├─ " };
                let under = if last { "   " } else { "│  " };
                stack.push((
                    e.to,
                    format!("{indent}{branch}"),
                    format!("{indent}{under}"),
                    Some((e.winning, e.pass)),
                ));
            }
        }
    }
    if left_out > 0 {
        let _ = writeln!(
            out,
            "… and {left_out} more lines: `--format dot` gives the whole graph"
        );
    }
    out
}

/// The tree's first paragraph: the rules, how many positions, and what the value and the
/// marks mean (γ where the graph is loopy, g otherwise).
fn tree_heading(picture: &GraphPicture) -> String {
    let graph = &picture.graph;
    let rules = &picture.rules;
    let count = graph.positions().len();
    if graph.positions().iter().any(|p| p.gamma().is_some()) {
        format!(
            "{rules}: {count} position{}, each with its generalised Grundy value γ (∞{{K}}: \
             K the finite values of its options); P marks a P-position (γ = 0: the player to \
             move loses), draw a position neither player can force a win from, ◀ a winning \
             move",
            if count == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "{rules}: {count} position{}, each with its Grundy value g; P marks a P-position \
             (g = 0: the player to move loses), ◀ a winning move",
            if count == 1 { "" } else { "s" }
        )
    }
}

/// A position's name in the tree: its piles joined by `+`, or `0` where none is left.
fn tree_name(picture: &GraphPicture, i: usize) -> String {
    let heaps = picture.graph.positions()[i].heaps();
    if heaps.is_empty() {
        "0".to_string()
    } else {
        let names: Vec<String> = heaps.iter().map(|&p| picture.rules.name_of(p)).collect();
        names.join(" + ")
    }
}

/// A position's line in the tree: its name and its value (γ or g), marked `P` or `draw`.
fn tree_label(picture: &GraphPicture, i: usize) -> String {
    let position = &picture.graph.positions()[i];
    match position.gamma() {
        Some(g) => {
            let mark = match g.outcome() {
                Outcome::Second => "  P",
                Outcome::Draw => "  draw",
                Outcome::First => "",
            };
            format!(
                "{}  γ = {}{mark}",
                tree_name(picture, i),
                crate::render::loopy::gamma_text(g)
            )
        }
        None => {
            let g = position.grundy();
            let p = if g == 0 { "  P" } else { "" };
            format!("{}  g = {g}{p}", tree_name(picture, i))
        }
    }
}

/// The marks of the move that reached a position: `  (pass)`, `  ◀ wins`; none for a root.
fn edge_marks(edge: Option<(bool, bool)>) -> String {
    match edge {
        Some((winning, pass)) => {
            let mut m = String::new();
            if pass {
                m.push_str("  (pass)");
            }
            if winning {
                m.push_str("  ◀ wins");
            }
            m
        }
        None => String::new(),
    }
}

/// Marks of a sparkline, lowest to highest.
const MARKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The columns a sparkline takes at most.
const SPARK_WIDTH: usize = 60;

/// Each series of the plot as a sparkline (each mark the largest of a run of values), with
/// the range, the largest value and the period.
pub(crate) fn plot_text(plot: &SequencePlot) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Grundy values of {}, n = {}..{}",
        plot.rules, plot.from, plot.to
    );
    for series in &plot.series {
        let values: Vec<Grundy> = series.points.iter().map(|(_, k)| k.grundy()).collect();
        let per = values.len().div_ceil(SPARK_WIDTH).max(1);
        let max = values.iter().max().copied().unwrap_or(0).max(1);
        let line: String = values
            .chunks(per)
            .map(|c| {
                let v = c.iter().max().copied().unwrap_or(0);
                let top = Grundy::try_from(MARKS.len() - 1).unwrap_or(7);
                let at = (v.saturating_mul(top)).div_ceil(max).min(top);
                MARKS[usize::try_from(at).unwrap_or(0)]
            })
            .collect();
        let name = match series.pass {
            Some(Pass::Unused) => "g(nT)",
            Some(Pass::Spent) => "g(nF)",
            None => "g(n) ",
        };
        let _ = writeln!(out, "{name} {line}");
        let _ = writeln!(
            out,
            "      each mark the largest of {per} value{}; full height {max}",
            if per == 1 { "" } else { "s" }
        );
    }
    let period = match plot.period {
        PlotPeriod::Proven(p) => format!(
            "period {} from n = {} (proven by the engine's finite check)",
            p.period, p.preperiod
        ),
        PlotPeriod::NotFound { looked_to } => {
            format!("no period found in g(0..{looked_to})")
        }
        PlotPeriod::Never => "no period: the values grow with n".to_string(),
    };
    let _ = writeln!(out, "{period}");
    out
}

/// A sum of Hackenbush pictures, each drawn from its ground with its nodes' names, its value,
/// and the winning cut (drawn `✂`) if there is one.
pub(crate) fn hackenbush_text(report: &HackenbushReport) -> String {
    let mut out = String::new();
    let written: Vec<&str> = report.components().iter().map(|c| c.written()).collect();
    let _ = writeln!(
        out,
        "Green Hackenbush {}: nim-sum {}; each node by its name, g the ground",
        written.join(" + "),
        report.nim_sum()
    );
    for (i, component) in report.components().iter().enumerate() {
        let _ = writeln!(out, "{}: g = {}", component.written(), component.value());
        let cut = report.cut().filter(|c| c.component == i).map(|c| c.edge);
        for line in crate::render::hackenbush::drawn(component.picture(), cut) {
            let _ = writeln!(out, "  {line}");
        }
    }
    let _ = match report.cut() {
        Some(cut) => writeln!(
            out,
            "✂ cutting {}-{} of {} wins: it leaves nim-sum 0",
            cut.from, cut.to, written[cut.component]
        ),
        None => writeln!(out, "no cut wins: the nim-sum is 0"),
    };
    out
}
