//! The words of what a command expected where it found a bad token.

use std::fmt;

use crate::error::{Expected, MoveKind, ValueWanted};
use crate::set_notation::{Numbers, SetWanted};

impl fmt::Display for ValueWanted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}", self.0)
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::MemorySize => f.write_str(
                "a size from 16M to 16777215T (2^64 bytes), such as `512M`, `4G` or `1.5G`",
            ),
            Expected::HackenbushFile => f.write_str("no file: `--file` gives a picture for `--rules hackenbush`"),
            Expected::NewGameName => f.write_str("a name no ruleset has (`rules` lists the rulesets and the library's games)"),
            Expected::NewLessonGameName => f.write_str("a name no ruleset and no earlier game of the lesson has"),
            Expected::PicturesNotStdin => f.write_str("Hackenbush pictures written on the line or `--file PICTURE.yaml` (standard input is not read for them)"),
            Expected::HackenbushNormalPlay => f.write_str("normal play: misère Green Hackenbush is not valued by these principles"),
            Expected::HackenbushNoPlot => f.write_str("no `--plot` for Hackenbush: `draw` draws its pictures (a plot is of g(n) over n)"),
            Expected::CommandName { names } => write!(f, "a command name, one of {}", names.join(", ")),
            Expected::Subcommand { of, names } => write!(f, "a subcommand of `{of}`, one of {}", names.join(", ")),
            Expected::LessonId { ids } => write!(f, "a lesson id, one of {}", ids.join(", ")),
            Expected::LostClaimRules => f.write_str("nim, misere or moore:K for a claim about lost positions (`conjecture --rules moore:2 'lost(a, b, c) = (a = b and b = c)'`); other games take `g(n) = …`"),
            Expected::SetElement(wanted) => set_wanted(*wanted, f),
            Expected::StateOrRange { first, last } => write!(f, "one state or a range: `grundy {first}..{last}` for the states from {first} to {last}"),
            Expected::VerifyPiles => f.write_str("a number of piles of 1 or more for `--piles`, like `verify --piles 3 --max 7` (every position of up to 3 piles)"),
            Expected::MoorePilesOnLine => f.write_str("piles of Moore's Nim written on the line (`--file` is not read for it)"),
            Expected::MoorePile => f.write_str("a pile size from 0 to 2⁶⁴ − 1, like `7` (Moore's Nim piles are plain numbers)"),
            Expected::HeapSizeUpTo { max } => write!(f, "a heap size from 1 to {max}"),
            Expected::DrawOneRuleset => f.write_str("the position of one ruleset: `draw` walks one game's positions, so draw each component alone, like `draw --rules lasker 7` (`grundy` and `winner` take the whole sum)"),
            Expected::StairCoins => f.write_str("the coins on a step, a whole number from 0 to 2⁶⁴ − 1"),
            Expected::MisereNoNimSum => f.write_str("`winner --misere` or `move --misere` (misère play has no nim-sum view)"),
            Expected::MooreNormalPlay { k } => write!(f, "normal play: nimlab decides Moore's Nim_{k} by Moore's theorem for normal play, and misère play of Moore's Nim is not searched"),
            Expected::ShortEnoughToSearch => f.write_str("a position short enough to search move by move (misère play is decided by exhaustive search)"),
            Expected::PileNumber { count } => write!(f, "a pile number from 1 to {count}"),
            Expected::Proof { ids } => write!(f, "a proof, one of {}", ids.join(", ")),
            Expected::StepVariable { var } => write!(f, "`{var}`, this step's variable (`at {var} = 8`)"),
            Expected::WholeNumberFor { var } => write!(f, "a whole number for `{var}`"),
            Expected::SumOfAtMost { max } => write!(f, "a sum of at most {max} games"),
            Expected::SumTerm => f.write_str("a game and its state, like `lasker(7)` or `wythoff(3,5)`, or a pile, joined by `+`"),
            Expected::PicturesOnLine => f.write_str("pictures written on the line: `play --rules hackenbush` plays the pictures it can redraw as they are written (`2(1,3)`, `(g-a,a-b,b-g)`)"),
            Expected::BoardRules => f.write_str("`winner`, `move` or `nimsum` alone: the board's games are the game's own"),
            Expected::Cut => f.write_str("a cut: `cut A-B of P` cuts the edge between nodes A and B of the picture written P, `I A-B` that of picture number I"),
            Expected::PictureNumber { count } => write!(f, "a picture's number from 1 to {count}"),
            Expected::PictureOnBoard { written } => write!(f, "a picture on the board as it is written: {} (or `I A-B` with its number)", written.join(", ")),
            Expected::Edge => f.write_str("an edge of a picture"),
            Expected::EdgeOf { number, picture, edges } => if edges.is_empty() { write!(f, "an edge of picture {number}, but it has none left") } else { write!(f, "an edge of picture {number} ({picture}): {edges}") },
            Expected::EdgeOnBoard => f.write_str("an edge of a picture on the board"),
            Expected::Move { kind } => f.write_str(match kind { MoveKind::States => "a move: `I -> S` makes pile I the state S, like `1 -> (2,5)`", MoveKind::Splits => "a move: `I K` takes K from pile I (`2 3`), `I -> A+B` splits pile I into A and B", MoveKind::Takes => "a move: `I K` takes K from pile I (`2 3`), `I -> S` leaves S in pile I", MoveKind::TakesOrPasses => "a move: `I K` takes K from pile I (`2 3`), `I pass` spends pile I's pass, `I -> S` leaves S in pile I" }),
            Expected::From => f.write_str("`from`, as in `take 3 from 2`"),
            Expected::TakeFrom { count, piles } => write!(f, "the pile to take from: `take {count} from I`, I from 1 to {piles}"),
            Expected::EndOfMove => f.write_str("the end of the move: `take K from I`"),
            Expected::TokenCount => f.write_str("how many tokens to take, a whole number like `3`"),
            Expected::Becomes { syntax } => write!(f, "what the pile becomes after `->`: {}", super::engine_words::Said(syntax)),
            Expected::ManDirectory => f.write_str("a directory to write the manual pages into"),
            Expected::ManCommand => f.write_str("a command, such as `winner` (`help` lists them)"),
            Expected::LostClaimAlone => f.write_str("`lost(a, b, …) = P` alone: every position with small piles is searched, and the decider covers the rest"),
            Expected::SizedStates { rules } => write!(f, "a ruleset whose states are sizes: a graph's positions are named, so a conjecture `g(n) = …` has no n to range over (`grundy --rules {rules}` lists their values)"),
            Expected::NoPass { var, rules } => write!(f, "`g({var})`: {rules} piles have no pass, so no T or F"),
            Expected::LeftVariable { var } => write!(f, "`{var}`, the variable of the left side"),
            Expected::SizesUpTo { max } => write!(f, "sizes from 0 to {max} (values are computed by mex)"),
            Expected::NumberOnRight => f.write_str("a number for the right side"),
            Expected::Formula => f.write_str("a formula like `g(nT) = n + 1`: `g` of `nT`, `nF` or `n` on the left"),
            Expected::LostOnLeft => f.write_str("`lost(a, b, …)` on the left"),
            Expected::LostPileName => f.write_str("a pile's name, different from the others, like `a` in `lost(a, b) = (a = b)`"),
            Expected::LostPiles { most } => write!(f, "`lost` of 1 to {most} piles' names, like `lost(a, b, c)`"),
            Expected::Condition => f.write_str("a condition (true or false) on the right of `lost(…) =`"),
            Expected::WhyWhose { yours, reply } => write!(f, "`you` (or {yours}) for your move, or `computer` (or {reply}) for its reply"),
        }
    }
}

/// What a set's text should have held where it was refused.
fn set_wanted(wanted: SetWanted, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let noun = |numbers| match numbers {
        Numbers::Whole => "a whole number ≥ 0",
        Numbers::Integers => "a number",
    };
    match wanted {
        SetWanted::Element { numbers } => write!(
            f,
            "{} or a run like `0..4`, as in the set `{{0..4, 6}}`",
            noun(numbers)
        ),
        SetWanted::RunEnds { numbers } => {
            write!(f, "a run `A..B` like `0..4`, each end {}", noun(numbers))
        }
        SetWanted::RunOrder => f.write_str("a run `A..B` with A ≤ B, like `0..4`"),
        SetWanted::AtMost { max } => write!(f, "a set of at most {max} elements in all"),
        SetWanted::Braces => {
            f.write_str("a set like `{0..4, 6}`: one pair of braces around the values")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_typed_wrongly_says_what_it_should_hold() {
        let said = |wanted| Expected::SetElement(wanted).to_string();
        let cases = [
            (
                SetWanted::Element {
                    numbers: Numbers::Whole,
                },
                "a whole number ≥ 0 or a run like `0..4`, as in the set `{0..4, 6}`",
            ),
            (
                SetWanted::Element {
                    numbers: Numbers::Integers,
                },
                "a number or a run like `0..4`, as in the set `{0..4, 6}`",
            ),
            (
                SetWanted::RunEnds {
                    numbers: Numbers::Whole,
                },
                "a run `A..B` like `0..4`, each end a whole number ≥ 0",
            ),
            (
                SetWanted::RunEnds {
                    numbers: Numbers::Integers,
                },
                "a run `A..B` like `0..4`, each end a number",
            ),
            (SetWanted::RunOrder, "a run `A..B` with A ≤ B, like `0..4`"),
            (
                SetWanted::AtMost { max: 1_000_000 },
                "a set of at most 1000000 elements in all",
            ),
            (
                SetWanted::Braces,
                "a set like `{0..4, 6}`: one pair of braces around the values",
            ),
        ];
        for (wanted, words) in cases {
            assert_eq!(said(wanted), words);
        }
    }
}
