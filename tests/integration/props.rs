//! Property tests on random positions beyond the exhaustive set (four or five piles, larger
//! sizes), each case one batch of positions run through one nimlab process.

use proptest::prelude::*;

use crate::brute::{Pile, Rules, Solver};
use crate::moves::check_move;
use crate::support::{batch, str_of};
use crate::winner::line;

fn ruleset() -> impl Strategy<Value = Rules> {
    prop::sample::select(Rules::all())
}

fn position() -> impl Strategy<Value = Vec<(u64, bool)>> {
    prop::collection::vec((0u64..=7, any::<bool>()), 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// The binary's winner and move agree with game-tree search; after the binary's move,
    /// the binary itself calls the position lost ("from a won position the winning move
    /// leaves nim-sum 0; from a lost one every move leaves it non-zero").
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
        let mut after_moves = Vec::new();
        for (p, pair) in positions.iter().zip(answers.chunks(2)) {
            let expected = if solver.first_wins(p) { "first" } else { "second" };
            prop_assert_eq!(str_of(&pair[0]["winner"]), expected, "{}", &pair[0]);
            if let Some(after) = check_move(&rules, &mut solver, p, &pair[1]) {
                after_moves.push(after);
            }
        }
        if !after_moves.is_empty() {
            let lines: Vec<String> = after_moves.iter().map(|p| line("winner", &rules, p)).collect();
            for (p, v) in after_moves.iter().zip(batch(&lines)) {
                prop_assert_eq!(str_of(&v["winner"]), "second", "{:?}: {}", p, v);
            }
        }
    }
}
