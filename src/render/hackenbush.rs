//! Green Hackenbush reports (`--rules hackenbush`): each picture's value worked out node by
//! node — fused cycles first, then the colon principle from the top down to the ground — the
//! nim-sum, who wins and a winning cut; in text, JSON and rows. Nothing is computed here.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::prose::{fill, hanging};
use super::verdict::winning_move_line;
use crate::engine::{Grundy, Judgement};
use crate::engine::{Picture, Piece, Valuation};
use crate::output::{HackenbushComponent, HackenbushCut, HackenbushReport, HackenbushView};

/// More pieces than this and the working is not printed line by line.
const MAX_WORKING: usize = 40;

/// A piece's name: its node's, or the fused nodes' in braces.
fn piece_name(picture: &Picture, piece: &Piece) -> String {
    match piece.nodes.as_slice() {
        [one] => picture.name(*one).to_string(),
        many => {
            let names: Vec<&str> = many.iter().map(|&n| picture.name(n)).collect();
            format!("{{{}}}", names.join(","))
        }
    }
}

/// `g(2) = (1 + g(3)) ⊕ (1 + g(4)) = (1 + 0) ⊕ (1 + 2) = 1 ⊕ 3 = 2`, one line per piece, from
/// the top down to the ground, after a line for each fused piece.
fn working(picture: &Picture, valuation: &Valuation) -> Vec<String> {
    let pieces = &valuation.pieces;
    let mut lines = Vec::new();
    for piece in pieces.iter().filter(|p| p.nodes.len() > 1 || p.loops > 0) {
        let loops = if piece.loops == 1 { "loop" } else { "loops" };
        lines.push(if piece.nodes.len() > 1 {
            format!(
                "fuse {}: they lie on cycles, so they become one node and the {} edges among them {loops}, each worth a stalk of 1 (fusion principle)",
                piece_name(picture, piece),
                piece.loops
            )
        } else {
            format!(
                "{}: {} {loops}, each worth a stalk of 1",
                piece_name(picture, piece),
                piece.loops
            )
        });
    }
    for piece in pieces {
        let name = piece_name(picture, piece);
        if piece.above.is_empty() && piece.loops == 0 {
            lines.push(format!("g({name}) = 0   (nothing above it)"));
            continue;
        }
        let mut named = Vec::new();
        let mut substituted = Vec::new();
        let mut added = Vec::new();
        if piece.loops > 0 {
            let loops = if piece.loops == 1 { "loop" } else { "loops" };
            named.push(format!("{} {loops}", piece.loops));
            substituted.push((piece.loops % 2).to_string());
            added.push((piece.loops % 2).to_string());
        }
        for &q in &piece.above {
            let above = &pieces[q];
            named.push(format!("(1 + g({}))", piece_name(picture, above)));
            substituted.push(format!("(1 + {})", above.value));
            added.push((1 + above.value).to_string());
        }
        let line = if named.len() == 1 && piece.loops == 0 {
            let trim = |s: &str| {
                s.strip_prefix('(')
                    .and_then(|s| s.strip_suffix(')'))
                    .unwrap_or(s)
                    .to_string()
            };
            format!(
                "g({name}) = {} = {} = {}",
                trim(&named[0]),
                trim(&substituted[0]),
                piece.value
            )
        } else if named.len() == 1 {
            format!("g({name}) = {} = {}", named[0], piece.value)
        } else {
            format!(
                "g({name}) = {} = {} = {} = {}",
                named.join(" ⊕ "),
                substituted.join(" ⊕ "),
                added.join(" ⊕ "),
                piece.value
            )
        };
        lines.push(line);
    }
    lines
}

/// A picture drawn as text from its ground, every node by its name: a stalk on one line
/// (`g─1─2─3`), a branching node's edges each on a line of its own (`├─`, `└─`), an edge back
/// to a node already drawn (a cycle) as `(─x)`, a loop as `↺`. The edge `cut` is drawn `✂`.
pub(crate) fn drawn(picture: &Picture, cut: Option<usize>) -> Vec<String> {
    let edges = picture.edges();
    let mut used = vec![false; edges.len()];
    let mut seen = vec![false; picture.names().len()];
    let mut lines = Vec::new();
    let link = |e: usize| if Some(e) == cut { "✂" } else { "─" };
    // Each frame: the node a line starts at, the edge that reached it, and the prefixes.
    let mut stack: Vec<(usize, Option<usize>, String, String)> =
        vec![(0, None, String::new(), String::new())];
    while let Some((start, via, first, rest)) = stack.pop() {
        seen[start] = true;
        let mut line = first;
        if let Some(e) = via {
            line.push_str(link(e));
        }
        // The column the branching node's name starts at: its branches hang from there.
        let mut at_column = display_width(&line);
        line.push_str(picture.name(start));
        let mut at = start;
        let branches = loop {
            let mut children = Vec::new();
            for (e, &(a, b)) in edges.iter().enumerate() {
                if used[e] || (a != at && b != at) {
                    continue;
                }
                used[e] = true;
                let other = if a == at { b } else { a };
                if other == at {
                    line.push_str(" ↺");
                } else if seen[other] {
                    line.push_str(&format!(" ({}{})", link(e), picture.name(other)));
                } else {
                    seen[other] = true;
                    children.push((e, other));
                }
            }
            match children.as_slice() {
                [(e, next)] => {
                    line.push_str(link(*e));
                    at_column = display_width(&line);
                    line.push_str(picture.name(*next));
                    at = *next;
                }
                _ => break children,
            }
        };
        lines.push(line);
        // Under the node the line ended at, not under the line's first node: a stalk drawn
        // on one line (`g─1─2─3`) moves the branches' column to its last node.
        let indent = " ".repeat(at_column.saturating_sub(display_width(&rest)));
        for (k, &(e, child)) in branches.iter().enumerate().rev() {
            let last = k + 1 == branches.len();
            let (branch, under) = if last { ("└", "  ") } else { ("├", "│ ") };
            stack.push((
                child,
                Some(e),
                format!("{rest}{indent}{branch}"),
                format!("{rest}{indent}{under}"),
            ));
        }
    }
    lines
}

/// The columns `text` takes on a terminal.
fn display_width(text: &str) -> usize {
    textwrap::core::display_width(text)
}

/// The most edges a picture may have to be drawn under `move`'s values.
const DRAWN_EDGES: usize = 40;

fn describe(report: &HackenbushReport, cut: &HackenbushCut) -> String {
    let written = report.components()[cut.component].written();
    format!(
        "cut the edge {}-{} of {written} (component {}), leaving it worth {} and the nim-sum 0.",
        cut.from,
        cut.to,
        cut.component + 1,
        cut.leaves
    )
}

pub(super) fn text(
    report: &HackenbushReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let components = report.components();
    let show_working = matches!(
        report.view(),
        HackenbushView::Grundy | HackenbushView::NimSum
    );
    if report.view() == HackenbushView::Grundy
        && let [one] = components
    {
        writeln!(
            out,
            "{}",
            style.heading(&format!(
                "hackenbush {}: value {}",
                one.written(),
                one.value()
            ))
        )?;
        return write_working(one, usize::from(opts.width), out);
    }
    let written: Vec<&str> = components
        .iter()
        .map(HackenbushComponent::written)
        .collect();
    writeln!(
        out,
        "{}",
        style.heading(&format!("hackenbush: {}", written.join(" + ")))
    )?;
    let width = written
        .iter()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0)
        .max("nim-sum".len());
    for (i, c) in components.iter().enumerate() {
        let pad = width - c.written().chars().count();
        writeln!(out, "  {}{}  {}", c.written(), " ".repeat(pad), c.value())?;
        if show_working {
            write_working(c, usize::from(opts.width), out)?;
        }
        // `move` names the edge to cut by its nodes: the picture shows them.
        if report.view() == HackenbushView::Move && c.picture().edges().len() <= DRAWN_EDGES {
            let cut = report.cut().filter(|k| k.component == i).map(|k| k.edge);
            for line in drawn(c.picture(), cut) {
                writeln!(out, "      {}", style.dim(&line))?;
            }
        }
    }
    writeln!(
        out,
        "  nim-sum{}  {}",
        " ".repeat(width.saturating_sub(7)),
        style.heading(&report.nim_sum().to_string())
    )?;
    if report.view() == HackenbushView::Grundy {
        // `grundy` on several pictures asks for a value, not a winner.
        return writeln!(
            out,
            "the sum's value is {} (the XOR of its components' values)",
            style.heading(&report.nim_sum().to_string())
        );
    }
    // As `nimsum` on piles and on a sum of games: the nim-sum decides, so it is said.
    writeln!(out, "{}", super::verdict::sentence_lines(judgement, opts))?;
    if report.view() == HackenbushView::Move {
        let line = winning_move_line(report.cut().map(|c| describe(report, c)), style);
        writeln!(out, "{}", fill(&line, usize::from(opts.width)))?;
    }
    Ok(())
}

fn write_working(c: &HackenbushComponent, width: usize, out: &mut dyn Write) -> io::Result<()> {
    let pieces = c.valuation().pieces.len();
    if pieces > MAX_WORKING {
        return writeln!(
            out,
            "    ({pieces} nodes after fusion: the working is shown for at most {MAX_WORKING})"
        );
    }
    let rule = if c.valuation().fused() {
        "fusion principle, then the colon principle: a node is worth the nim-sum of 1 + each node above it"
    } else {
        "colon principle: a node is worth the nim-sum of 1 + each node above it"
    };
    // The rule wrapped under itself, the working indented as before.
    writeln!(out, "{}", hanging("    by the", rule, width, 6))?;
    for line in working(c.picture(), c.valuation()) {
        writeln!(out, "{}", hanging("   ", &line, width, 6))?;
    }
    Ok(())
}

/// `{"components": [{"picture", "pieces", "value"}], "move"?, "nim_sum", "rules", "winner"}`.
#[derive(Serialize)]
pub(super) struct HackenbushJson {
    components: Vec<ComponentJson>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<CutJson>>,
    nim_sum: Grundy,
    rules: &'static str,
    winner: &'static str,
}

#[derive(Serialize)]
struct ComponentJson {
    picture: String,
    pieces: Vec<PieceJson>,
    value: Grundy,
}

#[derive(Serialize)]
struct PieceJson {
    above: Vec<usize>,
    loops: usize,
    nodes: Vec<String>,
    value: Grundy,
}

#[derive(Serialize)]
struct CutJson {
    component: usize,
    edge: [String; 2],
    leaves: Grundy,
}

pub(super) fn json(report: &HackenbushReport, judgement: &Judgement) -> HackenbushJson {
    HackenbushJson {
        components: report
            .components()
            .iter()
            .map(|c| ComponentJson {
                picture: c.written().to_string(),
                pieces: c
                    .valuation()
                    .pieces
                    .iter()
                    .map(|p| PieceJson {
                        above: p.above.clone(),
                        loops: p.loops,
                        nodes: p
                            .nodes
                            .iter()
                            .map(|&n| c.picture().name(n).to_string())
                            .collect(),
                        value: p.value,
                    })
                    .collect(),
                value: c.value(),
            })
            .collect(),
        mv: (report.view() == HackenbushView::Move).then(|| {
            report.cut().map(|cut| CutJson {
                component: cut.component + 1,
                edge: [cut.from.clone(), cut.to.clone()],
                leaves: cut.leaves,
            })
        }),
        nim_sum: report.nim_sum(),
        rules: "hackenbush",
        winner: super::verdict::outcome_name(judgement.outcome),
    }
}

/// Key–value rows for Markdown and CSV.
pub(super) fn rows(report: &HackenbushReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let mut rows = vec![["rules".to_string(), "hackenbush".to_string()]];
    for c in report.components() {
        rows.push([c.written().to_string(), c.value().to_string()]);
    }
    rows.push(["nim-sum".to_string(), report.nim_sum().to_string()]);
    if matches!(report.view(), HackenbushView::Winner | HackenbushView::Move) {
        rows.push(super::verdict::winner_row(judgement));
    }
    if report.view() == HackenbushView::Move {
        rows.push(super::verdict::move_row(
            report.cut().map(|c| describe(report, c)),
        ));
    }
    rows
}
