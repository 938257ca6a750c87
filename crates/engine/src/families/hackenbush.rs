//! Green Hackenbush: a picture of edges rooted on the ground; a move cuts one edge, and every
//! edge no longer connected to the ground falls away. The last player to move wins.
//!
//! A picture is valued by two principles of *Winning Ways* (ch. 7), both proven there:
//! the **fusion principle** (the nodes of a cycle may be fused into one, its edges becoming
//! loops, and a loop is worth a bamboo stalk of one edge) and the **colon principle** on the
//! tree that fusion leaves: a node's value is the nim-sum over the edges above it of
//! 1 + the value of the node the edge leads to, and each loop on it adds ⊕ 1.
//!
//! Everything is iterative (no recursion a deep picture could exhaust) and a picture has at
//! most [`MAX_EDGES`] edges, refused when it is built. No text is read here: the written forms
//! are in [`crate::notation::hackenbush_syntax`], files outside the engine.

use std::collections::VecDeque;

use crate::Grundy;

/// The most edges a picture (and a whole position) may have. Finding a winning cut values the
/// picture once per edge, so the work grows as the square of this: at 1024 the worst `move`
/// stays well under a second (`benches/hackenbush.rs`).
pub const MAX_EDGES: usize = 1024;

/// Why a picture cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// More than [`MAX_EDGES`] edges.
    TooManyEdges { limit: usize },
    /// A node no path of edges joins to the ground (the picture falls apart).
    NotGrounded { node: String },
}

/// A Green Hackenbush picture: nodes by name, node 0 the ground, and its edges as pairs of
/// nodes (a loop `(a, a)` and repeated edges are allowed). Every node is joined to the ground.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    names: Vec<String>,
    edges: Vec<(usize, usize)>,
}

/// One node of the tree fusion leaves: the picture's nodes fused into it, its loops, and the
/// nodes above it, each reached by one edge of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The picture's nodes fused here (one, unless it lies on a cycle), in node order.
    pub nodes: Vec<usize>,
    /// Edges of cycles through these nodes, each now a loop worth 1.
    pub loops: usize,
    /// The pieces directly above, by their index in [`Valuation::pieces`].
    pub above: Vec<usize>,
    /// This piece's value: (loops mod 2) ⊕ the nim-sum of 1 + each piece above's value.
    pub value: Grundy,
}

/// A picture's value with how it was found: the pieces bottom-up (each after every piece
/// above it), the ground's piece last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valuation {
    pub pieces: Vec<Piece>,
}

impl Valuation {
    /// The picture's value: its ground piece's.
    pub fn value(&self) -> Grundy {
        self.pieces.last().map_or(0, |p| p.value)
    }

    /// Whether some nodes were fused (the picture has a cycle or a loop).
    pub fn fused(&self) -> bool {
        self.pieces.iter().any(|p| p.nodes.len() > 1 || p.loops > 0)
    }
}

impl Picture {
    /// A picture from node names (the ground first) and edges between them, refused if it is
    /// too large or a node is not joined to the ground.
    pub fn new(names: Vec<String>, edges: Vec<(usize, usize)>) -> Result<Self, PictureError> {
        if edges.len() > MAX_EDGES {
            return Err(PictureError::TooManyEdges { limit: MAX_EDGES });
        }
        let names = if names.is_empty() {
            vec!["g".to_string()]
        } else {
            names
        };
        let picture = Self { names, edges };
        let grounded = picture.grounded();
        if let Some(node) = grounded.iter().position(|&g| !g) {
            return Err(PictureError::NotGrounded {
                node: picture.names[node].clone(),
            });
        }
        Ok(picture)
    }

    /// A bamboo stalk of `n` edges; its nodes are `g`, `1`, …, `n` from the ground up.
    pub fn bamboo(n: usize) -> Result<Self, PictureError> {
        if n > MAX_EDGES {
            return Err(PictureError::TooManyEdges { limit: MAX_EDGES });
        }
        let names = std::iter::once("g".to_string())
            .chain((1..=n).map(|i| i.to_string()))
            .collect();
        Self::new(names, (0..n).map(|i| (i, i + 1)).collect())
    }

    /// The node names, the ground's first.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// A node's name.
    pub fn name(&self, node: usize) -> &str {
        &self.names[node]
    }

    /// The edges, as pairs of nodes.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// Each node with the edges at it: (the node at the other end, the edge's index).
    fn adjacency(&self) -> Vec<Vec<(usize, usize)>> {
        let mut adjacent = vec![Vec::new(); self.names.len()];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            adjacent[a].push((b, e));
            if a != b {
                adjacent[b].push((a, e));
            }
        }
        adjacent
    }

    /// Which nodes a path of edges joins to the ground.
    fn grounded(&self) -> Vec<bool> {
        reachable_from_ground(self.names.len(), &self.edges, None)
    }

    /// The picture after cutting edge `edge`: every edge no longer joined to the ground falls,
    /// and the nodes left keep their names (the ground stays, even with nothing on it).
    pub fn cut(&self, edge: usize) -> Self {
        let joined = reachable_from_ground(self.names.len(), &self.edges, Some(edge));
        let mut number = vec![usize::MAX; self.names.len()];
        let mut names = Vec::new();
        for (node, name) in self.names.iter().enumerate() {
            if joined[node] {
                number[node] = names.len();
                names.push(name.clone());
            }
        }
        let edges = self
            .edges
            .iter()
            .enumerate()
            .filter(|&(e, &(a, _))| e != edge && joined[a])
            .map(|(_, &(a, b))| (number[a], number[b]))
            .collect();
        Self { names, edges }
    }

    /// The picture's value by the fusion and colon principles, with each piece's working.
    pub fn valuation(&self) -> Valuation {
        let n = self.names.len();
        let bridge = self.bridges();
        // Fuse the ends of every edge that is not a bridge: they lie on a common cycle.
        let mut fused = UnionFind::new(n);
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            if !bridge[e] {
                fused.union(a, b);
            }
        }
        let mut piece_of = vec![usize::MAX; n];
        let mut members: Vec<Vec<usize>> = Vec::new();
        for node in 0..n {
            let root = fused.find(node);
            if piece_of[root] == usize::MAX {
                piece_of[root] = members.len();
                members.push(Vec::new());
            }
            piece_of[node] = piece_of[root];
            members[piece_of[node]].push(node);
        }
        let pieces = members.len();
        let mut loops = vec![0usize; pieces];
        let mut tree = vec![Vec::new(); pieces];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            if bridge[e] {
                tree[piece_of[a]].push(piece_of[b]);
                tree[piece_of[b]].push(piece_of[a]);
            } else {
                loops[piece_of[a]] += 1;
            }
        }
        // The tree of pieces, breadth first from the ground's; bridges make it a tree.
        let root = piece_of[0];
        let mut order = vec![root];
        let mut parent = vec![usize::MAX; pieces];
        parent[root] = root;
        let mut at = 0;
        while at < order.len() {
            let p = order[at];
            at += 1;
            for &q in &tree[p] {
                if parent[q] == usize::MAX {
                    parent[q] = p;
                    order.push(q);
                }
            }
        }
        // Values from the top down to the ground: reverse breadth-first order.
        let mut value = vec![0 as Grundy; pieces];
        let mut index = vec![0usize; pieces];
        let mut out = Vec::with_capacity(pieces);
        for &p in order.iter().rev() {
            let above: Vec<usize> = tree[p]
                .iter()
                .copied()
                .filter(|&q| q != p && parent[q] == p)
                .collect();
            // A value is at most the number of edges above, so 1 + it never overflows.
            let mut v: Grundy = Grundy::from(u8::from(loops[p] % 2 == 1));
            for &q in &above {
                v ^= 1 + value[q];
            }
            value[p] = v;
            index[p] = out.len();
            out.push(Piece {
                nodes: members[p].clone(),
                loops: loops[p],
                above: above.iter().map(|&q| index[q]).collect(),
                value: v,
            });
        }
        Valuation { pieces: out }
    }

    /// The picture's value.
    pub fn value(&self) -> Grundy {
        self.valuation().value()
    }

    /// Which edges are bridges (their cut disconnects the picture), by an iterative
    /// depth-first search from the ground: edge (u, v) of the search tree is a bridge when
    /// nothing below v reaches back above v. Loops and repeated edges are never bridges.
    fn bridges(&self) -> Vec<bool> {
        let n = self.names.len();
        let adjacent = self.adjacency();
        let mut bridge = vec![false; self.edges.len()];
        let mut entered = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut clock = 0;
        // (node, the edge it was entered by, the next of its adjacencies to look at)
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        for start in 0..n {
            if entered[start] != usize::MAX {
                continue;
            }
            entered[start] = clock;
            low[start] = clock;
            clock += 1;
            stack.push((start, usize::MAX, 0));
            while let Some(top) = stack.last_mut() {
                let (node, via, next) = *top;
                if let Some(&(other, edge)) = adjacent[node].get(next) {
                    top.2 += 1;
                    if edge == via || other == node {
                        continue;
                    }
                    if entered[other] == usize::MAX {
                        entered[other] = clock;
                        low[other] = clock;
                        clock += 1;
                        stack.push((other, edge, 0));
                    } else {
                        low[node] = low[node].min(entered[other]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(up, _, _)) = stack.last() {
                        low[up] = low[up].min(low[node]);
                        if low[node] > entered[up] {
                            bridge[via] = true;
                        }
                    }
                }
            }
        }
        bridge
    }
}

/// Which of `n` nodes the edges (all but `without`) join to node 0.
fn reachable_from_ground(n: usize, edges: &[(usize, usize)], without: Option<usize>) -> Vec<bool> {
    let mut adjacent = vec![Vec::new(); n];
    for (e, &(a, b)) in edges.iter().enumerate() {
        if Some(e) != without {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
    }
    let mut seen = vec![false; n];
    if n == 0 {
        return seen;
    }
    seen[0] = true;
    let mut todo = VecDeque::from([0]);
    while let Some(node) = todo.pop_front() {
        for &next in &adjacent[node] {
            if !seen[next] {
                seen[next] = true;
                todo.push_back(next);
            }
        }
    }
    seen
}

/// Disjoint sets with path halving (iterative).
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> Self {
        Self {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b] = a;
        }
    }
}

/// A cut that wins a sum of pictures: the component, the edge, and the value it leaves that
/// component (the nim-sum of the others', so the whole sum is left at 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningCut {
    pub component: usize,
    pub edge: usize,
    pub leaves: Grundy,
}

/// The first winning cut in a sum of pictures whose values are `values`, trying every edge
/// of every component in order; `None` if the sum's nim-sum is 0 (every cut loses).
pub fn winning_cut(components: &[Picture], values: &[Grundy]) -> Option<WinningCut> {
    let total = values.iter().fold(0, |a, &v| a ^ v);
    if total == 0 {
        return None;
    }
    for (i, picture) in components.iter().enumerate() {
        let target = total ^ values[i];
        for edge in 0..picture.edges.len() {
            if picture.cut(edge).value() == target {
                return Some(WinningCut {
                    component: i,
                    edge,
                    leaves: target,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn picture(n: usize, edges: &[(usize, usize)]) -> Picture {
        let names = (0..n).map(|i| i.to_string()).collect();
        Picture::new(names, edges.to_vec()).unwrap()
    }

    /// Green Hackenbush by game-tree search: edges as a bitmask, a cut drops every edge no
    /// longer joined to node 0, a position's value is the mex of its options'.
    fn brute(n: usize, edges: &[(usize, usize)]) -> Grundy {
        fn keep_grounded(n: usize, edges: &[(usize, usize)], mask: u32) -> u32 {
            let mut seen = vec![false; n];
            seen[0] = true;
            loop {
                let mut grew = false;
                for (e, &(a, b)) in edges.iter().enumerate() {
                    if mask >> e & 1 == 1 && seen[a] != seen[b] {
                        seen[a] = true;
                        seen[b] = true;
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            (0..edges.len())
                .filter(|&e| mask >> e & 1 == 1 && seen[edges[e].0])
                .fold(0, |m, e| m | 1 << e)
        }
        fn value(
            n: usize,
            edges: &[(usize, usize)],
            mask: u32,
            memo: &mut HashMap<u32, Grundy>,
        ) -> Grundy {
            if let Some(&v) = memo.get(&mask) {
                return v;
            }
            let options: Vec<Grundy> = (0..edges.len())
                .filter(|&e| mask >> e & 1 == 1)
                .map(|e| value(n, edges, keep_grounded(n, edges, mask & !(1 << e)), memo))
                .collect();
            let mex = (0..).find(|v| !options.contains(v)).unwrap();
            memo.insert(mask, mex);
            mex
        }
        let all = (1u32 << edges.len()) - 1;
        value(n, edges, keep_grounded(n, edges, all), &mut HashMap::new())
    }

    #[test]
    fn hand_checked_classics() {
        // A bamboo stalk of n edges has the options of a Nim heap of n.
        for n in 0..12 {
            assert_eq!(Picture::bamboo(n).unwrap().value(), n as Grundy);
        }
        // A triangle on the ground: cutting a ground edge leaves a stalk of 2 (value 2);
        // cutting the top edge leaves two stalks of 1 (1 ⊕ 1 = 0). The mex of {0, 2} is 1,
        // a loop's value, as fusion says.
        assert_eq!(picture(3, &[(0, 1), (1, 2), (2, 0)]).value(), 1);
        // A loop on the ground is one move to nothing: 1. Two parallel edges: options {1}: 0.
        assert_eq!(picture(1, &[(0, 0)]).value(), 1);
        assert_eq!(picture(2, &[(0, 1), (0, 1)]).value(), 0);
        // The Y: a stalk of 1 carrying two stalks of 1: 1 + (1 ⊕ 1) = 1.
        assert_eq!(picture(4, &[(0, 1), (1, 2), (1, 3)]).value(), 1);
    }

    #[test]
    fn every_small_graph_agrees_with_game_tree_search() {
        // Every multigraph on 4 nodes with up to 6 edges drawn from all pairs and loops,
        // keeping those whose nodes are all joined to the ground.
        let pairs: Vec<(usize, usize)> = (0..4).flat_map(|a| (a..4).map(move |b| (a, b))).collect();
        let mut checked = 0;
        let mut choose = vec![0usize];
        // Multisets of pairs of size 1..=5, as non-decreasing index sequences.
        while let Some(&last) = choose.last() {
            if last < pairs.len() {
                let edges: Vec<(usize, usize)> = choose.iter().map(|&i| pairs[i]).collect();
                let used = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) + 1;
                if let Ok(p) =
                    Picture::new((0..used).map(|i| i.to_string()).collect(), edges.clone())
                {
                    assert_eq!(p.value(), brute(used, &edges), "{edges:?}");
                    checked += 1;
                }
                if choose.len() < 6 {
                    choose.push(last);
                    continue;
                }
                *choose.last_mut().unwrap() += 1;
            } else {
                choose.pop();
                if let Some(l) = choose.last_mut() {
                    *l += 1;
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }

    #[test]
    fn a_cut_drops_what_falls() {
        let p = picture(4, &[(0, 1), (1, 2), (1, 3)]);
        let cut = p.cut(0);
        assert!(cut.edges().is_empty());
        assert_eq!(cut.names(), ["0"]);
        assert_eq!(p.cut(1).edges(), [(0, 1), (1, 2)]);
        assert_eq!(p.cut(1).names(), ["0", "1", "3"]);
    }

    #[test]
    fn refuses_what_falls_apart_and_what_is_too_big() {
        assert_eq!(
            Picture::new(vec!["g".into(), "a".into(), "b".into()], vec![(0, 1)]),
            Err(PictureError::NotGrounded { node: "b".into() })
        );
        assert_eq!(
            Picture::bamboo(MAX_EDGES + 1),
            Err(PictureError::TooManyEdges { limit: MAX_EDGES })
        );
        // A deep stalk is valued without recursion.
        assert_eq!(
            Picture::bamboo(MAX_EDGES).unwrap().value(),
            MAX_EDGES as Grundy
        );
    }

    #[test]
    fn a_winning_cut_leaves_nim_sum_zero() {
        let y = picture(4, &[(0, 1), (1, 2), (1, 3)]);
        let three = Picture::bamboo(3).unwrap();
        let values = [y.value(), three.value()];
        let cut = winning_cut(&[y.clone(), three.clone()], &values).unwrap();
        let after = if cut.component == 0 {
            y.cut(cut.edge).value() ^ 3
        } else {
            1 ^ three.cut(cut.edge).value()
        };
        assert_eq!(after, 0);
        assert_eq!(winning_cut(&[three.clone(), three], &[3, 3]), None);
    }
}
