//! Minimisation by partition refinement over the symbolic transitions (Moore's rounds): in each
//! round a state's signature is its block and its decision diagram with every target replaced
//! by the target's block, hash-consed so equal signatures are one node; the partition is
//! stable when a round makes no new block. Also drops unreachable states and numbers the
//! states in breadth-first order from the start, so equal languages give equal automata.

use crate::automaton::Automaton;
use crate::bdd::{self, Builder, idx};
use crate::budget::{Budget, DecideError};
use crate::hash::FxHashMap;

/// The minimal automaton of the same language (and the same tracks).
pub(crate) fn minimise(a: &Automaton, budget: &mut Budget<'_>) -> Result<Automaton, DecideError> {
    let n = a.state_count();
    let any_accepting = a.accepting.iter().any(|&x| x);
    let any_rejecting = a.accepting.iter().any(|&x| !x);
    let mut block: Vec<u32> = if any_accepting && any_rejecting {
        a.accepting.iter().map(|&x| u32::from(x)).collect()
    } else {
        vec![0; n]
    };
    let mut count = if any_accepting && any_rejecting { 2 } else { 1 };
    loop {
        let mut sig = Builder::new();
        let roots = bdd::remap(&a.nodes, &a.roots, &|t| block[idx(t)], &mut sig, budget)?;
        let mut ids: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut next = Vec::with_capacity(n);
        for s in 0..n {
            let fresh = u32::try_from(ids.len()).map_err(|_| budget.overflow())?;
            next.push(*ids.entry((block[s], roots[s])).or_insert(fresh));
        }
        budget.tick(u64::try_from(n).unwrap_or(u64::MAX))?;
        let new_count = ids.len();
        block = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // One representative per block, numbered breadth-first from the start's block.
    let mut rep = vec![usize::MAX; count];
    for s in (0..n).rev() {
        rep[idx(block[s])] = s;
    }
    let mut number = vec![u32::MAX; count];
    let mut order = vec![block[0]];
    number[idx(block[0])] = 0;
    let mut seen = vec![false; a.nodes.len()];
    let mut found = Vec::new();
    let mut next = 0;
    while next < order.len() {
        let s = rep[idx(order[next])];
        next += 1;
        found.clear();
        bdd::targets(&a.nodes, a.roots[s], &mut seen, &mut found);
        for &t in &found {
            let b = block[idx(t)];
            if number[idx(b)] == u32::MAX {
                number[idx(b)] = u32::try_from(order.len()).map_err(|_| budget.overflow())?;
                order.push(b);
            }
        }
    }
    let rep_roots: Vec<u32> = order.iter().map(|&b| a.roots[rep[idx(b)]]).collect();
    let mut out = Builder::new();
    let roots = bdd::remap(
        &a.nodes,
        &rep_roots,
        &|t| number[idx(block[idx(t)])],
        &mut out,
        budget,
    )?;
    let accepting = order.iter().map(|&b| a.accepting[rep[idx(b)]]).collect();
    let result = Automaton {
        tracks: a.tracks.clone(),
        nodes: out.finish(),
        roots,
        accepting,
    };
    budget.record(result.state_count(), result.node_count());
    Ok(result)
}

#[cfg(test)]
mod tests {
    use crate::budget::Limits;
    use crate::formula::Formula;
    use crate::{compile, parse};

    fn automaton(text: &str) -> crate::Automaton {
        let f: Formula = parse(text).unwrap();
        compile(&f, Limits::default(), &|| false)
            .unwrap()
            .automaton()
            .clone()
    }

    #[test]
    fn equal_languages_give_equal_automata() {
        assert_eq!(automaton("x < y"), automaton("not (y <= x)"));
        assert_eq!(automaton("x + x = y"), automaton("2 * x = y"));
        assert_eq!(automaton("odd(x)"), automaton("x % 2 = 1"));
        assert_eq!(automaton("x ^ y = z"), automaton("y ^ x = z and (x = x)"));
    }

    #[test]
    fn minimal_sizes() {
        // x < y, LSD first: "less" and "not less" (equal-so-far behaves as greater).
        assert_eq!(automaton("x < y").state_count(), 2);
        // x + y = z: carry 0, carry 1, and the sink.
        assert_eq!(automaton("x + y = z").state_count(), 3);
        // x mod 3 = 0: remainder of the digits read so far depends on position parity too.
        assert!(automaton("x % 3 = 0").state_count() <= 6);
        assert_eq!(automaton("x = x").state_count(), 1);
    }
}
