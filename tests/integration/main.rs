//! The one integration-test binary. Every test drives the real `nimlab` executable through
//! `support::Test`; every expected value comes from `brute` (written from the spec, sharing no
//! code with nimlab) or from a hand check written beside the test.

mod activities;
mod bounded;
mod brute;
mod brute_octal;
mod coin_turning;
mod color;
mod course;
mod defined_games;
mod draw;
mod errors;
mod examples;
mod faults;
mod game_sums;
mod grundy;
mod hackenbush;
mod hackenbush_lesson;
mod history;
mod hostile;
mod hostile_yaml;
mod input;
#[cfg(unix)]
mod interrupt;
mod json;
mod json_docs;
mod latex;
mod lesson_runs;
mod lessons;
mod library;
mod lookups;
mod misere_games;
mod misere_play;
mod moore;
mod moves;
mod nesting;
mod nimmul;
mod notation;
mod octal;
mod octal_frontier;
mod play;
mod proof;
mod props;
mod reading;
mod repl;
mod ruleset_names;
mod sandbox;
mod session_errors;
mod shell;
mod snapshots;
mod staircase;
mod support;
mod tuple_games;
mod winner;
mod words;
