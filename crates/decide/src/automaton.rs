//! The automaton: a complete deterministic automaton over letters that give one binary digit
//! to each track (a free variable), read least significant digit first. Its start state is 0;
//! each state's transitions are one decision diagram (see `bdd`). Every automaton the engine
//! makes accepts a word exactly when it accepts the word with all-zero (padding) letters
//! appended, so a tuple of numbers is accepted or not whatever its padding.

use crate::bdd::{self, Node, idx};

/// A complete deterministic automaton with symbolic transitions. Read it through
/// `state_count`, `is_accepting` and `transitions`; the engine makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    /// The tracks: variable ids, ascending; a letter gives each one digit.
    pub(crate) tracks: Vec<u32>,
    /// The decision-diagram arena of all states' transitions.
    pub(crate) nodes: Vec<Node>,
    /// The root of each state's transitions.
    pub(crate) roots: Vec<u32>,
    /// Whether each state accepts.
    pub(crate) accepting: Vec<bool>,
}

/// One group of transitions: the digits a letter must have on each track (`None`: either),
/// and the target state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    /// Per track, in track order: the digit required, or `None` for either.
    pub digits: Vec<Option<bool>>,
    /// The target state.
    pub target: usize,
}

impl Automaton {
    /// The number of states (the start state is 0).
    pub fn state_count(&self) -> usize {
        self.roots.len()
    }

    /// The number of decision-diagram nodes holding the transitions.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of tracks (free variables).
    pub fn track_count(&self) -> usize {
        self.tracks.len()
    }

    /// Whether `state` accepts (`state < state_count()`).
    pub fn is_accepting(&self, state: usize) -> bool {
        self.accepting[state]
    }

    /// The transitions of `state` (`< state_count()`) as disjoint groups of letters (the
    /// paths of its diagram).
    pub fn transitions(&self, state: usize) -> Vec<Transition> {
        let mut out = Vec::new();
        let mut digits = vec![None; self.tracks.len()];
        self.paths(self.roots[state], &mut digits, &mut out);
        out
    }

    fn paths(&self, r: u32, digits: &mut Vec<Option<bool>>, out: &mut Vec<Transition>) {
        let n = self.nodes[idx(r)];
        if n.is_leaf() {
            out.push(Transition {
                digits: digits.clone(),
                target: idx(n.lo),
            });
            return;
        }
        let t = self.track_index(n.var);
        digits[t] = Some(false);
        self.paths(n.lo, digits, out);
        digits[t] = Some(true);
        self.paths(n.hi, digits, out);
        digits[t] = None;
    }

    /// The position of variable `var` among the tracks.
    pub(crate) fn track_index(&self, var: u32) -> usize {
        self.tracks.binary_search(&var).unwrap_or(0)
    }

    /// The successor of `state` on the all-zero (padding) letter.
    pub(crate) fn zero_successor(&self, state: usize) -> usize {
        idx(bdd::follow(&self.nodes, self.roots[state], &|_| false))
    }

    /// Runs the automaton on the numbers `values` (one per track, in track order; a missing
    /// value is 0), LSD first, with `padding` extra all-zero letters after the longest
    /// number's digits.
    pub fn accepts(&self, values: &[u128], padding: usize) -> bool {
        let len = values
            .iter()
            .map(|v| 128 - v.leading_zeros())
            .max()
            .unwrap_or(0);
        let len = idx(len) + padding;
        let mut state = 0usize;
        for pos in 0..len {
            let digit = |var: u32| {
                let v = values.get(self.track_index(var)).copied().unwrap_or(0);
                pos < 128 && (v >> pos) & 1 == 1
            };
            state = idx(bdd::follow(&self.nodes, self.roots[state], &digit));
        }
        self.accepting[state]
    }

    /// The automaton in Graphviz DOT, with tracks named by `names` (in track order). Edge
    /// labels list the digit groups, one per line, a digit or `*` per track.
    pub fn to_dot(&self, names: &[String]) -> String {
        let mut s = String::from("digraph automaton {\n  rankdir=LR;\n");
        s.push_str(&format!("  // tracks: {}\n", names.join(" ")));
        s.push_str("  start [shape=point];\n  start -> 0;\n");
        for (q, &acc) in self.accepting.iter().enumerate() {
            let shape = if acc { "doublecircle" } else { "circle" };
            s.push_str(&format!("  {q} [shape={shape}];\n"));
        }
        for q in 0..self.state_count() {
            let mut by_target: Vec<(usize, Vec<String>)> = Vec::new();
            for t in self.transitions(q) {
                let label: String = t
                    .digits
                    .iter()
                    .map(|d| match d {
                        None => '*',
                        Some(false) => '0',
                        Some(true) => '1',
                    })
                    .collect();
                match by_target.iter_mut().find(|(target, _)| *target == t.target) {
                    Some((_, labels)) => labels.push(label),
                    None => by_target.push((t.target, vec![label])),
                }
            }
            for (target, labels) in by_target {
                let label = if names.is_empty() {
                    String::from("()")
                } else {
                    labels.join("\\n")
                };
                s.push_str(&format!("  {q} -> {target} [label=\"{label}\"];\n"));
            }
        }
        s.push_str("}\n");
        s
    }
}
