//! Games and `step` as JSON: one object per command, with its events in order. Each event is
//! a struct whose `event` field names it; fields are in the documented key order.

use serde::Serialize;

use crate::engine::Intent;
use crate::engine::loopy::Outcome;
use crate::engine::{Move, Pile, Rules};
use crate::engine::{Side, Turn};
use crate::output::{CoachNote, GameEvent, GameReport, LoopyReport, PositionReport, StepReport};
use crate::render::json_shapes::MoveJson;

/// Piles as the rules write them: a graph's position names, a game's tuples.
fn piles(rules: &Rules, piles: &[Pile]) -> Vec<String> {
    piles.iter().map(|&p| rules.name_of(p)).collect()
}

fn side(s: Side) -> &'static str {
    match s {
        Side::Learner => "learner",
        Side::Computer => "computer",
    }
}

fn intent(i: Option<Intent>) -> Option<&'static str> {
    i.map(intent_name)
}

/// The coach's verdict on a move of a loopy graph, as JSON names it: the win kept or given
/// away, the draw kept or lost, or a position already lost.
pub(super) fn gamma_verdict(before: Outcome, after: Outcome) -> &'static str {
    match (before, after) {
        (Outcome::First, Outcome::Second) => "kept",
        (Outcome::First, _) => "threw-away",
        (Outcome::Draw, Outcome::Draw) => "kept-the-draw",
        (Outcome::Draw, _) => "lost-the-draw",
        (Outcome::Second, _) => "already-lost",
    }
}

/// Why a move was made, as JSON and rows name it.
pub(super) fn intent_name(i: Intent) -> &'static str {
    match i {
        Intent::Winning => "winning",
        Intent::Delaying => "delaying",
        Intent::Drawing => "drawing",
    }
}

/// A move already played, by whom.
#[derive(Serialize)]
struct TurnJson {
    #[serde(rename = "move")]
    mv: MoveJson,
    side: &'static str,
}

fn turns(rules: &Rules, turns: &[Turn]) -> Vec<TurnJson> {
    turns
        .iter()
        .map(|t| TurnJson {
            mv: MoveJson::named(rules, &t.mv),
            side: side(t.side),
        })
        .collect()
}

/// `play` and a game's moves: the events since the last command and the game's state.
#[derive(Serialize)]
pub(crate) struct GameJson {
    events: Vec<EventJson>,
    /// Only for a ruleset played misère by search (`play --misere`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    misere: bool,
    piles: Vec<String>,
    rules: String,
    to_move: Option<&'static str>,
    winner: Option<&'static str>,
}

pub(crate) fn game(report: &GameReport) -> GameJson {
    GameJson {
        events: report
            .events
            .iter()
            .map(|e| event(&report.rules, e))
            .collect(),
        misere: report.misere_search,
        piles: piles(&report.rules, &report.piles),
        rules: report.rules.to_string(),
        to_move: report.to_move.map(side),
        winner: report.winner.map(side),
    }
}

/// One event of a game, written with its `event` name.
#[derive(Serialize)]
#[serde(untagged)]
enum EventJson {
    Start {
        coach: bool,
        event: &'static str,
        first: &'static str,
        piles: Vec<String>,
    },
    Move {
        event: &'static str,
        intent: Option<&'static str>,
        #[serde(rename = "move")]
        mv: MoveJson,
        number: usize,
        piles: Vec<String>,
        side: &'static str,
    },
    Coach {
        best: Option<MoveJson>,
        event: &'static str,
        verdict: &'static str,
    },
    Hint {
        event: &'static str,
        #[serde(rename = "move")]
        mv: Option<MoveJson>,
        piles: Vec<String>,
        winner: &'static str,
    },
    Undo {
        event: &'static str,
        moves: Vec<TurnJson>,
        piles: Vec<String>,
    },
    YourMove {
        event: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        gamma: Option<Vec<crate::render::loopy::GammaJson>>,
        piles: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        values: Option<Vec<crate::engine::Grundy>>,
    },
    End {
        event: &'static str,
        replay: Vec<TurnJson>,
        resigned: bool,
        start: Vec<String>,
        winner: &'static str,
    },
}

/// One event of a game as JSON: its name and its fields.
fn event(rules: &Rules, e: &GameEvent) -> EventJson {
    match e {
        GameEvent::Start {
            piles: p,
            first,
            coach,
            ..
        } => EventJson::Start {
            coach: *coach,
            event: "start",
            first: side(*first),
            piles: piles(rules, p),
        },
        GameEvent::Moved {
            number,
            side: s,
            mv,
            intent: i,
            piles: p,
            ..
        } => EventJson::Move {
            event: "move",
            intent: intent(*i),
            mv: MoveJson::named(rules, mv),
            number: *number,
            piles: piles(rules, p),
            side: side(*s),
        },
        GameEvent::Coach(note) => coach(rules, note),
        GameEvent::Hint { report, .. } => hint(rules, report),
        GameEvent::LoopyHint(report) => loopy_hint(rules, report),
        GameEvent::SearchHint {
            piles: p,
            won,
            best,
        } => EventJson::Hint {
            event: "hint",
            mv: best.as_ref().map(|m| MoveJson::named(rules, m)),
            piles: piles(rules, p),
            winner: if *won { "first" } else { "second" },
        },
        GameEvent::Undone { turns: t, piles: p } => EventJson::Undo {
            event: "undo",
            moves: turns(rules, t),
            piles: piles(rules, p),
        },
        GameEvent::YourMove {
            piles: p,
            values,
            gamma,
        } => your_move(rules, p, values.as_deref(), gamma.as_deref()),
        GameEvent::End {
            winner,
            resigned,
            start,
            turns: t,
        } => EventJson::End {
            event: "end",
            replay: turns(rules, t),
            resigned: *resigned,
            start: piles(rules, start),
            winner: side(*winner),
        },
    }
}

/// The coach's note on the learner's move: its verdict, and the move that was best.
fn coach(rules: &Rules, note: &CoachNote) -> EventJson {
    let (verdict, best) = match note {
        CoachNote::Kept => ("kept", None),
        CoachNote::ThrewAway { best } => ("threw-away", Some(MoveJson::named(rules, &best.mv))),
        CoachNote::ThrewAwayBySearch { best } => ("threw-away", Some(MoveJson::named(rules, best))),
        CoachNote::AlreadyLost => ("already-lost", None),
        CoachNote::ByGamma {
            before,
            after,
            best,
        } => (
            gamma_verdict(*before, *after),
            best.as_ref().map(|m| MoveJson::named(rules, m)),
        ),
    };
    EventJson::Coach {
        best,
        event: "coach",
        verdict,
    }
}

/// `hint`: the position, who wins it, and its winning move if there is one.
fn hint(rules: &Rules, report: &PositionReport) -> EventJson {
    EventJson::Hint {
        event: "hint",
        mv: report
            .winning_move
            .as_ref()
            .map(|(m, _)| MoveJson::named(rules, m)),
        piles: piles(rules, &report.piles),
        winner: report.verdict.winner.name(),
    }
}

/// `hint` on a loopy graph: the tokens' positions, the outcome by γ, and the move that wins
/// or keeps the draw.
fn loopy_hint(rules: &Rules, report: &LoopyReport) -> EventJson {
    EventJson::Hint {
        event: "hint",
        mv: report
            .best
            .as_ref()
            .filter(|_| report.outcome != Outcome::Second)
            .map(|m| {
                MoveJson::named(
                    rules,
                    &Move::new(
                        m.token,
                        Pile::plain(m.from),
                        crate::engine::Heaps::One(Pile::plain(m.to)),
                    ),
                )
            }),
        piles: report
            .nodes
            .iter()
            .map(|&n| report.graph.name(n).to_string())
            .collect(),
        winner: crate::render::loopy::outcome_name(report.outcome),
    }
}

/// The position the learner is to move on, with its piles' values or γ where the coach
/// shows them.
fn your_move(
    rules: &Rules,
    p: &[Pile],
    values: Option<&[crate::engine::Grundy]>,
    gamma: Option<&[crate::engine::loopy::Gamma]>,
) -> EventJson {
    EventJson::YourMove {
        event: "your-move",
        gamma: gamma.map(|g| {
            g.iter()
                .map(crate::render::loopy::GammaJson::from)
                .collect()
        }),
        piles: piles(rules, p),
        values: values.map(<[crate::engine::Grundy]>::to_vec),
    }
}

/// `step`: the perfect moves played, with the nim-sums before and after each.
#[derive(Serialize)]
pub(crate) struct StepJson {
    moves: Vec<StepMoveJson>,
    piles: Vec<String>,
    rules: String,
    start: Vec<String>,
    winner: Option<&'static str>,
}

#[derive(Serialize)]
struct StepMoveJson {
    before: Vec<String>,
    intent: Option<&'static str>,
    #[serde(rename = "move")]
    mv: MoveJson,
    nim_sum_after: crate::engine::Grundy,
    nim_sum_before: crate::engine::Grundy,
    number: usize,
    player: &'static str,
}

pub(crate) fn step(report: &StepReport) -> StepJson {
    let rules = &report.rules;
    StepJson {
        moves: report
            .moves
            .iter()
            .map(|m| StepMoveJson {
                before: piles(rules, &m.view.piles),
                intent: intent(Some(m.intent)),
                mv: MoveJson::named(rules, &m.view.mv),
                nim_sum_after: m.view.after.nim_sum,
                nim_sum_before: m.view.before.nim_sum,
                number: m.number,
                player: m.player.name(),
            })
            .collect(),
        piles: piles(rules, &report.piles),
        rules: report.rules.to_string(),
        start: piles(rules, &report.start),
        winner: report.winner.map(|w| w.name()),
    }
}
