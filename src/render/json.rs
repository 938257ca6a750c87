//! JSON, in the stable shapes documented in `docs/json.md`. Integers are exact JSON numbers (u128 included).

use std::io::{self, Write};

use serde_json::json;

use crate::output::Output;

pub fn render(output: &Output, out: &mut dyn Write) -> io::Result<()> {
    let value = match output {
        Output::Mex { set, mex } => json!({ "set": set, "mex": mex }),
        Output::Grundy(report) => return super::table::json(report, out),
        Output::GrundyValues(range) => return super::values::json(range, out),
        Output::Period(report) => super::period::json(report),
        Output::Position(report) => super::binary::json(report),
        Output::Bulk(report) => super::bulk::json(report),
        Output::Game(report) => super::game::game_json(report),
        Output::Step(report) => super::game::step_json(report),
        Output::Value(report) => super::value::json(report),
        Output::Derivation(report) => super::derive::json(report),
        Output::Conjecture(report) => super::conjecture::json(report),
        Output::Lesson(report) => super::lesson::json(report),
        Output::LessonList(list) => super::lesson::list_json(list),
        Output::LessonCheck(report) => super::lesson::check_json(report),
        Output::Verify(report) => super::verify::json(report),
        Output::Proof(report) => super::proof::json(report),
        Output::Left(report) => super::activity::json(report),
        Output::Rulesets { current } => super::rulesets::json(current),
        Output::Message(m) => json!({ "message": m }),
        Output::Help(h) => json!({ "help": h }),
        Output::Nothing | Output::Quit => return Ok(()),
    };
    serde_json::to_writer(&mut *out, &value)?;
    writeln!(out)
}
