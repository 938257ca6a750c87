//! Activities the session steps through (a game, a derivation, a proof, a lesson) described as
//! data, and what `quit` inside one produces: which was left, what leaving kept, and what a
//! further `quit` leaves. Data only; `render` words it.

use super::LessonReport;
use crate::engine::{Pile, Rules};

/// What the prompt says of where the learner is: data, worded by `render::prompt`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// No activity: the session's ruleset.
    Session { rules: Rules },
    /// A derivation, at state `at` (from 1) of `of`.
    Derivation { at: usize, of: usize },
    /// A proof or a lesson (`id`), at step `at` (from 1) of `of`.
    Step { id: String, at: usize, of: usize },
    /// A game on piles, as its rules write them.
    Piles { piles: Vec<String> },
    /// A game on a sum, its terms as written.
    Sum { terms: Vec<String> },
}

/// An activity in progress, as far as a learner needs to recognise it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Activity {
    /// A game against the computer that nobody has won yet.
    Game {
        rules: Rules,
        start: Vec<Pile>,
        board: Vec<Pile>,
        /// Moves played so far, by both sides.
        moves: usize,
    },
    /// A game on a sum of different games or of Hackenbush pictures.
    SumGame {
        start: Vec<super::Term>,
        board: Vec<super::Term>,
        moves: usize,
    },
    /// A derivation being stepped through, at state `at` (from 1) of `of`.
    Derivation { rules: Rules, at: usize, of: usize },
    /// A proof being walked, at step `at` (from 1) of `of`.
    Proof {
        id: String,
        title: String,
        at: usize,
        of: usize,
    },
    /// A lesson, at step `at` (from 1) of `of`; a presented one keeps no progress.
    Lesson {
        id: String,
        title: String,
        at: usize,
        of: usize,
        presenting: bool,
    },
}

/// `quit` inside an activity (or the end of input with one going on): the activity left, what
/// leaving kept, and where that leaves the learner.
#[derive(Debug)]
pub struct LeftReport {
    pub left: Activity,
    /// What leaving did besides, in the lesson's words (rules given back, a save that failed).
    pub notes: LessonReport,
    pub then: Then,
}

/// Where the learner is after leaving an activity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Then {
    /// Inside this activity, which a further `quit` leaves.
    Inside(Activity),
    /// At the top level: a further `quit` leaves nimlab.
    TopLevel,
    /// nimlab is ending (the input ended), so nothing further is left to leave.
    Ending,
}
