//! Green Hackenbush benchmarks: valuing a picture of the largest size allowed (1024 edges) by
//! the fusion and colon principles, and the worst winning-cut search (every edge of a sum cut
//! and the picture left revalued). Run with `cargo bench --bench hackenbush`.
//!
//! Targets: a valuation is linear in the edges, under 1 ms at 1024; the worst `move`, about
//! 1024 valuations, under 1 s.

use divan::black_box;
use nimlab::engine::hackenbush_syntax::parse;
use nimlab::engine::{Picture, winning_cut};

fn main() {
    divan::main();
}

/// A stalk of 1024 edges: the deepest picture.
#[divan::bench]
fn value_of_the_longest_stalk() -> u128 {
    Picture::bamboo(1024).expect("within the limit").value()
}

/// 341 triangles standing on one node: most edges on cycles, fused.
#[divan::bench]
fn value_of_many_cycles() -> u128 {
    let mut edges = vec![(0usize, 1usize)];
    let mut names = vec!["g".to_string(), "t".to_string()];
    for i in 0..341 {
        let (a, b) = (names.len(), names.len() + 1);
        names.push(format!("a{i}"));
        names.push(format!("b{i}"));
        edges.extend([(1, a), (a, b), (b, 1)]);
    }
    Picture::new(names, edges)
        .expect("within the limit")
        .value()
}

/// The worst search: a stalk of 500 has no winning cut (its target, 501, is above it), so
/// each of its edges is cut and revalued before the tree 1(500) yields one at its last edge.
#[divan::bench(sample_count = 10)]
fn worst_winning_cut() -> Option<usize> {
    let parts = [
        parse("500").expect("a stalk"),
        parse("1(500)").expect("a tree"),
    ];
    let values: Vec<u128> = parts.iter().map(Picture::value).collect();
    winning_cut(black_box(&parts), &values).map(|cut| cut.edge)
}
