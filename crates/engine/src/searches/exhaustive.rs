//! Every position of up to K piles of size ≤ M solved at once by trying every move — no
//! Sprague–Grundy anywhere — to check the rules nimlab uses against the definitions of winning
//! and losing.
//!
//! A position is its pile states as codes, sorted (the canonical form), ranked densely in colex
//! order; the table is one bit per rank. Each move lowers one code, so it lowers the sum of the
//! codes: positions are solved level by level of that sum, every option already solved, and the
//! positions of one level are independent, so a level can be shared among cores.
//!
//! A game whose moves may split a pile (Kayles, Lasker's Nim) leaves positions of more than K
//! piles, which the table cannot hold: there each position of up to K piles is solved by
//! memoised game-tree search ([`crate::searches::search`]), which follows the splits, within tighter
//! bounds ([`MAX_SPLIT_POSITIONS`], [`MAX_SPLIT_MOVES`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::limits::budget::{Budget, LOOKUP_WORK, TABLE_WORK};
use crate::limits::cancel::{Cancel, POLL_EVERY};
use crate::searches::colex::{Colex, fill_even, next_same_sum};
use crate::{EngineError, Pass, Pile, Rules};

/// The most positions solved (one bit each).
pub const MAX_POSITIONS: u64 = 50_000_000;
/// The most pile states (codes), and the most options listed for them in all.
pub const MAX_CODES: u64 = 1 << 20;
pub(crate) const MAX_OPTIONS: u64 = 1 << 24;
/// The most moves the search could have to examine (every option of every position): about
/// a minute at the speed measured in `benches/verify.rs`.
pub const MAX_MOVES: u64 = 10_000_000_000;

/// The most positions of up to K piles solved for a game that splits piles, and the most
/// moves its game-tree search may examine (every position reached, however many piles).
pub const MAX_SPLIT_POSITIONS: u64 = 100_000;
pub const MAX_SPLIT_MOVES: u64 = 10_000_000;
/// The most piles the option positions of that search may hold in all: a move may leave many
/// heaps (Ruler's leaves a run of them), and every position searched is remembered.
pub const MAX_SPLIT_HEAPS: u64 = 100_000_000;

/// Whether a search uses one core or all of them. The result is the same bit for bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cores {
    One,
    All,
}

/// Every position with up to `piles` piles of size ≤ `max`, each marked won or lost for the
/// player to move.
#[derive(Debug, Clone)]
pub struct Exhaustive {
    /// The component states, by code: for zero-move 0, 1F, 1T, 2F, 2T, …; else 0, 1, 2, ….
    /// Every option of a state has a smaller code.
    states: Vec<Pile>,
    /// For states listed in an order of their own (see [`StateList`]): each one's code.
    listed: Option<HashMap<Pile, u32>>,
    piles: usize,
    colex: Colex,
    /// Whether the player to move wins, one bit per rank.
    won: Vec<u64>,
    /// Options looked up before each position's verdict was known.
    moves_examined: u64,
}

impl Exhaustive {
    /// Solves every position on every core. `misere`: the player who cannot move wins.
    pub fn solve(rules: &Rules, misere: bool, piles: usize, max: u64) -> Result<Self, EngineError> {
        Self::solve_on(rules, misere, piles, max, Cores::All, &Cancel::new())
    }

    /// [`Exhaustive::solve`] on one core or all, stopping with `Interrupted` once `cancel` is
    /// cancelled; its progress counts positions solved.
    pub fn solve_on(
        rules: &Rules,
        misere: bool,
        piles: usize,
        max: u64,
        cores: Cores,
        cancel: &Cancel,
    ) -> Result<Self, EngineError> {
        if misere {
            rules.check_misere()?;
        }
        if let Rules::Graph(graph) = rules
            && graph.is_loopy()
        {
            return Err(EngineError::LoopyGraph {
                source: graph.source().to_string(),
                misere,
            });
        }
        // A coin row is a set of heads, not a sum of heaps: two heaps on one coin cancel,
        // which misère play tells apart from a sum, so it is searched as the row.
        if rules.splits() || (misere && rules.turns_coins()) {
            return Self::solve_by_search(rules, misere, piles, max, cancel);
        }
        let list = StateList::of(rules, piles, max, cancel)?;
        let moves = Moves::list(rules, list, piles, max)?;
        let colex = Colex::new(piles, moves.codes()).ok_or_else(|| too_many(rules, piles, max))?;
        let words = usize::try_from(colex.count().div_ceil(64)).unwrap_or(usize::MAX);
        let won: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
        let search = Level {
            colex: &colex,
            moves: &moves,
            misere,
            won: &won,
            cancel,
        };
        cancel.begin(colex.count());
        let codes = moves.codes() as u64;
        let mut examined = 0;
        for sum in 0..=(piles as u64 * (codes - 1)) {
            // A block stops early once cancelled; its level is then incomplete.
            cancel.check()?;
            // The largest code c: the others (≤ c) make up sum − c, so c ≥ sum / piles.
            let tops = sum.div_ceil(piles as u64)..=sum.min(codes - 1);
            examined += match cores {
                Cores::One => tops.map(|c| search.block::<false>(sum, c)).sum::<u64>(),
                Cores::All => tops
                    .into_par_iter()
                    .map(|c| search.block::<true>(sum, c))
                    .sum(),
            };
        }
        cancel.check()?;
        Ok(Self {
            states: moves.states,
            listed: moves.listed,
            piles,
            colex,
            won: won.into_iter().map(AtomicU64::into_inner).collect(),
            moves_examined: examined,
        })
    }

    /// [`Exhaustive::solve_on`] for a game that may split a pile: each position of up to
    /// `piles` piles of size ≤ `max`, in rank order, by one memoised game-tree search that
    /// follows every move, splits included.
    fn solve_by_search(
        rules: &Rules,
        misere: bool,
        piles: usize,
        max: u64,
        cancel: &Cancel,
    ) -> Result<Self, EngineError> {
        let refuse = || {
            EngineError::from(crate::TooMuchWork::ExhaustiveSplits {
                rules: rules.to_string(),
                piles: piles as u64,
                max,
            })
        };
        let per_size = if rules.has_pass() { 2 } else { 1 };
        let codes = max.checked_mul(per_size).and_then(|c| c.checked_add(1));
        let count = codes.and_then(|c| crate::searches::colex::count_multisets(c, piles as u64));
        let (Some(codes), Some(count)) = (codes, count) else {
            return Err(refuse());
        };
        if piles == 0 || count > MAX_SPLIT_POSITIONS {
            return Err(refuse());
        }
        let states: Vec<Pile> = (0..=max).flat_map(|n| rules.states(n)).collect();
        let colex = usize::try_from(codes)
            .ok()
            .filter(|&c| c == states.len())
            .and_then(|c| Colex::new(piles, c))
            .ok_or_else(refuse)?;
        let words = usize::try_from(count.div_ceil(64)).map_err(|_| refuse())?;
        let mut won = vec![0u64; words];
        let mut search = crate::searches::search::Search::new(rules, misere, MAX_SPLIT_MOVES)
            .with_heap_limit(MAX_SPLIT_HEAPS);
        let mut a = vec![0u32; piles];
        let mut position = Vec::with_capacity(piles);
        cancel.begin(count);
        for rank in 0..count {
            if rank % POLL_EVERY == 0 {
                cancel.reach(rank)?;
            }
            position.clear();
            position.extend(a.iter().filter(|&&c| c > 0).map(|&c| states[c as usize]));
            // Past the search's bounds, the refusal names the whole problem, not one position.
            let wins = search.first_wins(&position).map_err(|e| match e {
                EngineError::TooMuchWork(_) => refuse(),
                other => other,
            })?;
            if wins {
                won[(rank / 64) as usize] |= 1 << (rank % 64);
            }
            colex.next(&mut a);
        }
        cancel.check()?;
        Ok(Self {
            states,
            listed: None,
            piles,
            colex,
            won,
            moves_examined: search.work(),
        })
    }

    /// How many positions were solved.
    pub fn len(&self) -> usize {
        usize::try_from(self.colex.count()).expect("the count is within MAX_POSITIONS")
    }

    /// Whether there is nothing at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Options looked up in all: a position's search stops at its first losing option.
    pub fn moves_examined(&self) -> u64 {
        self.moves_examined
    }

    fn won(&self, rank: u64) -> bool {
        self.won[(rank / 64) as usize] >> (rank % 64) & 1 == 1
    }

    /// Every position with its verdict, in rank order; empty piles are left out.
    pub fn positions(&self) -> impl Iterator<Item = (Vec<Pile>, bool)> + '_ {
        let mut a = vec![0u32; self.piles];
        (0..self.colex.count()).map(move |rank| {
            let piles = self.piles_of(&a);
            self.colex.next(&mut a);
            (piles, self.won(rank))
        })
    }

    /// Calls `f` with each position of rank `from..to` and its verdict, in rank order, reusing
    /// one buffer (empty piles are left out).
    pub(crate) fn scan(&self, from: u64, to: u64, mut f: impl FnMut(&[Pile], bool)) {
        let mut a = vec![0u32; self.piles];
        let mut piles = Vec::with_capacity(self.piles);
        if from < to {
            self.colex.unrank(from, &mut a);
        }
        for rank in from..to.min(self.colex.count()) {
            piles.clear();
            piles.extend(
                a.iter()
                    .filter(|&&c| c > 0)
                    .map(|&c| self.states[c as usize]),
            );
            f(&piles, self.won(rank));
            self.colex.next(&mut a);
        }
    }

    /// Whether the player to move wins `piles` (which must be within the solved range).
    pub fn first_wins(&self, piles: &[Pile]) -> Option<bool> {
        let mut codes: Vec<u32> = piles
            .iter()
            .filter(|p| p.size > 0)
            .map(|&p| self.code(p))
            .collect::<Option<_>>()?;
        if codes.len() > self.piles {
            return None;
        }
        codes.resize(self.piles, 0);
        codes.sort_unstable();
        Some(self.won(self.colex.rank(&codes)))
    }

    fn code(&self, pile: Pile) -> Option<u32> {
        if let Some(listed) = &self.listed {
            return listed.get(&pile).copied();
        }
        let code = match pile.pass {
            Some(Pass::Spent) => pile.size.checked_mul(2)?.checked_sub(1)?,
            Some(Pass::Unused) => pile.size.checked_mul(2)?,
            None => pile.size,
        };
        let code = u32::try_from(code).ok()?;
        (self.states.get(code as usize) == Some(&pile)).then_some(code)
    }

    fn piles_of(&self, codes: &[u32]) -> Vec<Pile> {
        codes
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| self.states[c as usize])
            .collect()
    }
}

/// Bytes a tuple search keeps per option and per state listed, measured: Wythoff with every
/// part ≤ 200 keeps 10.7 million options of 40 401 pairs in 610 MB.
const BYTES_PER_OPTION: u64 = 64;
const BYTES_PER_STATE: u64 = 256;

/// About how many bytes listing every tuple of `game` with each part ≤ `max` keeps: the
/// tuples, each with about half the options of the most a sample has. The sample is every
/// tuple of parts 0, max/2 and max (of the corners alone past four parts): options grow with
/// the parts, or with their differences (Northcott's pair (0, max) has the most).
fn tuple_bytes(
    game: &crate::families::defined::DefinedGame,
    max: u64,
    budget: &mut Budget,
) -> Result<u64, EngineError> {
    let arity = u32::try_from(game.arity()).unwrap_or(u32::MAX);
    let count = max.saturating_add(1).saturating_pow(arity);
    let parts: &[u64] = if arity <= 4 {
        &[0, max / 2, max]
    } else {
        &[max]
    };
    let mut most = 0;
    let mut sample = vec![0usize; game.arity()];
    loop {
        let tuple: Vec<u64> = sample.iter().map(|&i| parts[i]).collect();
        most = most.max(game.count_options(&tuple, budget)?);
        let Some(i) = sample.iter().rposition(|&i| i + 1 < parts.len()) else {
            break;
        };
        sample[i] += 1;
        sample[i + 1..].fill(0);
    }
    let per_state = (most / 2 + 1)
        .saturating_mul(BYTES_PER_OPTION)
        .saturating_add(BYTES_PER_STATE);
    Ok(count.saturating_mul(per_state))
}

fn too_many(rules: &Rules, piles: usize, max: u64) -> EngineError {
    crate::TooMuchWork::Exhaustive {
        piles: piles as u64,
        max,
        fits: fitting_max(rules, piles, max),
    }
    .into()
}

/// The largest `--max` below `max` whose search of up to `piles` piles keeps within every
/// limit by the counts alone — positions, pile states, and moves counted by
/// [`crate::Game::options_of_size`], an upper bound — so that a search told to use it runs;
/// `None` where a pile is not a count (a graph, a game of tuples) or none fits.
fn fitting_max(rules: &Rules, piles: usize, max: u64) -> Option<u64> {
    let piles = piles as u64;
    if !rules.counts_tokens() || piles == 0 || piles > MAX_POSITIONS {
        return None;
    }
    // Up from 0, each size's states and options added, until a limit is passed: at most
    // MAX_CODES sizes, since each adds a state.
    let (mut codes, mut moves, mut fits) = (0u64, 0u128, None);
    for m in 0..max {
        codes += rules.states(m).len() as u64;
        moves = moves.saturating_add(rules.game().options_of_size(m));
        let Some(count) = crate::searches::colex::count_multisets(codes, piles) else {
            break;
        };
        let slots = u128::from(count) * u128::from(piles) / u128::from(codes);
        if count > MAX_POSITIONS
            || codes > MAX_CODES
            || slots.saturating_mul(moves) > u128::from(MAX_MOVES)
        {
            break;
        }
        fits = Some(m);
    }
    fits
}

/// The component states a search lists, by code, every option of a state before it.
///
/// Piles that count tokens are listed by size (with a pass: 0, 1F, 1T, 2F, …), so a pile's
/// code follows from its size and code 0 is the empty pile. A game of tuples and a graph are
/// listed in an order of their own: every tuple with each part ≤ M (or every position of the
/// graph numbered ≤ M), and every state play reaches from them, each after its options; code
/// 0 is then no pile at all.
struct StateList {
    states: Vec<Pile>,
    listed: Option<HashMap<Pile, u32>>,
}

/// Stands for "no pile" at code 0 of a listed order; never a state's code.
const NO_PILE: Pile = Pile::plain(u64::MAX);

impl StateList {
    fn of(rules: &Rules, piles: usize, max: u64, cancel: &Cancel) -> Result<Self, EngineError> {
        let mut budget = Budget::new(TABLE_WORK).cancelled_by(cancel);
        let roots: Vec<Pile> = match rules {
            Rules::Defined(game) if game.has_tuples() => {
                let refuse = || -> EngineError {
                    crate::TooMuchWork::ExhaustiveTuples {
                        rules: rules.to_string(),
                        max,
                    }
                    .into()
                };
                if game.any_length() {
                    return Err(refuse());
                }
                let arity = u32::try_from(game.arity()).map_err(|_| refuse())?;
                let count = max
                    .checked_add(1)
                    .and_then(|m| m.checked_pow(arity))
                    .filter(|&c| c < MAX_CODES)
                    .ok_or_else(refuse)?;
                // Positions of up to `piles` of these tuples: counted before listing them.
                let positions_fit = |m: u64| {
                    let tuples = m.saturating_add(1).saturating_pow(arity);
                    crate::searches::colex::count_multisets(tuples.saturating_add(1), piles as u64)
                        .is_some_and(|c| c <= MAX_POSITIONS)
                };
                if !positions_fit(max) {
                    let fits = (0..max).rev().find(|&m| positions_fit(m));
                    return Err(crate::TooMuchWork::TuplePositions {
                        rules: rules.to_string(),
                        piles: piles as u64,
                        max,
                        fits,
                    }
                    .into());
                }
                // What the listing will hold, estimated before it starts: refused at once,
                // with the largest `--max` that fits, rather than after minutes and gigabytes.
                let limit = crate::limits::memory::limit();
                if tuple_bytes(game, max, &mut budget)? > limit {
                    let mut fits = None;
                    let (mut lo, mut hi) = (0, max);
                    while lo < hi {
                        let mid = lo + (hi - lo) / 2;
                        if tuple_bytes(game, mid, &mut budget)? <= limit {
                            fits = Some(mid);
                            lo = mid + 1;
                        } else {
                            hi = mid;
                        }
                    }
                    return Err(crate::TooMuchWork::TupleMemory {
                        rules: rules.to_string(),
                        max,
                        bytes: tuple_bytes(game, max, &mut budget)?,
                        limit,
                        fits,
                    }
                    .into());
                }
                let mut roots = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
                let mut tuple = vec![0u64; game.arity()];
                loop {
                    // Only states a player may write (Northcott's counters never share a
                    // square), valued first: the search reads the options the definition gave.
                    if game.is_row(&tuple) {
                        let n = game.intern(&tuple)?;
                        game.extend(n, &mut budget)?;
                        roots.push(Pile::plain(n));
                    }
                    // The next tuple in counting order, each part 0..=max.
                    let Some(i) = tuple.iter().rposition(|&x| x < max) else {
                        break;
                    };
                    tuple[i] += 1;
                    tuple[i + 1..].fill(0);
                }
                roots
            }
            Rules::Graph(graph) => {
                let last = u64::try_from(graph.len()).unwrap_or(u64::MAX);
                (0..last.min(max.saturating_add(1)))
                    .map(Pile::plain)
                    .collect()
            }
            _ => {
                // States per size: 2 with a pass (0 has one), else 1; counted before listing.
                let per_size = if rules.has_pass() { 2 } else { 1 };
                let codes = max.checked_mul(per_size).and_then(|c| c.checked_add(1));
                if codes.is_none_or(|c| c > MAX_CODES) {
                    return Err(too_many(rules, piles, max));
                }
                return Ok(Self {
                    states: (0..=max).flat_map(|n| rules.states(n)).collect(),
                    listed: None,
                });
            }
        };
        Self::closed(rules, roots, piles, max)
    }

    /// `roots` and every state play reaches from them, each after its options (a depth-first
    /// search's finishing order), refusing a cycle and more than [`MAX_CODES`] states.
    fn closed(
        rules: &Rules,
        roots: Vec<Pile>,
        piles: usize,
        max: u64,
    ) -> Result<Self, EngineError> {
        // 0: not met; 1: on the search's path; 2: listed.
        let mut mark: HashMap<Pile, u8> = HashMap::new();
        let mut states = vec![NO_PILE];
        for root in roots {
            if mark.contains_key(&root) {
                continue;
            }
            mark.insert(root, 1);
            let mut budget = Budget::new(LOOKUP_WORK);
            let mut path: Vec<(Pile, Vec<Pile>)> =
                vec![(root, rules.options(root, &mut budget)?.collect())];
            while let Some((pile, options)) = path.last_mut() {
                match options.pop() {
                    Some(o) => match mark.get(&o) {
                        Some(2) => {}
                        Some(_) => {
                            return Err(crate::TooMuchWork::ExhaustiveOrder {
                                rules: rules.to_string(),
                                from: rules.name_of(*pile),
                                to: rules.name_of(o),
                            }
                            .into());
                        }
                        None => {
                            mark.insert(o, 1);
                            let next = rules.options(o, &mut budget)?.collect();
                            path.push((o, next));
                        }
                    },
                    None => {
                        let pile = *pile;
                        mark.insert(pile, 2);
                        states.push(pile);
                        if states.len() as u64 > MAX_CODES {
                            return Err(match rules {
                                Rules::Defined(_) => crate::TooMuchWork::ExhaustiveTuples {
                                    rules: rules.to_string(),
                                    max,
                                }
                                .into(),
                                _ => too_many(rules, piles, max),
                            });
                        }
                        path.pop();
                    }
                }
            }
        }
        let listed = states
            .iter()
            .enumerate()
            .skip(1)
            .map(|(c, &p)| (p, u32::try_from(c).expect("within MAX_CODES")))
            .collect();
        Ok(Self {
            states,
            listed: Some(listed),
        })
    }
}

/// Each state's options as codes, largest first, in one flat list.
#[derive(Debug)]
struct Moves {
    states: Vec<Pile>,
    listed: Option<HashMap<Pile, u32>>,
    /// The options of code c are to[start[c]..start[c + 1]].
    start: Vec<u32>,
    to: Vec<u32>,
}

impl Moves {
    /// Lists the options, refusing problems too large before doing the work.
    fn list(rules: &Rules, list: StateList, piles: usize, max: u64) -> Result<Self, EngineError> {
        // A split adds a pile, which the fixed-width table of K piles cannot hold: such games
        // are solved by search (`solve_by_search`), never listed here.
        let codes = list.states.len() as u64;
        let count = crate::searches::colex::count_multisets(codes, piles as u64);
        let Some(count) = count else {
            return Err(too_many(rules, piles, max));
        };
        if piles == 0 || count > MAX_POSITIONS || codes > MAX_CODES {
            return Err(too_many(rules, piles, max));
        }
        let StateList { states, listed } = list;
        let code_of = |p: Pile| -> Option<u32> {
            if let Some(listed) = &listed {
                return listed.get(&p).copied();
            }
            let c = match p.pass {
                Some(Pass::Spent) => p.size.checked_mul(2)?.checked_sub(1)?,
                Some(Pass::Unused) => p.size.checked_mul(2)?,
                None => p.size,
            };
            let c = u32::try_from(c).ok()?;
            (states.get(c as usize) == Some(&p)).then_some(c)
        };
        let mut start = Vec::with_capacity(states.len() + 1);
        let mut to: Vec<u32> = Vec::new();
        let mut budget = Budget::new(TABLE_WORK);
        start.push(0);
        for (code, &p) in states.iter().enumerate() {
            let first = to.len();
            // "No pile" has no moves.
            let options = match (code, &listed) {
                (0, Some(_)) => Box::new(std::iter::empty()),
                _ => rules.options(p, &mut budget)?,
            };
            for o in options {
                match code_of(o) {
                    Some(c) if (c as usize) < code => to.push(c),
                    // A graph may lead to a later node: the levels below need smaller codes.
                    _ => {
                        return Err(crate::TooMuchWork::ExhaustiveOrder {
                            rules: rules.to_string(),
                            from: rules.name_of(p),
                            to: rules.name_of(o),
                        }
                        .into());
                    }
                }
                if to.len() as u64 > MAX_OPTIONS {
                    return Err(too_many(rules, piles, max));
                }
            }
            to[first..].sort_unstable_by(|a, b| b.cmp(a));
            // Within MAX_OPTIONS, far below u32::MAX.
            let mut kept = first;
            for i in first..to.len() {
                if i == first || to[i] != to[kept - 1] {
                    to[kept] = to[i];
                    kept += 1;
                }
            }
            to.truncate(kept);
            start.push(u32::try_from(to.len()).expect("within MAX_OPTIONS, far below u32::MAX"));
        }
        // Every code is in as many slots of all positions as any other: count · piles / codes.
        let slots = u128::from(count) * piles as u128 / u128::from(codes);
        if slots * to.len() as u128 > u128::from(MAX_MOVES) {
            return Err(too_many(rules, piles, max));
        }
        Ok(Self {
            states,
            listed,
            start,
            to,
        })
    }

    fn codes(&self) -> usize {
        self.states.len()
    }

    #[inline]
    fn of(&self, code: u32) -> &[u32] {
        let c = code as usize;
        &self.to[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// What solving one level needs; shared by the cores.
struct Level<'a> {
    colex: &'a Colex,
    moves: &'a Moves,
    misere: bool,
    won: &'a [AtomicU64],
    cancel: &'a Cancel,
}

impl Level<'_> {
    /// Solves the positions of code sum `sum` whose largest code is `top`; returns the moves
    /// examined. SHARED: other cores write bits of the same level at once. Stops early, the
    /// block unfinished, once the cancel token is cancelled.
    fn block<const SHARED: bool>(&self, sum: u64, top: u64) -> u64 {
        let k = self.colex.piles();
        let mut a = vec![0u32; k];
        let mut prefix = vec![0u64; k];
        let top = u32::try_from(top).expect("top < codes ≤ MAX_CODES, a u32");
        a[k - 1] = top;
        fill_even(&mut a[..k - 1], sum - u64::from(top));
        let (mut examined, mut solved) = (0, 0u64);
        loop {
            let (rank, wins, n) = self.position(&a, &mut prefix);
            examined += n;
            if wins {
                let (word, bit) = (&self.won[(rank / 64) as usize], 1u64 << (rank % 64));
                if SHARED {
                    word.fetch_or(bit, Relaxed);
                } else {
                    // One writer: a plain read and write, no locked instruction.
                    word.store(word.load(Relaxed) | bit, Relaxed);
                }
            }
            solved += 1;
            if solved % POLL_EVERY == 0 && self.cancel.advance(POLL_EVERY).is_err() {
                return examined;
            }
            if !next_same_sum(&mut a[..k - 1], top) {
                // Progress is only shown, so an error here can wait for the level's check.
                let _ = self.cancel.advance(solved % POLL_EVERY);
                return examined;
            }
        }
    }

    /// One position's rank, whether the player to move wins, and the options examined.
    ///
    /// Moving pile i from a_i to t (< a_i) puts t at the index j where it sorts, and shifts
    /// a_j..a_{i−1} up one index; with P_m = Σ_{m' < m} (T_{m'+1}(a_{m'}) − T_{m'}(a_{m'})),
    /// the new rank is rank − T_i(a_i) + P_i + T_j(t) − P_j. Options come largest first, so j
    /// only moves down: O(1) per move.
    #[inline]
    fn position(&self, a: &[u32], prefix: &mut [u64]) -> (u64, bool, u64) {
        let colex = self.colex;
        let k = a.len();
        let (mut rank, mut shift) = (0u64, 0u64);
        for m in 0..k {
            prefix[m] = shift;
            let t = colex.term(m, a[m]);
            rank += t;
            if m + 1 < k {
                shift += colex.term(m + 1, a[m]) - t;
            }
        }
        let mut examined = 0;
        for i in 0..k {
            let x = a[i];
            if i > 0 && a[i - 1] == x {
                continue;
            }
            let base = rank - colex.term(i, x) + prefix[i];
            let mut j = i;
            for &t in self.moves.of(x) {
                while j > 0 && a[j - 1] > t {
                    j -= 1;
                }
                examined += 1;
                let option = base + colex.term(j, t) - prefix[j];
                let word = self.won[(option / 64) as usize].load(Relaxed);
                if word >> (option % 64) & 1 == 0 {
                    return (rank, true, examined);
                }
            }
        }
        (rank, examined == 0 && self.misere, examined)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::searches::search::Search;

    #[test]
    fn small_positions_by_hand() {
        let nim = Rules::Nim;
        let all = Exhaustive::solve(&nim, false, 2, 3).unwrap();
        // Two equal Nim piles lose (the mirror strategy); unequal ones win.
        for a in 0..=3 {
            for b in 0..=3 {
                let w = all.first_wins(&[Pile::plain(a), Pile::plain(b)]).unwrap();
                assert_eq!(w, a != b, "{a} {b}");
            }
        }
        // Misère: a lone 1 loses (you must take it), the empty position wins.
        let mis = Exhaustive::solve(&Rules::Misere, true, 2, 3).unwrap();
        assert_eq!(mis.first_wins(&[Pile::plain(1)]), Some(false));
        assert_eq!(mis.first_wins(&[]), Some(true));
        assert_eq!(
            mis.first_wins(&[Pile::plain(1), Pile::plain(1)]),
            Some(true)
        );
        // Zero-move: 1T alone wins (take it); 1T + 1F: taking 1T leaves 1F (won for the
        // opponent), taking 1F leaves 1T (won), passing leaves 1F + 1F (equal Nim piles, lost).
        let zm = Exhaustive::solve(&Rules::ZeroMove, false, 2, 2).unwrap();
        let t = Pile::zero_move(1, Pass::Unused);
        let f = Pile::zero_move(1, Pass::Spent);
        assert_eq!(zm.first_wins(&[t]), Some(true));
        assert_eq!(zm.first_wins(&[t, f]), Some(true));
        assert_eq!(zm.first_wins(&[f, f]), Some(false));
        // 1T + 1T: every move leaves 1T + 0 (won), 1T + 1F (won): lost.
        assert_eq!(zm.first_wins(&[t, t]), Some(false));
    }

    #[test]
    fn agrees_with_single_searches_on_one_core_and_all() {
        for (rules, misere) in [
            (Rules::Nim, false),
            (Rules::ZeroMove, false),
            (Rules::ZeroMove, true),
            (Rules::Misere, true),
            (Rules::parse("subtract:1,3,4").unwrap(), false),
        ] {
            let cancel = Cancel::new();
            let all = Exhaustive::solve_on(&rules, misere, 3, 4, Cores::All, &cancel).unwrap();
            let one = Exhaustive::solve_on(&rules, misere, 3, 4, Cores::One, &cancel).unwrap();
            assert_eq!(all.won, one.won, "{rules}");
            assert_eq!(all.moves_examined(), one.moves_examined(), "{rules}");
            let mut search = Search::new(&rules, misere, u64::MAX);
            for (piles, wins) in all.positions() {
                assert_eq!(
                    search.first_wins(&piles).unwrap(),
                    wins,
                    "{rules} {piles:?}"
                );
                assert_eq!(all.first_wins(&piles), Some(wins));
                if !misere {
                    // Normal play: lost exactly when the position's mex value is 0.
                    assert_eq!(search.value(&piles).unwrap() == 0, !wins);
                }
            }
        }
    }

    #[test]
    fn scan_matches_positions() {
        let all = Exhaustive::solve(&Rules::ZeroMove, false, 3, 3).unwrap();
        let expected: Vec<(Vec<Pile>, bool)> = all.positions().collect();
        let mut got = Vec::new();
        all.scan(5, 40, |p, w| got.push((p.to_vec(), w)));
        assert_eq!(got, expected[5..40]);
    }

    #[test]
    fn counts_the_moves_it_examines() {
        // Nim, one pile ≤ 2: 0 has no move; 1 finds 0 (lost) first; 2 tries 1 (won), then 0.
        let one = Exhaustive::solve(&Rules::Nim, false, 1, 2).unwrap();
        assert_eq!(one.moves_examined(), 3);
    }

    #[test]
    fn refuses_too_much_work() {
        assert!(Exhaustive::solve(&Rules::Nim, false, 40, 1000).is_err());
        assert!(Exhaustive::solve(&Rules::ZeroMove, false, 1, u64::MAX).is_err());
        assert!(Exhaustive::solve(&Rules::Nim, false, 0, 3).is_err());
        // One Nim pile ≤ 10^6: few positions, but 5 · 10^11 options to list.
        assert!(Exhaustive::solve(&Rules::Nim, false, 1, 1_000_000).is_err());
        // A game that splits: past the split search's count of positions.
        let kayles = Rules::parse("octal:0.77").unwrap();
        assert!(Exhaustive::solve(&kayles, false, 20, 30).is_err());
    }

    #[test]
    fn a_game_that_splits_is_solved_by_search() {
        // Kayles by hand: g(1) = 1, g(2) = 2, g(3) = mex{g(2), g(1), g(1+1), g(1)} = 3, so of
        // the positions of ≤ 2 rows ≤ 3 the lost ones are the empty row and the equal pairs.
        let kayles = Rules::parse("octal:0.77").unwrap();
        let table = Exhaustive::solve(&kayles, false, 2, 3).unwrap();
        let lost: Vec<Vec<u64>> = table
            .positions()
            .filter(|(_, won)| !won)
            .map(|(p, _)| p.iter().map(|q| q.size).collect())
            .collect();
        assert_eq!(lost, [vec![], vec![1, 1], vec![2, 2], vec![3, 3]]);
        assert_eq!(table.len(), 10);
    }
}
