//! Loopy game graphs (a graph with a cycle): γ values written `3` or `∞{0, 2}` (∞ with the
//! finite values among the options), the verdict — a win for either player or a draw — and
//! the move to make, in text, JSON, rows (Markdown, CSV) and LaTeX.

use std::io::{self, Write};

use serde::Serialize;

use super::{RenderOptions, Style};
use crate::engine::GameGraph;
use crate::engine::loopy::{Gamma, Outcome};
use crate::engine::{Grundy, Judgement};
use crate::output::{LoopyMove, LoopyReport, LoopyTable, PositionView};

pub(crate) use super::verdict::{gamma_text, outcome_name};
use super::verdict::{move_row, winner_row};

/// `a → b → c → a`, with the middle of a long cycle left out.
fn cycle_words(graph: &GameGraph) -> String {
    const SHOWN: usize = 12;
    let cycle: Vec<&str> = graph.cycle_nodes().map(|n| graph.name(n)).collect();
    if cycle.len() <= SHOWN {
        return cycle.join(" → ");
    }
    let head = cycle[..SHOWN / 2].join(" → ");
    let tail = cycle[cycle.len() - SHOWN / 2..].join(" → ");
    format!("{head} → … ({} positions) … → {tail}", cycle.len() - 1)
}

/// `token 2: b → c (γ 1 → 0, leaving γ 0)`.
fn move_words(report: &LoopyReport, m: &LoopyMove) -> String {
    let g = &report.graph;
    format!(
        "token {}: {} → {} (γ {} → {}, leaving γ {})",
        m.token + 1,
        g.name(m.from),
        g.name(m.to),
        gamma_text(&report.values[m.token]),
        gamma_text(&m.to_value),
        gamma_text(&m.after)
    )
}

/// The last line of `move`: the winning move, the move that keeps a draw, or that every move
/// loses.
fn move_line(report: &LoopyReport, outcome: Outcome, style: Style) -> String {
    match (outcome, &report.best) {
        (Outcome::First, Some(m)) => {
            style.change(&format!("winning move: {}", move_words(report, m)))
        }
        (Outcome::Draw, Some(m)) => style.change(&format!(
            "no winning move; to keep the draw: {}",
            move_words(report, m)
        )),
        (Outcome::Draw, None) => "no winning move, and no move keeps the draw.".to_string(),
        _ => style.lose("no winning move: every move loses against perfect play."),
    }
}

pub(super) fn text(
    report: &LoopyReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let g = &report.graph;
    let names: Vec<&str> = report.nodes.iter().map(|&n| g.name(n)).collect();
    writeln!(
        out,
        "{}",
        style.heading(&format!("{}: {}", report.rules, names.join(" ")))
    )?;
    let values: Vec<String> = report.values.iter().map(gamma_text).collect();
    let name_width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max("position".len());
    writeln!(out, "  token  {:<name_width$}  γ", "position")?;
    for (i, (name, value)) in names.iter().zip(&values).enumerate() {
        writeln!(out, "  {:>5}  {name:<name_width$}  {value}", i + 1)?;
    }
    if report.nodes.len() > 1 {
        writeln!(
            out,
            "  {:>5}  {:<name_width$}  {}",
            "sum",
            "",
            gamma_text(&report.sum)
        )?;
    }
    // Each sentence wrapped to the screen, its continuation indented, as a game's lines are.
    let width = usize::from(opts.width);
    let verdict = super::verdict::sentence(judgement, style);
    writeln!(out, "{}", super::prose::hanging("", &verdict, width, 2))?;
    if report.view == PositionView::Move {
        // `γ 3` is not broken between the letter and its value.
        let line = move_line(report, judgement.outcome, style).replace("γ ", "γ\u{a0}");
        let wrapped = super::prose::hanging("", &line, width, 2).replace('\u{a0}', " ");
        writeln!(out, "{wrapped}")?;
    }
    Ok(())
}

/// A γ value in JSON: a number when finite, `{"infinite": [0, 2]}` when not.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum GammaJson {
    Finite(Grundy),
    Infinite { infinite: Vec<Grundy> },
}

impl From<&Gamma> for GammaJson {
    fn from(g: &Gamma) -> Self {
        match g {
            Gamma::Finite(m) => Self::Finite(*m),
            Gamma::Infinite(k) => Self::Infinite {
                infinite: k.clone(),
            },
        }
    }
}

/// `{"gamma": [..], "piles": [..], "rules", "sum", "winner"}`, plus `"move"` for `move`.
#[derive(Serialize)]
pub(super) struct LoopyJson {
    gamma: Vec<GammaJson>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<MoveJson>>,
    piles: Vec<String>,
    rules: String,
    sum: GammaJson,
    winner: &'static str,
}

#[derive(Serialize)]
struct MoveJson {
    draw: bool,
    from: String,
    gamma: GammaJson,
    pile: usize,
    to: String,
}

pub(super) fn json(report: &LoopyReport, judgement: &Judgement) -> LoopyJson {
    let g = &report.graph;
    let outcome = judgement.outcome;
    LoopyJson {
        gamma: report.values.iter().map(GammaJson::from).collect(),
        mv: (report.view == PositionView::Move).then(|| {
            report
                .best
                .as_ref()
                .filter(|_| outcome != Outcome::Second)
                .map(|m| MoveJson {
                    draw: outcome == Outcome::Draw,
                    from: g.name(m.from).to_string(),
                    gamma: GammaJson::from(&m.to_value),
                    pile: m.token + 1,
                    to: g.name(m.to).to_string(),
                })
        }),
        piles: report
            .nodes
            .iter()
            .map(|&n| g.name(n).to_string())
            .collect(),
        rules: report.rules.to_string(),
        sum: GammaJson::from(&report.sum),
        winner: outcome_name(outcome),
    }
}

/// Key–value rows for Markdown and CSV.
pub(super) fn rows(report: &LoopyReport, judgement: &Judgement) -> Vec<[String; 2]> {
    let g = &report.graph;
    let mut rows = vec![["rules".to_string(), report.rules.to_string()]];
    for (i, (&n, v)) in report.nodes.iter().zip(&report.values).enumerate() {
        rows.push([format!("token {}: {}", i + 1, g.name(n)), gamma_text(v)]);
    }
    rows.push(["sum".to_string(), gamma_text(&report.sum)]);
    rows.push(winner_row(judgement));
    if report.view == PositionView::Move {
        let mv = match (judgement.outcome, &report.best) {
            (Outcome::Second, _) | (_, None) => None,
            (Outcome::Draw, Some(m)) => Some(format!("keeps the draw: {}", move_words(report, m))),
            (Outcome::First, Some(m)) => Some(move_words(report, m)),
        };
        rows.push(move_row(mv));
    }
    rows
}

/// `grundy` on a loopy graph, as text.
pub(super) fn table_text(
    table: &LoopyTable,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let intro = format!(
        "γ values of {} — it has a cycle ({}), so some play never ends. A position is worth \
         m when no option is worth m, every smaller value is an option's, and every option \
         worth more or ∞ has a move back to m; the rest are ∞, with the finite values of \
         their options: ∞{{…}} is a first-player win when 0 is among them, else a draw.",
        table.rules,
        cycle_words(&table.graph)
    );
    writeln!(
        out,
        "{}",
        style.heading(&super::prose::fill(&intro, usize::from(opts.width)))
    )?;
    let rows = table_rows(table);
    let headers = ["position", "options → γ", "γ", "winner"];
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[&str]| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
            .collect();
        format!("  {}", padded.join("  ").trim_end())
    };
    writeln!(out, "{}", line(&headers))?;
    for row in &rows {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        writeln!(out, "{}", line(&cells))?;
    }
    Ok(())
}

/// Each position: its name, its options with their values, its γ, who wins from it.
pub(super) fn table_rows(table: &LoopyTable) -> Vec<Vec<String>> {
    let g = &table.graph;
    table
        .rows
        .iter()
        .map(|row| {
            let options: Vec<String> = row
                .options
                .iter()
                .map(|(v, gv)| format!("{}→{}", g.name(*v), gamma_text(gv)))
                .collect();
            vec![
                g.name(row.node).to_string(),
                if options.is_empty() {
                    "none".to_string()
                } else {
                    options.join(", ")
                },
                gamma_text(&row.gamma),
                outcome_name(row.gamma.outcome()).to_string(),
            ]
        })
        .collect()
}

/// `{"rules", "rows": [{"gamma", "options": [{"gamma", "state"}], "state", "winner"}]}`.
#[derive(Serialize)]
pub(super) struct LoopyTableJson {
    cycle: Vec<String>,
    rows: Vec<LoopyRowJson>,
    rules: String,
}

#[derive(Serialize)]
struct LoopyRowJson {
    gamma: GammaJson,
    options: Vec<OptionJson>,
    state: String,
    winner: &'static str,
}

#[derive(Serialize)]
struct OptionJson {
    gamma: GammaJson,
    state: String,
}

pub(super) fn table_json(table: &LoopyTable) -> LoopyTableJson {
    let g = &table.graph;
    LoopyTableJson {
        cycle: g.cycle_nodes().map(|n| g.name(n).to_string()).collect(),
        rows: table
            .rows
            .iter()
            .map(|row| LoopyRowJson {
                gamma: GammaJson::from(&row.gamma),
                options: row
                    .options
                    .iter()
                    .map(|(v, gv)| OptionJson {
                        gamma: GammaJson::from(gv),
                        state: g.name(*v).to_string(),
                    })
                    .collect(),
                state: g.name(row.node).to_string(),
                winner: outcome_name(row.gamma.outcome()),
            })
            .collect(),
        rules: table.rules.to_string(),
    }
}

/// LaTeX: `∞` is `\infty`, sets in braces.
fn latex_gamma(g: &Gamma) -> String {
    match g {
        Gamma::Finite(m) => format!("${m}$"),
        Gamma::Infinite(k) => {
            let items: Vec<String> = k.iter().map(Grundy::to_string).collect();
            format!(r"$\infty\{{{}\}}$", items.join(", "))
        }
    }
}

/// The LaTeX lines of `winner`/`move`: a `tabular` of tokens and values and the verdict.
pub(super) fn latex(
    report: &LoopyReport,
    judgement: &Judgement,
    out: &mut dyn Write,
) -> io::Result<()> {
    let g = &report.graph;
    let esc = super::latex_text::escape;
    let names: Vec<String> = report.nodes.iter().map(|&n| esc(g.name(n))).collect();
    writeln!(
        out,
        "% nimlab: {}: {}",
        esc(&report.rules.to_string()),
        names.join(" ")
    )?;
    writeln!(out, r"\begin{{tabular}}{{rlr}}")?;
    writeln!(out, r"\hline")?;
    writeln!(out, r"token & position & $\gamma$ \\")?;
    writeln!(out, r"\hline")?;
    for (i, (name, v)) in names.iter().zip(&report.values).enumerate() {
        writeln!(out, r"{} & {name} & {} \\", i + 1, latex_gamma(v))?;
    }
    writeln!(out, r"\hline")?;
    writeln!(out, r"sum & & {} \\", latex_gamma(&report.sum))?;
    writeln!(out, r"\hline")?;
    let plain = Style::default();
    let verdict = super::verdict::latex_sentence(judgement);
    writeln!(out, r"\multicolumn{{3}}{{l}}{{{verdict}}} \\")?;
    if report.view == PositionView::Move {
        let line = esc(&move_line(report, judgement.outcome, plain))
            .replace('γ', r"$\gamma$")
            .replace('∞', r"$\infty$")
            .replace('→', r"$\to$");
        writeln!(out, r"\multicolumn{{3}}{{l}}{{{line}}} \\")?;
    }
    writeln!(out, r"\end{{tabular}}")
}

/// The LaTeX of `grundy` on a loopy graph.
pub(super) fn table_latex(table: &LoopyTable, out: &mut dyn Write) -> io::Result<()> {
    let g = &table.graph;
    let esc = super::latex_text::escape;
    writeln!(
        out,
        "% nimlab: gamma values of {}",
        esc(&table.rules.to_string())
    )?;
    writeln!(out, r"\begin{{tabular}}{{llrl}}")?;
    writeln!(out, r"\hline")?;
    writeln!(
        out,
        r"position & options $\to \gamma$ & $\gamma$ & winner \\"
    )?;
    writeln!(out, r"\hline")?;
    for row in &table.rows {
        let options: Vec<String> = row
            .options
            .iter()
            .map(|(v, gv)| format!(r"{}$\to${}", esc(g.name(*v)), latex_gamma(gv)))
            .collect();
        writeln!(
            out,
            r"{} & {} & {} & {} \\",
            esc(g.name(row.node)),
            if options.is_empty() {
                "none".to_string()
            } else {
                options.join(", ")
            },
            latex_gamma(&row.gamma),
            outcome_name(row.gamma.outcome())
        )?;
    }
    writeln!(out, r"\hline")?;
    writeln!(out, r"\end{{tabular}}")
}
