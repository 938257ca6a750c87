//! What a lesson's `run:` and `setup:` lines may do, decided on the parsed command (shell quoting
//! already removed, so `gr''aph:` and `gr"a"ph:` are `graph:` here): an allow-list of nimlab's
//! own commands on numbers and on rulesets the engine knows by name. A lesson line never names a
//! file, a directory or standard input, never runs a script or a lesson, never leaves nimlab, and
//! never steers an activity the learner is in. Every line is charged to a [`LineBudget`].
//!
//! This module decides and runs; it prints nothing.

use std::time::{Duration, Instant};

use super::{Session, execute};
use crate::cli::{Cli, Command, Format, Parsed, PositionArgs};
use crate::engine::{EngineError, Rules};
use crate::error::Error;
use crate::lesson::CommandLine;
use crate::output::{Help, Output};
use crate::refusal::{Reads, Unfit};
pub use crate::refusal::{Refusal, Spent};

/// Command lines one budget allows: every line of one `lesson check` of a lesson, or of one
/// learner's action (starting a lesson with its setup, `next`, `goto`, …).
pub(super) const MAX_LINES: u32 = 200;
/// Time one budget allows for its command lines (and, in `lesson check`, its expressions).
pub(super) const MAX_TIME: Duration = Duration::from_secs(30);

/// What a lesson's command lines may still spend: a count of lines and a deadline.
#[derive(Debug, Clone)]
pub struct LineBudget {
    lines_left: u32,
    line_limit: u32,
    started: Instant,
    time_limit: Duration,
}

impl Default for LineBudget {
    fn default() -> Self {
        Self::new(MAX_LINES, MAX_TIME)
    }
}

impl LineBudget {
    pub fn new(lines: u32, time: Duration) -> Self {
        Self {
            lines_left: lines,
            line_limit: lines,
            started: Instant::now(),
            time_limit: time,
        }
    }

    /// What has run out, if anything: the time first, then the lines.
    pub fn spent(&self) -> Option<Spent> {
        if self.started.elapsed() >= self.time_limit {
            Some(Spent::Time {
                limit: self.time_limit,
            })
        } else if self.lines_left == 0 {
            Some(Spent::Lines {
                limit: self.line_limit,
            })
        } else {
            None
        }
    }

    /// Takes one line from the budget, or says what has run out.
    fn charge(&mut self) -> Result<(), Refusal> {
        if let Some(spent) = self.spent() {
            return Err(Refusal::OverBudget { spent });
        }
        self.lines_left -= 1;
        Ok(())
    }
}

/// Runs one command line of a lesson, parsed when the lesson was loaded, against the session,
/// if the lesson may run it.
pub(super) fn run_line(
    session: &mut Session,
    line: &CommandLine,
    budget: &mut LineBudget,
) -> Result<Output, Error> {
    budget.charge()?;
    let parsed = line.parsed().map_err(|error| Error::LessonLine {
        error: error.clone(),
    })?;
    match parsed {
        Parsed::Cli(cli) => match permitted(cli)? {
            // Whatever format the line names, a lesson's picture is drawn in the terminal.
            Some(Command::Draw(args)) => {
                let mut args = args.clone();
                args.format = Some(Format::Text);
                execute(&Command::Draw(args), session)
            }
            Some(command) => execute(command, session),
            None => Ok(Output::Nothing),
        },
        Parsed::Display(text) => Ok(Output::Help(Help::Grammar(text.clone()))),
    }
}

/// The command a lesson line may run, or why it may not. The match names every command, so a
/// new one is refused in lessons until someone decides otherwise here.
fn permitted(cli: &Cli) -> Result<Option<&Command>, Error> {
    if cli.lessons.is_some() {
        return Err(Refusal::ReadsFiles {
            what: Reads::LessonsDir,
        }
        .into());
    }
    let Some(command) = &cli.command else {
        return Ok(None);
    };
    let steers = |command| Refusal::NotForLessons {
        command,
        why: Unfit::Steers,
    };
    match command {
        Command::Mex { .. }
        | Command::Decide { .. }
        | Command::Eval { .. }
        | Command::Game { .. }
        | Command::Prove { .. }
        | Command::Set { .. }
        | Command::Step { .. }
        | Command::Help { .. }
        | Command::Rules { name: None } => {}
        Command::Grundy { rules, .. }
        | Command::Period { rules, .. }
        | Command::Derive { rules, .. }
        | Command::Conjecture { rules, .. } => ruleset(rules.rules.as_deref())?,
        Command::Rules { name } => ruleset(name.as_deref())?,
        Command::Verify { rules, .. } => {
            // `verify` reads `zero-move-misere` as zero-move played misère.
            let base = rules.as_deref().map(|r| {
                let lower = r.to_ascii_lowercase();
                lower
                    .strip_suffix("-misere")
                    .or_else(|| lower.strip_suffix("-misère"))
                    .map_or_else(|| r.to_string(), str::to_string)
            });
            ruleset(base.as_deref())?;
        }
        Command::Winner(args) | Command::Move(args) | Command::Nimsum(args) => position(args)?,
        Command::Position(args) => position(args)?,
        Command::Play(args) => position(&args.position)?,
        Command::Run { .. } => Err(Refusal::ReadsFiles {
            what: Reads::Script,
        })?,
        Command::Lesson { .. } => Err(Refusal::NotForLessons {
            command: "lesson",
            why: Unfit::Lessons,
        })?,
        Command::Quit => Err(Refusal::NotForLessons {
            command: "quit",
            why: Unfit::Quits,
        })?,
        Command::Next => Err(steers("next"))?,
        Command::Back => Err(steers("back"))?,
        Command::Expand => Err(steers("expand"))?,
        Command::At { .. } => Err(steers("at"))?,
        Command::Goto { .. } => Err(steers("goto"))?,
        Command::Skip => Err(steers("skip"))?,
        Command::Reveal => Err(steers("reveal"))?,
        Command::Take { .. } => Err(steers("take"))?,
        Command::Pass { .. } => Err(steers("pass"))?,
        Command::Undo => Err(steers("undo"))?,
        Command::Hint => Err(steers("hint"))?,
        Command::Resign => Err(steers("resign"))?,
        Command::Why { .. } => Err(steers("why"))?,
        // A lesson draws in the terminal (see `run_line`), never to a file.
        Command::Draw(args) if args.output.is_some() => Err(Refusal::NotForLessons {
            command: "draw -o",
            why: Unfit::DrawsToFile,
        })?,
        Command::Draw(args) if args.file.is_some() => Err(Refusal::ReadsFiles {
            what: Reads::PictureFile,
        })?,
        Command::Draw(args) => ruleset(args.rules.rules.as_deref())?,
        Command::Completions { .. } | Command::Man { .. } => Err(Refusal::NotForLessons {
            command: "completions",
            why: Unfit::ShellOnly,
        })?,
    }
    Ok(Some(command))
}

/// A ruleset a lesson may name: one the engine reads from its name alone. `graph:FILE` is a
/// file; any other name the engine does not read is refused with the engine's own message.
fn ruleset(name: Option<&str>) -> Result<(), Error> {
    match name.map(Rules::parse) {
        // A library game's definition is compiled in, and a defined game's is the session's.
        // Green Hackenbush's pictures are written on the line, Moore's Nim's piles too (the
        // commands that take it, `winner` and `move`, say so themselves to the others).
        None
        | Some(
            Ok(_)
            | Err(
                EngineError::DefinitionNotLoaded { .. }
                | EngineError::PictureGame { .. }
                | EngineError::WholePositionGame { .. },
            ),
        ) => Ok(()),
        Some(Err(EngineError::GraphNotLoaded { .. })) => Err(Refusal::ReadsFiles {
            what: Reads::GraphFile,
        }
        .into()),
        Some(Err(e)) => Err(e.into()),
    }
}

/// Piles a lesson may give: on the line, never from a file or standard input.
fn position(args: &PositionArgs) -> Result<(), Error> {
    if args.file.is_some() {
        return Err(Refusal::ReadsFiles {
            what: Reads::PilesFile,
        }
        .into());
    }
    if args.piles.iter().any(|p| p == "-") {
        return Err(Refusal::ReadsFiles {
            what: Reads::StandardInput,
        }
        .into());
    }
    ruleset(args.rules.rules.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> CommandLine {
        CommandLine::parse(text.to_string())
    }

    fn refusal(result: Result<Output, Error>) -> Option<Refusal> {
        match result {
            Err(Error::Refused(r)) => Some(r),
            _ => None,
        }
    }

    #[test]
    fn the_budget_counts_lines_and_time() {
        let mut session = Session::default();
        let mut budget = LineBudget::new(2, Duration::from_secs(3600));
        assert!(run_line(&mut session, &parsed("mex 0 1"), &mut budget).is_ok());
        assert!(run_line(&mut session, &parsed("mex 0"), &mut budget).is_ok());
        assert_eq!(
            refusal(run_line(&mut session, &parsed("mex 0"), &mut budget)),
            Some(Refusal::OverBudget {
                spent: Spent::Lines { limit: 2 }
            })
        );
        let mut budget = LineBudget::new(100, Duration::ZERO);
        assert_eq!(
            refusal(run_line(&mut session, &parsed("mex 0"), &mut budget)),
            Some(Refusal::OverBudget {
                spent: Spent::Time {
                    limit: Duration::ZERO
                }
            })
        );
    }

    #[test]
    fn quoting_does_not_hide_a_file() {
        let mut session = Session::default();
        for line in [
            "rules 'gr''aph:x.yaml'",
            "rules gr\"a\"ph:x.yaml",
            "rules gr\\aph:x.yaml",
            "grundy --rules=GRAPH:x.yaml",
            "winner --fi''le x.txt",
            "nimsum '-'",
            "r''un x.txt",
        ] {
            let mut budget = LineBudget::default();
            assert!(
                matches!(
                    refusal(run_line(&mut session, &parsed(line), &mut budget)),
                    Some(Refusal::ReadsFiles { .. })
                ),
                "{line}"
            );
        }
    }
}
