//! Who wins and how to move: verdicts, winning moves, moves asked for, the computer's reply, sums, a game against the computer.

pub(crate) mod game;
pub(crate) mod judgement;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod position;
pub(crate) mod reply;
pub(crate) mod strategy;
pub(crate) mod sum;
pub(crate) mod sum_game;
