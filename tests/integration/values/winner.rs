//! `winner` on every small position against exhaustive game-tree search.

use crate::oracle::brute::{Grundy, Pile, Rules, Solver, positions};
use crate::support::{batch, str_of, u64_of};

/// Up to 3 piles of size ≤ 6: every zero-move T/F mix, zeros included, every order.
pub(crate) const PILES: usize = 3;
pub(crate) const MAX: u64 = 6;

/// The command line for one query about `position`.
pub(crate) fn line(command: &str, rules: &Rules, position: &[Pile]) -> String {
    let piles: Vec<String> = position.iter().map(|&p| rules.label(p)).collect();
    format!(
        "{command} --format json --rules {} {}",
        rules.name(),
        piles.join(" ")
    )
}

#[test]
fn every_small_position_agrees_with_game_tree_search() {
    for rules in Rules::all() {
        let all = positions(&rules, PILES, MAX);
        let lines: Vec<String> = all.iter().map(|p| line("winner", &rules, p)).collect();
        let mut solver = Solver::new(rules.clone());
        let mut grundy = Grundy::new(rules.clone());
        let mut seen = [0usize; 2];
        for (position, value) in all.iter().zip(batch(&lines)) {
            let what = format!("{}: {value}", rules.name());
            let first = solver.first_wins(position);
            seen[usize::from(first)] += 1;
            let expected = if first { "first" } else { "second" };
            assert_eq!(str_of(&value["winner"]), expected, "{what}");
            assert_eq!(str_of(&value["rules"]), rules.name(), "{what}");

            let piles: Vec<Pile> = value["piles"]
                .as_array()
                .expect("piles")
                .iter()
                .map(|p| rules.parse_state(str_of(p)))
                .collect();
            assert_eq!(&piles, position, "{what}: piles");

            // Where Sprague–Grundy applies, the per-pile values are the brute-force mex
            // values (the nim-sum is then checked against them, and the verdict above
            // against the game tree).
            if !rules.misere() {
                let values: Vec<u64> = value["grundy"]
                    .as_array()
                    .expect("grundy")
                    .iter()
                    .map(u64_of)
                    .collect();
                let expected: Vec<u64> = position.iter().map(|&p| grundy.value(p)).collect();
                assert_eq!(values, expected, "{what}: grundy");
                let sum = expected.iter().fold(0, |a, g| a ^ g);
                assert_eq!(u64_of(&value["nim_sum"]), sum, "{what}: nim_sum");
            } else {
                assert!(value["method"].is_string(), "{what}: misère says how");
            }
        }
        // Both verdicts occur, so neither answer could pass by always being given.
        assert!(seen[0] > 0 && seen[1] > 0, "{}: {seen:?}", rules.name());
    }
}

/// Four piles, bigger sizes, as one more batch for zero-move and misère (the rulesets whose
/// rules are least like plain Nim).
#[test]
fn four_piles_agree_with_game_tree_search() {
    for rules in [Rules::ZeroMove, Rules::Misere] {
        // Non-decreasing 4-pile positions of states of size ≤ 4 (order was covered above).
        let states = rules.states(4);
        let mut all = Vec::new();
        for a in 0..states.len() {
            for b in a..states.len() {
                for c in b..states.len() {
                    for d in c..states.len() {
                        all.push(vec![states[a], states[b], states[c], states[d]]);
                    }
                }
            }
        }
        let lines: Vec<String> = all.iter().map(|p| line("winner", &rules, p)).collect();
        let mut solver = Solver::new(rules.clone());
        for (position, value) in all.iter().zip(batch(&lines)) {
            let expected = if solver.first_wins(position) {
                "first"
            } else {
                "second"
            };
            assert_eq!(
                str_of(&value["winner"]),
                expected,
                "{}: {value}",
                rules.name()
            );
        }
    }
}
