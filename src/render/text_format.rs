//! The text format (`--format text`, the default): plain or coloured text for a terminal or a
//! pipe. Sends each output to its family's text printer.

use std::io::{self, Write};

use super::{RenderOptions, format_set, game};
use crate::output::Output;

pub(super) fn render(output: &Output, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let style = opts.style;
    match output {
        Output::Mex { set, mex } => writeln!(
            out,
            "mex {} = {}",
            format_set(set),
            style.heading(&mex.to_string())
        ),
        Output::Grundy(report) => super::table::text(report, opts, out),
        Output::GrundyValues(range) => super::grundy_values::text(range, opts, out),
        Output::Period(report) => super::period::text(report, opts, out),
        Output::WhoWins(w) => super::who_wins::text(w, opts, out),
        Output::SumValue(report) => super::sum::value_text(report, opts, out),
        Output::LoopyGrundy(table) => super::loopy::table_text(table, opts, out),
        Output::PictureValue(report) => {
            super::hackenbush::text(report, &report.judgement(), opts, out)
        }
        Output::Game(report) => game::render_game(report, opts, out),
        Output::SumGame(report) => game::render_sum_game(report, opts, out),
        Output::Step(report) => game::render_step(report, opts, out),
        Output::SumStep(report) => game::render_sum_step(report, opts, out),
        Output::Value(report) => super::expr_value::text(report, opts, out),
        Output::Derivation(report) => super::derive::text(report, opts, out),
        Output::Conjecture(report) => super::conjecture::text(report, opts, out),
        Output::PositionConjecture(report) => super::lost_conjecture::text(report, opts, out),
        Output::Decided(report) => super::decided::text(report, opts, out),
        Output::Lesson(report) => super::lesson::text(report, opts, out),
        Output::LessonList(list) => super::lesson::list_text(list, opts, out),
        Output::LessonResults(results) => super::lesson_results::text(results, opts, out),
        Output::LessonCheck(report) => super::lesson::check_text(report, opts, out),
        Output::Verify(report) => super::verify::text(report, opts, out),
        Output::Proof(report) => super::proof::text(report, opts, out),
        Output::Left(report) => super::activity::text(report, opts, out),
        Output::Rulesets { current } => super::rulesets::text(current, opts, out),
        Output::Note(note) => super::note::text(note, opts, out),
        Output::Help(help) => writeln!(out, "{}", super::help::text(help)),
        Output::Drawing(picture) => super::draw::picture(picture, out),
        Output::Nothing | Output::Quit => Ok(()),
    }
}
