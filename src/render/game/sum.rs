//! A game on a sum — of different games or of Green Hackenbush pictures — as text (the board
//! with each component's game and value, the moves, the coach's words), rows and JSON.

use std::io::{self, Write};

use serde::Serialize;

use super::json::intent_name;
use super::text::{game_over, para, title, took_back};
use crate::engine::Intent;
use crate::engine::Side;
use crate::engine::{Grundy, Pile, Rules};
use crate::output::{
    Board, SumCoachNote, SumGameEvent, SumGameReport, SumKind, SumStepReport, Term, TermMove,
};
use crate::render::RenderOptions;
use crate::render::table_writer::{TableSyntax, TableWriter};

/// `component 2: lasker(7) → lasker(4) (value 8 → 3)`, or for a picture `cut 1-2 of 3
/// (picture 3): 3 → 1 (value 3 → 1)`; without the values unless `values`.
pub(super) fn action(kind: SumKind, m: &TermMove, values: bool) -> String {
    let i = m.component + 1;
    let after: Vec<String> = m.after.iter().map(ToString::to_string).collect();
    let after = after.join(" + ");
    let values = m
        .values
        .filter(|_| values)
        .map(|(a, b)| format!(" (value {a} → {b})"))
        .unwrap_or_default();
    match (&m.cut, kind) {
        (Some((a, b)), _) => {
            format!(
                "cut {a}-{b} of {} (picture {i}), leaving {after}{values}",
                m.from
            )
        }
        (None, SumKind::Pictures) => format!("picture {i}: {} → {after}{values}", m.from),
        (None, SumKind::Games) => {
            let take = match &m.from {
                Term::Pile { rules, pile } => taken(rules, *pile, &m.after),
                Term::Picture(_) => None,
            };
            let take = take.map(|t| format!(", take {t}")).unwrap_or_default();
            format!("component {i}: {} → {after}{values}{take}", m.from)
        }
    }
}

/// Tokens a move on a pile took, where the game counts tokens and the move took some.
fn taken(rules: &Rules, from: Pile, after: &[Term]) -> Option<u64> {
    if !rules.counts_tokens() {
        return None;
    }
    let left = after.iter().try_fold(0u64, |sum, t| match t {
        Term::Pile { pile, .. } => sum.checked_add(pile.size),
        Term::Picture(_) => None,
    })?;
    from.size.checked_sub(left).filter(|&t| t > 0)
}

/// How the learner would type `m`: `2 -> 3+4`, or `cut 1-2 of 3`.
fn typed(m: &TermMove) -> String {
    match &m.cut {
        Some((a, b)) => format!("cut {a}-{b} of {}", m.from),
        None => {
            let after: Vec<String> = m
                .after
                .iter()
                .map(|t| match t {
                    Term::Pile { rules, pile } => rules.name_of(*pile),
                    Term::Picture(p) => p_written(p),
                })
                .collect();
            format!("{} -> {}", m.component + 1, after.join("+"))
        }
    }
}

fn p_written(p: &crate::engine::Picture) -> String {
    crate::engine::hackenbush_write::write(p)
}

/// The sum on one line, `wythoff(3,5) + lasker(7) + zero-move(4T)`.
pub(super) fn sum_line(terms: &[Term]) -> String {
    let names: Vec<String> = terms.iter().map(ToString::to_string).collect();
    names.join(" + ")
}

/// The line under a new game's title: how moves are written, with a legal move of the start.
pub(super) fn how_to_move(kind: SumKind, example: Option<&TermMove>) -> String {
    let like = example
        .map(|m| format!(", like `{}`", typed(m)))
        .unwrap_or_default();
    let commands = "`hint`, `why`, `undo`, `resign`";
    match kind {
        SumKind::Games => format!(
            "Move with `I -> S`: component I becomes the state S of its game (`I -> A+B` where \
             the game splits a pile){like}; `take K from I` or `I K` where it takes tokens, \
             `pass I` on a zero-move pile; {commands}."
        ),
        SumKind::Pictures => format!(
            "Cut an edge with `cut A-B of P` (the edge between nodes A and B of the picture \
             written P) or `I A-B` (of picture number I){like}: the ground is g, the other \
             nodes 1, 2, … in the order the picture is written, and what no longer reaches \
             the ground falls; {commands}."
        ),
    }
}

/// How much of the board is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BoardView {
    /// The components alone (the coach off).
    Plain,
    /// Each component with its value (the coach on).
    Valued,
    /// The values, the nim-sum, and each picture drawn with its nodes' names (`why`).
    Explained,
}

/// The most edges a picture may have to be drawn on an explained board.
const DRAWN_EDGES: usize = 40;

/// The board: each component numbered, with its value and (a picture) its edges, then the
/// nim-sum — as much as `view` asks for.
pub(super) fn board(
    kind: SumKind,
    board: &Board,
    lead: &str,
    view: BoardView,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let values = board.values.as_ref().filter(|_| view != BoardView::Plain);
    let style = opts.style;
    let w = opts.layout_width();
    writeln!(out, "{}", style.heading(lead))?;
    let names: Vec<String> = board.terms.iter().map(ToString::to_string).collect();
    let number_width = board.terms.len().to_string().len();
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let value_width = values
        .into_iter()
        .flatten()
        .map(|g| g.to_string().len())
        .max()
        .unwrap_or(0);
    for (i, (name, term)) in names.iter().zip(&board.terms).enumerate() {
        let mut line = format!(
            "  {:>number_width$}  {name}{:pad$}",
            i + 1,
            "",
            pad = name_width - name.chars().count()
        );
        if let Some(values) = values {
            line.push_str(&format!("  value {:>value_width$}", values[i]));
        }
        // A picture's edges follow in a column of their own; nothing else pads the line.
        if !matches!((kind, term), (SumKind::Pictures, Term::Picture(_))) {
            line.truncate(line.trim_end().len());
        }
        if let (SumKind::Pictures, Term::Picture(p)) = (kind, term) {
            let used = line.chars().count() + 2;
            line.push_str(&format!(
                "  {}",
                style.dim(&edges(p, w.saturating_sub(used)))
            ));
        }
        writeln!(out, "{line}")?;
        if let (BoardView::Explained, Term::Picture(p)) = (view, term) {
            picture(p, None, opts, out)?;
        }
    }
    if let (BoardView::Explained, Some(sum)) = (view, board.nim_sum()) {
        writeln!(
            out,
            "  {:>number_width$}  {}",
            "",
            style.heading(&format!("nim-sum {sum}"))
        )?;
    }
    Ok(())
}

/// A picture drawn with its nodes' names, as `move` draws it, the edge `cut` marked; too big
/// a picture is not drawn.
fn picture(
    p: &crate::engine::Picture,
    cut: Option<usize>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    if p.edges().is_empty() || p.edges().len() > DRAWN_EDGES {
        return Ok(());
    }
    for line in crate::render::hackenbush::drawn(p, cut) {
        writeln!(out, "      {}", opts.style.dim(&line))?;
    }
    Ok(())
}

/// The picture a cut was made on, drawn with the cut edge marked `✂`.
fn cut_picture(m: &TermMove, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let (Some((a, b)), Term::Picture(p)) = (&m.cut, &m.from) else {
        return Ok(());
    };
    let edge = p.edges().iter().position(|&(x, y)| {
        let (x, y) = (p.name(x), p.name(y));
        (x, y) == (a.as_str(), b.as_str())
    });
    picture(p, edge, opts, out)
}

/// `edges g-1 1-2 …`, cut to `room` columns.
fn edges(p: &crate::engine::Picture, room: usize) -> String {
    if p.edges().is_empty() {
        return "no edges left".to_string();
    }
    let mut text = "edges".to_string();
    for &(a, b) in p.edges() {
        let edge = format!(" {}-{}", p.name(a), p.name(b));
        if text.chars().count() + edge.chars().count() + 2 > room {
            text.push_str(" …");
            return text;
        }
        text.push_str(&edge);
    }
    text
}

/// Why the computer moved, from the values it moved between.
fn why(m: &TermMove, intent: Intent, misere: bool) -> String {
    match (intent, m.values, misere) {
        (Intent::Winning, _, true) => "a search of every line of play finds that this move \
             leaves the opponent a lost position (misère: whoever makes the last move loses)."
            .into(),
        (Intent::Delaying, _, true) => "a search of every line of play finds every move loses \
             against perfect play; the computer plays on and waits for a slip."
            .into(),
        (Intent::Winning, Some((g, t)), false) => {
            let s = g ^ t;
            let i = m.component + 1;
            format!(
                "the nim-sum was {s}; component {i}'s value {g} has its top bit, so it goes to \
                 {g} ⊕ {s} = {t}, which leaves the nim-sum 0."
            )
        }
        _ => "the nim-sum is 0, so every move leaves a non-zero nim-sum: the position is lost \
             against perfect play. The computer plays on and waits for a slip."
            .into(),
    }
}

pub(crate) fn text(
    report: &SumGameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    events(report, opts, out)?;
    let (style, w) = (opts.style, opts.layout_width());
    match report.why {
        Some(shown) => {
            writeln!(out)?;
            para(out, style.dim(""), &super::text::why_other(shown), w)
        }
        None => {
            let verdict = super::sum_screen::verdict(&report.events, style);
            if verdict.is_empty() {
                return Ok(());
            }
            writeln!(out)?;
            super::screen::end_line(&verdict, out, w)
        }
    }
}

/// Each event of a sum's command in full.
fn events(report: &SumGameReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let kind = report.kind;
    // The nim-sum the last move left, for the coach's note on it.
    let mut left = None;
    for event in &report.events {
        match event {
            SumGameEvent::Start {
                board: b,
                first,
                coach,
                example,
            } => start(report, b, *first, *coach, example.as_ref(), opts, out)?,
            SumGameEvent::Moved {
                number,
                side,
                mv,
                intent,
                board: b,
            } => {
                left = b.nim_sum();
                moved(report, *number, *side, mv, *intent, opts, out)?;
            }
            SumGameEvent::Coach(note) => coach(kind, note, left, opts, out)?,
            SumGameEvent::Hint { won, best } => hint(kind, *won, best.as_ref(), opts, out)?,
            SumGameEvent::Undone { turns } => undone(report, turns, opts, out)?,
            SumGameEvent::YourMove { board: b } => {
                writeln!(out)?;
                board(kind, b, "your move:", BoardView::Explained, opts, out)?;
            }
            SumGameEvent::End {
                winner, resigned, ..
            } => {
                writeln!(out)?;
                let over = game_over(*winner, *resigned, report.misere, opts.style);
                writeln!(out, "{over}")?;
            }
        }
    }
    Ok(())
}

/// The title of a new game on a sum, wrapped, and the line that teaches how its moves are
/// written.
fn start(
    report: &SumGameReport,
    b: &Board,
    first: Side,
    coach: bool,
    example: Option<&TermMove>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    let kind = report.kind;
    let game = match kind {
        SumKind::Games => sum_line(&b.terms),
        SumKind::Pictures => format!("Green Hackenbush: {}", sum_line(&b.terms)),
    };
    let title = title(&game, None, report.misere, first, coach);
    for line in crate::render::prose::hanging("", &title, w, 2).lines() {
        writeln!(out, "{}", style.heading(line))?;
    }
    para(out, style.dim(""), &how_to_move(kind, example), w)
}

/// A move on a sum: its number, who made it and what it did, the picture it cut, and why.
fn moved(
    report: &SumGameReport,
    number: usize,
    side: Side,
    mv: &TermMove,
    intent: Option<Intent>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    writeln!(out)?;
    let who = match side {
        Side::Learner => "you",
        Side::Computer => "computer",
    };
    para(
        out,
        style.heading(&format!("{number}. {who}:")),
        &action(report.kind, mv, true),
        w,
    )?;
    cut_picture(mv, opts, out)?;
    if let Some(intent) = intent {
        para(
            out,
            style.heading("why:"),
            &why(mv, intent, report.misere),
            w,
        )?;
    }
    Ok(())
}

/// `hint` on a sum: the winning move and how to type it, or that every move loses.
fn hint(
    kind: SumKind,
    won: bool,
    best: Option<&TermMove>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    match (won, best) {
        (true, Some(best)) => para(
            out,
            style.heading("hint:"),
            &format!(
                "{} — type `{}`; it leaves the opponent a lost position.",
                action(kind, best, true),
                typed(best)
            ),
            w,
        ),
        _ => para(
            out,
            style.heading("hint:"),
            "you are to move in a lost position: every move loses against perfect \
             play. Keep the game long and hope for a slip.",
            w,
        ),
    }
}

/// `undo` on a sum: how many moves were taken back, then each of them, one a paragraph.
fn undone(
    report: &SumGameReport,
    turns: &[(Side, TermMove)],
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    took_back(turns.len(), opts.style, out)?;
    for (side, mv) in turns {
        let who = match side {
            Side::Learner => "you",
            Side::Computer => "computer",
        };
        para(
            out,
            format!("  {who}:"),
            &action(report.kind, mv, report.coached),
            opts.layout_width(),
        )?;
    }
    Ok(())
}

/// The coach's note on the learner's move, which left the nim-sum `left` (`None` played
/// misère).
fn coach(
    kind: SumKind,
    note: &SumCoachNote,
    left: Option<Grundy>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    match note {
        SumCoachNote::Kept => para(
            out,
            style.win("coach: ✓ good move —"),
            super::text::KEPT_THE_WIN,
            w,
        ),
        SumCoachNote::ThrewAway { best } => {
            para(
                out,
                style.lose("coach: ✗ that gives the win away —"),
                &format!(
                    "{}the computer can win from here. The winning move was {} (`{}`).",
                    left.map(|s| format!("the nim-sum you left is {s}, not 0, so "))
                        .unwrap_or_default(),
                    action(kind, best, true),
                    typed(best)
                ),
                w,
            )?;
            cut_picture(best, opts, out)
        }
        SumCoachNote::AlreadyLost => para(
            out,
            style.heading("coach:"),
            "no move could win here — the position was already lost against perfect play. \
             Keeping the game long is all you can do.",
            w,
        ),
    }
}

fn side(s: Side) -> &'static str {
    match s {
        Side::Learner => "learner",
        Side::Computer => "computer",
    }
}

fn names(terms: &[Term]) -> Vec<String> {
    terms.iter().map(ToString::to_string).collect()
}

/// A move: the component (from 1), what it was and became, the edge cut, its values.
#[derive(Serialize)]
struct TermMoveJson {
    component: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    cut: Option<String>,
    from: String,
    to: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<[Grundy; 2]>,
}

fn move_json(m: &TermMove) -> TermMoveJson {
    TermMoveJson {
        component: m.component + 1,
        cut: m.cut.as_ref().map(|(a, b)| format!("{a}-{b}")),
        from: m.from.to_string(),
        to: names(&m.after),
        values: m.values.map(|(a, b)| [a, b]),
    }
}

#[derive(Serialize)]
struct TurnJson {
    #[serde(rename = "move")]
    mv: TermMoveJson,
    side: &'static str,
}

#[derive(Serialize)]
#[serde(untagged)]
enum EventJson {
    Start {
        board: Vec<String>,
        coach: bool,
        event: &'static str,
        first: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        values: Option<Vec<Grundy>>,
    },
    Move {
        board: Vec<String>,
        event: &'static str,
        intent: Option<&'static str>,
        #[serde(rename = "move")]
        mv: TermMoveJson,
        number: usize,
        side: &'static str,
    },
    Coach {
        best: Option<TermMoveJson>,
        event: &'static str,
        verdict: &'static str,
    },
    Hint {
        event: &'static str,
        #[serde(rename = "move")]
        mv: Option<TermMoveJson>,
        winner: &'static str,
    },
    Undo {
        event: &'static str,
        moves: Vec<TurnJson>,
    },
    YourMove {
        board: Vec<String>,
        event: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        nim_sum: Option<Grundy>,
        #[serde(skip_serializing_if = "Option::is_none")]
        values: Option<Vec<Grundy>>,
    },
    End {
        event: &'static str,
        moves: usize,
        resigned: bool,
        winner: &'static str,
    },
}

/// A game on a sum: the events since the last command and the game's state.
#[derive(Serialize)]
pub(crate) struct SumGameJson {
    board: Vec<String>,
    events: Vec<EventJson>,
    game: &'static str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    misere: bool,
    to_move: Option<&'static str>,
    winner: Option<&'static str>,
}

pub(crate) fn json(report: &SumGameReport) -> SumGameJson {
    SumGameJson {
        board: names(&report.board),
        events: report.events.iter().map(event).collect(),
        game: match report.kind {
            SumKind::Games => "sum",
            SumKind::Pictures => "hackenbush",
        },
        misere: report.misere,
        to_move: report.to_move.map(side),
        winner: report.winner.map(side),
    }
}

fn event(e: &SumGameEvent) -> EventJson {
    match e {
        SumGameEvent::Start {
            board,
            first,
            coach,
            ..
        } => EventJson::Start {
            board: names(&board.terms),
            coach: *coach,
            event: "start",
            first: side(*first),
            values: board.values.clone(),
        },
        SumGameEvent::Moved {
            number,
            side: s,
            mv,
            intent,
            board,
        } => EventJson::Move {
            board: names(&board.terms),
            event: "move",
            intent: intent.map(intent_name),
            mv: move_json(mv),
            number: *number,
            side: side(*s),
        },
        SumGameEvent::Coach(note) => {
            let (verdict, best) = match note {
                SumCoachNote::Kept => ("kept", None),
                SumCoachNote::ThrewAway { best } => ("threw-away", Some(move_json(best))),
                SumCoachNote::AlreadyLost => ("already-lost", None),
            };
            EventJson::Coach {
                best,
                event: "coach",
                verdict,
            }
        }
        SumGameEvent::Hint { won, best } => EventJson::Hint {
            event: "hint",
            mv: best.as_ref().map(move_json),
            winner: if *won { "first" } else { "second" },
        },
        SumGameEvent::Undone { turns } => EventJson::Undo {
            event: "undo",
            moves: turns
                .iter()
                .map(|(s, m)| TurnJson {
                    mv: move_json(m),
                    side: side(*s),
                })
                .collect(),
        },
        SumGameEvent::YourMove { board } => EventJson::YourMove {
            board: names(&board.terms),
            event: "your-move",
            nim_sum: board.nim_sum(),
            values: board.values.clone(),
        },
        SumGameEvent::End {
            winner,
            resigned,
            moves,
        } => EventJson::End {
            event: "end",
            moves: *moves,
            resigned: *resigned,
            winner: side(*winner),
        },
    }
}

/// The columns of a sum's moves as rows, in a game and in `step`.
const MOVE_HEADERS: [&str; 6] = ["#", "by", "component", "from", "to", "intent"];

/// The moves as rows, then the winner once the game is over.
pub(crate) fn rows(
    report: &SumGameReport,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = TableWriter::new(syntax, out, &MOVE_HEADERS)?;
    for event in &report.events {
        if let SumGameEvent::Moved {
            number,
            side: s,
            mv,
            intent,
            ..
        } = event
        {
            let to = match &mv.cut {
                Some((a, b)) => format!("cut {a}-{b}: {}", names(&mv.after).join(" + ")),
                None => names(&mv.after).join(" + "),
            };
            sink.row(&[
                number.to_string(),
                side(*s).to_string(),
                (mv.component + 1).to_string(),
                mv.from.to_string(),
                to,
                intent.map(intent_name).unwrap_or_default().to_string(),
            ])?;
        }
    }
    if let Some(winner) = report.winner {
        sink.row(&["winner", side(winner), "", "", "", ""])?;
    }
    sink.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hackenbush_syntax::parse;
    use crate::render::{Format, Style};

    fn opts(color: bool) -> RenderOptions {
        RenderOptions {
            format: Format::Text,
            style: Style { color },
            width: 80,
            height: None,
        }
    }

    fn report(kind: SumKind, terms: Vec<Term>, values: Vec<Grundy>) -> SumGameReport {
        SumGameReport {
            kind,
            misere: false,
            events: vec![SumGameEvent::YourMove {
                board: Board {
                    terms: terms.clone(),
                    values: Some(values),
                },
            }],
            why: None,
            coached: true,
            detail: true,
            board: terms,
            to_move: Some(Side::Learner),
            winner: None,
        }
    }

    fn text_of(r: &SumGameReport, color: bool) -> String {
        let mut buf = Vec::new();
        text(r, &opts(color), &mut buf).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_board_of_games_lists_each_component_with_its_value() {
        // Values by hand: g(4T) = 3 (4 is even); Kayles (octal:0.77) g(3) = 3.
        let r = report(
            SumKind::Games,
            vec![
                Term::Pile {
                    rules: Rules::ZeroMove,
                    pile: Rules::ZeroMove.pile(4),
                },
                Term::Pile {
                    rules: Rules::parse("octal:0.77").unwrap(),
                    pile: Pile::plain(3),
                },
            ],
            vec![3, 3],
        );
        let want = "\nyour move:\n  1  zero-move(4T)  value 3\n  2  octal:0.77(3)  value 3\n     nim-sum 0\n";
        assert_eq!(text_of(&r, false), want);
        let colored = text_of(&r, true);
        assert!(colored.contains('\u{1b}'), "{colored}");
        assert!(colored.contains("octal:0.77(3)  value 3"), "{colored}");
    }

    #[test]
    fn a_board_of_pictures_names_their_edges_within_the_width() {
        // By hand: a stalk is worth its length; 2(1,3) = 2 + (1 ⊕ 3) = 4.
        let long = "200";
        let r = report(
            SumKind::Pictures,
            vec![
                Term::Picture(parse("2(1,3)").unwrap()),
                Term::Picture(parse(long).unwrap()),
            ],
            vec![4, 200],
        );
        let out = text_of(&r, false);
        assert!(
            out.contains("  1  2(1,3)  value   4  edges g-1 1-2 2-3 2-4 4-5 5-6\n"),
            "{out}"
        );
        assert!(
            out.contains("  2  200     value 200  edges g-1 1-2"),
            "{out}"
        );
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        assert!(out.contains(" …\n"), "{out}");
    }
}

/// `step` and `step --all` on a sum of different games.
pub(crate) fn step_text(
    report: &SumStepReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    let kind = SumKind::Games;
    if report.all {
        let title = format!(
            "Perfect play from {} (component: from → to):",
            sum_line(&report.start.terms)
        );
        for line in crate::render::wrap(&title, w) {
            writeln!(out, "{}", style.heading(&line))?;
        }
        for m in &report.moves {
            let (before, after) = m.nim_sums;
            let result = match m.intent {
                Intent::Winning => style.win("wins"),
                Intent::Delaying => style.lose("lost: delays"),
                Intent::Drawing => style.change("keeps the draw"),
            };
            // The move alone (its values are in the nim-sums), so a line fits 80 columns.
            let after_terms: Vec<String> = m.mv.after.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "{:>4}. {:<6} {}: {} → {}  {}",
                m.number,
                m.player.name(),
                m.mv.component + 1,
                m.mv.from,
                after_terms.join(" + "),
                style.dim(&format!("nim-sum {before} → {after}, {result}"))
            )?;
        }
    } else {
        for m in &report.moves {
            // The move on a line of its own: a component's name and values make it long.
            writeln!(
                out,
                "{}",
                style.heading(&format!(
                    "step {}: the {} player",
                    m.number,
                    m.player.name()
                ))
            )?;
            for line in crate::render::wrap(&action(kind, &m.mv, true), w - 2) {
                writeln!(out, "  {line}")?;
            }
            board(
                kind,
                &m.board,
                "it leaves:",
                BoardView::Explained,
                opts,
                out,
            )?;
            let reason = match m.intent {
                Intent::Winning | Intent::Drawing => why(&m.mv, m.intent, false),
                Intent::Delaying => "the nim-sum was 0, so every move leaves a non-zero nim-sum: \
                     the position is lost against perfect play, and the move that shortens the \
                     play the least keeps the game long."
                    .to_string(),
            };
            para(out, style.heading("why:"), &reason, w)?;
        }
    }
    match report.winner {
        Some(winner) => writeln!(
            out,
            "{} {}",
            style.win(&format!("The {} player wins", winner.name())),
            style.dim("(no move is left; the last mover wins).")
        ),
        None if !report.all => para(
            out,
            "position now:".to_string(),
            &format!(
                "{}  {}",
                sum_line(&report.board.terms),
                style.dim("(`step` again for the next move)")
            ),
            w,
        ),
        None => Ok(()),
    }
}

/// A move of `step` on a sum.
#[derive(Serialize)]
struct SumStepMoveJson {
    board: Vec<String>,
    intent: &'static str,
    #[serde(rename = "move")]
    mv: TermMoveJson,
    nim_sum_after: Grundy,
    nim_sum_before: Grundy,
    number: usize,
    player: &'static str,
}

/// `step` on a sum: the moves and where they left the sum.
#[derive(Serialize)]
pub(crate) struct SumStepJson {
    board: Vec<String>,
    moves: Vec<SumStepMoveJson>,
    start: Vec<String>,
    values: Option<Vec<Grundy>>,
    winner: Option<&'static str>,
}

pub(crate) fn step_json(report: &SumStepReport) -> SumStepJson {
    SumStepJson {
        board: names(&report.board.terms),
        moves: report
            .moves
            .iter()
            .map(|m| SumStepMoveJson {
                board: names(&m.board.terms),
                intent: intent_name(m.intent),
                mv: move_json(&m.mv),
                nim_sum_after: m.nim_sums.1,
                nim_sum_before: m.nim_sums.0,
                number: m.number,
                player: m.player.name(),
            })
            .collect(),
        start: names(&report.start.terms),
        values: report.board.values.clone(),
        winner: report.winner.map(|w| w.name()),
    }
}

/// The line of play of `step` on a sum as rows, then the winner once no move is left.
pub(crate) fn step_rows(
    report: &SumStepReport,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sink = TableWriter::new(syntax, out, &MOVE_HEADERS)?;
    for m in &report.moves {
        let number = m.number.to_string();
        let component = (m.mv.component + 1).to_string();
        let from = m.mv.from.to_string();
        let to = sum_line(&m.mv.after);
        sink.row(&[
            &number,
            m.player.name(),
            &component,
            &from,
            &to,
            intent_name(m.intent),
        ])?;
    }
    if let Some(winner) = report.winner {
        sink.row(&["winner", winner.name(), "", "", "", ""])?;
    }
    sink.finish()
}
