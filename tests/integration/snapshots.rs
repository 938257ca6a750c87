//! Snapshots of the main text views as printed into a pipe (80 columns, no colour), and one
//! with `--color always`. Each .snap file was read and checked by hand against the values in
//! the comments here before it was committed.

use crate::support::Test;

#[track_caller]
fn text(args: &[&str]) -> String {
    Test::new()
        .args(args.iter().copied())
        .run()
        .success()
        .stdout
}

/// Zero-move 0..15: g(nF) = n; g(nT) = n + 1 (n odd), n − 1 (n even > 0); g(0) = 0.
#[test]
fn grundy_zero_move_table() {
    insta::assert_snapshot!(text(&["grundy"]));
}

/// Nim: g(n) = n, mex set {0..n−1}.
#[test]
fn grundy_nim_table() {
    insta::assert_snapshot!(text(&["grundy", "--rules", "nim", "0..7"]));
}

/// subtract:1,3,4: 0 1 0 1 2 3 2 0 1 0 1.
#[test]
fn grundy_subtract_table() {
    insta::assert_snapshot!(text(&["grundy", "--rules", "subtract:1,3,4", "0..10"]));
}

/// 18 47 34 → 17 48 33, nim-sum 0, second wins.
#[test]
fn winner_18_47_34() {
    insta::assert_snapshot!(text(&["winner", "18", "47", "34"]));
}

/// 32 49 58 → 31 50 57, nim-sum 20 = 010100, first wins; a move to 12T, 37T or 46T.
#[test]
fn move_32_49_58() {
    insta::assert_snapshot!(text(&["move", "32", "49", "58"]));
}

/// Zero-move 3 4 5 → 4 3 6, nim-sum 1 (100 ⊕ 011 ⊕ 110 = 001).
#[test]
fn nimsum_3_4_5() {
    insta::assert_snapshot!(text(&["nimsum", "3", "4", "5"]));
}

/// Nim 3 4 5 → nim-sum 2 (011 ⊕ 100 ⊕ 101 = 010), with colour; escapes shown as `\e`.
#[test]
fn nimsum_3_4_5_nim_in_colour() {
    let out = text(&[
        "--color", "always", "nimsum", "--rules", "nim", "3", "4", "5",
    ]);
    insta::assert_snapshot!(out.replace('\u{1b}', "\\e"));
}

/// The default ruleset's table in Markdown and CSV, as exported for slides: 0..3.
#[test]
fn grundy_markdown_and_csv() {
    insta::assert_snapshot!(
        "grundy_markdown",
        text(&["grundy", "--format", "markdown", "0..3"])
    );
    insta::assert_snapshot!("grundy_csv", text(&["grundy", "--format", "csv", "0..3"]));
}
