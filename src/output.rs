//! What commands produce: structured results — tables, binary views, verdicts, moves, messages.
//! Data only; `render` decides how each looks in text, Markdown, CSV or JSON.

use crate::engine::BulkSummary;
mod activity;
mod draw;
mod hackenbush;
mod lesson;
mod loopy;
mod proof;
mod sum_game;
mod who_wins;

pub use activity::{Activity, LeftReport, Prompt, Then};
pub use draw::{Drawing, GraphPicture, PictureFormat, PlotPeriod, PlotSeries, SequencePlot};
pub use hackenbush::{HackenbushComponent, HackenbushCut, HackenbushReport, HackenbushView};
pub use lesson::*;
pub use loopy::{LoopyMove, LoopyReport, LoopyRow, LoopyTable};
pub use proof::*;
pub use sum_game::{
    Board, SumCoachNote, SumGameEvent, SumGameReport, SumKind, SumStepMove, SumStepReport, Term,
    TermMove,
};
pub use who_wins::{WhoWins, Working};

use crate::engine::Sequence;
use crate::engine::ValueRange;
use crate::engine::Verdict;
use crate::engine::{Grundy, GrundyRow, Method, Move, Pile, Rules};
use crate::engine::{GrundyTable, Solver};

pub mod game;
pub use game::{
    CoachNote, GameEvent, GameReport, MoveView, StepMove, StepReport, WhyPart, WhyShown,
};

/// The result of one command.
#[derive(Debug)]
pub enum Output {
    /// `mex`: the set, sorted and without repeats, and its mex.
    Mex {
        set: Vec<Grundy>,
        mex: Grundy,
    },
    /// `grundy`: a table of states.
    Grundy(GrundyReport),
    /// `grundy A..B --values`: each state's value alone, computed as it is written.
    GrundyValues(ValueRange),
    /// `period`: a Grundy sequence, its period and the check that proves it.
    Period(PeriodReport),
    /// `winner`, `move`, `nimsum`, `position`, `set` and a game's `why`, on any position
    /// (piles, a stream of piles, a sum, pictures, a loopy graph's tokens, misère play, Moore's
    /// Nim): who wins, how it is known, and the working that shows it.
    WhoWins(WhoWins),
    /// `grundy PICTURE`: a Green Hackenbush picture's value with its working.
    PictureValue(HackenbushReport),
    /// `grundy 'lasker(7) + 4'`: a sum of games' value, the XOR of its components' values.
    SumValue(SumReport),
    /// `grundy` on a game graph with a cycle: each position's γ, finite or ∞(K).
    LoopyGrundy(LoopyTable),
    /// `play` and the moves of a game: what happened, in order.
    Game(GameReport),
    /// `play` on a sum of different games or of Hackenbush pictures, and its moves.
    SumGame(SumGameReport),
    /// `step`: perfect moves played on the session's position.
    Step(StepReport),
    /// `step` on a sum of different games.
    SumStep(SumStepReport),
    /// `= EXPR`: a value.
    Value(ValueReport),
    /// `derive`: derivations of Grundy values by mex, one state or all.
    Derivation(Derivation),
    /// `conjecture`: a formula checked against brute force.
    Conjecture(ConjectureReport),
    /// `conjecture lost(…) = …`: a claim about the lost positions of a whole-position game.
    PositionConjecture(PositionConjectureReport),
    /// `decide`: a first-order sentence decided for every value.
    Decided(DecideReport),
    /// A lesson step and what happened at it.
    Lesson(LessonReport),
    /// `lesson list`.
    LessonList(LessonList),
    LessonResults(LessonResults),
    /// `lesson check`.
    LessonCheck(CheckReport),
    /// `verify`: exhaustive search against nimlab's rule.
    Verify(VerifyReport),
    /// `prove`: a proof's steps with their checks.
    Proof(ProofView),
    /// `draw`: a picture, or where it was written.
    Drawing(Drawing),
    /// `rules`: the session's ruleset and every ruleset name nimlab reads.
    Rulesets {
        current: Rules,
    },
    /// A short confirmation or pointer, such as a change of ruleset.
    Note(Note),
    /// `help`: the overview, or the help the grammar writes.
    Help(Help),
    /// `quit` inside an activity: it was left, and nimlab goes on.
    Left(LeftReport),
    /// Nothing to show.
    Nothing,
    /// Leave the REPL.
    Quit,
}

/// What `help` shows.
#[derive(Debug, Clone)]
pub enum Help {
    /// The newcomer's overview.
    Overview(Overview),
    /// Help the grammar wrote: a command's own, or clap's (`--help`, `--version`).
    Grammar(String),
}

/// The overview's facts, read off the grammar and the engine's table of rulesets.
#[derive(Debug, Clone)]
pub struct Overview {
    /// The commands the shell takes, each with its help (the grammar's), in the grammar's order.
    pub commands: Vec<(String, String)>,
    /// The commands that step through an activity in the workbench, likewise.
    pub inside: Vec<(String, String)>,
    /// Every ruleset, as its usage is written (`subtract:S`).
    pub rulesets: Vec<String>,
    /// The commands that take `--rules R`.
    pub taking_rules: Vec<String>,
}

/// A position that could not carry over to new rules (tuples, graph positions and token
/// counts are different things), with the rules it was a position of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    pub rules: Rules,
    pub piles: Vec<Pile>,
}

/// A short answer that is neither a table nor a position: what happened, or where to go.
#[derive(Debug)]
pub enum Note {
    /// `rules R`: the session's ruleset is now this, and the position it put aside, if the
    /// old one's piles were not piles of the new rules.
    RulesSet(Rules, Option<SetAside>),
    /// A game was defined (`game NAME(n) = …`) and made the session's rules.
    GameDefined(Rules),
    /// `position` with no position set.
    NoPosition,
    /// `back` on a derivation's first state.
    FirstState,
    /// `back` on a proof's first step.
    FirstStep,
    /// `prove` alone: the bundled proofs, by id and title.
    Proofs(Vec<(String, String)>),
    /// Past a proof's last step.
    ProofEnd { id: String },
    /// `lesson reset ID` at the REPL without `--yes`: how to confirm.
    ConfirmReset { id: String },
    /// `lesson reset` in a session that keeps no progress.
    NoProgressKept,
    /// At the prompt's start: the lesson last worked on and not finished, and its step.
    LessonInProgress {
        id: String,
        title: String,
        step: usize,
        of: usize,
    },
    /// `lesson reset ID --yes`: done, with any warning about the progress file.
    Forgotten {
        id: String,
        warning: Option<crate::lesson::progress::Unusable>,
    },
}

/// Which of a position's facts a command asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionView {
    /// Who wins, with the per-pile values and their nim-sum.
    Winner,
    /// A winning move, or that none exists.
    Move,
    /// The binary view of the nim-sum.
    NimSum,
}

/// A position with its verdict and winning move: the data behind `winner`, `move` and `nimsum`.
#[derive(Debug, Clone)]
pub struct PositionReport {
    pub view: PositionView,
    pub rules: Rules,
    pub piles: Vec<Pile>,
    pub verdict: Verdict,
    /// The winning move with the Grundy value of the pile after it. In a game of counters
    /// (Northcott's) it moves White's, as whoever moves first plays White.
    pub winning_move: Option<(Move, Grundy)>,
    /// In a game of counters, the same winning move made by Black with Black's own counter.
    pub black_move: Option<Move>,
    /// For `move`: the winning move in binary, before and after.
    pub move_view: Option<Box<game::MoveView>>,
    /// Which position this is, when it is not simply the piles the command was given.
    pub title: Option<PositionTitle>,
    /// Whether no move is left: the verdict then rests on who cannot move, not on a move.
    pub over: bool,
}

/// Which position a report shows, for its heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionTitle {
    /// `position`: the session's position.
    Position,
    /// `winner`/`move`/`nimsum` without piles: the session's position.
    SessionPosition,
    /// `set I PILE`: one pile changed, with its values and the nim-sum before and after.
    Changed(Box<PileChanged>),
    /// The position a game starts from.
    Start,
    /// A game's position, for a hint.
    Hint,
    /// A game's board.
    Board,
}

/// `set I PILE`: pile `pile` (1-based) went from `from` to `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PileChanged {
    pub pile: usize,
    pub from: Pile,
    pub to: Pile,
    pub old_value: Grundy,
    pub new_value: Grundy,
    pub old_sum: Grundy,
    pub new_sum: Grundy,
}

/// A sum of different games with its verdict: the data behind `winner`/`move` on a sum.
#[derive(Debug, Clone)]
pub struct SumReport {
    pub view: PositionView,
    /// Each component's ruleset and state, in the order written.
    pub components: Vec<(Rules, Pile)>,
    pub verdict: crate::engine::SumVerdict,
}

/// A sum of different games played misère, decided by searching the whole sum.
#[derive(Debug, Clone)]
pub struct MisereSumReport {
    pub view: PositionView,
    /// Each component's ruleset and state, in the order written.
    pub components: Vec<(Rules, Pile)>,
    pub verdict: crate::engine::MisereSum,
}

/// Moore's Nim_k on a position: the piles and the theorem's verdict.
#[derive(Debug, Clone)]
pub struct MooreReport {
    pub view: PositionView,
    pub piles: Vec<u64>,
    pub verdict: crate::engine::moore::MooreVerdict,
}

/// A position of a ruleset played misère, decided by exhaustive search.
#[derive(Debug, Clone)]
pub struct MiserePlayReport {
    pub view: PositionView,
    pub rules: Rules,
    pub piles: Vec<Pile>,
    pub verdict: crate::engine::misere_play::MisereVerdict,
}

/// A long position decided in one pass.
#[derive(Debug, Clone)]
pub struct BulkReport {
    pub view: PositionView,
    pub rules: Rules,
    pub summary: BulkSummary,
    /// Where the piles came from, for the heading.
    pub source: crate::error::PileSource,
}

/// A game's Grundy sequence as far as it was computed, and its proven period if any.
#[derive(Debug, Clone)]
pub struct PeriodReport {
    pub rules: Rules,
    pub sequence: Sequence,
    pub by: ValuesBy,
    /// Show one period per row.
    pub table: bool,
    /// The work limit (options examined) that stopped the values before `--to`, if one did.
    pub work_limit: Option<u64>,
}

/// How a sequence's values were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValuesBy {
    /// Mex over every option.
    Plain,
    /// Mex with the rare/common split.
    Sparse,
    /// A subtraction game's mex over its few options.
    Window,
}

/// The rows of a `grundy` command.
#[derive(Debug)]
pub struct GrundyReport {
    pub rules: Rules,
    pub rows: GrundyRows,
}

/// Rows computed by mex (with their options), or single states valued by the solver.
#[derive(Debug)]
pub enum GrundyRows {
    /// States drawn from a table computed by mex; rows are built one at a time when shown.
    ByMex {
        table: GrundyTable,
        from: u64,
        to: u64,
    },
    /// Single states valued by the solver: a closed form, values by mex, or a proven period.
    Lookup { rows: Vec<GrundyRow> },
}

impl GrundyReport {
    /// Every row, in table order (for zero-move: 0, 1F, 1T, 2F, 2T, …).
    pub fn rows(&self) -> Box<dyn Iterator<Item = GrundyRow> + '_> {
        match &self.rows {
            GrundyRows::ByMex { table, from, to } => Box::new(
                (*from..=*to)
                    .flat_map(|n| self.rules.states(n))
                    .filter_map(|pile| table.row(pile)),
            ),
            GrundyRows::Lookup { rows } => Box::new(rows.iter().cloned()),
        }
    }

    /// How the rows were computed.
    pub fn method(&self) -> Method {
        match &self.rows {
            GrundyRows::ByMex { .. } => Method::Mex,
            GrundyRows::Lookup { rows } => rows.first().map_or(Method::Mex, |r| r.method),
        }
    }
}

impl PositionReport {
    /// Who wins and how it is known: by the values (or misère Nim's rule), or that no move is
    /// left.
    pub fn judgement(&self) -> crate::engine::Judgement {
        self.verdict.judgement(self.over)
    }

    /// Builds the report for `piles`: verdict, and the winning move if there is one. Refuses
    /// piles the solver has not valued.
    pub fn new(
        view: PositionView,
        solver: &Solver,
        piles: Vec<Pile>,
    ) -> Result<Self, crate::engine::EngineError> {
        let verdict = crate::engine::verdict(solver, &piles)?;
        // A pile of non-zero value has a move, so only a position of zero values asks for
        // the moves themselves (a far pile's are never listed to learn that it has some).
        let mut over = false;
        if piles
            .iter()
            .map(|&p| solver.value(p).map(|k| k.grundy()))
            .try_fold(true, |all_zero, g| g.map(|g| all_zero && g == 0))?
        {
            over = crate::engine::is_over(solver.rules(), &piles)?;
        }
        let winning_move = match crate::engine::winning_move(solver, &piles)? {
            Some(m) => {
                let value = solver.heaps_value(&m.after())?;
                Some((m, value))
            }
            None => None,
        };
        let black_move = match &winning_move {
            Some((m, _)) if solver.rules().counter_moved(m.from, &m.after()).is_some() => {
                Some(crate::engine::own_counter_move(solver, m.clone(), false)?)
            }
            _ => None,
        };
        let move_view = match &winning_move {
            Some((m, _)) if view == PositionView::Move => {
                Some(Box::new(game::MoveView::new(solver, &piles, m.clone())?))
            }
            _ => None,
        };
        Ok(Self {
            view,
            rules: solver.rules().clone(),
            piles,
            verdict,
            winning_move,
            black_move,
            move_view,
            title: None,
            over,
        })
    }

    /// The report with `mv` as its winning move (a move of the same value, such as the one
    /// the player to move makes with their own counter in Northcott's game).
    pub fn played_as(
        mut self,
        solver: &Solver,
        mv: Move,
    ) -> Result<Self, crate::engine::EngineError> {
        let value = solver.heaps_value(&mv.after())?;
        if self.view == PositionView::Move {
            self.move_view = Some(Box::new(game::MoveView::new(
                solver,
                &self.piles,
                mv.clone(),
            )?));
        }
        self.winning_move = Some((mv, value));
        Ok(self)
    }

    /// Whether Sprague–Grundy values decide this ruleset (not misère).
    pub fn uses_nim_sum(&self) -> bool {
        !self.rules.is_misere()
    }
}
