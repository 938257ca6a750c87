//! What a command expected where it found a bad token: data, worded in `render/`.

/// What was expected in place of a bad token (`Error::BadToken`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    MemorySize,
    HackenbushFile,
    NewGameName,
    NewLessonGameName,
    PicturesNotStdin,
    HackenbushNormalPlay,
    HackenbushNoPlot,
    CommandName {
        names: Vec<String>,
    },
    Subcommand {
        of: String,
        names: Vec<String>,
    },
    LessonId {
        ids: Vec<String>,
    },
    LostClaimRules,
    SetElement(crate::set_notation::SetWanted),
    StateOrRange {
        first: String,
        last: String,
    },
    MoorePilesOnLine,
    /// `verify --piles K` with K = 0.
    VerifyPiles,
    MoorePile,
    HeapSizeUpTo {
        max: u64,
    },
    StairCoins,
    /// `draw` on a sum of different games: one ruleset's position, or one component.
    DrawOneRuleset,
    MisereNoNimSum,
    MooreNormalPlay {
        k: u64,
    },
    ShortEnoughToSearch,
    PileNumber {
        count: usize,
    },
    Proof {
        ids: Vec<String>,
    },
    StepVariable {
        var: String,
    },
    WholeNumberFor {
        var: String,
    },
    SumOfAtMost {
        max: usize,
    },
    SumTerm,
    PicturesOnLine,
    BoardRules,
    Cut,
    PictureNumber {
        count: usize,
    },
    PictureOnBoard {
        written: Vec<String>,
    },
    Edge,
    EdgeOf {
        number: usize,
        picture: String,
        edges: String,
    },
    EdgeOnBoard,
    Move {
        kind: MoveKind,
    },
    From,
    TakeFrom {
        count: String,
        piles: usize,
    },
    EndOfMove,
    TokenCount,
    Becomes {
        syntax: crate::engine::PileWanted,
    },
    ManDirectory,
    ManCommand,
    /// A claim about lost positions, written without a domain.
    LostClaimAlone,
    /// `g(var)` without `T` or `F`, for `rules` (as written) whose piles have no pass.
    /// `conjecture g(n) = …` on a game whose states are not sizes: a graph's named positions.
    SizedStates {
        rules: String,
    },
    NoPass {
        var: String,
        rules: String,
    },
    /// The domain's variable, the one of the left side (`var`).
    LeftVariable {
        var: String,
    },
    /// Sizes from 0 to `max`.
    SizesUpTo {
        max: u64,
    },
    /// A number on the right side of `g(n) = …`.
    NumberOnRight,
    /// A formula `g(nT) = …`.
    Formula,
    /// `lost(a, b, …)` on the left.
    LostOnLeft,
    /// A pile's name in `lost(…)`, different from the others.
    LostPileName,
    /// `lost` of 1 to `most` piles' names.
    LostPiles {
        most: usize,
    },
    /// A condition on the right of `lost(…) =`.
    Condition,
    /// `why`'s argument: whose move of the last command, or its number.
    WhyWhose {
        yours: usize,
        reply: usize,
    },
}

/// Which moves a game's short move syntax offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    /// `I -> S`: a game whose piles are states, not tokens.
    States,
    /// `I K` or `I -> A+B`: a game whose moves may split a pile.
    Splits,
    /// `I K` or `I -> S`: piles of tokens without a pass (Nim).
    Takes,
    /// `I K`, `I pass` or `I -> S`: piles with a pass (zero-move).
    TakesOrPasses,
}

impl Expected {
    /// The names offered, for "did you mean": a command's, a lesson's, a proof's.
    pub fn choices(&self) -> Vec<&str> {
        match self {
            Self::CommandName { names } | Self::Subcommand { names, .. } => {
                names.iter().map(String::as_str).collect()
            }
            Self::LessonId { ids } | Self::Proof { ids } => {
                ids.iter().map(|id| id.trim_matches('`')).collect()
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_the_names_of_an_expectation_and_none_of_a_phrase() {
        let ids = |names: &[&str]| names.iter().map(ToString::to_string).collect::<Vec<_>>();
        let proof = Expected::Proof {
            ids: ids(&["`zero-move-rule`", "`bouton`"]),
        };
        assert_eq!(proof.choices(), ["zero-move-rule", "bouton"]);
        let lesson = Expected::LessonId {
            ids: ids(&["mex", "nim"]),
        };
        assert_eq!(lesson.choices(), ["mex", "nim"]);
        assert!(Expected::TokenCount.choices().is_empty());
    }
}

/// A value the grammar's parser refused (`--memory 5K`): what was expected instead, as the
/// error clap carries and shows after its own `invalid value …:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueWanted(pub Expected);

impl std::error::Error for ValueWanted {}
