//! Every example of the README, run: each line of its tour and each output it quotes in its
//! prose is run on the shell, and what the README says it prints is what nimlab prints. The
//! numbers are checked by hand beside each example (zero-move: g(nT) = n + 1 for odd n, n − 1
//! for even n ≥ 2, g(0) = 0); a time in milliseconds is read as any time.

use crate::support::Test;

const README: &str = include_str!("../../../README.md");

/// The tour's lines: each command as the README writes it after the prompt, and what its
/// comment says the command prints, in words nimlab prints too.
const TOUR: &[(&str, &[&str])] = &[
    ("grundy", &["mex set"]),
    // 1000000007 is odd: g(nT) = n + 1, by the closed form.
    ("grundy 1000000007T", &["1000000008", "closed form"]),
    // Values alone, streamed as CSV (run below on a shorter range: the length is the point).
    ("grundy 0..10000000 --values --format csv", &[]),
    // 18 47 34 → 17 48 33; 17 ⊕ 48 ⊕ 33 = 0: the second player wins.
    (
        "winner 18 47 34",
        &["17", "48", "33", "nim-sum 0", "second"],
    ),
    // 32 49 58 → 31 50 57, nim-sum 20; 31 ⊕ 20 = 11 = g(12T): 32T → 12T.
    ("move 32 49 58", &["32T → 12T"]),
    ("nimsum 3 4 5", &["top bit"]),
    ("play 4 7 5", &["coach"]),
    ("derive 0..5", &[]),
    // The textbook formula gives −1 at n = 0, where g = 0.
    (
        "conjecture g(nT) = if odd(n) then n + 1 else n - 1",
        &["n = 0"],
    ),
    ("prove zero-move-rule", &["for every n", "checked"]),
    ("verify --piles 4 --max 9", &["search"]),
    // 3 ⊕ 8 = 11, 11 ⊕ 6 = 13.
    ("= 3 xor 8 xor 6", &["13"]),
    ("draw 3", &["3T", "DOT"]),
    (
        "draw --plot --rules octal:0.07 0..200 -o dawson.svg",
        &["SVG", "period"],
    ),
    ("rules lasker", &["definition"]),
    ("game take13(n) = {n - k : k in {1, 3}, k <= n}", &[]),
    // loopy-games.yaml: e moves to a (value 1) and to c, on a cycle with no way out.
    (
        "winner --rules graph:loopy-games e",
        &["∞{1}", "draw", "neither player can force"],
    ),
    ("lesson start mex", &["hint"]),
    ("rules nim", &["rules"]),
];

/// Outputs the README quotes in its prose: the command, and the quote.
const QUOTED: &[(&str, &str)] = &[
    // a ^ b = b ^ a: XOR commutes, digit by digit.
    (
        "decide all a, b: a ^ b = b ^ a",
        "true for every a, b (decided: automaton of 2 states, # ms)",
    ),
    (
        "conjecture g(nT) = if n = 0 then 0 else if odd(n) then n + 1 else n - 1",
        "holds for every n (decided by induction: automaton of 9 states, # ms)",
    ),
];

/// `text` with every time in milliseconds written `# ms`.
fn any_time(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" ms") {
        let (before, after) = rest.split_at(at);
        let number = before
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
        if number < before.len() {
            out.push_str(&before[..number]);
            out.push('#');
        } else {
            out.push_str(before);
        }
        out.push_str(" ms");
        rest = &after[3..];
    }
    out.push_str(rest);
    out
}

/// The README's tour: each line's command and its comment (continued on the lines below).
fn tour_lines() -> Vec<(String, String)> {
    let tour = README
        .split("## A short tour")
        .nth(1)
        .and_then(|t| t.split("```text\n").nth(1))
        .and_then(|t| t.split("```").next())
        .expect("the README has a tour in a text block");
    let mut lines: Vec<(String, String)> = Vec::new();
    for line in tour.lines() {
        let (code, comment) = line.split_once('#').unwrap_or((line, ""));
        match code.split_once("> ") {
            Some((_, command)) => lines.push((command.trim().to_string(), comment.to_string())),
            None => {
                let last = lines.last_mut().expect("a comment follows a command");
                last.1.push(' ');
                last.1.push_str(comment.trim());
            }
        }
    }
    lines
}

/// `command` run on the shell in a scratch directory, its output and errors. It exits 0, or
/// 1 where it is a conjecture decided false (the README's exit statuses).
fn run(command: &str) -> String {
    let words = shell_words(command);
    let out = Test::new().args(&words).run();
    let expected = if command == "conjecture g(nT) = if odd(n) then n + 1 else n - 1" {
        1
    } else {
        0
    };
    assert_eq!(out.code, expected, "{command}: {}", out.stderr);
    format!("{}{}", out.stdout, out.stderr)
}

/// The words of a command line as a shell splits them (no quotes in these examples).
fn shell_words(command: &str) -> Vec<String> {
    command.split_whitespace().map(str::to_string).collect()
}

#[test]
fn every_line_of_the_tour_is_listed_here() {
    let listed: Vec<&str> = TOUR.iter().map(|(command, _)| *command).collect();
    let written: Vec<String> = tour_lines().into_iter().map(|(c, _)| c).collect();
    assert_eq!(
        written, listed,
        "the README's tour and this test's list differ"
    );
}

#[test]
fn the_tour_says_what_each_command_prints() {
    for ((command, comment), (_, claims)) in tour_lines().iter().zip(TOUR) {
        for claim in *claims {
            assert!(
                comment.contains(claim),
                "the README's comment on `{command}` does not say {claim:?}: {comment}"
            );
        }
        let command = command.replace("0..10000000", "0..10000");
        let printed = if command.contains("-o dawson.svg") {
            // `-o` writes the file (a plot needs no Graphviz): read what it wrote.
            let dir = tempfile::tempdir().expect("a scratch directory");
            let out = Test::new()
                .current_dir(dir.path())
                .args(shell_words(&command))
                .run();
            assert_eq!(out.code, 0, "{command}: {}", out.stderr);
            std::fs::read_to_string(dir.path().join("dawson.svg")).expect("the SVG written")
        } else {
            run(&command)
        };
        for claim in *claims {
            let in_output = match *claim {
                // The words of a comment that say what the output is, rather than quote it.
                "DOT" => printed.starts_with("digraph"),
                "SVG" => printed.contains("<svg"),
                "definition" => printed.contains("defined by"),
                _ => printed.contains(claim),
            };
            assert!(
                in_output,
                "`{command}` does not print {claim:?}:\n{printed}"
            );
        }
    }
}

#[test]
fn the_outputs_the_readme_quotes_are_what_nimlab_prints() {
    let readme = any_time(&README.split_whitespace().collect::<Vec<_>>().join(" "));
    for (command, quote) in QUOTED {
        assert!(
            readme.contains(quote),
            "the README does not quote {quote:?}"
        );
        assert!(
            readme.contains(command) || readme.contains(&command.replace("decide ", "")),
            "the README does not show `{command}`"
        );
        let printed = any_time(&run(command));
        assert!(
            printed.contains(quote),
            "`{command}` does not print {quote:?}:\n{printed}"
        );
    }
}
