use decide::*;
use std::time::Instant;
fn main() {
    let t = std::env::args().nth(1).unwrap();
    let f = parse(&t).unwrap();
    let s = Instant::now();
    let d = decide(&f, Limits::default(), &|| false);
    println!(
        "{t}: {:?} {:?}",
        d.map(|d| (
            d.holds,
            d.stats.largest,
            d.stats.largest_raw,
            d.stats.operations
        )),
        s.elapsed()
    );
}
