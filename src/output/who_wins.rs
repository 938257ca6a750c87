//! The one answer to "who wins" on any position — `winner`, `move`, `nimsum`, `position`,
//! `set`, and a game's `why` — whatever kind of position it is: the judgement (who wins and how
//! it is known, from the engine) with the working that shows it. The judgement is derived from
//! the working when the answer is made, so the two cannot disagree. Data only.

use crate::engine::Judgement;

use super::{
    BulkReport, HackenbushReport, HackenbushView, LoopyReport, MiserePlayReport, MisereSumReport,
    MooreReport, PositionReport, PositionView, SumReport,
};

/// Who wins a position, how it is known, and the working that shows it.
#[derive(Debug, Clone)]
pub struct WhoWins {
    judgement: Judgement,
    working: Working,
}

/// The evidence for a judgement, by how the position is written and decided.
#[derive(Debug, Clone)]
pub enum Working {
    /// Piles of one ruleset: each pile's Grundy value and their nim-sum, in binary (or misère
    /// Nim's rule on them).
    Piles(PositionReport),
    /// A position too long to show pile by pile, decided in one pass.
    Stream(BulkReport),
    /// A sum of different games, each component with its value.
    Sum(SumReport),
    /// Green Hackenbush pictures, each with its value.
    Pictures(HackenbushReport),
    /// Tokens on a loopy game graph: each token's γ and the γ of their sum.
    Tokens(LoopyReport),
    /// A ruleset played misère: the search's verdict, and misère Nim's rule for comparison.
    Misere(MiserePlayReport),
    /// A sum of different games played misère: the search's verdict.
    MisereSum(MisereSumReport),
    /// Moore's Nim_k: the binary columns and their counts.
    Moore(MooreReport),
}

impl WhoWins {
    /// The answer the working shows.
    pub fn new(working: impl Into<Working>) -> Self {
        let working = working.into();
        let judgement = match &working {
            Working::Piles(r) => r.judgement(),
            Working::Stream(r) => r.summary.judgement(),
            Working::Sum(r) => r.verdict.judgement(),
            Working::Pictures(r) => r.judgement(),
            Working::Tokens(r) => r.judgement(),
            Working::Misere(r) => r.verdict.judgement(),
            Working::MisereSum(r) => r.verdict.judgement(),
            Working::Moore(r) => r.verdict.judgement(),
        };
        Self { judgement, working }
    }

    pub fn judgement(&self) -> &Judgement {
        &self.judgement
    }

    pub fn working(&self) -> &Working {
        &self.working
    }

    /// Which of the position's facts the command asked for.
    pub fn view(&self) -> PositionView {
        match &self.working {
            Working::Piles(r) => r.view,
            Working::Stream(r) => r.view,
            Working::Sum(r) => r.view,
            Working::Pictures(r) => match r.view() {
                HackenbushView::Move => PositionView::Move,
                HackenbushView::Winner => PositionView::Winner,
                HackenbushView::NimSum | HackenbushView::Grundy => PositionView::NimSum,
            },
            Working::Tokens(r) => r.view,
            Working::Misere(r) => r.view,
            Working::MisereSum(r) => r.view,
            Working::Moore(r) => r.view,
        }
    }
}

macro_rules! working_from {
    ($($report:ty => $variant:ident),* $(,)?) => {
        $(impl From<$report> for Working {
            fn from(report: $report) -> Self {
                Self::$variant(report)
            }
        })*
    };
}

working_from! {
    PositionReport => Piles,
    BulkReport => Stream,
    SumReport => Sum,
    HackenbushReport => Pictures,
    LoopyReport => Tokens,
    MiserePlayReport => Misere,
    MisereSumReport => MisereSum,
    MooreReport => Moore,
}
