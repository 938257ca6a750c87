//! What a game and `step` produce: moves shown in binary, coach notes, hints, the end of a game.
//! Data only; `render` words and draws them.

use crate::engine::Intent;
use crate::engine::Solver;
use crate::engine::loopy::Outcome;
use crate::engine::top_bit;
use crate::engine::{Grundy, Move, Pile, Rules};
use crate::engine::{Player, Verdict, verdict};
use crate::engine::{Side, Turn};

use super::{LoopyReport, PositionReport};

/// One move in binary: the position and its values before, the move, and the verdicts before
/// and after (the pile's new value is `after.grundy[mv.index]`).
#[derive(Debug, Clone)]
pub struct MoveView {
    pub rules: Rules,
    pub piles: Vec<Pile>,
    pub mv: Move,
    pub before: Verdict,
    pub after: Verdict,
    /// The top bit of the nim-sum before the move (0 if the nim-sum was 0).
    pub top_bit: Grundy,
}

impl MoveView {
    pub fn new(
        solver: &Solver,
        piles: &[Pile],
        mv: Move,
    ) -> Result<Self, crate::engine::EngineError> {
        let before = verdict(solver, piles)?;
        let after = verdict(solver, &crate::engine::apply(piles, &mv))?;
        Ok(Self {
            rules: solver.rules().clone(),
            piles: piles.to_vec(),
            mv,
            top_bit: top_bit(before.nim_sum),
            before,
            after,
        })
    }

    /// The pile's value before and after the move (after a split, the XOR of its parts).
    pub fn values(&self) -> (Grundy, Grundy) {
        let i = self.mv.index;
        // A split's other piles follow the first.
        let split = (1..self.mv.after().piles().count())
            .map(|j| self.after.grundy[i + j])
            .fold(0, |x, g| x ^ g);
        (self.before.grundy[i], self.after.grundy[i] ^ split)
    }

    /// Whether the player who moved left the opponent a lost position.
    pub fn leaves_a_loss(&self) -> bool {
        self.after.winner == Player::Second
    }
}

/// What the coach says about the learner's move.
#[derive(Debug, Clone)]
pub enum CoachNote {
    /// The position was won and still is: the computer now faces a lost position.
    Kept,
    /// The position was won and the move gave the win away; `best` is what would have kept it.
    ThrewAway { best: Box<MoveView> },
    /// As `ThrewAway`, in a game played misère: decided by search, so `best` has no binary
    /// view.
    ThrewAwayBySearch { best: Move },
    /// The position was already lost: every move loses against perfect play.
    AlreadyLost,
    /// On a loopy graph, decided by γ: who won before the move (the learner to move), who
    /// wins after it (the computer to move), and the move that would have won or kept the
    /// draw.
    ByGamma {
        before: Outcome,
        after: Outcome,
        best: Option<Move>,
    },
}

/// Something that happened in a game, in order.
#[derive(Debug, Clone)]
pub enum GameEvent {
    /// A new game; `view` is the coach's binary view of the start (coach mode only);
    /// `example` is a legal move of the start (a split where the rules split), for the line
    /// that teaches how moves are written.
    Start {
        piles: Vec<Pile>,
        first: Side,
        coach: bool,
        view: Option<PositionReport>,
        example: Option<Move>,
        /// On a loopy graph, who wins the start by γ — a win, a loss or a draw for the
        /// learner, who moves first (coach mode only); it has no binary view.
        by_gamma: Option<Outcome>,
    },
    /// A move by either side, numbered from 1, with its binary view (`None` where search,
    /// not Grundy values, decides the game).
    Moved {
        number: usize,
        side: Side,
        mv: Move,
        intent: Option<Intent>,
        view: Option<MoveView>,
        piles: Vec<Pile>,
    },
    /// The coach's note on the learner's move.
    Coach(CoachNote),
    /// `hint`: the position, and its winning move in binary if there is one.
    Hint {
        report: Box<PositionReport>,
        best: Option<MoveView>,
    },
    /// `hint` in a game played misère: a winning move found by search, if there is one.
    /// `won` says whether the learner, to move, wins against perfect play.
    SearchHint {
        piles: Vec<Pile>,
        won: bool,
        best: Option<Move>,
    },
    /// `hint` on a loopy graph: the position's γ, and the move that wins or keeps the draw.
    LoopyHint(Box<LoopyReport>),
    /// `undo`: the moves taken back (latest first) and the position now.
    Undone { turns: Vec<Turn>, piles: Vec<Pile> },
    /// The learner is to move on this position; `values` are its piles' Grundy values (coach
    /// mode only).
    YourMove {
        piles: Vec<Pile>,
        values: Option<Vec<Grundy>>,
        /// On a loopy graph, each token's γ instead (coach mode only).
        gamma: Option<Vec<crate::engine::loopy::Gamma>>,
    },
    /// The game is over.
    End {
        winner: Side,
        resigned: bool,
        start: Vec<Pile>,
        turns: Vec<Turn>,
    },
}

/// The events of one command in a game, and the state of the game after them.
#[derive(Debug, Clone)]
pub struct GameReport {
    pub rules: Rules,
    /// `why`: which move of the last command it explains, and the other one's number.
    pub why: Option<WhyShown>,
    /// Whether the ruleset is played misère by search (`play --misere`): the last mover
    /// loses, and the game's moves are judged by search, not by Grundy values.
    pub misere_search: bool,
    pub events: Vec<GameEvent>,
    /// Whether each move is shown in binary with its reasons (`--coach verbose`, `why`);
    /// otherwise a move shows the board and one line that judges it.
    pub detail: bool,
    pub piles: Vec<Pile>,
    /// Who moves next; `None` once the game is over.
    pub to_move: Option<Side>,
    pub winner: Option<Side>,
}

/// Which move of a game's last command `why` explains: the learner's (first), or the
/// computer's reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyPart {
    Yours,
    Computers,
}

/// What `why` shows: one move of the last command, and the number of the other move it
/// leaves for `why computer` or `why you`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WhyShown {
    pub part: WhyPart,
    pub other: usize,
}

/// One move of `step`: who made it (players named by the turn when stepping began), why, and
/// the move in binary.
#[derive(Debug, Clone)]
pub struct StepMove {
    pub number: usize,
    pub player: Player,
    pub intent: Intent,
    pub view: MoveView,
}

/// `step` or `step --all`: the moves played from `start` and where they left the position.
#[derive(Debug, Clone)]
pub struct StepReport {
    pub rules: Rules,
    pub start: Vec<Pile>,
    pub moves: Vec<StepMove>,
    pub piles: Vec<Pile>,
    /// The winner once no move is left.
    pub winner: Option<Player>,
    /// `--all`: the whole line of play, shown compactly.
    pub all: bool,
}
