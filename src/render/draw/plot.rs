//! A Grundy sequence plotted as SVG, written by nimlab itself: g(n) against n, axes with ticks
//! and labels, and a proven period marked (a line where it starts, its first period bracketed,
//! alternate periods shaded). Colours are from the Okabe–Ito palette, which colour-blind
//! readers tell apart, on white; the two zero-move series also differ in marker shape.

use std::fmt::Write as _;

use crate::engine::Pass;
use crate::engine::period::Certificate;
use crate::output::{PlotPeriod, SequencePlot};

const WIDTH: f64 = 960.0;
const HEIGHT: f64 = 480.0;
const LEFT: f64 = 72.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 104.0;
const BOTTOM: f64 = 60.0;
/// Okabe–Ito blue and orange.
const BLUE: &str = "#0072b2";
const ORANGE: &str = "#e69f00";
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Where values land on the page.
struct Frame {
    from: u64,
    count: f64,
    ymax: f64,
}

impl Frame {
    fn x(&self, n: f64) -> f64 {
        // Each n owns one slot; its point is at the slot's middle.
        LEFT + (n - self.from as f64 + 0.5) / self.count * (WIDTH - LEFT - RIGHT)
    }

    /// The edge between the slots of n − 1 and n.
    fn x_edge(&self, n: f64) -> f64 {
        self.x(n) - self.slot() / 2.0
    }

    fn slot(&self) -> f64 {
        (WIDTH - LEFT - RIGHT) / self.count
    }

    fn y(&self, g: f64) -> f64 {
        HEIGHT - BOTTOM - g / self.ymax * (HEIGHT - TOP - BOTTOM)
    }
}

/// The plot as an SVG document.
pub(crate) fn plot_svg(plot: &SequencePlot) -> String {
    let largest = plot
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|(_, k)| k.grundy()))
        .max()
        .unwrap_or(0);
    // Headroom above the largest value, so no marker sits on the frame's top.
    let ystep = tick_step(largest.saturating_add(1), 8);
    let ytop = largest.saturating_add(1).div_ceil(ystep) * ystep;
    let frame = Frame {
        from: plot.from,
        count: (plot.to - plot.from) as f64 + 1.0,
        ymax: ytop as f64,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT}" font-size="13">"#
    );
    let title = format!(
        "Grundy values of {}, n = {}..{}",
        plot.rules, plot.from, plot.to
    );
    let _ = writeln!(out, "  <title>{}</title>", escape(&title));
    let _ = writeln!(
        out,
        r##"  <rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##
    );
    period_bands(plot, &frame, &mut out);
    grid_and_axes(plot, &frame, ystep, ytop, &mut out);
    period_marks(plot, &frame, &mut out);
    for (i, series) in plot.series.iter().enumerate() {
        points(series, i, &frame, &mut out);
    }
    let _ = writeln!(
        out,
        r#"  <text x="{LEFT}" y="28" font-size="17" font-weight="bold">{}</text>"#,
        escape(&title)
    );
    for (i, line) in period_words(plot).iter().enumerate() {
        let _ = writeln!(
            out,
            r#"  <text x="{LEFT}" y="{}" font-size="13">{}</text>"#,
            50 + 18 * i,
            escape(line)
        );
    }
    legend(plot, &mut out);
    out.push_str("</svg>\n");
    out
}

/// The lines under the title: what is known of the period.
fn period_words(plot: &SequencePlot) -> Vec<String> {
    match plot.period {
        PlotPeriod::Proven(p) => {
            let how = match p.certificate {
                Certificate::GuySmith { .. } | Certificate::GuySmithThree { .. } => {
                    "the Guy–Smith check"
                }
                Certificate::Window { .. } => "a repeated window of values",
            };
            let start = if p.preperiod == 0 {
                "from the start".to_string()
            } else {
                format!("from n = {}", p.preperiod)
            };
            let place = if p.preperiod > plot.to {
                ", past the end of this range"
            } else {
                ""
            };
            vec![
                format!("Period {} {start}{place}.", p.period),
                format!(
                    "g(n + {}) = g(n) for every n ≥ {}, proven by {how} (checked for {} ≤ n ≤ {}).",
                    p.period,
                    p.preperiod,
                    p.preperiod,
                    p.checked_to.saturating_sub(1)
                ),
            ]
        }
        PlotPeriod::NotFound { looked_to } => vec![format!(
            "No period proven in the values computed (g(0) to g({looked_to}))."
        )],
        PlotPeriod::Never => vec!["No period: the values grow with n.".to_string()],
    }
}

/// Alternate periods shaded grey, when a period is wide enough on the page to see.
fn period_bands(plot: &SequencePlot, frame: &Frame, out: &mut String) {
    let PlotPeriod::Proven(p) = plot.period else {
        return;
    };
    if frame.slot() * (p.period as f64) < 6.0 {
        return;
    }
    let mut start = p.preperiod;
    let mut k = 0u64;
    while start <= plot.to {
        let end = start.saturating_add(p.period);
        if k % 2 == 1 {
            let a = start.max(plot.from);
            if a < end {
                let (x0, x1) = (
                    frame.x_edge(a as f64),
                    frame.x_edge(end.min(plot.to + 1) as f64),
                );
                let _ = writeln!(
                    out,
                    r##"  <rect x="{x0:.1}" y="{TOP}" width="{:.1}" height="{:.1}" fill="#ececec"/>"##,
                    x1 - x0,
                    HEIGHT - TOP - BOTTOM
                );
            }
        }
        start = end;
        k += 1;
    }
}

/// Horizontal grid lines at the value ticks, both axes with ticks and labels.
fn grid_and_axes(plot: &SequencePlot, frame: &Frame, ystep: u128, ytop: u128, out: &mut String) {
    let (left, right) = (LEFT, WIDTH - RIGHT);
    let bottom = HEIGHT - BOTTOM;
    let mut g = 0u128;
    while g <= ytop {
        let y = frame.y(g as f64);
        let _ = writeln!(
            out,
            r##"  <line x1="{left}" y1="{y:.1}" x2="{right}" y2="{y:.1}" stroke="#dddddd" stroke-width="1"/>"##
        );
        let _ = writeln!(
            out,
            r#"  <text x="{:.1}" y="{:.1}" text-anchor="end">{g}</text>"#,
            left - 8.0,
            y + 4.5
        );
        g += ystep;
    }
    let xstep = tick_step(u128::from(plot.to - plot.from).max(1), 12);
    let first = u128::from(plot.from).div_ceil(xstep) * xstep;
    let mut n = first;
    while n <= u128::from(plot.to) {
        let x = frame.x(n as f64);
        let _ = writeln!(
            out,
            r##"  <line x1="{x:.1}" y1="{bottom}" x2="{x:.1}" y2="{:.1}" stroke="#000000" stroke-width="1"/>"##,
            bottom + 5.0
        );
        let _ = writeln!(
            out,
            r#"  <text x="{x:.1}" y="{:.1}" text-anchor="middle">{n}</text>"#,
            bottom + 20.0
        );
        n += xstep;
    }
    let _ = writeln!(
        out,
        r##"  <path d="M{left},{TOP} V{bottom} H{right}" fill="none" stroke="#000000" stroke-width="1.2"/>"##
    );
    let _ = writeln!(
        out,
        r#"  <text x="{:.1}" y="{:.1}" text-anchor="middle" font-style="italic">n</text>"#,
        (left + right) / 2.0,
        bottom + 44.0
    );
    let ylabel = if plot.series.len() > 1 { "g" } else { "g(n)" };
    let _ = writeln!(
        out,
        r#"  <text x="22" y="{:.1}" text-anchor="middle" font-style="italic" transform="rotate(-90 22 {:.1})">{ylabel}</text>"#,
        (TOP + bottom) / 2.0,
        (TOP + bottom) / 2.0
    );
}

/// A dashed line where the period starts, and a bracket over its first period.
fn period_marks(plot: &SequencePlot, frame: &Frame, out: &mut String) {
    let PlotPeriod::Proven(p) = plot.period else {
        return;
    };
    let bottom = HEIGHT - BOTTOM;
    if p.preperiod > plot.from && p.preperiod <= plot.to {
        let x = frame.x_edge(p.preperiod as f64);
        let _ = writeln!(
            out,
            r##"  <line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{bottom}" stroke="#000000" stroke-width="1.5" stroke-dasharray="6 4"/>"##,
            TOP - 14.0
        );
    }
    let end = p.preperiod.saturating_add(p.period);
    if p.preperiod >= plot.from && end <= plot.to.saturating_add(1) {
        let (x0, x1) = (frame.x_edge(p.preperiod as f64), frame.x_edge(end as f64));
        let y = TOP - 10.0;
        let _ = writeln!(
            out,
            r##"  <path d="M{x0:.1},{:.1} V{y:.1} H{x1:.1} V{:.1}" fill="none" stroke="#000000" stroke-width="1.5"/>"##,
            y + 6.0,
            y + 6.0
        );
        let label = format!("period {}", p.period);
        // Beside the bracket when the bracket is too narrow to hold its label.
        let (x, anchor) = if x1 - x0 > 8.0 * label.len() as f64 {
            ((x0 + x1) / 2.0, "middle")
        } else {
            (x1 + 4.0, "start")
        };
        let _ = writeln!(
            out,
            r#"  <text x="{x:.1}" y="{:.1}" text-anchor="{anchor}">{label}</text>"#,
            y - 4.0
        );
    }
}

/// One series: a faint line through the values, and a marker on each.
fn points(series: &crate::output::PlotSeries, index: usize, frame: &Frame, out: &mut String) {
    let color = if index == 0 { BLUE } else { ORANGE };
    let r = (frame.slot() * 0.45).clamp(2.0, 4.5);
    let path: Vec<String> = series
        .points
        .iter()
        .map(|(n, k)| {
            format!(
                "{:.1},{:.1}",
                frame.x(*n as f64),
                frame.y(k.grundy() as f64)
            )
        })
        .collect();
    // A line through the values helps the eye follow them; where the points are closer than
    // a few pixels it only smears them.
    if frame.slot() >= 4.0 {
        let _ = writeln!(
            out,
            r#"  <polyline points="{}" fill="none" stroke="{color}" stroke-opacity="0.45" stroke-width="1"/>"#,
            path.join(" ")
        );
    }
    let _ = writeln!(
        out,
        r##"  <g fill="{color}" stroke="#000000" stroke-width="{}">"##,
        if r > 2.5 { 0.6 } else { 0.0 }
    );
    for (n, k) in &series.points {
        let (x, y) = (frame.x(*n as f64), frame.y(k.grundy() as f64));
        let _ = if series.pass == Some(Pass::Spent) {
            writeln!(
                out,
                r#"    <rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"><title>g({n}F) = {}</title></rect>"#,
                x - r,
                y - r,
                2.0 * r,
                2.0 * r,
                k.grundy()
            )
        } else {
            let state = if series.pass == Some(Pass::Unused) && *n > 0 {
                format!("{n}T")
            } else {
                n.to_string()
            };
            writeln!(
                out,
                r#"    <circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}"><title>g({state}) = {}</title></circle>"#,
                k.grundy()
            )
        };
    }
    out.push_str("  </g>\n");
}

/// Which marker is which, when there are two series.
fn legend(plot: &SequencePlot, out: &mut String) {
    if plot.series.len() < 2 {
        return;
    }
    let x = WIDTH - RIGHT - 190.0;
    for (i, series) in plot.series.iter().enumerate() {
        let y = 24.0 + 20.0 * i as f64;
        let (label, shape) = match series.pass {
            Some(Pass::Spent) => (
                "g(nF), pass spent",
                format!(
                    r##"<rect x="{:.1}" y="{:.1}" width="9" height="9" fill="{ORANGE}" stroke="#000000" stroke-width="0.6"/>"##,
                    x - 4.5,
                    y - 4.5
                ),
            ),
            _ => (
                "g(nT), pass unused",
                format!(
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="4.5" fill="{BLUE}" stroke="#000000" stroke-width="0.6"/>"##
                ),
            ),
        };
        let _ = writeln!(
            out,
            r#"  {shape}<text x="{:.1}" y="{:.1}">{label}</text>"#,
            x + 12.0,
            y + 4.5
        );
    }
}

/// A tick step of 1, 2 or 5 times a power of ten giving at most `most` ticks over `range`.
fn tick_step(range: u128, most: u128) -> u128 {
    let mut power = 1u128;
    loop {
        for m in [1, 2, 5] {
            let step = m * power;
            if range / step < most {
                return step;
            }
        }
        power *= 10;
    }
}

/// Text for SVG character data or an attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // XML 1.0 allows no other control characters, even as references.
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_steps_are_round() {
        assert_eq!(tick_step(1, 8), 1);
        assert_eq!(tick_step(7, 8), 1);
        assert_eq!(tick_step(8, 8), 2);
        assert_eq!(tick_step(200, 12), 20);
        assert_eq!(tick_step(1000, 12), 100);
        assert_eq!(tick_step(30, 8), 5);
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b&\"c\">"), "a&lt;b&amp;&quot;c&quot;&gt;");
        assert_eq!(escape("\u{1b}x"), "\u{fffd}x");
    }
}
