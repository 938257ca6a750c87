//! Decides one sentence given in the text syntax: `cargo run -p nimlab-decide --example
//! sentence -- 'all x: any y: x = y + y'`. Prints whether it holds, the figures, and the
//! smallest counterexample of a false `all …` claim. A developer's tool, not nimlab's.

use std::time::Instant;

fn main() {
    let text: String = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let never = || false;
    let f = match decide::parse(&text) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("parse error at byte {}: {:?}", e.offset, e.kind);
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    match decide::decide(&f, decide::Limits::default(), &never) {
        Ok(d) => {
            println!(
                "holds: {} ({} states largest, {} final, {:.2?})",
                d.holds,
                d.stats.largest,
                d.stats.final_states,
                start.elapsed()
            );
            if !d.holds {
                println!(
                    "counterexample: {:?}",
                    decide::counterexample(&f, decide::Limits::default(), &never)
                );
            }
        }
        Err(e) => {
            eprintln!("{e:?}");
            std::process::exit(1);
        }
    }
}
