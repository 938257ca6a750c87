//! Slide-ready formats: Markdown mirrors the text view (the notebook table, a verdict as a
//! sentence, a proof as headings and paragraphs), CSV stays one rectangle, and LaTeX covers
//! `grundy` (zero-move in the compact nF/nT layout), `prove`, `period` and `derive`. Values
//! come from `brute` (mex over the explicit options).

use std::collections::BTreeSet;

use crate::oracle::brute::{Grundy, Pile, Rules};
use crate::support::Test;

/// `{0, 1}` as nimlab writes a set in text and Markdown; runs of four or more as `{0..3}`.
fn set_text(values: &BTreeSet<u64>) -> String {
    let v: Vec<u64> = values.iter().copied().collect();
    let run = v.len() >= 4 && v.windows(2).all(|w| w[1] == w[0] + 1);
    match (run, v.first(), v.last()) {
        (true, Some(a), Some(b)) => format!("{{{a}..{b}}}"),
        _ => {
            let items: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

/// The values of a state's options, by brute force.
fn mex_set(g: &mut Grundy, rules: &Rules, p: Pile) -> BTreeSet<u64> {
    rules.options(p).into_iter().map(|o| g.value(o)).collect()
}

#[test]
fn markdown_grundy_is_the_notebook_table() {
    let out = Test::new()
        .args(["grundy", "0..5", "--format", "markdown"])
        .run()
        .success();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].starts_with("Grundy values of zero-move"),
        "{}",
        out.stdout
    );
    assert_eq!(
        lines[2],
        "| n | nF: mex set | g(nF) | nT: mex set | g(nT) |"
    );
    assert!(!out.stdout.contains("method"), "{}", out.stdout);
    let mut g = Grundy::new(Rules::ZeroMove);
    for n in 0..=5u64 {
        let (f, t) = (Pile::new(n, false), Pile::new(n, true));
        let row = format!(
            "| {n} | {} | {} | {} | {} |",
            set_text(&mex_set(&mut g, &Rules::ZeroMove, f)),
            g.value(f),
            set_text(&mex_set(&mut g, &Rules::ZeroMove, t)),
            g.value(t)
        );
        assert!(lines.contains(&row.as_str()), "{row}:\n{}", out.stdout);
    }
}

/// Nim 3 4 5: 3 ⊕ 4 ⊕ 5 = 2 (by hand), so the first player wins; 5 → 3 ⊕ 4 = 7 is no move
/// (7 > 5), 4 → 3 ⊕ 5 = 6 neither, 3 → 4 ⊕ 5 = 1 is: take 2 from pile 1.
#[test]
fn markdown_says_the_verdict_and_csv_stays_a_rectangle() {
    let md = Test::new()
        .args([
            "move", "--rules", "nim", "3", "4", "5", "--format", "markdown",
        ])
        .run()
        .success();
    let table: Vec<&str> = md
        .stdout
        .lines()
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert_eq!(table.len(), 2 + 3 + 1, "{}", md.stdout);
    assert!(table.iter().all(|l| !l.contains("winner")), "{}", md.stdout);
    assert!(
        md.stdout.contains("\nnim-sum 2 ≠ 0: the first player"),
        "{}",
        md.stdout
    );
    assert!(
        md.stdout.contains("\nwinning move: pile 1: 3 → 1"),
        "{}",
        md.stdout
    );

    let csv = Test::new()
        .args(["move", "--rules", "nim", "3", "4", "5", "--format", "csv"])
        .run()
        .success();
    let widths: Vec<usize> = csv.stdout.lines().map(|l| l.split(',').count()).collect();
    assert_eq!(widths, [4, 4, 4, 4, 4], "{}", csv.stdout);
    assert!(!csv.stdout.contains("winner") && !csv.stdout.contains("move"));
}

#[test]
fn markdown_proof_is_headings_and_paragraphs() {
    let out = Test::new()
        .args(["prove", "bouton", "--all", "--format", "markdown"])
        .run()
        .success();
    let s = &out.stdout;
    assert!(s.starts_with("# Bouton's theorem"), "{s}");
    assert!(s.contains("\n## Case: The end of the game\n\n"), "{s}");
    assert!(!s.contains("| heading |"), "{s}");
    // The claim is an indented block under its paragraph.
    assert!(s.contains("\n    check  0 xor 0 xor 0 = 0"), "{s}");
}

#[test]
fn latex_for_grundy_prove_period_and_derive() {
    // Zero-move in the compact layout, values by brute force.
    let out = Test::new()
        .args(["grundy", "0..4", "--format", "latex"])
        .run()
        .success();
    let mut g = Grundy::new(Rules::ZeroMove);
    let tex_set = |s: &BTreeSet<u64>| {
        let items: Vec<String> = s.iter().map(u64::to_string).collect();
        format!("$\\{{{}\\}}$", items.join(", "))
    };
    for n in 0..=4u64 {
        let (f, t) = (Pile::new(n, false), Pile::new(n, true));
        let row = format!(
            "${n}$ & {} & ${}$ & {} & ${}$ \\\\",
            tex_set(&mex_set(&mut g, &Rules::ZeroMove, f)),
            g.value(f),
            tex_set(&mex_set(&mut g, &Rules::ZeroMove, t)),
            g.value(t)
        );
        assert!(out.stdout.contains(&row), "{row}:\n{}", out.stdout);
    }
    // subtract:1,3,4 by brute force: one period a row, the period being 7.
    let s = Rules::Subtract(vec![1, 3, 4]);
    let mut g = Grundy::new(s.clone());
    let values: Vec<String> = (0..7)
        .map(|n| g.value(Pile::new(n, false)).to_string())
        .collect();
    for n in 7..70 {
        assert_eq!(
            g.value(Pile::new(n, false)),
            g.value(Pile::new(n - 7, false))
        );
    }
    let out = Test::new()
        .args([
            "period",
            "--rules",
            "subtract:1,3,4",
            "--table",
            "--format",
            "latex",
        ])
        .run()
        .success();
    assert!(
        out.stdout
            .contains(&format!("0 & {} \\\\", values.join(" & "))),
        "{}",
        out.stdout
    );
    let out = Test::new()
        .args(["prove", "bouton", "--all", "--format", "latex"])
        .run()
        .success();
    assert!(
        out.stdout.contains("\\section*{Bouton's theorem"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("\\subsection*{Case: The end of the game}")
    );
    Test::new()
        .args(["derive", "0..3", "--all", "--format", "latex"])
        .run()
        .success()
        .stdout_has("\\begin{tabular}");
}
