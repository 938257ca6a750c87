//! `grundy A..B --values`: each state's value alone (options left out), written as the engine
//! computes it, in every format, through one buffer: nothing is held per row, so the output's
//! memory does not grow with the range.

use std::io::{self, BufWriter, Write};

use super::RenderOptions;
use super::tabular::TableSyntax;
use crate::engine::value_range::ValueRange;
use crate::engine::{Grundy, Pass, Pile, Rules};

/// Large writes, so a terminal or pipe is not flushed line by line.
const BUFFER: usize = 1 << 16;

/// Aligned columns: n with g(n), or for zero-move n with g(nF) and g(nT); a graph's positions
/// by name.
pub(super) fn text(
    range: &ValueRange,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(BUFFER, out);
    let rules = range.rules();
    writeln!(
        out,
        "{}",
        opts.style.heading(&format!(
            "{} for n = {}..{}, {} (options left out)",
            super::misere::values_of(rules),
            range.from(),
            range.to(),
            match range.periodic() {
                Some((upto, p)) => format!(
                    "by mex up to g({upto}), then by the period {} from n = {} proven on them",
                    p.period, p.preperiod
                ),
                None => "each the mex of its options' values".to_string(),
            }
        ))
    )?;
    // Values of sizes ≤ N are at most N + 1 (zero-move: g(nT) = n + 1 for odd n).
    let width = range.to().saturating_add(1).to_string().len().max(5);
    match rules {
        Rules::Graph(_) => {
            let names = range
                .values()
                .map(|(p, _)| rules.name_of(p).chars().count());
            let name_width = names.max().unwrap_or(0).max(8);
            writeln!(out, "{:<name_width$}  {:>width$}", "position", "g")?;
            for (pile, g) in range.values() {
                writeln!(out, "{:<name_width$}  {g:>width$}", rules.name_of(pile))?;
            }
        }
        _ if rules.has_pass() => {
            writeln!(
                out,
                "{:>width$}  {:>width$}  {:>width$}",
                "n", "g(nF)", "g(nT)"
            )?;
            for s in range.sizes() {
                match s.unused {
                    Some(t) => {
                        writeln!(out, "{:>width$}  {:>width$}  {t:>width$}", s.size, s.plain)?
                    }
                    // The empty pile has one state, 0T = 0F: its value stands in both columns,
                    // as in the table with options.
                    None => writeln!(
                        out,
                        "{:>width$}  {:>width$}  {:>width$}",
                        s.size, s.plain, s.plain
                    )?,
                }
            }
        }
        _ => {
            writeln!(out, "{:>width$}  {:>width$}", "n", "g(n)")?;
            for s in range.sizes() {
                writeln!(out, "{:>width$}  {:>width$}", s.size, s.plain)?;
            }
        }
    }
    if rules.is_misere() {
        let width = opts.layout_width();
        for line in super::prose::wrap(super::misere::NOTE, width) {
            writeln!(out, "{}", opts.style.dim(&line))?;
        }
    }
    out.flush()
}

/// One row per state: `state,n,grundy` (CSV) or a Markdown table of the same columns.
pub(super) fn table(
    range: &ValueRange,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(BUFFER, out);
    let rules = range.rules();
    match syntax {
        TableSyntax::Csv => writeln!(out, "state,n,grundy")?,
        TableSyntax::Markdown => writeln!(out, "| state | n | grundy |\n| --- | --- | --- |")?,
    }
    let mut row = Row::default();
    for_each_state(range, |pile, g| {
        match (syntax, rules) {
            (TableSyntax::Csv, Rules::Graph(_)) => {
                writeln!(out, "{},{},{g}", csv_field(&rules.name_of(pile)), pile.size)?
            }
            (TableSyntax::Csv, _) => out.write_all(row.csv(pile, g))?,
            (TableSyntax::Markdown, _) => writeln!(
                out,
                "| {} | {} | {g} |",
                rules.name_of(pile).replace('|', "\\|"),
                pile.size
            )?,
        }
        Ok(())
    })?;
    out.flush()
}

/// Calls `f` with every state and its value in table order: the row loops, without an
/// iterator of rows between the values and the writer.
fn for_each_state(
    range: &ValueRange,
    mut f: impl FnMut(Pile, Grundy) -> io::Result<()>,
) -> io::Result<()> {
    for size in range.sizes() {
        let ((p, g), second) = size.states();
        f(p, g)?;
        if let Some((p, g)) = second {
            f(p, g)?;
        }
    }
    Ok(())
}

/// The shape in `docs/json.md`, `{"rules": R, "rows": [{"state", "n", "grundy", "method": "mex"}, …]}`,
/// with `reachable` and `options` left out; on one line, like every JSON result (a script's
/// lines each print one).
pub(super) fn json(range: &ValueRange, out: &mut dyn Write) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(BUFFER, out);
    let rules = range.rules();
    write!(
        out,
        "{{\"rules\":{},",
        serde_json::Value::from(rules.to_string())
    )?;
    if rules.is_misere() {
        // Misère Nim's values are its piles' normal-play values (see render/misere.rs).
        out.write_all(b"\"values\":\"normal-play\",")?;
    }
    out.write_all(b"\"rows\":[")?;
    let mut row = Row::default();
    let mut first = true;
    // Past the last heap valued by mex, an octal game's values are read off its proven period.
    let by_mex_to = range.periodic().map_or(u64::MAX, |(last, _)| last);
    for_each_state(range, |pile, g| {
        if !first {
            out.write_all(b",")?;
        }
        first = false;
        match rules {
            Rules::Graph(_) => write!(
                out,
                "{{\"state\":{},\"n\":{},\"grundy\":{g},\"method\":\"mex\"}}",
                serde_json::Value::from(rules.name_of(pile)),
                pile.size
            )?,
            _ => out.write_all(row.json(pile, g, pile.size > by_mex_to))?,
        }
        Ok(())
    })?;
    writeln!(out, "]}}")?;
    out.flush()
}

/// One row's bytes for a pile state (digits and T/F, which need no quoting), built without
/// the formatting machinery: millions of rows are written.
#[derive(Default)]
struct Row {
    bytes: Vec<u8>,
    n: itoa::Buffer,
    g: itoa::Buffer,
}

impl Row {
    /// A value's digits: u64 when it fits (u128 division is slow), as it does for every table
    /// nimlab computes.
    fn value(&mut self, g: Grundy) -> &[u8] {
        match u64::try_from(g) {
            Ok(v) => self.g.format(v).as_bytes(),
            Err(_) => self.g.format(g).as_bytes(),
        }
    }

    /// `3T,3,4\n`
    fn csv(&mut self, pile: Pile, g: Grundy) -> &[u8] {
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.clear();
        let n = self.n.format(pile.size).as_bytes();
        bytes.extend_from_slice(n);
        bytes.extend_from_slice(suffix(pile));
        bytes.push(b',');
        bytes.extend_from_slice(n);
        bytes.push(b',');
        bytes.extend_from_slice(self.value(g));
        bytes.push(b'\n');
        self.bytes = bytes;
        &self.bytes
    }

    /// `{"state":"3T","n":3,"grundy":4,"method":"mex"}`, or `"periodic"` for a value read off
    /// a proven period.
    fn json(&mut self, pile: Pile, g: Grundy, periodic: bool) -> &[u8] {
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.clear();
        let n = self.n.format(pile.size).as_bytes();
        bytes.extend_from_slice(b"{\"state\":\"");
        bytes.extend_from_slice(n);
        bytes.extend_from_slice(suffix(pile));
        bytes.extend_from_slice(b"\",\"n\":");
        bytes.extend_from_slice(n);
        bytes.extend_from_slice(b",\"grundy\":");
        bytes.extend_from_slice(self.value(g));
        bytes.extend_from_slice(if periodic {
            b",\"method\":\"periodic\"}"
        } else {
            b",\"method\":\"mex\"}"
        });
        self.bytes = bytes;
        &self.bytes
    }
}

/// How a state's name ends after its size: `T`, `F` or nothing.
fn suffix(pile: Pile) -> &'static [u8] {
    match pile.pass {
        Some(Pass::Unused) => b"T",
        Some(Pass::Spent) => b"F",
        None => b"",
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
