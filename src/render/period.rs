//! `period`: the period and its certificate in words, the periodic table (one period per row,
//! exceptional values marked), and a sparkline of the sequence.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use crate::engine::Exception;
use crate::engine::Rules;
use crate::engine::period::Certificate;
use crate::output::{PeriodReport, ValuesBy};

/// Well-known names of octal games, for headings.
fn game_name(rules: &Rules) -> Option<&'static str> {
    let Rules::Octal(code) = rules else {
        return None;
    };
    match code.to_string().as_str() {
        "0.77" => Some("Kayles"),
        "0.07" => Some("Dawson's Kayles"),
        "0.137" => Some("Dawson's Chess"),
        "0.6" => Some("Officers"),
        "4.0" => Some("splitting only"),
        _ => None,
    }
}

fn title(report: &PeriodReport) -> String {
    match game_name(&report.rules) {
        Some(name) => format!("{} ({name})", report.rules),
        None => report.rules.to_string(),
    }
}

/// The certificate in words: the theorem, its bound, and that it was checked.
pub(super) fn certificate_lines(report: &PeriodReport) -> Vec<String> {
    let Some(p) = report.sequence.period() else {
        return Vec::new();
    };
    let (n0, per) = (p.preperiod, p.period);
    match p.certificate {
        Certificate::GuySmith { t } => vec![
            format!(
                "proof: the Guy–Smith periodicity theorem — if g(n + p) = g(n) for all n with n₀ ≤ n < 2n₀ + p + t, where t = {t} is the most tokens a move removes, then g(n + p) = g(n) for every n ≥ n₀."
            ),
            format!(
                "checked: g(n + {per}) = g(n) for all {n0} ≤ n < 2·{n0} + {per} + {t} = {}, using g(0..{}).",
                p.checked_to,
                report.sequence.computed_to()
            ),
        ],
        Certificate::GuySmithThree { t } => vec![
            format!(
                "proof: the Guy–Smith periodicity theorem for moves that may leave three heaps — if g(n + p) = g(n) for all n with n₀ ≤ n < max(2n₀ + p + t, 3n₀ + 2p + t − 2), where t = {t} is the most tokens a move removes, then g(n + p) = g(n) for every n ≥ n₀ (a split of a large heap has a part large enough to move by p)."
            ),
            format!(
                "checked: g(n + {per}) = g(n) for all {n0} ≤ n < max(2·{n0} + {per} + {t}, 3·{n0} + 2·{per} + {t} − 2) = {}, using g(0..{}).",
                p.checked_to,
                report.sequence.computed_to()
            ),
        ],
        Certificate::Window { m } => vec![
            format!(
                "proof: each value is the mex of the m = {m} values before it at most (m = max(S)), so once m values in a row repeat, everything after repeats."
            ),
            format!(
                "checked: g(n + {per}) = g(n) for all {n0} ≤ n < {n0} + {m} = {}, using g(0..{}).",
                p.checked_to,
                report.sequence.computed_to()
            ),
        ],
    }
}

/// Without a proven period: what the values look like, and what would prove more.
fn no_period_lines(report: &PeriodReport) -> Vec<String> {
    let seq = &report.sequence;
    if let Some(g) = seq.growth() {
        let (n0, p, s) = (g.preperiod, g.period, g.saltus);
        return vec![
            format!(
                "The values grow: g(n + {p}) = g(n) + {s} for every n from {n0} to {} — arithmetic periodicity, period {p} and saltus {s}, seen in the values computed.",
                g.seen_to.saturating_sub(p)
            ),
            "Not proven: nimlab's finite check (Guy–Smith) proves ordinary periods only, so values past those computed are not looked up from this pattern. If the values keep growing they have no ordinary period, so a larger `--to` cannot prove one.".to_string(),
        ];
    }
    let max = seq.values().iter().max().copied().unwrap_or(0);
    let at = seq.values().iter().position(|&v| v == max).unwrap_or(0);
    let mut lines = vec![format!(
        "The values show no pattern: neither a proven period nor a steady growth; the largest is g({at}) = {max}."
    )];
    if report.work_limit.is_some() {
        // A larger `--to` would stop at the same place.
        return lines;
    }
    if matches!(report.rules, Rules::Octal(_)) {
        lines.push(
            "A period p from n₀ is proven once values reach 2n₀ + 2p + t (more when a move leaves three heaps); a larger `--to` (up to 10000000) may prove one."
                .to_string(),
        );
    } else {
        lines.push("A larger `--to` (up to 10000000) may prove one.".to_string());
    }
    lines
}

fn method(by: ValuesBy) -> &'static str {
    match by {
        ValuesBy::Plain => "mex over every option",
        ValuesBy::Sparse => "mex with the rare/common (sparse space) split",
        ValuesBy::Window => "mex over the subtraction set",
    }
}

pub(super) fn text(
    report: &PeriodReport,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    writeln!(
        out,
        "{}",
        style.heading(&format!("Period of {}", title(report)))
    )?;
    match report.sequence.period() {
        None => {
            writeln!(
                out,
                "no period found in g(0..{}): these values prove none.",
                report.sequence.computed_to()
            )?;
            if let Some(limit) = report.work_limit {
                let line = format!(
                    "The work limit ({limit} options examined) stopped the values at g({}): a larger `--to` gets no further.",
                    report.sequence.computed_to()
                );
                for l in wrap(&line, width) {
                    writeln!(out, "{}", style.dim(&l))?;
                }
            }
            for line in no_period_lines(report) {
                for l in wrap(&line, width) {
                    writeln!(out, "{}", style.dim(&l))?;
                }
            }
        }
        Some(p) => {
            writeln!(
                out,
                "preperiod {}, period {}: g(n + {}) = g(n) for every n ≥ {}",
                p.preperiod, p.period, p.period, p.preperiod
            )?;
            match report.sequence.last_exception() {
                Some(Exception {
                    n,
                    value: a,
                    value_a_period_on: b,
                }) => writeln!(
                    out,
                    "last exceptional value: g({n}) = {a}, but g({}) = {b}",
                    n + p.period
                )?,
                None => writeln!(out, "purely periodic: no exceptional values")?,
            }
            for line in certificate_lines(report) {
                for l in wrap(&line, width) {
                    writeln!(out, "{l}")?;
                }
            }
            const SHOWN: usize = 60;
            let one = report.sequence.one_period();
            let mut period: Vec<String> = one.iter().take(SHOWN).map(u16::to_string).collect();
            if one.len() > SHOWN {
                period.push(format!(
                    "… ({} values; `--format json` lists them all)",
                    one.len()
                ));
            }
            for l in wrap(
                &format!("one period, from n = {}: {}", p.preperiod, period.join(" ")),
                width,
            ) {
                writeln!(out, "{l}")?;
            }
            if report.table && p.period > 200 {
                writeln!(
                    out,
                    "{}",
                    style.dim("(a period this long makes no table to read; `--format csv --table` writes it)")
                )?;
            } else if report.table {
                table(report, opts, out)?;
            }
        }
    }
    let spark_width = width.saturating_sub(24).clamp(16, 64);
    let (line, per) = sparkline(report.sequence.values(), spark_width);
    let max = report.sequence.values().iter().max().copied().unwrap_or(0);
    writeln!(out, "g(0..{}) {line}", report.sequence.computed_to())?;
    let legend = format!(
        "each mark the largest of {per} value{}, full height {max}; values by {}",
        if per == 1 { "" } else { "s" },
        method(report.by)
    );
    for l in wrap(&legend, width) {
        writeln!(out, "{}", style.dim(&l))?;
    }
    Ok(())
}

/// The periodic table: rows of p values starting at 0, p, 2p, …; exceptional values get `*`.
fn table(report: &PeriodReport, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let rows = report.sequence.table_rows();
    let Some(p) = report.sequence.period() else {
        return Ok(());
    };
    let digits = |v: u64| v.to_string().len();
    let max_value = rows.iter().flat_map(|(_, v)| v).max().copied().unwrap_or(0);
    let cell = digits(u64::from(max_value)).max(digits(p.period - 1) + 1) + 1;
    let label = digits(rows.last().map_or(0, |r| r.0)).max(1) + 1;
    let width = opts.layout_width();
    let per_block = ((width - label) / (cell + 1)).max(1);
    let period = usize::try_from(p.period).unwrap_or(usize::MAX);
    for block in (0..period).step_by(per_block) {
        let cols = block..(block + per_block).min(period);
        let mut head = format!("{:>label$}", "n");
        for c in cols.clone() {
            head.push_str(&format!(" {:>cell$}", format!("+{c}")));
        }
        writeln!(out, "{}", opts.style.heading(&head))?;
        for (start, values) in &rows {
            let mut line = format!("{start:>label$}");
            for c in cols.clone() {
                let Some(v) = values.get(c) else { break };
                let n = start + c as u64;
                let text = if report.sequence.is_exception(n) {
                    opts.style.change(&format!("{v}*"))
                } else {
                    format!("{v} ")
                };
                let pad = cell.saturating_sub(v.to_string().len() + 1);
                line.push_str(&format!(" {}{text}", " ".repeat(pad)));
            }
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    writeln!(
        out,
        "{}",
        opts.style
            .dim("* exceptional: g(n) ≠ g(n + p); past the last *, each column repeats")
    )
}

/// A sparkline of the values in at most `width` marks, each the largest of its bucket; and
/// how many values a mark stands for.
pub(super) fn sparkline(values: &[u16], width: usize) -> (String, usize) {
    const MARKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let per = values.len().div_ceil(width.max(1)).max(1);
    let max = usize::from(values.iter().max().copied().unwrap_or(0)).max(1);
    let line = values
        .chunks(per)
        .map(|c| {
            let v = usize::from(c.iter().max().copied().unwrap_or(0));
            MARKS[(v * (MARKS.len() - 1)).div_ceil(max).min(MARKS.len() - 1)]
        })
        .collect();
    (line, per)
}

/// Words broken into lines of at most `width` columns (never inside a formula's term), later
/// lines indented.
fn wrap(text: &str, width: usize) -> Vec<String> {
    super::prose::hanging("", text, width, 2)
        .lines()
        .map(str::to_string)
        .collect()
}

/// `period`: the sequence computed, and the period with its certificate when one is proven
/// (`period` is `null` otherwise).
#[derive(Serialize)]
pub(super) struct PeriodJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    certificate: Option<CertificateJson>,
    computed_to: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_exception: Option<Option<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    one_period: Option<Vec<u16>>,
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<Vec<PeriodRowJson>>,
    rules: String,
    values_by: &'static str,
    /// The work limit that stopped the values before `--to`, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    work_limit: Option<u64>,
}

/// The finite check that proves the period, by theorem.
#[derive(Serialize)]
#[serde(untagged)]
enum CertificateJson {
    GuySmith {
        checked: String,
        checked_from: u64,
        checked_to: u64,
        t: u64,
        theorem: &'static str,
    },
    Window {
        checked: String,
        checked_from: u64,
        checked_to: u64,
        m: u64,
        theorem: &'static str,
    },
}

/// A row of `--table`: p values from `n`, with the exceptional n among them.
#[derive(Serialize)]
struct PeriodRowJson {
    exceptions: Vec<u64>,
    n: u64,
    values: Vec<u16>,
}

pub(super) fn json(report: &PeriodReport) -> PeriodJson {
    let sequence = &report.sequence;
    let mut v = PeriodJson {
        certificate: None,
        computed_to: sequence.computed_to(),
        last_exception: None,
        one_period: None,
        period: None,
        preperiod: None,
        rows: None,
        rules: report.rules.to_string(),
        values_by: match report.by {
            ValuesBy::Plain => "mex",
            ValuesBy::Sparse => "sparse-space",
            ValuesBy::Window => "mex",
        },
        work_limit: report.work_limit,
    };
    let Some(p) = sequence.period() else {
        return v;
    };
    let checked = format!(
        "g(n + {}) = g(n) for {} <= n < {}",
        p.period, p.preperiod, p.checked_to
    );
    v.certificate = Some(match p.certificate {
        Certificate::GuySmith { t } => CertificateJson::GuySmith {
            checked,
            checked_from: p.preperiod,
            checked_to: p.checked_to,
            t,
            theorem: "guy-smith",
        },
        Certificate::GuySmithThree { t } => CertificateJson::GuySmith {
            checked,
            checked_from: p.preperiod,
            checked_to: p.checked_to,
            t,
            theorem: "guy-smith-three-heaps",
        },
        Certificate::Window { m } => CertificateJson::Window {
            checked,
            checked_from: p.preperiod,
            checked_to: p.checked_to,
            m,
            theorem: "window-repeat",
        },
    });
    v.period = Some(p.period);
    v.preperiod = Some(p.preperiod);
    v.last_exception = Some(sequence.last_exception().map(|e| e.n));
    v.one_period = Some(sequence.one_period());
    if report.table {
        v.rows = Some(
            sequence
                .table_rows()
                .into_iter()
                .map(|(start, values)| PeriodRowJson {
                    exceptions: (start..)
                        .take(values.len())
                        .filter(|&n| sequence.is_exception(n))
                        .collect(),
                    n: start,
                    values,
                })
                .collect(),
        );
    }
    v
}

/// Markdown/CSV: the periodic table with `--table`, else key–value rows.
pub(super) fn rows(report: &PeriodReport) -> (Vec<String>, Vec<Vec<String>>) {
    if let (true, Some(p)) = (report.table, report.sequence.period()) {
        let mut headers = vec!["n".to_string()];
        headers.extend((0..p.period).map(|c| format!("+{c}")));
        let rows = report
            .sequence
            .table_rows()
            .iter()
            .map(|(start, values)| {
                let mut row = vec![start.to_string()];
                row.extend(values.iter().enumerate().map(|(c, v)| {
                    if report.sequence.is_exception(start + c as u64) {
                        format!("{v}*")
                    } else {
                        v.to_string()
                    }
                }));
                row
            })
            .collect();
        return (headers, rows);
    }
    let mut rows = vec![
        vec!["rules".to_string(), report.rules.to_string()],
        vec![
            "computed to".to_string(),
            report.sequence.computed_to().to_string(),
        ],
    ];
    if let Some(limit) = report.work_limit {
        rows.push(vec!["stopped by the work limit".into(), limit.to_string()]);
    }
    match report.sequence.period() {
        None => rows.push(vec!["period".into(), "none found".into()]),
        Some(p) => {
            rows.push(vec!["preperiod".into(), p.preperiod.to_string()]);
            rows.push(vec!["period".into(), p.period.to_string()]);
            if let Some(Exception { n, .. }) = report.sequence.last_exception() {
                rows.push(vec!["last exception".into(), n.to_string()]);
            }
            let period: Vec<String> = report
                .sequence
                .one_period()
                .iter()
                .map(u16::to_string)
                .collect();
            rows.push(vec!["one period".into(), period.join(" ")]);
            for line in certificate_lines(report) {
                rows.push(vec!["certificate".into(), line]);
            }
        }
    }
    (vec!["what".into(), "value".into()], rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::engine::Sequence;
    use crate::engine::period::Period;

    #[test]
    fn a_proven_period_as_json() {
        // Subtract {1, 2}: g(n) = n mod 3, so 0 1 2 0 1 2 0 1 2 — period 3 from n = 0, and
        // the window check (m = 2) covers 0 ≤ n < 2. Written out by hand.
        let period = Period {
            preperiod: 0,
            period: 3,
            certificate: Certificate::Window { m: 2 },
            checked_to: 2,
        };
        let report = PeriodReport {
            rules: Rules::parse("subtract:1,2").unwrap(),
            sequence: Sequence::new(
                [0u16, 1, 2, 0, 1, 2, 0, 1, 2].as_slice().into(),
                Some(period),
            ),
            by: ValuesBy::Window,
            table: false,
            work_limit: None,
        };
        assert_eq!(
            serde_json::to_string(&json(&report)).unwrap(),
            "{\"certificate\":{\"checked\":\"g(n + 3) = g(n) for 0 <= n < 2\",\"checked_from\":0,\
             \"checked_to\":2,\"m\":2,\"theorem\":\"window-repeat\"},\"computed_to\":8,\
             \"last_exception\":null,\"one_period\":[0,1,2],\"period\":3,\"preperiod\":0,\
             \"rules\":\"subtract:1,2\",\"values_by\":\"mex\"}"
        );
    }

    /// Stopped by the work limit: the values reached are shown, the limit said, and no larger
    /// `--to` advised (it would stop at the same place). g(n) = n here, by hand: 0 1 2 … 9.
    #[test]
    fn values_stopped_by_the_work_limit_say_so_and_advise_no_larger_to() {
        let report = PeriodReport {
            rules: Rules::parse("octal:0.16").unwrap(),
            sequence: Sequence::new((0u16..10).collect::<Vec<_>>().into(), None),
            by: ValuesBy::Plain,
            table: false,
            work_limit: Some(1_000),
        };
        let mut out = Vec::new();
        text(&report, &RenderOptions::default(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("The work limit (1000 options examined) stopped the values at g(9)"),
            "{out}"
        );
        assert!(!flat.contains("may prove one"), "{out}");
        assert!(
            serde_json::to_string(&json(&report))
                .unwrap()
                .contains("\"work_limit\":1000"),
        );
    }
}
