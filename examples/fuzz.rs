//! A mutation fuzzer that runs on stable Rust (cargo-fuzz needs nightly, which this project's
//! machines do not have). For each target it mutates a seed corpus with a deterministic PRNG,
//! runs the input, and reports any panic with the input that caused it.
//!
//! Besides small edits, some inputs get structure that hostile input has: deep nesting
//! (brackets, prefix `-` and `not`, `if`, calls, sets, quantifiers, YAML lists) from a few levels
//! to thousands, long runs of one operator, and huge tokens (numbers and names of up to 100 KB).
//! Each target runs on a thread with a 2 MB stack, as tests and workers have, so anything that
//! recurses without bound aborts the run (a stack overflow cannot be caught; the progress lines
//! and the seed say where to look).
//!
//! Every execution runs under a memory limit of 256 MiB (the allocator counts), as a lesson's
//! expressions do.
//!
//! Run: `cargo run --release --example fuzz -- [TARGET|all] [EXECUTIONS] [SEED] [SECONDS]`;
//! with SECONDS, each target stops early when its time is up and says how many it ran.
//! Targets: `command` (the command-line parser, and cheap commands executed), `expr` (the
//! expression parser and evaluator, with a small step budget), `lesson` (the lesson loader, then
//! every expression of a loaded lesson evaluated with a small step budget), `picture` (the
//! Hackenbush picture loader, then the picture valued, and every picture one cut away).

use std::panic::{AssertUnwindSafe, catch_unwind};

/// The system allocator, counting: each execution runs under nimlab's memory limit
/// ([`MEMORY_LIMIT`]), as the binary's commands do, so an input that would take the machine is
/// stopped by the limit, and one the limit misses shows as an abort.
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// The memory limit of one execution: a lesson's.
const MEMORY_LIMIT: u64 = nimlab::engine::memory::LESSON_LIMIT;
use std::time::{Duration, Instant};

use nimlab::cli::{Cli, Command, Parsed};
use nimlab::command::{Session, execute};
use nimlab::engine::Rules;
use nimlab::expr::{Evaluator, parse};
use nimlab::lesson::{Lesson, StepKind};

const COMMAND_SEEDS: &[&str] = &[
    // Far piles of library games (a move list once cut short) and the decider's operator
    // chains (a stack once overflowed).
    "winner --misere --rules lasker 1000000000 1",
    "move --rules ruler 1000000 3",
    "move --misere 'lasker(1000000000) + nim(1)'",
    "winner --rules mock-turtles 1000000 5",
    "draw --rules lasker 5000000",
    "decide all a: a + 0 + 0 + 0 + 0 = a",
    "decide all x: any x < x + 1: x = 5",
    "conjecture --rules nim g(n) = n xor 0 xor 0",
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
    "game take13(n) = {n - k : k in {1, 3}, k <= n}",
    "game split(n) = {n - 1 : k in 1..1, n >= 1} ∪ {[a, n - a] : a in 1..n/2}",
    "game pair(a, b) = {(a - k, b) : k in 1..a} ∪ {(a, b - k) : k in 1..b}",
    "winner --rules lasker 7 8",
    "move --rules wythoff '(3,5)'",
    "move 'wythoff(3,5) + lasker(7) + nim(4)'",
    "winner --rules moore:2 3 5 7",
    "move --misere --rules octal:0.77 8",
    "winner --rules staircase 3 1 4 1",
    "rules grundy-game",
    "winner --rules subtract:^1,2 7 9",
    "rules subtract:^3,1",
    "move --rules fibonacci-nim '(20,19)'",
    "winner --misere --rules grundy-game 40",
    "winner --misere --rules ruler 12 5",
    "move --misere --rules turning-turtles 2 3",
    "game t(n) = {[n - k, n - k] : k in 1..min(n, 3)}",
    "game x-misere(n) = {n - 1 : k in 1..min(n, 1)}",
    "game tup(a, b, c, d, e, f, g, h) = {}",
    "verify --rules wythoff --max 300",
    "verify --rules northcott --max 12 --piles 2",
    "move --rules northcott '(1,8)' '(3,5)' '(6,2)'",
    "grundy --rules at-least-half 0..40",
    "verify --rules lasker --piles 2 --max 5",
    "verify --rules octal:0.77-misere --piles 2 --max 4",
    "winner --rules turning-turtles 1 4 9",
    "grundy --rules hackenbush 2(1,3)",
    "grundy --rules hackenbush (g-a,a-b,b-g,b-b)",
    "move --rules hackenbush 2(1,3) 5 (g-a,a-b,b-g)",
    "winner --rules hackenbush (g-a,g-a,a-a) 1(1(1,1),2) 0(3,4)",
    "nimsum --rules hackenbush --format json 1024",
];

const EXPR_SEEDS: &[&str] = &[
    "lost(lasker, 1000000000)",
    "g(ruler, 100000, 3)",
    "misere(lasker, 1000000000, 1)",
    "mexset(mock-turtles, 1422)",
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
    "nimsum(g(wythoff, (3, 5)), g(lasker, 7), 4)",
    "misere(octal:0.77, 4, 4)",
    "{n : n in 0..20, lost(subtract:{1,3,4}, n)}",
    "8 nimmul 8",
    "isqrt(99)",
    "g(subtract:^{1,2}, 10)",
    "g(at-least-half, 100) ⊗ g(turning-turtles, 7)",
    "all n in 0..30: g(subtract:^{2}, n) >= 0",
    "g(mock-turtles, 3) nimmul g(turning-turtles, 5)",
    "misere(ruler, 20)",
    "lost(ruler, 12)",
    "misere(grundy-game, 30)",
    "lost(octal:0.77, 9, 9, 9)",
    "hackenbush(2(1,3)) xor hackenbush((g-a,a-b,b-g,b-b)) xor hackenbush(1(1(1,1),2))",
];

const LESSON_SEEDS: &[&str] = &[
    include_str!("../lessons/mex.yaml"),
    include_str!("../lessons/translate-to-nim.yaml"),
    include_str!("../lessons/hackenbush.yaml"),
    "format: 1\nid: a\nversion: 1\ntitle: T\nsteps:\n  - id: s\n    text: hi {{ 1 + 1 }}\n",
    "format: 1\nid: a\nversion: 1\ntitle: T\nsteps:\n  - id: q\n    ask: Q?\n    answer: 3 xor 5\n    choices: [\"6\", \"7\"]\n",
    "format: 1\nid: a\nversion: 1\ntitle: T\nsteps:\n  - id: c\n    claim: C\n    check: \"all n in 0..9: g(nF) = n\"\n",
    "a: &a [x, x]\nb: &b [*a, *a]\n",
    "format: 1\nid: a\nversion: 1\ntitle: T\nsteps:\n  - id: s\n    text: \"value {{ misere(ruler, 30) }}\"\n",
    "format: 1\nid: a\nversion: 1\ntitle: T\ngames:\n  - \"game t(n) = {[n - k, n - k] : k in 1..min(n, 3)}\"\nsteps:\n  - id: s\n    text: \"{{ misere(game:t, 9) }}\"\n",
];

const PICTURE_SEEDS: &[&str] = &[
    "format: 1\nground: g\nedges:\n  - [g, a]\n  - [a, b]\n  - [b, g]\n",
    "format: 1\ntitle: House\nground: floor\nedges: [[floor, l], [floor, r], [l, r], [l, roof], [r, roof]]\n",
    "format: 1\nground: g\nedges: [[g, g], [g, a], [g, a], [a, a]]\n",
    "format: 1\nground: g\nedges: []\n",
    "format: 1\nground: g\nedges: &e [[g, a], [a, b]]\nx: *e\n",
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
    "hackenbush",
    "(g-a,",
    "a-b,",
    "2(1,3)",
    "[g, a]",
];

/// Small edits of a seed: deletions, dictionary words, random characters, splices.
fn edit(rng: &mut Rng, seeds: &[&str]) -> String {
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

/// Brackets and prefixes that nest, each as (opening, closing).
const NESTERS: &[(&str, &str)] = &[
    ("(", ")"),
    ("-", ""),
    ("- ", ""),
    ("not ", ""),
    ("{", "}"),
    ("mex{", "}"),
    ("abs(", ")"),
    ("g(zero-move, ", ")"),
    ("max(0, ", ")"),
    ("if true then ", " else 0"),
    ("if false then 0 else ", ""),
    ("all n in 0..1: ", ""),
    ("any k in {1}: ", ""),
    ("{k : k in ", "}"),
    ("(1 + ", ") * 2"),
    ("lost(lasker, 1000000000, ", ")"),
    ("misere(mock-turtles, 1500, ", ")"),
    ("[", "]"),
    ("'", "'"),
    ("\"", "\""),
];

/// Operators that make long runs.
const JOINERS: &[&str] = &[
    " + ",
    " - ",
    " * ",
    " / ",
    " % ",
    " xor ",
    " and ",
    " or ",
    " implies ",
    " & ",
    " | ",
    " => ",
    " <=> ",
    " union ",
    ", ",
    " = ",
    "..",
    " ",
    "\n",
];

/// How many levels or terms: mostly a few, often around the nesting bound of 200, sometimes
/// thousands.
fn count(rng: &mut Rng) -> usize {
    match rng.below(8) {
        0..=2 => 1 + rng.below(20),
        3..=5 => 190 + rng.below(20),
        6 => 200 + rng.below(2000),
        _ => 1000 + rng.below(20_000),
    }
}

/// A huge token: a number or a name of up to 100 KB.
fn huge(rng: &mut Rng) -> String {
    let len = match rng.below(4) {
        0 => 100_000,
        1 => 10_000,
        _ => 40 + rng.below(1000),
    };
    let alphabet: &[u8] = match rng.below(4) {
        0 => b"x",
        1 => b"abcnT_",
        2 => b"9",
        _ => b"0123456789_",
    };
    (0..len)
        .map(|_| char::from(alphabet[rng.below(alphabet.len())]))
        .collect()
}

/// Wraps part of `s` in `k` levels of one nester, or inserts a long run or a huge token.
fn structure(rng: &mut Rng, s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let a = rng.below(chars.len() + 1);
    let b = a + rng.below(chars.len() - a + 1);
    let before: String = chars[..a].iter().collect();
    let inner: String = chars[a..b].iter().collect();
    let after: String = chars[b..].iter().collect();
    let middle = match rng.below(3) {
        0 => {
            let (open, close) = NESTERS[rng.below(NESTERS.len())];
            let k = count(rng);
            let inner = if inner.is_empty() { "1".into() } else { inner };
            format!("{}{inner}{}", open.repeat(k), close.repeat(k))
        }
        1 => {
            let joiner = JOINERS[rng.below(JOINERS.len())];
            let term = if inner.is_empty() || inner.len() > 40 {
                ["1", "true", "n", "{1}", "7T", "0..3"][rng.below(6)].to_string()
            } else {
                inner
            };
            vec![term; count(rng)].join(joiner)
        }
        _ => format!("{inner}{}", huge(rng)),
    };
    format!("{before}{middle}{after}")
}

/// An input: a seed with small edits, and one time in eight some structure as well.
fn mutate(rng: &mut Rng, seeds: &[&str]) -> String {
    let s = edit(rng, seeds);
    if rng.below(8) == 0 {
        structure(rng, &s)
    } else {
        s
    }
}

/// A lesson whose text, answer and check hold `expr`, quoted as YAML needs.
fn lesson_around(expr: &str) -> String {
    let quoted = expr
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ");
    format!(
        "format: 1\nid: f\nversion: 1\ntitle: F\nsteps:\n  - id: t\n    text: \"v {{{{ {quoted} }}}}\"\n  - id: q\n    ask: Q?\n    answer: \"{quoted}\"\n  - id: c\n    claim: C\n    check: \"{quoted}\"\n"
    )
}

/// Runs the command target: every input is parsed; cheap commands are executed too.
fn command(input: &str) {
    let Ok(Parsed::Cli(cli)) = Cli::parse_line(input) else {
        return;
    };
    // `grundy` of a Hackenbush picture is one valuation: cheap, so run.
    let picture = matches!(
        &cli.command,
        Some(Command::Grundy { rules, .. })
            if rules.rules.as_deref().is_some_and(|r| r.contains("hackenbush"))
    );
    let cheap = picture
        || matches!(
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
                    | Command::Game { .. }
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

/// Loads the lesson, then evaluates every expression in it as `lesson check` would.
fn lesson(input: &str) {
    let Ok(lesson) = nimlab::lesson::load("fuzz.yaml", input) else {
        return;
    };
    for source in expressions(&lesson) {
        expr(&source);
    }
}

/// Loads a Hackenbush picture file, values it and every picture one cut away.
fn picture(input: &str) {
    let Ok(picture) = nimlab::graph::hackenbush::load("fuzz.yaml", input) else {
        return;
    };
    let _ = picture.valuation();
    for edge in 0..picture.edges().len().min(64) {
        let _ = picture.cut(edge).value();
    }
}

/// A lesson with an expression from the expression target's seeds put through the same
/// mutations, so deep and huge expressions reach the loader and the checks intact.
fn lesson_of_expr(rng: &mut Rng) -> String {
    lesson_around(&mutate(rng, EXPR_SEEDS))
}

/// The expressions of a lesson: each `{{ }}` of its prose, answers, choices and checks.
fn expressions(lesson: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    for step in &lesson.steps {
        match &step.kind {
            StepKind::Text(text) => fills(text, &mut out),
            StepKind::Run(_) => {}
            StepKind::Ask(q) => {
                fills(&q.prompt, &mut out);
                out.push(q.answer.clone());
                out.extend(q.choices.iter().cloned());
                out.extend(q.wrong_examples.iter().map(|w| w.answer.clone()));
            }
            StepKind::Claim {
                statement, check, ..
            } => {
                fills(statement, &mut out);
                out.push(check.clone());
            }
        }
    }
    out
}

/// The expressions of each `{{ }}` in `text`.
fn fills(text: &str, out: &mut Vec<String>) {
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        out.push(after[..end].trim().to_string());
        rest = &after[end + 2..];
    }
}

/// A target's name, its runner and its seed corpus.
type Target = (&'static str, fn(&str), &'static [&'static str]);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).cloned().unwrap_or_else(|| "all".into());
    let runs: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0x5EED);
    let limit = args
        .get(4)
        .and_then(|a| a.parse().ok())
        .map_or(Duration::MAX, Duration::from_secs);
    let targets: [Target; 4] = [
        ("command", command, COMMAND_SEEDS),
        ("expr", expr, EXPR_SEEDS),
        ("lesson", lesson, LESSON_SEEDS),
        ("picture", picture, PICTURE_SEEDS),
    ];
    nimlab::engine::memory::install(|| ALLOCATOR.allocated());
    nimlab::engine::memory::set_limit(MEMORY_LIMIT);
    // Panics are the findings: report them ourselves, once each, not with a backtrace.
    std::panic::set_hook(Box::new(|_| {}));
    let mut failed = false;
    for (name, run, seeds) in targets {
        if which != "all" && which != name {
            continue;
        }
        // A 2 MB stack, as a test thread or a worker has: unbounded recursion shows here first.
        let crashes = std::thread::Builder::new()
            .name(name.into())
            .stack_size(2 << 20)
            .spawn(move || fuzz(name, run, seeds, runs, seed, limit))
            .expect("a fuzzing thread")
            .join()
            .unwrap_or(u64::MAX);
        failed |= crashes > 0;
    }
    if failed {
        std::process::exit(1);
    }
}

/// Runs one target `runs` times, or until `limit` has passed; returns how many inputs panicked.
fn fuzz(name: &str, run: fn(&str), seeds: &[&str], runs: u64, seed: u64, limit: Duration) -> u64 {
    let mut rng = Rng(seed | 1);
    let start = Instant::now();
    let mut crashes = 0u64;
    let mut bytes = 0u64;
    let mut done = 0u64;
    for i in 0..runs {
        if i % 1024 == 0 && start.elapsed() > limit {
            break;
        }
        done = i + 1;
        let input = if name == "lesson" && rng.below(4) == 0 {
            lesson_of_expr(&mut rng)
        } else {
            mutate(&mut rng, seeds)
        };
        bytes += input.len() as u64;
        if catch_unwind(AssertUnwindSafe(|| run(&input))).is_err() {
            crashes += 1;
            if crashes <= 5 {
                println!("{name}: PANIC at execution {i} on input {input:?}");
            }
        }
        if (i + 1) % 1_000_000 == 0 {
            eprintln!(
                "{name}: {} executions, {:.0} s (seed {seed})",
                i + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {done} executions in {secs:.1} s ({:.0}/s, {:.1} MB of input), {crashes} panics",
        done as f64 / secs.max(1e-9),
        bytes as f64 / 1e6
    );
    crashes
}
