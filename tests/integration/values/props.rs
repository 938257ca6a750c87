//! Property tests on random positions beyond the exhaustive set (four or five piles, larger
//! sizes), each case one batch of positions run through one nimlab process.

use proptest::prelude::*;

use crate::oracle::brute::{Grundy, Pile, Rules, Solver};
use crate::support::{Test, batch, str_of, u64_of};
use crate::values::moves::check_move;
use crate::values::winner::line;

fn ruleset() -> impl Strategy<Value = Rules> {
    prop::sample::select(Rules::all())
}

fn position() -> impl Strategy<Value = Vec<(u64, bool)>> {
    prop::collection::vec((0u64..=7, any::<bool>()), 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// The binary's winner and move agree with game-tree search. Then the laws, asked of the
    /// binary itself: after its winning move it calls the position lost, and every move from
    /// a position it calls lost gives a position it calls won (for Sprague–Grundy rulesets:
    /// nim-sum 0 goes to non-zero).
    #[test]
    fn winner_and_move_agree_with_search(
        rules in ruleset(),
        raw in prop::collection::vec(position(), 20),
    ) {
        let positions: Vec<Vec<Pile>> = raw
            .iter()
            .map(|p| p.iter().map(|&(n, t)| Pile::new(n, t && rules == Rules::ZeroMove)).collect())
            .collect();
        let mut lines = Vec::new();
        for p in &positions {
            lines.push(line("winner", &rules, p));
            lines.push(line("move", &rules, p));
        }
        let answers = batch(&lines);
        let mut solver = Solver::new(rules.clone());
        let mut lost_next = Vec::new();
        let mut won_next = Vec::new();
        for (p, pair) in positions.iter().zip(answers.chunks(2)) {
            let expected = if solver.first_wins(p) { "first" } else { "second" };
            prop_assert_eq!(str_of(&pair[0]["winner"]), expected, "{}", &pair[0]);
            if let Some(after) = check_move(&rules, &mut solver, p, &pair[1]) {
                lost_next.push(after);
            }
            if expected == "second" {
                won_next.extend(solver.children(p));
            }
        }
        let all: Vec<&Vec<Pile>> = lost_next.iter().chain(&won_next).collect();
        if !all.is_empty() {
            let lines: Vec<String> = all.iter().map(|p| line("winner", &rules, p)).collect();
            for (i, (p, v)) in all.iter().zip(batch(&lines)).enumerate() {
                let expected = if i < lost_next.len() { "second" } else { "first" };
                prop_assert_eq!(str_of(&v["winner"]), expected, "{:?}: {}", p, v);
                if expected == "first" && !rules.misere() {
                    prop_assert_ne!(u64_of(&v["nim_sum"]), 0, "{:?}: {}", p, v);
                }
            }
        }
    }
}

fn state() -> impl Strategy<Value = (u64, bool)> {
    (0u64..=10, any::<bool>())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    /// A REPL session of random `set`s: after each one, the session's position, nim-sum (kept
    /// incrementally by nimlab) and verdict equal a fresh brute-force computation.
    #[test]
    fn set_keeps_the_session_right(
        rules in ruleset(),
        start in prop::collection::vec(state(), 3),
        sets in prop::collection::vec((0usize..3, state()), 25),
    ) {
        let pile = |(n, t): (u64, bool)| Pile::new(n, t && rules == Rules::ZeroMove);
        let mut position: Vec<Pile> = start.into_iter().map(pile).collect();
        let labels = |p: &[Pile]| p.iter().map(|&s| rules.label(s)).collect::<Vec<_>>().join(" ");
        let mut lines = vec![
            format!("rules {}", rules.name()),
            format!("position {}", labels(&position)),
        ];
        let mut expected = Vec::new();
        for (i, s) in sets {
            let s = pile(s);
            lines.push(format!("set {} {}", i + 1, rules.label(s)));
            lines.push("winner --format json".to_owned());
            position[i] = s;
            expected.push(position.clone());
        }
        let script = lines.join("\n") + "\n";
        let out = Test::new().stdin(script).run().success();
        let answers: Vec<serde_json::Value> = out
            .stdout
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        prop_assert_eq!(answers.len(), expected.len());
        let mut solver = Solver::new(rules.clone());
        let mut grundy = Grundy::new(rules.clone());
        for (p, v) in expected.iter().zip(&answers) {
            let piles: Vec<Pile> = v["piles"]
                .as_array()
                .expect("piles")
                .iter()
                .map(|s| rules.parse_state(str_of(s)))
                .collect();
            prop_assert_eq!(&piles, p, "{}", v);
            let winner = if solver.first_wins(p) { "first" } else { "second" };
            prop_assert_eq!(str_of(&v["winner"]), winner, "{}", v);
            if !rules.misere() {
                let sum = p.iter().fold(0, |a, &s| a ^ grundy.value(s));
                prop_assert_eq!(u64_of(&v["nim_sum"]), sum, "{}", v);
            }
        }
    }
}
