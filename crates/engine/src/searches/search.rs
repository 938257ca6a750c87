//! Game-tree search on single whole positions — their value by mex over the whole position's
//! options, and who wins — by memoised recursion. (Every position at once:
//! [`crate::searches::exhaustive`].)

use std::collections::HashMap;

use crate::limits::budget::Budget;
use crate::limits::cancel::POLL_EVERY;
use crate::values::library_form::LibraryForm;
use crate::{EngineError, Grundy, Pile, Rules};

/// Single positions by memoised recursion on sorted positions: their value by mex over the
/// whole position's options, and who wins. A work limit keeps every query finite.
#[derive(Debug)]
pub struct Search<'r> {
    rules: &'r Rules,
    misere: bool,
    memo: Memo,
    work: u64,
    limit: u64,
    /// Piles in the option positions built so far, and the most allowed: a move may leave
    /// many heaps (Ruler's leaves a run), and each heap is held in the positions remembered.
    heaps: u64,
    heap_limit: u64,
    /// `heaps` at which the limits are next polled.
    next_poll: u64,
    depth: usize,
    /// Whether some position was decided by a short move of a far pile.
    short_moves: bool,
}

/// Piles copied between two polls of the memory limit and Ctrl-C: about 1 MB.
const POLL_HEAPS: u64 = 1 << 16;

/// The deepest recursion a single search may reach (each level is one move).
const MAX_DEPTH: usize = 1_000;

impl<'r> Search<'r> {
    pub fn new(rules: &'r Rules, misere: bool, limit: u64) -> Self {
        Self::resume(rules, misere, limit, Memo::default())
    }

    /// A search that starts from what an earlier one of the same `rules` and `misere` solved,
    /// so a quantifier over many positions searches each subtree once.
    pub fn resume(rules: &'r Rules, misere: bool, limit: u64, memo: Memo) -> Self {
        Self {
            rules,
            misere,
            memo,
            work: 0,
            limit,
            heaps: 0,
            heap_limit: u64::MAX,
            next_poll: POLL_HEAPS,
            depth: 0,
            short_moves: false,
        }
    }

    /// The same search, refused once the option positions it builds hold more than `limit`
    /// piles in all: a bound on its memory as well as its time.
    pub fn with_heap_limit(mut self, limit: u64) -> Self {
        self.heap_limit = limit;
        self
    }

    /// Piles in the option positions built so far.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// What the search has solved, to resume from.
    pub fn into_memo(self) -> Memo {
        self.memo
    }

    /// Work done so far (options examined).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The options of a whole position: one pile moved, sorted, empty piles dropped.
    fn options(&mut self, position: &[Pile]) -> Result<Vec<Vec<Pile>>, EngineError> {
        if let Rules::Graph(graph) = self.rules
            && graph.is_loopy()
        {
            return Err(EngineError::LoopyGraph {
                source: graph.source().to_string(),
                misere: self.misere,
            });
        }
        if self.depth > MAX_DEPTH {
            return Err(crate::TooMuchWork::GameTreeDepth {
                moves: MAX_DEPTH as u64,
            }
            .into());
        }
        let mut out = Vec::new();
        for i in 0..position.len() {
            if i > 0 && position[i] == position[i - 1] {
                continue;
            }
            // A far pile of a library game has more moves than the search may still try:
            // refused before any is listed, so the work is left for its short moves.
            if let Some(form) = LibraryForm::of_far_pile(self.rules, position[i])
                && form.options_count(position[i].size)
                    > u128::from(self.limit.saturating_sub(self.work))
            {
                return Err(crate::TooMuchWork::GameTreeMoves { moves: self.limit }.into());
            }
            // A pile's moves listed whole within what the search may still do, their listing
            // charged as work (a game-language rule may consider many elements per move).
            let mut budget = Budget::new(self.limit.saturating_sub(self.work));
            let options =
                self.rules
                    .heap_options(position[i], &mut budget)
                    .map_err(|e| match e {
                        EngineError::TooMuchWork(_) if budget.is_spent() => {
                            crate::TooMuchWork::GameTreeMoves { moves: self.limit }.into()
                        }
                        e => e,
                    })?;
            self.work = self.work.saturating_add(budget.spent());
            for o in options {
                self.work += 1;
                // Polled by work and by piles copied: a move in a position of 100 000 piles
                // copies them all, so a few thousand moves can hold gigabytes.
                if self.work.is_multiple_of(POLL_EVERY) || self.heaps >= self.next_poll {
                    self.next_poll = self.heaps.saturating_add(POLL_HEAPS);
                    crate::limits::cancel::poll()?;
                }
                if self.work > self.limit {
                    return Err(crate::TooMuchWork::GameTreeMoves { moves: self.limit }.into());
                }
                let mut next = position.to_vec();
                next[i] = o.first();
                next.extend(o.rest());
                self.heaps = self.heaps.saturating_add(next.len() as u64);
                if self.heaps > self.heap_limit {
                    return Err(crate::TooMuchWork::GameTreeMoves { moves: self.limit }.into());
                }
                out.push(canonical(self.rules, next));
            }
        }
        Ok(out)
    }

    /// The Grundy value of the whole position: the mex of its options' values, recursively.
    /// In a misère search it is Conway's misère Grundy value g⁻ instead: the same mex, but a
    /// position with no move is worth 1 (its player to move wins), so g⁻ = 0 exactly at the
    /// positions lost under misère play.
    pub fn value(&mut self, piles: &[Pile]) -> Result<Grundy, EngineError> {
        let position = canonical(self.rules, piles.to_vec());
        if let Some(&g) = self.memo.values.get(&position) {
            return Ok(g);
        }
        let mut seen = Vec::new();
        self.depth += 1;
        let result = self.options(&position).and_then(|options| {
            for o in options {
                seen.push(self.value(&o)?);
            }
            Ok(())
        });
        self.depth -= 1;
        result?;
        let g = if self.misere && seen.is_empty() {
            1
        } else {
            crate::values::mex::mex(seen)
        };
        self.memo.values.insert(position, g);
        Ok(g)
    }

    /// The values of the position's options (the sum's "mex set"), sorted.
    pub fn option_values(&mut self, piles: &[Pile]) -> Result<Vec<Grundy>, EngineError> {
        let position = canonical(self.rules, piles.to_vec());
        let mut seen = Vec::new();
        for o in self.options(&position)? {
            seen.push(self.value(&o)?);
        }
        seen.sort_unstable();
        seen.dedup();
        Ok(seen)
    }

    /// Whether the player to move wins, by trying every move.
    pub fn first_wins(&mut self, piles: &[Pile]) -> Result<bool, EngineError> {
        if self.misere && self.depth == 0 {
            self.rules.check_misere()?;
        }
        let position = canonical(self.rules, piles.to_vec());
        if let Some(&w) = self.memo.wins.get(&position) {
            return Ok(w);
        }
        self.depth += 1;
        let result = self.options(&position).and_then(|options| {
            let mut wins = options.is_empty() && self.misere;
            for o in options {
                if !self.first_wins(&o)? {
                    wins = true;
                    break;
                }
            }
            Ok(wins)
        });
        let result = match result {
            // Too many moves to try them all: a short move of a far pile (take it all, leave a
            // small pile) whose result the search proves lost still decides a win.
            Err(EngineError::TooMuchWork(work))
                if matches!(*work, crate::TooMuchWork::GameTreeMoves { .. }) =>
            {
                self.short_win_or(&position, work)
            }
            result => result,
        };
        self.depth -= 1;
        let wins = result?;
        self.memo.wins.insert(position, wins);
        Ok(wins)
    }

    /// Won by a short move (see [`Search::short_win`]), else the refusal `work`. Kept out of
    /// [`Search::first_wins`]'s frame, which the recursion stacks a thousand deep.
    #[inline(never)]
    fn short_win_or(
        &mut self,
        position: &[Pile],
        work: Box<crate::TooMuchWork>,
    ) -> Result<bool, EngineError> {
        match self.short_win(position)? {
            Some(_) => Ok(true),
            None => Err(EngineError::TooMuchWork(work)),
        }
    }

    /// A short move of a far pile of `position` (see [`LibraryForm::short_moves`]) that leaves
    /// a position the search proves lost for the player to move, as the pile's index and what
    /// it leaves; `None` if none does within the search's limits. Ctrl-C and the memory limit
    /// stop it.
    pub(crate) fn short_win(
        &mut self,
        position: &[Pile],
    ) -> Result<Option<(usize, Vec<u64>)>, EngineError> {
        for (i, &pile) in position.iter().enumerate() {
            let Some(form) = LibraryForm::of_far_pile(self.rules, pile) else {
                continue;
            };
            for leaves in form.short_moves(pile.size) {
                // Each try is work: with the search's limit reached, none is tried (else every
                // node refused for want of work would try its short moves, unbounded).
                self.work += 1;
                if self.work > self.limit {
                    return Ok(None);
                }
                let mut next = position.to_vec();
                next.remove(i);
                next.extend(leaves.iter().filter(|&&h| h > 0).map(|&h| Pile::plain(h)));
                match self.first_wins(&next) {
                    Ok(false) => {
                        self.short_moves = true;
                        return Ok(Some((i, leaves)));
                    }
                    Ok(true) | Err(EngineError::TooMuchWork(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(None)
    }

    /// Whether a win was decided by a short move of a far pile, without trying every move
    /// (see [`Search::short_win`]).
    pub(crate) fn by_short_move(&self) -> bool {
        self.short_moves
    }
}

/// Positions a search has solved: their values, and whether the player to move wins (under
/// the search's own ending rule).
#[derive(Debug, Clone, Default)]
pub struct Memo {
    values: HashMap<Vec<Pile>, Grundy>,
    wins: HashMap<Vec<Pile>, bool>,
}

/// A position in canonical form: see [`Rules::canonical`].
fn canonical(rules: &Rules, piles: Vec<Pile>) -> Vec<Pile> {
    rules.canonical(piles)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph's first position is pile 0 and has moves: start → end, so the player to move
    /// wins from start (by hand), and two tokens on start are lost (copying).
    #[test]
    fn a_graphs_first_position_is_not_an_empty_pile() {
        let graph = crate::families::graph::GameGraph::new(
            "two",
            vec![("start".into(), vec!["end".into()]), ("end".into(), vec![])],
        )
        .unwrap();
        let rules = Rules::Graph(std::sync::Arc::new(graph));
        let mut search = Search::new(&rules, false, u64::MAX);
        assert!(search.first_wins(&[Pile::plain(0)]).unwrap());
        assert!(
            !search
                .first_wins(&[Pile::plain(0), Pile::plain(0)])
                .unwrap()
        );
        assert_eq!(search.value(&[Pile::plain(0)]).unwrap(), 1);
    }

    #[test]
    fn refuses_too_much_work() {
        // A long game is cut off by depth before it can exhaust the stack.
        let one = Rules::parse("subtract:1").unwrap();
        let mut deep = Search::new(&one, false, u64::MAX);
        assert!(deep.first_wins(&[Pile::plain(50_000)]).is_err());
        assert!(deep.value(&[Pile::plain(50_000)]).is_err());
        // Within the depth, a lone pile of subtract:1 is won exactly when it is odd.
        assert_eq!(deep.first_wins(&[Pile::plain(501)]), Ok(true));
        let mut s = Search::new(&Rules::Nim, false, 100);
        assert!(s.value(&[Pile::plain(50), Pile::plain(50)]).is_err());
    }

    #[test]
    fn a_resumed_search_reuses_what_was_solved() {
        let piles = |sizes: &[u64]| sizes.iter().map(|&n| Pile::plain(n)).collect::<Vec<_>>();
        let mut first = Search::new(&Rules::Nim, false, 1_000_000);
        // 3 ⊕ 5 ⊕ 6 = 0: lost for the player to move.
        assert_eq!(first.first_wins(&piles(&[3, 5, 6])), Ok(false));
        assert!(first.work() > 0);
        let mut again = Search::resume(&Rules::Nim, false, 1_000_000, first.into_memo());
        // 1 2 3 (1 ⊕ 2 ⊕ 3 = 0) lies below 3 5 6 and was solved on the way: no work at all.
        assert_eq!(again.first_wins(&piles(&[1, 2, 3])), Ok(false));
        assert_eq!(again.first_wins(&piles(&[3, 5, 6])), Ok(false));
        assert_eq!(again.work(), 0);
    }

    #[test]
    fn search_follows_splits() {
        // Kayles by hand: g(4) = 1 (options 2, 1+1, 3, 1+2 → 2, 0, 3, 3), and 4 + 1 is lost.
        let kayles = Rules::parse("octal:0.77").unwrap();
        let mut s = Search::new(&kayles, false, 1_000_000);
        assert_eq!(s.value(&[Pile::plain(4)]).unwrap(), 1);
        assert!(!s.first_wins(&[Pile::plain(4), Pile::plain(1)]).unwrap());
    }
}
