//! LaTeX for the outputs that are read rather than tabled: a proof as sections and paragraphs
//! (each step's claim and how it was decided as a quotation), and a period as a summary
//! table or one period a row. Text is escaped; the symbols nimlab prints become math.

use std::io::{self, Write};

use crate::output::{PeriodReport, ProofView};

/// Escaped text, with the symbols of nimlab's prose set as LaTeX math so pdfLaTeX takes it.
pub(super) fn tex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in escape(text).chars() {
        match c {
            '<' => out.push_str("$<$"),
            '>' => out.push_str("$>$"),
            '≤' => out.push_str(r"$\le$"),
            '≥' => out.push_str(r"$\ge$"),
            '≠' => out.push_str(r"$\ne$"),
            '⊕' => out.push_str(r"$\oplus$"),
            '→' => out.push_str(r"$\to$"),
            '·' => out.push_str(r"$\cdot$"),
            '—' => out.push_str("---"),
            '–' => out.push_str("--"),
            '−' => out.push('-'),
            '✓' => out.push_str(r"$\surd$"),
            '✗' => out.push_str(r"$\times$"),
            '₀' => out.push_str(r"$_0$"),
            '…' => out.push_str(r"\dots{}"),
            _ => out.push(c),
        }
    }
    out
}

/// `prove`: the title as a section, each step a subsection with its text, and its claim and
/// verdict quoted as the text view words them.
pub(super) fn proof(report: &ProofView, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "% nimlab: the proof `{}`", report.id)?;
    writeln!(out, r"\section*{{{}}}", tex(&report.title))?;
    // The claim lines as the text view words them, without its layout.
    let text = super::proof::claims_plain(report);
    for (step, claim) in report.steps.iter().zip(text) {
        let heading = match &step.section {
            Some(section) => format!("{}: {section}", step.heading),
            None => step.heading.clone(),
        };
        writeln!(out, r"\subsection*{{{}}}", tex(&heading))?;
        writeln!(out, "{}", tex(&step.text))?;
        if !claim.is_empty() {
            writeln!(out, r"\begin{{quote}}")?;
            let lines: Vec<String> = claim
                .iter()
                .map(|line| {
                    let line = line.trim();
                    match line.split_once("  ") {
                        Some((label @ ("check" | "for"), rest)) => {
                            format!(r"\emph{{{label}}} \texttt{{{}}}", tex(rest.trim()))
                        }
                        _ => tex(line),
                    }
                })
                .collect();
            writeln!(out, "{}", lines.join(" \\\\\n"))?;
            writeln!(out, r"\end{{quote}}")?;
        }
    }
    Ok(())
}

/// `period`: the summary as a two-column table, or with `--table` one period a row, the
/// exceptional values starred.
pub(super) fn period(report: &PeriodReport, out: &mut dyn Write) -> io::Result<()> {
    let (headers, rows) = super::period::rows(report);
    writeln!(out, "% nimlab: the period of {}", report.rules)?;
    let columns = if headers.len() == 2 {
        "lp{0.7\\linewidth}".to_string()
    } else {
        format!("r|{}", "r".repeat(headers.len() - 1))
    };
    writeln!(out, r"\begin{{tabular}}{{{columns}}}")?;
    writeln!(out, r"\hline")?;
    let header: Vec<String> = headers.iter().map(|h| tex(h)).collect();
    writeln!(out, r"{} \\", header.join(" & "))?;
    writeln!(out, r"\hline")?;
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| match cell.strip_suffix('*') {
                Some(value) => format!("${value}^*$"),
                None => tex(cell),
            })
            .collect();
        writeln!(out, r"{} \\", cells.join(" & "))?;
    }
    writeln!(out, r"\hline")?;
    writeln!(out, r"\end{{tabular}}")
}

/// Text with LaTeX's special characters escaped. A control character is made visible first
/// (`^A`, as everywhere nimlab shows one) and its caret escaped with the rest: left to the
/// output's guard, it became a raw `^`, which LaTeX reads as a superscript.
pub(super) fn escape(text: &str) -> String {
    let text = crate::render::printable(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str(r"\textasciicircum{}"),
            '~' => out.push_str(r"\textasciitilde{}"),
            _ => out.push(c),
        }
    }
    out
}
