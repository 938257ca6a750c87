//! Results on a loopy game graph (one with a cycle): each position's γ, finite or ∞(K), the
//! value of a sum of tokens, who wins or that it is a draw, and the move to make. Data only.

use std::sync::Arc;

use crate::engine::GameGraph;
use crate::engine::loopy::{Gamma, Outcome};
use crate::engine::{EngineError, Pile, Rules};

use super::PositionView;

/// `grundy` on a loopy graph: a row per position.
#[derive(Debug, Clone)]
pub struct LoopyTable {
    pub rules: Rules,
    pub graph: Arc<GameGraph>,
    pub rows: Vec<LoopyRow>,
}

/// A position, its options with their values, and its own value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyRow {
    pub node: u64,
    pub options: Vec<(u64, Gamma)>,
    pub gamma: Gamma,
}

/// `winner` and `move` on tokens of a loopy graph.
#[derive(Debug, Clone)]
pub struct LoopyReport {
    pub view: PositionView,
    pub rules: Rules,
    pub graph: Arc<GameGraph>,
    pub nodes: Vec<u64>,
    pub values: Vec<Gamma>,
    pub sum: Gamma,
    pub outcome: Outcome,
    /// The move to make: winning when the first player wins, keeping the draw when it is one.
    pub best: Option<LoopyMove>,
    /// Whether no token can move.
    pub over: bool,
}

/// Token `token` (0-based) moves from `from` to `to`, leaving the sum worth `after`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyMove {
    pub token: usize,
    pub from: u64,
    pub to: u64,
    pub to_value: Gamma,
    pub after: Gamma,
}

impl LoopyRow {
    pub fn of(graph: &GameGraph, node: u64) -> Option<Self> {
        Some(Self {
            node,
            options: graph
                .moves(node)
                .map(|v| graph.gamma(v).map(|g| (v, g)))
                .collect::<Option<_>>()?,
            gamma: graph.gamma(node)?,
        })
    }
}

impl LoopyReport {
    /// Who wins, by the γ of the sum (a draw where it is infinite with no 0 among its
    /// options), or that no token can move.
    pub fn judgement(&self) -> crate::engine::Judgement {
        crate::engine::Judgement::by_gamma(self.sum.clone(), self.over)
    }
}

impl LoopyTable {
    /// Every position of the graph, or the ones named.
    pub fn new(rules: &Rules, graph: Arc<GameGraph>, nodes: &[u64]) -> Self {
        let rows = nodes
            .iter()
            .filter_map(|&n| LoopyRow::of(&graph, n))
            .collect();
        Self {
            rules: rules.clone(),
            graph,
            rows,
        }
    }
}

impl LoopyReport {
    /// The report on tokens on `piles` (nodes of `graph`); refuses a number that is no node.
    pub fn new(
        view: PositionView,
        rules: &Rules,
        graph: Arc<GameGraph>,
        piles: &[Pile],
    ) -> Result<Self, EngineError> {
        let nodes: Vec<u64> = piles.iter().map(|p| p.size).collect();
        let values: Vec<Gamma> = nodes
            .iter()
            .map(|&n| {
                graph.gamma(n).ok_or_else(|| EngineError::BadPile {
                    token: n.to_string(),
                    expected: graph.pile_syntax(),
                })
            })
            .collect::<Result<_, _>>()?;
        let sum = Gamma::sum(&values);
        let over = nodes.iter().all(|&n| graph.moves(n).next().is_none());
        let best = graph.best_move(&nodes).map(|(token, to)| {
            let mut after = nodes.clone();
            after[token] = to;
            LoopyMove {
                token,
                from: nodes[token],
                to,
                to_value: graph.gamma(to).unwrap_or(Gamma::Finite(0)),
                after: graph.sum_gamma(&after).unwrap_or(Gamma::Finite(0)),
            }
        });
        Ok(Self {
            view,
            rules: rules.clone(),
            outcome: sum.outcome(),
            graph,
            nodes,
            values,
            sum,
            best,
            over,
        })
    }
}
