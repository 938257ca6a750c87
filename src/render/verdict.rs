//! The sentence that states who wins and why, shared by every view of a position.

use super::{Style, format_set};
use crate::engine::Rule;
use crate::engine::loopy::Gamma;
use crate::engine::{Basis, Judgement, Outcome};
use crate::expr::{Int, Value};

/// `3`, or `∞{0, 2}`: the one way nimlab writes a γ value.
/// An infinite value is written as an expression writes it (`= g(e)`), so that a learner reads
/// and types one notation.
pub(crate) fn gamma_text(g: &Gamma) -> String {
    match g {
        Gamma::Finite(m) => m.to_string(),
        Gamma::Infinite(k) => match k.iter().map(|&x| Int::try_from(x)).collect() {
            Ok(set) => Value::Infinite(set).to_string(),
            Err(_) => format!("∞{}", format_set(k)),
        },
    }
}

/// `first`, `second` or `draw`, as JSON and rows write an outcome.
pub(crate) fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::First => "first",
        Outcome::Second => "second",
        Outcome::Draw => "draw",
    }
}

/// The `winner` row of a verdict's Markdown and CSV: `winner, first`.
pub(super) fn winner_row(judgement: &Judgement) -> [String; 2] {
    [
        "winner".to_string(),
        outcome_name(judgement.outcome).to_string(),
    ]
}

/// The `move` row of `move`'s Markdown and CSV: the winning move in words, or `none`.
pub(super) fn move_row(described: Option<String>) -> [String; 2] {
    [
        "move".to_string(),
        described.unwrap_or_else(|| "none".to_string()),
    ]
}

/// Who wins, in words: "the first player (to move) wins", "the second player wins", "a draw".
pub(super) fn who_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::First => "the first player (to move) wins",
        Outcome::Second => "the second player wins",
        Outcome::Draw => "a draw",
    }
}

/// How a verdict sentence is marked up: text (plain or coloured) or LaTeX.
trait Markup {
    /// Who wins, marked as the outcome it is.
    fn who(&self, outcome: Outcome) -> String;
    /// Prose.
    fn text(&self, text: &str) -> String;
    /// A formula, written with nimlab's symbols (`≠`, `≤`, `γ`, `∞`).
    fn math(&self, formula: &str) -> String;
}

/// Text, coloured by `Style`: green for the player to move, red for the other, yellow a draw.
struct Text(Style);

impl Markup for Text {
    fn who(&self, outcome: Outcome) -> String {
        let words = who_words(outcome);
        match outcome {
            Outcome::First => self.0.win(words),
            Outcome::Second => self.0.lose(words),
            Outcome::Draw => self.0.change(words),
        }
    }

    fn text(&self, text: &str) -> String {
        text.to_string()
    }

    fn math(&self, formula: &str) -> String {
        formula.to_string()
    }
}

/// LaTeX for pdfLaTeX: prose escaped, formulas set as math.
struct Latex;

impl Markup for Latex {
    fn who(&self, outcome: Outcome) -> String {
        who_words(outcome).to_string()
    }

    fn text(&self, text: &str) -> String {
        super::latex_text::escape(text)
            .replace("misère", r"mis\`ere")
            .replace('—', "---")
    }

    fn math(&self, formula: &str) -> String {
        let math = super::latex_text::escape(formula)
            .replace('≠', r"\neq")
            .replace('≤', r"\leq")
            .replace('≥', r"\geq")
            .replace('γ', r"\gamma")
            .replace('∞', r"\infty");
        format!("${math}$")
    }
}

/// The one sentence that says who wins a position and why, for every kind of position:
/// "nim-sum 20 ≠ 0: the first player (to move) wins.", its misère variants, γ's verdicts,
/// a search's, Moore's theorem's, and where no move is left.
pub(super) fn sentence(judgement: &Judgement, style: Style) -> String {
    worded(judgement, &Text(style))
}

/// [`sentence`] as lines that fit the layout's width, broken between words.
pub(super) fn sentence_lines(judgement: &Judgement, opts: &super::RenderOptions) -> String {
    super::prose::fill(&sentence(judgement, opts.style), usize::from(opts.width))
}

/// [`sentence`] in LaTeX.
pub(super) fn latex_sentence(judgement: &Judgement) -> String {
    worded(judgement, &Latex)
}

/// The verdict sentence for each basis of a judgement, marked up by `m`.
fn worded(judgement: &Judgement, m: &dyn Markup) -> String {
    let who = m.who(judgement.outcome);
    let t = |text: &str| m.text(text);
    let math = |formula: String| m.math(&formula);
    match &judgement.basis {
        Basis::NoMove { misere: false } => format!(
            "{}{who}.",
            t("no move is possible: the player to move loses in normal play — ")
        ),
        Basis::NoMove { misere: true } => format!(
            "{}{who}.",
            t("no move is possible: in misère play the player to move wins — ")
        ),
        Basis::NimSum(0) => format!(
            "{} {}: {who}{}",
            t("nim-sum"),
            math("0".into()),
            t(" — every move leaves a non-zero nim-sum.")
        ),
        Basis::NimSum(nim_sum) => {
            format!(
                "{} {}: {who}.",
                t("nim-sum"),
                math(format!("{nim_sum} ≠ 0"))
            )
        }
        Basis::MisereNim {
            rule: Rule::MisereAllSmall { ones },
            ..
        } => misere_all_small(*ones, &who, m),
        Basis::MisereNim { nim_sum, .. } => format!(
            "{} {}{} {}: {who}.",
            t("misère, some pile"),
            math("≥ 2".into()),
            t(": decided as in Nim — nim-sum"),
            math(nim_sum.to_string())
        ),
        Basis::Gamma(sum) => by_gamma(sum, &who, m),
        Basis::Search { work } => format!(
            "{}{who}.",
            t(&format!(
                "by exhaustive search ({work} option{} examined): ",
                if *work == 1 { "" } else { "s" }
            ))
        ),
        Basis::ShortMove { work } => format!(
            "{}{who}.",
            t(&format!(
                "by search of one move's result ({work} option{} examined): the position has \
                 too many moves to try them all, but taking a far pile down to nothing or a \
                 small pile leaves a position lost for the opponent, so ",
                if *work == 1 { "" } else { "s" }
            ))
        ),
        Basis::Moore { modulus } if judgement.outcome == Outcome::Second => format!(
            "{}{}: {who}.",
            t("every column's count is 0 mod "),
            math(modulus.to_string())
        ),
        Basis::Moore { modulus } => format!(
            "{}{}: {who}.",
            t("a column's count is not 0 mod "),
            math(modulus.to_string())
        ),
    }
}

/// Misère Nim with every pile at most 1: the count of piles of 1, and whether it is even.
fn misere_all_small(ones: usize, who: &str, m: &dyn Markup) -> String {
    format!(
        "{} {}: {} {}: {who}.",
        m.text("misère, every pile"),
        m.math("≤ 1"),
        m.math(&ones.to_string()),
        m.text(&format!(
            "pile{} of 1 ({})",
            if ones == 1 { "" } else { "s" },
            if ones.is_multiple_of(2) {
                "even"
            } else {
                "odd"
            }
        )),
    )
}

/// A loopy graph's verdict by γ of the sum: 0, a finite value other than 0, or infinite with
/// or without an option worth 0.
fn by_gamma(sum: &Gamma, who: &str, m: &dyn Markup) -> String {
    let t = |text: &str| m.text(text);
    let math = |formula: String| m.math(&formula);
    let value = gamma_text(sum);
    match sum {
        Gamma::Finite(0) => format!(
            "{}: {who}{}{}{}",
            math("γ = 0".into()),
            t(" — every move leaves "),
            math("γ ≠ 0".into()),
            t(", and the winner can always move back to 0 with fewer moves left.")
        ),
        Gamma::Finite(_) => format!(
            "{}: {who}{}{}.",
            math(format!("γ = {value} ≠ 0")),
            t(" — a move reaches "),
            math("γ = 0".into())
        ),
        Gamma::Infinite(k) if k.contains(&0) => format!(
            "{}{}{who}.",
            math(format!("γ = {value}")),
            t(": infinite, but one of its options is worth 0 — ")
        ),
        Gamma::Infinite(_) => format!(
            "{}{}{who}{}",
            math(format!("γ = {value}")),
            t(": infinite, and no option is worth 0 — "),
            t(": neither player can force a win, and perfect play never ends.")
        ),
    }
}

/// `winning move: …` for a move described in words, or that every move loses: the last line
/// of `move` for every kind of position (piles, a sum, Moore's Nim, misère search, a file).
pub(super) fn winning_move_line(described: Option<String>, style: Style) -> String {
    match described {
        Some(words) => style.change(&format!("winning move: {words}")),
        None => style.lose("no winning move: every move loses against perfect play."),
    }
}
