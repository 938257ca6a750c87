//! A game on a sum — of different games or of Green Hackenbush pictures — on one screen a
//! move, as `screen.rs` shows a game on piles: the learner's move in a line, the board, and
//! last one line that judges the move and says what the computer did. The values, the
//! nim-sum and the reasons are `why`'s (and `--coach verbose`'s), in `sum.rs`.

use std::io::{self, Write};

use super::screen::{Screen, start_note};
use super::sum::{BoardView, action, board, how_to_move, sum_line};
use super::text::title;
use crate::engine::Side;
use crate::output::{SumCoachNote, SumGameEvent, SumGameReport, SumKind, TermMove};
use crate::render::{RenderOptions, Style};

/// A game on a sum's command, compactly: what a learner reads after a move fits one screen.
pub(crate) fn render_screen(
    report: &SumGameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let kind = report.kind;
    let view = if report.coached {
        BoardView::Valued
    } else {
        BoardView::Plain
    };
    let mut screen = Screen::new(out, opts);
    for event in &report.events {
        match event {
            SumGameEvent::Start {
                board: b,
                first,
                coach,
                example,
            } => {
                let game = match kind {
                    SumKind::Games => sum_line(&b.terms),
                    SumKind::Pictures => format!("Green Hackenbush: {}", sum_line(&b.terms)),
                };
                let game = title(&game, None, report.misere, *first, *coach);
                // Played misère the values decide nothing, and there is no note to give.
                let note = match (coach, first, b.nim_sum()) {
                    (true, Side::Learner, Some(sum)) => {
                        Some(start_note(sum != 0, "the nim-sum", style))
                    }
                    _ => None,
                };
                screen.start(&game, &how_to_move(kind, example.as_ref()), note)?;
            }
            SumGameEvent::Moved {
                number, side, mv, ..
            } => match side {
                Side::Learner => screen.learner(*number, &action(kind, mv, false))?,
                Side::Computer => screen.verdict(computer(mv)),
            },
            SumGameEvent::Coach(note) => screen.verdict(mark(note, style)),
            SumGameEvent::YourMove { board: b } => {
                screen.board(|out| board(kind, b, "your move:", view, opts, out))?;
            }
            SumGameEvent::End {
                winner, resigned, ..
            } => screen.end(*winner, *resigned, report.misere, None)?,
            // Undo and hint are the same on every screen.
            SumGameEvent::Undone { .. } | SumGameEvent::Hint { .. } => {
                let full = SumGameReport {
                    events: vec![event.clone()],
                    detail: true,
                    ..report.clone()
                };
                screen.full(|out| super::sum::text(&full, opts, out))?;
            }
        }
    }
    screen.close()
}

/// The parts of the line that judges the learner's move in `events`, as the screen ends
/// with it (none once the game is over, whose end says it).
pub(super) fn verdict(events: &[SumGameEvent], style: Style) -> Vec<String> {
    if events.iter().any(|e| matches!(e, SumGameEvent::End { .. })) {
        return Vec::new();
    }
    events
        .iter()
        .filter_map(|event| match event {
            SumGameEvent::Coach(note) => Some(mark(note, style)),
            SumGameEvent::Moved {
                side: Side::Computer,
                mv,
                ..
            } => Some(computer(mv)),
            _ => None,
        })
        .collect()
}

/// A move in the game's own notation: `lasker(7) → lasker(3)`, `lasker(7) → lasker(1) +
/// lasker(6)`, or `cut 2-3 of 2(1,3)`.
pub(super) fn named(m: &TermMove) -> String {
    match &m.cut {
        Some((a, b)) => format!("cut {a}-{b} of {}", m.from),
        None => format!("{} → {}", m.from, sum_line(&m.after)),
    }
}

/// What the computer did: `computer moved lasker(7) → lasker(4)`, `computer cut 1-2 of 5`.
fn computer(m: &TermMove) -> String {
    match &m.cut {
        Some(_) => format!("computer {}", named(m)),
        None => format!("computer moved {}", named(m)),
    }
}

/// The coach's mark on the learner's move: `✓ kept the win`, or `✗ gave the win away — the
/// winning move was lasker(7) → lasker(3)`.
fn mark(note: &SumCoachNote, style: Style) -> String {
    match note {
        SumCoachNote::Kept => style.win("✓ kept the win"),
        SumCoachNote::ThrewAway { best } => {
            style.lose("✗ gave the win away") + &format!(" — best was {}", named(best))
        }
        SumCoachNote::AlreadyLost => style.dim("no move could win: the position was already lost"),
    }
}
