//! The independent brute forces every expected value comes from: written from the rules, sharing no code with nimlab.

pub(crate) mod brute;
pub(crate) mod brute_octal;
pub(crate) mod search;
