//! What a game on a sum produces — a sum of different games (`play 'wythoff(3,5) + lasker(7)
//! + 4'`) or of Green Hackenbush pictures (`play --rules hackenbush 5 2(1,3)`): each
//! component with its game and value, the moves, the coach's note, the end. Data only;
//! `render` words it.

use crate::engine::Intent;
use crate::engine::Picture;
use crate::engine::Player;
use crate::engine::Side;
use crate::engine::{Grundy, Pile, Rules};

/// One component as the learner sees it: a state of a game, or a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    Pile { rules: Rules, pile: Pile },
    Picture(Picture),
}

impl std::fmt::Display for Term {
    /// As the learner writes it: `lasker(7)`, `wythoff(3,5)` (a tuple state is its own
    /// parentheses), or a picture on the line, `2(1,3)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Pile { rules, pile } => {
                let state = rules.name_of(*pile);
                if state.starts_with('(') {
                    write!(f, "{rules}{state}")
                } else {
                    write!(f, "{rules}({state})")
                }
            }
            Self::Picture(p) => f.write_str(&crate::engine::hackenbush_write::write(p)),
        }
    }
}

/// A move on one component: `component` (0-based) was `from` and is now `after` (several
/// terms where a pile split). For a cut, `cut` names the edge's ends. `values` are the
/// component's value before and after (the XOR of its parts), unless played misère.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermMove {
    pub component: usize,
    pub from: Term,
    pub after: Vec<Term>,
    pub cut: Option<(String, String)>,
    pub values: Option<(Grundy, Grundy)>,
}

/// The components on the board, with their values and nim-sum (none when played misère:
/// Grundy values do not decide misère play).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub terms: Vec<Term>,
    pub values: Option<Vec<Grundy>>,
}

impl Board {
    /// The XOR of the values, when they are shown.
    pub fn nim_sum(&self) -> Option<Grundy> {
        self.values
            .as_ref()
            .map(|v| v.iter().fold(0, |a, &g| a ^ g))
    }
}

/// What the coach says about the learner's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SumCoachNote {
    /// The position was won and still is.
    Kept,
    /// The position was won and the move gave the win away; `best` would have kept it.
    ThrewAway { best: TermMove },
    /// The position was already lost.
    AlreadyLost,
}

/// Something that happened in the game, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SumGameEvent {
    /// A new game: the board, who moves first, and a legal move of the start to show how
    /// moves are written.
    Start {
        board: Board,
        first: Side,
        coach: bool,
        example: Option<TermMove>,
    },
    /// A move by either side, numbered from 1, and the board it left.
    Moved {
        number: usize,
        side: Side,
        mv: TermMove,
        intent: Option<Intent>,
        board: Board,
    },
    Coach(SumCoachNote),
    /// `hint`: whether the learner, to move, wins against perfect play, and the move that
    /// keeps the win.
    Hint {
        won: bool,
        best: Option<TermMove>,
    },
    /// `undo`: the moves taken back, latest first.
    Undone {
        turns: Vec<(Side, TermMove)>,
    },
    /// The learner is to move on this board.
    YourMove {
        board: Board,
    },
    /// The game is over after `moves` moves.
    End {
        winner: Side,
        resigned: bool,
        moves: usize,
    },
}

/// Whether the sum is of games' piles or of pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SumKind {
    Games,
    Pictures,
}

/// The events of one command in a game on a sum, and the game's state after them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumGameReport {
    pub kind: SumKind,
    /// Played misère (the last mover loses), decided by search.
    pub misere: bool,
    pub events: Vec<SumGameEvent>,
    /// `why`: which move of the last command it explains, and the other one's number.
    pub why: Option<super::game::WhyShown>,
    /// Whether the coach judges the learner's moves: the board then shows each component's
    /// value.
    pub coached: bool,
    /// Whether each move is shown with its values and reasons (`--coach verbose`, `why`);
    /// otherwise a move shows the board and one line that judges it.
    pub detail: bool,
    pub board: Vec<Term>,
    /// Who moves next; `None` once the game is over.
    pub to_move: Option<Side>,
    pub winner: Option<Side>,
}

/// One move of `step` on a sum: who made it (players named by the turn when stepping began),
/// why, the move, and the nim-sum before and after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumStepMove {
    pub number: usize,
    pub player: Player,
    pub intent: Intent,
    pub mv: TermMove,
    pub nim_sums: (Grundy, Grundy),
    /// The board the move left.
    pub board: Board,
}

/// `step` or `step --all` on a sum of different games: the moves played from `start` and the
/// board they left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumStepReport {
    pub start: Board,
    pub moves: Vec<SumStepMove>,
    pub board: Board,
    /// The winner once no move is left.
    pub winner: Option<Player>,
    /// `--all`: the whole line of play, shown compactly.
    pub all: bool,
}
