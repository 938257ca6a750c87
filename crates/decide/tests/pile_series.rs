//! Issue 28's test: the k-pile series (Bouton both ways, the value of a sum of k Nim heaps)
//! decided for k = 2, …, 6, and each claim checked directly on every tuple of piles below
//! 2^4.

use decide::nim::{self, PileSum};
use decide::{Limits, decide};

const TOP: usize = 16;

/// Calls `visit` on every tuple of k piles below `TOP`.
fn each_tuple(k: usize, visit: &mut dyn FnMut(&[usize])) {
    let mut piles = vec![0usize; k];
    loop {
        visit(&piles);
        let mut i = 0;
        loop {
            if i == k {
                return;
            }
            piles[i] += 1;
            if piles[i] < TOP {
                break;
            }
            piles[i] = 0;
            i += 1;
        }
    }
}

/// The XOR of every single-pile decrease of `piles`, as a bit set of values below 16.
fn option_values(piles: &[usize]) -> u32 {
    let total = piles.iter().fold(0, |a, &p| a ^ p);
    let mut set = 0u32;
    for &p in piles {
        for y in 0..p {
            set |= 1 << (total ^ p ^ y);
        }
    }
    set
}

fn direct(k: usize) -> (bool, bool, bool) {
    let (mut p, mut n, mut value) = (true, true, true);
    each_tuple(k, &mut |piles| {
        let total = piles.iter().fold(0, |a, &x| a ^ x);
        let options = option_values(piles);
        let reaches_zero = options & 1 == 1;
        if total == 0 && reaches_zero {
            p = false;
        }
        if total != 0 && !reaches_zero {
            n = false;
        }
        // mex of the options' values equals the XOR.
        if options.trailing_ones() != u32::try_from(total).unwrap() {
            value = false;
        }
    });
    (p, n, value)
}

#[test]
fn pile_series_up_to_six_agrees_with_direct_check() {
    let holds = |f| {
        decide(&f, Limits::default(), &|| false)
            .expect("decides")
            .holds
    };
    for k in 2..=6 {
        let decided = (
            holds(nim::bouton_p(k, PileSum::Xor)),
            holds(nim::bouton_n(k, PileSum::Xor)),
            holds(nim::nim_sum_value(k)),
        );
        assert_eq!(decided, (true, true, true), "k = {k}");
        assert_eq!(direct(k), decided, "k = {k}");
    }
}
