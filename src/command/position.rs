//! Commands on a position: `winner`, `move`, `nimsum` (a report on piles given, streamed or
//! the session's), `position` (set or show the session's position) and `set` (one pile).

use super::piles::{self, Piles};
use super::rules::rules_or_session;
use super::session::Session;
use crate::cli::{PositionArgs, RulesArg};
use crate::engine::Rules;
use crate::engine::Side;
use crate::engine::SumGame;
use crate::error::{Error, Expected};
use crate::output::{
    BulkReport, LoopyReport, MiserePlayReport, MisereSumReport, Note, Output, PileChanged,
    PositionReport, PositionTitle, PositionView, WhoWins, Working,
};

/// What kind of position a command's words give, chosen in this one place ([`Kind::of`]) for
/// every command on a position: `winner`, `move`, `nimsum`, `play`, `position`, `step`,
/// `grundy` and `draw`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Green Hackenbush pictures (`--rules hackenbush`).
    Pictures,
    /// Moore's Nim_k (`--rules moore:K`): piles that one move may take from together.
    Moore(u64),
    /// A sum of different games written out, `'wythoff(3,5) + lasker(7) + 4'`.
    Sum,
    /// Nothing written, and the session holds a sum as its position.
    StoredSum,
    /// Piles of one ruleset (a staircase's coins, a graph's tokens): on the line, in a file, on
    /// standard input, or the session's.
    Piles,
}

impl Kind {
    /// The kind of position that `words` (and a file, if `file`) give under `rules`, in
    /// `session`: pictures and Moore's Nim by their rules, a sum by how it is written, the
    /// session's sum when nothing is, else piles of one ruleset.
    pub(super) fn of(session: &Session, rules: &RulesArg, words: &[String], file: bool) -> Kind {
        if super::hackenbush::asked_for(rules) {
            return Kind::Pictures;
        }
        if let Some(k) = super::moore::asked_for(rules) {
            return Kind::Moore(k);
        }
        if !file && super::sum::is_sum(words) {
            return Kind::Sum;
        }
        let alone = words.is_empty() && !file && rules.rules.is_none();
        if alone && session.sum().is_some() {
            return Kind::StoredSum;
        }
        Kind::Piles
    }

    /// The session's own position: its sum, or its piles.
    pub(super) fn held(session: &Session) -> Kind {
        Kind::of(session, &RulesArg::default(), &[], false)
    }
}

/// The kind of position `args` give, in `session`.
pub(super) fn kind(session: &Session, args: &PositionArgs) -> Kind {
    Kind::of(session, &args.rules, &args.piles, args.file.is_some())
}

/// `winner`, `move` and `nimsum`: who wins the position given, with the working that shows
/// it, for every kind of position.
pub(super) fn report(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<Output, Error> {
    if args.misere && view == PositionView::NimSum {
        return Err(Error::bad_token("--misere", Expected::MisereNoNimSum));
    }
    let working: Working = match kind(session, args) {
        Kind::Pictures => super::hackenbush::position(args, view)?.into(),
        Kind::Moore(k) => super::moore::report(k, args, view)?.into(),
        Kind::Sum | Kind::StoredSum if args.misere => misere_sum(session, args, view)?.into(),
        Kind::Sum => super::sum::report(session, args, view)?.into(),
        Kind::StoredSum => match super::sum::report_stored(session, view)? {
            Some(report) => report.into(),
            None => return Err(Error::NoPiles),
        },
        Kind::Piles => piles_report(session, args, view)?,
    };
    Ok(Output::WhoWins(WhoWins::new(working)))
}

/// A sum of different games played misère (written, else the session's): searched whole, as
/// `play --misere` plays it.
fn misere_sum(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<MisereSumReport, Error> {
    let (solvers, piles) = if args.piles.is_empty() {
        super::sum::stored(session)?.ok_or(Error::NoPiles)?
    } else {
        super::sum::read(session, args)?
    };
    let components = piles
        .iter()
        .map(|&(i, pile)| (solvers[i].rules().clone(), pile))
        .collect();
    let game = SumGame::of_piles(solvers, piles, Side::Learner).played_misere();
    let verdict = game.misere_sum(game.parts())?;
    Ok(MisereSumReport {
        view,
        components,
        verdict,
    })
}

/// The working for piles of one ruleset: their values in binary, a stream's summary, a
/// loopy graph's γ, or a search of the ruleset played misère.
fn piles_report(
    session: &mut Session,
    args: &PositionArgs,
    view: PositionView,
) -> Result<Working, Error> {
    let mut solver = rules_or_session(session, &args.rules)?;
    let staircase = one_staircase(solver.rules(), args)?;
    let args = staircase.as_ref().unwrap_or(args);
    let (piles, title) = match piles::read_piles(args, &mut solver, session)? {
        Piles::Listed(piles) => (piles, None),
        Piles::Streamed { source, .. } if args.misere => {
            return Err(Error::TooManyPilesToSearch { source });
        }
        Piles::Streamed { summary, source } => {
            return Ok(BulkReport {
                view,
                rules: solver.rules().clone(),
                summary,
                source,
            }
            .into());
        }
        Piles::None if !session.position().is_empty() => {
            // The session's position, by its own rules unless `--rules` names others.
            if args.rules.rules.is_none() {
                solver = session.position_solver().clone();
            }
            let piles = session.position_for(solver.rules());
            solver.reach_all(&piles)?;
            (piles, Some(PositionTitle::SessionPosition))
        }
        Piles::None => {
            return Err(Error::NoPiles);
        }
    };
    session.remember_for_position(&solver);
    if args.misere {
        let verdict = crate::engine::misere_play::decide(
            &solver,
            &piles,
            crate::engine::misere_play::WORK_LIMIT,
        )?;
        return Ok(MiserePlayReport {
            view,
            rules: solver.rules().clone(),
            piles,
            verdict,
        }
        .into());
    }
    if let Rules::Graph(graph) = solver.rules()
        && graph.is_loopy()
        && view != PositionView::NimSum
    {
        return Ok(LoopyReport::new(view, solver.rules(), graph.clone(), &piles)?.into());
    }
    let mut report = PositionReport::new(view, &solver, piles)?;
    report.title = title;
    Ok(report.into())
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
        crate::engine::parse_size(word)
            .map_err(|_| Error::bad_token(word, Expected::StairCoins))?;
    }
    Ok(Some(vec![format!("({})", words.join(","))]))
}

/// `position`: sets or shows the session's position. `--rules R` reads and shows it by R for
/// this command only; the session keeps its rules, and the piles become its states.
pub(super) fn set_position(session: &mut Session, args: &PositionArgs) -> Result<Output, Error> {
    match kind(session, args) {
        Kind::Sum => return super::sum::set_position(session, args),
        Kind::StoredSum => {
            if let Some(report) = super::sum::report_stored(session, PositionView::NimSum)? {
                return Ok(Output::WhoWins(WhoWins::new(report)));
            }
        }
        Kind::Pictures | Kind::Moore(_) | Kind::Piles => {}
    }
    let mut solver = rules_or_session(session, &args.rules)?;
    match piles::read_piles(args, &mut solver, session)? {
        Piles::None => {}
        // The position keeps the rules it was read by: `step`, `set`, `play` and `position`
        // go on by them.
        Piles::Listed(piles) => {
            session.set_position_by(solver.clone(), piles)?;
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
    // Shown by `--rules` if given (for this command only), else by the position's own rules.
    if args.rules.rules.is_none() {
        solver = session.position_solver().clone();
    }
    let graphs = [solver.rules(), session.position_rules()]
        .iter()
        .filter(|r| matches!(r, Rules::Graph(_)))
        .count();
    if graphs == 1 {
        return Err(Error::GraphAgainstSession {
            rules: session.position_rules().clone(),
        });
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
    // A pile of the position's own rules (`position --rules R` set it by R).
    let pile = session.position_rules().parse_pile(token)?;
    let mut solver = session.position_solver().clone();
    solver.reach(pile, token)?;
    session.remember_for_position(&solver);
    let change = session
        .set_pile(i - 1, pile)?
        .ok_or(Error::NoPositionToChange)?;
    if let Some(output) = loopy(session.position_rules(), session.position())? {
        return Ok(output);
    }
    let mut report = PositionReport::new(
        PositionView::NimSum,
        session.position_solver(),
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
