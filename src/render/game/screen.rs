//! A game as a learner follows it on one screen: each command's moves in a line each, the
//! board, and last one line that judges the learner's move and says what the computer did.
//! The binary view and the reasons are `why`'s (and `--coach verbose`'s), in `text.rs`.

use std::io::{self, Write};

use super::text::{action, game_over, how_to_move, join, para, replay, title};
use crate::engine::Intent;
use crate::engine::Player;
use crate::engine::Side;
use crate::engine::loopy::Outcome;
use crate::engine::{Move, Pile, Rules};
use crate::output::{CoachNote, GameEvent, GameReport};
use crate::render::{RenderOptions, Style};

/// A board of more piles than this is one line of states, not a row per pile.
const BOARD_ROWS: usize = 12;

/// A pile of at most this many tokens is drawn as a row of them.
const DRAWN_TOKENS: u64 = 32;

/// One screen of a game as it is written: a blank line opens it, the learner's move takes a
/// line, and the parts of the verdict (the coach's mark, the computer's move) gather until
/// the board or the end of the game closes the screen with them. Every game's screen is
/// written by this — piles here, sums and pictures in `sum_screen.rs` — so they read alike.
pub(super) struct Screen<'a> {
    out: &'a mut dyn Write,
    opts: &'a RenderOptions,
    verdict: Vec<String>,
    /// Whether the screen still needs its opening blank line (the board follows the
    /// learner's move without one).
    blank: bool,
}

impl<'a> Screen<'a> {
    pub(super) fn new(out: &'a mut dyn Write, opts: &'a RenderOptions) -> Self {
        Self {
            out,
            opts,
            verdict: Vec::new(),
            blank: true,
        }
    }

    /// A new game: its title, how moves are written, and the coach's word on the start
    /// (which ends the first screen).
    pub(super) fn start(&mut self, title: &str, how: &str, note: Option<String>) -> io::Result<()> {
        let (style, w) = (self.opts.style, self.opts.layout_width());
        para(self.out, String::new(), title, w)?;
        para(self.out, style.dim(""), how, w)?;
        self.verdict.extend(note);
        Ok(())
    }

    /// The learner's move, `1. you: …`.
    pub(super) fn learner(&mut self, number: usize, action: &str) -> io::Result<()> {
        writeln!(self.out)?;
        let line = format!("{number}. you: {action}");
        for line in crate::render::wrap(&line, self.opts.layout_width()) {
            writeln!(self.out, "{}", self.opts.style.heading(&line))?;
        }
        self.blank = false;
        Ok(())
    }

    /// A part of the line that ends the screen.
    pub(super) fn verdict(&mut self, part: String) {
        self.verdict.push(part);
    }

    /// The board the learner moves on, drawn by `draw`, then the verdict.
    pub(super) fn board(
        &mut self,
        draw: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.blank {
            writeln!(self.out)?;
        }
        draw(self.out)?;
        self.close()
    }

    /// The end of the game: the verdict, then the result and the replay if there is one.
    pub(super) fn end(
        &mut self,
        winner: Side,
        resigned: bool,
        misere: bool,
        replay: Option<String>,
    ) -> io::Result<()> {
        let style = self.opts.style;
        self.close()?;
        writeln!(self.out)?;
        writeln!(self.out, "{}", game_over(winner, resigned, misere, style))?;
        match replay {
            Some(replay) => para(
                self.out,
                style.heading("replay:"),
                &replay,
                self.opts.layout_width(),
            ),
            None => Ok(()),
        }
    }

    /// Something shown as it is on every screen (undo, a hint), drawn by `draw`.
    pub(super) fn full(
        &mut self,
        draw: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        draw(self.out)
    }

    /// Writes what is left of the verdict.
    pub(super) fn close(&mut self) -> io::Result<()> {
        end_line(&self.verdict, self.out, self.opts.layout_width())?;
        self.verdict.clear();
        Ok(())
    }
}

/// A game on piles' command, compactly: what a learner must read after a move fits one
/// screen.
pub(crate) fn render_screen(
    report: &GameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let rules = &report.rules;
    let mut screen = Screen::new(out, opts);
    for event in &report.events {
        match event {
            GameEvent::Start {
                piles,
                first,
                coach,
                view,
                example,
                by_gamma,
            } => {
                let board = join(rules, piles);
                let game = title(
                    &rules.to_string(),
                    Some(&board),
                    report.misere_search,
                    *first,
                    *coach,
                );
                let note = match (view, by_gamma) {
                    (Some(v), _) => Some(start_note(
                        v.verdict.winner == Player::First,
                        "the binary",
                        style,
                    )),
                    (None, Some(outcome)) => Some(start_note_by_gamma(*outcome, style)),
                    (None, None) => None,
                };
                screen.start(&game, &how_to_move(rules, example.as_ref()), note)?;
            }
            GameEvent::Moved {
                side,
                mv,
                number,
                intent,
                ..
            } => match side {
                Side::Learner => screen.learner(*number, &action(rules, mv))?,
                // On a loopy graph a draw goes on until someone errs or resigns: say so.
                Side::Computer if *intent == Some(Intent::Drawing) => {
                    screen.verdict(format!("computer {}, keeping the draw", took(rules, mv)));
                }
                Side::Computer => screen.verdict(format!("computer {}", took(rules, mv))),
            },
            GameEvent::Coach(note) => screen.verdict(mark(rules, note, style)),
            GameEvent::YourMove {
                piles,
                values,
                gamma,
            } => {
                let labels = match (values, gamma) {
                    (_, Some(g)) => Some((
                        "γ",
                        g.iter().map(crate::render::loopy::gamma_text).collect(),
                    )),
                    (Some(g), None) => Some(("g", g.iter().map(ToString::to_string).collect())),
                    (None, None) => None,
                };
                screen.board(|out| board(rules, piles, labels, opts, out))?;
            }
            GameEvent::End {
                winner,
                resigned,
                start,
                turns,
            } => {
                let misere = rules.is_misere() || report.misere_search;
                let replay = replay(rules, start, turns);
                screen.end(*winner, *resigned, misere, Some(replay))?;
            }
            // Undo and hint are the same on every screen.
            GameEvent::Undone { .. }
            | GameEvent::Hint { .. }
            | GameEvent::SearchHint { .. }
            | GameEvent::LoopyHint(_) => {
                let full = GameReport {
                    events: vec![event.clone()],
                    detail: true,
                    ..report.clone()
                };
                screen.full(|out| super::text::render_game(&full, opts, out))?;
            }
        }
    }
    screen.close()
}

/// The coach's mark on the learner's move: `✓ kept the win`, or `✗ gave the win away — the
/// winning move was 7T → 6T`.
fn mark(rules: &Rules, note: &CoachNote, style: Style) -> String {
    let plain = |mv: &Move| {
        format!(
            "{} → {}",
            rules.name_of(mv.from),
            rules.name_of_heaps(&mv.after())
        )
    };
    // The pile is named: "3 → 1" alone does not say which 3.
    let part = crate::render::part_word(rules);
    let best = |mv: &Move| format!(" — best was {part} {}: {}", mv.index + 1, plain(mv));
    match note {
        CoachNote::Kept => style.win("✓ kept the win"),
        CoachNote::ThrewAway { best: view } => style.lose("✗ gave the win away") + &best(&view.mv),
        CoachNote::ThrewAwayBySearch { best: mv } => style.lose("✗ gave the win away") + &best(mv),
        CoachNote::AlreadyLost => style.dim("no move could win: the position was already lost"),
        CoachNote::ByGamma {
            before,
            after,
            best: mv,
        } => {
            let was = |mv: &Option<Move>, what: &str| {
                mv.as_ref()
                    .map_or(String::new(), |m| format!(" — {what} {}", plain(m)))
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
        None => format!("moved {} {i} to {to}", crate::render::part_word(rules)),
    }
}

/// The coach's word on the start, for a learner who moves first: whether the position can be
/// won, and where to look (`why` shows `what`).
pub(super) fn start_note(won: bool, what: &str, style: Style) -> String {
    if won {
        style.win("coach: you can win from here: find the move")
            + &format!(" (`hint`; `why` shows {what})")
    } else {
        style.lose("coach: this position is lost against perfect play") + " (keep the game long)"
    }
}

/// The coach's word on the start of a game on a loopy graph, judged by γ: a win, a loss,
/// or a draw, which may never end.
fn start_note_by_gamma(outcome: Outcome, style: Style) -> String {
    match outcome {
        Outcome::First => style.win("coach: you can win from here: find the move") + " (`hint`)",
        Outcome::Second => start_note(false, "", style),
        Outcome::Draw => {
            style.change("coach: this position is a draw: neither player can force a win")
                + " (keep it one; play may never end, `resign` stops it)"
        }
    }
}

/// The last line of a screen: its parts joined by ` · `; a line too wide for the screen is
/// broken between its parts (each wrapped only if it must be), not inside one.
/// The parts of the line that judges the learner's move in `events`, as the screen ends
/// with it: the coach's mark and the computer's reply (none once the game is over, whose end
/// says it).
pub(super) fn verdict(rules: &Rules, events: &[GameEvent], style: Style) -> Vec<String> {
    if events.iter().any(|e| matches!(e, GameEvent::End { .. })) {
        return Vec::new();
    }
    events
        .iter()
        .filter_map(|event| match event {
            GameEvent::Coach(note) => Some(mark(rules, note, style)),
            GameEvent::Moved {
                side: Side::Computer,
                mv,
                intent,
                ..
            } if *intent == Some(Intent::Drawing) => {
                Some(format!("computer {}, keeping the draw", took(rules, mv)))
            }
            GameEvent::Moved {
                side: Side::Computer,
                mv,
                ..
            } => Some(format!("computer {}", took(rules, mv))),
            _ => None,
        })
        .collect()
}

pub(super) fn end_line(parts: &[String], out: &mut dyn Write, width: usize) -> io::Result<()> {
    if parts.is_empty() {
        return Ok(());
    }
    let line = parts.join(" · ");
    if textwrap::core::display_width(&line) <= width {
        return para(out, String::new(), &line, width);
    }
    for part in parts {
        para(out, String::new(), part, width)?;
    }
    Ok(())
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
    // Tokens are drawn for every pile or for none: a board where the large piles lose their
    // dots and the small keep them reads as if the large were empty.
    let drawn = rules.counts_tokens() && piles.iter().all(|p| p.size <= DRAWN_TOKENS);
    for (i, (pile, name)) in piles.iter().zip(&names).enumerate() {
        let part = crate::render::part_word(rules);
        let mut row = format!("  {part} {:>index_width$}  {:>name_width$}", i + 1, name,);
        if let Some((name, g)) = values.as_ref().and_then(|(n, g)| Some((n, g.get(i)?))) {
            row.push_str(&style.dim(&format!("  {name} {g:>value_width$}")));
        }
        if drawn {
            let tokens = usize::try_from(pile.size).unwrap_or(0);
            row.push_str("  ");
            row.push_str(&"●".repeat(tokens));
        }
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}
