//! Hostile input on the real binary, under a memory limit and a timeout: endless or huge
//! lines, huge tokens, `/dev/zero`. Each is one clear error and exit code 2, in little memory.
//! Also: piles given as arguments and streamed follow one grammar, and long streamed inputs
//! are decided as an XOR computed here says.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::support::{Output, Test, bin, str_of, u64_of};

/// Address space allowed to nimlab (KiB): a few times what it needs, far below what an
/// unbounded line or token would take (a 10 MB `winner` line once took 1.26 GB).
const MEMORY_KIB: u64 = 256 * 1024;
const TIMEOUT: Duration = Duration::from_secs(30);

/// The script line cap nimlab documents in its error (256 KiB).
const LINE_CAP: &str = "262144 bytes";

/// Runs nimlab with `args` under `ulimit -v`, standard input read from `stdin`.
fn limited(args: &[&str], stdin: &Path) -> Output {
    limited_to(MEMORY_KIB, args, stdin)
}

/// Runs nimlab with `args` in an address space of `kib` KiB (`ulimit -v`) and a 30 s timeout,
/// standard input read from `stdin`.
pub(crate) fn limited_to(kib: u64, args: &[&str], stdin: &Path) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(bin())
        .args(args)
        .env_remove("NO_COLOR")
        .env(
            "NIMLAB_STATE_DIR",
            std::env::temp_dir().join("nimlab-bounded-state"),
        )
        .env(
            "NIMLAB_DATA_DIR",
            std::env::temp_dir().join("nimlab-bounded-data"),
        )
        .env("RUST_BACKTRACE", "0")
        .stdin(File::open(stdin).expect("open stdin file"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sh");
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out = thread::spawn(move || {
        let mut s = String::new();
        out_pipe.read_to_string(&mut s).expect("utf-8 stdout");
        s
    });
    let err = thread::spawn(move || {
        let mut s = String::new();
        err_pipe.read_to_string(&mut s).expect("utf-8 stderr");
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nimlab {args:?} ran longer than {TIMEOUT:?}");
        }
        thread::sleep(Duration::from_millis(5));
    };
    Output {
        args: args.iter().map(Into::into).collect(),
        stdout: out.join().expect("stdout thread"),
        stderr: err.join().expect("stderr thread"),
        code: status.code().unwrap_or(-1),
    }
}

/// A file in a fresh temporary directory (kept alive by the returned handle).
fn file(contents: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("input");
    std::fs::write(&path, contents).expect("write input");
    (dir, path)
}

#[test]
fn dev_zero_as_a_script_is_one_error() {
    limited(&[], Path::new("/dev/zero"))
        .bad_input("standard input")
        .stderr_has("line 1 holds a NUL byte");
}

#[test]
fn dev_zero_as_piles_is_one_error() {
    // On standard input: a token of NULs, refused once it is longer than any pile.
    let out = limited(&["winner", "-"], Path::new("/dev/zero"))
        .bad_input(&format!("{}…", "^@".repeat(40)))
        .stderr_has("pile 1, at byte 0");
    assert!(out.stderr.contains("at most 20 digits"), "{}", out.stderr);
    // As a file: not a regular file, refused before reading.
    let empty = file(b"");
    limited(&["winner", "--file", "/dev/zero"], &empty.1)
        .bad_input("/dev/zero")
        .stderr_has("not a regular file");
}

/// A 10 MB `winner` line is skipped in constant memory, named with its line number and the
/// cap, and the script goes on: `winner --rules nim 3 3` after it still runs (3 ⊕ 3 = 0, so
/// the second player wins).
#[test]
fn a_10_mb_winner_line_is_skipped_and_the_script_goes_on() {
    let mut script = b"winner".to_vec();
    script.extend(b" 1".repeat(5 << 20));
    script.extend(b"\nwinner --rules nim 3 3\n");
    let (_dir, path) = file(&script);
    let out = limited(&[], &path).code(2);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", out.stderr);
    assert!(
        lines[0].starts_with("error: line 1: ") && lines[0].contains(LINE_CAP),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "error: 1 line failed");
    assert!(
        out.stdout.contains("nim-sum 0: the second player wins"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_10_mb_token_on_a_script_line_is_skipped() {
    let mut script = b"winner ".to_vec();
    script.extend(b"7".repeat(10 << 20));
    script.push(b'\n');
    let (_dir, path) = file(&script);
    let out = limited(&[], &path).code(2);
    assert!(
        out.stderr.starts_with("error: line 1: ") && out.stderr.contains(LINE_CAP),
        "{}",
        out.stderr
    );
    assert!(out.stderr.len() < 400, "{}", out.stderr);
}

/// A 10 MB token among piles, streamed from standard input or a file: refused as pile 2,
/// quoting its first 40 characters.
#[test]
fn a_10_mb_token_streamed_is_refused_quoting_forty_characters() {
    let mut input = b"3 ".to_vec();
    input.extend(b"7".repeat(10 << 20));
    input.extend(b" 4\n");
    let (_dir, path) = file(&input);
    let quoted = format!("{}…", "7".repeat(40));
    for args in [
        vec!["winner", "-"],
        vec!["move", "--rules", "nim", "--file", path.to_str().unwrap()],
    ] {
        limited(&args, &path)
            .bad_input(&quoted)
            .stderr_has("pile 2, at byte 2")
            .stderr_has("at most 20 digits");
    }
}

/// An argument can be at most 128 KiB (the kernel's limit): a token that long is refused
/// quoting 40 characters of it.
#[test]
fn a_long_argument_token_is_refused_quoting_forty_characters() {
    let token = "9".repeat(100_000);
    let empty = file(b"");
    limited(&["winner", "3", &token], &empty.1).bad_input(&format!("{}…", "9".repeat(40)));
}

/// Tokens on which a pile argument and a streamed pile once disagreed (`1_000` was taken
/// as an argument only), and other odd ones: both paths accept or both refuse, with the same
/// nim-sum when they accept. Expected values by hand.
#[test]
fn arguments_and_streams_follow_one_grammar() {
    // (token, nim-sum of the one pile under zero-move rules, or None for a refusal).
    // g(7T) = 8, g(7F) = 7, g(0) = 0, g(2^64 − 1 T) = 2^64.
    let cases = [
        ("1_000", None),
        ("1_0", None),
        ("+3", None),
        ("-3", None),
        ("٣", None),
        ("３", None),
        ("0x10", None),
        ("3.5", None),
        ("", None),
        ("T", None),
        ("7TT", None),
        ("18446744073709551616", None),
        ("000000000000000000007", None),
        ("00", Some("0")),
        ("7", Some("8")),
        ("7t", Some("8")),
        ("7T", Some("8")),
        ("7F", Some("7")),
        ("18446744073709551615", Some("18446744073709551616")),
    ];
    for (token, nim_sum) in cases {
        let by_argument = Test::new()
            .args(["winner", "--format", "json", token])
            .run();
        let streamed = Test::new()
            .args(["winner", "--format", "json", "-"])
            .stdin(token)
            .run();
        for out in [by_argument, streamed] {
            match nim_sum {
                None => {
                    out.code(2);
                }
                Some(sum) => {
                    let v = out.success().json();
                    assert_eq!(v["nim_sum"].to_string(), sum, "{token:?}");
                }
            }
        }
    }
    // A pass letter is zero-move's only.
    for token in ["7T", "7F", "7t"] {
        Test::new()
            .args(["winner", "--rules", "nim", token])
            .run()
            .code(2);
        Test::new()
            .args(["winner", "--rules", "nim", "-"])
            .stdin(token)
            .run()
            .code(2);
    }
}

/// `n` pseudo-random sizes below 2^40 (xorshift64, fixed seed).
fn sizes(n: usize) -> Vec<u64> {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state >> 24
        })
        .collect()
}

/// A pile's value as streamed: n in Nim and misère; zero-move piles start unused, and
/// g(nT) = n + 1 for odd n, n − 1 for even n ≥ 2, g(0) = 0.
fn value(rules: &str, n: u64) -> u128 {
    let n = u128::from(n);
    match rules {
        "zero-move" if n == 0 => 0,
        "zero-move" if n % 2 == 1 => n + 1,
        "zero-move" => n - 1,
        _ => n,
    }
}

/// 30 000 piles (more than are shown one by one, in blocks that split tokens), from a file
/// and from standard input: the nim-sum, the winner and the winning move agree with an XOR
/// computed here.
#[test]
fn long_inputs_are_decided_as_the_xor_says() {
    let sizes = sizes(30_000);
    let text: String = sizes.iter().map(|n| format!("{n}\n")).collect();
    for rules in ["nim", "zero-move", "misere"] {
        let nim_sum = sizes.iter().fold(0, |acc, &n| acc ^ value(rules, n));
        let test = Test::new();
        let path = test.write("piles.txt", &text);
        let from_file = test
            .args(["move", "--rules", rules, "--format", "json", "--file"])
            .arg(path.to_str().unwrap())
            .run();
        let from_stdin = Test::new()
            .args(["move", "--rules", rules, "--format", "json", "-"])
            .stdin(text.clone())
            .run();
        for out in [from_file, from_stdin] {
            let v = out.success().json();
            assert_eq!(u64_of(&v["count"]), 30_000);
            assert_eq!(v["nim_sum"].to_string(), nim_sum.to_string(), "{rules}");
            // Misère plays as Nim here: most piles have at least 2.
            let winner = if nim_sum == 0 { "second" } else { "first" };
            assert_eq!(str_of(&v["winner"]), winner, "{rules}");
            if nim_sum != 0 {
                let mv = &v["move"];
                let index = usize::try_from(u64_of(&mv["pile"]) - 1).unwrap();
                let n = sizes[index];
                let from = str_of(&mv["from"]);
                let from = from.trim_end_matches('T');
                assert_eq!(from, n.to_string(), "{rules}: {mv}");
                let to = str_of(&mv["to"]);
                // The value left must make the nim-sum 0.
                let left = match to.strip_suffix('F') {
                    Some(spent) => u128::from(spent.parse::<u64>().unwrap()),
                    None => value(rules, to.trim_end_matches('T').parse().unwrap()),
                };
                assert_eq!(left, value(rules, n) ^ nim_sum, "{rules}: {mv}");
            }
        }
    }
}
