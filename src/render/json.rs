//! JSON, in the stable shapes documented in `docs/json.md`: each family builds a view struct
//! that derives `Serialize`, and this module writes it as one line. Integers are exact JSON
//! numbers (u128 included). A view's fields are declared in alphabetical order, the order the
//! documented examples print them in.

use std::io::{self, Write};

use serde::Serialize;

pub(super) use super::json_shapes::emit;

use crate::engine::Grundy;
use crate::output::Output;

pub(super) fn render(output: &Output, out: &mut dyn Write) -> io::Result<()> {
    match output {
        Output::Mex { set, mex } => emit(&MexJson { mex: *mex, set }, out),
        Output::Grundy(report) => super::table::json(report, out),
        Output::GrundyValues(range) => super::grundy_values::json(range, out),
        Output::Period(report) => emit(&super::period::json(report), out),
        Output::WhoWins(w) => super::who_wins::json(w, out),
        Output::LoopyGrundy(table) => emit(&super::loopy::table_json(table), out),
        Output::PictureValue(report) => {
            emit(&super::hackenbush::json(report, &report.judgement()), out)
        }
        Output::SumValue(report) => emit(&super::sum::value_json(report), out),
        Output::Game(report) => emit(&super::game::game_json(report), out),
        Output::SumGame(report) => emit(&super::game::sum_game_json(report), out),
        Output::Step(report) => emit(&super::game::step_json(report), out),
        Output::SumStep(report) => emit(&super::game::sum_step_json(report), out),
        Output::Value(report) => emit(&super::expr_value::json(report), out),
        Output::Derivation(report) => emit(&super::derive::json(report), out),
        Output::Conjecture(report) => emit(&super::conjecture::json(report), out),
        Output::PositionConjecture(report) => emit(&super::lost_conjecture::json(report), out),
        Output::Decided(report) => emit(&super::decided::json(report), out),
        Output::Lesson(report) => emit(&super::lesson::json(report), out),
        Output::LessonList(list) => emit(&super::lesson::list_json(list), out),
        Output::LessonResults(results) => emit(&super::lesson_results::json(results), out),
        Output::LessonCheck(report) => emit(&super::lesson::check_json(report), out),
        Output::Verify(report) => emit(&super::verify::json(report), out),
        Output::Proof(report) => emit(&super::proof::json(report), out),
        Output::Left(report) => emit(&super::activity::json(report), out),
        Output::Rulesets { current } => emit(&super::rulesets::json(current), out),
        Output::Note(note) => emit(&super::note::json(note), out),
        Output::Help(help) => emit(
            &HelpJson {
                help: &super::help::text(help),
            },
            out,
        ),
        Output::Drawing(picture) => super::draw::picture(picture, out),
        Output::Nothing | Output::Quit => Ok(()),
    }
}

/// `mex`: `{"mex": 2, "set": [0, 1, 3]}`.
#[derive(Serialize)]
struct MexJson<'a> {
    mex: Grundy,
    set: &'a [Grundy],
}

/// Help text: `{"help": …}`.
#[derive(Serialize)]
struct HelpJson<'a> {
    help: &'a str,
}
