//! Markdown and CSV: the same rows as the text tables, for slides and spreadsheets.

use std::io::{self, Write};

use crate::output::Output;

/// The syntax rows are written in: Markdown (`| a | b |` with a `---` rule under the
/// headers) or CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TableSyntax {
    Markdown,
    Csv,
}

/// A table being written row by row in one syntax.
pub(super) struct Sink<'a> {
    syntax: TableSyntax,
    csv: Option<csv::Writer<&'a mut dyn Write>>,
    out_md: Option<&'a mut dyn Write>,
}

impl<'a> Sink<'a> {
    pub(super) fn new(
        syntax: TableSyntax,
        out: &'a mut dyn Write,
        headers: &[&str],
    ) -> io::Result<Self> {
        let mut sink = match syntax {
            TableSyntax::Csv => Sink {
                syntax,
                csv: Some(csv::Writer::from_writer(out)),
                out_md: None,
            },
            TableSyntax::Markdown => Sink {
                syntax,
                csv: None,
                out_md: Some(out),
            },
        };
        sink.row(headers)?;
        if let (TableSyntax::Markdown, Some(out)) = (sink.syntax, sink.out_md.as_mut()) {
            let rule: Vec<&str> = headers.iter().map(|_| "---").collect();
            writeln!(out, "| {} |", rule.join(" | "))?;
        }
        Ok(sink)
    }

    pub(super) fn row<S: AsRef<str>>(&mut self, cells: &[S]) -> io::Result<()> {
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

    pub(super) fn finish(self) -> io::Result<()> {
        if let Some(mut w) = self.csv {
            w.flush()?;
        }
        Ok(())
    }
}

pub(super) fn render(output: &Output, syntax: TableSyntax, out: &mut dyn Write) -> io::Result<()> {
    match output {
        Output::Mex { set, mex } => {
            let set: Vec<String> = set.iter().map(ToString::to_string).collect();
            let mut sink = Sink::new(syntax, out, &["set", "mex"])?;
            sink.row(&[set.join(" "), mex.to_string()])?;
            sink.finish()
        }
        Output::Grundy(report) => super::table::rows(report, syntax, out),
        Output::GrundyValues(range) => super::grundy_values::table(range, syntax, out),
        Output::Period(report) => {
            let (headers, rows) = super::period::rows(report);
            let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
            let mut sink = Sink::new(syntax, out, &headers)?;
            for row in rows {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::Bulk(report) => {
            let mut sink = Sink::new(syntax, out, &["what", "value"])?;
            for row in super::bulk::rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::Moore(report) => {
            let mut sink = Sink::new(syntax, out, &["what", "value"])?;
            for row in super::moore::rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::Loopy(report) => {
            let mut sink = Sink::new(syntax, out, &["what", "value"])?;
            for row in super::loopy::rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::LoopyGrundy(table) => {
            let mut sink = Sink::new(syntax, out, &["position", "options", "gamma", "winner"])?;
            for row in super::loopy::table_rows(table) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::Hackenbush(report) => {
            let mut sink = Sink::new(syntax, out, &["what", "value"])?;
            for row in super::hackenbush::rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::MiserePlay(report) => {
            let mut sink = Sink::new(syntax, out, &["what", "value"])?;
            for row in super::misere_play::rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::Sum(report) => {
            let mut sink = Sink::new(syntax, out, &["what", "value"])?;
            for row in super::sum::rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::Position(report) => super::binary::rows(report, syntax, out),
        Output::Game(report) => super::game::game_rows(report, syntax, out),
        Output::SumGame(report) => super::game::sum_game_rows(report, syntax, out),
        Output::Step(report) => super::game::step_rows(report, syntax, out),
        Output::SumStep(report) => super::game::sum_step_rows(report, syntax, out),
        Output::Value(report) => table(super::expr_value::rows(report), syntax, out),
        Output::Derivation(report) => table(super::derive::rows(report), syntax, out),
        Output::Conjecture(report) => table(super::conjecture::rows(report), syntax, out),
        Output::PositionConjecture(report) => {
            table(super::lost_conjecture::rows(report), syntax, out)
        }
        Output::Decided(report) => table(super::decided::rows(report), syntax, out),
        Output::Lesson(report) => write!(out, "{}", super::lesson::plain(report)),
        Output::LessonList(list) => table(
            (
                vec!["id", "title", "steps", "status", "requires"],
                super::lesson::list_rows(list),
            ),
            syntax,
            out,
        ),
        Output::LessonCheck(report) => table(
            (
                vec!["file", "line", "step", "failure"],
                super::lesson::check_rows(report),
            ),
            syntax,
            out,
        ),
        Output::Verify(report) => table(super::verify::rows(report), syntax, out),
        Output::Proof(report) if syntax == TableSyntax::Markdown => {
            super::proof::markdown(report, out)
        }
        Output::Proof(report) => table(super::proof::rows(report), syntax, out),
        Output::Left(report) => write!(out, "{}", super::activity::plain(report)),
        Output::Rulesets { current } => table(super::rulesets::rows(current), syntax, out),
        Output::Note(note) => super::note::plain(note, out),
        Output::Help(text) => writeln!(out, "{text}"),
        Output::Picture(picture) => super::draw::picture(picture, out),
        Output::Nothing | Output::Quit => Ok(()),
    }
}

/// Headers and rows prepared by a concept's own renderer.
fn table(
    (headers, rows): (Vec<&str>, Vec<Vec<String>>),
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = Sink::new(syntax, out, &headers)?;
    for row in &rows {
        sink.row(row)?;
    }
    sink.finish()
}
