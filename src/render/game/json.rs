//! Games and `step` as JSON: one object per command, with its events in order.

use serde_json::{Value, json};

use crate::engine::game::{Side, Turn};
use crate::engine::reply::Intent;
use crate::engine::{Move, Pile};
use crate::output::{CoachNote, GameEvent, GameReport, StepReport};

fn piles(piles: &[Pile]) -> Value {
    piles.iter().map(ToString::to_string).collect()
}

/// `{"pile": 2, "from": "7T", "to": "2T", "take": 5}` — the shape of `move`'s JSON.
fn mv(m: &Move) -> Value {
    json!({
        "pile": m.index + 1,
        "from": m.from.to_string(),
        "to": m.to.to_string(),
        "take": m.take(),
    })
}

fn side(s: Side) -> &'static str {
    match s {
        Side::Learner => "learner",
        Side::Computer => "computer",
    }
}

fn intent(i: Option<Intent>) -> Value {
    match i {
        Some(Intent::Winning) => json!("winning"),
        Some(Intent::Delaying) => json!("delaying"),
        None => Value::Null,
    }
}

fn turns(turns: &[Turn]) -> Value {
    turns
        .iter()
        .map(|t| json!({ "side": side(t.side), "move": mv(&t.mv) }))
        .collect()
}

pub fn game(report: &GameReport) -> Value {
    let events: Vec<Value> = report.events.iter().map(event).collect();
    json!({
        "rules": report.rules.to_string(),
        "events": events,
        "piles": piles(&report.piles),
        "to_move": report.to_move.map(side),
        "winner": report.winner.map(side),
    })
}

fn event(e: &GameEvent) -> Value {
    match e {
        GameEvent::Start {
            piles: p,
            first,
            coach,
            ..
        } => json!({ "event": "start", "piles": piles(p), "first": side(*first), "coach": coach }),
        GameEvent::Moved {
            number,
            side: s,
            mv: m,
            intent: i,
            piles: p,
            ..
        } => json!({
            "event": "move",
            "number": number,
            "side": side(*s),
            "move": mv(m),
            "intent": intent(*i),
            "piles": piles(p),
        }),
        GameEvent::Coach(note) => match note {
            CoachNote::Kept => json!({ "event": "coach", "verdict": "kept", "best": null }),
            CoachNote::ThrewAway { best } => {
                json!({ "event": "coach", "verdict": "threw-away", "best": mv(&best.mv) })
            }
            CoachNote::AlreadyLost => {
                json!({ "event": "coach", "verdict": "already-lost", "best": null })
            }
        },
        GameEvent::Hint { report, .. } => json!({
            "event": "hint",
            "piles": piles(&report.piles),
            "winner": report.verdict.winner.name(),
            "move": report.winning_move.map(|(m, _)| mv(&m)),
        }),
        GameEvent::Undone { turns: t, piles: p } => {
            json!({ "event": "undo", "moves": turns(t), "piles": piles(p) })
        }
        GameEvent::YourMove { piles: p } => json!({ "event": "your-move", "piles": piles(p) }),
        GameEvent::End {
            winner,
            resigned,
            start,
            turns: t,
        } => json!({
            "event": "end",
            "winner": side(*winner),
            "resigned": resigned,
            "start": piles(start),
            "replay": turns(t),
        }),
    }
}

pub fn step(report: &StepReport) -> Value {
    let moves: Vec<Value> = report
        .moves
        .iter()
        .map(|m| {
            json!({
                "number": m.number,
                "player": m.player.name(),
                "intent": intent(Some(m.intent)),
                "before": piles(&m.view.piles),
                "move": mv(&m.view.mv),
                "nim_sum_before": m.view.before.nim_sum,
                "nim_sum_after": m.view.after.nim_sum,
            })
        })
        .collect();
    json!({
        "rules": report.rules.to_string(),
        "start": piles(&report.start),
        "moves": moves,
        "piles": piles(&report.piles),
        "winner": report.winner.map(|w| w.name()),
    })
}
