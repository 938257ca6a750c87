//! The Grundy table family (`grundy`): the text table a learner copies into a notebook, a
//! single state's derivation line, and the same rows as CSV, Markdown and streamed JSON.
//! It shows values the engine computed; it computes none.

use crate::engine::Formula;
use crate::engine::LibraryForm;
use std::io::{self, Write};

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};
use serde::Serialize;

use super::json_shapes::StateValue;
use super::table_writer::{TableSyntax, TableWriter};
use super::{RenderOptions, format_set};
use crate::engine::{Grundy, GrundyRow, Method, Pass, Pile, Rules};
use crate::output::{GrundyReport, GrundyRows};

/// Text: the table computed by mex, or single states with how each was valued.
pub(super) fn text(
    report: &GrundyReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    match &report.rows {
        GrundyRows::ByMex { .. } => grundy_table(report, opts, out),
        GrundyRows::Lookup { .. } => lookup(report, opts, out),
    }
}

fn new_table(opts: &RenderOptions, headers: &[&str]) -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(headers.iter().map(|h| opts.style.heading(h)));
    table.set_width(opts.width);
    table
}

fn right_align(table: &mut Table, columns: &[usize]) {
    for &i in columns {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
}

/// The table a learner copies into a notebook: for zero-move, nF and nT side by side.
fn grundy_table(
    report: &GrundyReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let rules = &report.rules;
    // A graph file's name can make the heading longer than a line: wrapped between words.
    let heading = format!(
        "{}, each the mex of its options' values (the mex set)",
        super::misere::values_of(rules)
    );
    for line in super::prose::wrap(&heading, opts.layout_width()) {
        writeln!(out, "{}", opts.style.heading(&line))?;
    }
    let (headers, rows, right, value) = notebook(report);
    let mut table = new_table(opts, &headers);
    for mut row in rows {
        if let Some(cell) = row.get_mut(value) {
            *cell = opts.style.heading(cell);
        }
        table.add_row(row);
    }
    right_align(&mut table, &right);
    writeln!(out, "{table}")?;
    misere_note(rules, opts, out)
}

/// The notebook table's headers and rows (for zero-move, nF and nT side by side), the
/// columns aligned right, and the column of the values that stand out.
fn notebook(report: &GrundyReport) -> (Vec<&'static str>, Vec<Vec<String>>, Vec<usize>, usize) {
    let rules = &report.rules;
    let mut rows = Vec::new();
    if rules.has_pass() {
        let mut pending: Option<GrundyRow> = None;
        for row in report.rows() {
            match row.pile.pass {
                None => rows.push(vec![
                    row.pile.size.to_string(),
                    format_set(&row.reachable()),
                    row.grundy.to_string(),
                    format_set(&row.reachable()),
                    row.grundy.to_string(),
                ]),
                Some(Pass::Spent) => pending = Some(row),
                Some(Pass::Unused) => {
                    let (f_set, f_g) = pending
                        .take()
                        .map(|f| (format_set(&f.reachable()), f.grundy.to_string()))
                        .unwrap_or_default();
                    rows.push(vec![
                        row.pile.size.to_string(),
                        f_set,
                        f_g,
                        format_set(&row.reachable()),
                        row.grundy.to_string(),
                    ]);
                }
            }
        }
        let headers = vec!["n", "nF: mex set", "g(nF)", "nT: mex set", "g(nT)"];
        return (headers, rows, vec![0, 2, 4], 4);
    }
    let subtract = matches!(rules, Rules::Subtract(_) | Rules::Graph(_));
    let graph = matches!(rules, Rules::Graph(_));
    let mut headers = vec![if graph { "position" } else { "n" }];
    if subtract {
        headers.push("options → value");
    }
    headers.extend(["mex set", "g(n)"]);
    for row in report.rows() {
        let mut cells = vec![rules.name_of(row.pile)];
        if subtract {
            let options: Vec<String> = row
                .options
                .iter()
                .map(|(p, g)| format!("{}→{g}", rules.name_of_heaps(p)))
                .collect();
            cells.push(if options.is_empty() {
                "none".into()
            } else {
                options.join(", ")
            });
        }
        cells.push(format_set(&row.reachable()));
        cells.push(row.grundy.to_string());
        rows.push(cells);
    }
    let last = headers.len() - 1;
    let right = if graph { vec![last] } else { vec![0, last] };
    (headers, rows, right, last)
}

/// Markdown mirrors the text view: the heading as a paragraph and the notebook table, or a
/// single state's lines as they read in text.
fn markdown(report: &GrundyReport, out: &mut dyn Write) -> io::Result<()> {
    let plain = RenderOptions::default();
    match &report.rows {
        GrundyRows::Lookup { .. } => lookup(report, &plain, out),
        GrundyRows::ByMex { .. } => {
            writeln!(
                out,
                "{}, each the mex of its options' values (the mex set)\n",
                super::misere::values_of(&report.rules)
            )?;
            let (headers, rows, _, _) = notebook(report);
            let mut sink = TableWriter::new(TableSyntax::Markdown, out, &headers)?;
            for row in &rows {
                sink.row(row)?;
            }
            sink.finish()?;
            if report.rules.is_misere() {
                writeln!(out, "\n{}", super::misere::NOTE)?;
            }
            Ok(())
        }
    }
}

/// Under a misère table or value: what the values are, and what decides misère play.
fn misere_note(
    rules: &crate::engine::Rules,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    if rules.is_misere() {
        let width = opts.layout_width();
        for line in super::prose::wrap(super::misere::NOTE, width) {
            writeln!(out, "{}", opts.style.dim(&line))?;
        }
    }
    Ok(())
}

/// Options listed in full for a single state up to this many; beyond, the first few.
const OPTIONS_SHOWN: usize = 24;

/// One state, by mex with its options, or by closed form with the formula that gives it.
fn lookup(report: &GrundyReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let style = opts.style;
    for row in report.rows() {
        let name = format!("g({})", report.rules.name_of(row.pile));
        match row.method {
            Method::Mex => {
                let mut listed: Vec<String> = row
                    .options
                    .iter()
                    .take(OPTIONS_SHOWN)
                    .map(|(p, g)| format!("{}→{g}", report.rules.name_of_heaps(p)))
                    .collect();
                if row.options.len() > OPTIONS_SHOWN {
                    listed.push(format!("… ({} options in all)", row.options.len()));
                }
                if listed.is_empty() {
                    listed.push("none (no move is possible)".to_string());
                }
                let head = format!("options of {}: ", report.rules.name_of(row.pile));
                for line in super::prose::wrap_items(&listed, &head, ",", usize::from(opts.width)) {
                    writeln!(out, "{line}")?;
                }
                writeln!(
                    out,
                    "mex set {}; {name} = {}",
                    format_set(&row.reachable()),
                    style.heading(&row.grundy.to_string())
                )?;
            }
            Method::ClosedForm(formula) => {
                let how = format!("({})", closed_form_words(formula));
                known_line(&name, row.grundy, &how, opts, out)?;
            }
            Method::Computed { upto } => {
                let how = format!(
                    "(by mex: {}'s values computed in order up to g({upto}))",
                    report.rules
                );
                known_line(&name, row.grundy, &how, opts, out)?;
            }
            Method::Periodic { preperiod, period } => {
                let how = format!(
                    "(by period: {} repeats with period {period} from n = {preperiod}, found by mex)",
                    report.rules
                );
                known_line(&name, row.grundy, &how, opts, out)?;
            }
        }
    }
    misere_note(&report.rules, opts, out)
}

/// `g(N) = V  (how it is known)`, wrapped between words at the width, the explanation's
/// continuation lines indented under it.
fn known_line(
    name: &str,
    value: Grundy,
    how: &str,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let line = format!("{name} = {value}  {how}");
    let width = usize::from(opts.width);
    let wrapped = textwrap::wrap(
        &line,
        textwrap::Options::new(width.max(20)).subsequent_indent("  "),
    );
    let style = opts.style;
    for (i, part) in wrapped.iter().enumerate() {
        if i == 0 {
            // The value stands out; the explanation is dim.
            let head = format!("{name} = {value}");
            match part.strip_prefix(&head) {
                Some(rest) => writeln!(
                    out,
                    "{name} = {}{}",
                    style.heading(&value.to_string()),
                    style.dim(rest)
                )?,
                None => writeln!(out, "{}", style.dim(part))?,
            }
        } else {
            writeln!(out, "{}", style.dim(part))?;
        }
    }
    Ok(())
}

/// Streams the rows one at a time, so a long table never sits in memory as JSON.
pub(super) fn json(report: &GrundyReport, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"{\"rules\":")?;
    serde_json::to_writer(&mut *out, &report.rules.to_string())?;
    out.write_all(b",")?;
    if report.rules.is_misere() {
        // Misère Nim's table holds its piles' normal-play values (see render/misere.rs).
        out.write_all(b"\"values\":\"normal-play\",")?;
    }
    out.write_all(b"\"rows\":[")?;
    for (i, row) in report.rows().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &RowJson::new(&report.rules, &row))?;
    }
    writeln!(out, "]}}")
}

/// A row's `n`: the pile's size, or a graph position's number; none for a tuple, which has no
/// size (its number inside the engine depends on what the session looked up before).
fn size(rules: &Rules, pile: Pile) -> Option<u64> {
    (!matches!(rules, Rules::Defined(game) if game.has_tuples())).then_some(pile.size)
}

/// One row of a Grundy table: the state, its value and how it was computed — with its
/// options when by mex, the period when by period.
#[derive(Serialize)]
struct RowJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    computed_to: Option<u64>,
    grundy: Grundy,
    method: &'static str,
    /// See [`size`].
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<StateValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reachable: Option<Vec<Grundy>>,
    state: String,
}

impl RowJson {
    fn new(rules: &Rules, row: &GrundyRow) -> Self {
        let mut json = Self {
            computed_to: None,
            grundy: row.grundy,
            method: "mex",
            n: size(rules, row.pile),
            options: None,
            period: None,
            preperiod: None,
            reachable: None,
            state: rules.name_of(row.pile),
        };
        match row.method {
            Method::Mex => {
                json.reachable = Some(row.reachable());
                json.options = Some(
                    row.options
                        .iter()
                        .map(|(p, g)| StateValue {
                            grundy: *g,
                            state: rules.name_of_heaps(p),
                        })
                        .collect(),
                );
            }
            Method::ClosedForm(_) => json.method = "closed-form",
            Method::Computed { upto } => json.computed_to = Some(upto),
            Method::Periodic { preperiod, period } => {
                json.method = "periodic";
                json.preperiod = Some(preperiod);
                json.period = Some(period);
            }
        }
        json
    }
}

pub(super) fn rows(
    report: &GrundyReport,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    if syntax == TableSyntax::Markdown {
        return markdown(report, out);
    }
    let mut sink = TableWriter::new(
        syntax,
        out,
        &["state", "n", "grundy", "mex set", "options", "method"],
    )?;
    for row in report.rows() {
        let (set, options) = match row.method {
            Method::Mex => (
                row.reachable()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                row.options
                    .iter()
                    .map(|(p, g)| format!("{}:{g}", report.rules.name_of_heaps(p)))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            _ => (String::new(), String::new()),
        };
        let method = match row.method {
            Method::Mex => "mex",
            Method::ClosedForm(_) => "closed-form",
            Method::Computed { .. } => "mex",
            Method::Periodic { .. } => "periodic",
        };
        sink.row(&[
            report.rules.name_of(row.pile),
            size(&report.rules, row.pile).map_or_else(String::new, |n| n.to_string()),
            row.grundy.to_string(),
            set,
            options,
            method.to_string(),
        ])?;
    }
    sink.finish()
}

/// How a closed form is known, for a row valued by one.
pub(super) fn closed_form_words(formula: Formula) -> String {
    // A proven formula of a ruleset's own, with the condition it covers: why it holds.
    let statement = |proven: &str| format!("closed form: {proven}");
    let (form, checked) = match formula {
        Formula::Library { form, checked } => (form, checked),
        Formula::Session => {
            return "proven formula, decided by induction in this session by `conjecture`".into();
        }
        Formula::ZeroMoveOdd => return statement("n odd, so g(nT) = n + 1"),
        Formula::ZeroMoveEven => return statement("n even ≥ 2, so g(nT) = n − 1"),
        Formula::ZeroMoveSpent => return statement("g(nF) = n: nF is a Nim pile"),
        Formula::ZeroMoveEmpty => return statement("the empty pile has no moves: g(0) = 0"),
        Formula::MisereNormalPlay => return statement("g(n) = n, the normal-play value"),
        Formula::Nim => return statement("g(n) = n"),
    };
    let statement = match form {
        LibraryForm::Lasker => {
            "Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3"
        }
        LibraryForm::TurningTurtles => "Turning Turtles is Nim: g(n) = n",
        LibraryForm::PowersOfTwo => "taking powers of two: g(n) = n mod 3",
        LibraryForm::MockTurtles => {
            "Mock Turtles: g(n) is the odious number 2(n−1) + 1 if n−1 has an even number of 1 bits, else 2(n−1)"
        }
        LibraryForm::Ruler => "Ruler: g(n) is the largest power of two dividing n",
        LibraryForm::AtLeastHalf => "at-least-half: g(n) is the number of binary digits of n",
    };
    if form.decided() {
        format!("proven formula, decided by induction over the game's options: {statement}")
    } else {
        // Why the decider cannot take it: Ruler's options leave a run of heaps, which no
        // first-order sentence over the options states; at-least-half's options are
        // first-order, but its formula (a bit length) is outside the decidable fragment.
        let (source, why) = match form {
            LibraryForm::Ruler => (
                "Berlekamp, Conway and Guy, Winning Ways, ch. 14",
                "its options (a run of heaps) are not first-order",
            ),
            _ => (
                "the heaps left are 0..n/2, whose bit lengths are every number below n's",
                "a bit length is not a formula the decider takes",
            ),
        };
        format!(
            "theorem ({source}): {statement}; {why}, so not decided, but checked against mex for every n up to {checked}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pile;
    use crate::engine::Solver;

    /// A single zero-move state valued by its closed form: 5 is odd, so g(5T) = 5 + 1 = 6.
    fn five_t() -> GrundyReport {
        let rules = Rules::ZeroMove;
        let solver = Solver::new(&rules).unwrap();
        let pile = Pile::zero_move(5, Pass::Unused);
        let row = GrundyRow::known(pile, solver.value(pile).unwrap());
        GrundyReport {
            rules,
            rows: GrundyRows::Lookup { rows: vec![row] },
        }
    }

    #[test]
    fn a_closed_form_row_in_text_and_json() {
        let report = five_t();
        let mut text_out = Vec::new();
        text(&report, &RenderOptions::default(), &mut text_out).unwrap();
        assert_eq!(
            String::from_utf8(text_out).unwrap(),
            "g(5T) = 6  (closed form: n odd, so g(nT) = n + 1)\n"
        );
        let mut json_out = Vec::new();
        json(&report, &mut json_out).unwrap();
        assert_eq!(
            String::from_utf8(json_out).unwrap(),
            "{\"rules\":\"zero-move\",\"rows\":[{\"grundy\":6,\"method\":\"closed-form\",\"n\":5,\"state\":\"5T\"}]}\n"
        );
        let mut csv_out = Vec::new();
        rows(&report, TableSyntax::Csv, &mut csv_out).unwrap();
        assert_eq!(
            String::from_utf8(csv_out).unwrap(),
            "state,n,grundy,mex set,options,method\n5T,5,6,,,closed-form\n"
        );
    }
}
