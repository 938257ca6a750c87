//! Commands of the language, executed against a session: the dispatcher that hands each
//! command to the file that carries it out, or to the activity in focus. Results are `Output`
//! data; nothing here prints.

mod bulk_input;
mod conjecture;
mod decide;
mod derive;
mod draw;
mod eval;
mod focus;
mod formats;
mod game;
mod grundy;
mod hackenbush;
mod help;
mod leave;
mod lesson;
mod lost_conjecture;
mod mex;
mod moore;
mod period;
mod pile_play;
mod piles;
mod play;
mod position;
mod prove;
mod range;
mod rules;
mod sandbox;
mod session;
mod step;
mod sum;
mod sum_play;
mod typed_move;
mod verify;

pub use draw::DrawError;
pub use focus::Focus;
pub use formats::check_format;
pub use help::help_text;
pub use leave::{leave_all, quit};
pub(crate) use lesson::in_progress as lesson_in_progress;
pub use sandbox::{LineBudget, Refusal, Spent};
pub use session::{PileChange, Session};

use crate::cli::Command;
use crate::error::{Error, Expected};
use crate::output::{Note, Output, PositionView};

pub use rules::parse_rules;
use rules::rules_or_session;

pub use piles::{KEEP_PILES, Piles, stream_piles};

// Long on purpose: the one match over commands, one short arm per command, each handing on to
// its module; it is the table of contents of command/.
/// Runs one command. The session's focus sees it first. `run` is handled by the caller, which
/// owns the output stream.
pub fn execute(command: &Command, session: &mut Session) -> Result<Output, Error> {
    // `quit` belongs to no activity: it leaves the innermost one, or nimlab.
    if let Command::Quit = command {
        return Ok(quit(session));
    }
    if let Some(result) = with_focus(session, |focus, session| focus.command(command, session)) {
        return result;
    }
    match command {
        Command::Mex { values } => mex::mex(values),
        Command::Grundy {
            rules,
            target,
            more,
            ..
        } if grundy::kind(session, rules, target.as_deref(), more) == position::Kind::Pictures => {
            let words = target.as_deref().map(|t| grundy::words(t, more));
            hackenbush::grundy(&words.unwrap_or_default())
        }
        Command::Grundy {
            rules,
            target: Some(first),
            more,
            ..
        } if grundy::kind(session, rules, Some(first), more) == position::Kind::Sum => {
            sum::value(session, rules, grundy::words(first, more))
        }
        Command::Grundy {
            target: Some(first),
            more,
            ..
        } if !more.is_empty() => Err(Error::bad_token(
            more[0].clone(),
            Expected::StateOrRange {
                first: first.to_string(),
                last: more[more.len() - 1].to_string(),
            },
        )),
        Command::Grundy {
            rules,
            target,
            values: false,
            ..
        } => grundy::grundy(session, rules, target.as_deref()),
        Command::Grundy {
            rules,
            target,
            values: true,
            ..
        } => grundy::grundy_values(session, rules, target.as_deref()),
        Command::Period { rules, to, table } => {
            period::period(session, rules, to.as_deref(), *table)
        }
        Command::Winner(args) => position::report(session, args, PositionView::Winner),
        // No piles: the example names the command typed.
        Command::Move(args) => {
            position::report(session, args, PositionView::Move).map_err(|e| e.for_command("move"))
        }
        Command::Nimsum(args) => position::report(session, args, PositionView::NimSum)
            .map_err(|e| e.for_command("nimsum")),
        Command::Rules { name: None } => Ok(Output::Rulesets {
            current: session.rules().clone(),
        }),
        Command::Rules { name: Some(name) } => {
            let set_aside = session.set_rules(rules::parse_rules_in(session, name)?)?;
            Ok(Output::Note(Note::RulesSet(
                session.rules().clone(),
                set_aside,
            )))
        }
        Command::Position(args) => position::set_position(session, args),
        Command::Set { index, pile } => position::set_pile(session, index, pile),
        Command::Eval { expr } => eval::eval(session, expr),
        Command::Game { definition } => game::define(session, definition),
        Command::Derive { rules, range, all } => {
            derive::derive(session, rules, range.as_deref(), *all)
        }
        Command::Conjecture {
            rules,
            formula,
            explain,
        } => conjecture::conjecture(session, rules, formula, *explain),
        Command::Decide {
            dot: true,
            sentence,
            work,
            ..
        } => decide::automaton(session, sentence, decide::limits(*work)),
        Command::Decide {
            explain,
            sentence,
            work,
            ..
        } => decide::decide(session, sentence, *explain, decide::limits(*work)),
        Command::Verify {
            rules,
            misere,
            piles,
            max,
        } => verify::verify(session, rules.as_deref(), *misere, *piles, *max),
        Command::Prove { name, all, explain } => {
            prove::prove(session, name.as_deref(), *all, *explain)
        }
        Command::Next | Command::Back | Command::Expand | Command::At { .. } => {
            Err(Error::NothingToStep)
        }
        Command::Lesson { action } => lesson::lesson(
            session,
            action.as_ref().unwrap_or(&crate::cli::LessonAction::List),
        ),
        Command::Goto { .. } | Command::Skip | Command::Reveal => Err(Error::NoLesson),
        Command::Help { topic } => help_text(topic).map(Output::Help),
        Command::Quit => Ok(quit(session)),
        // Written by the caller, which owns the output stream.
        Command::Run { .. } | Command::Completions { .. } | Command::Man { .. } => {
            Ok(Output::Nothing)
        }
        Command::Play(args) => start_play(session, args),
        Command::Take { .. }
        | Command::Pass { .. }
        | Command::Undo
        | Command::Hint
        | Command::Resign => Err(play::no_game()),
        Command::Why { whose } => play::why(session, whose.as_deref()),
        Command::Step { all } => step::step(session, *all),
        Command::Draw(args) => draw::draw(session, args),
    }
}

/// Offers a line that did not parse as a command to the session's focus.
pub fn execute_text(line: &str, session: &mut Session) -> Option<Result<Output, Error>> {
    with_focus(session, |focus, session| focus.text(line, session))
}

/// Offers a command or line to the focuses, innermost first; each is taken out of the
/// session while it runs. Finished focuses are dropped; ones `f` started stay on top.
fn with_focus<T>(
    session: &mut Session,
    mut f: impl FnMut(&mut dyn Focus, &mut Session) -> Option<T>,
) -> Option<T> {
    for i in (0..session.focus.len()).rev() {
        let mut focus = session.focus.remove(i);
        let handled = f(focus.as_mut(), session);
        let kind = focus.kind();
        let replaced = session.focus[i..].iter().any(|g| g.kind() == kind);
        if !focus.is_done() && !replaced {
            session.focus.insert(i, focus);
        }
        if handled.is_some() {
            return handled;
        }
    }
    None
}

/// `play`: starts a game in the session and, if the computer moves first, its first move: on
/// pictures, a sum of different games, the session's sum, or piles of one ruleset (each a view
/// of the one driver in `play.rs`).
fn start_play(session: &mut Session, args: &crate::cli::PlayArgs) -> Result<Output, Error> {
    // The kind of position is chosen where `winner` and `move` choose it.
    match position::kind(session, &args.position) {
        position::Kind::Pictures => sum_play::start_pictures(session, args),
        position::Kind::Sum => sum_play::start_sum(session, args),
        position::Kind::StoredSum => sum_play::start_stored(session, args),
        // Moore's Nim is refused by its name, as a ruleset of piles would be.
        position::Kind::Moore(_) | position::Kind::Piles => pile_play::start(session, args),
    }
}
