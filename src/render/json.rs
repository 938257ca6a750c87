//! JSON, in the stable shapes documented in `docs/json.md`. Integers are exact JSON numbers (u128 included).

use std::io::{self, Write};

use serde_json::{Value, json};

use crate::engine::Rules;
use crate::engine::position::Rule;
use crate::output::{Output, PositionReport, PositionView};

pub fn render(output: &Output, out: &mut dyn Write) -> io::Result<()> {
    let value = match output {
        Output::Mex { set, mex } => json!({ "set": set, "mex": mex }),
        Output::Grundy(report) => return super::table::json(report, out),
        Output::GrundyValues(range) => return super::values::json(range, out),
        Output::Period(report) => super::period::json(report),
        Output::Position(report) => position(report),
        Output::Bulk(report) => super::bulk::json(report),
        Output::Game(report) => super::game_json::game(report),
        Output::Step(report) => super::game_json::step(report),
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

fn position(report: &PositionReport) -> Value {
    let piles: Vec<String> = report
        .piles
        .iter()
        .map(|&p| report.rules.name_of(p))
        .collect();
    let rules = report.rules.to_string();
    let v = &report.verdict;
    match report.view {
        PositionView::Move => {
            let mv = report.winning_move.map(|(m, _)| {
                let mut mv = json!({
                    "pile": m.index + 1,
                    "from": report.rules.name_of(m.from),
                    "to": report.rules.name_of_heaps(m.after()),
                });
                // A graph's moves take no tokens.
                if !matches!(report.rules, Rules::Graph(_)) {
                    mv["take"] = json!(m.take());
                }
                mv
            });
            json!({ "rules": rules, "piles": piles, "move": mv })
        }
        PositionView::Winner | PositionView::NimSum => {
            let mut out = json!({ "rules": rules, "piles": piles });
            match v.rule {
                Rule::NimSum => {
                    out["grundy"] = json!(v.grundy);
                    out["nim_sum"] = json!(v.nim_sum);
                }
                Rule::MisereNimSum => {
                    out["nim_sum"] = json!(v.nim_sum);
                    out["method"] = json!(
                        "misere: some pile is 2 or more, so the first player wins iff the nim-sum is not 0"
                    );
                }
                Rule::MisereAllSmall { ones } => {
                    out["ones"] = json!(ones);
                    out["method"] = json!(
                        "misere: every pile is 0 or 1, so the first player wins iff the number of 1-piles is even"
                    );
                }
            }
            out["winner"] = json!(v.winner.name());
            out
        }
    }
}
