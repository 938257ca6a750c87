//! LaTeX for a lecturer's slides: Grundy tables (zero-move's in the text view's compact nF/nT
//! layout), binary views (`nimsum`, `winner`, `move`) and derivations, each one `tabular`
//! environment that needs no package: each family lays out its lines and one printer writes
//! them (proofs and periods are in `latex_text.rs`). Text is escaped, numbers
//! and states are set in math (`$…$`). Other outputs have no LaTeX form: the command layer
//! refuses them before they run; short messages are kept as `%` comments.

use std::io::{self, Write};

use crate::engine::Judgement;
use crate::engine::Rule;
use crate::engine::{Grundy, GrundyRow, Method, Move, Rules};
use crate::output::{Derivation, GrundyReport, Output, PositionReport, PositionView, Working};

use super::latex_text::escape;

/// Piles shown one per row in a binary view, as in the text view.
const MAX_ROWS: usize = 40;

/// Sets up to this size are written in full; larger ones shorten runs with `\dots`.
const FULL_SET: usize = 24;

/// Whether `output` can be written as LaTeX (a table, or a message kept as a comment).
pub(super) fn has_form(output: &Output) -> bool {
    if let Output::WhoWins(w) = output {
        return matches!(w.working(), Working::Piles(_) | Working::Tokens(_));
    }
    matches!(
        output,
        Output::Grundy(_)
            | Output::Proof(_)
            | Output::Period(_)
            | Output::LoopyGrundy(_)
            | Output::Derivation(_)
            | Output::Note(_)
            | Output::Help(_)
            | Output::Left(_)
            | Output::Rulesets { .. }
            | Output::Nothing
            | Output::Quit
    )
}

pub(super) fn render(output: &Output, out: &mut dyn Write) -> io::Result<()> {
    match output {
        Output::Grundy(report) => print(&grundy(report), out),
        Output::WhoWins(w) => match w.working() {
            Working::Piles(r) => print(&binary(r, w.judgement()), out),
            Working::Tokens(r) => super::loopy::latex(r, w.judgement(), out),
            // Refused before rendering: see `has_form`.
            _ => Ok(()),
        },
        Output::LoopyGrundy(table) => super::loopy::table_latex(table, out),
        Output::Derivation(report) => print(&derivation(report), out),
        Output::Proof(report) => super::latex_text::proof(report, out),
        Output::Period(report) => super::latex_text::period(report, out),
        Output::Nothing | Output::Quit => Ok(()),
        // Anything else is prose, kept where a .tex file ignores it.
        other => {
            let text = super::render_to_string(other, &super::RenderOptions::default());
            for line in text.lines() {
                writeln!(out, "% {line}")?;
            }
            Ok(())
        }
    }
}

/// A state's name for math mode: `7T` as `7\mathrm{T}`, a split `2+3` as is, and any other
/// name (a graph's positions) as escaped text in an `\mbox`.
fn state(name: &str) -> String {
    let numeric = |part: &str| {
        let digits = part.trim_end_matches(['T', 'F']);
        !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && part.len() - digits.len() <= 1
    };
    if !name.is_empty() && name.split('+').all(numeric) {
        name.replace('T', r"\mathrm{T}").replace('F', r"\mathrm{F}")
    } else {
        format!(r"\mbox{{{}}}", escape(name))
    }
}

/// A set for math mode: `\{0, 1, 3\}`, with long runs written `0, \dots, 30` in big sets.
fn set(values: &[Grundy]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j].checked_add(1) == Some(values[j + 1]) {
            j += 1;
        }
        if values.len() > FULL_SET && j - i >= 3 {
            parts.push(format!(r"{}, \dots, {}", values[i], values[j]));
        } else {
            parts.extend(values[i..=j].iter().map(Grundy::to_string));
        }
        i = j + 1;
    }
    format!(r"\{{{}\}}", parts.join(", "))
}

/// A row's options with their values: `$0 \to 0$, $1\mathrm{F} \to 1$`, a split with the XOR
/// of its parts (`$2+3 \to 2 \oplus 3 = 1$`), or `none`.
fn options(rules: &Rules, row: &GrundyRow) -> String {
    if row.options.is_empty() {
        return "none".into();
    }
    let items: Vec<String> = row
        .options
        .iter()
        .zip(row.parts.iter().chain(std::iter::repeat(&None)))
        .map(|((heaps, g), parts)| {
            let to = state(&rules.name_of_heaps(heaps));
            match parts {
                Some(parts) => {
                    let parts: Vec<String> = parts.iter().map(Grundy::to_string).collect();
                    format!(r"${to} \to {} = {g}$", parts.join(r" \oplus "))
                }
                None => format!(r"${to} \to {g}$"),
            }
        })
        .collect();
    items.join(", ")
}

/// One `tabular` environment, the form of every LaTeX output: what it shows (kept as a `%`
/// comment), its column spec, and its lines. [`print`] writes any of them.
struct Tabular {
    comment: String,
    columns: String,
    lines: Vec<Line>,
}

/// A line of a [`Tabular`].
enum Line {
    /// Cells, separated by `&`.
    Cells(Vec<String>),
    /// One left-aligned cell across every column.
    Across(String),
    /// `\hline`.
    Rule,
}

/// The one printer: the comment, `\begin{tabular}`, a rule, the lines, `\end{tabular}`.
fn print(table: &Tabular, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "% nimlab: {}", table.comment)?;
    writeln!(out, r"\begin{{tabular}}{{{}}}", table.columns)?;
    writeln!(out, r"\hline")?;
    let width = table
        .columns
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count();
    for line in &table.lines {
        match line {
            Line::Cells(cells) => {
                let mut text = String::new();
                for (i, cell) in cells.iter().enumerate() {
                    if i > 0 {
                        text.push_str(" &");
                        if !cell.is_empty() {
                            text.push(' ');
                        }
                    }
                    text.push_str(cell);
                }
                writeln!(out, r"{text} \\")?;
            }
            Line::Across(text) => writeln!(out, r"\multicolumn{{{width}}}{{l}}{{{text}}} \\")?,
            Line::Rule => writeln!(out, r"\hline")?,
        }
    }
    writeln!(out, r"\end{{tabular}}")
}

/// Cells from string slices.
fn cells<const N: usize>(cells: [&str; N]) -> Line {
    Line::Cells(cells.map(str::to_string).to_vec())
}

/// `grundy`: zero-move's table as the text view lays it out, nF and nT side by side; other
/// rulesets, and values looked up one by one, a row per state with its options.
fn grundy(report: &GrundyReport) -> Tabular {
    let by_mex = matches!(report.rows, crate::output::GrundyRows::ByMex { .. });
    if by_mex && report.rules.has_pass() {
        return grundy_pairs(report);
    }
    grundy_rows(report)
}

/// `n`, nF's mex set and value, nT's mex set and value: the compact layout of the text view.
fn grundy_pairs(report: &GrundyReport) -> Tabular {
    let mut lines = vec![
        cells([
            "$n$",
            r"$n\mathrm{F}$: mex set",
            r"$g(n\mathrm{F})$",
            r"$n\mathrm{T}$: mex set",
            r"$g(n\mathrm{T})$",
        ]),
        Line::Rule,
    ];
    let mut spent: Option<GrundyRow> = None;
    for row in report.rows() {
        let cells = |f: &GrundyRow, t: &GrundyRow| {
            Line::Cells(vec![
                format!("${}$", t.pile.size),
                format!("${}$", set(&f.reachable())),
                format!("${}$", f.grundy),
                format!("${}$", set(&t.reachable())),
                format!("${}$", t.grundy),
            ])
        };
        match row.pile.pass {
            None => lines.push(cells(&row, &row)),
            Some(crate::engine::Pass::Spent) => spent = Some(row),
            Some(crate::engine::Pass::Unused) => {
                let f = spent.take().unwrap_or_else(|| row.clone());
                lines.push(cells(&f, &row));
            }
        }
    }
    lines.push(Line::Rule);
    Tabular {
        comment: format!(
            "{}, each the mex of its options' values (the mex set)",
            super::misere::values_of(&report.rules)
        ),
        columns: "rlrlr".into(),
        lines,
    }
}

/// One row per state with its options, the mex set and the value.
fn grundy_rows(report: &GrundyReport) -> Tabular {
    let rules = &report.rules;
    let mut lines = vec![cells(["state", "options", "mex set", "$g$"]), Line::Rule];
    for row in report.rows() {
        let name = format!("${}$", state(&rules.name_of(row.pile)));
        let g = format!("${}$", row.grundy);
        let across_two = |how: String| format!(r"\multicolumn{{2}}{{l}}{{{how}}}");
        let middle = match row.method {
            Method::Mex => vec![options(rules, &row), format!("${}$", set(&row.reachable()))],
            Method::ClosedForm(_) => vec![across_two("by a proven closed form".into())],
            Method::Computed { upto } => vec![across_two(format!(
                "by mex, with every state up to $n = {upto}$"
            ))],
            Method::Periodic { preperiod, period } => vec![across_two(format!(
                "by the period {period} from $n = {preperiod}$"
            ))],
        };
        let mut row = vec![name];
        row.extend(middle);
        row.push(g);
        lines.push(Line::Cells(row));
    }
    lines.push(Line::Rule);
    Tabular {
        comment: format!(
            "{}, each the mex of its options' values",
            super::misere::values_of(rules)
        ),
        columns: "lllr".into(),
        lines,
    }
}

/// `derive`: each state as on paper, `g(1\mathrm{T}) = \mathrm{mex}\{0, 1\} = 2`.
fn derivation(report: &Derivation) -> Tabular {
    let rules = &report.rules;
    let comment = match report.step {
        Some((first, total)) => format!("deriving {rules} by hand, state {first} of {total}"),
        None => format!("deriving {rules} by hand, each value the mex of its options' values"),
    };
    let mut lines = vec![cells(["state", "options", "value"]), Line::Rule];
    for row in &report.rows {
        let name = state(&rules.name_of(row.pile));
        lines.push(Line::Cells(vec![
            format!("${name}$"),
            options(rules, row),
            format!(
                r"$g({name}) = \mathrm{{mex}}\,{} = {}$",
                set(&row.reachable()),
                row.grundy
            ),
        ]));
    }
    lines.push(Line::Rule);
    Tabular {
        comment,
        columns: "lll".into(),
        lines,
    }
}

/// The binary view: each pile's value bit by bit, the nim-sum row with its 1s in bold, the
/// odd columns marked (`$\uparrow$` the nim-sum's top bit, `$\ast$` the others), the verdict
/// and, for `move`, the winning move.
fn binary(report: &PositionReport, judgement: &Judgement) -> Tabular {
    let rules = &report.rules;
    let v = &report.verdict;
    let widest = v
        .grundy
        .iter()
        .copied()
        .chain([v.nim_sum])
        .max()
        .unwrap_or(0);
    let bits = (Grundy::BITS - widest.leading_zeros()).max(1) as usize;
    let names: Vec<String> = report.piles.iter().map(|&p| rules.name_of(p)).collect();
    let shown = if names.len() <= 12 {
        names.join(" ")
    } else {
        format!("{} … ({} piles)", names[..12].join(" "), names.len())
    };
    let comment = match &report.title {
        Some(title) => format!(
            "{} ({rules}): {shown}, in binary",
            super::binary::title(title, rules)
        ),
        None => format!("{rules}: {shown}, in binary"),
    };
    let bit_cells = |g: Grundy, bold: bool| {
        (0..bits).rev().map(move |i| {
            match ((g >> i) & 1, bold) {
                (1, true) => r"\textbf{1}",
                (1, false) => "1",
                _ => "0",
            }
            .to_string()
        })
    };
    let mut header = vec!["pile".to_string(), "state".into(), "$g$".into()];
    header.push(format!(r"\multicolumn{{{bits}}}{{c}}{{$g$ in binary}}"));
    let mut lines = vec![Line::Cells(header), Line::Rule];
    for (i, (name, &g)) in names.iter().zip(&v.grundy).enumerate().take(MAX_ROWS) {
        let mut row = vec![
            (i + 1).to_string(),
            format!("${}$", state(name)),
            format!("${g}$"),
        ];
        row.extend(bit_cells(g, false));
        lines.push(Line::Cells(row));
    }
    if names.len() > MAX_ROWS {
        lines.push(Line::Across(format!(
            r"\dots{{}} {} more piles",
            names.len() - MAX_ROWS
        )));
    }
    lines.push(Line::Rule);
    let mut sum = vec![
        "nim-sum".to_string(),
        String::new(),
        format!("${}$", v.nim_sum),
    ];
    sum.extend(bit_cells(v.nim_sum, true));
    lines.push(Line::Cells(sum));
    // Misère positions of piles ≤ 1 are decided by counting 1-piles, not by the nim-sum.
    if !matches!(v.rule, Rule::MisereAllSmall { .. }) {
        if v.nim_sum == 0 {
            lines.push(Line::Across("every column has an even number of 1s".into()));
        } else {
            let top = Grundy::BITS - 1 - v.nim_sum.leading_zeros();
            let mut marks = vec![String::new(); 3];
            marks.extend((0..bits).rev().map(|i| {
                match (v.nim_sum >> i) & 1 {
                    1 if i == top as usize => r"$\uparrow$",
                    1 => r"$\ast$",
                    _ => "",
                }
                .to_string()
            }));
            lines.push(Line::Cells(marks));
            lines.push(Line::Across(
                r"$\uparrow$ top bit of the nim-sum, $\ast$ odd count of 1s".into(),
            ));
        }
    }
    lines.push(Line::Rule);
    lines.push(Line::Across(super::verdict::latex_sentence(judgement)));
    if report.view == PositionView::Move {
        lines.push(Line::Across(move_line(report)));
    }
    Tabular {
        comment,
        columns: format!("rrr|{}", "c".repeat(bits)),
        lines,
    }
}

/// The winning move and why it wins, or that there is none.
fn move_line(report: &PositionReport) -> String {
    let v = &report.verdict;
    let Some((m, new_g)) = &report.winning_move else {
        return match v.rule {
            Rule::MisereAllSmall { ones: 0 } => {
                r"no move is left: in mis\`ere play the player who cannot move wins.".into()
            }
            _ => "no winning move: every move loses against perfect play.".into(),
        };
    };
    let why = match v.rule {
        Rule::MisereNimSum if report.piles.iter().filter(|p| p.size >= 2).count() == 1 => {
            "it leaves an odd number of 1-piles, so the opponent takes the last token".to_string()
        }
        Rule::NimSum | Rule::MisereNimSum => format!(
            r"its value ${} \to {new_g} = {} \oplus {}$, leaving nim-sum $0$",
            v.grundy[m.index], v.grundy[m.index], v.nim_sum
        ),
        Rule::MisereAllSmall { .. } => "it leaves an odd number of 1-piles".to_string(),
    };
    format!("winning move: {}; {why}.", move_words(&report.rules, m))
}

/// `pile 2: $7\mathrm{T} \to 6\mathrm{T}$ (take 1)`, as `render::move_words` says it.
fn move_words(rules: &Rules, m: &Move) -> String {
    let pile = m.index + 1;
    let from = state(&rules.name_of(m.from));
    let to = state(&rules.name_of_heaps(&m.after()));
    if !rules.counts_tokens() {
        return format!(r"pile {pile}: ${from} \to {to}$");
    }
    let parts = super::pile_count(m.rest.len() + 1);
    match (m.splits(), m.take(rules)) {
        (false, Some(0) | None) => format!(r"pass on pile {pile}: ${from} \to {to}$"),
        (false, Some(take)) => format!(r"pile {pile}: ${from} \to {to}$ (take {take})"),
        (true, Some(0)) => format!(r"pile {pile}: ${from} \to {to}$ (split, taking nothing)"),
        (true, Some(take)) => {
            format!(r"pile {pile}: ${from} \to {to}$ (take {take}, leaving {parts} piles)")
        }
        (true, None) => format!(r"pile {pile}: ${from} \to {to}$ (leaving {parts} piles)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_special_character() {
        assert_eq!(
            escape(r"a_b&c%d$e#f{g}h~i^j\k"),
            r"a\_b\&c\%d\$e\#f\{g\}h\textasciitilde{}i\textasciicircum{}j\textbackslash{}k"
        );
        assert_eq!(escape("plain 7T"), "plain 7T");
    }

    #[test]
    fn states_are_math_or_escaped_text() {
        assert_eq!(state("7T"), r"7\mathrm{T}");
        assert_eq!(state("0"), "0");
        assert_eq!(state("2+3"), "2+3");
        assert_eq!(state("4F+1F"), r"4\mathrm{F}+1\mathrm{F}");
        assert_eq!(state("start"), r"\mbox{start}");
        assert_eq!(state("a_1"), r"\mbox{a\_1}");
        assert_eq!(state("TT"), r"\mbox{TT}");
        assert_eq!(state("7TF"), r"\mbox{7TF}");
    }

    #[test]
    fn one_printer_writes_every_table() {
        let table = Tabular {
            comment: "a test".into(),
            columns: "rr|c".into(),
            lines: vec![
                cells(["a", "b", "c"]),
                Line::Rule,
                cells(["", "", "x"]),
                cells(["1", "", ""]),
                Line::Across("spans".into()),
            ],
        };
        let mut out = Vec::new();
        print(&table, &mut out).unwrap();
        // An empty cell leaves one space between its `&`s; `|` is not a column.
        assert_eq!(
            String::from_utf8(out).unwrap(),
            [
                r"% nimlab: a test",
                r"\begin{tabular}{rr|c}",
                r"\hline",
                r"a & b & c \\",
                r"\hline",
                r" & & x \\",
                r"1 & & \\",
                r"\multicolumn{3}{l}{spans} \\",
                r"\end{tabular}",
                "",
            ]
            .join("\n")
        );
    }

    #[test]
    fn sets_are_full_when_small() {
        assert_eq!(set(&[]), r"\{\}");
        assert_eq!(set(&[0, 1, 2, 3, 5]), r"\{0, 1, 2, 3, 5\}");
        let big: Vec<Grundy> = (0..30).chain([40]).collect();
        assert_eq!(set(&big), r"\{0, \dots, 29, 40\}");
    }
}
