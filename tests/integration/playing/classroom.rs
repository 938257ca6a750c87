//! In class and on the shell: what a newcomer types and reads.

use crate::support::Test;

#[test]
fn a_caret_between_numbers_is_xor_with_a_note_naming_the_power() {
    // 10 xor 9 = 3 (1010 xor 1001 = 0011, by hand); the value stands, the note is on stderr.
    let out = Test::new().args(["=", "10^9"]).run().code(0);
    assert_eq!(out.stdout.trim(), "3");
    assert_eq!(
        out.stderr.trim(),
        "note: `^` is XOR here (10 xor 9 = 3); a power is `pow(10, 9)`"
    );
    // Meant as XOR: no note.
    let out = Test::new().args(["=", "10 xor 9"]).run().success();
    assert_eq!(out.stdout.trim(), "3");
    assert_eq!(out.stderr, "");
    // The power, written as one: 10^9 = 1000000000.
    let out = Test::new().args(["=", "pow(10, 9)"]).run().success();
    assert_eq!(out.stdout.trim(), "1000000000");
    // `^` binds after arithmetic, so `2^64 - 1` is 2 xor 63 = 61 (000010 xor 111111 =
    // 111101, by hand): the note says so and writes the power meant.
    let out = Test::new().args(["=", "2^64 - 1"]).run().code(0);
    assert_eq!(out.stdout.trim(), "61");
    assert_eq!(
        out.stderr.trim(),
        "note: `^` is XOR here and binds after arithmetic: 2 ^ 64 - 1 is 2 xor (64 - 1); a \
         power is `pow(2, 64) - 1`"
    );
}

#[test]
fn a_picture_format_nimlab_cannot_write_is_refused_by_its_extension() {
    let out = Test::new()
        .args(["draw", "3", "-o", "x.png"])
        .run()
        .code(2)
        .stderr_has("does not write `.png` pictures")
        .stderr_has("dot -Tpng");
    assert_eq!(out.stdout, "");
    // `--format` names the format whatever the file is called.
    Test::new()
        .args(["draw", "3", "--format", "dot", "-o", "x.txt"])
        .run()
        .success();
}

#[test]
fn errors_teach_what_was_meant() {
    // Two sizes for grundy: one state or a range.
    Test::new()
        .args(["grundy", "5", "7"])
        .run()
        .bad_input("7")
        .stderr_has("`grundy 5..7`");
    // `take K` with one pile takes from it; with several, the error names the pile wanted.
    let out = Test::new()
        .args(["play", "--rules", "nim", "5"])
        .stdin("take 5\n")
        .run()
        .success();
    assert!(
        out.stdout.contains("you: take 5 from pile 1 (5 → 0)"),
        "{}",
        out.stdout
    );
    let out = Test::new()
        .args(["play", "--rules", "nim", "3", "4"])
        .stdin("take 2\nresign\n")
        .run();
    assert!(
        out.stderr
            .contains("`take 2` is not valid here: expected the pile to take from: `take 2 from I`, I from 1 to 2"),
        "{}",
        out.stderr
    );
}

/// The values `grundy --values` prints for `rules` over `range`, read from its CSV.
fn values(rules: &str, range: &str) -> Vec<String> {
    let out = Test::new()
        .args([
            "grundy", "--rules", rules, range, "--values", "--format", "csv",
        ])
        .run()
        .success();
    out.stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().to_string())
        .collect()
}

#[test]
fn kayles_and_dawson_are_names_for_their_codes() {
    // Kayles by hand: g(0..=4) = 0 1 2 3 1 (g(4): options 3, 1+2, 2, 1+1 → 3, 3, 2, 0).
    for name in ["kayles", "octal:0.77"] {
        assert_eq!(values(name, "0..4"), ["0", "1", "2", "3", "1"], "{name}");
    }
    // Dawson's Kayles (0.07) by hand: g(0..=3) = 0 0 1 1.
    assert_eq!(values("dawson", "0..3"), ["0", "0", "1", "1"]);
}

#[test]
fn an_unknown_ruleset_is_a_short_line_that_points_to_rules() {
    let out = Test::new().args(["rules", "foo"]).run().bad_input("foo");
    let line = out.stderr.lines().next().unwrap();
    assert!(line.chars().count() < 200, "{line}");
    assert!(line.contains("`rules` lists them all"), "{line}");
}

#[test]
fn the_manual_refers_only_to_pages_that_exist() {
    let main = Test::new().args(["man"]).run().success().stdout;
    for section in [
        ".SH EXAMPLES",
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
        ".SH FILES",
    ] {
        assert!(main.contains(section), "no {section}");
    }
    for variable in ["NIMLAB_DATA_DIR", "NIMLAB_STATE_DIR", "NO_COLOR", "PAGER"] {
        assert!(main.contains(variable), "no {variable}");
    }
    let dir = tempfile::tempdir().unwrap();
    Test::new()
        .args(["man", "--dir", dir.path().to_str().unwrap()])
        .run()
        .success();
    // Every nimlab-COMMAND(1) the main page names is written, and `man COMMAND` prints it.
    let mut named = 0;
    for (at, _) in main.match_indices("nimlab\\-") {
        let rest = &main[at + "nimlab\\-".len()..];
        let Some(end) = rest.find("(1)") else {
            continue;
        };
        let name = &rest[..end];
        named += 1;
        let file = dir.path().join(format!("nimlab-{name}.1"));
        assert!(file.is_file(), "nimlab-{name}(1) is named but not written");
        let page = Test::new().args(["man", name]).run().success().stdout;
        assert!(
            page.contains(&format!(".TH nimlab-{name} 1")),
            "{name}: {page}"
        );
    }
    assert!(named > 10, "{named} pages named");
}

#[test]
fn lesson_alone_lists_the_lessons_and_unknown_commands_are_commands() {
    let out = Test::new().args(["lesson"]).run().success();
    assert!(out.stdout.contains("mex"), "{}", out.stdout);
    assert_eq!(
        out.stdout,
        Test::new().args(["lesson", "list"]).run().success().stdout
    );
    let out = Test::new().stdin("frobnicate\n").run().code(2);
    assert!(
        out.stderr.contains("unknown command `frobnicate`"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("subcommand"), "{}", out.stderr);
}

/// The automaton `decide --dot` draws, read back from its DOT and run on numbers in the test:
/// transitions `A -> B [label="…"]`, one letter per line (`*` either digit), least significant
/// digit first, accepting states drawn as double circles.
struct Drawn {
    start: String,
    accepting: Vec<String>,
    edges: Vec<(String, String, Vec<String>)>,
}

impl Drawn {
    fn read(dot: &str) -> Self {
        let mut start = String::new();
        let mut accepting = Vec::new();
        let mut edges = Vec::new();
        for line in dot.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("start -> ") {
                start = rest.trim_end_matches(';').to_string();
            } else if line.contains("doublecircle") {
                accepting.push(line.split_whitespace().next().unwrap().to_string());
            } else if let Some((from, rest)) = line.split_once(" -> ")
                && let Some((to, label)) = rest.split_once(" [label=\"")
            {
                let letters = label
                    .trim_end_matches("\"];")
                    .split("\\n")
                    .map(String::from);
                edges.push((from.to_string(), to.to_string(), letters.collect()));
            }
        }
        Self {
            start,
            accepting,
            edges,
        }
    }

    fn accepts(&self, numbers: &[u64], digits: u32) -> bool {
        let mut state = self.start.clone();
        for bit in 0..digits {
            let letter: Vec<char> = numbers
                .iter()
                .map(|n| if n >> bit & 1 == 1 { '1' } else { '0' })
                .collect();
            let (_, to, _) = self
                .edges
                .iter()
                .find(|(from, _, letters)| {
                    *from == state
                        && letters
                            .iter()
                            .any(|l| l.chars().zip(&letter).all(|(a, b)| a == '*' || a == *b))
                })
                .expect("a complete automaton");
            state = to.clone();
        }
        self.accepting.contains(&state)
    }
}

#[test]
fn decide_draws_the_automaton_it_builds() {
    let dot = Test::new()
        .args(["decide", "--dot", "x + y = z"])
        .run()
        .success()
        .stdout;
    assert!(dot.starts_with("digraph"), "{dot}");
    let drawn = Drawn::read(&dot);
    // Every triple below 16, read with 5 digits (room for the carry), as arithmetic says.
    for x in 0..16u64 {
        for y in 0..16 {
            for z in 0..32 {
                assert_eq!(drawn.accepts(&[x, y, z], 6), x + y == z, "{x} + {y} = {z}");
            }
        }
    }
}
