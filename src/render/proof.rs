//! `prove`: a proof step's heading, text and checked claim, with `expand`'s evidence table and
//! `at n = K`'s values.

use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use super::RenderOptions;
use super::Style;
use super::decide_words;
use super::prose::wrap;
use crate::expr::Int;
use crate::output::{ProofView, StepDetail, StepView};
use crate::proof::{CheckError, CheckOutcome, Checked, DecideOutcome, Decided, Shown};

pub(super) fn text(
    report: &ProofView,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    if report.step.is_none() {
        writeln!(out, "{}", style.heading(&report.title))?;
    }
    if matches!(report.step, None | Some((1, _))) {
        for line in wrap(HOW_TO_READ, width) {
            writeln!(out, "{}", style.dim(&line))?;
        }
    }
    let mut last_heading = String::new();
    for (i, step) in report.steps.iter().enumerate() {
        if report.step.is_none() && i > 0 {
            writeln!(out)?;
        }
        let heading = match (&step.section, step.heading.as_str()) {
            (Some(s), h) => format!("{h}: {s}"),
            (None, "Theorem") => format!("Theorem: {}", report.title),
            (None, h) => h.to_string(),
        };
        let repeated = report.step.is_none() && heading == last_heading;
        last_heading.clone_from(&heading);
        if let Some((n, total)) = report.step {
            writeln!(
                out,
                "{}",
                style.dim(&format!("{} · step {n} of {total}", report.id))
            )?;
        }
        if !repeated {
            for line in wrap(&heading, width) {
                writeln!(out, "{}", style.heading(&line))?;
            }
        }
        for line in wrap(&step.text, width) {
            writeln!(out, "{line}")?;
        }
        claim(step, opts, width, out)?;
        detail(step, opts, width, out)?;
    }
    if let Some((n, total)) = report.step {
        let step = &report.steps[0];
        let mut hints = vec![if n < total {
            "Enter or `next`".to_string()
        } else {
            "Enter: finish".to_string()
        }];
        if n > 1 {
            hints.push("`back`".into());
        }
        if let Some(var) = variable(step) {
            hints.push("`expand`: the evidence".into());
            hints.push(format!("`at {var} = 8`: one value"));
        }
        writeln!(out, "{}", style.dim(&hints.join(" · ")))?;
    }
    Ok(())
}

/// Said before every proof: what its checks are worth beside its text.
const HOW_TO_READ: &str = "How to read it: the text is the proof. Each finite check \
    illustrates a step on a range of cases; a step marked “✓ decided …” has a sentence \
    decided for every value by nimlab's decider, and the words after the mark say exactly \
    what that sentence states — at times less than the step's text (three piles, or the \
    induction's hypothesis written in); `--explain` shows the sentence.";

fn variable(step: &StepView) -> Option<String> {
    let domain = step.domain.as_deref()?;
    Some(domain.split_whitespace().next()?.to_string())
}

/// A step's claim: the check and its domain, then what deciding and checking it found, and
/// the sentence where `--explain` asks for it.
fn claim(
    step: &StepView,
    opts: &RenderOptions,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    if step.check.is_none() && step.decided.is_none() {
        return Ok(());
    }
    check_lines(step, style, width, out)?;
    let Some(checked) = check_found(step) else {
        return Ok(());
    };
    match (&step.decided, &checked) {
        (Some((DecideOutcome::Decided(d), elapsed)), _) => {
            decided_line(step, d, *elapsed, style, width, out)?;
            beside_decision(step, d, &checked, style, out)?;
        }
        (other, Ok(words)) => {
            if !words.is_empty() {
                writeln!(out, "{}", style.win(&format!("  ✓ {words}")))?;
            }
            not_decided(step, other.as_ref(), style, width, out)?;
        }
        (_, Err(words)) => writeln!(out, "{}", style.lose(&format!("  ✗ {words}")))?,
    }
    if step.explain {
        explain(step, opts, width, out)?;
    }
    Ok(())
}

/// `  check  …` wrapped under its label, then `  for    …` with the check's domain.
fn check_lines(step: &StepView, style: Style, width: usize, out: &mut dyn Write) -> io::Result<()> {
    for (i, line) in wrap(step.check.as_deref().unwrap_or(""), width - 9)
        .iter()
        .enumerate()
        .filter(|_| step.check.is_some())
    {
        let label = if i == 0 { "  check  " } else { "         " };
        writeln!(out, "{}{line}", style.dim(label))?;
    }
    if let Some(domain) = &step.domain {
        writeln!(out, "{}{domain}", style.dim("  for    "))?;
    }
    Ok(())
}

/// What the finite check found, in words: what it checked, or why it failed; empty for a
/// step decided with no finite check, `None` for a step with neither.
fn check_found(step: &StepView) -> Option<Result<String, String>> {
    Some(match &step.outcome {
        Some(CheckOutcome::Holds { checked }) => match checked {
            Checked::Nothing { var } => {
                Err(format!("nothing checked: the domain has no value of {var}"))
            }
            _ => Ok(checked_words(checked)),
        },
        Some(CheckOutcome::Fails { at: Some((var, v)) }) => Err(format!("fails at {var} = {v}")),
        Some(CheckOutcome::Fails { at: None }) => Err("does not hold".into()),
        Some(CheckOutcome::Error { error }) => Err(format!("could not be checked: {error}")),
        // A step with a sentence and no finite check: the decision alone.
        None if step.decided.is_some() => Ok(String::new()),
        None => return None,
    })
}

/// `  ✓ decided …` with the decider's figures, or `  ✗ false (decided: …)` with the smallest
/// counterexample.
fn decided_line(
    step: &StepView,
    d: &Decided,
    elapsed: Duration,
    style: Style,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    if d.holds {
        // What was decided, in the proof's words: never more than the sentence.
        let figures = decide_words::figures(&d.stats, elapsed);
        let line = match &step.states {
            Some(states) => format!("✓ decided {states} ({figures})"),
            None => format!(
                "✓ {} (decided: {figures})",
                every(step.sentence.as_deref().unwrap_or(""))
            ),
        };
        for l in wrap(&line, width - 4).iter().enumerate().map(|(i, l)| {
            if i == 0 {
                format!("  {l}")
            } else {
                format!("    {l}")
            }
        }) {
            writeln!(out, "{}", style.win(&l))?;
        }
    } else {
        let at = d.counterexample.as_ref().map_or(String::new(), |cx| {
            let values: Vec<String> = cx.iter().map(|(var, v)| format!("{var} = {v}")).collect();
            format!(", smallest counterexample {}", values.join(", "))
        });
        writeln!(
            out,
            "{}",
            style.lose(&format!(
                "  ✗ false (decided: {}){at}",
                decide_words::figures(&d.stats, elapsed)
            ))
        )?;
    }
    Ok(())
}

/// Under a decided step: what the finite check found as well, and a warning where the
/// decision and the check disagree.
fn beside_decision(
    step: &StepView,
    d: &Decided,
    checked: &Result<String, String>,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let also = match checked {
        Ok(words) if words.is_empty() => String::new(),
        Ok(_)
            if matches!(
                step.outcome,
                Some(CheckOutcome::Holds {
                    checked: Checked::Fact
                })
            ) =>
        {
            "    and true as evaluated by the engine".into()
        }
        Ok(words) => format!("    and {words} by the engine"),
        Err(words) => format!("    the finite check: {words}"),
    };
    if !also.is_empty() {
        writeln!(out, "{}", style.dim(&also))?;
    }
    if step.check.is_some() && d.holds != checked.is_ok() {
        writeln!(
            out,
            "{}",
            style.lose("    the decided sentence and the finite check disagree: one of them is not this step's claim")
        )?;
    }
    Ok(())
}

/// `    not decided: …` under a step that held but was not decided: the decider's refusal,
/// the sentence's error, or the reason the proof gives; nothing for a plain fact.
fn not_decided(
    step: &StepView,
    decided: Option<&(DecideOutcome, Duration)>,
    style: Style,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let why = match decided {
        Some((DecideOutcome::Refused(e), _)) => {
            format!("not decided: {}", decide_words::refusal(e))
        }
        Some((DecideOutcome::Bad(e), _)) => format!("not decided: {e}"),
        _ => match &step.undecided {
            Some(reason) => format!("not decided: {reason}"),
            None if matches!(
                step.outcome,
                Some(CheckOutcome::Holds {
                    checked: Checked::Fact
                })
            ) =>
            {
                String::new()
            }
            None => "not decided: no first-order sentence is given for this step".into(),
        },
    };
    if !why.is_empty() {
        for line in wrap(&why, width - 4) {
            writeln!(out, "{}", style.dim(&format!("    {line}")))?;
        }
    }
    Ok(())
}

/// "for every n", "for every a, b, c": the sentence's leading `all` variables.
fn every(sentence: &str) -> String {
    let names = sentence
        .trim()
        .strip_prefix("all ")
        .and_then(|rest| rest.split_once(':'))
        .map(|(names, _)| {
            names
                .split(['<', '='])
                .next()
                .unwrap_or("")
                .trim()
                .to_string()
        });
    match names {
        Some(names) if !names.is_empty() => format!("for every {names}"),
        _ => "true".into(),
    }
}

/// `--explain`: the sentence, the definitions it uses, and the automaton's figures.
fn explain(
    step: &StepView,
    opts: &RenderOptions,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let Some(sentence) = &step.sentence else {
        return Ok(());
    };
    for (i, line) in wrap(sentence, width - 11).iter().enumerate() {
        let label = if i == 0 { "  sentence " } else { "           " };
        writeln!(out, "{}{line}", style.dim(label))?;
    }
    for (signature, body) in &step.definitions {
        let name = signature.split('(').next().unwrap_or("");
        if !uses(sentence, name)
            && !step
                .definitions
                .iter()
                .any(|(s, b)| uses(sentence, s.split('(').next().unwrap_or("")) && uses(b, name))
        {
            continue;
        }
        for (i, line) in wrap(&format!("{signature} := {body}"), width - 11)
            .iter()
            .enumerate()
        {
            let label = if i == 0 { "  where    " } else { "           " };
            writeln!(out, "{}{line}", style.dim(label))?;
        }
    }
    if let Some((DecideOutcome::Decided(d), elapsed)) = &step.decided {
        let figures = decide_words::explained(&d.stats, *elapsed);
        for (i, line) in wrap(&figures, width - 11).iter().enumerate() {
            let label = if i == 0 { "  automata " } else { "           " };
            writeln!(out, "{}{line}", style.dim(label))?;
        }
    }
    Ok(())
}

/// Whether `name` is used as a word of `text`.
fn uses(text: &str, name: &str) -> bool {
    !name.is_empty()
        && text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == name)
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Expr(error) => error.fmt(f),
            Self::NotTruth { value } => write!(f, "the check gives `{value}`, not true or false"),
            Self::At { var, value, error } => write!(f, "at {var} = {value}: {error}"),
        }
    }
}

/// A shown expression's value, or `error: ` and why it has none.
fn shown(value: &Shown) -> String {
    match value {
        Ok(value) => value.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// What a passed check covered, never more: "checked for n = 1..300".
fn checked_words(checked: &Checked) -> String {
    match checked {
        Checked::Fact => "true (evaluated by the engine)".into(),
        Checked::Range { var, from, to } if from == to => format!("checked for {var} = {from}"),
        Checked::Range { var, from, to } => format!("checked for {var} = {from}..{to}"),
        Checked::Values {
            var,
            count,
            least,
            greatest,
        } => format!("checked for {count} values of {var}, from {least} to {greatest}"),
        Checked::Nothing { var } => format!("nothing checked: no value of {var}"),
    }
}

fn detail(
    step: &StepView,
    opts: &RenderOptions,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    match &step.detail {
        StepDetail::None => Ok(()),
        StepDetail::At { var, value, items } => {
            writeln!(out, "{}", style.heading(&format!("at {var} = {value}:")))?;
            let label_w = items
                .iter()
                .map(|(l, _)| l.chars().count())
                .max()
                .unwrap_or(0)
                .min(28);
            for (label, value) in items {
                let value = shown(value);
                let fits = label.chars().count() <= label_w
                    && label_w + value.chars().count() + 4 <= width;
                if fits {
                    writeln!(out, "  {label:<label_w$}  {}", style.heading(&value))?;
                } else {
                    writeln!(out, "  {label}")?;
                    for line in wrap(&value, width - 4) {
                        writeln!(out, "    {}", style.heading(&line))?;
                    }
                }
            }
            Ok(())
        }
        StepDetail::Evidence {
            var,
            columns,
            rows,
            total,
        } => {
            writeln!(
                out,
                "{}",
                style.heading(&format!(
                    "evidence: the first {} of {total} values of {var}",
                    rows.len()
                ))
            )?;
            let mut table = Table::new();
            table
                .load_style(presets::UTF8_FULL_CONDENSED)
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(u16::try_from(width).unwrap_or(super::DEFAULT_WIDTH));
            let mut header = vec![var.clone()];
            header.extend(columns.iter().cloned());
            header.push("check".into());
            table.set_header(header);
            for row in rows {
                let mut cells = vec![row.value.to_string()];
                cells.extend(row.shown.iter().map(shown));
                cells.push(if row.holds { "✓" } else { "✗" }.to_string());
                table.add_row(cells);
            }
            writeln!(out, "{table}")
        }
    }
}

/// `prove`: the proof's steps, or the one step being looked at with its number.
#[derive(Serialize)]
pub(super) struct ProofJson<'a> {
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    of: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<usize>,
    steps: Vec<StepJson<'a>>,
    title: &'a str,
}

/// One step: its words, its check and how the check went, and any detail asked for.
#[derive(Serialize)]
struct StepJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<AtJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cases: Option<usize>,
    check: Option<&'a str>,
    /// Only when the check held: how far (`null` for a fact with no variable).
    #[serde(skip_serializing_if = "Option::is_none")]
    checked: Option<Option<CheckedJson<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    evidence: Option<EvidenceJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fails_at: Option<VarValue<'a>>,
    #[serde(rename = "for")]
    domain: Option<&'a str>,
    heading: &'a str,
    holds: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided: Option<super::decided::DecidedJson<'a>>,
    section: Option<&'a str>,
    /// What the decided sentence states, in the proof's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<&'a str>,
    text: &'a str,
}

/// What a check that held went through.
#[derive(Serialize)]
#[serde(untagged)]
enum CheckedJson<'a> {
    Range {
        from: Int,
        to: Int,
        var: &'a str,
    },
    Values {
        count: usize,
        greatest: Int,
        least: Int,
        var: &'a str,
    },
    Nothing {
        count: usize,
        var: &'a str,
    },
}

#[derive(Serialize)]
struct VarValue<'a> {
    value: Int,
    var: &'a str,
}

#[derive(Serialize)]
struct AtJson<'a> {
    value: Int,
    values: Vec<ExprValue<'a>>,
    var: &'a str,
}

#[derive(Serialize)]
struct ExprValue<'a> {
    expr: &'a str,
    value: String,
}

#[derive(Serialize)]
struct EvidenceJson<'a> {
    columns: &'a [String],
    rows: Vec<EvidenceRowJson>,
    total: usize,
    var: &'a str,
}

#[derive(Serialize)]
struct EvidenceRowJson {
    holds: bool,
    shown: Vec<String>,
    value: Int,
}

fn step_json(step: &StepView) -> StepJson<'_> {
    let mut v = StepJson {
        at: None,
        cases: None,
        check: step.check.as_deref(),
        checked: None,
        error: None,
        evidence: None,
        fails_at: None,
        domain: step.domain.as_deref(),
        heading: &step.heading,
        holds: None,
        decided: decided_json(step),
        section: step.section.as_deref(),
        states: step.states.as_deref(),
        text: &step.text,
    };
    match &step.outcome {
        Some(CheckOutcome::Holds { checked }) => {
            v.holds = Some(true);
            v.cases = Some(checked.cases());
            v.checked = Some(match checked {
                Checked::Fact => None,
                Checked::Range { var, from, to } => Some(CheckedJson::Range {
                    from: *from,
                    to: *to,
                    var,
                }),
                Checked::Values {
                    var,
                    count,
                    least,
                    greatest,
                } => Some(CheckedJson::Values {
                    count: *count,
                    greatest: *greatest,
                    least: *least,
                    var,
                }),
                Checked::Nothing { var } => Some(CheckedJson::Nothing { count: 0, var }),
            });
        }
        Some(CheckOutcome::Fails { at }) => {
            v.holds = Some(false);
            v.fails_at = at
                .as_ref()
                .map(|(var, value)| VarValue { value: *value, var });
        }
        Some(CheckOutcome::Error { error }) => {
            v.holds = Some(false);
            v.error = Some(error.to_string());
        }
        None => {}
    }
    match &step.detail {
        StepDetail::None => {}
        StepDetail::At { var, value, items } => {
            v.at = Some(AtJson {
                value: *value,
                values: items
                    .iter()
                    .map(|(expr, value)| ExprValue {
                        expr,
                        value: shown(value),
                    })
                    .collect(),
                var,
            });
        }
        StepDetail::Evidence {
            var,
            columns,
            rows,
            total,
        } => {
            v.evidence = Some(EvidenceJson {
                columns,
                rows: rows
                    .iter()
                    .map(|r| EvidenceRowJson {
                        holds: r.holds,
                        shown: r.shown.iter().map(shown).collect(),
                        value: r.value,
                    })
                    .collect(),
                total: *total,
                var,
            });
        }
    }
    v
}

fn decided_json(step: &StepView) -> Option<super::decided::DecidedJson<'_>> {
    let (outcome, elapsed) = step.decided.as_ref()?;
    let sentence = step.sentence.as_deref().unwrap_or("");
    Some(super::decided::outcome_json(sentence, outcome, *elapsed))
}

pub(super) fn json(report: &ProofView) -> ProofJson<'_> {
    ProofJson {
        id: &report.id,
        of: report.step.map(|(_, total)| total),
        step: report.step.map(|(n, _)| n),
        steps: report.steps.iter().map(step_json).collect(),
        title: &report.title,
    }
}

/// Each step's claim and verdict as the text view words them (`check …`, `for …`, `✓ …`),
/// one string a line, unwrapped and uncoloured: for Markdown and LaTeX.
pub(super) fn claims_plain(report: &ProofView) -> Vec<Vec<String>> {
    let plain = RenderOptions::default();
    report
        .steps
        .iter()
        .map(|step| {
            let mut buf = Vec::new();
            // Writing to a Vec cannot fail.
            let _ = claim(step, &plain, UNWRAPPED, &mut buf);
            String::from_utf8_lossy(&buf)
                .lines()
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// A width no claim reaches: the line is left whole.
const UNWRAPPED: usize = 10_000;

/// Markdown mirrors the text view: the title and each step as headings, the step's text as a
/// paragraph, its claim and verdict as an indented block.
pub(super) fn markdown(report: &ProofView, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# {}", report.title)?;
    for (step, claim) in report.steps.iter().zip(claims_plain(report)) {
        let heading = match &step.section {
            Some(section) => format!("{}: {section}", step.heading),
            None => step.heading.clone(),
        };
        writeln!(out, "\n## {heading}\n\n{}", step.text)?;
        if !claim.is_empty() {
            writeln!(out)?;
            for line in claim {
                writeln!(out, "  {line}")?;
            }
        }
    }
    Ok(())
}

pub(super) fn rows(report: &ProofView) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let rows = report
        .steps
        .iter()
        .map(|s| {
            let holds = match &s.outcome {
                Some(CheckOutcome::Holds { .. }) => "true",
                Some(_) => "false",
                None => "",
            };
            vec![
                s.heading.clone(),
                s.section.clone().unwrap_or_default(),
                s.text.clone(),
                s.check.clone().unwrap_or_default(),
                s.domain.clone().unwrap_or_default(),
                holds.to_string(),
            ]
        })
        .collect();
    (
        vec!["heading", "section", "text", "check", "for", "holds"],
        rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::StepDetail;
    use crate::proof::Decided;

    fn step(check: Option<&str>, decided: Option<DecideOutcome>) -> StepView {
        StepView {
            heading: "Theorem".into(),
            section: None,
            text: "t".into(),
            check: check.map(Into::into),
            domain: None,
            outcome: check.map(|_| CheckOutcome::Holds {
                checked: Checked::Fact,
            }),
            sentence: Some("all n: n = n".into()),
            states: None,
            decided: decided.map(|d| (d, std::time::Duration::from_micros(100))),
            undecided: None,
            definitions: Vec::new(),
            explain: false,
            detail: StepDetail::None,
        }
    }

    fn shown(s: &StepView) -> String {
        let mut out = Vec::new();
        claim(s, &RenderOptions::default(), 80, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_sentence_without_a_finite_check_shows_its_decision_alone() {
        let d = DecideOutcome::Decided(Decided {
            holds: true,
            stats: decide::Stats {
                largest: 2,
                ..Default::default()
            },
            counterexample: None,
            search_stopped: None,
        });
        let text = shown(&step(None, Some(d.clone())));
        assert_eq!(
            text,
            "  ✓ for every n (decided: automaton of 2 states, 0.1 ms)\n"
        );
        let text = shown(&step(Some("1 = 1"), Some(d)));
        assert!(
            text.contains("    and true as evaluated by the engine\n"),
            "{text}"
        );
        // Neither: nothing.
        assert_eq!(shown(&step(None, None)), "");
    }
}
