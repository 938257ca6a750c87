//! The lesson `moore` walked as a learner walks it: every right answer comes from Nim_2 on
//! four piles searched here (a move takes from one or two piles), never from Moore's theorem
//! or nimlab; and the theorem itself is checked against that search.

use std::collections::{BTreeMap, HashMap};

use crate::teaching::course::{after_wrong, walk, yes_no};

/// Nim_k on a few piles by memoised search: whether the player to move wins.
struct MooreNim {
    k: usize,
    memo: HashMap<Vec<u64>, bool>,
}

impl MooreNim {
    fn new(k: usize) -> Self {
        Self {
            k,
            memo: HashMap::new(),
        }
    }

    /// Every position one move reaches: reduce a non-empty set of at most k piles.
    fn options(&self, piles: &[u64]) -> Vec<Vec<u64>> {
        let n = piles.len();
        let mut out = Vec::new();
        for mask in 1u32..(1 << n) {
            if mask.count_ones() as usize > self.k
                || (0..n).any(|i| mask & (1 << i) != 0 && piles[i] == 0)
            {
                continue;
            }
            // Every choice of a smaller size for each pile in the mask.
            let mut partial = vec![piles.to_vec()];
            for i in (0..n).filter(|i| mask & (1 << i) != 0) {
                partial = partial
                    .into_iter()
                    .flat_map(|p| {
                        (0..piles[i]).map(move |v| {
                            let mut q = p.clone();
                            q[i] = v;
                            q
                        })
                    })
                    .collect();
            }
            out.extend(partial);
        }
        out
    }

    fn wins(&mut self, piles: &[u64]) -> bool {
        if let Some(&w) = self.memo.get(piles) {
            return w;
        }
        let w = self.options(piles).iter().any(|o| !self.wins(o));
        self.memo.insert(piles.to_vec(), w);
        w
    }
}

#[test]
fn moore_walked_by_a_learner() {
    let mut nim2 = MooreNim::new(2);
    // Moore's theorem against the search, four piles up to 5: every column a multiple of 3.
    for a in 0..=5u64 {
        for b in 0..=5 {
            for c in 0..=5 {
                for d in 0..=5 {
                    let theorem = [1, 2, 4]
                        .iter()
                        .all(|j| [a, b, c, d].iter().filter(|&&p| p & j != 0).count() % 3 == 0);
                    assert_eq!(!nim2.wins(&[a, b, c, d]), theorem, "{a} {b} {c} {d}");
                }
            }
        }
    }
    // The winning moves from 3 5 6 6 that change the piles of 3 and 5: where they leave the 3.
    let start = [3, 5, 6, 6];
    let left_at: Vec<u64> = nim2
        .options(&start)
        .into_iter()
        .filter(|o| o[2..] == start[2..] && o[0] < 3 && o[1] < 5)
        .filter(|o| !nim2.wins(o))
        .map(|o| o[0])
        .collect();
    assert_eq!(left_at.len(), 1, "{left_at:?}");
    let fourth: Vec<String> = (0..=7)
        .filter(|&x| !nim2.wins(&[5, 6, 3, x]))
        .map(|x| x.to_string())
        .collect();
    let lost = |nim2: &mut MooreNim, p: &[u64]| !nim2.wins(p);
    let answers = BTreeMap::from([
        (
            "ones",
            after_wrong(
                yes_no(!lost(&mut nim2, &[1, 1, 1, 0])),
                "In Nim, 1 1 1 is won",
                yes_no(lost(&mut nim2, &[1, 1, 1, 0])),
            ),
        ),
        (
            "move-q",
            after_wrong(
                &(3 - left_at[0]).to_string(),
                "is how many tokens the move takes",
                left_at[0],
            ),
        ),
        (
            "ex-fourth",
            after_wrong(
                "{0}",
                "That is Nim's answer",
                format!("{{{}}}", fourth.join(", ")),
            ),
        ),
        (
            "ex-four",
            after_wrong(
                yes_no(!lost(&mut nim2, &[4, 4, 4, 4])),
                "In Nim four equal piles are lost",
                yes_no(lost(&mut nim2, &[4, 4, 4, 4])),
            ),
        ),
    ]);
    walk("moore", &answers);
}
