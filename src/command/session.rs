//! The session's state: the current ruleset and position, with an incrementally kept nim-sum,
//! and where `step` stands in playing the position out. The commands that change it live
//! above it; it uses none of them.

use super::focus::Focus;
use crate::engine::Solver;
use crate::engine::{EngineError, Grundy, Pile, Rules};
use crate::output::{Prompt, SetAside};

/// The last command of a game, of piles of one ruleset or of a sum.
#[derive(Debug, Clone)]
pub enum LastGame {
    Piles(crate::output::GameReport),
    Sum(crate::output::SumGameReport),
}

impl LastGame {
    /// Shows each move with its reasons, or each move in one line and the board.
    pub fn set_detail(&mut self, detail: bool) {
        match self {
            Self::Piles(report) => report.detail = detail,
            Self::Sum(report) => report.detail = detail,
        }
    }

    pub fn into_output(self) -> crate::output::Output {
        match self {
            Self::Piles(report) => crate::output::Output::Game(report),
            Self::Sum(report) => crate::output::Output::SumGame(report),
        }
    }
}

/// What the REPL remembers between lines.
#[derive(Debug)]
pub struct Session {
    /// What the learner is stepping through, innermost last (see [`Focus`]): a derivation
    /// started inside a lesson takes `next` until it is done, then the lesson has it again.
    pub focus: Vec<Box<dyn Focus>>,
    /// Where `step` stands in playing out the position.
    pub steps: StepLog,
    /// The last command of a game, for `why` to show in full with its reasons; kept after
    /// the game ends so its last move can be asked about.
    pub last_game: Option<LastGame>,
    /// Where lesson progress is saved (`None`: nowhere).
    pub store: Option<crate::lesson::progress::Store>,
    /// `--lessons DIR`.
    pub lessons_dir: Option<std::path::PathBuf>,
    catalog: Option<(
        crate::lesson::catalog::Catalog,
        Vec<crate::lesson::LessonError>,
    )>,
    /// Whether the lines being run come from standard input, which `-` then cannot also read.
    pub stdin_is_script: bool,
    /// Whether a person is typing at a terminal: stepping activities then wait for `next`.
    pub interactive: bool,
    /// Whether nimlab was started on the shell for one activity (`nimlab play 4 7 5`,
    /// `nimlab lesson start ID`): it then ends when that activity does, back to the shell.
    pub for_one_activity: bool,
    /// Stops the running command's long loops (Ctrl-C) and counts their progress.
    pub cancel: crate::engine::Cancel,
    /// Whether some lesson progress could not be saved this run (each failure was warned
    /// of as it happened): the run then ends with exit code 3.
    pub unsaved_progress: std::cell::Cell<bool>,
    solver: Solver,
    /// Solvers for other rulesets (`--rules`) that computed something worth keeping, latest
    /// last; at most [`KEPT_SOLVERS`].
    others: Vec<Solver>,
    /// The games defined with `game NAME(n) = …` this session, each by its name (a new
    /// definition of a name replaces the old), so `game:NAME` names them after the session's
    /// rules have changed.
    games: Vec<Rules>,
    /// The games of the lesson running (its `games:`), named by `game:NAME` before the
    /// session's own while it runs, and gone when it ends.
    lesson_games: Vec<Rules>,
    /// The position: one at a time, piles of one ruleset or a sum of different games.
    held: Held,
}

/// The session's position, of one kind at a time: setting piles forgets a sum and setting a
/// sum forgets the piles.
#[derive(Debug, Clone)]
enum Held {
    /// Piles of one ruleset (none at all: no position yet).
    Piles(HeldPiles),
    /// A sum of different games set with `position 'wythoff(3,5) + lasker(7) + 4'`: each
    /// term's game and state.
    Sum(Vec<(Rules, Pile)>),
}

/// Piles of one ruleset, as the session holds them.
#[derive(Debug, Clone, Default)]
struct HeldPiles {
    /// The position's own rules, when it was set with other rules than the session's
    /// (`position --rules subtract:1,2 5`): every command that reads the position plays,
    /// values and shows it by these. `None`: the session's.
    own: Option<Solver>,
    piles: Vec<Pile>,
    /// Grundy value of each pile, kept so `set` updates the nim-sum in O(1).
    values: Vec<Grundy>,
    nim_sum: Grundy,
}

/// Where a walkthrough stands: how many moves were stepped, and the position they led to. A
/// position changed by other means starts a new walkthrough.
#[derive(Debug, Default, Clone)]
pub struct StepLog {
    at: Option<Stepped>,
    moves: usize,
}

/// A position a walkthrough stands at, as the session holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stepped {
    /// Piles of one ruleset.
    Piles(Rules, Vec<Pile>),
    /// A sum of different games: each term's game and state.
    Sum(Vec<(Rules, Pile)>),
}

impl StepLog {
    /// The moves stepped so far to reach `position`: the walkthrough's count if it stands
    /// there, else 0, and a new walkthrough starts from it.
    pub fn moves_to(&mut self, position: Stepped) -> usize {
        if self.at.as_ref() != Some(&position) {
            self.at = Some(position);
            self.moves = 0;
        }
        self.moves
    }

    /// The walkthrough stepped on to `position`, `moves` moves from its start.
    pub fn reached(&mut self, position: Stepped, moves: usize) {
        self.at = Some(position);
        self.moves = moves;
    }
}

/// Solvers kept for rulesets other than the session's.
const KEPT_SOLVERS: usize = 8;

/// The effect of `set`: the pile's old and new state and value, and both nim-sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PileChange {
    pub index: usize,
    pub from: Pile,
    pub to: Pile,
    pub old_value: Grundy,
    pub new_value: Grundy,
    pub old_sum: Grundy,
    pub new_sum: Grundy,
}

impl Default for Session {
    fn default() -> Self {
        Self::new(Self::default_rules()).expect("zero-move needs no precomputation")
    }
}

impl Session {
    /// The rules a session starts with, until the learner chooses others.
    pub fn default_rules() -> Rules {
        Rules::ZeroMove
    }

    pub fn new(rules: Rules) -> Result<Self, EngineError> {
        Ok(Self {
            focus: Vec::new(),
            stdin_is_script: false,
            store: None,
            lessons_dir: None,
            catalog: None,
            steps: StepLog::default(),
            last_game: None,
            interactive: false,
            for_one_activity: false,
            cancel: crate::engine::Cancel::new(),
            unsaved_progress: std::cell::Cell::new(false),
            solver: Solver::new(&rules)?,
            others: Vec::new(),
            games: Vec::new(),
            lesson_games: Vec::new(),
            held: Held::Piles(HeldPiles::default()),
        })
    }

    /// The prompt's context: the innermost focus if there is one, else the ruleset.
    pub fn prompt(&self) -> Prompt {
        match self.focus.last() {
            Some(f) => f.prompt(),
            None => Prompt::Session {
                rules: self.rules().clone(),
            },
        }
    }

    /// Starts an activity inside whatever is already going on. Only one of a kind runs at
    /// a time: a new derivation replaces an old one, not the lesson around it.
    pub fn start(&mut self, focus: Box<dyn Focus>) {
        let kind = focus.kind();
        self.focus.retain(|f| f.kind() != kind);
        self.focus.push(focus);
    }

    /// The lessons, loaded on first use.
    pub fn catalog(&mut self) -> &crate::lesson::catalog::Catalog {
        let dir = self.lessons_dir.clone();
        &self
            .catalog
            .get_or_insert_with(|| crate::lesson::catalog::Catalog::load(dir.as_deref()))
            .0
    }

    /// Lessons that failed to load (after [`Session::catalog`]).
    pub fn catalog_errors(&self) -> &[crate::lesson::LessonError] {
        self.catalog.as_ref().map_or(&[], |c| &c.1)
    }

    pub fn rules(&self) -> &Rules {
        self.solver.rules()
    }

    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// A solver for `rules`, reusing the session's (or one kept for those rules).
    pub fn solver_for(&self, rules: Option<&Rules>) -> Result<Solver, EngineError> {
        match rules {
            Some(r) if r != self.rules() => match self.others.iter().find(|s| s.rules() == r) {
                Some(kept) => Ok(kept.clone()),
                None => Solver::new(r),
            },
            _ => Ok(self.solver.clone()),
        }
    }

    /// Every solver the session holds: its own, then those kept for other rulesets.
    pub fn solvers(&self) -> impl Iterator<Item = &Solver> {
        std::iter::once(&self.solver).chain(&self.others)
    }

    /// Keeps what a solver has computed beyond the session's (an octal game's further values or
    /// period), so later lookups of its rules start from there.
    pub fn remember(&mut self, solver: &Solver) {
        if solver.rules() == self.rules() {
            if solver.knows_more_than(&self.solver) {
                self.solver = solver.clone();
            }
            return;
        }
        match self.others.iter().position(|s| s.rules() == solver.rules()) {
            Some(i) if !solver.knows_more_than(&self.others[i]) => {}
            Some(i) => self.others[i] = solver.clone(),
            None if solver.octal().is_some() => {
                if self.others.len() == KEPT_SOLVERS {
                    self.others.remove(0);
                }
                self.others.push(solver.clone());
            }
            // Other solvers cost nothing to make again.
            None => {}
        }
    }

    /// Changes the ruleset; the position keeps its sizes (zero-move piles gain unused passes).
    ///
    /// A graph's positions are names, not sizes, so changing to or from a graph clears the
    /// position; a position the new rules cannot value is refused and nothing changes.
    /// Keeps a game defined this session, replacing an earlier one of the same name.
    pub fn define_game(&mut self, rules: Rules) {
        let name = defined_name(&rules).map(str::to_string);
        self.games.retain(|g| defined_name(g) != name.as_deref());
        self.games.push(rules);
    }

    /// The game named `name`: the running lesson's, else one this session defined.
    pub fn defined_game(&self, name: &str) -> Option<&Rules> {
        self.lesson_games
            .iter()
            .chain(&self.games)
            .find(|g| defined_name(g) == Some(name))
    }

    /// Makes a lesson's games nameable while it runs (replacing another lesson's).
    pub fn lend_games(&mut self, games: Vec<Rules>) {
        self.lesson_games = games;
    }

    /// Forgets the lesson's games when it ends.
    pub fn return_games(&mut self) {
        self.lesson_games.clear();
    }

    /// Makes `rules` the session's. The position carries over where both rulesets' piles are
    /// token counts; otherwise (a graph's positions, a game of tuples) the piles would mean
    /// something else, so the position is cleared and handed back, to be named to the user.
    pub fn set_rules(&mut self, rules: Rules) -> Result<Option<SetAside>, EngineError> {
        let mut solver = self.solver_for(Some(&rules))?;
        let carries = rules.counts_tokens() && self.position_rules().counts_tokens();
        let piles: Vec<Pile> = if carries {
            self.position()
                .iter()
                .map(|p| convert(&rules, p.size, None))
                .collect()
        } else {
            Vec::new()
        };
        solver.reach_all(&piles)?;
        let set_aside = (!carries && !self.position().is_empty()).then(|| SetAside {
            rules: self.position_rules().clone(),
            piles: self.position().to_vec(),
        });
        let old = std::mem::replace(&mut self.solver, solver);
        self.others.retain(|s| s.rules() != self.solver.rules());
        self.remember(&old);
        // A sum names each term's game: it stays as it is.
        if let Held::Piles(held) = &mut self.held {
            // The position takes the new rules, as its sizes do.
            if let Some(own) = held.own.take() {
                self.remember(&own);
            }
            self.set_position(piles)?;
        }
        Ok(set_aside)
    }

    /// The position's piles, if it is piles of one ruleset (none for a sum: see
    /// [`Session::sum`]).
    pub fn position(&self) -> &[Pile] {
        match &self.held {
            Held::Piles(held) => &held.piles,
            Held::Sum(_) => &[],
        }
    }

    /// The solver of the position's rules: its own, if it was set with other rules than the
    /// session's, else the session's.
    pub fn position_solver(&self) -> &Solver {
        match &self.held {
            Held::Piles(HeldPiles { own: Some(own), .. }) => own,
            _ => &self.solver,
        }
    }

    /// The rules the position is played, valued and shown by.
    pub fn position_rules(&self) -> &Rules {
        self.position_solver().rules()
    }

    /// The position's piles as states of `rules` (the same piles if they are the position's
    /// own rules).
    pub fn position_for(&self, rules: &Rules) -> Vec<Pile> {
        if rules == self.position_rules() {
            return self.position().to_vec();
        }
        piles_as(rules, self.position())
    }

    /// Makes `piles`, states of `solver`'s rules, the position (forgetting any sum): it keeps
    /// those rules (the session's rules stay as they are). Refuses, changing nothing, piles the
    /// solver has not valued.
    pub fn set_position_by(&mut self, solver: Solver, piles: Vec<Pile>) -> Result<(), EngineError> {
        let valued = values_of(&solver, &piles)?;
        let own = (solver.rules() != self.rules()).then_some(solver);
        self.held = Held::Piles(HeldPiles::new(own, piles, valued));
        Ok(())
    }

    /// Keeps what `solver` computed: in the position's own solver if it is for the position's
    /// rules, else as [`Session::remember`] does.
    pub fn remember_for_position(&mut self, solver: &Solver) {
        match &mut self.held {
            Held::Piles(HeldPiles { own: Some(own), .. }) if own.rules() == solver.rules() => {
                if solver.knows_more_than(own) {
                    *own = solver.clone();
                }
            }
            _ => self.remember(solver),
        }
    }

    /// The sum of different games set as the position, if one is.
    pub fn sum(&self) -> Option<&[(Rules, Pile)]> {
        match &self.held {
            Held::Sum(terms) => Some(terms),
            Held::Piles(_) => None,
        }
    }

    /// Makes a sum of different games the position, in place of any piles.
    pub fn set_sum(&mut self, terms: Vec<(Rules, Pile)>) {
        self.held = Held::Sum(terms);
    }

    /// The nim-sum of the position's piles' values (0 for a sum: see [`Session::sum`]).
    pub fn nim_sum(&self) -> Grundy {
        match &self.held {
            Held::Piles(held) => held.nim_sum,
            Held::Sum(_) => 0,
        }
    }

    /// Replaces the position by piles of its own rules (the session's if it is a sum),
    /// computing each pile's value once; refuses (changing nothing) piles the solver has not
    /// valued (see [`Session::remember`]).
    pub fn set_position(&mut self, piles: Vec<Pile>) -> Result<(), EngineError> {
        let valued = values_of(self.position_solver(), &piles)?;
        let own = match &mut self.held {
            Held::Piles(held) => held.own.take(),
            Held::Sum(_) => None,
        };
        self.held = Held::Piles(HeldPiles::new(own, piles, valued));
        Ok(())
    }

    /// Sets pile `index` (0-based) and updates the nim-sum from the old and new values alone;
    /// `None` if the position has no such pile.
    pub fn set_pile(
        &mut self,
        index: usize,
        pile: Pile,
    ) -> Result<Option<PileChange>, EngineError> {
        let Held::Piles(held) = &mut self.held else {
            return Ok(None);
        };
        if index >= held.piles.len() {
            return Ok(None);
        }
        let new_value = value_of(held.own.as_ref().unwrap_or(&self.solver), pile)?;
        let old_value = std::mem::replace(&mut held.values[index], new_value);
        let old_sum = held.nim_sum;
        held.nim_sum ^= old_value ^ new_value;
        let from = std::mem::replace(&mut held.piles[index], pile);
        Ok(Some(PileChange {
            index,
            from,
            to: pile,
            old_value,
            new_value,
            old_sum,
            new_sum: held.nim_sum,
        }))
    }
}

impl HeldPiles {
    /// `piles` by `own` rules (the session's if `None`), with their values and nim-sum.
    fn new(
        own: Option<Solver>,
        piles: Vec<Pile>,
        (values, nim_sum): (Vec<Grundy>, Grundy),
    ) -> Self {
        Self {
            own,
            piles,
            values,
            nim_sum,
        }
    }
}

/// Each pile's Grundy value by `solver`, and their nim-sum.
fn values_of(solver: &Solver, piles: &[Pile]) -> Result<(Vec<Grundy>, Grundy), EngineError> {
    let values: Vec<Grundy> = piles
        .iter()
        .map(|&p| value_of(solver, p))
        .collect::<Result<_, _>>()?;
    let nim_sum = values.iter().fold(0, |acc, g| acc ^ g);
    Ok((values, nim_sum))
}

/// A pile's Grundy value for the position's nim-sum; a position of a loopy graph has none (its
/// γ may be ∞, and `position` shows γ instead), so it counts 0 here.
fn value_of(solver: &Solver, pile: Pile) -> Result<Grundy, EngineError> {
    if let Rules::Graph(graph) = solver.rules()
        && graph.is_loopy()
        && graph.gamma(pile.size).is_some()
    {
        return Ok(0);
    }
    solver.value(pile).map(|k| k.grundy())
}

/// Piles as states of `rules`: the same sizes, each keeping its pass where `rules` has passes.
pub(super) fn piles_as(rules: &Rules, piles: &[Pile]) -> Vec<Pile> {
    piles
        .iter()
        .map(|p| convert(rules, p.size, p.pass))
        .collect()
}

/// A pile of `size` as a state of `rules`, keeping its pass where both sides have one.
fn convert(rules: &Rules, size: u64, pass: Option<crate::engine::Pass>) -> Pile {
    match pass {
        Some(p) if rules.has_pass() => Pile::zero_move(size, p),
        _ => rules.pile(size),
    }
}

/// The name of a defined game (`None` for any other ruleset).
fn defined_name(rules: &Rules) -> Option<&str> {
    match rules {
        Rules::Defined(game) => Some(game.name()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_keeps_the_nim_sum_equal_to_a_fresh_xor() {
        let mut s = Session::default();
        let piles: Vec<Pile> = [4, 7, 5].iter().map(|&n| s.rules().pile(n)).collect();
        s.set_position(piles).unwrap();
        // 4T→3, 7T→8, 5T→6: 3⊕8⊕6 = 13.
        assert_eq!(s.nim_sum(), 13);
        let change = s.set_pile(0, Rules::ZeroMove.pile(10)).unwrap().unwrap();
        // 10T→9: 9⊕8⊕6 = 7.
        assert_eq!((change.old_sum, change.new_sum), (13, 7));
        assert_eq!(s.nim_sum(), 7);
    }

    /// The session holds one position at a time: a sum replaces piles and piles replace a
    /// sum; a change of rules keeps a sum (its terms name their games) and carries piles over.
    #[test]
    fn one_position_at_a_time() {
        let mut s = Session::default();
        let piles: Vec<Pile> = [4, 7].iter().map(|&n| s.rules().pile(n)).collect();
        s.set_position(piles.clone()).unwrap();
        // 4T→3, 7T→8: 3⊕8 = 11.
        assert_eq!(s.nim_sum(), 11);
        let terms = vec![
            (Rules::Nim, Rules::Nim.pile(3)),
            (Rules::Misere, Rules::Misere.pile(4)),
        ];
        s.set_sum(terms.clone());
        assert_eq!(s.sum(), Some(&terms[..]));
        assert!(s.position().is_empty());
        assert_eq!(s.nim_sum(), 0);
        assert_eq!(s.set_pile(0, Rules::ZeroMove.pile(1)).unwrap(), None);
        s.set_rules(Rules::Nim).unwrap();
        assert_eq!(s.sum(), Some(&terms[..]));
        let solver = s.solver().clone();
        s.set_position_by(solver, vec![Rules::Nim.pile(5)]).unwrap();
        assert_eq!(s.sum(), None);
        assert_eq!(s.position(), &[Rules::Nim.pile(5)]);
        assert_eq!(s.nim_sum(), 5);
    }
}
