//! A game as a learner follows it on one screen: each command's moves in a line each, the
//! board, and last one line that judges the learner's move and says what the computer did.
//! The binary view and the reasons are `why`'s (and `--coach verbose`'s), in `text.rs`.

use std::io::{self, Write};

use super::text::{action, how_to_move, join, para, replay};
use crate::engine::game::Side;
use crate::engine::loopy::Outcome;
use crate::engine::position::Player;
use crate::engine::{Move, Pile, Rules};
use crate::output::{CoachNote, GameEvent, GameReport};
use crate::render::{RenderOptions, Style};

/// A board of more piles than this is one line of states, not a row per pile.
const BOARD_ROWS: usize = 12;

/// A pile of at most this many tokens is drawn as a row of them.
const DRAWN_TOKENS: u64 = 32;

/// A game's command, compactly: what a learner must read after a move fits one screen.
pub(crate) fn render_screen(
    report: &GameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    let rules = &report.rules;
    // The parts of the line that ends the screen: the coach's mark, the computer's move.
    let mut verdict: Vec<String> = Vec::new();
    // A blank line opens each screen; the board follows the learner's move without one.
    let mut blank = true;
    for event in &report.events {
        match event {
            GameEvent::Start {
                piles,
                first,
                coach,
                view,
                example,
            } => {
                let who = match first {
                    Side::Learner => "you move first",
                    Side::Computer => "the computer moves first",
                };
                let coach = if *coach { "coach on" } else { "coach off" };
                let misere = if report.misere_search {
                    " played misère"
                } else {
                    ""
                };
                let title = format!(
                    "New game of {rules}{misere}: {} — {who} ({coach}).",
                    join(rules, piles)
                );
                para(out, String::new(), &title, w)?;
                para(out, style.dim(""), &how_to_move(rules, example.as_ref()), w)?;
                if let Some(view) = view {
                    verdict.push(if view.verdict.winner == Player::First {
                        style.win("coach: you can win from here: find the move")
                            + " (`hint`; `why` shows the binary)"
                    } else {
                        style.lose("coach: this position is lost against perfect play")
                            + " (keep the game long)"
                    });
                }
            }
            GameEvent::Moved {
                side, mv, number, ..
            } => match side {
                Side::Learner => {
                    writeln!(out)?;
                    let line = format!("{number}. you: {}", action(rules, mv));
                    writeln!(out, "{}", style.heading(&line))?;
                    blank = false;
                }
                Side::Computer => verdict.push(format!("computer {}", took(rules, mv))),
            },
            GameEvent::Coach(note) => verdict.push(mark(rules, note, style)),
            GameEvent::YourMove {
                piles,
                values,
                gamma,
            } => {
                if blank {
                    writeln!(out)?;
                }
                let labels = match (values, gamma) {
                    (_, Some(g)) => Some((
                        "γ",
                        g.iter().map(crate::render::loopy::gamma_text).collect(),
                    )),
                    (Some(g), None) => Some(("g", g.iter().map(ToString::to_string).collect())),
                    (None, None) => None,
                };
                board(rules, piles, labels, opts, out)?;
                end_line(&verdict, out, w)?;
                verdict.clear();
            }
            GameEvent::End {
                winner,
                resigned,
                start,
                turns,
            } => {
                end_line(&verdict, out, w)?;
                verdict.clear();
                writeln!(out)?;
                let result = match (winner, resigned) {
                    (_, true) => style.lose("You resigned: the computer wins."),
                    (Side::Learner, _) => style.win("Game over: you win!"),
                    (Side::Computer, _) => style.lose("Game over: the computer wins."),
                };
                let rule = if *resigned {
                    ""
                } else if rules.is_misere() || report.misere_search {
                    " (misère: whoever makes the last move loses)"
                } else {
                    " (whoever makes the last move wins)"
                };
                writeln!(out, "{result}{}", style.dim(rule))?;
                para(
                    out,
                    style.heading("replay:"),
                    &replay(rules, start, turns),
                    w,
                )?;
            }
            // Undo and hint are the same on every screen.
            GameEvent::Undone { .. }
            | GameEvent::Hint { .. }
            | GameEvent::SearchHint { .. }
            | GameEvent::LoopyHint(_) => {
                super::text::render_game(
                    &GameReport {
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

/// The coach's mark on the learner's move: `✓ kept the win`, or `✗ gave the win away — the
/// winning move was 7T → 6T`.
fn mark(rules: &Rules, note: &CoachNote, style: Style) -> String {
    let best = |mv: &Move| {
        format!(
            "{} → {}",
            rules.name_of(mv.from),
            rules.name_of_heaps(&mv.after())
        )
    };
    match note {
        CoachNote::Kept => style.win("✓ kept the win"),
        CoachNote::ThrewAway { best: view } => {
            style.lose("✗ gave the win away")
                + &format!(" — the winning move was {}", best(&view.mv))
        }
        CoachNote::ThrewAwayBySearch { best: mv } => {
            style.lose("✗ gave the win away") + &format!(" — the winning move was {}", best(mv))
        }
        CoachNote::AlreadyLost => style.dim("no move could win: the position was already lost"),
        CoachNote::ByGamma {
            before,
            after,
            best: mv,
        } => {
            let was = |mv: &Option<Move>, what: &str| {
                mv.as_ref()
                    .map_or(String::new(), |m| format!(" — {what} {}", best(m)))
            };
            match (before, after) {
                (Outcome::First, Outcome::Second) => style.win("✓ kept the win"),
                (Outcome::First, _) => {
                    style.lose("✗ gave the win away") + &was(mv, "the winning move was")
                }
                (Outcome::Draw, Outcome::Draw) => style.change("✓ kept the draw"),
                (Outcome::Draw, _) => {
                    style.lose("✗ lost the draw") + &was(mv, "the draw was kept by")
                }
                (Outcome::Second, _) => {
                    style.dim("no move could win: the position was already lost")
                }
            }
        }
    }
}

/// What the computer did, after its name: `took 6 from pile 2`, `passed on pile 1`, `split
/// pile 1 into 3+4`, `moved pile 2 to (3,5)`.
fn took(rules: &Rules, m: &Move) -> String {
    let i = m.index + 1;
    let to = rules.name_of_heaps(&m.after());
    match m.take(rules) {
        Some(0) if m.splits() => format!("split pile {i} into {to}"),
        Some(0) => format!("passed on pile {i}"),
        Some(take) if m.splits() => format!("took {take} from pile {i}, leaving {to}"),
        Some(take) => format!("took {take} from pile {i}"),
        None => format!("moved pile {i} to {to}"),
    }
}

/// The last line of a screen: its parts joined by ` · `, wrapped only if it must be.
fn end_line(parts: &[String], out: &mut dyn Write, width: usize) -> io::Result<()> {
    if parts.is_empty() {
        return Ok(());
    }
    para(out, String::new(), &parts.join(" · "), width)
}

/// The board: `your move:` and the piles, then a row a pile with its value (coach on) and its
/// tokens drawn where they are few.
fn board(
    rules: &Rules,
    piles: &[Pile],
    values: Option<(&str, Vec<String>)>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let names: Vec<String> = piles.iter().map(|&p| rules.name_of(p)).collect();
    if piles.len() > BOARD_ROWS {
        let values = values.as_ref().map_or(String::new(), |(name, g)| {
            let what = if *name == "g" { "values" } else { name };
            format!("   ({what} {})", g.join(" "))
        });
        let text = format!("{}{}", names.join(" "), style.dim(&values));
        return para(out, style.heading("your move:"), &text, opts.layout_width());
    }
    writeln!(out, "{} {}", style.heading("your move:"), names.join(" "))?;
    let index_width = piles.len().to_string().len();
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let value_width = values.as_ref().map_or(0, |(_, g)| {
        g.iter().map(|v| v.chars().count()).max().unwrap_or(0)
    });
    for (i, (pile, name)) in piles.iter().zip(&names).enumerate() {
        let mut row = format!("  pile {:>index_width$}  {:>name_width$}", i + 1, name,);
        if let Some((name, g)) = values.as_ref().and_then(|(n, g)| Some((n, g.get(i)?))) {
            row.push_str(&style.dim(&format!("  {name} {g:>value_width$}")));
        }
        if rules.counts_tokens() && pile.size <= DRAWN_TOKENS {
            let tokens = usize::try_from(pile.size).unwrap_or(0);
            row.push_str("  ");
            row.push_str(&"●".repeat(tokens));
        }
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}
