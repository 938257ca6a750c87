//! Every position reachable from a start, as a graph to look at: each position a sum of heaps
//! (a move on one heap of an octal game may leave two, so positions are sums), each with its
//! Grundy value as the solver gives it (the XOR of its heaps' values), and each move an edge.
//! The walk values nothing itself: a heap the solver has not valued refuses the walk, so a
//! picture can never show a value the solver did not give (a defined game's options are only
//! known once the solver has reached its states: [`Solver::reach_within`] them first).
//!
//! The walk is bounded twice, so it can only refuse, never hang: by the number of positions
//! (a picture nobody can read is not drawn) and by a work budget that also carries the
//! command's cancel token. Nothing here formats; the renderer writes the picture.

use std::collections::HashMap;

use crate::families::graph::GameGraph;
use crate::families::loopy::Gamma;
use crate::limits::budget::Budget;
use crate::limits::cancel::{Interrupted, POLL_EVERY};
use crate::values::grundy::Solver;
use crate::{EngineError, Grundy, Heaps, Pile, Rules};

/// Why the walk stopped without a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WalkRefused {
    /// More than `limit` positions are reachable.
    TooManyPositions { limit: usize },
    /// The walk examined more than `limit` options (counted by the heaps each one copies).
    TooMuchWork { limit: u64 },
    /// The command was cancelled (Ctrl-C).
    Interrupted,
    /// The solver has no value for a heap of a position reached (the error says why).
    Unvalued(Box<EngineError>),
}

impl From<Interrupted> for WalkRefused {
    fn from(_: Interrupted) -> Self {
        Self::Interrupted
    }
}

/// One position: its heaps (largest first; empty heaps dropped except a graph's) and value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    heaps: Vec<Pile>,
    grundy: Grundy,
    /// On a loopy graph, the generalised value γ (then `grundy` is not used).
    gamma: Option<Gamma>,
}

impl Position {
    /// The heaps, largest first; none for the position with nothing left.
    pub fn heaps(&self) -> &[Pile] {
        &self.heaps
    }

    /// The value, as the solver gives it: the XOR of the heaps' values.
    pub fn grundy(&self) -> Grundy {
        self.grundy
    }

    /// The generalised value γ, for a position of a loopy graph; `None` elsewhere.
    pub fn gamma(&self) -> Option<&Gamma> {
        self.gamma.as_ref()
    }
}

/// One move, from one position to another (moves to the same position are one edge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    /// The move spends a zero-move pass (the heap keeps its size).
    pub pass: bool,
    /// The move leads to a P-position (value 0): a winning move.
    pub winning: bool,
}

/// The positions reachable from the starts, in the order the walk met them (starts first),
/// and the moves between them. Made only by [`walk`], so every value is the solver's and every
/// option is in the graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReachableGraph {
    positions: Vec<Position>,
    edges: Vec<Edge>,
    starts: usize,
}

impl ReachableGraph {
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Edges by the position they leave, then by the order its moves are listed.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// How many of the first positions are starts.
    pub fn starts(&self) -> usize {
        self.starts
    }
}

/// Walks every position reachable from `starts` (each a sum of heaps of the solver's rules),
/// each valued by `solver`; refuses past `max_positions` positions, once `budget` is spent, or
/// at a heap the solver has not valued.
pub fn walk(
    solver: &Solver,
    starts: &[Vec<Pile>],
    max_positions: usize,
    budget: &mut Budget,
) -> Result<ReachableGraph, WalkRefused> {
    let explored = explore(solver.rules(), starts, max_positions, budget)?;
    match solver.rules() {
        Rules::Graph(graph) if graph.is_loopy() => valued_by_gamma(graph, explored),
        _ => valued_by_sums(solver, explored),
    }
}

/// The positions a walk found, in the order met (the starts first), and each one's moves: the
/// position it leads to, and whether it spends a pass.
struct Explored {
    found: Vec<Vec<Pile>>,
    moves: Vec<Vec<(usize, bool)>>,
    starts: usize,
}

impl Explored {
    /// Every move as an edge, winning where `lost` says the position it leads to is lost.
    fn edges(&self, lost: impl Fn(usize) -> bool) -> Vec<Edge> {
        self.moves
            .iter()
            .enumerate()
            .flat_map(|(from, out)| out.iter().map(move |&(to, pass)| (from, to, pass)))
            .map(|(from, to, pass)| Edge {
                from,
                to,
                pass,
                winning: lost(to),
            })
            .collect()
    }
}

/// Lists every position reachable from `starts` breadth first, each one's moves in turn;
/// refuses past `max_positions` positions or once `budget` is spent.
fn explore(
    rules: &Rules,
    starts: &[Vec<Pile>],
    max_positions: usize,
    budget: &mut Budget,
) -> Result<Explored, WalkRefused> {
    // One position of the game (a coin row's pairs cancel), shown largest heap first.
    let normal = |heaps: Vec<Pile>| {
        let mut heaps = rules.canonical(heaps);
        heaps.reverse();
        heaps
    };
    let mut found: Vec<Vec<Pile>> = Vec::new();
    let mut index: HashMap<Vec<Pile>, usize> = HashMap::new();
    let mut add = |heaps: Vec<Pile>, found: &mut Vec<Vec<Pile>>| -> Result<usize, WalkRefused> {
        if let Some(&i) = index.get(&heaps) {
            return Ok(i);
        }
        if found.len() == max_positions {
            return Err(WalkRefused::TooManyPositions {
                limit: max_positions,
            });
        }
        let i = found.len();
        index.insert(heaps.clone(), i);
        found.push(heaps);
        Ok(i)
    };
    for start in starts {
        add(normal(start.clone()), &mut found)?;
    }
    let starts = found.len();
    let mut moves: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut examined: u64 = 0;
    // Breadth first: positions are met in order, and each one's moves listed in turn.
    while moves.len() < found.len() {
        let heaps = found[moves.len()].clone();
        let mut out: Vec<(usize, bool)> = Vec::new();
        for (k, &heap) in heaps.iter().enumerate() {
            // Equal heaps have the same moves, to the same positions.
            if k > 0 && heaps[k - 1] == heap {
                continue;
            }
            let options = rules.heap_options(heap, budget).map_err(|e| match e {
                EngineError::Interrupted => WalkRefused::Interrupted,
                EngineError::TooMuchWork(_) if budget.is_spent() => WalkRefused::TooMuchWork {
                    limit: budget.limit(),
                },
                e => WalkRefused::Unvalued(Box::new(e)),
            })?;
            for option in options {
                budget.charge(u64::try_from(heaps.len()).unwrap_or(u64::MAX));
                if budget.is_spent() {
                    return Err(WalkRefused::TooMuchWork {
                        limit: budget.limit(),
                    });
                }
                examined += 1;
                if examined.is_multiple_of(POLL_EVERY) {
                    budget.check()?;
                }
                let mut next: Vec<Pile> = heaps.clone();
                next.remove(k);
                next.extend(option.piles());
                let pass =
                    matches!(option, Heaps::One(p) if p.size == heap.size && p.pass != heap.pass);
                let j = add(normal(next), &mut found)?;
                if !out.iter().any(|&(t, _)| t == j) {
                    out.push((j, pass));
                }
            }
        }
        moves.push(out);
    }
    Ok(Explored {
        found,
        moves,
        starts,
    })
}

/// The positions of a loopy graph's tokens, each valued by γ of the sum of its tokens.
fn valued_by_gamma(graph: &GameGraph, explored: Explored) -> Result<ReachableGraph, WalkRefused> {
    let gammas: Vec<Gamma> = explored
        .found
        .iter()
        .map(|heaps| {
            let nodes: Vec<u64> = heaps.iter().map(|p| p.size).collect();
            graph.sum_gamma(&nodes).ok_or_else(|| {
                WalkRefused::Unvalued(Box::new(EngineError::BadPile {
                    token: nodes
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    expected: graph.pile_syntax(),
                }))
            })
        })
        .collect::<Result<_, _>>()?;
    let edges = explored.edges(|to| gammas[to] == Gamma::Finite(0));
    let starts = explored.starts;
    let positions = explored
        .found
        .into_iter()
        .zip(gammas)
        .map(|(heaps, gamma)| Position {
            heaps,
            grundy: gamma.finite().unwrap_or(0),
            gamma: Some(gamma),
        })
        .collect();
    Ok(ReachableGraph {
        positions,
        edges,
        starts,
    })
}

/// The positions of a sum of heaps, each valued by the nim-sum of its heaps' values.
fn valued_by_sums(solver: &Solver, explored: Explored) -> Result<ReachableGraph, WalkRefused> {
    let values = explored
        .found
        .iter()
        .map(|heaps| {
            heaps.iter().try_fold(0, |acc, &heap| {
                Ok(acc ^ solver.value(heap).map_err(Box::new)?.grundy())
            })
        })
        .collect::<Result<Vec<Grundy>, Box<EngineError>>>()
        .map_err(WalkRefused::Unvalued)?;
    let edges = explored.edges(|to| values[to] == 0);
    let starts = explored.starts;
    let positions: Vec<Position> = explored
        .found
        .into_iter()
        .zip(&values)
        .map(|(heaps, &grundy)| Position {
            heaps,
            grundy,
            gamma: None,
        })
        .collect();
    Ok(ReachableGraph {
        positions,
        edges,
        starts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pass, Rules};

    fn walked(rules: &str, start: &[Pile]) -> ReachableGraph {
        let solver = Solver::new(&Rules::parse(rules).unwrap()).unwrap();
        walk(&solver, &[start.to_vec()], 500, &mut Budget::new(1_000_000)).unwrap()
    }

    #[test]
    fn zero_move_three_by_hand() {
        // 3T → 0, 1T, 2T, 3F; 3F → 0, 1F, 2F; 2T → 0, 1T, 2F; 1T → 0, 1F; 2F → 0, 1F; 1F → 0.
        // Values: 0 = 0, 1F = 1, 2F = 2, 3F = 3, 1T = mex{0, 1} = 2, 2T = mex{0, 2, 2} = 1,
        // 3T = mex{0, 2, 1, 3} = 4.
        let g = walked("zero-move", &[Pile::zero_move(3, Pass::Unused)]);
        let mut seen: Vec<(String, Grundy)> = g
            .positions()
            .iter()
            .map(|p| {
                let name: Vec<String> = p.heaps().iter().map(ToString::to_string).collect();
                (name.join("+"), p.grundy())
            })
            .collect();
        seen.sort();
        let expected = [
            ("", 0),
            ("1F", 1),
            ("1T", 2),
            ("2F", 2),
            ("2T", 1),
            ("3F", 3),
            ("3T", 4),
        ];
        let expected: Vec<(String, Grundy)> =
            expected.iter().map(|&(n, g)| (n.to_string(), g)).collect();
        assert_eq!(seen, expected);
        assert_eq!(g.edges().len(), 4 + 3 + 3 + 2 + 2 + 1);
        assert_eq!(g.edges().iter().filter(|e| e.pass).count(), 3);
        assert_eq!(g.starts(), 1);
    }

    #[test]
    fn splits_lead_to_sums_and_equal_heaps_merge() {
        // Kayles (0.77) from 3: take 1 or 2 adjacent, possibly splitting. 3 → 2, 1, 1+1, 0;
        // 2 → 1, 0; 1+1 → 1; 1 → 0. Five positions.
        let g = walked("octal:0.77", &[Pile::plain(3)]);
        assert_eq!(g.positions().len(), 5);
        let pair = g
            .positions()
            .iter()
            .find(|p| p.heaps() == [Pile::plain(1), Pile::plain(1)])
            .unwrap();
        assert_eq!(pair.grundy(), 0);
    }

    #[test]
    fn refuses_past_the_limits() {
        let nim = Solver::new(&Rules::Nim).unwrap();
        assert_eq!(
            walk(
                &nim,
                &[vec![Pile::plain(u64::MAX)]],
                500,
                &mut Budget::new(1 << 20)
            ),
            Err(WalkRefused::TooManyPositions { limit: 500 })
        );
        assert_eq!(
            walk(&nim, &[vec![Pile::plain(40)]], 500, &mut Budget::new(100)),
            Err(WalkRefused::TooMuchWork { limit: 100 })
        );
    }
}
