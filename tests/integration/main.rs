//! The one integration-test binary. Every test drives the real `nimlab` executable through
//! `support::Test`; every expected value comes from `brute` (written from the spec, sharing no
//! code with nimlab) or from a hand check written beside the test.

mod corpus;
mod layers;
mod limits;
mod oracle;
mod playing;
mod snapshots;
mod support;
mod teaching;
mod terminal;
mod values;
