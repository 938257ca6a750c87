//! A game given as a finite directed acyclic graph of named positions: a component is a node,
//! its options are the nodes its moves lead to. Values come from one memoised, iterative
//! depth-first search (no recursion, so a 100 000-deep chain cannot overflow the stack); a
//! cycle is reported with the positions on it.
//!
//! The graph arrives as names and moves; reading a file is not done here.

use std::collections::HashMap;

use super::mex::mex;
use super::{EngineError, Grundy};

/// The most positions a graph may have.
pub const MAX_NODES: usize = 1_000_000;

/// A game graph with every position's Grundy value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameGraph {
    /// Where it came from, as the user wrote it (for `graph:FILE`).
    source: String,
    names: Vec<String>,
    index: HashMap<String, usize>,
    moves: Vec<Vec<usize>>,
    values: Vec<Grundy>,
}

impl GameGraph {
    /// Builds the graph from positions in order, each with the names its moves lead to, and
    /// values every position. Refuses repeated or unknown names and cycles.
    pub fn new(source: &str, positions: Vec<(String, Vec<String>)>) -> Result<Self, EngineError> {
        let bad = |reason: String| EngineError::BadGraph {
            source: source.to_string(),
            reason,
        };
        if positions.is_empty() {
            return Err(bad("it has no positions".into()));
        }
        if positions.len() > MAX_NODES {
            return Err(bad(format!(
                "{} positions is more than the {MAX_NODES} nimlab allows",
                positions.len()
            )));
        }
        let mut index = HashMap::with_capacity(positions.len());
        for (i, (name, _)) in positions.iter().enumerate() {
            if index.insert(name.clone(), i).is_some() {
                return Err(bad(format!("the position `{name}` is listed twice")));
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
                        return Err(bad(format!(
                            "`{name}` moves to `{t}`, which is not a listed position"
                        )));
                    }
                }
            }
            to.sort_unstable();
            to.dedup();
            names.push(name);
            moves.push(to);
        }
        let values = values(&names, &moves).map_err(bad)?;
        Ok(Self {
            source: source.to_string(),
            names,
            index,
            moves,
            values,
        })
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The node with this name.
    pub fn node(&self, name: &str) -> Option<u64> {
        self.index.get(name).map(|&i| i as u64)
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

    /// The Grundy value of a node; `None` for a number that is not a node.
    pub fn value(&self, node: u64) -> Option<Grundy> {
        self.get(node).map(|i| self.values[i])
    }

    /// Every node's value, in node order.
    pub fn values(&self) -> &[Grundy] {
        &self.values
    }

    /// What a pile of this game looks like, for error messages: a few of the names.
    pub fn pile_syntax(&self) -> String {
        let shown: Vec<String> = self
            .names
            .iter()
            .take(6)
            .map(|n| format!("`{n}`"))
            .collect();
        let more = if self.names.len() > 6 { ", …" } else { "" };
        format!(
            "the name of a position in the graph ({}{more})",
            shown.join(", ")
        )
    }

    fn get(&self, node: u64) -> Option<usize> {
        usize::try_from(node).ok().filter(|&i| i < self.names.len())
    }
}

/// Every node's value by an iterative depth-first search; a cycle is an error naming it.
fn values(names: &[String], moves: &[Vec<usize>]) -> Result<Vec<Grundy>, String> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark = vec![Mark::New; names.len()];
    let mut values = vec![0; names.len()];
    // The path: (node, next move to look at).
    let mut path: Vec<(usize, usize)> = Vec::new();
    for root in 0..names.len() {
        if mark[root] != Mark::New {
            continue;
        }
        mark[root] = Mark::OnPath;
        path.push((root, 0));
        while let Some(&mut (node, ref mut next)) = path.last_mut() {
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
                        let mut cycle: Vec<&str> = path[start..]
                            .iter()
                            .map(|&(n, _)| names[n].as_str())
                            .collect();
                        cycle.push(&names[to]);
                        return Err(format!(
                            "it has a cycle, so some play never ends: {}",
                            shorten(&cycle)
                        ));
                    }
                }
            } else {
                values[node] = mex(moves[node].iter().map(|&j| values[j]));
                mark[node] = Mark::Done;
                path.pop();
            }
        }
    }
    Ok(values)
}

/// `a → b → c → a`, with the middle of a long cycle left out.
fn shorten(cycle: &[&str]) -> String {
    const SHOWN: usize = 12;
    if cycle.len() <= SHOWN {
        return cycle.join(" → ");
    }
    let head = cycle[..SHOWN / 2].join(" → ");
    let tail = cycle[cycle.len() - SHOWN / 2..].join(" → ");
    format!("{head} → … ({} positions) … → {tail}", cycle.len() - 1)
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
    fn a_cycle_is_named() {
        let err = graph(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"]), ("d", &[])])
            .unwrap_err()
            .to_string();
        assert!(err.contains("a → b → c → a"), "{err}");
        let err = graph(&[("x", &["x"])]).unwrap_err().to_string();
        assert!(err.contains("x → x"), "{err}");
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
        assert!(
            graph(&[("a", &["zz"])])
                .unwrap_err()
                .to_string()
                .contains("`zz`")
        );
        assert!(
            graph(&[("a", &[]), ("a", &[])])
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
        assert!(graph(&[]).is_err());
    }
}
