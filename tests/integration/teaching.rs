//! Lessons and the course: the runner, progress, presenter mode, and each lesson walked by a learner whose answers come from brute force.

mod chomp_lesson;
pub(crate) mod course;
mod course_map;
mod equivalence_lesson;
mod exercises;
mod hackenbush_lesson;
mod kayles_lesson;
mod lesson_games;
mod lesson_runner;
mod lesson_runs;
mod lesson_screen;
pub(crate) mod lessons;
mod loopy_lesson;
mod misere_lesson;
mod moore_lesson;
mod moore_proof;
mod sandbox;
mod take_away_lessons;
