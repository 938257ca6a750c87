//! `verify`: the counts of an exhaustive search, the rule compared and any disagreement; where
//! nimlab has no rule, the win/loss table itself.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::prose::{wrap, wrap_items};
use crate::engine::{Pile, Rules};
use crate::output::VerifyReport;

fn name(report: &VerifyReport) -> String {
    match (report.misere, report.rules.is_misere()) {
        (true, false) => format!("{} misère", report.rules),
        _ => report.rules.to_string(),
    }
}

/// A position as its rules write it: `3 5`, `3T 1F`, a graph's position names, a game's
/// tuples `(1,2) (3,3)`.
fn position(report: &VerifyReport, piles: &[Pile]) -> String {
    if piles.is_empty() {
        return "(no piles)".into();
    }
    names(report, piles).join(" ")
}

fn names(report: &VerifyReport, piles: &[Pile]) -> Vec<String> {
    piles.iter().map(|&p| report.rules.name_of(p)).collect()
}

/// The rule compared, in words; `None` where nimlab has none (zero-move misère).
fn rule_words(report: &VerifyReport) -> Option<&'static str> {
    if !report.rule {
        None
    } else if report.misere {
        Some(
            "misère Nim's rule: with every pile 0 or 1 the first player wins iff the number of \
             1-piles is even; otherwise iff the nim-sum is not 0",
        )
    } else {
        Some("the first player wins iff the XOR of the piles' Grundy values is not 0")
    }
}

/// What "a pile of size ≤ M" means for these rules.
fn bound(report: &VerifyReport) -> String {
    let (k, m) = (report.piles, report.max);
    match &report.rules {
        Rules::Defined(game) if game.has_tuples() => format!(
            "≤ {k} piles, each a tuple with every part ≤ {m} or one play reaches from those"
        ),
        Rules::Graph(graph) => {
            let all = graph.len() as u64;
            if m.saturating_add(1) >= all {
                format!("≤ {k} piles, each on any of the graph's {all} positions")
            } else {
                format!(
                    "≤ {k} piles, each on one of the graph's first {} positions (in the file's \
                     order) or one they lead to",
                    m + 1
                )
            }
        }
        _ if report.rules.has_pass() => format!("≤ {k} piles of size ≤ {m} (T and F mixed)"),
        _ => format!("≤ {k} piles of size ≤ {m}"),
    }
}

fn millis(report: &VerifyReport) -> f64 {
    report.elapsed.as_secs_f64() * 1000.0
}

pub(super) fn text(
    report: &VerifyReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    let r = &report.result;
    let heading = format!(
        "verify {}: all positions of {}",
        name(report),
        bound(report)
    );
    for line in wrap(&heading, width) {
        writeln!(out, "{}", style.heading(&line))?;
    }
    writeln!(
        out,
        "{}",
        style.dim("solved by exhaustive game-tree search (memoised, no Sprague–Grundy)")
    )?;
    writeln!(out, "  positions solved     {:>10}", r.positions)?;
    writeln!(out, "  first player wins    {:>10}", r.first_wins)?;
    writeln!(out, "  second player wins   {:>10}", r.second_wins)?;
    match rule_words(report) {
        Some(rule) => {
            for line in wrap(&format!("rule: {rule}"), width - 2) {
                writeln!(out, "  {line}")?;
            }
            if r.mismatches == 0 {
                writeln!(
                    out,
                    "  mismatches           {:>10}   {}",
                    0,
                    style.win("the rule agrees with the search everywhere")
                )?;
            } else {
                writeln!(
                    out,
                    "  mismatches           {:>10}   {}",
                    r.mismatches,
                    style.lose("the rule is wrong here:")
                )?;
                for m in &r.examples {
                    writeln!(
                        out,
                        "    {}: search says {} wins, the rule says {}",
                        position(report, &m.piles),
                        m.search.name(),
                        m.rule.name()
                    )?;
                }
            }
        }
        None => {
            for line in wrap(
                &format!(
                    "nimlab has no simple rule for {}, so there is nothing to compare with: below \
                     is what the search found. Look for the pattern yourself.",
                    name(report)
                ),
                width,
            ) {
                writeln!(out, "{line}")?;
            }
            no_rule_table(report, opts, width, out)?;
        }
    }
    writeln!(
        out,
        "  moves examined       {:>10}   {}",
        report.moves_examined,
        style.dim(&format!("{} in the search", rate(moves_per_second(report))))
    )?;
    writeln!(out, "  time                 {:>10.1} ms", millis(report))
}

/// The search's speed: options looked up per second of the search alone.
/// Moves a second as a person reads them, never rounded to nothing: `12 M/s`, `3.4 M/s`,
/// `410 k/s`, `85 moves/s` (7.4 million moves in 18 s were "0 M/s").
fn rate(per_second: f64) -> String {
    if per_second >= 10e6 {
        format!("{:.0} M/s", per_second / 1e6)
    } else if per_second >= 1e6 {
        format!("{:.1} M/s", per_second / 1e6)
    } else if per_second >= 1e3 {
        format!("{:.0} k/s", per_second / 1e3)
    } else {
        format!("{per_second:.0} moves/s")
    }
}

fn moves_per_second(report: &VerifyReport) -> f64 {
    let secs = report.search_time.as_secs_f64();
    if secs > 0.0 {
        report.moves_examined as f64 / secs
    } else {
        0.0
    }
}

fn no_rule_table(
    report: &VerifyReport,
    opts: &RenderOptions,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    if !report.lost.is_empty() {
        let items: Vec<String> = report
            .lost
            .iter()
            .map(|p| format!("{{{}}}", position(report, p)))
            .collect();
        let head = if items.len() < report.result.second_wins {
            format!(
                "lost for the player to move ({} in all; the first {}): ",
                report.result.second_wins,
                items.len()
            )
        } else {
            format!("lost for the player to move ({}): ", items.len())
        };
        for line in wrap_items(&items, &head, "", width) {
            writeln!(out, "{line}")?;
        }
    }
    if report.grid.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = report.grid_states.iter().map(ToString::to_string).collect();
    let cell = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    writeln!(
        out,
        "{}",
        style.dim("two piles (row + column): W the player to move wins, L loses")
    )?;
    let header: Vec<String> = names.iter().map(|n| format!("{n:>cell$}")).collect();
    writeln!(out, "{:>cell$} {}", "", header.join(" "))?;
    for (row_name, row) in names.iter().zip(&report.grid) {
        let cells: Vec<String> = row
            .iter()
            .map(|&wins| {
                let mark = format!("{:>cell$}", if wins { "W" } else { "L" });
                if wins {
                    style.dim(&mark)
                } else {
                    style.lose(&mark)
                }
            })
            .collect();
        writeln!(out, "{row_name:>cell$} {}", cells.join(" "))?;
    }
    Ok(())
}

/// `verify`: what the search found and how it compares with the rule.
#[derive(Serialize)]
pub(super) struct VerifyJson {
    examples: Vec<MismatchJson>,
    first_wins: usize,
    /// Only without a rule: the first positions lost for the player to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    lost: Option<Vec<Vec<String>>>,
    max: u64,
    misere: bool,
    mismatches: usize,
    moves_examined: u64,
    piles: usize,
    positions: usize,
    rule: Option<&'static str>,
    rules: String,
    search_ms: f64,
    second_wins: usize,
    time_ms: f64,
}

/// A position where the search and the rule disagree.
#[derive(Serialize)]
struct MismatchJson {
    piles: Vec<String>,
    rule: &'static str,
    search: &'static str,
}

pub(super) fn json(report: &VerifyReport) -> VerifyJson {
    let r = &report.result;
    let piles = |p: &[Pile]| names(report, p);
    VerifyJson {
        examples: r
            .examples
            .iter()
            .map(|m| MismatchJson {
                piles: piles(&m.piles),
                rule: m.rule.name(),
                search: m.search.name(),
            })
            .collect(),
        first_wins: r.first_wins,
        lost: (!report.rule).then(|| report.lost.iter().map(|p| piles(p)).collect()),
        max: report.max,
        misere: report.misere,
        mismatches: r.mismatches,
        moves_examined: report.moves_examined,
        piles: report.piles,
        positions: r.positions,
        rule: rule_words(report),
        rules: report.rules.to_string(),
        search_ms: report.search_time.as_secs_f64() * 1000.0,
        second_wins: r.second_wins,
        time_ms: millis(report),
    }
}

pub(super) fn rows(report: &VerifyReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let r = &report.result;
    (
        vec![
            "rules",
            "piles",
            "max",
            "positions",
            "first wins",
            "second wins",
            "mismatches",
            "time ms",
        ],
        vec![vec![
            name(report),
            report.piles.to_string(),
            report.max.to_string(),
            r.positions.to_string(),
            r.first_wins.to_string(),
            r.second_wins.to_string(),
            if report.rule {
                r.mismatches.to_string()
            } else {
                "no rule".into()
            },
            format!("{:.1}", millis(report)),
        ]],
    )
}
