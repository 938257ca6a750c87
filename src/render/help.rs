//! `help`: the newcomer's overview around the facts the command gathered (every command and
//! the first sentence of its help, the rulesets, the commands that take `--rules`), or the help
//! the grammar wrote, as it is.

use super::wrap;
use crate::output::{Help, Overview};

const OVERVIEW: &str = "\
nimlab — a workbench for Nim, zero-move Nim and Sprague–Grundy theory.

Look things up:
  grundy              the zero-move table 0..15: each state's mex set and mex
  grundy 1000000007T  one value, at once (by the proven closed form)
  grundy 0..1000000 --values --format csv
                      every value alone, by mex, streamed (up to 10⁷)
  winner 18 47 34     who wins: each pile's Grundy value, the binary view
  move 4 7 5          a winning move, or that every move loses
  nimsum 3 4 5        the binary view: odd columns and the top bit marked
  mex 0 1 3           the minimum excludant of a set
  rules               every ruleset, and the session's; `rules nim` changes it
Play:
  play 4 7 5          play against the perfect computer, with a coach
  position 4 7 5      remember a position; `set 2 9` changes pile 2,
  step                and `step` plays one perfect move on it, in binary
Explore and prove:
  derive 0..5         the table derived state by state (Enter for the next)
  period --rules octal:0.77 --table
                      a game's period, with the finite check that proves it
  conjecture g(nT) = if odd(n) then n + 1 else n - 1
                      decide a formula for every n, and test it
                      against brute force
  decide all n: any k: n = k + k or n = k + k + 1
                      decide a first-order sentence for every n
  prove zero-move-rule  walk a proof; each step's claim is decided for every n
                      where it is first-order, else checked by the engine on
                      a finite range of cases (like n = 1..300)
  verify --piles 4 --max 9  solve every position by game-tree search
  draw 3 -o zero-move.svg   every position from 3T, valued, as a picture
                      (Graphviz DOT unless SVG is asked for)
  draw --plot --rules octal:0.07 0..200 -o dawson.svg
                      the values plotted, the proven period marked
  = 3 xor 8 xor 6     evaluate an expression (`help =`)
Learn:
  lesson list         the lessons, and where you are in each
  lesson start mex    start one (or come back to where you left it)

Zero-move Nim: each non-empty pile also offers one pass that either player
may spend once. A pile is nT while its pass is unused and nF once it is
spent; `7` means `7T`.
";

/// After the rulesets line: options every command takes, and how to leave.
const OVERVIEW_END: &str = "\
Every command takes --format text|markdown|csv|json and
--color auto|always|never; tables, binary views, derivations, periods
and proofs also --format latex, for slides; `draw` writes --format dot|svg.
`help COMMAND` explains one command, with examples.
`quit` leaves what you are in (a game, a derivation, a proof, a lesson),
then nimlab; Ctrl-D leaves nimlab at once.";

/// The help, as text.
pub(super) fn text(help: &Help) -> String {
    match help {
        Help::Overview(overview) => overview_text(overview),
        Help::Grammar(text) => text.clone(),
    }
}

/// The overview, with the ruleset names and the commands that take `--rules`.
fn overview_text(overview: &Overview) -> String {
    let rulesets = format!(
        "Rulesets: {} (`rules` describes each).",
        overview.rulesets.join(", ")
    );
    let taking = format!(
        "These commands take --rules R: {}.",
        overview.taking_rules.join(", ")
    );
    let lines: Vec<String> = [rulesets, taking]
        .iter()
        .flat_map(|sentence| wrap(sentence, 72))
        .collect();
    format!(
        "{OVERVIEW}\n{}\n\n{}\n{OVERVIEW_END}",
        lines.join("\n"),
        every_command(overview)
    )
}

/// Every command with the first sentence of its help, wrapped beside its name: the ones the
/// shell takes, then the ones that step through an activity in the workbench.
fn every_command(overview: &Overview) -> String {
    let line = |(name, about): &(String, String)| {
        let first = about.split(". ").next().unwrap_or_default();
        let text = wrap(first, 76 - 14).join(&format!("\n{:14}", ""));
        format!("  {name:<12}{text}")
    };
    let anywhere: Vec<String> = overview.commands.iter().map(line).collect();
    let inside: Vec<String> = overview.inside.iter().map(line).collect();
    format!(
        "Every command:\n{}\nIn a game, a derivation, a proof or a lesson:\n{}\n",
        anywhere.join("\n"),
        inside.join("\n")
    )
}
