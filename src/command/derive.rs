//! `derive`: the table derived one state at a time, the way a learner does it on paper. In the
//! REPL it is a focus that advances a state per `next` (or Enter); otherwise every state shows.

use super::{Focus, Session};
use crate::cli::{Command, RulesArg};
use crate::engine::GrundyTable;
use crate::engine::{GrundyRow, Rules};
use crate::error::{Error, RangeWhy};
use crate::output::{Activity, Derivation, Note, Output, Prompt};

use super::range::Target;

/// The most sizes a derivation walks; larger tables are for `grundy`.
pub(super) const MAX_SIZES: u64 = 500;

pub(super) fn derive(
    session: &mut Session,
    arg: &RulesArg,
    range: Option<&str>,
    all: bool,
) -> Result<Output, Error> {
    let rules = match &arg.rules {
        Some(r) => super::rules::parse_rules_in(session, r)?,
        None => session.rules().clone(),
    };
    // A graph's positions are all derived unless some are named (as `grundy` lists them).
    let every = match &rules {
        Rules::Graph(graph) => format!(
            "0..{}",
            (graph.len() as u64).saturating_sub(1).min(MAX_SIZES - 1)
        ),
        _ => "0..5".to_string(),
    };
    let token = range.unwrap_or(&every);
    let (rows, upto) = match Target::parse(Some(token), &rules)? {
        Target::Range { from, to } => {
            if to - from >= MAX_SIZES {
                return Err(Error::BadRange {
                    token: token.into(),
                    why: RangeWhy::DerivationSizes {
                        max: MAX_SIZES,
                        rules: arg.rules.clone(),
                    },
                });
            }
            let states: Vec<_> = (from..=to).flat_map(|n| rules.states(n)).collect();
            (states, to)
        }
        Target::States(states) => {
            let size = states[0].size;
            if size >= MAX_SIZES {
                return Err(Error::BadRange {
                    token: token.into(),
                    why: RangeWhy::DerivationBeyond {
                        max: MAX_SIZES - 1,
                        rules: arg.rules.clone(),
                    },
                });
            }
            (states, size)
        }
    };
    let table = GrundyTable::compute(&rules, upto)?;
    let rows: Vec<GrundyRow> = rows.into_iter().filter_map(|p| table.row(p)).collect();
    if all || !session.interactive || rows.len() == 1 {
        return Ok(Output::Derivation(Derivation {
            rules,
            rows,
            step: None,
        }));
    }
    let mut focus = DeriveFocus {
        rules,
        rows,
        index: 0,
        done: false,
    };
    let first = focus.show();
    session.start(Box::new(focus));
    Ok(first)
}

/// Stepping through a derivation.
#[derive(Debug)]
pub(super) struct DeriveFocus {
    rules: Rules,
    rows: Vec<GrundyRow>,
    index: usize,
    done: bool,
}

impl DeriveFocus {
    fn show(&mut self) -> Output {
        self.done = self.index + 1 >= self.rows.len();
        Output::Derivation(Derivation {
            rules: self.rules.clone(),
            rows: vec![self.rows[self.index].clone()],
            step: Some((self.index + 1, self.rows.len())),
        })
    }

    fn next(&mut self) -> Output {
        self.index = (self.index + 1).min(self.rows.len() - 1);
        self.show()
    }
}

impl Focus for DeriveFocus {
    fn kind(&self) -> &'static str {
        "derive"
    }

    fn prompt(&self) -> Prompt {
        Prompt::Derivation {
            at: self.index + 1,
            of: self.rows.len(),
        }
    }

    fn command(
        &mut self,
        command: &Command,
        _session: &mut Session,
    ) -> Option<Result<Output, Error>> {
        match command {
            Command::Next => Some(Ok(self.next())),
            Command::Back if self.index == 0 => Some(Ok(Output::Note(Note::FirstState))),
            Command::Back => {
                self.index -= 1;
                Some(Ok(self.show()))
            }
            // `derive --all` alone: every state of this derivation, the range it was given.
            Command::Derive {
                rules: RulesArg { rules: None },
                range: None,
                all: true,
            } => {
                self.done = true;
                Some(Ok(Output::Derivation(Derivation {
                    rules: self.rules.clone(),
                    rows: self.rows.clone(),
                    step: None,
                })))
            }
            _ => None,
        }
    }

    fn text(&mut self, line: &str, _session: &mut Session) -> Option<Result<Output, Error>> {
        line.trim().is_empty().then(|| Ok(self.next()))
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn activity(&self) -> Activity {
        Activity::Derivation {
            rules: self.rules.clone(),
            at: self.index + 1,
            of: self.rows.len(),
        }
    }
}
