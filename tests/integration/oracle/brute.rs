//! An independent brute force, written from the rulesets' definitions alone and sharing no
//! code with nimlab: the rulesets as explicit option lists, Grundy values by plain mex over
//! those options, and winners by exhaustive game-tree search over whole positions (memoised
//! win/lose, normal and misère play, no Sprague–Grundy anywhere in `Solver`).
//!
//! Only small sizes are handled; it is meant to be obviously right, not fast.

use std::collections::{BTreeSet, HashMap};

/// One component: `n` counters and, in zero-move, whether the pass is still unused (`T`).
/// A pile of 0 has no pass to use, so it is always stored with `pass: false`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Pile {
    pub n: u64,
    pub pass: bool,
}

impl Pile {
    pub(crate) fn new(n: u64, pass: bool) -> Self {
        Self {
            n,
            pass: pass && n > 0,
        }
    }
}

/// A ruleset, as defined in the README.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Rules {
    Nim,
    ZeroMove,
    Misere,
    Subtract(Vec<u64>),
}

impl Rules {
    /// Every ruleset the suite checks.
    pub(crate) fn all() -> Vec<Rules> {
        vec![
            Rules::Nim,
            Rules::ZeroMove,
            Rules::Misere,
            Rules::Subtract(vec![1, 3, 4]),
            Rules::Subtract(vec![2, 5]),
            Rules::Subtract(vec![1, 2]),
        ]
    }

    /// The name nimlab takes after `--rules` (and prints back in JSON).
    pub(crate) fn name(&self) -> String {
        match self {
            Rules::Nim => "nim".into(),
            Rules::ZeroMove => "zero-move".into(),
            Rules::Misere => "misere".into(),
            Rules::Subtract(s) => {
                let amounts: Vec<String> = s.iter().map(u64::to_string).collect();
                format!("subtract:{}", amounts.join(","))
            }
        }
    }

    /// Last mover loses.
    pub(crate) fn misere(&self) -> bool {
        matches!(self, Rules::Misere)
    }

    /// The options of one component, exactly as the ruleset's definition states them.
    pub(crate) fn options(&self, p: Pile) -> Vec<Pile> {
        match self {
            Rules::Nim | Rules::Misere => (0..p.n).map(|k| Pile::new(k, false)).collect(),
            Rules::ZeroMove => {
                // nT → kT and nF → kF for k < n; nT → nF (the pass) if n > 0.
                let mut options: Vec<Pile> = (0..p.n).map(|k| Pile::new(k, p.pass)).collect();
                if p.pass && p.n > 0 {
                    options.push(Pile::new(p.n, false));
                }
                options
            }
            Rules::Subtract(s) => s
                .iter()
                .filter(|&&a| a <= p.n)
                .map(|&a| Pile::new(p.n - a, false))
                .collect(),
        }
    }

    /// Every component state with size ≤ `max`: for zero-move 0, then 1F, 1T, 2F, 2T, …
    pub(crate) fn states(&self, max: u64) -> Vec<Pile> {
        let mut states = Vec::new();
        for n in 0..=max {
            states.push(Pile::new(n, false));
            if *self == Rules::ZeroMove && n > 0 {
                states.push(Pile::new(n, true));
            }
        }
        states
    }

    /// How a state is written on nimlab's command line: `7T`/`7F`/`0` in zero-move, `7` else.
    pub(crate) fn label(&self, p: Pile) -> String {
        match (self, p.n, p.pass) {
            (Rules::ZeroMove, 0, _) => "0".into(),
            (Rules::ZeroMove, n, true) => format!("{n}T"),
            (Rules::ZeroMove, n, false) => format!("{n}F"),
            (_, n, _) => n.to_string(),
        }
    }

    /// Reads a state as nimlab prints it in JSON. Strict: in zero-move a non-empty pile must
    /// say `T` or `F`; elsewhere there is no suffix. `0`, `0T` and `0F` are all the empty pile.
    #[track_caller]
    pub(crate) fn parse_state(&self, text: &str) -> Pile {
        let (digits, pass) = match text.strip_suffix('T') {
            Some(d) => (d, Some(true)),
            None => match text.strip_suffix('F') {
                Some(d) => (d, Some(false)),
                None => (text, None),
            },
        };
        let n: u64 = digits
            .parse()
            .unwrap_or_else(|_| panic!("{}: `{text}` is not a state", self.name()));
        match (self, pass) {
            (Rules::ZeroMove, Some(pass)) => Pile::new(n, pass),
            (Rules::ZeroMove, None) if n == 0 => Pile::new(0, false),
            (Rules::ZeroMove, None) => panic!("zero-move state `{text}` lacks T or F"),
            (_, None) => Pile::new(n, false),
            (_, Some(_)) => panic!("{}: state `{text}` has a suffix", self.name()),
        }
    }
}

/// The minimum excludant: the least natural number not in `values`.
pub(crate) fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let set: BTreeSet<u64> = values.into_iter().collect();
    (0..)
        .find(|m| !set.contains(m))
        .expect("a finite set has a mex")
}

/// Grundy values of single components, by mex over the explicit options, memoised.
pub(crate) struct Grundy {
    rules: Rules,
    memo: HashMap<Pile, u64>,
}

impl Grundy {
    pub(crate) fn new(rules: Rules) -> Self {
        Self {
            rules,
            memo: HashMap::new(),
        }
    }

    pub(crate) fn value(&mut self, p: Pile) -> u64 {
        if let Some(&g) = self.memo.get(&p) {
            return g;
        }
        let options = self.rules.options(p);
        let g = mex(options.into_iter().map(|o| self.value(o)));
        self.memo.insert(p, g);
        g
    }
}

/// Who wins whole positions, by exhaustive game-tree search. A position with no move is lost
/// for the player to move in normal play and won in misère play; otherwise it is won iff some
/// move leads to a position lost for the opponent.
pub(crate) struct Solver {
    rules: Rules,
    memo: HashMap<Vec<Pile>, bool>,
}

impl Solver {
    pub(crate) fn new(rules: Rules) -> Self {
        Self {
            rules,
            memo: HashMap::new(),
        }
    }

    /// Every position one move away.
    pub(crate) fn children(&self, position: &[Pile]) -> Vec<Vec<Pile>> {
        let mut children = Vec::new();
        for (i, &p) in position.iter().enumerate() {
            for option in self.rules.options(p) {
                let mut child = position.to_vec();
                child[i] = option;
                children.push(child);
            }
        }
        children
    }

    /// True if the player to move wins with perfect play.
    pub(crate) fn first_wins(&mut self, position: &[Pile]) -> bool {
        // The order of piles does not matter to who wins; sorting shares the memo.
        let mut key = position.to_vec();
        key.sort();
        if let Some(&won) = self.memo.get(&key) {
            return won;
        }
        let children = self.children(&key);
        let won = if children.is_empty() {
            self.rules.misere()
        } else {
            children.iter().any(|c| !self.first_wins(c))
        };
        self.memo.insert(key, won);
        won
    }
}

/// Every position of 1..=`max_piles` piles, each a state of size ≤ `max`, in every order.
pub(crate) fn positions(rules: &Rules, max_piles: usize, max: u64) -> Vec<Vec<Pile>> {
    let states = rules.states(max);
    let mut all: Vec<Vec<Pile>> = Vec::new();
    let mut layer: Vec<Vec<Pile>> = vec![Vec::new()];
    for _ in 0..max_piles {
        layer = layer
            .iter()
            .flat_map(|prefix| {
                states.iter().map(move |&s| {
                    let mut p = prefix.clone();
                    p.push(s);
                    p
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// Tests of the brute force itself, against facts checked by hand.
mod selftest {
    use super::*;

    #[test]
    fn mex_by_hand() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([2, 0, 1, 0]), 3);
    }

    #[test]
    fn grundy_by_hand() {
        // Nim: g(n) = n.
        let mut nim = Grundy::new(Rules::Nim);
        assert_eq!(nim.value(Pile::new(9, false)), 9);
        // Zero-move (worked on paper): 1T → {0, 1F=1} → 2; 2T → {0, 1T=2, 2F=2} → 1;
        // 3T → {0, 2, 1, 3F=3} → 4. 18T → 17, 47T → 48 (n even: n−1, n odd: n+1).
        let mut zm = Grundy::new(Rules::ZeroMove);
        let t = |n| Pile::new(n, true);
        assert_eq!([1, 2, 3, 18, 47].map(|n| zm.value(t(n))), [2, 1, 4, 17, 48]);
        assert_eq!(zm.value(Pile::new(5, false)), 5);
        // subtract:1,3,4: 0 1 0 1 2 3 2 then period 7.
        let mut sub = Grundy::new(Rules::Subtract(vec![1, 3, 4]));
        let values: Vec<u64> = (0..14).map(|n| sub.value(Pile::new(n, false))).collect();
        assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    }

    #[test]
    fn solver_by_hand() {
        let p = |ns: &[u64]| ns.iter().map(|&n| Pile::new(n, false)).collect::<Vec<_>>();
        let mut nim = Solver::new(Rules::Nim);
        assert!(!nim.first_wins(&p(&[0])));
        assert!(nim.first_wins(&p(&[3, 4, 5])));
        assert!(!nim.first_wins(&p(&[1, 4, 5])));
        assert!(!nim.first_wins(&p(&[2, 2])));
        // Misère: a lone 1 must be taken by the mover, who then made the last move and loses;
        // 1 1: the mover takes one, the opponent must take the last → the mover wins.
        let mut misere = Solver::new(Rules::Misere);
        assert!(misere.first_wins(&p(&[0])));
        assert!(!misere.first_wins(&p(&[1])));
        assert!(misere.first_wins(&p(&[1, 1])));
        assert!(misere.first_wins(&p(&[2])));
        assert!(!misere.first_wins(&p(&[2, 2])));
        // Zero-move: 1T alone: take it (win) — won. 1T 1T: g 2⊕2 = 0 is lost.
        let mut zm = Solver::new(Rules::ZeroMove);
        let t = |n| Pile::new(n, true);
        assert!(zm.first_wins(&[t(1)]));
        assert!(!zm.first_wins(&[t(1), t(1)]));
        // 1T 1F: pass on 1T leaves 1F 1F, a mirrored position lost for the mover.
        assert!(zm.first_wins(&[t(1), Pile::new(1, false)]));
    }

    #[test]
    fn positions_counts() {
        // 13 zero-move states of size ≤ 6: 13 + 13² + 13³ ordered positions.
        assert_eq!(positions(&Rules::ZeroMove, 3, 6).len(), 13 + 169 + 2197);
        assert_eq!(positions(&Rules::Nim, 2, 6).len(), 7 + 49);
    }

    #[test]
    fn labels_round_trip() {
        for rules in Rules::all() {
            for s in rules.states(9) {
                assert_eq!(rules.parse_state(&rules.label(s)), s);
            }
        }
    }
}
