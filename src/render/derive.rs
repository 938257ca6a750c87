//! `derive`: each state derived on paper — its options with their values, the set, the mex.

use std::io::{self, Write};

use serde::Serialize;

use super::prose::wrap_items;
use super::{RenderOptions, format_set};
use crate::engine::{Grundy, GrundyRow, Rules};
use crate::output::Derivation;

/// Sets up to this size are written out in full (a learner checks each element).
const FULL_SET: usize = 24;

pub(super) fn text(
    report: &Derivation,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    if report.step.is_none() {
        writeln!(
            out,
            "{}",
            style.heading(&format!(
                "Deriving {} by hand: each value is the mex of its options' values",
                report.rules
            ))
        )?;
    }
    for (i, row) in report.rows.iter().enumerate() {
        if let Some((first, total)) = report.step {
            writeln!(
                out,
                "{}",
                style.dim(&format!("state {} of {total}", first + i))
            )?;
        }
        write_row(&report.rules, row, opts, "", out)?;
    }
    if let Some((first, total)) = report.step {
        let last = first + report.rows.len() - 1;
        let hint = if last < total {
            "Enter or `next`: the next state · `back` · `derive --all`: every state"
        } else {
            "that was the last state: the derivation is done (`grundy 0..N` shows the table)"
        };
        writeln!(out, "{}", style.dim(hint))?;
    }
    Ok(())
}

/// One state's derivation: its options with their values, then the set and its mex; every
/// line starts with `indent`.
pub(super) fn write_row(
    rules: &Rules,
    row: &GrundyRow,
    opts: &RenderOptions,
    indent: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let width = opts.layout_width();
    if row.parts.iter().any(Option::is_some) {
        return write_splitting_row(rules, row, opts, indent, out);
    }
    let items: Vec<String> = row
        .options
        .iter()
        .map(|(p, g)| format!("{}→{g}", rules.name_of_heaps(p)))
        .collect();
    let head = format!("{indent}options of {}: ", rules.name_of(row.pile));
    if items.is_empty() {
        writeln!(out, "{head}none (no move is possible)")?;
    } else {
        for line in wrap_items(&items, &head, ",", width) {
            writeln!(out, "{line}")?;
        }
    }
    conclusion(rules, row, opts, indent, out)
}

/// A state of a game whose moves may split a heap: one line per move, saying what it
/// removes and leaves, and for a split the XOR of its parts (`remove 2 from 7 leaving 2+3:
/// 2 ⊕ 3 = 1`).
fn write_splitting_row(
    rules: &Rules,
    row: &GrundyRow,
    opts: &RenderOptions,
    indent: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let n = row.pile.size;
    writeln!(out, "{indent}options of {n}:")?;
    for ((heaps, g), parts) in row.options.iter().zip(&row.parts) {
        // A run of Ruler's heaps can hold more than the heap it came from: no amount taken.
        let take = u128::from(n).checked_sub(heaps.tokens());
        let value = match parts {
            Some(parts) => {
                let parts: Vec<String> = parts.iter().map(Grundy::to_string).collect();
                format!("{} = {g}", parts.join(" ⊕ "))
            }
            None => g.to_string(),
        };
        let verb = match take {
            Some(0) => format!("split {n} into {heaps}"),
            Some(take) => format!("remove {take} from {n} leaving {heaps}"),
            None => format!("turn {n} into {heaps}"),
        };
        writeln!(out, "{indent}  {verb}: {value}")?;
    }
    conclusion(rules, row, opts, indent, out)
}

/// The last line of a derivation: the set of the options' values, its mex, the value.
fn conclusion(
    rules: &Rules,
    row: &GrundyRow,
    opts: &RenderOptions,
    indent: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        "{indent}  set {}; mex {}, so {}",
        written_set(&row.reachable()),
        row.grundy,
        opts.style
            .heading(&format!("g({}) = {}", rules.name_of(row.pile), row.grundy))
    )
}

/// A set in full when small (`{0, 1, 2, 3}`), else with runs shortened.
pub(super) fn written_set(values: &[Grundy]) -> String {
    if values.len() <= FULL_SET {
        let items: Vec<String> = values.iter().map(Grundy::to_string).collect();
        format!("{{{}}}", items.join(", "))
    } else {
        format_set(values)
    }
}

/// One state's derivation: its options with their values, the mex set and its mex.
#[derive(Serialize)]
struct RowJson {
    mex: Grundy,
    options: Vec<OptionJson>,
    set: Vec<Grundy>,
    state: String,
}

/// An option; a split's `parts` are its two heaps' values.
#[derive(Serialize)]
struct OptionJson {
    grundy: Grundy,
    #[serde(skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<Grundy>>,
    state: String,
}

fn row_json(rules: &Rules, row: &GrundyRow) -> RowJson {
    RowJson {
        mex: row.grundy,
        options: row
            .options
            .iter()
            .zip(&row.parts)
            .map(|((p, g), parts)| OptionJson {
                grundy: *g,
                parts: parts.clone(),
                state: rules.name_of_heaps(p),
            })
            .collect(),
        set: row.reachable(),
        state: rules.name_of(row.pile),
    }
}

/// `derive`: every derivation, or the one being looked at with its number.
#[derive(Serialize)]
pub(super) struct DerivationJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    of: Option<usize>,
    rules: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<usize>,
    steps: Vec<RowJson>,
}

pub(super) fn json(report: &Derivation) -> DerivationJson {
    DerivationJson {
        of: report.step.map(|(_, total)| total),
        rules: report.rules.to_string(),
        step: report.step.map(|(first, _)| first),
        steps: report
            .rows
            .iter()
            .map(|row| row_json(&report.rules, row))
            .collect(),
    }
}

pub(super) fn rows(report: &Derivation) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let rows = report
        .rows
        .iter()
        .map(|row| {
            let options: Vec<String> = row
                .options
                .iter()
                .map(|(p, g)| format!("{}:{g}", report.rules.name_of_heaps(p)))
                .collect();
            let set: Vec<String> = row.reachable().iter().map(Grundy::to_string).collect();
            vec![
                report.rules.name_of(row.pile),
                options.join(" "),
                set.join(" "),
                row.grundy.to_string(),
            ]
        })
        .collect();
    (vec!["state", "options", "set", "mex"], rows)
}
