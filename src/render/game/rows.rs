//! A game's moves and `step`'s line of play as CSV or Markdown rows.

use std::io::{self, Write};

use crate::engine::Intent;
use crate::engine::Side;
use crate::engine::{Move, Rules};
use crate::output::{GameEvent, GameReport, StepReport};
use crate::render::table_writer::{TableSyntax, TableWriter};

const MOVE_HEADERS: [&str; 7] = ["#", "by", "pile", "from", "to", "take", "intent"];

fn move_cells(
    rules: &Rules,
    number: usize,
    by: &str,
    m: &Move,
    intent: Option<Intent>,
) -> [String; 7] {
    [
        number.to_string(),
        by.to_string(),
        (m.index + 1).to_string(),
        m.from.to_string(),
        m.after().to_string(),
        m.take(rules)
            .map_or_else(String::new, |take| take.to_string()),
        match intent {
            Some(Intent::Winning) => "winning",
            Some(Intent::Delaying) => "delaying",
            Some(Intent::Drawing) => "drawing",
            None => "",
        }
        .to_string(),
    ]
}

/// A game's moves as rows, then its winner once it is over.
pub(crate) fn game(
    report: &GameReport,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = TableWriter::new(syntax, out, &MOVE_HEADERS)?;
    for event in &report.events {
        if let GameEvent::Moved {
            number,
            side,
            mv,
            intent,
            ..
        } = event
        {
            let by = match side {
                Side::Learner => "learner",
                Side::Computer => "computer",
            };
            sink.row(&move_cells(&report.rules, *number, by, mv, *intent))?;
        }
    }
    if let Some(winner) = report.winner {
        let name = match winner {
            Side::Learner => "learner",
            Side::Computer => "computer",
        };
        sink.row(&["winner", name, "", "", "", "", ""])?;
    }
    sink.finish()
}

/// The line of play of `step`, then the winner once no move is left.
pub(crate) fn step(
    report: &StepReport,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = TableWriter::new(syntax, out, &MOVE_HEADERS)?;
    for m in &report.moves {
        sink.row(&move_cells(
            &report.rules,
            m.number,
            m.player.name(),
            &m.view.mv,
            Some(m.intent),
        ))?;
    }
    if let Some(winner) = report.winner {
        sink.row(&["winner", winner.name(), "", "", "", "", ""])?;
    }
    sink.finish()
}
