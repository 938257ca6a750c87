//! `prove NAME`: walks a bundled proof. In the REPL a focus takes `next`/Enter, `back`,
//! `expand` and `at n = K`; otherwise every step is printed with its check's outcome.

use super::{Focus, Session};
use crate::cli::Command;
use crate::engine::Cancel;
use crate::engine::Rules;
use crate::error::{Error, Expected};
use crate::expr::{Evaluator, Int, Value, parse};
use crate::output::{Activity, Note, Output, Prompt, ProofView, StepDetail, StepView};
use crate::proof::{Proof, check, loader, sentence};
use std::time::Instant;

/// Values of the domain `expand` lays out.
const EVIDENCE_ROWS: usize = 8;

pub(super) fn prove(
    session: &mut Session,
    name: Option<&str>,
    all: bool,
    explain: bool,
) -> Result<Output, Error> {
    let proofs = loader::bundled().map_err(Error::Proof)?;
    let ids: Vec<String> = proofs.iter().map(|p| format!("`{}`", p.id)).collect();
    let Some(name) = name else {
        return Ok(Output::Note(Note::Proofs(
            proofs
                .iter()
                .map(|p| (p.id.clone(), p.title.clone()))
                .collect(),
        )));
    };
    let proof = proofs
        .into_iter()
        .find(|p| p.id == name)
        .ok_or_else(|| Error::bad_token(name, Expected::Proof { ids: ids.clone() }))?;
    let rules = Rules::parse(&proof.rules)?;
    let mut focus = ProofFocus {
        eval: Evaluator::new(rules),
        proof,
        index: 0,
        done: false,
        explain,
        cancel: session.cancel.clone(),
    };
    if all || !session.interactive {
        let steps = (0..focus.len())
            .map(|i| focus.view(i, StepDetail::None))
            .collect();
        return Ok(Output::Proof(ProofView {
            id: focus.proof.id.clone(),
            title: focus.proof.title.clone(),
            steps,
            step: None,
        }));
    }
    let first = focus.show(StepDetail::None);
    session.start(Box::new(focus));
    Ok(first)
}

/// Stepping through a proof.
#[derive(Debug)]
pub(super) struct ProofFocus {
    proof: Proof,
    eval: Evaluator,
    index: usize,
    done: bool,
    /// `--explain`: each step's sentence and automaton.
    explain: bool,
    cancel: Cancel,
}

impl ProofFocus {
    fn len(&self) -> usize {
        self.proof.walk().len()
    }

    fn view(&mut self, index: usize, detail: StepDetail) -> StepView {
        let walk = self.proof.walk()[index];
        let step = walk.step.clone();
        StepView {
            heading: walk.heading.to_string(),
            section: walk.section.map(String::from),
            text: step.text.trim().to_string(),
            check: step.check.as_ref().map(|c| c.trim().to_string()),
            domain: step.domain.clone(),
            outcome: check::run(&step, &mut self.eval),
            decided: step.decide.as_deref().map(|text| {
                // Ctrl-C and the memory limit both stop the decider.
                let cancel = || self.cancel.check().is_err();
                let start = Instant::now();
                let outcome =
                    sentence::decide_text(text, &self.proof.define, sentence::STEP_LIMITS, &cancel);
                (outcome, start.elapsed())
            }),
            sentence: step.decide.as_ref().map(|c| c.trim().to_string()),
            states: step.states.as_ref().map(|c| c.trim().to_string()),
            undecided: step.undecided.as_ref().map(|c| c.trim().to_string()),
            definitions: self
                .proof
                .define
                .iter()
                .map(|(a, b)| (a.clone(), b.trim().to_string()))
                .collect(),
            explain: self.explain,
            detail,
        }
    }

    fn show(&mut self, detail: StepDetail) -> Output {
        let total = self.len();
        let view = self.view(self.index, detail);
        Output::Proof(ProofView {
            id: self.proof.id.clone(),
            title: self.proof.title.clone(),
            steps: vec![view],
            step: Some((self.index + 1, total)),
        })
    }

    fn next(&mut self) -> Output {
        if self.index + 1 >= self.len() {
            self.done = true;
            return Output::Note(Note::ProofEnd {
                id: self.proof.id.clone(),
            });
        }
        self.index += 1;
        self.show(StepDetail::None)
    }

    fn expand(&mut self) -> Result<Output, Error> {
        let step = self.proof.walk()[self.index].step.clone();
        match check::evidence(&step, &mut self.eval, EVIDENCE_ROWS) {
            Ok(Some((var, rows, total))) => Ok(self.show(StepDetail::Evidence {
                var,
                columns: step.at.clone(),
                rows,
                total,
            })),
            Ok(None) | Err(_) => Ok(self.show(StepDetail::None)),
        }
    }

    fn at(&mut self, words: &[String]) -> Result<Output, Error> {
        let text = words.join(" ");
        let step = self.proof.walk()[self.index].step.clone();
        let Some(var) = check::variable(&step) else {
            return Err(Error::NoVariable);
        };
        let usage = || Error::AtSyntax { var: var.clone() };
        let (name, value) = text.split_once('=').ok_or_else(usage)?;
        let name = name.trim();
        if name != var {
            return Err(Error::bad_token(
                name,
                Expected::StepVariable {
                    var: var.to_string(),
                },
            ));
        }
        let source = value.trim();
        let expr = parse(source).map_err(|e| Error::expr(source, e))?;
        let value: Int = match self.eval.eval(&expr).map_err(|e| Error::expr(source, e))? {
            Value::Int(v) => v,
            other => {
                return Err(Error::bad_token(
                    other.to_string(),
                    Expected::WholeNumberFor {
                        var: var.to_string(),
                    },
                ));
            }
        };
        let items = check::instantiate(&step, &mut self.eval, &var, value);
        Ok(self.show(StepDetail::At { var, value, items }))
    }
}

impl Focus for ProofFocus {
    fn kind(&self) -> &'static str {
        "prove"
    }

    fn prompt(&self) -> Prompt {
        Prompt::Step {
            id: self.proof.id.clone(),
            at: self.index + 1,
            of: self.len(),
        }
    }

    fn command(
        &mut self,
        command: &Command,
        _session: &mut Session,
    ) -> Option<Result<Output, Error>> {
        match command {
            Command::Next => Some(Ok(self.next())),
            Command::Back if self.index == 0 => Some(Ok(Output::Note(Note::FirstStep))),
            Command::Back => {
                self.index -= 1;
                Some(Ok(self.show(StepDetail::None)))
            }
            Command::Expand => Some(self.expand()),
            Command::At { binding } => Some(self.at(binding)),
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
        Activity::Proof {
            id: self.proof.id.clone(),
            title: self.proof.title.clone(),
            at: self.index + 1,
            of: self.len(),
        }
    }
}
