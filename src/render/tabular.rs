//! Markdown and CSV: the same rows as the text tables, for slides and spreadsheets.

use std::io::{self, Write};

use crate::output::Output;

use super::table_writer::{TableSyntax, TableWriter};

pub(super) fn render(output: &Output, syntax: TableSyntax, out: &mut dyn Write) -> io::Result<()> {
    match output {
        Output::Mex { set, mex } => {
            let set: Vec<String> = set.iter().map(ToString::to_string).collect();
            let mut sink = TableWriter::new(syntax, out, &["set", "mex"])?;
            sink.row(&[set.join(" "), mex.to_string()])?;
            sink.finish()
        }
        Output::Grundy(report) => super::table::rows(report, syntax, out),
        Output::GrundyValues(range) => super::grundy_values::table(range, syntax, out),
        Output::Period(report) => {
            let (headers, rows) = super::period::rows(report);
            let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
            let mut sink = TableWriter::new(syntax, out, &headers)?;
            for row in rows {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::LoopyGrundy(table) => {
            let mut sink =
                TableWriter::new(syntax, out, &["position", "options", "gamma", "winner"])?;
            for row in super::loopy::table_rows(table) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::PictureValue(report) => {
            let mut sink = TableWriter::new(syntax, out, &["what", "value"])?;
            for row in super::hackenbush::rows(report, &report.judgement()) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::SumValue(report) => {
            let mut sink = TableWriter::new(syntax, out, &["what", "value"])?;
            for row in super::sum::value_rows(report) {
                sink.row(&row)?;
            }
            sink.finish()
        }
        Output::WhoWins(w) => super::who_wins::rows(w, syntax, out),
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
        Output::LessonResults(results) => table(super::lesson_results::rows(results), syntax, out),
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
        Output::Help(help) => writeln!(out, "{}", super::help::text(help)),
        Output::Drawing(picture) => super::draw::picture(picture, out),
        Output::Nothing | Output::Quit => Ok(()),
    }
}

/// Headers and rows prepared by a concept's own renderer.
fn table(
    (headers, rows): (Vec<&str>, Vec<Vec<String>>),
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = TableWriter::new(syntax, out, &headers)?;
    for row in &rows {
        sink.row(row)?;
    }
    sink.finish()
}
