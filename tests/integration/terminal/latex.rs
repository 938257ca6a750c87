//! `--format latex`: Grundy tables, binary views and derivations as `tabular` environments a
//! lecturer pastes into slides, checked line for line against LaTeX written by hand for small
//! inputs (every value worked out beside the test); every shape is well formed (balanced
//! braces, `\begin`/`\end` in pairs, as many cells per row as the table has columns); commands
//! without a LaTeX form are refused with one line naming the formats they do print in.
//!
//! Values by hand: Nim g(n) = n; zero-move g(0) = 0, g(nF) = n, g(nT) = n + 1 for odd n and
//! n − 1 for even n ≥ 2.

use crate::support::Test;

fn latex(args: &[&str]) -> String {
    let out = Test::new()
        .args(args.iter().copied().chain(["--format", "latex"]))
        .run()
        .success();
    assert_well_formed(&out.stdout);
    out.stdout
}

/// The checks a LaTeX run would make first, without LaTeX: braces balance (escaped ones do not
/// count, comments are skipped), every `\begin{X}` has its `\end{X}` in order, and each row of
/// a tabular has as many cells as its column specification, `\multicolumn{k}` counting k.
#[track_caller]
fn assert_well_formed(tex: &str) {
    let mut envs: Vec<String> = Vec::new();
    let mut columns: Option<usize> = None;
    for line in tex.lines() {
        let body = strip_comment(line);
        let mut depth: i64 = 0;
        let mut chars = body.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    assert!(depth >= 0, "a `}}` closes nothing in: {line}\n{tex}");
                }
                _ => {}
            }
        }
        assert_eq!(depth, 0, "unbalanced braces in: {line}\n{tex}");
        assert_eq!(
            body.matches('$').count() - body.matches(r"\$").count(),
            2 * ((body.matches('$').count() - body.matches(r"\$").count()) / 2),
            "an unclosed `$` in: {line}"
        );
        if let Some(rest) = body.strip_prefix(r"\begin{") {
            let (name, spec) = rest.split_once('}').expect("an environment name");
            envs.push(name.to_string());
            if name == "tabular" {
                let spec = spec.trim_start_matches('{').trim_end_matches('}');
                columns = Some(spec.chars().filter(|c| "lcr".contains(*c)).count());
            }
        } else if let Some(rest) = body.strip_prefix(r"\end{") {
            let name = rest.trim_end_matches('}');
            assert_eq!(
                envs.pop().as_deref(),
                Some(name),
                "`\\end{{{name}}}`:\n{tex}"
            );
            columns = None;
        } else if let (Some(n), Some(row)) = (columns, body.strip_suffix(r" \\")) {
            assert_eq!(cells(row), n, "cells in the row: {line}\n{tex}");
        }
    }
    assert!(envs.is_empty(), "environments left open: {envs:?}\n{tex}");
}

fn strip_comment(line: &str) -> &str {
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            '%' if !escaped => return &line[..i],
            '\\' => escaped = !escaped,
            _ => escaped = false,
        }
    }
    line
}

/// The cells a row spans: its `&`s outside braces (escaped ones aside) plus one, with each
/// `\multicolumn{k}` spanning k.
fn cells(row: &str) -> usize {
    let mut count = 1;
    let mut depth = 0;
    let mut chars = row.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '{' => depth += 1,
            '}' => depth -= 1,
            '&' if depth == 0 => count += 1,
            _ => {}
        }
    }
    let spans: usize = row
        .match_indices(r"\multicolumn{")
        .map(|(i, m)| {
            let rest = &row[i + m.len()..];
            rest[..rest.find('}').expect("a span")]
                .parse::<usize>()
                .expect("a number")
        })
        .sum();
    count + spans - row.matches(r"\multicolumn{").count()
}

#[test]
fn the_checker_catches_what_it_should() {
    let good =
        "\\begin{tabular}{ll}\na & $\\{b\\}$ \\\\\n\\multicolumn{2}{l}{x} \\\\\n\\end{tabular}\n";
    assert_well_formed(good);
    for bad in [
        "\\begin{tabular}{ll}\na & {b \\\\\n\\end{tabular}\n",
        "\\begin{tabular}{ll}\na & b \\\\\n",
        "\\begin{tabular}{ll}\na \\\\\n\\end{tabular}\n",
        "\\begin{tabular}{ll}\na & b & c \\\\\n\\end{tabular}\n",
        "\\begin{tabular}{ll}\na & $b \\\\\n\\end{tabular}\n",
    ] {
        let caught = std::panic::catch_unwind(|| assert_well_formed(bad)).is_err();
        assert!(caught, "not caught:\n{bad}");
    }
}

/// Nim 0..2: g(0) = mex{} = 0, g(1) = mex{0} = 1, g(2) = mex{0, 1} = 2.
#[test]
fn a_nim_table() {
    assert_eq!(
        latex(&["grundy", "--rules", "nim", "0..2"]),
        r"% nimlab: Grundy values of nim, each the mex of its options' values
\begin{tabular}{lllr}
\hline
state & options & mex set & $g$ \\
\hline
$0$ & none & $\{\}$ & $0$ \\
$1$ & $0 \to 0$ & $\{0\}$ & $1$ \\
$2$ & $0 \to 0$, $1 \to 1$ & $\{0, 1\}$ & $2$ \\
\hline
\end{tabular}
"
    );
}

/// Zero-move 0..1: 0 has no move; 1F → 0 (value 0), mex{0} = 1; 1T → 0 or the pass to 1F
/// (values 0, 1), mex{0, 1} = 2. Laid out as the text view lays it out: nF and nT side by side.
#[test]
fn a_zero_move_table() {
    assert_eq!(
        latex(&["grundy", "0..1"]),
        r"% nimlab: Grundy values of zero-move, each the mex of its options' values (the mex set)
\begin{tabular}{rlrlr}
\hline
$n$ & $n\mathrm{F}$: mex set & $g(n\mathrm{F})$ & $n\mathrm{T}$: mex set & $g(n\mathrm{T})$ \\
\hline
$0$ & $\{\}$ & $0$ & $\{\}$ & $0$ \\
$1$ & $\{0\}$ & $1$ & $\{0, 1\}$ & $2$ \\
\hline
\end{tabular}
"
    );
}

/// A state too large for mex: 1000000007 is odd, so g(1000000007T) = 1000000008.
#[test]
fn a_closed_form_lookup() {
    assert_eq!(
        latex(&["grundy", "1000000007T"]),
        r"% nimlab: Grundy values of zero-move, each the mex of its options' values
\begin{tabular}{lllr}
\hline
state & options & mex set & $g$ \\
\hline
$1000000007\mathrm{T}$ & \multicolumn{2}{l}{by a proven closed form} & $1000000008$ \\
\hline
\end{tabular}
"
    );
}

/// Zero-move 4 7 5: g(4T) = 3 = 0011, g(7T) = 8 = 1000, g(5T) = 6 = 0110; nim-sum 13 = 1101,
/// so columns 8, 4 and 1 hold an odd number of 1s and 8 is the top bit.
#[test]
fn a_binary_view() {
    assert_eq!(
        latex(&["nimsum", "4", "7", "5"]),
        r"% nimlab: zero-move: 4T 7T 5T, in binary
\begin{tabular}{rrr|cccc}
\hline
pile & state & $g$ & \multicolumn{4}{c}{$g$ in binary} \\
\hline
1 & $4\mathrm{T}$ & $3$ & 0 & 0 & 1 & 1 \\
2 & $7\mathrm{T}$ & $8$ & 1 & 0 & 0 & 0 \\
3 & $5\mathrm{T}$ & $6$ & 0 & 1 & 1 & 0 \\
\hline
nim-sum & & $13$ & \textbf{1} & \textbf{1} & 0 & \textbf{1} \\
 & & & $\uparrow$ & $\ast$ & & $\ast$ \\
\multicolumn{7}{l}{$\uparrow$ top bit of the nim-sum, $\ast$ odd count of 1s} \\
\hline
\multicolumn{7}{l}{nim-sum $13 \neq 0$: the first player (to move) wins.} \\
\end{tabular}
"
    );
}

/// Nim 1 2 3: 01 ⊕ 10 ⊕ 11 = 00, every column even: the second player wins.
#[test]
fn a_lost_position_in_binary() {
    assert_eq!(
        latex(&["winner", "--rules", "nim", "1", "2", "3"]),
        r"% nimlab: nim: 1 2 3, in binary
\begin{tabular}{rrr|cc}
\hline
pile & state & $g$ & \multicolumn{2}{c}{$g$ in binary} \\
\hline
1 & $1$ & $1$ & 0 & 1 \\
2 & $2$ & $2$ & 1 & 0 \\
3 & $3$ & $3$ & 1 & 1 \\
\hline
nim-sum & & $0$ & 0 & 0 \\
\multicolumn{5}{l}{every column has an even number of 1s} \\
\hline
\multicolumn{5}{l}{nim-sum $0$: the second player wins --- every move leaves a non-zero nim-sum.} \\
\end{tabular}
"
    );
}

/// Nim 1 2: nim-sum 3 = 11, top bit 2; only pile 2 has that bit, so 2 → 2 ⊕ 3 = 1 (take 1).
#[test]
fn a_winning_move() {
    assert_eq!(
        latex(&["move", "--rules", "nim", "1", "2"]),
        r"% nimlab: nim: 1 2, in binary
\begin{tabular}{rrr|cc}
\hline
pile & state & $g$ & \multicolumn{2}{c}{$g$ in binary} \\
\hline
1 & $1$ & $1$ & 0 & 1 \\
2 & $2$ & $2$ & 1 & 0 \\
\hline
nim-sum & & $3$ & \textbf{1} & \textbf{1} \\
 & & & $\uparrow$ & $\ast$ \\
\multicolumn{5}{l}{$\uparrow$ top bit of the nim-sum, $\ast$ odd count of 1s} \\
\hline
\multicolumn{5}{l}{nim-sum $3 \neq 0$: the first player (to move) wins.} \\
\multicolumn{5}{l}{winning move: pile 2: $2 \to 1$ (take 1); its value $2 \to 1 = 2 \oplus 3$, leaving nim-sum $0$.} \\
\end{tabular}
"
    );
}

/// Misère 1 1: every pile ≤ 1 and two 1-piles (even), so the first player wins (take one,
/// the opponent must take the last); the nim-sum decides nothing, so no columns are marked.
#[test]
fn a_misere_position_with_small_piles() {
    assert_eq!(
        latex(&["winner", "--rules", "misere", "1", "1"]),
        r"% nimlab: misere: 1 1, in binary
\begin{tabular}{rrr|c}
\hline
pile & state & $g$ & \multicolumn{1}{c}{$g$ in binary} \\
\hline
1 & $1$ & $1$ & 1 \\
2 & $1$ & $1$ & 1 \\
\hline
nim-sum & & $0$ & 0 \\
\hline
\multicolumn{4}{l}{mis\`ere, every pile $\leq 1$: $2$ piles of 1 (even): the first player (to move) wins.} \\
\end{tabular}
"
    );
}

/// The derivation of zero-move 0..1, with the same values as the table above.
#[test]
fn a_derivation() {
    assert_eq!(
        latex(&["derive", "--all", "0..1"]),
        r"% nimlab: deriving zero-move by hand, each value the mex of its options' values
\begin{tabular}{lll}
\hline
state & options & value \\
\hline
$0$ & none & $g(0) = \mathrm{mex}\,\{\} = 0$ \\
$1\mathrm{F}$ & $0 \to 0$ & $g(1\mathrm{F}) = \mathrm{mex}\,\{0\} = 1$ \\
$1\mathrm{T}$ & $0 \to 0$, $1\mathrm{F} \to 1$ & $g(1\mathrm{T}) = \mathrm{mex}\,\{0, 1\} = 2$ \\
\hline
\end{tabular}
"
    );
}

/// Kayles (octal 0.77) from 3: remove 1 leaving 2 (g 2) or 1+1 (1 ⊕ 1 = 0), remove 2 leaving
/// 1 (g 1); mex{0, 1, 2} = 3.
#[test]
fn a_derivation_with_splits() {
    assert_eq!(
        latex(&["derive", "--all", "--rules", "octal:0.77", "3"]),
        r"% nimlab: deriving octal:0.77 by hand, each value the mex of its options' values
\begin{tabular}{lll}
\hline
state & options & value \\
\hline
$3$ & $1 \to 1$, $2 \to 2$, $1+1 \to 1 \oplus 1 = 0$ & $g(3) = \mathrm{mex}\,\{0, 1, 2\} = 3$ \\
\hline
\end{tabular}
"
    );
}

/// A graph's position names are the user's text: LaTeX's specials in them are escaped.
/// `a_1` → `b&c` (a sink's only predecessor, value 1) or `end` (0): mex{0, 1} = 2.
#[test]
fn names_are_escaped() {
    let test = Test::new();
    let graph = test.write(
        "g.yaml",
        "format: 1\npositions:\n  \"a_1\": [\"b&c\", \"end\"]\n  \"b&c\": [\"end\"]\n  \"end\": []\n",
    );
    let rules = format!("graph:{}", graph.display());
    let out = test
        .args(["grundy", "--rules", &rules, "--format", "latex"])
        .run()
        .success();
    assert_well_formed(&out.stdout);
    let body: Vec<&str> = out.stdout.lines().skip(5).take(3).collect();
    assert_eq!(
        body,
        [
            r"$\mbox{a\_1}$ & $\mbox{b\&c} \to 1$, $\mbox{end} \to 0$ & $\{0, 1\}$ & $2$ \\",
            r"$\mbox{b\&c}$ & $\mbox{end} \to 0$ & $\{0\}$ & $1$ \\",
            r"$\mbox{end}$ & none & $\{\}$ & $0$ \\",
        ]
    );
}

/// A name holding a control character: shown as `^A` (as everywhere nimlab shows one), its
/// caret escaped; a raw `^` in text is a LaTeX error. One position, no move: g = 0.
#[test]
fn a_control_character_in_a_name_leaves_no_raw_caret() {
    let test = Test::new();
    let graph = test.write("g.yaml", "format: 1\npositions:\n  \"a\\x01b\": []\n");
    let rules = format!("graph:{}", graph.display());
    let out = test
        .args(["grundy", "--rules", &rules, "--format", "latex"])
        .run()
        .success();
    assert_well_formed(&out.stdout);
    assert!(
        out.stdout
            .contains(r"$\mbox{a\textasciicircum{}Ab}$ & none & $\{\}$ & $0$ \\"),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.replace(r"\textasciicircum{}", "").contains('^'),
        "{}",
        out.stdout
    );
}

/// Larger outputs of every shape and ruleset are well formed too.
#[test]
fn every_shape_is_well_formed() {
    for args in [
        vec!["grundy", "0..15"],
        vec!["grundy", "--rules", "subtract:1,3,4", "0..20"],
        vec!["grundy", "--rules", "octal:0.77", "0..12"],
        vec!["grundy", "--rules", "octal:0.77", "100000"],
        vec!["grundy", "7F"],
        vec!["derive", "--all", "0..7"],
        vec!["derive", "--all", "--rules", "octal:0.137", "0..9"],
        vec!["nimsum", "18446744073709551615", "3", "0"],
        vec!["move", "18", "47", "34", "9F"],
        vec!["move", "--rules", "misere", "1", "1", "1"],
        vec!["move", "--rules", "misere", "5", "1", "1"],
        vec!["winner", "--rules", "misere", "0"],
        vec!["position", "1", "2", "3"],
        vec!["period", "--rules", "octal:0.77"],
        vec!["period", "--rules", "subtract:1,3,4", "--table"],
        vec!["prove", "bouton", "--all"],
        vec!["prove", "zero-move-rule", "--all"],
    ] {
        latex(&args);
    }
    let many: Vec<String> = (1..=45).map(|n| n.to_string()).collect();
    let mut args = vec!["nimsum", "--rules", "nim"];
    args.extend(many.iter().map(String::as_str));
    assert!(latex(&args).contains(r"\dots{} 5 more piles"));
}

/// Commands with no LaTeX form say so in one line, naming the formats they print in, exit 2,
/// and do nothing: a refused `play` starts no game.
#[test]
fn commands_without_a_latex_form_are_refused() {
    for args in [
        vec!["play", "4", "7", "5"],
        vec!["mex", "0", "1"],
        vec!["verify"],
        vec!["lesson", "list"],
        vec!["=", "1"],
    ] {
        let name = args[0];
        Test::new()
            .args(
                ["--format", "latex"]
                    .into_iter()
                    .chain(args.iter().copied()),
            )
            .run()
            .bad_input(name)
            .stderr_has("it prints as text, markdown, csv or json");
    }
    Test::new()
        .args(["grundy", "0..9", "--values", "--format", "latex"])
        .run()
        .bad_input("grundy --values");
    let out = Test::new()
        .stdin("play 4 7 5 --format latex\nhint\n")
        .run()
        .code(2);
    assert!(out.stderr.contains("no game in progress"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
}

/// A position too long to show pile by pile has no table: refused after it is read, exit 2.
#[test]
fn a_summary_of_many_piles_is_refused() {
    let test = Test::new();
    let piles = "1 ".repeat(10_001);
    let file = test.write("piles.txt", &piles);
    let file = file.to_string_lossy().into_owned();
    test.args([
        "winner", "--rules", "nim", "--format", "latex", "--file", &file,
    ])
    .run()
    .code(2)
    .stderr_has("`--format latex` does not apply to a position too long to show pile by pile");
}

/// Typed at a terminal: the table comes out as LaTeX, a refusal leaves the session as it was.
#[cfg(unix)]
#[test]
fn latex_at_a_terminal() {
    let state = tempfile::tempdir().expect("a temporary directory");
    let mut cmd = std::process::Command::new(crate::support::bin());
    cmd.env("NIMLAB_DATA_DIR", state.path())
        .env("NIMLAB_STATE_DIR", state.path().join("state"))
        .env("NO_COLOR", "1")
        .env("TERM", "dumb");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("spawn on a pty");
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("grundy --rules nim 0..2 --format latex")
        .unwrap();
    p.exp_string(r"\begin{tabular}{lllr}").unwrap();
    p.exp_string(r"$2$ & $0 \to 0$, $1 \to 1$ & $\{0, 1\}$ & $2$ \\")
        .unwrap();
    p.exp_string(r"\end{tabular}").unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("play 4 7 5 --format latex").unwrap();
    p.exp_string("error: `--format latex` does not apply to `play`: it prints as text, markdown, csv or json")
        .unwrap();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
