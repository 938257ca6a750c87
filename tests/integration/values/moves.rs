//! `move` on every small position: a won position gets a legal move that leaves a position
//! lost for the opponent (by game-tree search); a lost position gets `"move": null`.

use serde_json::Value;

use crate::oracle::brute::{Pile, Rules, Solver, positions};
use crate::support::{batch, str_of, u64_of};
use crate::values::winner::{MAX, PILES, line};

/// Checks one `move` answer for `position` and returns the position after the move, if any.
#[track_caller]
pub(crate) fn check_move(
    rules: &Rules,
    solver: &mut Solver,
    position: &[Pile],
    value: &Value,
) -> Option<Vec<Pile>> {
    let what = format!("{}: {value}", rules.name());
    assert_eq!(str_of(&value["rules"]), rules.name(), "{what}");
    let piles: Vec<Pile> = value["piles"]
        .as_array()
        .expect("piles")
        .iter()
        .map(|p| rules.parse_state(str_of(p)))
        .collect();
    assert_eq!(piles, position, "{what}: piles");

    let mv = value.get("move").expect("a `move` key, even when null");
    if !solver.first_wins(position) {
        assert!(mv.is_null(), "{what}: a lost position has no winning move");
        return None;
    }
    if solver.children(position).is_empty() {
        // Misère with every pile empty: the opponent made the last move, so the player to
        // move has won already, without a move to make.
        assert!(mv.is_null(), "{what}: there is no move to make");
        return None;
    }
    assert!(mv.is_object(), "{what}: a won position has a winning move");

    let index = u64_of(&mv["pile"]);
    assert!(
        (1..=position.len() as u64).contains(&index),
        "{what}: pile index is 1-based"
    );
    let i = usize::try_from(index - 1).expect("small index");
    let from = rules.parse_state(str_of(&mv["from"]));
    let to = rules.parse_state(str_of(&mv["to"]));
    assert_eq!(from, position[i], "{what}: `from` is not that pile");
    assert!(
        rules.options(from).contains(&to),
        "{what}: {from:?} → {to:?} is not a legal move"
    );
    // `take` counts the counters removed; a pass (4T → 4F) takes 0.
    assert_eq!(u64_of(&mv["take"]), from.n - to.n, "{what}: take");
    if u64_of(&mv["take"]) == 0 {
        assert!(
            *rules == Rules::ZeroMove && from.pass && !to.pass && from.n == to.n,
            "{what}: a move taking nothing must be a zero-move pass"
        );
    }

    let mut after = position.to_vec();
    after[i] = to;
    assert!(
        !solver.first_wins(&after),
        "{what}: the move leaves {after:?}, which the opponent wins"
    );
    Some(after)
}

#[test]
fn every_move_is_legal_and_winning() {
    for rules in Rules::all() {
        let all = positions(&rules, PILES, MAX);
        let lines: Vec<String> = all.iter().map(|p| line("move", &rules, p)).collect();
        let mut solver = Solver::new(rules.clone());
        let mut moved = 0;
        let mut passes = 0;
        for (position, value) in all.iter().zip(batch(&lines)) {
            if check_move(&rules, &mut solver, position, &value).is_some() {
                moved += 1;
                if value["move"]["take"] == 0 {
                    passes += 1;
                }
            }
        }
        assert!(moved > 0, "{}: no won position was checked", rules.name());
        if rules == Rules::ZeroMove {
            // Some won positions are won only by passing (1T 1F: see the brute self-test),
            // so the pass must actually be offered.
            assert!(passes > 0, "zero-move: no winning move was a pass");
        }
    }
}

/// The named cases of a pass: in 1T 1F the only winning move is the pass on pile 1 (taking
/// 1T leaves 1F, taking 1F leaves 1T, both won for the opponent; the pass leaves 1F 1F).
#[test]
fn the_pass_is_the_winning_move() {
    let value = &batch(&["move --format json --rules zero-move 1T 1F".to_owned()])[0];
    let mv = &value["move"];
    assert_eq!(u64_of(&mv["pile"]), 1, "{value}");
    assert_eq!(str_of(&mv["from"]), "1T", "{value}");
    assert_eq!(str_of(&mv["to"]), "1F", "{value}");
    assert_eq!(u64_of(&mv["take"]), 0, "{value}");
}
