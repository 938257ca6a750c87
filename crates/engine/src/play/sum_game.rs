//! A game against the computer on a sum of components: piles of different games
//! (`wythoff(3,5) + lasker(7) + 4`) or Green Hackenbush pictures. A move changes one component
//! (a pile moves or splits, an edge is cut and what no longer reaches the ground falls). The
//! computer plays the winning move `move` names for the same sum — [`solve`]'s for piles,
//! [`winning_cut`]'s for pictures — else the move that keeps the most play; played misère, it
//! searches the whole sum. On the tokens of a loopy graph (one with a cycle) it plays by γ:
//! the winning move that makes progress, a move that keeps a draw, else a delaying move.
//! Pure state; the REPL drives it.

use std::collections::HashMap;

use crate::families::graph::GameGraph;
use crate::families::hackenbush::{Picture, winning_cut};
use crate::families::loopy::{Gamma, Outcome};
use crate::limits::budget::{Budget, LOOKUP_WORK};
use crate::notation::hackenbush_write::canonical;
use crate::play::game::Side;
use crate::play::moves::{self, IllegalMove, Request};
use crate::play::outcome::Player;
use crate::play::position::nim_sum;
use crate::play::reply::{Intent, Reply, delaying_move, longest_play, reply};
use crate::play::sum::{Component, solve};
use crate::searches::misere_play::{self, WORK_LIMIT};
use crate::values::grundy::Solver;
use crate::values::library_form::{LibraryForm, leaves_as_heaps};
use crate::{EngineError, Grundy, Heaps, Move, Pile, Rules, TooMuchWork};

/// One component of the sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// A state of the game whose solver is `game` (an index into the game's solvers).
    Pile { game: usize, pile: Pile },
    /// A Green Hackenbush picture, its nodes named as it is written (see [`canonical`]).
    Picture(Picture),
}

/// A move: component `component` (0-based) was `from` and is now `after` (several parts where
/// a pile split); for a picture, `edge` is the edge cut, by its index in `from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartMove {
    pub component: usize,
    pub from: Part,
    pub after: Vec<Part>,
    pub edge: Option<usize>,
}

impl PartMove {
    /// Component `component`, a pile of game `game` that was `from`, becomes the heaps `after`.
    pub fn of_heaps(component: usize, from: Part, game: usize, after: &Heaps) -> Self {
        Self {
            component,
            from,
            after: after
                .piles()
                .map(|pile| Part::Pile { game, pile })
                .collect(),
            edge: None,
        }
    }
}

/// One move of the game; `intent` is the computer's reason (`None` for the learner's moves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumTurn {
    pub side: Side,
    pub mv: PartMove,
    pub intent: Option<Intent>,
}

/// The most options a misère search of a sum examines. Each option is a whole position
/// rebuilt and keyed, heavier than a single ruleset's search, so the budget is smaller.
pub(crate) const MISERE_WORK_LIMIT: u64 = 500_000;

/// The deepest a misère search of a sum goes (each level one move).
const MISERE_DEPTH: usize = 1_000;

/// A sum played misère, decided by search: who wins, the move that keeps the win (for the
/// first player), the options the search examined, and whether no move is left at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereSum {
    pub(crate) winner: Player,
    pub best: Option<PartMove>,
    pub work: u64,
    pub no_move: bool,
    /// Whether the win was found by a short move of a far pile, its result searched whole.
    pub(crate) by_short_move: bool,
}

impl MisereSum {
    /// The outcome: by the search, or that no move is left (the player to move wins misère).
    pub fn judgement(&self) -> crate::Judgement {
        if self.no_move {
            crate::Judgement::no_move(true)
        } else if self.by_short_move {
            crate::Judgement::by_short_move(self.work)
        } else {
            crate::Judgement::by_search(self.winner, self.work)
        }
    }
}

/// A game on a sum, in progress or finished.
#[derive(Debug, Clone)]
pub struct SumGame {
    solvers: Vec<Solver>,
    start: Vec<Part>,
    parts: Vec<Part>,
    first: Side,
    /// Each move with the position before it, so `undo` puts back exactly what was there.
    turns: Vec<(SumTurn, Vec<Part>)>,
    resigned: bool,
    misere: bool,
    /// The piles are the position of one ruleset (see [`SumGame::of_position`]).
    whole: bool,
    /// Moves made before this game's start (a line of play resumed, as `step` resumes it),
    /// which say whose counters the player to move has.
    earlier: usize,
}

impl SumGame {
    /// A game on piles of the games `solvers` (each has valued its piles).
    pub fn of_piles(solvers: Vec<Solver>, piles: Vec<(usize, Pile)>, first: Side) -> Self {
        let parts: Vec<Part> = piles
            .into_iter()
            .map(|(game, pile)| Part::Pile { game, pile })
            .collect();
        Self::new(solvers, parts, first)
    }

    /// A game on the piles of one ruleset: the sum of its heaps. Where the sum rule does not
    /// decide it, the ruleset's own rules for a whole position do: misère Nim (whose
    /// values do not add by XOR), the ruleset played misère (by its own search),
    /// Northcott's counters (each player moves their own), and the tokens of a loopy graph
    /// (by γ, which has draws: see [`SumGame::loopy_graph`]).
    pub fn of_position(solver: Solver, piles: Vec<Pile>, first: Side) -> Self {
        let piles = piles.into_iter().map(|pile| (0, pile)).collect();
        let mut game = Self::of_piles(vec![solver], piles, first);
        game.whole = true;
        game
    }

    /// A game of Green Hackenbush on `pictures`.
    pub fn of_pictures(pictures: Vec<Picture>, first: Side) -> Self {
        let parts = pictures
            .iter()
            .map(|p| Part::Picture(canonical(p)))
            .collect();
        Self::new(Vec::new(), parts, first)
    }

    fn new(solvers: Vec<Solver>, parts: Vec<Part>, first: Side) -> Self {
        Self {
            solvers,
            start: parts.clone(),
            parts,
            first,
            turns: Vec::new(),
            resigned: false,
            misere: false,
            whole: false,
            earlier: 0,
        }
    }

    /// The same game played misère (the last mover loses), decided by searching the sum.
    pub fn played_misere(mut self) -> Self {
        self.misere = true;
        self
    }

    /// The same game resumed after `moves` moves made before its start, so that in a game of
    /// counters the player to move moves their own: whoever moved first plays White.
    pub fn after_moves(mut self, moves: usize) -> Self {
        self.earlier = moves;
        self
    }

    /// Whether the game is played misère by search (`play --misere`).
    pub fn is_misere(&self) -> bool {
        self.misere
    }

    /// Whether the last mover loses: played misère, or misère Nim.
    pub(crate) fn last_mover_loses(&self) -> bool {
        self.misere || (self.whole && self.solvers[0].rules().is_misere())
    }

    /// The position, where the game is one ruleset's piles ([`SumGame::of_position`]).
    pub fn piles(&self) -> Vec<Pile> {
        piles_of(&self.parts)
    }

    /// The solvers of the sum's games; a [`Part::Pile`]'s `game` indexes them.
    pub fn solvers(&self) -> &[Solver] {
        &self.solvers
    }

    pub fn start(&self) -> &[Part] {
        &self.start
    }

    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    pub fn first(&self) -> Side {
        self.first
    }

    /// The moves made, in order.
    pub fn turns(&self) -> impl Iterator<Item = &SumTurn> {
        self.turns.iter().map(|(t, _)| t)
    }

    pub fn moves_made(&self) -> usize {
        self.turns.len()
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        if self.turns.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// A component's normal-play Grundy value.
    pub fn value(&self, part: &Part) -> Result<Grundy, EngineError> {
        match part {
            Part::Pile { game, pile } => Ok(self.solvers[*game].value(*pile)?.grundy()),
            Part::Picture(p) => Ok(p.value()),
        }
    }

    /// Each component's value on `parts`.
    pub fn values(&self, parts: &[Part]) -> Result<Vec<Grundy>, EngineError> {
        parts.iter().map(|p| self.value(p)).collect()
    }

    /// The graph, where the game is the tokens of one loopy graph played normally: decided by
    /// γ, which has draws, not by Grundy values (it has none).
    pub fn loopy_graph(&self) -> Option<&GameGraph> {
        if !self.whole || self.misere {
            return None;
        }
        match self.solvers[0].rules() {
            Rules::Graph(graph) if graph.is_loopy() => Some(graph),
            _ => None,
        }
    }

    /// Each token's γ on `parts`, on a loopy graph ([`Self::loopy_graph`]); `None` otherwise.
    pub fn gammas(&self, parts: &[Part]) -> Option<Vec<Gamma>> {
        let graph = self.loopy_graph()?;
        piles_of(parts)
            .iter()
            .map(|p| graph.gamma(p.size))
            .collect()
    }

    /// Who wins `parts` of a loopy graph with the player to move first, by the γ of the sum
    /// (a win, a loss or a draw); `None` on any other game.
    pub fn outcome_by_gamma(&self, parts: &[Part]) -> Option<Outcome> {
        let graph = self.loopy_graph()?;
        let nodes: Vec<u64> = piles_of(parts).iter().map(|p| p.size).collect();
        graph.sum_gamma(&nodes).map(|g| g.outcome())
    }

    /// The move γ makes on `parts` of a loopy graph: a winning move that makes progress, or a
    /// move that keeps a draw; `None` when every move loses, and on any other game.
    pub fn move_by_gamma(&self, parts: &[Part]) -> Option<PartMove> {
        let graph = self.loopy_graph()?;
        loopy_move(graph, &piles_of(parts)).map(|m| whole_move(&m))
    }

    /// Whether the player to move on `parts` wins against perfect play, and the move that
    /// keeps the win: by the nim-sum (the move `move` names), by search when played misère,
    /// by γ on a loopy graph (a draw is not a win).
    pub fn decide(&self, parts: &[Part]) -> Result<(bool, Option<PartMove>), EngineError> {
        if self.whole {
            let piles = piles_of(parts);
            let solver = &self.solvers[0];
            let (won, best) = if self.misere {
                let v = misere_play::decide(solver, &piles, WORK_LIMIT)?;
                (v.winner == Player::First, v.winning_move)
            } else if let Some(graph) = self.loopy_graph() {
                let won = self.outcome_by_gamma(parts) == Some(Outcome::First);
                (won, loopy_move(graph, &piles).filter(|_| won))
            } else {
                let v = crate::play::position::verdict(solver, &piles)?;
                let best = crate::play::strategy::winning_move(solver, &piles)?;
                (v.winner == Player::First, best)
            };
            return Ok((won, best.map(|m| whole_move(&m))));
        }
        if self.misere {
            let v = self.misere_sum(parts)?;
            return Ok((v.winner == Player::First, v.best));
        }
        let values = self.values(parts)?;
        if nim_sum(values.iter().copied()) == 0 {
            return Ok((false, None));
        }
        Ok((true, self.winning_move(parts, &values)?))
    }

    /// Who wins `parts` played misère (the last mover loses), by searching the whole sum —
    /// misère values do not add — and the first move that keeps the win.
    pub fn misere_sum(&self, parts: &[Part]) -> Result<MisereSum, EngineError> {
        let mut search = MisereSearch::new(self);
        let won = search.first_wins(parts)?;
        // Every move, or (a far pile's being too many to list) the short moves that decided.
        let (options, short) = match self.options(parts, &mut Budget::new(MISERE_WORK_LIMIT)) {
            Ok(options) => (options, false),
            Err(EngineError::TooMuchWork(_)) if search.short => (self.short_options(parts), true),
            Err(e) => return Err(e),
        };
        let mut best = None;
        if won {
            for (mv, next) in &options {
                if !search.first_wins(next)? {
                    best = Some(mv.clone());
                    break;
                }
            }
        }
        Ok(MisereSum {
            winner: if won { Player::First } else { Player::Second },
            best,
            work: search.work,
            no_move: options.is_empty() && !short,
            by_short_move: short,
        })
    }

    /// The winning move by the nim-sum, from the same functions `move` calls.
    fn winning_move(
        &self,
        parts: &[Part],
        values: &[Grundy],
    ) -> Result<Option<PartMove>, EngineError> {
        let pictures: Option<Vec<Picture>> = parts
            .iter()
            .map(|p| match p {
                Part::Picture(p) => Some(p.clone()),
                Part::Pile { .. } => None,
            })
            .collect();
        if let Some(pictures) = pictures {
            return Ok(winning_cut(&pictures, values)
                .map(|cut| self.cut_move(parts, cut.component, cut.edge)));
        }
        let mut components = Vec::with_capacity(parts.len());
        let mut games = Vec::with_capacity(parts.len());
        for part in parts {
            let Part::Pile { game, pile } = part else {
                // Piles and pictures are never mixed: each game is made of one kind.
                return Ok(None);
            };
            games.push(*game);
            components.push(Component {
                solver: &self.solvers[*game],
                pile: *pile,
            });
        }
        Ok(solve(&components)?.winning_move.map(|m| {
            let game = games[m.component];
            PartMove::of_heaps(m.component, parts[m.component].clone(), game, &m.after)
        }))
    }

    /// The move cutting edge `edge` of picture `component` of `parts`.
    fn cut_move(&self, parts: &[Part], component: usize, edge: usize) -> PartMove {
        let from = parts[component].clone();
        let after = match &from {
            Part::Picture(p) => vec![Part::Picture(canonical(&p.cut(edge)))],
            Part::Pile { .. } => vec![from.clone()],
        };
        PartMove {
            component,
            from,
            after,
            edge: Some(edge),
        }
    }

    /// Every move from `parts`, with the position it leaves; a pile's moves listed within
    /// `budget`, or refused.
    fn options(
        &self,
        parts: &[Part],
        budget: &mut Budget,
    ) -> Result<Vec<(PartMove, Vec<Part>)>, EngineError> {
        let mut out = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            match part {
                Part::Pile { game, pile } => {
                    let rules = self.solvers[*game].rules();
                    // A far pile's moves, more than the budget allows: refused before listing.
                    if let Some(form) = LibraryForm::of_far_pile(rules, *pile)
                        && form.options_count(pile.size) > u128::from(budget.left())
                    {
                        return Err(TooMuchWork::GameTreeMoves {
                            moves: budget.limit(),
                        }
                        .into());
                    }
                    for heaps in rules.heap_options(*pile, budget)? {
                        let mv = PartMove::of_heaps(i, part.clone(), *game, &heaps);
                        let next = after(parts, &mv);
                        out.push((mv, next));
                    }
                }
                Part::Picture(p) => {
                    for edge in 0..p.edges().len() {
                        let mv = self.cut_move(parts, i, edge);
                        let next = after(parts, &mv);
                        out.push((mv, next));
                    }
                }
            }
        }
        Ok(out)
    }

    /// The short moves of the far piles of `parts` (see [`LibraryForm::short_moves`]), with
    /// the position each leaves.
    fn short_options(&self, parts: &[Part]) -> Vec<(PartMove, Vec<Part>)> {
        let mut out = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let Part::Pile { game, pile } = part else {
                continue;
            };
            let Some(form) = LibraryForm::of_far_pile(self.solvers[*game].rules(), *pile) else {
                continue;
            };
            for leaves in form.short_moves(pile.size) {
                let heaps = leaves_as_heaps(&leaves);
                let mv = PartMove::of_heaps(i, part.clone(), *game, &heaps);
                let next = after(parts, &mv);
                out.push((mv, next));
            }
        }
        out
    }

    /// Whether no move is left; refused where a pile's moves cannot be listed.
    pub fn no_move_left(&self, parts: &[Part]) -> Result<bool, EngineError> {
        if self.whole {
            return moves::is_over(self.solvers[0].rules(), &piles_of(parts));
        }
        for part in parts {
            let over = match part {
                Part::Pile { game, pile } => moves::is_over(self.solvers[*game].rules(), &[*pile])?,
                Part::Picture(p) => p.edges().is_empty(),
            };
            if !over {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the game has ended: no move is left, or the learner resigned. A pile whose
    /// moves are too many to list is not said to have none: the game goes on, and the move
    /// that needs them is refused when it is asked for.
    pub fn is_over(&self) -> bool {
        self.resigned || matches!(self.no_move_left(&self.parts), Ok(true))
    }

    /// The winner once the game is over: whoever cannot move loses (wins, played misère).
    pub fn winner(&self) -> Option<Side> {
        if self.resigned {
            return Some(Side::Computer);
        }
        if !self.is_over() {
            return None;
        }
        let stuck = self.to_move();
        Some(if self.last_mover_loses() {
            stuck
        } else {
            stuck.other()
        })
    }

    pub fn resigned(&self) -> bool {
        self.resigned
    }

    /// The learner's move on a pile component, checked by that component's rules; an
    /// illegal move is named by the component's number.
    pub fn learner_move(&mut self, request: Request) -> Result<PartMove, IllegalMove> {
        if self.whole {
            let rules = self.solvers[0].rules();
            let mv = moves::check(rules, &self.piles(), request)?;
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
            let mv = whole_move(&mv);
            self.push(Side::Learner, mv.clone(), None);
            return Ok(mv);
        }
        let index = match request {
            Request::Take { index, .. }
            | Request::Pass { index }
            | Request::Become { index, .. } => index,
        };
        let Some(Part::Pile { game, pile }) = self.parts.get(index).cloned() else {
            return Err(IllegalMove::NoSuchPile {
                index,
                piles: self.parts.len(),
            });
        };
        // The check reads only the pile it is asked about: the component stands at its own
        // number, so an illegal move names it so.
        let piles = vec![pile; index + 1];
        let m = moves::check(self.solvers[game].rules(), &piles, request)?;
        let mv = PartMove::of_heaps(index, Part::Pile { game, pile }, game, &m.after());
        self.push(Side::Learner, mv.clone(), None);
        Ok(mv)
    }

    /// The learner cuts edge `edge` of picture `component`. `None` (nothing changes) if there
    /// is no such picture or edge.
    pub fn learner_cut(&mut self, component: usize, edge: usize) -> Option<PartMove> {
        match self.parts.get(component) {
            Some(Part::Picture(p)) if edge < p.edges().len() => {}
            _ => return None,
        }
        let mv = self.cut_move(&self.parts, component, edge);
        self.push(Side::Learner, mv.clone(), None);
        Some(mv)
    }

    /// Plays the computer's move: the winning move if there is one, else a delaying move;
    /// `None` if no move is left.
    pub fn computer_move(&mut self) -> Result<Option<SumTurn>, EngineError> {
        if self.whole {
            return self.computer_move_whole();
        }
        let (mv, intent) = match self.decide(&self.parts)? {
            (true, Some(mv)) => (mv, Intent::Winning),
            _ => match self.delaying_move()? {
                Some(mv) => (mv, Intent::Delaying),
                None => return Ok(None),
            },
        };
        Ok(Some(self.push(Side::Computer, mv, Some(intent))))
    }

    /// [`Self::computer_move`] on one ruleset's piles: the move `move` names for the whole
    /// position (by search, played misère; by γ on a loopy graph, which keeps a draw), else
    /// the ruleset's delaying move — made with the mover's own counter in a game of counters.
    fn computer_move_whole(&mut self) -> Result<Option<SumTurn>, EngineError> {
        let solver = &self.solvers[0];
        let piles = self.piles();
        let r = if let Some(graph) = self.loopy_graph() {
            let outcome = self.outcome_by_gamma(&self.parts);
            match (outcome, loopy_move(graph, &piles)) {
                (Some(Outcome::First), Some(mv)) => Some(Reply {
                    mv,
                    intent: Intent::Winning,
                }),
                (Some(Outcome::Draw), Some(mv)) => Some(Reply {
                    mv,
                    intent: Intent::Drawing,
                }),
                _ => loopy_delay(graph, &piles).map(|mv| Reply {
                    mv,
                    intent: Intent::Delaying,
                }),
            }
        } else if self.misere {
            match misere_play::decide(solver, &piles, WORK_LIMIT)?.winning_move {
                Some(mv) => Some(Reply {
                    mv,
                    intent: Intent::Winning,
                }),
                None => delaying_move(solver.rules(), &piles)?.map(|mv| Reply {
                    mv,
                    intent: Intent::Delaying,
                }),
            }
        } else {
            reply(solver, &piles)?
        };
        let Some(r) = r else {
            return Ok(None);
        };
        let mv = self.by_counter_of(r.mv, self.white_to_move())?;
        Ok(Some(self.push(
            Side::Computer,
            whole_move(&mv),
            Some(r.intent),
        )))
    }

    /// Whether the player to move has White's counters in a game of counters (Northcott's):
    /// whoever moved first (counting the moves before the start) plays White.
    pub fn white_to_move(&self) -> bool {
        (self.earlier + self.turns.len()).is_multiple_of(2)
    }

    /// In a game of counters, `mv` made by the player who has White's counters if `white`:
    /// the option of the same row, moving their own counter, whose value is the same (so a
    /// winning move stays winning). Any other move is kept as it is.
    pub fn by_counter_of(&self, mv: Move, white: bool) -> Result<Move, EngineError> {
        own_counter_move(&self.solvers[0], mv, white)
    }

    /// The move that shortens the play left the least: in a pile, the ruleset's own delaying
    /// move (see `reply`); in a picture, the cut that drops the fewest edges. Ties go to the
    /// first component.
    fn delaying_move(&self) -> Result<Option<PartMove>, EngineError> {
        let mut best: Option<(u128, PartMove)> = None;
        for (i, part) in self.parts.iter().enumerate() {
            let (cost, mv) = match part {
                Part::Pile { game, pile } => {
                    let rules = self.solvers[*game].rules();
                    let Some(m) = delaying_move(rules, &[*pile])? else {
                        continue;
                    };
                    let left: u128 = m.after().piles().map(|p| longest_play(rules, p)).sum();
                    let cost = longest_play(rules, *pile).saturating_sub(left);
                    let mv = PartMove::of_heaps(i, part.clone(), *game, &m.after());
                    (cost, mv)
                }
                Part::Picture(p) => {
                    let Some((dropped, edge)) = (0..p.edges().len())
                        .map(|e| (p.edges().len() - p.cut(e).edges().len(), e))
                        .min()
                    else {
                        continue;
                    };
                    (
                        u128::try_from(dropped).unwrap_or(u128::MAX),
                        self.cut_move(&self.parts, i, edge),
                    )
                }
            };
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, mv));
            }
        }
        Ok(best.map(|(_, mv)| mv))
    }

    fn push(&mut self, side: Side, mv: PartMove, intent: Option<Intent>) -> SumTurn {
        let before = std::mem::take(&mut self.parts);
        self.parts = after(&before, &mv);
        let turn = SumTurn { side, mv, intent };
        self.turns.push((turn.clone(), before));
        turn
    }

    /// Takes back moves up to and including the learner's last one (so the computer's reply
    /// goes too). Returns the moves taken back, latest first; empty if the learner has not
    /// moved.
    pub fn undo(&mut self) -> Vec<SumTurn> {
        let Some(last) = self
            .turns
            .iter()
            .rposition(|(t, _)| t.side == Side::Learner)
        else {
            return Vec::new();
        };
        let mut taken: Vec<(SumTurn, Vec<Part>)> = self.turns.drain(last..).collect();
        if let Some((_, before)) = taken.first() {
            self.parts = before.clone();
        }
        taken.reverse();
        self.resigned = false;
        taken.into_iter().map(|(t, _)| t).collect()
    }

    /// Ends the game in the computer's favour.
    pub fn resign(&mut self) {
        self.resigned = true;
    }
}

/// The piles of `parts` (a game of one ruleset's piles has no other part).
pub fn piles_of(parts: &[Part]) -> Vec<Pile> {
    parts
        .iter()
        .filter_map(|p| match p {
            Part::Pile { pile, .. } => Some(*pile),
            Part::Picture(_) => None,
        })
        .collect()
}

/// In a game of counters (Northcott's), `mv` made by the player who has White's counters if
/// `white`: the option of the same row, moving their own counter, whose value is the same (so
/// a winning move stays winning). Any other move is kept as it is.
pub fn own_counter_move(solver: &Solver, mv: Move, white: bool) -> Result<Move, EngineError> {
    let rules = solver.rules();
    if rules.counter_moved(mv.from, &mv.after()) != Some(!white) {
        return Ok(mv);
    }
    let value = solver.heaps_value(&mv.after())?;
    for h in rules.heap_options(mv.from, &mut Budget::new(LOOKUP_WORK))? {
        if rules.counter_moved(mv.from, &h) == Some(white) && solver.heaps_value(&h)? == value {
            return Ok(Move::new(mv.index, mv.from, h));
        }
    }
    Ok(mv)
}

/// A move on one ruleset's position as a move of its component.
fn whole_move(mv: &Move) -> PartMove {
    let from = Part::Pile {
        game: 0,
        pile: mv.from,
    };
    PartMove::of_heaps(mv.index, from, 0, &mv.after())
}

/// The move γ makes on tokens `piles` of a loopy graph: a winning move that makes progress
/// (the least counter), or one that keeps a draw; `None` when every move loses.
fn loopy_move(graph: &GameGraph, piles: &[Pile]) -> Option<Move> {
    let nodes: Vec<u64> = piles.iter().map(|p| p.size).collect();
    let (i, to) = graph.best_move(&nodes)?;
    Some(Move::new(i, piles[i], Heaps::One(Pile::plain(to))))
}

/// A move on tokens `piles` of a loopy graph that every move loses: the one whose winning
/// answer leaves the most progress still to make (the largest counters after it), so the
/// winner has the longest way to go. Ties go to the first token and the first option;
/// `None` when no move is left.
fn loopy_delay(graph: &GameGraph, piles: &[Pile]) -> Option<Move> {
    let mut nodes: Vec<u64> = piles.iter().map(|p| p.size).collect();
    let mut best: Option<(u64, Move)> = None;
    for (i, &from) in piles.iter().enumerate() {
        let options: Vec<u64> = graph.moves(from.size).collect();
        for to in options {
            nodes[i] = to;
            let mut answered = nodes.clone();
            if let Some((j, back)) = graph.best_move(&nodes) {
                answered[j] = back;
            }
            let left = answered
                .iter()
                .fold(0u64, |sum, &n| sum.saturating_add(graph.counter(n)));
            if best.as_ref().is_none_or(|(most, _)| left > *most) {
                best = Some((left, Move::new(i, from, Heaps::One(Pile::plain(to)))));
            }
        }
        nodes[i] = from.size;
    }
    best.map(|(_, mv)| mv)
}

impl PartMove {
    /// The move as a move on one ruleset's piles; `None` for a cut.
    pub fn as_move(&self) -> Option<Move> {
        let Part::Pile { pile: from, .. } = self.from else {
            return None;
        };
        let after = piles_of(&self.after);
        Some(Move::new(self.component, from, Heaps::of(after)))
    }
}

/// The position `mv` leaves: its component replaced by what it became (a split's parts in its
/// place, in order).
fn after(parts: &[Part], mv: &PartMove) -> Vec<Part> {
    let mut out = Vec::with_capacity(parts.len() + mv.after.len());
    out.extend_from_slice(&parts[..mv.component]);
    out.extend(mv.after.iter().cloned());
    out.extend_from_slice(&parts[mv.component + 1..]);
    out
}

/// Misère play of a sum by memoised game-tree search: a position (its components sorted, so
/// the order of a sum does not matter) is won iff it has no move (the last mover lost) or
/// some move leaves a lost one. At most [`MISERE_WORK_LIMIT`] options are examined.
struct MisereSearch<'g> {
    game: &'g SumGame,
    memo: HashMap<Vec<Key>, bool>,
    work: u64,
    depth: usize,
    /// Whether some position was decided by a short move of a far pile.
    short: bool,
}

/// A component as the search's memo keys it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    Pile(usize, Pile),
    Picture(String),
}

impl<'g> MisereSearch<'g> {
    fn new(game: &'g SumGame) -> Self {
        Self {
            game,
            memo: HashMap::new(),
            work: 0,
            depth: 0,
            short: false,
        }
    }

    fn key(parts: &[Part]) -> Vec<Key> {
        let mut key: Vec<Key> = parts
            .iter()
            .map(|p| match p {
                Part::Pile { game, pile } => Key::Pile(*game, *pile),
                Part::Picture(p) => Key::Picture(crate::notation::hackenbush_write::write(p)),
            })
            .collect();
        key.sort();
        key
    }

    fn first_wins(&mut self, parts: &[Part]) -> Result<bool, EngineError> {
        let key = Self::key(parts);
        if let Some(&won) = self.memo.get(&key) {
            return Ok(won);
        }
        if self.depth == 0 {
            for part in parts {
                if let Part::Pile { game, .. } = part {
                    self.game.solvers[*game].rules().check_misere()?;
                }
            }
        }
        if self.depth >= MISERE_DEPTH {
            return Err(TooMuchWork::GameTreeDepth {
                moves: MISERE_DEPTH as u64,
            }
            .into());
        }
        let left = MISERE_WORK_LIMIT.saturating_sub(self.work);
        let mut budget = Budget::new(left);
        let options = match self.game.options(parts, &mut budget) {
            Ok(options) => options,
            // Too many moves to try them all: a short move of a far pile whose result the
            // search proves lost still decides a win.
            Err(EngineError::TooMuchWork(w)) if matches!(*w, TooMuchWork::GameTreeMoves { .. }) => {
                self.work = self.work.saturating_add(budget.spent());
                let won = self.short_win(parts)?;
                self.memo.insert(key, won);
                return Ok(won);
            }
            Err(e) => return Err(e),
        };
        self.work = self.work.saturating_add(budget.spent());
        // Every node: its options copy the whole sum once each.
        crate::limits::cancel::poll()?;
        // No move: the player to move did not move last, so wins misère.
        let mut won = options.is_empty();
        self.depth += 1;
        for (_, next) in options {
            self.work += 1;
            if self.work > MISERE_WORK_LIMIT {
                self.depth -= 1;
                return Err(TooMuchWork::GameTreeMoves {
                    moves: MISERE_WORK_LIMIT,
                }
                .into());
            }
            if !self.first_wins(&next)? {
                won = true;
                break;
            }
        }
        self.depth -= 1;
        self.memo.insert(key, won);
        Ok(won)
    }
}

impl MisereSearch<'_> {
    /// Whether a short move of a far pile of `parts` leaves a position the search proves lost
    /// (then `parts` is won); refused if none does. Kept out of `first_wins`'s frame, which
    /// the recursion stacks deep.
    #[inline(never)]
    fn short_win(&mut self, parts: &[Part]) -> Result<bool, EngineError> {
        self.depth += 1;
        let mut won = false;
        for (_, next) in self.game.short_options(parts) {
            // Each try is work: with the search's limit reached, none is tried.
            self.work += 1;
            if self.work > MISERE_WORK_LIMIT {
                break;
            }
            match self.first_wins(&next) {
                Ok(false) => {
                    won = true;
                    break;
                }
                Ok(true) | Err(EngineError::TooMuchWork(_)) => {}
                Err(e) => {
                    self.depth -= 1;
                    return Err(e);
                }
            }
        }
        self.depth -= 1;
        if !won {
            return Err(TooMuchWork::GameTreeMoves {
                moves: MISERE_WORK_LIMIT,
            }
            .into());
        }
        self.short = true;
        Ok(true)
    }
}

/// Who wins `parts` of `game` played misère, by search (for the tests).
#[cfg(test)]
pub(crate) fn misere_winner(game: &SumGame, parts: &[Part]) -> Result<Player, EngineError> {
    Ok(if MisereSearch::new(game).first_wins(parts)? {
        Player::First
    } else {
        Player::Second
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::notation::hackenbush_syntax::parse;

    fn solver(rules: &str) -> Solver {
        Solver::new(&Rules::parse(rules).unwrap()).unwrap()
    }

    #[test]
    fn the_computer_plays_the_sums_winning_move() {
        // nim 5 + subtract:1,2 (g(n) = n mod 3) 5: values 5, 2, XOR 7; nim's 5 → 2.
        let mut g = SumGame::of_piles(
            vec![solver("nim"), solver("subtract:1,2")],
            vec![(0, Pile::plain(5)), (1, Pile::plain(5))],
            Side::Computer,
        );
        let t = g.computer_move().unwrap().unwrap();
        assert_eq!(t.intent, Some(Intent::Winning));
        assert_eq!(
            t.mv.after,
            [Part::Pile {
                game: 0,
                pile: Pile::plain(2)
            }]
        );
    }

    #[test]
    fn a_lost_sum_gets_a_delaying_move_and_undo_restores() {
        // nim 2 + subtract:1,2 2: values 2 and 2, lost for the mover.
        let mut g = SumGame::of_piles(
            vec![solver("nim"), solver("subtract:1,2")],
            vec![(0, Pile::plain(2)), (1, Pile::plain(2))],
            Side::Learner,
        );
        g.learner_move(Request::Take { index: 1, count: 2 })
            .unwrap();
        g.computer_move().unwrap().unwrap();
        let undone = g.undo();
        assert_eq!(undone.len(), 2);
        assert_eq!(g.parts(), g.start());
    }

    #[test]
    fn a_cut_drops_what_falls_and_undo_puts_it_back() {
        let mut g = SumGame::of_pictures(vec![parse("2(1,3)").unwrap()], Side::Learner);
        let mv = g.learner_cut(0, 1).unwrap();
        assert_eq!(mv.after, [Part::Picture(parse("1").unwrap())]);
        assert!(g.learner_cut(0, 5).is_none());
        g.undo();
        assert_eq!(g.parts(), g.start());
    }

    fn position(rules: &str, sizes: &[u64], first: Side) -> SumGame {
        let rules = Rules::parse(rules).unwrap();
        let piles = sizes.iter().map(|&n| rules.pile(n)).collect();
        SumGame::of_position(Solver::new(&rules).unwrap(), piles, first)
    }

    #[test]
    fn on_piles_normal_play_the_last_mover_wins_and_misere_nim_loses() {
        for (rules, winner) in [("nim", Side::Learner), ("misere", Side::Computer)] {
            let mut g = position(rules, &[2], Side::Learner);
            g.learner_move(Request::Take { index: 0, count: 2 })
                .unwrap();
            assert_eq!(g.winner(), Some(winner), "{rules}");
        }
    }

    #[test]
    fn misere_nim_is_decided_whole_not_by_the_nim_sum() {
        // Misère Nim 1 1: nim-sum 0, yet the mover wins (take one; the other takes the last).
        let g = position("misere", &[1, 1], Side::Learner);
        assert!(g.decide(g.parts()).unwrap().0);
    }

    #[test]
    fn undo_puts_split_piles_back_together() {
        // Kayles 6 9: 6 → 2+2; hex:0.C 12 7: 12 → 2+4+5. The reply may split again; undo
        // gives back the start.
        for (rules, sizes, after) in [
            (
                "octal:0.77",
                [6, 9],
                Heaps::Two(Pile::plain(2), Pile::plain(2)),
            ),
            (
                "hex:0.C",
                [12, 7],
                Heaps::Three(Pile::plain(2), Pile::plain(4), Pile::plain(5)),
            ),
        ] {
            let mut g = position(rules, &sizes, Side::Learner);
            let count = after.count();
            g.learner_move(Request::Become { index: 0, after }).unwrap();
            assert_eq!(g.piles().len(), 1 + count, "{rules}");
            g.computer_move().unwrap().unwrap();
            assert_eq!(g.undo().len(), 2);
            assert_eq!(g.piles(), sizes.map(Pile::plain), "{rules}");
            assert!(g.undo().is_empty());
        }
    }

    #[test]
    fn undo_after_a_computer_opening_keeps_the_opening() {
        let mut g = position("nim", &[3, 4], Side::Computer);
        g.computer_move().unwrap().unwrap();
        let after_opening = g.piles();
        assert!(g.undo().is_empty());
        g.learner_move(Request::Take { index: 0, count: 1 })
            .unwrap();
        g.computer_move().unwrap();
        g.undo();
        assert_eq!(g.piles(), after_opening);
        assert_eq!(g.to_move(), Side::Learner);
    }

    /// A game on tokens of a graph given as (name, options).
    fn on_graph(edges: &[(&str, &[&str])], tokens: &[&str], first: Side) -> SumGame {
        let graph = GameGraph::new(
            "test.yaml",
            edges
                .iter()
                .map(|(n, m)| (n.to_string(), m.iter().map(|s| s.to_string()).collect()))
                .collect(),
        )
        .unwrap();
        let piles = tokens
            .iter()
            .map(|t| Pile::plain(graph.node(t).unwrap()))
            .collect();
        let rules = Rules::Graph(std::sync::Arc::new(graph));
        SumGame::of_position(Solver::new(&rules).unwrap(), piles, first)
    }

    fn names(g: &SumGame) -> Vec<String> {
        g.piles()
            .iter()
            .map(|&p| g.solvers()[0].rules().name_of(p))
            .collect()
    }

    /// The loopy graph of the loopy-games lesson: up ⇄ down, up → out; tick ⇄ tock; x → x,
    /// out; e → up, tick. By hand: out 0; down 0 (its only option up can move to out); up 1;
    /// tick, tock ∞{} (no way out); x ∞{0}; e ∞{1}.
    const LOOPS: &[(&str, &[&str])] = &[
        ("up", &["down", "out"]),
        ("down", &["up"]),
        ("out", &[]),
        ("tick", &["tock"]),
        ("tock", &["tick"]),
        ("x", &["x", "out"]),
        ("e", &["up", "tick"]),
    ];

    #[test]
    fn on_a_loopy_graph_the_computer_wins_keeps_draws_and_delays_by_gamma() {
        // x + up + up: ∞{0} + 1 + 1 = ∞{0}, a win: x → out leaves 0 + 1 + 1 = 0.
        let mut g = on_graph(LOOPS, &["x", "up", "up"], Side::Computer);
        assert!(g.loopy_graph().is_some());
        assert_eq!(g.outcome_by_gamma(g.parts()), Some(Outcome::First));
        assert!(g.decide(g.parts()).unwrap().0);
        let t = g.computer_move().unwrap().unwrap();
        assert_eq!(t.intent, Some(Intent::Winning));
        assert_eq!(names(&g), ["out", "up", "up"]);
        // tick + up: ∞{} + 1 = ∞{}, a draw: not a win, and the only move keeps it.
        let mut g = on_graph(LOOPS, &["tick", "up"], Side::Computer);
        assert_eq!(g.outcome_by_gamma(g.parts()), Some(Outcome::Draw));
        assert_eq!(g.decide(g.parts()).unwrap(), (false, None));
        let t = g.computer_move().unwrap().unwrap();
        assert_eq!(t.intent, Some(Intent::Drawing));
        assert_eq!(names(&g), ["tock", "up"]);
        assert_eq!(g.winner(), None);
        // up + up: 1 + 1 = 0, lost. up → out is answered by up → out at once; up → down by
        // up → out, and down still has moves: the computer delays with up → down.
        let mut g = on_graph(LOOPS, &["up", "up"], Side::Computer);
        assert_eq!(g.outcome_by_gamma(g.parts()), Some(Outcome::Second));
        let t = g.computer_move().unwrap().unwrap();
        assert_eq!(t.intent, Some(Intent::Delaying));
        assert_eq!(names(&g), ["down", "up"]);
        // The learner's move is checked against the graph and undone.
        g.learner_move(Request::Become {
            index: 0,
            after: Heaps::One(Pile::plain(0)),
        })
        .unwrap();
        assert_eq!(names(&g), ["up", "up"]);
        assert_eq!(g.undo().len(), 1);
        assert_eq!(names(&g), ["down", "up"]);
    }

    #[test]
    fn a_loopy_graph_played_misere_is_refused_and_an_acyclic_one_is_not_by_gamma() {
        let g = on_graph(LOOPS, &["tick"], Side::Learner).played_misere();
        assert!(g.loopy_graph().is_none());
        assert!(matches!(
            g.decide(g.parts()),
            Err(EngineError::LoopyGraph { misere: true, .. })
        ));
        let g = on_graph(&[("a", &["end"]), ("end", &[])], &["a"], Side::Learner);
        assert!(g.loopy_graph().is_none());
        assert_eq!(g.outcome_by_gamma(g.parts()), None);
        assert_eq!(g.gammas(g.parts()), None);
        assert!(g.decide(g.parts()).unwrap().0);
    }

    #[test]
    fn misere_search_of_a_sum() {
        // Misère nim 1 + nim 1: the mover takes one, the other must take the last: first wins.
        let g = SumGame::of_piles(
            vec![solver("nim")],
            vec![(0, Pile::plain(1)), (0, Pile::plain(1))],
            Side::Learner,
        )
        .played_misere();
        assert_eq!(misere_winner(&g, g.parts()), Ok(Player::First));
        // One pile of 1: the mover must take the last and loses.
        assert_eq!(misere_winner(&g, &g.parts()[..1]), Ok(Player::Second));
    }
}
