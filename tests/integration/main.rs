//! The one integration-test binary. Every test drives the real `nimlab` executable through
//! `support::Test`; every expected value comes from `brute` (written from the spec, sharing no
//! code with nimlab) or from a hand check written beside the test.

mod activities;
mod brute;
mod brute_octal;
mod color;
mod errors;
mod examples;
mod faults;
mod grundy;
mod hostile;
mod input;
#[cfg(unix)]
mod interrupt;
mod json;
mod latex;
mod lessons;
mod moves;
mod notation;
mod octal;
mod play;
mod proof;
mod props;
mod repl;
mod snapshots;
mod support;
mod winner;
