//! Who wins and how to move: verdicts, winning moves, moves asked for, the computer's reply, sums, a game against the computer.

pub mod game;
pub mod judgement;
pub mod moves;
pub mod outcome;
pub mod position;
pub mod reply;
pub mod strategy;
pub mod sum;
pub mod sum_game;
