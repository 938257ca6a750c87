//! The smallest accepted tuple of an automaton. "Smallest" is: first the fewest binary digits
//! (the shortest accepted word, whose length is the bit length of the largest number of the
//! tuple), then, comparing digit positions from the most significant down, the smallest
//! letter, where a letter is compared as a binary number with the first track's digit most
//! significant. For one variable this is the ordinary order of numbers; for several it is the
//! order of the interleaved binary expansions, first variable's digit first.

use crate::automaton::Automaton;
use crate::bdd::{self, Node, idx};
use crate::budget::{Budget, DecideError};
use crate::hash::FxHashSet;

/// The letters (LSD first; each a digit per track) of the smallest accepted word, or `None`
/// if the automaton accepts nothing.
pub(crate) fn smallest_word(
    a: &Automaton,
    budget: &mut Budget<'_>,
) -> Result<Option<Vec<Vec<bool>>>, DecideError> {
    let n = a.state_count();
    // Forward: the sets of states reachable with exactly j letters, until one accepts.
    let mut layers: Vec<Vec<bool>> = Vec::new();
    let mut seen_layers: FxHashSet<Vec<bool>> = FxHashSet::default();
    let mut current = vec![false; n];
    current[0] = true;
    loop {
        budget.tick(u64::try_from(n).unwrap_or(u64::MAX))?;
        if current.iter().zip(&a.accepting).any(|(&r, &acc)| r && acc) {
            layers.push(current);
            break;
        }
        if !seen_layers.insert(current.clone()) {
            return Ok(None);
        }
        let mut next = vec![false; n];
        let mut seen = vec![false; a.nodes.len()];
        let mut found = Vec::new();
        for s in (0..n).filter(|&s| current[s]) {
            bdd::targets(&a.nodes, a.roots[s], &mut seen, &mut found);
        }
        for t in found {
            next[idx(t)] = true;
        }
        layers.push(std::mem::replace(&mut current, next));
    }
    // Backward, from the most significant letter down: the smallest letter that still leads
    // into the target set, then the states of the layer that lead there on it.
    let len = layers.len() - 1;
    let mut target: Vec<bool> = layers[len]
        .iter()
        .zip(&a.accepting)
        .map(|(&r, &acc)| r && acc)
        .collect();
    let mut word = vec![Vec::new(); len];
    for j in (0..len).rev() {
        budget.tick(u64::try_from(a.nodes.len()).unwrap_or(u64::MAX))?;
        let can = reaches(&a.nodes, &target);
        let mut best: Option<Vec<bool>> = None;
        for s in (0..n).filter(|&s| layers[j][s]) {
            let r = a.roots[s];
            if !can[idx(r)] {
                continue;
            }
            let letter = least_letter(a, r, &can);
            if best.as_ref().is_none_or(|b| letter < *b) {
                best = Some(letter);
            }
        }
        // The forward layers guarantee some state of layer j leads into the target.
        let letter = best.unwrap_or_else(|| vec![false; a.tracks.len()]);
        let mut previous = vec![false; n];
        for s in (0..n).filter(|&s| layers[j][s]) {
            let t = bdd::follow(&a.nodes, a.roots[s], &|v| letter[a.track_index(v)]);
            previous[s] = target[idx(t)];
        }
        target = previous;
        word[j] = letter;
    }
    Ok(Some(word))
}

/// Per node: whether some path from it ends in a target state. Children precede parents in
/// the arena, so one pass in index order is enough.
fn reaches(nodes: &[Node], target: &[bool]) -> Vec<bool> {
    let mut can = vec![false; nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        can[i] = if n.is_leaf() {
            target[idx(n.lo)]
        } else {
            can[idx(n.lo)] || can[idx(n.hi)]
        };
    }
    can
}

/// The least letter on a path from `r` into the target: digit 0 wherever it still can reach,
/// and 0 on every track the path does not test.
fn least_letter(a: &Automaton, mut r: u32, can: &[bool]) -> Vec<bool> {
    let mut letter = vec![false; a.tracks.len()];
    loop {
        let n = a.nodes[idx(r)];
        if n.is_leaf() {
            return letter;
        }
        if can[idx(n.lo)] {
            r = n.lo;
        } else {
            letter[a.track_index(n.var)] = true;
            r = n.hi;
        }
    }
}

/// The numbers of a word, one per track.
pub(crate) fn values(word: &[Vec<bool>], tracks: usize) -> Result<Vec<u128>, DecideError> {
    let mut out = vec![0u128; tracks];
    for (pos, letter) in word.iter().enumerate() {
        for (t, &d) in letter.iter().enumerate() {
            if d {
                if pos >= 128 {
                    return Err(DecideError::WitnessTooLarge { digits: word.len() });
                }
                out[t] |= 1u128 << pos;
            }
        }
    }
    Ok(out)
}

/// The values of a word's tracks, exact however many digits they have.
pub(crate) fn naturals(word: &[Vec<bool>], tracks: usize) -> Vec<crate::Natural> {
    (0..tracks)
        .map(|t| {
            let digits: Vec<bool> = word.iter().map(|letter| letter[t]).collect();
            crate::Natural::from_digits_lsb_first(&digits)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::budget::Limits;
    use crate::{compile_with_order, parse};

    /// The smallest values of x (and y, if the formula has it), in that order.
    fn smallest(text: &str) -> Option<Vec<u128>> {
        let f = parse(text).unwrap();
        let order: Vec<String> = ["x", "y"]
            .iter()
            .map(|s| (*s).to_owned())
            .take(f.free_vars().len())
            .collect();
        let c = compile_with_order(&f, &order, Limits::default(), &|| false).unwrap();
        c.smallest(&|| false).unwrap()
    }

    #[test]
    fn one_variable_is_numeric_order() {
        assert_eq!(smallest("x > 100 and x % 7 = 3"), Some(vec![101]));
        assert_eq!(smallest("x = 0"), Some(vec![0]));
        assert_eq!(smallest("x < 0"), None);
        assert_eq!(smallest("x > 1000000 and odd(x)"), Some(vec![1_000_001]));
    }

    #[test]
    fn several_variables_fewest_digits_then_first_variable_first() {
        // x + y = 5: (2, 3) and (3, 2) need two digits, the rest three; at the top digit both
        // have (1, 1), at the last x's 0 comes first: (2, 3).
        assert_eq!(smallest("x + y = 5"), Some(vec![2, 3]));
        // x + y = 4: (1, 3), (2, 2), (3, 1) need two digits; their top digits are (0, 1),
        // (1, 1), (1, 0): (1, 3).
        assert_eq!(smallest("x + y = 4"), Some(vec![1, 3]));
        // x = y + 6 and y < 2: x has three digits: (6, 0).
        assert_eq!(smallest("x = y + 6 and y < 2"), Some(vec![6, 0]));
        assert_eq!(smallest("x > 2 and y > 2"), Some(vec![3, 3]));
    }
}
