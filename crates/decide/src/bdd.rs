//! Shared decision diagrams over the digit tracks: the symbolic transition function of an
//! automaton. Each state's transitions are one root in an arena of nodes; an inner node tests
//! one track's digit (tracks ordered by variable id, smaller ids nearer the root) and a leaf
//! names the target state. Reduced and hash-consed while built, so a step costs the diagram's
//! size instead of the 2^m letters of m tracks.

use crate::budget::{Budget, DecideError};
use crate::hash::FxHashMap;

/// The `var` of a leaf: larger than every track, so leaves sort below every test.
pub(crate) const LEAF: u32 = u32::MAX;

/// One node: a test of track `var` with children for digit 0 (`lo`) and 1 (`hi`), or a leaf
/// (`var == LEAF`) whose `lo` is a target state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Node {
    pub(crate) var: u32,
    pub(crate) lo: u32,
    pub(crate) hi: u32,
}

impl Node {
    pub(crate) fn is_leaf(self) -> bool {
        self.var == LEAF
    }
}

/// An arena under construction, with its unique table. Children are always made before
/// their parents, so node indices are a topological order (leaves and children first).
pub(crate) struct Builder {
    pub(crate) nodes: Vec<Node>,
    unique: FxHashMap<Node, u32>,
}

impl Builder {
    pub(crate) fn new() -> Self {
        Builder {
            nodes: Vec::new(),
            unique: FxHashMap::default(),
        }
    }

    fn intern(&mut self, budget: &mut Budget<'_>, node: Node) -> Result<u32, DecideError> {
        if let Some(&id) = self.unique.get(&node) {
            return Ok(id);
        }
        budget.tick(1)?;
        let id = u32::try_from(self.nodes.len()).map_err(|_| budget.overflow())?;
        self.nodes.push(node);
        self.unique.insert(node, id);
        Ok(id)
    }

    /// The leaf for target `state`.
    pub(crate) fn leaf(&mut self, budget: &mut Budget<'_>, state: u32) -> Result<u32, DecideError> {
        self.intern(
            budget,
            Node {
                var: LEAF,
                lo: state,
                hi: 0,
            },
        )
    }

    /// The node testing `var` (reduced: equal children make no test).
    pub(crate) fn node(
        &mut self,
        budget: &mut Budget<'_>,
        var: u32,
        lo: u32,
        hi: u32,
    ) -> Result<u32, DecideError> {
        if lo == hi {
            return Ok(lo);
        }
        self.intern(budget, Node { var, lo, hi })
    }

    /// The children of `r` with respect to `var`: its own children if it tests `var`, else
    /// itself twice (it does not depend on `var`).
    pub(crate) fn cofactors(&self, r: u32, var: u32) -> (u32, u32) {
        cofactors(&self.nodes, r, var)
    }

    /// Ends construction: the arena without its unique table.
    pub(crate) fn finish(self) -> Vec<Node> {
        self.nodes
    }
}

/// The children of node `r` of `nodes` with respect to `var`.
pub(crate) fn cofactors(nodes: &[Node], r: u32, var: u32) -> (u32, u32) {
    let n = nodes[idx(r)];
    if n.var == var { (n.lo, n.hi) } else { (r, r) }
}

/// A node index as a `usize`.
pub(crate) fn idx(r: u32) -> usize {
    // u32 always fits in usize on the 32- and 64-bit targets this crate supports.
    usize::try_from(r).unwrap_or(usize::MAX)
}

/// Copies the diagrams at `roots` of `src` into `out`, replacing each leaf's target `t` by
/// `map(t)`. Returns the new roots.
pub(crate) fn remap(
    src: &[Node],
    roots: &[u32],
    map: &dyn Fn(u32) -> u32,
    out: &mut Builder,
    budget: &mut Budget<'_>,
) -> Result<Vec<u32>, DecideError> {
    // Children precede parents in `src`, but not every node is reachable: copy on demand.
    let mut memo = vec![u32::MAX; src.len()];
    let mut result = Vec::with_capacity(roots.len());
    for &r in roots {
        result.push(remap_node(src, r, map, out, budget, &mut memo)?);
    }
    Ok(result)
}

fn remap_node(
    src: &[Node],
    r: u32,
    map: &dyn Fn(u32) -> u32,
    out: &mut Builder,
    budget: &mut Budget<'_>,
    memo: &mut [u32],
) -> Result<u32, DecideError> {
    let m = memo[idx(r)];
    if m != u32::MAX {
        return Ok(m);
    }
    let n = src[idx(r)];
    let made = if n.is_leaf() {
        out.leaf(budget, map(n.lo))?
    } else {
        let lo = remap_node(src, n.lo, map, out, budget, memo)?;
        let hi = remap_node(src, n.hi, map, out, budget, memo)?;
        out.node(budget, n.var, lo, hi)?
    };
    memo[idx(r)] = made;
    Ok(made)
}

/// The target reached from root `r` on the letter giving each track the digit `digit(var)`.
pub(crate) fn follow(nodes: &[Node], mut r: u32, digit: &dyn Fn(u32) -> bool) -> u32 {
    loop {
        let n = nodes[idx(r)];
        if n.is_leaf() {
            return n.lo;
        }
        r = if digit(n.var) { n.hi } else { n.lo };
    }
}

/// Every target reachable from root `r` on some letter, in order of first visit.
pub(crate) fn targets(nodes: &[Node], r: u32, seen: &mut Vec<bool>, out: &mut Vec<u32>) {
    if seen[idx(r)] {
        return;
    }
    seen[idx(r)] = true;
    let n = nodes[idx(r)];
    if n.is_leaf() {
        out.push(n.lo);
    } else {
        targets(nodes, n.lo, seen, out);
        targets(nodes, n.hi, seen, out);
    }
}
