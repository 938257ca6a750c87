//! The top-level error: every layer's error folded into one, each knowing its exit code.

mod claim;
mod draw;
mod expected;
mod range;

pub use claim::{ClaimError, Found};
pub use draw::{DrawError, GraphvizWhy, Unwritable};
pub use expected::{Expected, MoveKind, ValueWanted};
pub use range::RangeWhy;

use std::path::PathBuf;

use crate::engine::IllegalMove;
use crate::engine::PileWanted;
use crate::engine::{EngineError, Rules};

/// A limit on scripts run by scripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScriptLimit {
    /// Scripts nested this deep.
    Depth(usize),
    /// This many lines executed by the scripts one command started.
    Lines(u64),
}

/// What a `--format` does not apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formless {
    /// A command, by its name (`mex`, `grundy --values`).
    Command(&'static str),
    /// A command's output, described (`a position too long to show pile by pile`).
    Output(&'static str),
}

/// Where streamed piles come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PileSource {
    File(PathBuf),
    StandardInput,
}

/// What a streamed pile should have been (`Error::BadPileAt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PileExpected {
    /// A pile of the ruleset, as the engine describes one.
    Wanted(PileWanted),
    /// Whatever the engine's refusal of the token asks for.
    Refused(EngineError),
    /// A pile of `rules`, which in a file is at most `max` bytes long.
    Shorter { rules: Rules, max: usize },
}

/// Something nimlab could not do, with the offending input named. Each variant holds data (what
/// was given, what is lacking, the limit); the words are written once, in `Display` below.
#[derive(Debug)]
pub enum Error {
    /// The engine refused an input (a ruleset, a pile, a range of work).
    Engine(EngineError),
    /// A graph or picture file that does not read as one.
    BadFile(crate::graph::BadFile),
    /// A command line that does not parse: clap's message as clap renders it, and the values
    /// typed that it quotes (the renderer makes it one line, quoting them as nimlab does).
    CommandLine { clap: String, typed: Vec<String> },
    /// A Hackenbush command with no picture: `example` is a line that has one, and `file`
    /// says whether the command also takes `--file PICTURE.yaml`.
    NoPicture { example: &'static str, file: bool },
    /// A line whose quotes do not close, so it cannot be split into words.
    Quotes(shell_words::ParseError),
    /// A family's argument written as separate words (`rules subtract 1 3 4`): `typed` is what
    /// was written, `joined` the one word meant (`subtract:1,3,4`).
    SplitRuleset { typed: String, joined: String },
    /// A command that works only inside the workbench, given on the shell's line.
    WorkbenchOnly { command: String },
    /// A token that is not what the command expected.
    BadToken { token: String, expected: Expected },
    /// A bad token in streamed pile input, with where it was.
    BadPileAt {
        token: String,
        source: PileSource,
        number: u64,
        offset: u64,
        /// Boxed: an engine's refusal is large, and rare.
        expected: Box<PileExpected>,
    },
    /// A script line longer than `limit` bytes (skipped without being read into memory).
    LineTooLong { limit: usize },
    /// A range whose end is before its start, or that is too large to show.
    BadRange { token: String, why: RangeWhy },
    /// A move in a game that the rules do not allow, with the reason.
    IllegalMove(IllegalMove),
    /// `completions` without the shell to write them for.
    NoShell,
    /// `take 2` typed while a lesson's question waits for its answer (`2`).
    AnswerNotMove { answer: String },
    /// A line typed at nimlab's prompt as the shell would take it: `nimlab winner 3 4 5`.
    InNimlabAlready { line: String },
    /// A game command with no game in progress.
    NoGame,
    /// `undo` before any move of the game.
    NothingToUndo,
    /// `why` with no move of a game to explain.
    NothingToExplain,
    /// `play` while a game is in progress.
    GameInProgress,
    /// `step` in a game, which plays the session's position instead.
    StepInGame,
    /// A lesson command with no lesson in progress.
    NoLesson,
    /// `next`, `back`, `expand` or `at` with no derivation or proof open.
    NothingToStep,
    /// A command that needs piles, given none and with no session position.
    NoPiles,
    /// The same, said of a command other than `winner` (`move`, `nimsum`), whose example it gives.
    NoPilesFor { command: &'static str },
    /// `pile` with no session position to change.
    NoPositionToChange,
    /// `step` with no session position to step through.
    NoPositionToStep,
    /// Piles from a file or standard input and on the line at once; `extra` is the first on
    /// the line.
    PilesTwice { extra: String },
    /// `-` for piles from standard input while standard input is the script being run.
    StdinIsScript,
    /// A pile source with no piles in it.
    NoPilesIn { source: PileSource },
    /// Streamed piles (`source`) too many to start a game with.
    TooManyPilesToPlay { source: PileSource },
    /// Streamed piles (`source`) too many to search move by move (misère play is decided by
    /// exhaustive search).
    TooManyPilesToSearch { source: PileSource },
    /// Streamed piles (`source`) more than the `limit` the session's position keeps.
    TooManyPilesToKeep { source: PileSource, limit: usize },
    /// `play` on a game whose states have no size to draw at random, given no position.
    NoStartPosition { rules: Rules },
    /// `period` for a ruleset whose values do not repeat or have no sizes.
    NoPeriod { rules: Rules },
    /// A graph's named positions mixed with the session's rules (`rules`), where one would be
    /// read by the other.
    GraphAgainstSession { rules: Rules },
    /// `step --all` from a position whose line of play is longer than `limit` moves.
    PlayTooLong { limit: usize },
    /// A conjecture's failure at `size` with no derivation to show for it.
    NoDerivation { size: u64 },
    /// `at` on a proof step whose check has no variable.
    NoVariable,
    /// `at` not written `at VAR = K`; `var` is the step's variable.
    AtSyntax { var: String },
    /// A bundled proof that does not load.
    Proof(crate::proof::ProofError),
    /// A `--format` that does not apply to a command or to its output (`what`); `others` are
    /// the formats it prints in.
    NoFormat {
        format: &'static str,
        what: Formless,
        others: Vec<String>,
    },
    /// A file that could not be read.
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A file nimlab would not or could not read (one that is not a regular file, one too
    /// large); `piles`: it was to hold piles, which a pipe gives as well.
    Unreadable {
        error: crate::capped_read::CappedReadError,
        piles: bool,
    },
    /// Standard input that could not be read (not its content: the read itself failed).
    ReadInput(std::io::Error),
    /// Output that could not be written (a closed pipe is not an error; see `app`).
    Write(std::io::Error),
    /// Lesson progress that could not be saved: the disk, not the learner, is at fault.
    Progress(crate::lesson::progress::SaveError),
    /// A lesson id that names no loaded lesson, where a lesson file of that name (or the
    /// lessons' directory itself) was refused as it loaded: why.
    LessonNotLoaded {
        id: String,
        error: Box<crate::lesson::LessonError>,
    },
    /// `goto` to a step the lesson being taken does not have: what was typed, the nearest id,
    /// and every id.
    NoSuchStep {
        id: String,
        nearest: Option<String>,
        ids: Vec<String>,
    },
    /// `lesson check` found failures (each already reported).
    CheckFailed { failures: usize },
    /// A lesson's command line that is not a command, as its lesson was loaded with it.
    LessonLine { error: std::sync::Arc<Error> },
    /// `decide`'s sentence that does not read: its text and why.
    Sentence {
        text: String,
        error: crate::proof::SentenceError,
    },
    /// `conjecture` found sizes where the formula is wrong (the report shows them).
    ConjectureFails { failures: usize, checked: usize },
    /// `conjecture`'s formula decided false for some value of `var`, the smallest `at` when
    /// it was found, past the values compared by mex (the report shows it).
    ConjectureDecidedFalse { var: String, at: Option<u128> },
    /// A claim about lost positions is false; `at` names a position where it fails.
    PositionClaimFails { at: String },
    /// `decide`'s sentence decided false (the report shows it and its smallest
    /// counterexample): a check that ran and failed, as a false `conjecture` is.
    SentenceFalse,
    /// `decide` stopped at its work or state limit, undecided (the report says which): work
    /// past a limit. `work` is the work limit it ran under, to say how to raise it.
    NotDecided { work: u64 },
    /// A script started by `run` that went past a limit; `line` is where in `path` it did.
    ScriptLimit {
        path: PathBuf,
        line: Option<usize>,
        limit: ScriptLimit,
    },
    /// A script in which some lines failed; each was reported as it happened.
    ScriptFailed { failures: usize },
    /// A lesson's command line that a lesson may not run.
    Refused(crate::refusal::Refusal),
    /// A run in which some lesson progress could not be saved (each failure was warned of).
    ProgressNotSaved,
    /// A command stopped by Ctrl-C before it finished; it left no result.
    Interrupted,
    /// A command stopped because the process came to hold more than `limit` bytes; it left no
    /// result, and the memory it held is given back.
    OverMemory {
        limit: u64,
        bound: crate::engine::memory::Bound,
    },
    /// `draw` drew nothing: a picture too large, a missing Graphviz, a file not written.
    Draw(DrawError),
    /// A claim (`conjecture`'s formula) that is not one nimlab checks as written.
    /// Boxed: a claim's error is large, and rare.
    Claim(Box<ClaimError>),
    /// An expression that does not parse or evaluate; `source` is the expression's text.
    Expr {
        source: String,
        error: crate::expr::ExprError,
    },
}

impl Error {
    /// The process's exit code. The policy, the same on the shell's line, for a script and
    /// for `nimlab run`:
    ///
    /// - 0: done (never an error).
    /// - 1: a check ran and failed (`lesson check` found failures, a conjecture is wrong for
    ///   some size, a `decide` sentence is false). The input was fine; the content it checked
    ///   is not. A claim not decided within a limit is 2, not 1 or 0.
    /// - 2: bad input: a command, token, ruleset, expression or file nimlab cannot take, a
    ///   command the session's state does not allow, work past a limit, or a script with such
    ///   a line. Fixing what was typed fixes it.
    /// - 3: an input/output failure: output that could not be written (a full disk), standard
    ///   input that could not be read, lesson progress that could not be saved. Nothing the
    ///   user typed is at fault and the same command may succeed once the disk or device is
    ///   fixed, so a script or CI job must be able to tell it from 1 (a real failed check)
    ///   and from 2 (a mistake to correct). A closed pipe (`nimlab grundy | head`) is not a
    ///   failure: it exits 0.
    /// - 130: stopped by Ctrl-C (128 + SIGINT, as shells say).
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Interrupted => 130,
            Self::Write(_) | Self::ReadInput(_) | Self::Progress(_) | Self::ProgressNotSaved => 3,
            Self::CheckFailed { .. }
            | Self::ConjectureFails { .. }
            | Self::ConjectureDecidedFalse { .. }
            | Self::PositionClaimFails { .. }
            | Self::SentenceFalse => 1,
            Self::LessonLine { error } => error.exit_code(),
            Self::Draw(e) => e.exit_code(),
            _ => 2,
        }
    }

    /// A command line clap refused: its message and what was typed that it quotes, made one
    /// line by the renderer.
    pub fn from_clap(e: &clap::Error) -> Self {
        // A value the engine refused (a ruleset name) keeps the engine's own message.
        let refused = std::error::Error::source(e).and_then(|s| s.downcast_ref::<EngineError>());
        if let Some(refused) = refused {
            return Self::Engine(refused.clone());
        }
        let typed = e
            .context()
            .flat_map(|(_, value)| match value {
                clap::error::ContextValue::String(s) => std::slice::from_ref(s),
                clap::error::ContextValue::Strings(v) => v.as_slice(),
                _ => &[],
            })
            .cloned()
            .collect();
        Self::CommandLine {
            clap: e.render().to_string(),
            typed,
        }
    }

    /// An expression error with the text it points into.
    pub fn expr(source: &str, error: crate::expr::ExprError) -> Self {
        Self::Expr {
            source: source.to_string(),
            error,
        }
    }

    /// A computation that stopped early: by Ctrl-C, or by the memory limit if that is what
    /// tripped (see [`crate::engine::memory`]).
    pub fn interrupted() -> Self {
        if crate::engine::memory::tripped() {
            Self::OverMemory {
                limit: crate::engine::memory::limit(),
                bound: crate::engine::memory::bound(),
            }
        } else {
            Self::Interrupted
        }
    }

    /// This error as `command` meets it: "no piles" gives that command's example.
    pub fn for_command(self, command: &'static str) -> Self {
        match self {
            Self::NoPiles => Self::NoPilesFor { command },
            other => other,
        }
    }

    pub fn bad_token(token: impl Into<String>, expected: Expected) -> Self {
        Self::BadToken {
            token: token.into(),
            expected,
        }
    }
}

impl std::error::Error for Error {}

impl From<IllegalMove> for Error {
    fn from(e: IllegalMove) -> Self {
        Self::IllegalMove(e)
    }
}

impl From<crate::refusal::Refusal> for Error {
    fn from(refusal: crate::refusal::Refusal) -> Self {
        Self::Refused(refusal)
    }
}

impl From<crate::engine::Interrupted> for Error {
    fn from(_: crate::engine::Interrupted) -> Self {
        Self::interrupted()
    }
}

impl From<ClaimError> for Error {
    fn from(e: ClaimError) -> Self {
        Self::Claim(Box::new(e))
    }
}

impl From<crate::graph::ReadError> for Error {
    fn from(e: crate::graph::ReadError) -> Self {
        match e {
            crate::graph::ReadError::File(bad) => Self::BadFile(bad),
            crate::graph::ReadError::Engine(e) => e.into(),
        }
    }
}

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Self {
        if let EngineError::Interrupted = e {
            return Self::interrupted();
        }
        Self::Engine(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Long on purpose: one table of cases, an error of each variant with its words and exit
    // code.
    /// Each variant's words, written out by hand, and its exit code.
    #[test]
    fn each_variant_says_what_went_wrong_and_exits_by_the_policy() {
        let Ok(Rules::Subtract(set)) = Rules::parse("subtract:1,3,4") else {
            panic!("subtract:1,3,4 is a subtraction game");
        };
        let cases: Vec<(Error, &str, u8)> = vec![
            (
                Error::SplitRuleset {
                    typed: "subtract 1 3 4".into(),
                    joined: "subtract:1,3,4".into(),
                },
                "`subtract 1 3 4` is one ruleset written as one word: did you mean `subtract:1,3,4`?",
                2,
            ),
            (
                Error::WorkbenchOnly {
                    command: "next".into(),
                },
                "`next` works inside the workbench, in a game, a derivation, a proof or a lesson: start one with `nimlab play 4 7 5` or `nimlab lesson start mex`, or run `nimlab` and type `help`",
                2,
            ),
            (
                Error::NoGame,
                "no game in progress; start one with `play 4 7 5`",
                2,
            ),
            (
                Error::NothingToUndo,
                "nothing to undo: you have not moved yet",
                2,
            ),
            (
                Error::GameInProgress,
                "a game is in progress: finish it, or `resign` first",
                2,
            ),
            (
                Error::StepInGame,
                "`step` plays the session's position, not a game: in a game, `hint` shows the winning move",
                2,
            ),
            (
                Error::NoLesson,
                "no lesson in progress: start one with `lesson start ID` (see `lesson list`)",
                2,
            ),
            (
                Error::NothingToStep,
                "nothing to step through: start with `derive 0..5` or `prove NAME`",
                2,
            ),
            (
                Error::NoPiles,
                "no piles given: write them like `winner 3 4 5`, or set the session's position with `position 3 4 5`",
                2,
            ),
            (
                Error::NoPositionToChange,
                "no position to change: set one first with `position 3 4 5`",
                2,
            ),
            (
                Error::NoPositionToStep,
                "no position to step through: set one with `position 4 7 5`",
                2,
            ),
            (
                Error::PilesTwice { extra: "3".into() },
                "give piles either with --file or on the line, not both (found `3`)",
                2,
            ),
            (
                Error::StdinIsScript,
                "`-` reads piles from standard input, but standard input is the script being run; put the piles in a file and use `--file PATH`",
                2,
            ),
            (
                Error::NoPilesIn {
                    source: PileSource::File("empty.txt".into()),
                },
                "no piles found in `empty.txt`: expected whitespace-separated pile sizes",
                2,
            ),
            (
                Error::TooManyPilesToPlay {
                    source: PileSource::File("big.txt".into()),
                },
                "`big.txt` holds too many piles to play a game with",
                2,
            ),
            (
                Error::TooManyPilesToKeep {
                    source: PileSource::File("big.txt".into()),
                    limit: 10_000,
                },
                "`big.txt` holds more than 10000 piles, too many for the session's position; use `winner --file` or `move --file` to decide it",
                2,
            ),
            (
                Error::NoPeriod {
                    rules: Rules::ZeroMove,
                },
                "`period` looks at octal games (`--rules octal:0.77`) and subtraction games (`--rules subtract:1,3,4`); zero-move values grow with n (g(nF) = n), so they never repeat",
                2,
            ),
            (
                Error::NoPeriod { rules: Rules::Nim },
                "`period` looks at octal games (`--rules octal:0.77`) and subtraction games (`--rules subtract:1,3,4`); nim has g(n) = n, which never repeats",
                2,
            ),
            (
                Error::GraphAgainstSession {
                    rules: Rules::ZeroMove,
                },
                "a graph's positions are names, not pile sizes: they mean nothing by the session's rules (`zero-move`) or the other way round; change the session's rules first with `rules …`",
                2,
            ),
            (
                Error::PlayTooLong { limit: 10_000 },
                "the line of play from here is longer than 10000 moves: use `step` to go one move at a time",
                2,
            ),
            (
                Error::NoDerivation { size: 7 },
                "no derivation for size 7",
                2,
            ),
            (
                Error::NoVariable,
                "this step has no variable to instantiate: its check is one fact (`next` goes on)",
                2,
            ),
            (
                Error::AtSyntax { var: "n".into() },
                "write `at n = K`, with a whole number K",
                2,
            ),
            (
                Error::Proof(crate::proof::ProofError {
                    file: "p.yaml".into(),
                    kind: Box::new(crate::proof::ProofErrorKind::StepTwice { id: "s".into() }),
                }),
                "a bundled proof does not load: p.yaml: step id `s` is used twice",
                2,
            ),
            (
                Error::ReadInput(std::io::Error::other("gone")),
                "cannot read standard input: gone",
                3,
            ),
            (
                Error::Write(std::io::Error::other("full")),
                "cannot write output: full",
                3,
            ),
            (
                Error::CheckFailed { failures: 2 },
                "lesson check: 2 failures",
                1,
            ),
            (
                Error::ConjectureFails {
                    failures: 3,
                    checked: 1001,
                },
                "the conjecture is false: it fails for 3 of the 1001 values checked",
                1,
            ),
            (
                Error::Engine(EngineError::from(
                    crate::engine::TooMuchWork::SubtractionPeriod {
                        set: set.to_string(),
                        values: 9,
                    },
                )),
                "finding the period of subtract:1,3,4 would take too long (no period within the first 9 values)",
                2,
            ),
            (
                Error::NoFormat {
                    format: "latex",
                    what: Formless::Command("mex"),
                    others: vec!["text".into(), "markdown".into(), "csv".into()],
                },
                "`--format latex` does not apply to `mex`: it prints as text, markdown or csv",
                2,
            ),
            (
                Error::NoFormat {
                    format: "latex",
                    what: Formless::Output("a game"),
                    others: vec!["text".into()],
                },
                "`--format latex` does not apply to a game: it prints as text",
                2,
            ),
            (Error::Interrupted, "interrupted", 130),
        ];
        for (error, text, code) in cases {
            assert_eq!(error.to_string(), text, "{error:?}");
            assert_eq!(error.exit_code(), code, "{error:?}");
        }
    }

    #[test]
    fn a_line_with_an_open_quote_says_so() {
        let error = crate::cli::Cli::parse_line("winner \"3 4").unwrap_err();
        assert!(matches!(error, Error::Quotes(_)), "{error:?}");
        assert_eq!(
            error.to_string(),
            "cannot split the line into words (missing closing quote); check its quotes"
        );
        assert_eq!(error.exit_code(), 2);
    }
}
