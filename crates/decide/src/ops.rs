//! The operations on automata: the product for the binary connectives, the complement, and
//! the projection of one track (∃) by subset construction followed by the padding repair.
//! Each returns an automaton that is complete and deterministic but not yet minimal.

use crate::automaton::Automaton;
use crate::bdd::{self, Builder, Node, idx};
use crate::budget::{Budget, DecideError};
use crate::hash::FxHashMap;
use std::rc::Rc;

/// A binary connective, as its truth table on the two sides' acceptance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoolOp {
    And,
    Or,
    Implies,
    Iff,
}

impl BoolOp {
    fn apply(self, a: bool, b: bool) -> bool {
        match self {
            BoolOp::And => a && b,
            BoolOp::Or => a || b,
            BoolOp::Implies => !a || b,
            BoolOp::Iff => a == b,
        }
    }
}

/// The complement: every automaton is complete, so swapping acceptance is enough, and the
/// padding closure is kept.
pub(crate) fn complement(mut a: Automaton) -> Automaton {
    for acc in &mut a.accepting {
        *acc = !*acc;
    }
    a
}

/// The product of `a` and `b` under `op`. Tracks are variable ids shared by both sides, so a
/// track one side lacks is simply never tested by that side's diagrams.
pub(crate) fn product(
    a: &Automaton,
    b: &Automaton,
    op: BoolOp,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    let mut p = Product {
        a: &a.nodes,
        b: &b.nodes,
        out: Builder::new(),
        memo: FxHashMap::default(),
        pairs: FxHashMap::default(),
        queue: Vec::new(),
    };
    p.pair(0, 0, budget)?;
    let mut roots = Vec::new();
    let mut next = 0;
    while next < p.queue.len() {
        let (s, t) = p.queue[next];
        next += 1;
        let r = p.apply(a.roots[idx(s)], b.roots[idx(t)], budget)?;
        roots.push(r);
    }
    let accepting = p
        .queue
        .iter()
        .map(|&(s, t)| op.apply(a.accepting[idx(s)], b.accepting[idx(t)]))
        .collect();
    let mut tracks: Vec<u32> = a.tracks.iter().chain(&b.tracks).copied().collect();
    tracks.sort_unstable();
    tracks.dedup();
    Ok(Automaton {
        tracks,
        nodes: p.out.finish(),
        roots,
        accepting,
    })
}

struct Product<'n> {
    a: &'n [Node],
    b: &'n [Node],
    out: Builder,
    /// (node of a, node of b) → node of the product.
    memo: FxHashMap<(u32, u32), u32>,
    /// (state of a, state of b) → state of the product.
    pairs: FxHashMap<(u32, u32), u32>,
    queue: Vec<(u32, u32)>,
}

impl Product<'_> {
    fn pair(&mut self, s: u32, t: u32, budget: &mut Budget<'_>) -> Result<u32, DecideError> {
        if let Some(&id) = self.pairs.get(&(s, t)) {
            return Ok(id);
        }
        let id = u32::try_from(self.queue.len()).map_err(|_| budget.overflow())?;
        self.queue.push((s, t));
        budget.states(self.queue.len())?;
        self.pairs.insert((s, t), id);
        Ok(id)
    }

    fn apply(&mut self, x: u32, y: u32, budget: &mut Budget<'_>) -> Result<u32, DecideError> {
        if let Some(&r) = self.memo.get(&(x, y)) {
            return Ok(r);
        }
        budget.tick(1)?;
        let (nx, ny) = (self.a[idx(x)], self.b[idx(y)]);
        let r = if nx.is_leaf() && ny.is_leaf() {
            let state = self.pair(nx.lo, ny.lo, budget)?;
            self.out.leaf(budget, state)?
        } else {
            let var = nx.var.min(ny.var);
            let (xl, xh) = bdd::cofactors(self.a, x, var);
            let (yl, yh) = bdd::cofactors(self.b, y, var);
            let lo = self.apply(xl, yl, budget)?;
            let hi = self.apply(xh, yh, budget)?;
            self.out.node(budget, var, lo, hi)?
        };
        self.memo.insert((x, y), r);
        Ok(r)
    }
}

/// ∃ `var`: drops the track by subset construction, then repairs the padding: a state
/// accepts if an accepting state is reachable from it on all-zero letters of the remaining
/// tracks (the dropped number may be longer than all the others).
pub(crate) fn project(
    a: &Automaton,
    var: u32,
    budget: &mut Budget<'_>,
) -> Result<Automaton, DecideError> {
    if a.tracks.binary_search(&var).is_err() {
        return Ok(a.clone());
    }
    let mut p = Subsets {
        src: &a.nodes,
        var,
        tmp: Builder::new(),
        proj_memo: vec![u32::MAX; a.nodes.len()],
        union_memo: FxHashMap::default(),
        sets: Vec::new(),
        set_ids: FxHashMap::default(),
    };
    // The temporary diagrams' leaves are set ids; the states are the sets reached.
    let start = p.set(vec![0], budget)?;
    let mut state_of: FxHashMap<u32, u32> = FxHashMap::default();
    let mut order: Vec<u32> = vec![start];
    state_of.insert(start, 0);
    let mut tmp_roots = Vec::new();
    let mut scanned: Vec<bool> = Vec::new();
    let mut found = Vec::new();
    let mut next = 0;
    while next < order.len() {
        let set = Rc::clone(&p.sets[idx(order[next])]);
        next += 1;
        let mut parts = Vec::with_capacity(set.len());
        for &s in set.iter() {
            parts.push(p.proj(a.roots[idx(s)], budget)?);
        }
        // United pairwise, as a balanced tree: the intermediate sets (each interned) then add
        // up to |S| log |S| members instead of |S|^2 for a left fold.
        while parts.len() > 1 {
            let mut up = Vec::with_capacity(parts.len().div_ceil(2));
            for pair in parts.chunks(2) {
                up.push(match pair {
                    [x, y] => p.union(*x, *y, budget)?,
                    _ => pair[0],
                });
            }
            parts = up;
        }
        let root = parts.first().copied().unwrap_or(0);
        tmp_roots.push(root);
        // The sets reachable in one step: scan the new part of the diagram for leaves.
        scanned.resize(p.tmp.nodes.len(), false);
        found.clear();
        bdd::targets(&p.tmp.nodes, root, &mut scanned, &mut found);
        for &t in &found {
            if let std::collections::hash_map::Entry::Vacant(slot) = state_of.entry(t) {
                slot.insert(u32::try_from(order.len()).map_err(|_| budget.overflow())?);
                order.push(t);
                budget.states(order.len())?;
            }
        }
    }
    let mut out = Builder::new();
    let tmp_nodes = p.tmp.finish();
    let roots = bdd::remap(
        &tmp_nodes,
        &tmp_roots,
        &|t| state_of.get(&t).copied().unwrap_or(0),
        &mut out,
        budget,
    )?;
    let accepting: Vec<bool> = order
        .iter()
        .map(|&t| p.sets[idx(t)].iter().any(|&s| a.accepting[idx(s)]))
        .collect();
    let tracks = a.tracks.iter().copied().filter(|&t| t != var).collect();
    let mut result = Automaton {
        tracks,
        nodes: out.finish(),
        roots,
        accepting,
    };
    repair_padding(&mut result);
    Ok(result)
}

/// Marks accepting every state from which an accepting state is reachable on all-zero
/// letters.
pub(crate) fn repair_padding(a: &mut Automaton) {
    let n = a.state_count();
    // Reverse the zero-letter edges, then search backwards from the accepting states.
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for s in 0..n {
        preds[a.zero_successor(s)].push(s);
    }
    let mut stack: Vec<usize> = (0..n).filter(|&s| a.accepting[s]).collect();
    while let Some(s) = stack.pop() {
        for &p in &preds[s] {
            if !a.accepting[p] {
                a.accepting[p] = true;
                stack.push(p);
            }
        }
    }
}

struct Subsets<'n> {
    src: &'n [Node],
    var: u32,
    /// Diagrams whose leaves are set ids.
    tmp: Builder,
    /// Node of the source → its projection in `tmp` (`u32::MAX`: not yet made).
    proj_memo: Vec<u32>,
    union_memo: FxHashMap<(u32, u32), u32>,
    sets: Vec<Rc<[u32]>>,
    set_ids: FxHashMap<Rc<[u32]>, u32>,
}

impl Subsets<'_> {
    fn set(&mut self, members: Vec<u32>, budget: &mut Budget<'_>) -> Result<u32, DecideError> {
        if let Some(&id) = self.set_ids.get(members.as_slice()) {
            return Ok(id);
        }
        budget.tick(u64::try_from(members.len()).unwrap_or(u64::MAX))?;
        let id = u32::try_from(self.sets.len()).map_err(|_| budget.overflow())?;
        let members: Rc<[u32]> = members.into();
        self.sets.push(Rc::clone(&members));
        self.set_ids.insert(members, id);
        Ok(id)
    }

    /// The diagram of source node `r` with the dropped track's two branches united.
    fn proj(&mut self, r: u32, budget: &mut Budget<'_>) -> Result<u32, DecideError> {
        let m = self.proj_memo[idx(r)];
        if m != u32::MAX {
            return Ok(m);
        }
        let n = self.src[idx(r)];
        let made = if n.is_leaf() {
            let set = self.set(vec![n.lo], budget)?;
            self.tmp.leaf(budget, set)?
        } else {
            let lo = self.proj(n.lo, budget)?;
            let hi = self.proj(n.hi, budget)?;
            if n.var == self.var {
                self.union(lo, hi, budget)?
            } else {
                self.tmp.node(budget, n.var, lo, hi)?
            }
        };
        self.proj_memo[idx(r)] = made;
        Ok(made)
    }

    /// The pointwise union of two diagrams of `tmp`.
    fn union(&mut self, x: u32, y: u32, budget: &mut Budget<'_>) -> Result<u32, DecideError> {
        if x == y {
            return Ok(x);
        }
        let key = (x.min(y), x.max(y));
        if let Some(&r) = self.union_memo.get(&key) {
            return Ok(r);
        }
        budget.tick(1)?;
        let (nx, ny) = (self.tmp.nodes[idx(x)], self.tmp.nodes[idx(y)]);
        let r = if nx.is_leaf() && ny.is_leaf() {
            let merged = merge(&self.sets[idx(nx.lo)], &self.sets[idx(ny.lo)]);
            let set = self.set(merged, budget)?;
            self.tmp.leaf(budget, set)?
        } else {
            let var = nx.var.min(ny.var);
            let (xl, xh) = self.tmp.cofactors(x, var);
            let (yl, yh) = self.tmp.cofactors(y, var);
            let lo = self.union(xl, yl, budget)?;
            let hi = self.union(xh, yh, budget)?;
            self.tmp.node(budget, var, lo, hi)?
        };
        self.union_memo.insert(key, r);
        Ok(r)
    }
}

/// The union of two sorted sets.
fn merge(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
