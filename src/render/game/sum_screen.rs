//! A game on a sum — of different games or of Green Hackenbush pictures — on one screen a
//! move, as `screen.rs` shows a game on piles: the learner's move in a line, the board, and
//! last one line that judges the move and says what the computer did. The values, the
//! nim-sum and the reasons are `why`'s (and `--coach verbose`'s), in `sum.rs`.

use std::io::{self, Write};

use super::screen::{end_line, game_over, start_note};
use super::sum::{BoardView, action, board, how_to_move, sum_line};
use super::text::para;
use crate::engine::game::Side;
use crate::output::{SumCoachNote, SumGameEvent, SumGameReport, SumKind, TermMove};
use crate::render::{RenderOptions, Style};

/// A game on a sum's command, compactly: what a learner reads after a move fits one screen.
pub(crate) fn render_screen(
    report: &SumGameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    let kind = report.kind;
    let view = if report.coached {
        BoardView::Valued
    } else {
        BoardView::Plain
    };
    // The parts of the line that ends the screen: the coach's mark, the computer's move.
    let mut verdict: Vec<String> = Vec::new();
    // A blank line opens each screen; the board follows the learner's move without one.
    let mut blank = true;
    for event in &report.events {
        match event {
            SumGameEvent::Start {
                board: b,
                first,
                coach,
                example,
            } => {
                let who = match first {
                    Side::Learner => "you move first",
                    Side::Computer => "the computer moves first",
                };
                let coach_word = if *coach { "coach on" } else { "coach off" };
                let misere = if report.misere { " played misère" } else { "" };
                let game = match kind {
                    SumKind::Games => sum_line(&b.terms),
                    SumKind::Pictures => format!("Green Hackenbush: {}", sum_line(&b.terms)),
                };
                let title = format!("New game of {game}{misere} — {who} ({coach_word}).");
                para(out, String::new(), &title, w)?;
                para(out, style.dim(""), &how_to_move(kind, example.as_ref()), w)?;
                // Played misère the values decide nothing, and there is no note to give.
                if let (true, Side::Learner, Some(sum)) = (*coach, first, b.nim_sum()) {
                    verdict.push(start_note(sum != 0, "the nim-sum", style));
                }
            }
            SumGameEvent::Moved {
                number, side, mv, ..
            } => match side {
                Side::Learner => {
                    writeln!(out)?;
                    let line = format!("{number}. you: {}", action(kind, mv, false));
                    for line in crate::render::wrap(&line, w) {
                        writeln!(out, "{}", style.heading(&line))?;
                    }
                    blank = false;
                }
                Side::Computer => verdict.push(computer(mv)),
            },
            SumGameEvent::Coach(note) => verdict.push(mark(note, style)),
            SumGameEvent::YourMove { board: b } => {
                if blank {
                    writeln!(out)?;
                }
                board(kind, b, "your move:", view, opts, out)?;
                end_line(&verdict, out, w)?;
                verdict.clear();
            }
            SumGameEvent::End {
                winner, resigned, ..
            } => {
                end_line(&verdict, out, w)?;
                verdict.clear();
                writeln!(out)?;
                writeln!(
                    out,
                    "{}",
                    game_over(*winner, *resigned, report.misere, style)
                )?;
            }
            // Undo and hint are the same on every screen.
            SumGameEvent::Undone { .. } | SumGameEvent::Hint { .. } => {
                super::sum::text(
                    &SumGameReport {
                        events: vec![event.clone()],
                        detail: true,
                        ..report.clone()
                    },
                    opts,
                    out,
                )?;
            }
        }
    }
    end_line(&verdict, out, w)
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
            style.lose("✗ gave the win away") + &format!(" — the winning move was {}", named(best))
        }
        SumCoachNote::AlreadyLost => style.dim("no move could win: the position was already lost"),
    }
}
