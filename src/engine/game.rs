//! A game between the learner and the computer: the position, whose turn it is, the moves made
//! (so they can be taken back and replayed), and who won. Pure state; the REPL drives it.

use super::grundy::Solver;
use super::loopy::Outcome;
use super::misere_play::{self, WORK_LIMIT};
use super::moves::{self, IllegalMove, Request};
use super::position::Player;
use super::reply::{Intent, Reply, delaying_move, reply};
use super::{EngineError, Heaps, Move, Pile, Rules};

/// The two sides of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Learner,
    Computer,
}

impl Side {
    pub fn other(self) -> Self {
        match self {
            Self::Learner => Self::Computer,
            Self::Computer => Self::Learner,
        }
    }
}

/// One move of the game; `intent` is the computer's reason (`None` for the learner's moves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    pub mv: Move,
    pub intent: Option<Intent>,
}

/// A game in progress or finished.
#[derive(Debug, Clone)]
pub struct Game {
    solver: Solver,
    start: Vec<Pile>,
    piles: Vec<Pile>,
    first: Side,
    turns: Vec<Turn>,
    resigned: bool,
    /// The ruleset played misère, decided by exhaustive search (its Grundy values do not
    /// decide misère play).
    misere_search: bool,
}

/// Who wins `piles` of a loopy graph, by γ; `None` for other rules.
pub fn loopy_outcome(rules: &Rules, piles: &[Pile]) -> Option<Outcome> {
    let Rules::Graph(graph) = rules else {
        return None;
    };
    if !graph.is_loopy() {
        return None;
    }
    let nodes: Vec<u64> = piles.iter().map(|p| p.size).collect();
    graph.sum_gamma(&nodes).map(|g| g.outcome())
}

/// The move γ chooses on `piles` of a loopy graph: a winning move that makes progress, or one
/// that keeps a draw; `None` when every move loses, or for other rules.
pub fn loopy_move(rules: &Rules, piles: &[Pile]) -> Option<Move> {
    let Rules::Graph(graph) = rules else {
        return None;
    };
    let nodes: Vec<u64> = piles.iter().map(|p| p.size).collect();
    let (i, to) = graph.best_move(&nodes)?;
    Some(Move::new(i, piles[i], Heaps::One(Pile::plain(to))))
}

impl Game {
    pub fn new(solver: Solver, piles: Vec<Pile>, first: Side) -> Self {
        Self {
            solver,
            start: piles.clone(),
            piles,
            first,
            turns: Vec::new(),
            resigned: false,
            misere_search: false,
        }
    }

    /// The same game played misère: the last mover loses, and every decision is a search of
    /// the whole position.
    pub fn played_misere(mut self) -> Self {
        self.misere_search = true;
        self
    }

    /// Whether the game is its ruleset played misère by search.
    pub fn misere_search(&self) -> bool {
        self.misere_search
    }

    /// Who wins `piles` when the game is on a loopy graph (decided by γ, with draws); `None`
    /// for every other game.
    pub fn loopy_outcome(&self, piles: &[Pile]) -> Option<Outcome> {
        loopy_outcome(self.solver.rules(), piles)
    }

    /// Whether the last mover loses: misère Nim, or any ruleset played misère.
    pub fn is_misere(&self) -> bool {
        self.misere_search || self.solver.rules().is_misere()
    }

    /// Whether the player to move on `piles` wins against perfect play, and a move that keeps
    /// the win — by search when played misère. Refuses piles too many to search.
    pub fn decide(&self, piles: &[Pile]) -> Result<(bool, Option<Move>), EngineError> {
        if self.misere_search {
            let v = misere_play::decide(&self.solver, piles, WORK_LIMIT)?;
            return Ok((v.winner == Player::First, v.winning_move));
        }
        if let Some(outcome) = self.loopy_outcome(piles) {
            let won = outcome == Outcome::First;
            return Ok((won, loopy_move(self.solver.rules(), piles).filter(|_| won)));
        }
        let v = super::position::verdict(&self.solver, piles)?;
        let best = super::strategy::winning_move(&self.solver, piles)?;
        Ok((v.winner == Player::First, best))
    }

    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    pub fn start(&self) -> &[Pile] {
        &self.start
    }

    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    pub fn first(&self) -> Side {
        self.first
    }

    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        if self.turns.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Whether the game has ended: no move is left, or the learner resigned.
    pub fn is_over(&self) -> bool {
        self.resigned || moves::is_over(self.solver.rules(), &self.piles)
    }

    /// The winner once the game is over. The player who cannot move loses in normal play and
    /// wins in misère play.
    pub fn winner(&self) -> Option<Side> {
        if self.resigned {
            return Some(Side::Computer);
        }
        if !self.is_over() {
            return None;
        }
        let stuck = self.to_move();
        Some(if self.is_misere() {
            stuck
        } else {
            stuck.other()
        })
    }

    /// Whether the player to move has White's counters in a game of counters (Northcott's):
    /// whoever moves first plays White.
    pub fn white_to_move(&self) -> bool {
        self.turns.len().is_multiple_of(2)
    }

    /// Plays the learner's move if it is legal (in a game of counters, a move of their own).
    pub fn learner_move(&mut self, request: Request) -> Result<Move, IllegalMove> {
        let rules = self.solver.rules();
        let mv = moves::check(rules, &self.piles, request)?;
        let white = self.white_to_move();
        if rules.counter_moved(mv.from, &mv.after()) == Some(!white) {
            return Err(IllegalMove::NotYourCounter {
                index: mv.index,
                from: mv.from,
                after: Box::new(mv.after()),
                rules: rules.clone(),
                white,
            });
        }
        self.push(Side::Learner, mv.clone(), None);
        Ok(mv)
    }

    /// Plays the computer's move (see [`reply`]); `None` if no move is left.
    pub fn computer_move(&mut self) -> Result<Option<Turn>, EngineError> {
        let loopy = self
            .loopy_outcome(&self.piles)
            .filter(|_| !self.misere_search);
        let r = if let Some(outcome) = loopy {
            let rules = self.solver.rules();
            match (outcome, loopy_move(rules, &self.piles)) {
                (Outcome::First, Some(mv)) => Some(Reply {
                    mv,
                    intent: Intent::Winning,
                }),
                (Outcome::Draw, Some(mv)) => Some(Reply {
                    mv,
                    intent: Intent::Drawing,
                }),
                _ => delaying_move(rules, &self.piles).map(|mv| Reply {
                    mv,
                    intent: Intent::Delaying,
                }),
            }
        } else if self.misere_search {
            match misere_play::decide(&self.solver, &self.piles, WORK_LIMIT)?.winning_move {
                Some(mv) => Some(Reply {
                    mv,
                    intent: Intent::Winning,
                }),
                None => delaying_move(self.solver.rules(), &self.piles).map(|mv| Reply {
                    mv,
                    intent: Intent::Delaying,
                }),
            }
        } else {
            reply(&self.solver, &self.piles)?
        };
        let Some(r) = r else {
            return Ok(None);
        };
        let mv = self.by_own_counter(r.mv)?;
        Ok(Some(self.push(Side::Computer, mv, Some(r.intent))))
    }

    /// In a game of counters, `mv` made with the mover's own counter: the option of the same
    /// row, moving their counter, whose value is the same (so a winning move stays winning).
    /// Any other move is kept as it is.
    fn by_own_counter(&self, mv: Move) -> Result<Move, EngineError> {
        self.by_counter_of(mv, self.white_to_move())
    }

    /// [`Self::by_own_counter`] for the player who has White's counters if `white`: a move a
    /// hint or the coach shows, made as that player would make it.
    pub fn by_counter_of(&self, mv: Move, white: bool) -> Result<Move, EngineError> {
        let rules = self.solver.rules();
        if rules.counter_moved(mv.from, &mv.after()) != Some(!white) {
            return Ok(mv);
        }
        let value = self.solver.heaps_value(&mv.after())?;
        for h in rules.heap_options(mv.from) {
            if rules.counter_moved(mv.from, &h) == Some(white)
                && self.solver.heaps_value(&h)? == value
            {
                return Ok(Move::new(mv.index, mv.from, h));
            }
        }
        Ok(mv)
    }

    fn push(&mut self, side: Side, mv: Move, intent: Option<Intent>) -> Turn {
        self.piles = moves::apply(&self.piles, &mv);
        let turn = Turn { side, mv, intent };
        self.turns.push(turn.clone());
        turn
    }

    /// Takes back moves up to and including the learner's last one (so the computer's reply to
    /// it goes too). Returns the moves taken back, latest first; empty if the learner has not
    /// moved.
    pub fn undo(&mut self) -> Vec<Turn> {
        let Some(last) = self.turns.iter().rposition(|t| t.side == Side::Learner) else {
            return Vec::new();
        };
        let taken: Vec<Turn> = self.turns.drain(last..).rev().collect();
        // Latest first, so each move's pile (and a split's other parts) is where it left it.
        for t in &taken {
            let parts = t.mv.after().rest().count();
            self.piles.drain(t.mv.index + 1..t.mv.index + 1 + parts);
            self.piles[t.mv.index] = t.mv.from;
        }
        self.resigned = false;
        taken
    }

    /// Ends the game in the computer's favour.
    pub fn resign(&mut self) {
        self.resigned = true;
    }

    pub fn resigned(&self) -> bool {
        self.resigned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn game(rules: &str, sizes: &[u64], first: Side) -> Game {
        let rules = Rules::parse(rules).unwrap();
        let piles = sizes.iter().map(|&n| rules.pile(n)).collect();
        Game::new(Solver::new(&rules).unwrap(), piles, first)
    }

    #[test]
    fn normal_play_the_last_mover_wins() {
        let mut g = game("nim", &[2], Side::Learner);
        g.learner_move(Request::Take { index: 0, count: 2 })
            .unwrap();
        assert_eq!(g.winner(), Some(Side::Learner));
    }

    #[test]
    fn misere_the_last_mover_loses() {
        let mut g = game("misere", &[2], Side::Learner);
        g.learner_move(Request::Take { index: 0, count: 2 })
            .unwrap();
        assert_eq!(g.winner(), Some(Side::Computer));
    }

    #[test]
    fn undo_takes_back_the_learners_move_and_the_reply() {
        let mut g = game("nim", &[3, 4], Side::Learner);
        g.learner_move(Request::Take { index: 1, count: 1 })
            .unwrap();
        g.computer_move().unwrap().unwrap();
        assert_eq!(g.undo().len(), 2);
        assert_eq!(g.piles(), g.start());
        assert!(g.undo().is_empty());
        assert_eq!(g.to_move(), Side::Learner);
    }

    #[test]
    fn undo_puts_a_split_pile_back_together() {
        // Kayles 6 9: 6 → 2+2 (the middle two pins), then the computer's reply; undo gives
        // back 6 9 whatever the reply split.
        let mut g = game("octal:0.77", &[6, 9], Side::Learner);
        let after = crate::engine::Heaps::Two(Pile::plain(2), Pile::plain(2));
        g.learner_move(Request::Become { index: 0, after }).unwrap();
        assert_eq!(g.piles().len(), 3);
        g.computer_move().unwrap().unwrap();
        g.undo();
        assert_eq!(g.piles(), [Pile::plain(6), Pile::plain(9)]);
    }

    #[test]
    fn undo_puts_a_three_way_split_back_together() {
        // hex:0.C (take one token, leave two or three heaps) 12 7: 12 → 2+4+5 leaves four
        // piles; the computer's reply may split again; undo gives back 12 7.
        let mut g = game("hex:0.C", &[12, 7], Side::Learner);
        let after = crate::engine::Heaps::Three(Pile::plain(2), Pile::plain(4), Pile::plain(5));
        g.learner_move(Request::Become { index: 0, after }).unwrap();
        assert_eq!(g.piles().len(), 4);
        g.computer_move().unwrap().unwrap();
        g.undo();
        assert_eq!(g.piles(), [Pile::plain(12), Pile::plain(7)]);
    }

    #[test]
    fn undo_after_a_computer_opening_keeps_the_opening() {
        let mut g = game("nim", &[3, 4], Side::Computer);
        g.computer_move().unwrap().unwrap();
        let after_opening = g.piles().to_vec();
        assert!(g.undo().is_empty());
        g.learner_move(Request::Take { index: 0, count: 1 })
            .unwrap();
        g.computer_move().unwrap();
        g.undo();
        assert_eq!(g.piles(), after_opening);
        assert_eq!(g.to_move(), Side::Learner);
    }
}
