//! Games and `step` in words: each move, why the computer made it, the coach's notes, the end
//! of the game with a replay — with the binary view of each move. Lines wrap at the width.

use std::io::{self, Write};

use crate::engine::Intent;
use crate::engine::loopy::{Gamma, Outcome};
use crate::engine::{Grundy, Move, Pile, Rules};
use crate::engine::{Player, Rule};
use crate::engine::{Side, Turn};
use crate::output::{
    CoachNote, GameEvent, GameReport, MoveView, PositionReport, StepReport, WhyPart, WhyShown,
};
use crate::render::{RenderOptions, Style, binary};

pub(crate) fn render_game(
    report: &GameReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    render_events(report, opts, out)?;
    let (style, w) = (opts.style, opts.layout_width());
    match report.why {
        // `why` showed one move of two: the other is one word away.
        Some(shown) => {
            writeln!(out)?;
            para(out, style.dim(""), &why_other(shown), w)
        }
        // `--coach verbose` (and `why` of a whole command): the reasons, then the line that
        // judges the move, as the compact screen ends.
        None => {
            let verdict = super::screen::verdict(&report.rules, &report.events, style);
            if verdict.is_empty() {
                return Ok(());
            }
            writeln!(out)?;
            super::screen::end_line(&verdict, out, w)
        }
    }
}

/// The line under `why`'s move that names the other move of the command.
pub(super) fn why_other(shown: WhyShown) -> String {
    match shown.part {
        WhyPart::Yours => format!(
            "`why computer` explains the computer's reply (move {}).",
            shown.other
        ),
        WhyPart::Computers => format!("`why` explains your move (move {}).", shown.other),
    }
}

/// Each event of a game's command in order, as words and binary views.
fn render_events(report: &GameReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    for event in &report.events {
        render_event(report, event, opts, out)?;
    }
    Ok(())
}

/// One event of a game: its heading, its binary view where it has one, and its reasons.
fn render_event(
    report: &GameReport,
    event: &GameEvent,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    match event {
        GameEvent::Start {
            piles,
            first,
            coach,
            view,
            example,
            by_gamma,
        } => {
            start_heading(report, piles, *first, *coach, example.as_ref(), opts, out)?;
            start_coach(view.as_ref(), *by_gamma, opts, out)
        }
        GameEvent::Moved {
            side,
            mv,
            intent,
            view,
            number,
            ..
        } => {
            writeln!(out)?;
            moved_heading(report, *number, *side, mv, opts.style, out)?;
            if let Some(view) = view {
                binary::render_move(view, "moved", opts, out)?;
            }
            move_reason(report, *intent, view.as_ref(), opts, out)
        }
        // `why` of the learner's move fits one screen: the winning move in words, not a
        // second table.
        GameEvent::Coach(note) => {
            let table = report.why.is_none();
            coach(&report.rules, note, table, opts, out)
        }
        GameEvent::Hint {
            best: Some(best), ..
        } => hint(report, &best.mv, Some(best), opts, out),
        GameEvent::Hint { report, .. } => binary::render(report, &report.judgement(), opts, out),
        GameEvent::LoopyHint(hint) => super::super::loopy::text(hint, &hint.judgement(), opts, out),
        GameEvent::SearchHint {
            best: Some(best), ..
        } => hint(report, best, None, opts, out),
        GameEvent::SearchHint { won, .. } => no_search_hint(*won, opts, out),
        GameEvent::Undone { turns, .. } => undone(report, turns, opts.style, out),
        GameEvent::YourMove {
            piles,
            values,
            gamma,
        } => your_move(
            report,
            piles,
            values.as_deref(),
            gamma.as_deref(),
            opts.style,
            out,
        ),
        GameEvent::End {
            winner,
            resigned,
            start,
            turns,
        } => end(report, *winner, *resigned, start, turns, opts, out),
    }
}

/// The title of a new game and the line that teaches how its moves are written.
fn start_heading(
    report: &GameReport,
    piles: &[Pile],
    first: Side,
    coach: bool,
    example: Option<&Move>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    let board = join(&report.rules, piles);
    let rules = report.rules.to_string();
    let title = title(&rules, Some(&board), report.misere_search, first, coach);
    writeln!(out, "{}", style.heading(&title))?;
    para(out, style.dim(""), &how_to_move(&report.rules, example), w)
}

/// The coach's view of a new game's start: in binary with who wins, or by γ on a loopy graph.
fn start_coach(
    view: Option<&PositionReport>,
    by_gamma: Option<Outcome>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    if let Some(view) = view {
        binary::render(view, &view.judgement(), opts, out)?;
        let text = if view.verdict.winner == Player::First {
            "you are to move in a winning position: find the move that leaves the \
             opponent a lost position (`hint` if you are stuck)."
        } else {
            "you are to move in a lost position: every move loses against perfect \
             play. Keep the game long and watch how the computer answers."
        };
        para(out, style.heading("coach:"), text, w)?;
    }
    if let (None, Some(outcome)) = (view, by_gamma) {
        para(out, style.heading("coach:"), start_by_gamma(outcome), w)?;
    }
    Ok(())
}

/// `3. you: take 2 from pile 1`: a move's number, who made it and what it did.
fn moved_heading(
    report: &GameReport,
    number: usize,
    side: Side,
    mv: &Move,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let who = match side {
        Side::Learner => "you",
        Side::Computer => "computer",
    };
    writeln!(
        out,
        "{}",
        style.heading(&format!("{number}. {who}: {}", action(&report.rules, mv)))
    )
}

/// Why a move was made: from its binary view, by search in misère play, or by γ on a loopy
/// graph; nothing where the move has no stated intent.
fn move_reason(
    report: &GameReport,
    intent: Option<Intent>,
    view: Option<&MoveView>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    match (intent, view) {
        (Some(intent), Some(view)) => para(out, style.heading("why:"), &why(view, intent), w),
        (Some(intent), None) if report.misere_search => {
            para(out, style.heading("why:"), why_by_search(intent), w)
        }
        (Some(intent), None) if report.rules.is_loopy_graph() => {
            para(out, style.heading("why:"), why_by_gamma(intent), w)
        }
        _ => Ok(()),
    }
}

/// `hint`: the winning move and why it wins — in binary with its `view`, or (in misère play,
/// found by a search) by the search alone.
fn hint(
    report: &GameReport,
    best: &Move,
    view: Option<&MoveView>,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    writeln!(
        out,
        "{}",
        style.heading(&format!("hint: {}", action(&report.rules, best)))
    )?;
    let Some(view) = view else {
        return para(
            out,
            style.heading("why:"),
            why_by_search(Intent::Winning),
            w,
        );
    };
    binary::render_move(view, "the winning move", opts, out)?;
    para(out, style.heading("why:"), &why(view, Intent::Winning), w)
}

/// `hint` in misère play where the search found no move to show: won anyway, or lost.
fn no_search_hint(won: bool, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    let text = if won {
        "you win, but the search found no single move to show."
    } else {
        "every move loses against perfect play (a search of every line of play \
         says so): keep the game long and hope for a slip."
    };
    para(out, style.heading("hint:"), text, w)
}

/// After `undo`, a blank line and the heading that counts the moves taken back.
pub(super) fn took_back(count: usize, style: Style, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out)?;
    let moves = if count == 1 { "move" } else { "moves" };
    writeln!(
        out,
        "{}",
        style.heading(&format!("took back {count} {moves}:"))
    )
}

/// `undo`: how many moves were taken back, then each of them, one a line.
fn undone(
    report: &GameReport,
    turns: &[Turn],
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    took_back(turns.len(), style, out)?;
    for t in turns {
        writeln!(
            out,
            "  {}: {}",
            side_name(t.side),
            action(&report.rules, &t.mv)
        )?;
    }
    Ok(())
}

/// `your move: 4 7 5   (values 4 7 5)`: the board the learner moves on, with its piles'
/// values or γ where the coach shows them.
fn your_move(
    report: &GameReport,
    piles: &[Pile],
    values: Option<&[Grundy]>,
    gamma: Option<&[Gamma]>,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out)?;
    let values = match (values, gamma) {
        (_, Some(g)) => {
            let g: Vec<String> = g.iter().map(super::super::loopy::gamma_text).collect();
            format!("   (γ {})", g.join(" "))
        }
        (Some(g), None) => {
            let g: Vec<String> = g.iter().map(ToString::to_string).collect();
            format!("   (values {})", g.join(" "))
        }
        (None, None) => String::new(),
    };
    writeln!(
        out,
        "{} {}{}",
        style.heading("your move:"),
        join(&report.rules, piles),
        style.dim(&values)
    )
}

/// The end of a game: who won and by which rule, then the replay of every move.
fn end(
    report: &GameReport,
    winner: Side,
    resigned: bool,
    start: &[Pile],
    turns: &[Turn],
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    writeln!(out)?;
    let misere = report.rules.is_misere() || report.misere_search;
    writeln!(out, "{}", game_over(winner, resigned, misere, style))?;
    para(
        out,
        style.heading("replay:"),
        &replay(&report.rules, start, turns),
        w,
    )
}

/// What the coach says of a move that kept the win, in a game of one ruleset or a sum.
pub(super) const KEPT_THE_WIN: &str = "you kept the win: the computer now faces a lost position, \
     and every move it has leaves you a winning one.";

fn coach(
    rules: &Rules,
    note: &CoachNote,
    table: bool,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    match note {
        CoachNote::Kept => para(out, style.win("coach: ✓ good move —"), KEPT_THE_WIN, w),
        CoachNote::ThrewAway { best } => {
            let now = match best.before.rule {
                Rule::NimSum => "the nim-sum you left is not 0, so ".to_string(),
                _ => String::new(),
            };
            para(
                out,
                style.lose("coach: ✗ that gives the win away —"),
                &format!(
                    "{now}the computer can win from here. The winning move was {}{}",
                    action(rules, &best.mv),
                    if table { ":" } else { "." }
                ),
                w,
            )?;
            if table {
                binary::render_move(best, "the winning move", opts, out)?;
            }
            para(out, style.heading("why:"), &why(best, Intent::Winning), w)
        }
        CoachNote::ThrewAwayBySearch { best } => para(
            out,
            style.lose("coach: ✗ that gives the win away —"),
            &format!(
                "a search of every line of play finds the computer can win from here. The \
                 winning move was {}.",
                action(rules, best)
            ),
            w,
        ),
        CoachNote::AlreadyLost => para(
            out,
            style.heading("coach:"),
            "no move could win here — the position was already lost against perfect play. \
             Keeping the game long is all you can do.",
            w,
        ),
        CoachNote::ByGamma {
            before,
            after,
            best,
        } => {
            let best = best.as_ref().map_or(String::new(), |m| action(rules, m));
            match (before, after) {
                (Outcome::First, Outcome::Second) => {
                    para(out, style.win("coach: ✓ good move —"), KEPT_THE_WIN, w)
                }
                (Outcome::First, after) => para(
                    out,
                    style.lose("coach: ✗ that gives the win away —"),
                    &format!(
                        "γ after your move is not 0, so the computer {} from here. The winning \
                         move was {best}.",
                        if *after == Outcome::Draw {
                            "can keep the play going for ever"
                        } else {
                            "can win"
                        }
                    ),
                    w,
                ),
                (Outcome::Draw, Outcome::Draw) => para(
                    out,
                    style.change("coach: ✓ the draw is kept —"),
                    "neither player can force a win from here; keep away from positions that \
                     let the computer reach γ = 0.",
                    w,
                ),
                (Outcome::Draw, _) => para(
                    out,
                    style.lose("coach: ✗ that loses the draw —"),
                    &format!("the computer can win from here. {best} kept the draw."),
                    w,
                ),
                (Outcome::Second, _) => para(
                    out,
                    style.heading("coach:"),
                    "no move could win here — γ was 0, lost against perfect play. Keeping the \
                     game long is all you can do.",
                    w,
                ),
            }
        }
    }
}

/// `step` and `step --all`.
pub(crate) fn render_step(
    report: &StepReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (style, w) = (opts.style, opts.layout_width());
    if report.all {
        writeln!(
            out,
            "{}",
            style.heading(&format!(
                "Perfect play in {} from {}:",
                report.rules,
                join(&report.rules, &report.start)
            ))
        )?;
        for m in &report.moves {
            let (before, after) = (m.view.before.nim_sum, m.view.after.nim_sum);
            let kind = match m.intent {
                Intent::Winning => style.win("wins"),
                Intent::Delaying => style.lose("lost: delays"),
                Intent::Drawing => style.change("keeps the draw"),
            };
            writeln!(
                out,
                "{:>4}. {:<6} {}  {}",
                m.number,
                m.player.name(),
                action(&report.rules, &m.view.mv),
                style.dim(&format!("nim-sum {before} → {after}, {kind}")),
            )?;
        }
    } else {
        for m in &report.moves {
            writeln!(
                out,
                "{}",
                style.heading(&format!(
                    "step {}: the {} player: {}",
                    m.number,
                    m.player.name(),
                    action(&report.rules, &m.view.mv)
                ))
            )?;
            binary::render_move(&m.view, "moved", opts, out)?;
            para(out, style.heading("why:"), &why(&m.view, m.intent), w)?;
        }
    }
    match report.winner {
        Some(winner) => {
            let how = if report.rules.is_misere() {
                "no move is left; in misère play the last mover loses"
            } else {
                "no move is left; the last mover wins"
            };
            writeln!(
                out,
                "{} {}",
                style.win(&format!("The {} player wins", winner.name())),
                style.dim(&format!("({how}).")),
            )
        }
        None if !report.all => writeln!(
            out,
            "position now: {}  {}",
            join(&report.rules, &report.piles),
            style.dim("(`step` again for the next move)")
        ),
        None => Ok(()),
    }
}

/// Why a move was made, in the words of the strategy that chose it.
fn why(view: &MoveView, intent: Intent) -> String {
    let i = view.mv.index + 1;
    let rules = &view.rules;
    let (from, to) = (
        rules.name_of(view.mv.from),
        rules.name_of_heaps(&view.mv.after()),
    );
    let (g, new_g) = view.values();
    let s = view.before.nim_sum;
    let big = view.piles.iter().filter(|p| p.size >= 2).count();
    match (intent, view.before.rule) {
        (Intent::Winning, Rule::MisereAllSmall { .. }) => "misère with every pile 0 or 1: \
             taking a 1 leaves an odd number of 1-piles, so the opponent takes the last one."
            .into(),
        (Intent::Winning, Rule::MisereNimSum) if big == 1 => format!(
            "misère, and pile {i} is the only pile of 2 or more: {from} → {to} leaves an odd \
             number of 1-piles, so the opponent must take the last token."
        ),
        (Intent::Winning, _) => format!(
            "the nim-sum is {s} ({s:b} in binary); its top bit is {top}, and pile {i} has \
             that bit (g = {g}). So pile {i} goes to g ⊕ nim-sum = {g} ⊕ {s} = {new_g}: {from} → \
             {to}, which flips exactly the bits of the nim-sum and leaves nim-sum 0.",
            top = view.top_bit,
        ),
        (Intent::Delaying, Rule::MisereAllSmall { ones }) => format!(
            "misère with every pile 0 or 1 and an odd number ({ones}) of 1-piles: the position \
             is lost against perfect play, so the move just takes a 1."
        ),
        (Intent::Delaying, _) if rules.counts_tokens() && !rules.splits() => format!(
            "the nim-sum is 0, so every move leaves a non-zero nim-sum: the position is lost \
             against perfect play. The smallest move, from the largest pile, keeps the game \
             long: {from} → {to}."
        ),
        (Intent::Delaying, _) => format!(
            "the nim-sum is 0, so every move leaves a non-zero nim-sum: the position is lost \
             against perfect play. The computer plays on and waits for a slip: {from} → {to}."
        ),
        // Only a loopy graph draws, and its moves have no binary view.
        (Intent::Drawing, _) => format!("the position is a draw, and {from} → {to} keeps it one."),
    }
}

/// Why the computer moved, in a game played misère, where a search decides.
fn why_by_search(intent: Intent) -> &'static str {
    match intent {
        Intent::Winning => {
            "a search of every line of play finds that this move leaves the opponent a lost \
             position (misère: whoever makes the last move loses)."
        }
        Intent::Delaying => {
            "a search of every line of play finds every move loses against perfect play; the \
             computer plays on and waits for a slip."
        }
        Intent::Drawing => "the position is a draw, and this move keeps it one.",
    }
}

/// Why the computer moved, on a graph with a cycle, where γ decides.
fn why_by_gamma(intent: Intent) -> &'static str {
    match intent {
        Intent::Winning => {
            "it leaves γ = 0, and of the positions worth 0 the one valued first (the smallest \
             counter), so the play moves towards its end and the opponent is stuck at last."
        }
        Intent::Delaying => {
            "γ is 0: every move loses against perfect play; the computer plays on and waits \
             for a slip."
        }
        Intent::Drawing => {
            "the position is a draw (γ is ∞ with no 0 among its options' values), and this move \
             leaves another draw: neither player can force a win."
        }
    }
}

/// `take 5 from pile 2 (7T → 2T)`, `pass on pile 1 (4T → 4F)`, `split pile 1 (7 → 3+4)` or
/// `pile 1: (4,6) → (3,5)`.
pub(super) fn action(rules: &Rules, m: &Move) -> String {
    let (i, from, to) = (
        m.index + 1,
        rules.name_of(m.from),
        rules.name_of_heaps(&m.after()),
    );
    match m.take(rules) {
        Some(0) if m.splits() => format!("split pile {i} ({from} → {to})"),
        Some(0) => format!("pass on pile {i} ({from} → {to})"),
        Some(take) => format!("take {take} from pile {i} ({from} → {to})"),
        None => format!("{} {i}: {from} → {to}", crate::render::part_word(rules)),
    }
}

/// The line under a new game's title: how moves are written in this game, with a legal move
/// of the start as the example where the syntax is not Nim's.
pub(super) fn how_to_move(rules: &Rules, example: Option<&Move>) -> String {
    let example = example
        .map(|m| {
            format!(
                " (like `{} -> {}`)",
                m.index + 1,
                rules.name_of_heaps(&m.after())
            )
        })
        .unwrap_or_default();
    let commands = "`hint`, `why`, `undo`, `resign`";
    if !rules.counts_tokens() {
        format!("Move with `I -> S`: pile I becomes the state S{example}; {commands}.")
    } else if rules.splits_in_three() {
        format!(
            "Move with `take K from I` or `I K`, or `I -> A+B` or `I -> A+B+C` to leave those \
             heaps in pile I's place{example}; {commands}."
        )
    } else if rules.splits() {
        format!(
            "Move with `take K from I` or `I K`, or `I -> A+B` to leave A and B in pile I's \
             place{example}; {commands}."
        )
    } else {
        let pass = if rules.has_pass() {
            ", `pass I` or `I pass`"
        } else {
            ""
        };
        format!("Move with `take K from I` or `I K`{pass}; {commands}.")
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Learner => "you",
        Side::Computer => "computer",
    }
}

/// The whole game on one line: `4T 7T 5T: you 2:7T→6T, computer 1:4T→4F, …`.
pub(super) fn replay(rules: &Rules, start: &[Pile], turns: &[Turn]) -> String {
    let moves: Vec<String> = turns
        .iter()
        .map(|t| {
            format!(
                "{} {}:{}→{}",
                side_name(t.side),
                t.mv.index + 1,
                rules.name_of(t.mv.from),
                rules.name_of_heaps(&t.mv.after())
            )
        })
        .collect();
    if moves.is_empty() {
        format!("{} (no moves)", join(rules, start))
    } else {
        format!("{}: {}", join(rules, start), moves.join(", "))
    }
}

/// Piles as the rules write them: a graph's position names, a game's tuples.
pub(super) fn join(rules: &Rules, piles: &[Pile]) -> String {
    let names: Vec<String> = piles.iter().map(|&p| rules.name_of(p)).collect();
    names.join(" ")
}

/// A paragraph: `lead` (already styled) then `text` wrapped at `width` (never inside a
/// formula's term), continuation lines indented by two spaces.
pub(super) fn para(out: &mut dyn Write, lead: String, text: &str, width: usize) -> io::Result<()> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // A lead of colour codes alone takes no column, and no space after it.
    let lead = if textwrap::core::display_width(&lead) == 0 {
        ""
    } else {
        lead.as_str()
    };
    writeln!(
        out,
        "{}",
        crate::render::prose::hanging(lead, &text, width, 2)
    )
}

/// The coach's word on the start of a game on a loopy graph, where γ decides: a win, a loss,
/// or a draw.
fn start_by_gamma(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::First => {
            "you are to move in a winning position (γ of the sum is a number other than 0, or \
             ∞ with 0 among its options' values): find the move that leaves γ = 0 (`hint` if you are stuck)."
        }
        Outcome::Second => {
            "you are to move in a lost position (γ of the sum is 0): every move loses against \
             perfect play. Keep the game long and watch how the computer answers."
        }
        Outcome::Draw => {
            "this position is a draw (γ of the sum is ∞ with no 0 among its options' values): \
             neither player can force a win. Keep it a draw; play may never end, and `resign` \
             stops it."
        }
    }
}

/// `New game of nim: 4 7 5 — you move first (coach on).`: `game` is what is played, on
/// `board` where the game is not the board itself.
pub(super) fn title(
    game: &str,
    board: Option<&str>,
    misere: bool,
    first: Side,
    coach: bool,
) -> String {
    let who = match first {
        Side::Learner => "you move first",
        Side::Computer => "the computer moves first",
    };
    let coach = if coach { "coach on" } else { "coach off" };
    let misere = if misere { " played misère" } else { "" };
    let board = board.map(|b| format!(": {b}")).unwrap_or_default();
    format!("New game of {game}{misere}{board} — {who} ({coach}).")
}

/// `Game over: you win! (whoever makes the last move wins)`, or that the learner resigned.
pub(super) fn game_over(winner: Side, resigned: bool, misere: bool, style: Style) -> String {
    let result = match (winner, resigned) {
        (_, true) => style.lose("You resigned: the computer wins."),
        (Side::Learner, _) => style.win("Game over: you win!"),
        (Side::Computer, _) => style.lose("Game over: the computer wins."),
    };
    let rule = match (resigned, misere) {
        (true, _) => "",
        (false, true) => " (misère: whoever makes the last move loses)",
        (false, false) => " (whoever makes the last move wins)",
    };
    format!("{result}{}", style.dim(rule))
}
