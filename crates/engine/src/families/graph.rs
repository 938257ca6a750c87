//! A game given as a finite directed graph of named positions: a component is a node, its
//! options are the nodes its moves lead to. On an acyclic graph, values come from one memoised,
//! iterative depth-first search (no recursion, so a 100 000-deep chain cannot overflow the
//! stack). A graph with a cycle is loopy: some play may never end, and its positions are valued
//! by the generalised Sprague–Grundy function γ (`crate::families::loopy`), finite or ∞(K).
//!
//! The graph arrives as names and moves; reading a file is not done here.

use std::collections::HashMap;

use crate::families::game::{Can, Game};
use crate::limits::budget::Budget;
use crate::notation::pile::token_excerpt;
use crate::{Heaps, Pile};

use crate::error::{GraphWhy, PileWanted};
use crate::families::loopy::{self, Gamma, Labelling};
use crate::values::mex::mex;
use crate::{EngineError, Grundy};

/// The most positions a graph may have.
pub(crate) const MAX_NODES: usize = 1_000_000;

/// A game graph with every position's Grundy value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameGraph {
    /// Where it came from, as the user wrote it (for `graph:FILE`).
    source: String,
    names: Vec<String>,
    index: HashMap<String, usize>,
    moves: Vec<Vec<usize>>,
    /// Each position's Grundy value; on a loopy graph, its finite γ (0 where γ is ∞).
    values: Vec<Grundy>,
    /// γ and its counters, for a graph with a cycle.
    loopy: Option<Labelling>,
    /// A cycle, as positions, for a loopy graph.
    cycle: Vec<usize>,
}

impl GameGraph {
    /// Builds the graph from positions in order, each with the names its moves lead to, and
    /// values every position. Refuses repeated or unknown names.
    pub fn new(source: &str, positions: Vec<(String, Vec<String>)>) -> Result<Self, EngineError> {
        let bad = |why: GraphWhy| EngineError::BadGraph {
            source: source.to_string(),
            why,
        };
        if positions.is_empty() {
            return Err(bad(GraphWhy::NoPositions));
        }
        if positions.len() > MAX_NODES {
            return Err(bad(GraphWhy::TooMany {
                count: positions.len(),
                max: MAX_NODES,
            }));
        }
        let mut index = HashMap::with_capacity(positions.len());
        for (i, (name, _)) in positions.iter().enumerate() {
            if index.insert(name.clone(), i).is_some() {
                return Err(bad(GraphWhy::Twice { name: name.clone() }));
            }
        }
        let mut names = Vec::with_capacity(positions.len());
        let mut moves = Vec::with_capacity(positions.len());
        for (name, targets) in positions {
            let mut to = Vec::with_capacity(targets.len());
            for t in &targets {
                match index.get(t) {
                    Some(&j) => to.push(j),
                    None => {
                        return Err(bad(GraphWhy::Unlisted {
                            from: name,
                            to: t.clone(),
                        }));
                    }
                }
            }
            to.sort_unstable();
            to.dedup();
            names.push(name);
            moves.push(to);
        }
        let (values, loopy, cycle) = match values(&moves)? {
            Ok(values) => (values, None, Vec::new()),
            Err(cycle) => {
                let labelling = loopy::label(&moves)?;
                let values = labelling
                    .gamma
                    .iter()
                    .map(|g| g.finite().unwrap_or(0))
                    .collect();
                (values, Some(labelling), cycle)
            }
        };
        Ok(Self {
            source: source.to_string(),
            names,
            index,
            moves,
            values,
            loopy,
            cycle,
        })
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there is nothing at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The node with this name.
    pub fn node(&self, name: &str) -> Option<u64> {
        self.index.get(name).map(|&i| i as u64)
    }

    /// Whether every position is named by a whole number written plainly (`0`, `12`): then a
    /// number names a position by its name, wherever a number is read.
    pub fn named_by_numbers(&self) -> bool {
        self.names
            .iter()
            .all(|name| name.parse::<u64>().is_ok_and(|n| n.to_string() == *name))
    }

    /// The name of a node (`?` for a number that is not a node).
    pub fn name(&self, node: u64) -> &str {
        self.get(node).map_or("?", |i| self.names[i].as_str())
    }

    /// The nodes one move from `node`.
    pub fn moves(&self, node: u64) -> impl Iterator<Item = u64> + '_ {
        self.get(node)
            .map(|i| self.moves[i].as_slice())
            .unwrap_or(&[])
            .iter()
            .map(|&j| j as u64)
    }

    /// The Grundy value of a node; `None` for a number that is not a node, and for every node
    /// of a loopy graph (see [`GameGraph::gamma`]).
    pub fn value(&self, node: u64) -> Option<Grundy> {
        if self.loopy.is_some() {
            return None;
        }
        self.get(node).map(|i| self.values[i])
    }

    /// Every node's value, in node order; `None` for a loopy graph.
    pub(crate) fn values(&self) -> Option<&[Grundy]> {
        self.loopy.is_none().then_some(self.values.as_slice())
    }

    /// Whether the graph has a cycle, so that some play never ends.
    pub fn is_loopy(&self) -> bool {
        self.loopy.is_some()
    }

    /// A cycle of a loopy graph, as nodes, its first node repeated at the end (empty for an
    /// acyclic graph).
    pub fn cycle_nodes(&self) -> impl Iterator<Item = u64> + '_ {
        self.cycle.iter().map(|&i| i as u64)
    }

    /// The generalised Sprague–Grundy value of a node (finite on an acyclic graph); `None` for
    /// a number that is not a node.
    pub fn gamma(&self, node: u64) -> Option<Gamma> {
        let i = self.get(node)?;
        Some(match &self.loopy {
            Some(l) => l.gamma[i].clone(),
            None => Gamma::Finite(self.values[i]),
        })
    }

    /// The counter of a node of finite γ on a loopy graph (the order it was valued in); 0 on
    /// an acyclic graph.
    pub(crate) fn counter(&self, node: u64) -> u64 {
        match (&self.loopy, self.get(node)) {
            (Some(l), Some(i)) => l.counter[i],
            _ => 0,
        }
    }

    /// The value of a sum of tokens on these nodes (Smith's theorem); `None` if one is not a
    /// node.
    pub fn sum_gamma(&self, nodes: &[u64]) -> Option<Gamma> {
        let values: Vec<Gamma> = nodes
            .iter()
            .map(|&n| self.gamma(n))
            .collect::<Option<_>>()?;
        Some(Gamma::sum(&values))
    }

    /// The move to make on a sum of tokens on `nodes`, as (token, node it goes to): a winning
    /// move that makes progress, a move that keeps a draw, or `None` when every move loses.
    pub fn best_move(&self, nodes: &[u64]) -> Option<(usize, u64)> {
        let nodes: Vec<usize> = nodes.iter().map(|&n| self.get(n)).collect::<Option<_>>()?;
        match &self.loopy {
            Some(l) => l.best_move(&self.moves, &nodes).map(|(i, v)| (i, v as u64)),
            None => {
                let acyclic = Labelling {
                    gamma: self.values.iter().map(|&g| Gamma::Finite(g)).collect(),
                    counter: vec![0; self.values.len()],
                };
                acyclic
                    .best_move(&self.moves, &nodes)
                    .map(|(i, v)| (i, v as u64))
            }
        }
    }

    /// What a pile of this game looks like, for error messages: a few of the names.
    pub fn pile_syntax(&self) -> PileWanted {
        PileWanted::GraphPosition {
            names: self.names.iter().take(6).cloned().collect(),
            more: self.names.len() > 6,
        }
    }

    fn get(&self, node: u64) -> Option<usize> {
        usize::try_from(node).ok().filter(|&i| i < self.names.len())
    }
}

/// Every node's value by an iterative depth-first search, or a cycle (as nodes, the first
/// repeated at the end) if there is one. Polls the stop flag and the memory limit.
fn values(moves: &[Vec<usize>]) -> Result<Result<Vec<Grundy>, Vec<usize>>, EngineError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark = vec![Mark::New; moves.len()];
    let mut values = vec![0; moves.len()];
    // The path: (node, next move to look at).
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut steps: u64 = 0;
    for root in 0..moves.len() {
        if mark[root] != Mark::New {
            continue;
        }
        mark[root] = Mark::OnPath;
        path.push((root, 0));
        while let Some(&mut (node, ref mut next)) = path.last_mut() {
            steps += 1;
            if steps.is_multiple_of(crate::limits::cancel::POLL_EVERY) {
                crate::limits::cancel::poll()?;
            }
            if let Some(&to) = moves[node].get(*next) {
                *next += 1;
                match mark[to] {
                    Mark::Done => {}
                    Mark::New => {
                        mark[to] = Mark::OnPath;
                        path.push((to, 0));
                    }
                    Mark::OnPath => {
                        let start = path.iter().position(|&(n, _)| n == to).unwrap_or(0);
                        let mut cycle: Vec<usize> = path[start..].iter().map(|&(n, _)| n).collect();
                        cycle.push(to);
                        return Ok(Err(cycle));
                    }
                }
            } else {
                values[node] = mex(moves[node].iter().map(|&j| values[j]));
                mark[node] = Mark::Done;
                path.pop();
            }
        }
    }
    Ok(Ok(values))
}

/// A game graph: a pile is a position's number, written as its name.
impl Game for GameGraph {
    fn options<'a>(
        &'a self,
        pile: Pile,
        _: &mut Budget,
    ) -> Result<Box<dyn Iterator<Item = Heaps> + 'a>, EngineError> {
        Ok(Box::new(
            self.moves(pile.size).map(|n| Heaps::One(Pile::plain(n))),
        ))
    }

    fn can(&self) -> Can {
        Can {
            count_tokens: false,
            number_states: true,
            loop_forever: self.is_loopy(),
            ..Can::PLAIN
        }
    }

    /// The moves of position number `n`.
    fn options_of_size(&self, n: u64) -> u128 {
        self.moves(n).count() as u128
    }

    fn write_state(&self, pile: Pile) -> String {
        self.name(pile.size).to_string()
    }

    /// A position's name.
    fn read_state(&self, token: &[u8]) -> Result<Pile, EngineError> {
        std::str::from_utf8(token)
            .ok()
            .and_then(|name| self.node(name))
            .map(Pile::plain)
            .ok_or_else(|| EngineError::BadPile {
                token: token_excerpt(token),
                expected: self.pile_syntax(),
            })
    }

    fn syntax(&self) -> PileWanted {
        self.pile_syntax()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &[&str])]) -> Result<GameGraph, EngineError> {
        GameGraph::new(
            "test.yaml",
            edges
                .iter()
                .map(|(n, m)| (n.to_string(), m.iter().map(|s| s.to_string()).collect()))
                .collect(),
        )
    }

    #[test]
    fn values_by_hand() {
        // end: no moves → 0; a → end: 1; b → a, end: 2; c → a: 0.
        let g = graph(&[
            ("c", &["a"]),
            ("b", &["a", "end"]),
            ("a", &["end"]),
            ("end", &[]),
        ])
        .unwrap();
        let v: Vec<Grundy> = ["a", "b", "c", "end"]
            .iter()
            .map(|n| g.value(g.node(n).unwrap()).unwrap())
            .collect();
        assert_eq!(v, [1, 2, 0, 0]);
    }

    #[test]
    fn a_cycle_is_valued_by_gamma() {
        // a → b → c → a, and d alone: no play from the cycle ever ends, and no option on it
        // is finite: ∞(∅), a draw; d has no moves: 0.
        let g = graph(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"]), ("d", &[])]).unwrap();
        assert!(g.is_loopy());
        let cycle: Vec<&str> = g.cycle_nodes().map(|n| g.name(n)).collect();
        assert_eq!(cycle, ["a", "b", "c", "a"]);
        assert_eq!(g.gamma(0), Some(Gamma::Infinite(vec![])));
        assert_eq!(g.gamma(3), Some(Gamma::Finite(0)));
        assert_eq!(g.value(3), None);
        assert!(g.values().is_none());
        // x → x, x → end: x can move to the end (0), so ∞({0}) — a win, by moving there.
        let g = graph(&[("x", &["x", "end"]), ("end", &[])]).unwrap();
        assert_eq!(g.gamma(0), Some(Gamma::Infinite(vec![0])));
        assert_eq!(g.best_move(&[0]), Some((0, 1)));
    }

    #[test]
    fn deep_chain_does_not_overflow() {
        let n: u32 = 200_000;
        let positions: Vec<(String, Vec<String>)> = (0..n)
            .map(|i| {
                let to = if i + 1 < n {
                    vec![format!("p{}", i + 1)]
                } else {
                    vec![]
                };
                (format!("p{i}"), to)
            })
            .collect();
        let g = GameGraph::new("chain", positions).unwrap();
        // A chain alternates 0 and 1 from its end: p(n-1) = 0, so p0 = (n-1) mod 2.
        assert_eq!(g.value(0), Some(Grundy::from((n - 1) % 2)));
    }

    #[test]
    fn unknown_and_repeated_names() {
        let refused = |why: GraphWhy| EngineError::BadGraph {
            source: "test.yaml".into(),
            why,
        };
        assert_eq!(
            graph(&[("a", &["zz"])]).unwrap_err(),
            refused(GraphWhy::Unlisted {
                from: "a".into(),
                to: "zz".into()
            })
        );
        assert_eq!(
            graph(&[("a", &[]), ("a", &[])]).unwrap_err(),
            refused(GraphWhy::Twice { name: "a".into() })
        );
        assert_eq!(graph(&[]).unwrap_err(), refused(GraphWhy::NoPositions));
    }
}
