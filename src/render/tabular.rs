//! Markdown and CSV: the same rows as the text tables, for slides and spreadsheets.

use std::io::{self, Write};

use crate::engine::Method;
use crate::output::{GrundyReport, Output, PositionReport, PositionView};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    Markdown,
    Csv,
}

/// A table being written row by row in one flavour.
struct Sink<'a> {
    flavor: Flavor,
    csv: Option<csv::Writer<&'a mut dyn Write>>,
    out_md: Option<&'a mut dyn Write>,
}

impl<'a> Sink<'a> {
    fn new(flavor: Flavor, out: &'a mut dyn Write, headers: &[&str]) -> io::Result<Self> {
        let mut sink = match flavor {
            Flavor::Csv => Sink {
                flavor,
                csv: Some(csv::Writer::from_writer(out)),
                out_md: None,
            },
            Flavor::Markdown => Sink {
                flavor,
                csv: None,
                out_md: Some(out),
            },
        };
        sink.row(headers)?;
        if let (Flavor::Markdown, Some(out)) = (sink.flavor, sink.out_md.as_mut()) {
            let rule: Vec<&str> = headers.iter().map(|_| "---").collect();
            writeln!(out, "| {} |", rule.join(" | "))?;
        }
        Ok(sink)
    }

    fn row<S: AsRef<str>>(&mut self, cells: &[S]) -> io::Result<()> {
        if let Some(w) = self.csv.as_mut() {
            return w
                .write_record(cells.iter().map(AsRef::as_ref))
                .map_err(io::Error::other);
        }
        if let Some(out) = self.out_md.as_mut() {
            let cells: Vec<String> = cells
                .iter()
                .map(|c| c.as_ref().replace('|', "\\|"))
                .collect();
            writeln!(out, "| {} |", cells.join(" | "))?;
        }
        Ok(())
    }

    fn finish(self) -> io::Result<()> {
        if let Some(mut w) = self.csv {
            w.flush()?;
        }
        Ok(())
    }
}

pub fn render(output: &Output, flavor: Flavor, out: &mut dyn Write) -> io::Result<()> {
    match output {
        Output::Mex { set, mex } => {
            let set: Vec<String> = set.iter().map(ToString::to_string).collect();
            let mut sink = Sink::new(flavor, out, &["set", "mex"])?;
            sink.row(&[set.join(" "), mex.to_string()])?;
            sink.finish()
        }
        Output::Grundy(report) => grundy(report, flavor, out),
        Output::Position(report) => position(report, flavor, out),
        Output::Value(report) => table(super::value::rows(report), flavor, out),
        Output::Derivation(report) => table(super::derive::rows(report), flavor, out),
        Output::Conjecture(report) => table(super::conjecture::rows(report), flavor, out),
        Output::Verify(report) => table(super::verify::rows(report), flavor, out),
        Output::Proof(report) => table(super::proof::rows(report), flavor, out),
        Output::Message(text) | Output::Help(text) => writeln!(out, "{text}"),
        Output::Nothing | Output::Quit => Ok(()),
    }
}

/// Headers and rows prepared by a concept's own renderer.
fn table(
    (headers, rows): (Vec<&str>, Vec<Vec<String>>),
    flavor: Flavor,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = Sink::new(flavor, out, &headers)?;
    for row in &rows {
        sink.row(row)?;
    }
    sink.finish()
}

fn grundy(report: &GrundyReport, flavor: Flavor, out: &mut dyn Write) -> io::Result<()> {
    let mut sink = Sink::new(
        flavor,
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
                    .map(|(p, g)| format!("{p}:{g}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            _ => (String::new(), String::new()),
        };
        let method = match row.method {
            Method::Mex => "mex",
            Method::ClosedForm => "closed-form",
            Method::Periodic { .. } => "periodic",
        };
        sink.row(&[
            row.pile.to_string(),
            row.pile.size.to_string(),
            row.grundy.to_string(),
            set,
            options,
            method.to_string(),
        ])?;
    }
    sink.finish()
}

fn position(report: &PositionReport, flavor: Flavor, out: &mut dyn Write) -> io::Result<()> {
    let v = &report.verdict;
    let mut sink = Sink::new(flavor, out, &["pile", "state", "grundy", "binary"])?;
    for (i, (pile, g)) in report.piles.iter().zip(&v.grundy).enumerate() {
        sink.row(&[
            (i + 1).to_string(),
            pile.to_string(),
            g.to_string(),
            format!("{g:b}"),
        ])?;
    }
    sink.row(&[
        "nim-sum".to_string(),
        String::new(),
        v.nim_sum.to_string(),
        format!("{:b}", v.nim_sum),
    ])?;
    sink.row(&["winner", v.winner.name(), "", ""])?;
    if report.view == PositionView::Move {
        let cells = match report.winning_move {
            Some((m, g)) => [
                format!("move {}", m.index + 1),
                format!("{} -> {}", m.from, m.to),
                g.to_string(),
                format!("take {}", m.take()),
            ],
            None => [
                "move".to_string(),
                "none".to_string(),
                String::new(),
                String::new(),
            ],
        };
        sink.row(&cells)?;
    }
    sink.finish()
}
