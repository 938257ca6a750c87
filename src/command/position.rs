//! Commands on a position: `winner`, `move`, `nimsum` (a report on piles given, streamed or
//! the session's), `position` (set or show the session's position) and `set` (one pile).

use super::piles::{self, Piles};
use super::rules::rules_or_session;
use super::session::{self, Session};
use crate::cli::PositionArgs;
use crate::engine::Rules;
use crate::error::{Error, Expected};
use crate::output::{
    BulkReport, LoopyReport, MiserePlayReport, Note, Output, PileChanged, PositionReport,
    PositionTitle, PositionView, WhoWins,
};

/// `winner`, `move` and `nimsum`: a position's report in one view, or a summary of piles
/// streamed from a file or standard input.
pub(super) fn report(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<Output, Error> {
    if super::hackenbush::asked_for(&args.rules) {
        return super::hackenbush::position(args, view);
    }
    let alone = args.piles.is_empty() && args.file.is_none() && args.rules.rules.is_none();
    if alone
        && !args.misere
        && let Some(output) = super::sum::report_stored(session, view)?
    {
        return Ok(output);
    }
    if args.misere {
        return misere_play(session, args, view);
    }
    if let Some(k) = super::moore::asked_for(args)? {
        return super::moore::report(k, args, view);
    }
    if view != PositionView::NimSum && args.file.is_none() && super::sum::is_sum(&args.piles) {
        return super::sum::report(session, args, view);
    }
    let mut solver = rules_or_session(session, &args.rules)?;
    let staircase = one_staircase(solver.rules(), args)?;
    let args = staircase.as_ref().unwrap_or(args);
    let (piles, title) = match piles::read_piles(args, &mut solver, session)? {
        Piles::Listed(piles) => (piles, None),
        Piles::Streamed { summary, source } => {
            return Ok(Output::WhoWins(WhoWins::new(BulkReport {
                view,
                rules: solver.rules().clone(),
                summary,
                source,
            })));
        }
        Piles::None if !session.position().is_empty() => {
            let piles = session.position_for(solver.rules());
            solver.reach_all(&piles)?;
            (piles, Some(PositionTitle::SessionPosition))
        }
        Piles::None => {
            return Err(Error::NoPiles);
        }
    };
    session.remember(&solver);
    if let Rules::Graph(graph) = solver.rules()
        && graph.is_loopy()
        && view != PositionView::NimSum
    {
        return Ok(Output::WhoWins(WhoWins::new(LoopyReport::new(
            view,
            solver.rules(),
            graph.clone(),
            &piles,
        )?)));
    }
    let mut report = PositionReport::new(view, &solver, piles)?;
    report.title = title;
    Ok(Output::WhoWins(WhoWins::new(report)))
}

/// A game of tuples of any length (staircase Nim) given as plain numbers, `3 1 4 1`: the coins
/// on each step of one staircase, `(3,1,4,1)`.
pub(super) fn one_staircase(
    rules: &Rules,
    args: &PositionArgs,
) -> Result<Option<PositionArgs>, Error> {
    Ok(
        staircase_words(rules, &args.piles)?.map(|piles| PositionArgs {
            piles,
            ..args.clone()
        }),
    )
}

/// [`one_staircase`] on the words of a line: the one tuple they write, if they are a staircase
/// given as plain numbers.
pub(super) fn staircase_words(
    rules: &Rules,
    words: &[String],
) -> Result<Option<Vec<String>>, Error> {
    let Rules::Defined(game) = rules else {
        return Ok(None);
    };
    let tuple = |w: &String| w.starts_with('(') || w == "-";
    if !game.any_length() || words.is_empty() || words.iter().any(tuple) {
        return Ok(None);
    }
    for word in words {
        crate::engine::notation::pile::parse_size(word)
            .map_err(|_| Error::bad_token(word, Expected::StairCoins))?;
    }
    Ok(Some(vec![format!("({})", words.join(","))]))
}

/// `winner`/`move --misere`: the piles given, of the command's rules played misère, decided by
/// exhaustive search.
fn misere_play(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<Output, Error> {
    if view == PositionView::NimSum {
        return Err(Error::bad_token("--misere", Expected::MisereNoNimSum));
    }
    if let Some(k) = super::moore::asked_for(args)? {
        return Err(Error::bad_token(
            "--misere",
            Expected::MooreNormalPlay { k },
        ));
    }
    if args.file.is_none() && super::sum::is_sum(&args.piles) {
        return Err(Error::bad_token("--misere", Expected::SumNormalPlay));
    }
    let mut solver = rules_or_session(session, &args.rules)?;
    let staircase = one_staircase(solver.rules(), args)?;
    let args = staircase.as_ref().unwrap_or(args);
    let piles = match piles::read_piles(args, &mut solver, session)? {
        Piles::Listed(piles) => piles,
        Piles::None if !session.position().is_empty() => {
            let piles = session.position_for(solver.rules());
            solver.reach_all(&piles)?;
            piles
        }
        Piles::None => return Err(Error::NoPiles),
        Piles::Streamed { source, .. } => {
            return Err(Error::bad_token(source, Expected::ShortEnoughToSearch));
        }
    };
    session.remember(&solver);
    let verdict = crate::engine::searches::misere_play::decide(
        &solver,
        &piles,
        crate::engine::searches::misere_play::WORK_LIMIT,
    )?;
    Ok(Output::WhoWins(WhoWins::new(MiserePlayReport {
        view,
        rules: solver.rules().clone(),
        piles,
        verdict,
    })))
}

/// `position`: sets or shows the session's position. `--rules R` reads and shows it by R for
/// this command only; the session keeps its rules, and the piles become its states.
pub(super) fn set_position(session: &mut Session, args: &PositionArgs) -> Result<Output, Error> {
    if args.file.is_none() && super::sum::is_sum(&args.piles) {
        return super::sum::set_position(session, args);
    }
    if args.piles.is_empty()
        && args.file.is_none()
        && let Some(output) = super::sum::report_stored(session, PositionView::NimSum)?
    {
        return Ok(output);
    }
    let solver = rules_or_session(session, &args.rules)?;
    let graphs = [solver.rules(), session.rules()]
        .iter()
        .filter(|r| matches!(r, Rules::Graph(_)))
        .count();
    if graphs == 1 {
        return Err(Error::GraphAgainstSession {
            rules: session.rules().clone(),
        });
    }
    let mut solver = solver;
    match piles::read_piles(args, &mut solver, session)? {
        Piles::None => {}
        Piles::Listed(piles) => {
            let kept = session::piles_as(session.rules(), &piles);
            session.set_position(kept)?;
            session.clear_sum();
        }
        Piles::Streamed { source, .. } => {
            return Err(Error::TooManyPilesToKeep {
                source,
                limit: piles::KEEP_PILES,
            });
        }
    }
    if session.position().is_empty() {
        return Ok(Output::Note(Note::NoPosition));
    }
    let piles = session.position_for(solver.rules());
    if let Some(output) = loopy(solver.rules(), &piles)? {
        return Ok(output);
    }
    let mut report = PositionReport::new(PositionView::NimSum, &solver, piles)?;
    report.title = Some(PositionTitle::Position);
    Ok(Output::WhoWins(WhoWins::new(report)))
}

/// A position of a loopy graph, which has no nim-sum to show: its γ and who wins, or a draw.
fn loopy(rules: &Rules, piles: &[crate::engine::Pile]) -> Result<Option<Output>, Error> {
    let Rules::Graph(graph) = rules else {
        return Ok(None);
    };
    if !graph.is_loopy() {
        return Ok(None);
    }
    Ok(Some(Output::WhoWins(WhoWins::new(LoopyReport::new(
        PositionView::Winner,
        rules,
        graph.clone(),
        piles,
    )?))))
}

/// `set I PILE`: changes one pile of the session's position and says how the nim-sum moved.
pub(super) fn set_pile(session: &mut Session, index: &str, pile: &str) -> Result<Output, Error> {
    let count = session.position().len();
    if count == 0 {
        return Err(Error::NoPositionToChange);
    }
    let i: usize = index
        .parse()
        .ok()
        .filter(|i| (1..=count).contains(i))
        .ok_or_else(|| Error::bad_token(index, Expected::PileNumber { count }))?;
    let token = pile;
    let pile = session.rules().parse_pile(token)?;
    let mut solver = session.solver().clone();
    solver.reach(pile, token)?;
    session.remember(&solver);
    let change = session.set_pile(i - 1, pile)?;
    if let Some(output) = loopy(session.rules(), session.position())? {
        return Ok(output);
    }
    let mut report = PositionReport::new(
        PositionView::NimSum,
        session.solver(),
        session.position().to_vec(),
    )?;
    report.title = Some(PositionTitle::Changed(Box::new(PileChanged {
        pile: i,
        from: change.from,
        to: change.to,
        old_value: change.old_value,
        new_value: change.new_value,
        old_sum: change.old_sum,
        new_sum: change.new_sum,
    })));
    Ok(Output::WhoWins(WhoWins::new(report)))
}
