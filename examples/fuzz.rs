//! A mutation fuzzer that runs on stable Rust (cargo-fuzz needs nightly, which this project's
//! machines do not have). For each target it mutates a seed corpus with a deterministic PRNG,
//! runs the input, and reports any panic with the input that caused it.
//!
//! Run: `cargo run --release --example fuzz -- [TARGET|all] [EXECUTIONS] [SEED]`
//! Targets: `command` (the command-line parser, and cheap commands executed), `expr` (the
//! expression parser and evaluator, with a small step budget), `lesson` (the lesson loader).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use nimlab::cli::{Cli, Command, Parsed};
use nimlab::command::{Session, execute};
use nimlab::engine::Rules;
use nimlab::expr::{Evaluator, parse};

const COMMAND_SEEDS: &[&str] = &[
    "mex 0 1 3",
    "mex {0,2,3}",
    "grundy",
    "grundy 0..15",
    "grundy --rules nim 7",
    "grundy 18446744073709551615T",
    "grundy --rules subtract:1,3,4 100",
    "winner 18 47 34",
    "winner --rules misere 1 1 1",
    "move --rules nim 3 4 5",
    "move 4T 7F 0",
    "nimsum 3 4 5 --format json",
    "rules subtract:2,5",
    "position 3 4 5",
    "set 2 7",
    "= 3 xor 8 xor 6",
    "help grundy",
    "winner --color always --format csv 1 2",
    "'unclosed",
];

const EXPR_SEEDS: &[&str] = &[
    "3 xor 8 xor 6",
    "if odd(7) then 7 + 1 else 7 - 1",
    "mex{0, 1, 3}",
    "g(zero-move, 7T)",
    "g(nim, 5) = 5",
    "nimsum(3, 4, 5)",
    "winner(zero-move, 18, 47, 34)",
    "all n in 0..100: g(zero-move, nF) = n",
    "any n in 1..10: n * n = 49",
    "(1 + 2) * 3 % 4 / 2 - -1",
    "not (1 < 2 and 3 >= 4 or true)",
    "{1, 2} union {3}",
    "pow(2, 64) - 1",
    "170141183460469231731687303715884105727 + 1",
];

const LESSON_SEEDS: &[&str] = &[
    include_str!("../lessons/mex.yaml"),
    "format: 1\nid: a\nversion: 1\ntitle: T\nsteps:\n  - id: s\n    text: hi {{ 1 + 1 }}\n",
    "format: 1\nid: a\nversion: 1\ntitle: T\nsteps:\n  - id: q\n    ask: Q?\n    answer: 3 xor 5\n    choices: [\"6\", \"7\"]\n",
    "a: &a [x, x]\nb: &b [*a, *a]\n",
];

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % (n.max(1) as u64)).unwrap_or(0)
    }
}

/// Bytes and fragments worth splicing into inputs.
const DICTIONARY: &[&str] = &[
    " ",
    "0",
    "1",
    "9",
    "T",
    "F",
    "-",
    "--",
    "..",
    "{",
    "}",
    "(",
    ")",
    ",",
    ":",
    "'",
    "\"",
    "=",
    "xor",
    "all n in 0..9:",
    "18446744073709551615",
    "18446744073709551616",
    "--rules ",
    "zero-move",
    "misere",
    "subtract:",
    "nim",
    "\n",
    "\t",
    "é",
    "∞",
    "&a",
    "*a",
    "- id: x\n",
    "    ",
    "{{",
    "}}",
    "if",
    "then",
    "else",
    "g(",
    "mex{",
    "99999999999999999999999999999999999999",
];

fn mutate(rng: &mut Rng, seeds: &[&str]) -> String {
    let mut s = seeds[rng.below(seeds.len())].to_string();
    for _ in 0..=rng.below(4) {
        let mut chars: Vec<char> = s.chars().collect();
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 if !chars.is_empty() => {
                let end = (at + rng.below(8)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            1 => {
                let piece = DICTIONARY[rng.below(DICTIONARY.len())];
                chars.splice(at..at, piece.chars());
            }
            2 => {
                // A random byte as a char (ASCII or a little beyond).
                let c =
                    char::from_u32(u32::try_from(rng.below(0x250)).unwrap_or(32)).unwrap_or('?');
                chars.insert(at, c);
            }
            3 => {
                let other = seeds[rng.below(seeds.len())];
                chars.splice(at..at, other.chars().take(rng.below(40)));
            }
            _ if !chars.is_empty() => {
                let i = at.min(chars.len() - 1);
                chars[i] = DICTIONARY[rng.below(DICTIONARY.len())]
                    .chars()
                    .next()
                    .unwrap_or('x');
            }
            _ => {}
        }
        s = chars.into_iter().collect();
    }
    s
}

/// Runs the command target: every input is parsed; cheap commands are executed too.
fn command(input: &str) {
    let Ok(Parsed::Cli(cli)) = Cli::parse_line(input) else {
        return;
    };
    let cheap = matches!(
        &cli.command,
        Some(
            Command::Mex { .. }
                | Command::Winner(_)
                | Command::Move(_)
                | Command::Nimsum(_)
                | Command::Rules { .. }
                | Command::Position(_)
                | Command::Set { .. }
                | Command::Help { .. }
        )
    );
    let reads_input = match &cli.command {
        Some(Command::Winner(a) | Command::Move(a) | Command::Nimsum(a) | Command::Position(a)) => {
            a.file.is_some() || a.piles.iter().any(|p| p == "-")
        }
        _ => false,
    };
    if let (true, false, Some(c)) = (cheap, reads_input, &cli.command) {
        let mut session = Session::default();
        let _ = execute(c, &mut session);
    }
}

fn expr(input: &str) {
    if let Ok(e) = parse(input) {
        let _ = Evaluator::new(Rules::ZeroMove).with_budget(20_000).eval(&e);
    }
}

fn lesson(input: &str) {
    let _ = nimlab::lesson::load("fuzz.yaml", input);
}

/// A target's name, its runner and its seed corpus.
type Target = (&'static str, fn(&str), &'static [&'static str]);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("all", String::as_str);
    let runs: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0x5EED);
    let targets: [Target; 3] = [
        ("command", command, COMMAND_SEEDS),
        ("expr", expr, EXPR_SEEDS),
        ("lesson", lesson, LESSON_SEEDS),
    ];
    // Panics are the findings: report them ourselves, once each, not with a backtrace.
    std::panic::set_hook(Box::new(|_| {}));
    let mut failed = false;
    for (name, run, seeds) in targets {
        if which != "all" && which != name {
            continue;
        }
        let mut rng = Rng(seed | 1);
        let start = Instant::now();
        let mut crashes = 0u64;
        for _ in 0..runs {
            let input = mutate(&mut rng, seeds);
            if catch_unwind(AssertUnwindSafe(|| run(&input))).is_err() {
                crashes += 1;
                if crashes <= 5 {
                    println!("{name}: PANIC on input {input:?}");
                }
            }
        }
        failed |= crashes > 0;
        println!(
            "{name}: {runs} executions in {:.1} s, {crashes} panics",
            start.elapsed().as_secs_f64()
        );
    }
    if failed {
        std::process::exit(1);
    }
}
