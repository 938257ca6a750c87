//! The binary view of a position: each pile's Grundy value in binary with its bits aligned, the
//! nim-sum row, the columns with an odd number of 1s and the nim-sum's top bit marked — with
//! characters (`*`, `^`, `◀`) so it reads without colour, and with colour where allowed.

use std::io::{self, Write};

use serde::Serialize;

use super::json_shapes::MoveJson;
use super::table_writer::{TableSyntax, TableWriter};
use super::verdict::outcome_name;
use super::verdict::sentence;
use super::{RenderOptions, Style};
use crate::engine::Grundy;
use crate::engine::Judgement;
use crate::engine::Method;
use crate::engine::Rule;
use crate::engine::Rules;
use crate::output::{MoveView, PileChanged, PositionReport, PositionTitle, PositionView};

/// A position's heading: which position it is. A changed pile shows the nim-sum worked out
/// from the old sum: the old value leaves it and the new one joins (x ⊕ x = 0); its states
/// are written as `rules` writes them (`(1,4)` in Northcott's game, a graph's node names).
pub(super) fn title(title: &PositionTitle, rules: &Rules) -> String {
    match title {
        PositionTitle::Position => "position".into(),
        PositionTitle::SessionPosition => "the session's position".into(),
        PositionTitle::Start => "start".into(),
        PositionTitle::Hint => "hint".into(),
        PositionTitle::Board => "the game's board".into(),
        PositionTitle::Changed(changed) => {
            let PileChanged {
                pile,
                from,
                to,
                old_value,
                new_value,
                old_sum,
                new_sum,
            } = changed.as_ref();
            let (from, to) = (rules.name_of(*from), rules.name_of(*to));
            format!(
                "pile {pile}: {from} → {to}, value {old_value} → {new_value}; nim-sum {old_sum} ⊕ {old_value} ⊕ {new_value} = {new_sum}"
            )
        }
    }
}

/// Piles shown one per row; a longer position shows its first rows and a count.
const MAX_ROWS: usize = 40;

pub(super) fn render(
    report: &PositionReport,
    judgement: &Judgement,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let piles: Vec<String> = report
        .piles
        .iter()
        .map(|&p| report.rules.name_of(p))
        .collect();
    let heading = match &report.title {
        Some(t) => format!(
            "{} ({}): {}",
            title(t, &report.rules),
            report.rules,
            summary(&piles)
        ),
        None => format!("{}: {}", report.rules, summary(&piles)),
    };
    writeln!(out, "{}", style.heading(&heading))?;

    if let Some(view) = &report.move_view {
        let marker = format!("change this {}", super::part_word(&report.rules));
        render_move(view, &marker, opts, out)?;
    } else {
        table(report, &piles, opts, out)?;
    }
    // Sentences wrap between words at the width, as prose does: never past 80 columns.
    let width = usize::from(opts.width);
    if let Some(line) = periodic_note(report) {
        writeln!(out, "{}", style.dim(&super::prose::fill(&line, width)))?;
    }
    let sentence = sentence(judgement, style);
    writeln!(out, "{}", super::prose::fill(&sentence, width))?;
    if report.view == PositionView::Move {
        writeln!(
            out,
            "{}",
            super::prose::fill(&move_line(report, style, width), width)
        )?;
    }
    Ok(())
}

/// Which piles' values were read off a proven period, and the period: a value past what was
/// computed is never shown without saying how it is known.
fn periodic_note(report: &PositionReport) -> Option<String> {
    let mut period = None;
    let piles: Vec<String> = report
        .verdict
        .methods
        .iter()
        .enumerate()
        .filter_map(|(i, m)| match *m {
            Method::Periodic {
                preperiod,
                period: p,
            } => {
                period = Some((preperiod, p));
                Some((i + 1).to_string())
            }
            _ => None,
        })
        .collect();
    let (preperiod, period) = period?;
    let which = if piles.len() == 1 { "pile" } else { "piles" };
    Some(format!(
        "({which} {}: by period, {} repeats with period {period} from n = {preperiod}, found by mex)",
        piles.join(", "),
        report.rules
    ))
}

/// The piles' values in binary, the nim-sum, and the marks under its columns.
fn table(
    report: &PositionReport,
    piles: &[String],
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let v = &report.verdict;
    let widest = v
        .grundy
        .iter()
        .copied()
        .chain([v.nim_sum])
        .max()
        .unwrap_or(0);
    let bits = (Grundy::BITS - widest.leading_zeros()).max(1) as usize;
    let spaced = bits <= 24;
    let state_w = piles
        .iter()
        .map(|p| p.chars().count())
        .chain([5])
        .max()
        .unwrap_or(5);
    let g_w = widest.to_string().len().max(1);
    let label_w = 7; // "nim-sum"
    // Too wide for the screen (values of 20 digits in 64 bits): the states and values are
    // listed first, and the table keeps only the bits.
    let narrow = label_w + 2 + state_w + 2 + g_w + 2 + columns(bits, spaced) > opts.layout_width();
    if narrow {
        for (i, (pile, &g)) in piles.iter().zip(&v.grundy).enumerate().take(MAX_ROWS) {
            writeln!(out, "{:>label_w$}  {pile}: g = {g}", i + 1)?;
        }
        writeln!(out, "nim-sum  {}", v.nim_sum)?;
    }
    let row = |label: &str, state: &str, g: Grundy| -> String {
        let bits_text = bit_cells(g, bits, v.nim_sum, spaced, style, false);
        if narrow {
            return format!("{label:>label_w$}  {bits_text}");
        }
        format!(
            "{label:>label_w$}  {state:>state_w$}  {g:>g_w$}  {bits_text}",
            g = g.to_string()
        )
    };
    let part = super::part_word(&report.rules);
    if narrow {
        writeln!(out, "{}", style.dim(&format!("{:>label_w$}  binary", part)))?;
    } else {
        header(out, style, part, [label_w, state_w, g_w])?;
    }
    for (i, (pile, &g)) in piles.iter().zip(&v.grundy).enumerate().take(MAX_ROWS) {
        writeln!(out, "{}", row(&(i + 1).to_string(), pile, g))?;
    }
    if piles.len() > MAX_ROWS {
        writeln!(
            out,
            "{:>label_w$}  … {} more piles",
            "",
            piles.len() - MAX_ROWS
        )?;
    }
    writeln!(out, "{}", row("nim-sum", "", v.nim_sum))?;
    // Misère positions of piles ≤ 1 are decided by counting 1-piles, not by the nim-sum.
    if !matches!(v.rule, Rule::MisereAllSmall { .. }) {
        let indent = if narrow {
            label_w + 2
        } else {
            label_w + state_w + g_w + 6
        };
        writeln!(out, "{}", marks(v.nim_sum, bits, spaced, indent, opts))?;
    }
    Ok(())
}

/// The column headings over the rows, at the rows' widths.
fn header(
    out: &mut dyn Write,
    style: Style,
    part: &str,
    [label_w, state_w, g_w]: [usize; 3],
) -> io::Result<()> {
    let text = format!(
        "{:>label_w$}  {:>state_w$}  {:>g_w$}  binary",
        part, "state", "g"
    );
    writeln!(out, "{}", style.dim(&text))
}

/// The piles for a heading, shortened when there are many.
fn summary(piles: &[String]) -> String {
    if piles.len() <= 12 {
        piles.join(" ")
    } else {
        format!("{} … ({} piles)", piles[..12].join(" "), piles.len())
    }
}

/// One value's bits, most significant first; odd columns and the top bit coloured.
fn bit_cells(
    g: Grundy,
    bits: usize,
    nim_sum: Grundy,
    spaced: bool,
    style: Style,
    plain: bool,
) -> String {
    let top = top_index(nim_sum);
    let mut cells = Vec::with_capacity(bits);
    for i in (0..bits).rev() {
        let bit = if (g >> i) & 1 == 1 { "1" } else { "0" };
        let cell = if plain {
            bit.to_string()
        } else if Some(i) == top {
            style.top(bit)
        } else if (nim_sum >> i) & 1 == 1 {
            style.odd(bit)
        } else {
            bit.to_string()
        };
        cells.push(cell);
    }
    cells.join(if spaced { " " } else { "" })
}

fn top_index(value: Grundy) -> Option<usize> {
    (value != 0).then(|| (Grundy::BITS - 1 - value.leading_zeros()) as usize)
}

/// The columns `bits` binary digits take.
fn columns(bits: usize, spaced: bool) -> usize {
    if spaced { bits * 2 - 1 } else { bits }
}

/// The marker line under the bit columns, with its legend.
fn marks(
    nim_sum: Grundy,
    bits: usize,
    spaced: bool,
    indent: usize,
    opts: &RenderOptions,
) -> String {
    let style = opts.style;
    if nim_sum == 0 {
        return format!(
            "{:indent$}{}",
            "",
            style.dim("every column has an even number of 1s")
        );
    }
    let top = top_index(nim_sum);
    let cells: Vec<String> = (0..bits)
        .rev()
        .map(|i| {
            if Some(i) == top {
                style.top("^")
            } else if (nim_sum >> i) & 1 == 1 {
                style.odd("*")
            } else {
                " ".to_string()
            }
        })
        .collect();
    let line = cells.join(if spaced { " " } else { "" });
    let legend = "^ top bit of the nim-sum, * odd count of 1s";
    if indent + columns(bits, spaced) + 3 + legend.chars().count() <= opts.layout_width() {
        format!("{:indent$}{line}   {}", "", style.dim(legend))
    } else {
        format!("{:indent$}{line}\n{:indent$}{}", "", "", style.dim(legend))
    }
}

/// The winning move in words and why it wins, its formula fitted to `width` columns.
fn move_line(report: &PositionReport, style: Style, width: usize) -> String {
    let Some((m, new_g)) = &report.winning_move else {
        return match (report.over, report.rules.is_misere()) {
            (true, true) => {
                "no move is left: in misère play the player who cannot move wins.".into()
            }
            (true, false) => style.lose("no move is left: the player to move has lost."),
            (false, _) => style.lose("no winning move: every move loses against perfect play."),
        };
    };
    let v = &report.verdict;
    let action = super::move_words(&report.rules, m);
    let why = match v.rule {
        Rule::MisereNimSum if report.piles.iter().filter(|p| p.size >= 2).count() == 1 => {
            "leaves an odd number of 1-piles, so the opponent takes the last token".to_string()
        }
        Rule::NimSum | Rule::MisereNimSum => {
            let (g, s) = (v.grundy[m.index], v.nim_sum);
            let line = format!("its value {g} → {new_g} = {g} ⊕ {s}, leaving nim-sum 0");
            // Huge values make one formula too long for the line: its equation goes below.
            if line.chars().count() + 2 <= width {
                line
            } else {
                format!("its value {g} → {new_g}\n  = {g} ⊕ {s}, leaving nim-sum 0")
            }
        }
        Rule::MisereAllSmall { .. } => "leaves an odd number of 1-piles".to_string(),
    };
    let black = report.black_move.as_ref().map_or(String::new(), |b| {
        let words = super::move_words(&report.rules, b);
        format!(
            "\n  {}",
            style.dim(&format!(
                "that is White's (who moves first); as Black: {words}"
            ))
        )
    });
    format!(
        "{}\n  {}{black}",
        style.change(&format!("winning move: {action}")),
        style.dim(&why)
    )
}

/// A move in binary: every pile's value before, the moved pile's new value under it with the
/// bits that flip marked `~`, and the nim-sum before and after.
pub(super) fn render_move(
    view: &MoveView,
    marker: &str,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let grid = MoveGrid::new(view, marker, opts);
    if grid.narrow {
        list_states(view, &grid, out)?;
    }
    table_head(&grid, opts.style, out)?;
    pile_rows(view, marker, &grid, opts, out)?;
    nim_sum_rows(view, &grid, opts, out)
}

/// The table's head: `pile  binary` when narrow, else the label, state, value and bit columns.
fn table_head(grid: &MoveGrid, style: Style, out: &mut dyn Write) -> io::Result<()> {
    let label_w = grid.label_w;
    if grid.narrow {
        writeln!(
            out,
            "{}",
            style.dim(&format!("{:>label_w$}  binary", grid.part))
        )
    } else {
        header(out, style, grid.part, [label_w, grid.state_w, grid.g_w])
    }
}

/// A row for each pile (at most `MAX_ROWS`, the rest counted), the moved pile's rows in place.
fn pile_rows(
    view: &MoveView,
    marker: &str,
    grid: &MoveGrid,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let label_w = grid.label_w;
    for (i, (pile, &g)) in grid
        .piles
        .iter()
        .zip(&view.before.grundy)
        .enumerate()
        .take(MAX_ROWS)
    {
        if i == view.mv.index {
            moved_rows(view, marker, grid, opts, out)?;
        } else {
            writeln!(
                out,
                "{}",
                grid.line(
                    &(i + 1).to_string(),
                    pile,
                    g,
                    grid.before_cells(view, g, style)
                )
            )?;
        }
    }
    if grid.piles.len() > MAX_ROWS {
        writeln!(
            out,
            "{:>label_w$}  … {} more piles",
            "",
            grid.piles.len() - MAX_ROWS
        )?;
    }
    Ok(())
}

/// How a move's table is laid out: the piles and the moved pile's new state as written, how
/// many bits, the columns' widths, and whether it is too wide for the screen.
struct MoveGrid {
    /// What a component is called (`pile`, `game`, `coin`, `token`).
    part: &'static str,
    piles: Vec<String>,
    /// `→ 3`: the moved pile's state after the move.
    target: String,
    bits: usize,
    spaced: bool,
    label_w: usize,
    state_w: usize,
    g_w: usize,
    /// Too wide for the screen: the states and values are listed first, the table keeps the
    /// bits (and the moved pile's marker shrinks to `◀`).
    narrow: bool,
    /// Where the bit columns start.
    indent: usize,
}

impl MoveGrid {
    /// The layout of `view`'s table at the layout's width, with `marker` beside the moved pile.
    fn new(view: &MoveView, marker: &str, opts: &RenderOptions) -> Self {
        let (_, new_g) = view.values();
        let (sum_before, sum_after) = (view.before.nim_sum, view.after.nim_sum);
        let widest = view
            .before
            .grundy
            .iter()
            .copied()
            .chain([new_g, sum_before, sum_after])
            .max()
            .unwrap_or(0);
        let bits = (Grundy::BITS - widest.leading_zeros()).max(1) as usize;
        let spaced = bits <= 24;
        let piles: Vec<String> = view.piles.iter().map(|&p| view.rules.name_of(p)).collect();
        let target = format!("→ {}", view.rules.name_of_heaps(&view.mv.after()));
        let state_w = piles
            .iter()
            .chain([&target])
            .map(|p| p.chars().count())
            .chain([6])
            .max()
            .unwrap_or(6);
        let g_w = widest.to_string().len();
        let label_w = 7;
        let narrow = label_w + 2 + state_w + 2 + g_w + 2 + columns(bits, spaced) + 4 + marker.len()
            > opts.layout_width();
        let indent = if narrow {
            label_w + 2
        } else {
            label_w + state_w + g_w + 6
        };
        MoveGrid {
            part: super::part_word(&view.rules),
            piles,
            target,
            bits,
            spaced,
            label_w,
            state_w,
            g_w,
            narrow,
            indent,
        }
    }

    /// `g`'s bits, the highest first, each written by `mark` (its index and `0` or `1`).
    fn cells(&self, g: Grundy, mark: &dyn Fn(usize, &str) -> String) -> String {
        let sep = if self.spaced { " " } else { "" };
        (0..self.bits)
            .rev()
            .map(|i| mark(i, if (g >> i) & 1 == 1 { "1" } else { "0" }))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// `g`'s bits before the move, the nim-sum's top bit marked.
    fn before_cells(&self, view: &MoveView, g: Grundy, style: Style) -> String {
        bit_cells(g, self.bits, view.before.nim_sum, self.spaced, style, false)
    }

    /// One row of the table: its label, the state and its value, then the bits; narrow, the
    /// label (or else the state) and the bits.
    fn line(&self, label: &str, state: &str, g: Grundy, bits_text: String) -> String {
        let (label_w, state_w, g_w) = (self.label_w, self.state_w, self.g_w);
        if self.narrow {
            // The state's column holds the nim-sum rows' labels (`before`, `after`).
            let label = if label.is_empty() { state } else { label };
            return format!("{label:>label_w$}  {bits_text}");
        }
        format!(
            "{label:>label_w$}  {state:>state_w$}  {g:>g_w$}  {bits_text}",
            g = g.to_string()
        )
    }
}

/// Above a narrow table: each pile's state and value, the moved pile's new state under it,
/// and the nim-sum before and after.
fn list_states(view: &MoveView, grid: &MoveGrid, out: &mut dyn Write) -> io::Result<()> {
    let label_w = grid.label_w;
    let (_, new_g) = view.values();
    let target = &grid.target;
    for (i, (pile, &g)) in grid
        .piles
        .iter()
        .zip(&view.before.grundy)
        .enumerate()
        .take(MAX_ROWS)
    {
        writeln!(out, "{:>label_w$}  {pile}: g = {g}", i + 1)?;
        if i == view.mv.index {
            writeln!(out, "{:>label_w$}  {target}: g = {new_g}", "")?;
        }
    }
    let (sum_before, sum_after) = (view.before.nim_sum, view.after.nim_sum);
    writeln!(out, "nim-sum  {sum_before} before, {sum_after} after")
}

/// The moved pile's rows: its value before with `◀ marker`, its new value with the bits
/// that flip coloured, and the `~` line under the bits that flip.
fn moved_rows(
    view: &MoveView,
    marker: &str,
    grid: &MoveGrid,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let (old_g, new_g) = view.values();
    let flips = old_g ^ new_g;
    let i = view.mv.index;
    let (label_w, state_w, indent) = (grid.label_w, grid.state_w, grid.indent);
    // Padded before colouring: escape codes would count towards the width.
    let label = style.change(&format!("{:>label_w$}", i + 1));
    let moved = grid.line(
        &label,
        &grid.piles[i],
        old_g,
        grid.before_cells(view, old_g, style),
    );
    let pointer = if grid.narrow {
        "◀".to_string()
    } else {
        format!("◀ {marker}")
    };
    writeln!(out, "{moved}   {}", style.change(&pointer))?;
    let flipped = grid.cells(new_g, &|b, bit| {
        if (flips >> b) & 1 == 1 {
            style.change(bit)
        } else {
            bit.to_string()
        }
    });
    let state = if grid.narrow {
        style.change(&format!("{:>label_w$}", "→"))
    } else {
        let target = &grid.target;
        style.change(&format!("{target:>state_w$}"))
    };
    writeln!(out, "{}", grid.line("", &state, new_g, flipped))?;
    let marks = grid.cells(flips, &|b, _| {
        if (flips >> b) & 1 == 1 { "~" } else { " " }.to_string()
    });
    let legend = "~ bits that flip";
    if indent + columns(grid.bits, grid.spaced) + 3 + legend.len() <= opts.layout_width() {
        writeln!(
            out,
            "{:indent$}{}   {}",
            "",
            style.change(&marks),
            style.dim(legend)
        )
    } else {
        writeln!(out, "{:indent$}{}", "", style.change(&marks))?;
        writeln!(out, "{:indent$}{}", "", style.dim(legend))
    }
}

/// The nim-sum's rows under the table: before, with its marker line, and after.
fn nim_sum_rows(
    view: &MoveView,
    grid: &MoveGrid,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let (sum_before, sum_after) = (view.before.nim_sum, view.after.nim_sum);
    writeln!(
        out,
        "{}",
        grid.line(
            "nim-sum",
            "before",
            sum_before,
            grid.before_cells(view, sum_before, style)
        )
    )?;
    writeln!(
        out,
        "{}",
        marks(sum_before, grid.bits, grid.spaced, grid.indent, opts)
    )?;
    let after = grid.cells(sum_after, &|_, bit| bit.to_string());
    writeln!(out, "{}", grid.line("", "after", sum_after, after))
}

/// `winner`, `nimsum`, `position`, `set`: the piles, their values and who wins. Misère Nim
/// says which of its two rules decided instead of listing values.
#[derive(Serialize)]
pub(super) struct PositionJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<Vec<Grundy>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_sum: Option<Grundy>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ones: Option<usize>,
    piles: Vec<String>,
    rules: String,
    winner: &'static str,
}

/// `move`: the piles and the winning move, or `null` when there is none; in a game of
/// counters, Black's too.
#[derive(Serialize)]
pub(super) struct MoveReportJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    black_move: Option<MoveJson>,
    #[serde(rename = "move")]
    mv: Option<MoveJson>,
    piles: Vec<String>,
    rules: String,
}

/// A position's JSON: which shape depends on the command.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum Json {
    Position(PositionJson),
    Move(MoveReportJson),
}

pub(super) fn json(report: &PositionReport, judgement: &Judgement) -> Json {
    let piles: Vec<String> = report
        .piles
        .iter()
        .map(|&p| report.rules.name_of(p))
        .collect();
    let rules = report.rules.to_string();
    let v = &report.verdict;
    if report.view == PositionView::Move {
        return Json::Move(MoveReportJson {
            black_move: report
                .black_move
                .as_ref()
                .map(|m| MoveJson::named(&report.rules, m)),
            mv: report
                .winning_move
                .as_ref()
                .map(|(m, _)| MoveJson::named(&report.rules, m)),
            piles,
            rules,
        });
    }
    let (grundy, nim_sum, ones, method) = match v.rule {
        Rule::NimSum => (Some(v.grundy.clone()), Some(v.nim_sum), None, None),
        Rule::MisereNimSum => (
            None,
            Some(v.nim_sum),
            None,
            Some(
                "misere: some pile is 2 or more, so the first player wins iff the nim-sum is not 0",
            ),
        ),
        Rule::MisereAllSmall { ones } => (
            None,
            None,
            Some(ones),
            Some(
                "misere: every pile is 0 or 1, so the first player wins iff the number of 1-piles is even",
            ),
        ),
    };
    Json::Position(PositionJson {
        grundy,
        method,
        nim_sum,
        ones,
        piles,
        rules,
        winner: outcome_name(judgement.outcome),
    })
}

pub(super) fn rows(
    report: &PositionReport,
    judgement: &Judgement,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let v = &report.verdict;
    let mut sink = TableWriter::new(syntax, out, &["pile", "state", "grundy", "binary"])?;
    // Every binary cell zero-padded to the widest, so the bit columns line up on a slide.
    let bits = v
        .grundy
        .iter()
        .chain([&v.nim_sum])
        .map(|g| format!("{g:b}").len())
        .max()
        .unwrap_or(1);
    for (i, (pile, g)) in report.piles.iter().zip(&v.grundy).enumerate() {
        sink.row(&[
            (i + 1).to_string(),
            report.rules.name_of(*pile),
            g.to_string(),
            format!("{g:0bits$b}"),
        ])?;
    }
    sink.row(&[
        "nim-sum".to_string(),
        String::new(),
        v.nim_sum.to_string(),
        format!("{:0bits$b}", v.nim_sum),
    ])?;
    sink.finish()?;
    // The verdict and the move are sentences, as in the text view: in Markdown a paragraph
    // each; CSV keeps to the piles' rectangle (JSON has them as fields).
    if syntax == TableSyntax::Markdown {
        let plain = Style::default();
        let sentence = sentence(judgement, plain);
        writeln!(out, "\n{sentence}")?;
        if report.view == PositionView::Move {
            writeln!(out, "\n{}", move_line(report, plain, usize::MAX))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Pass, Pile};

    #[test]
    fn a_changed_pile_is_headed_with_the_nim_sum_worked_out() {
        // Zero-move 3T 4T 5T, pile 2 set to 7T: g(4T) = 3 (4 even, n − 1), g(7T) = 8 (7 odd,
        // n + 1); the old nim-sum 4 ⊕ 3 ⊕ 6 = 1, the new one 1 ⊕ 3 ⊕ 8 = 10.
        let changed = PositionTitle::Changed(Box::new(PileChanged {
            pile: 2,
            from: Pile::zero_move(4, Pass::Unused),
            to: Pile::zero_move(7, Pass::Unused),
            old_value: 3,
            new_value: 8,
            old_sum: 1,
            new_sum: 10,
        }));
        assert_eq!(
            title(&changed, &Rules::ZeroMove),
            "pile 2: 4T → 7T, value 3 → 8; nim-sum 1 ⊕ 3 ⊕ 8 = 10"
        );
        assert_eq!(
            title(&PositionTitle::Board, &Rules::ZeroMove),
            "the game's board"
        );
    }
}
