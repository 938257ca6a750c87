//! The sentences of nimlab's errors: every `Error` a command returns is worded here (the
//! engine's own refusals by [`Said`](super::engine_words::Said)).

use std::fmt;

use super::engine_words::Said;
use super::printable;
use crate::capped_read::CappedReadError;
use crate::engine::Rules;
use crate::engine::quoted;
use crate::error::{
    DrawError, Error, Formless, GraphvizWhy, PileExpected, PileSource, RangeWhy, ScriptLimit,
    Unwritable,
};
use crate::refusal::{Reads, Refusal, Spent, Unfit};

// Long on purpose: one arm per variant of `Error`, each a sentence or a call to the helper that
// words it; split, the words of one error family would scatter over several functions.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Engine(e) => Said(e).fmt(f),
            Self::BadFile(e) => Said(e).fmt(f),
            Self::Interrupted => f.write_str("interrupted"),
            Self::LessonNotLoaded { id, error } => write!(
                f,
                "no lesson {} could be loaded: {error}",
                crate::engine::quoted(id)
            ),
            Self::NoSuchStep { id, nearest, ids } => no_such_step(f, id, nearest.as_deref(), ids),
            Self::ProgressNotSaved => f.write_str(
                "lesson progress could not be saved (see the warning above); fix the data \
                 directory (`$NIMLAB_DATA_DIR`) and start the lesson again",
            ),
            Self::OverMemory { limit, bound } => over_memory(f, *limit, *bound),
            Self::CommandLine { clap, typed } => f.write_str(&clap_line(clap, typed)),
            Self::NoPicture { example, file } => {
                write!(
                    f,
                    "no Hackenbush picture given: write it like `{example}` ({})",
                    super::engine_words::PICTURE_SYNTAX
                )?;
                if *file {
                    f.write_str(", or give `--file PICTURE.yaml`")?;
                }
                Ok(())
            }
            Self::Quotes(e) => write!(
                f,
                "cannot split the line into words ({e}); check its quotes"
            ),
            Self::SplitRuleset { typed, joined } => write!(
                f,
                "`{typed}` is one ruleset written as one word: did you mean `{joined}`?"
            ),
            Self::WorkbenchOnly { command } => write!(
                f,
                "`{command}` works inside the workbench, in a game, a derivation, a proof or a \
                 lesson: start one with `nimlab play 4 7 5` or `nimlab lesson start mex`, or \
                 run `nimlab` and type `help`"
            ),
            // 25 lesson ids wrap to six lines: the one meant first, and where the rest are.
            Self::BadToken {
                token,
                expected: expected @ crate::error::Expected::LessonId { .. },
            } => no_such_lesson(f, token, expected),
            Self::BadToken { token, expected } => {
                write!(
                    f,
                    "{} is not valid here: expected {expected}",
                    quoted(token)
                )
            }
            Self::BadPileAt {
                token,
                source,
                number,
                offset,
                expected,
            } => bad_pile_at(f, token, source, *number, *offset, expected),
            Self::LineTooLong { limit } => write!(
                f,
                "the line is longer than {limit} bytes, so it was skipped; give long lists of piles in a file with `--file PATH`"
            ),
            Self::BadRange { token, why } => {
                write!(f, "bad range {}: ", quoted(token))?;
                range_why(f, token, why)
            }
            Self::IllegalMove(e) => write!(f, "illegal move: {}", Said(e)),
            Self::NoShell => f.write_str(
                "`completions` needs a shell: bash, zsh, fish, elvish or powershell, as in \
                 `nimlab completions bash` (`nimlab completions bash -h` says where to put them)",
            ),
            Self::InNimlabAlready { line } => write!(
                f,
                "you are in nimlab already: type `{line}` without `nimlab`"
            ),
            Self::AnswerNotMove { answer } => write!(
                f,
                "`take` moves in a game, and none is in progress: the question wants your \
                 answer alone, like `{answer}`"
            ),
            Self::NoGame => f.write_str("no game in progress; start one with `play 4 7 5`"),
            Self::NothingToUndo => f.write_str("nothing to undo: you have not moved yet"),
            Self::NothingToExplain => f.write_str(
                "no move to explain: `why` follows a move in a game (`play 4 7 5`), and `undo` \
                 takes the moves it would explain back",
            ),
            Self::GameInProgress => {
                f.write_str("a game is in progress: finish it, or `resign` first")
            }
            Self::StepInGame => f.write_str(
                "`step` plays the session's position, not a game: in a game, `hint` shows the \
                 winning move",
            ),
            Self::NoLesson => f.write_str(
                "no lesson in progress: start one with `lesson start ID` (see `lesson list`)",
            ),
            Self::NothingToStep => {
                f.write_str("nothing to step through: start with `derive 0..5` or `prove NAME`")
            }
            Self::NoPiles => f.write_str(
                "no piles given: write them like `winner 3 4 5`, or set the session's position \
                 with `position 3 4 5`",
            ),
            Self::NoPilesFor { command } => write!(
                f,
                "no piles given: write them like `{command} 3 4 5`, or set the session's \
                 position with `position 3 4 5`"
            ),
            Self::NoPositionToChange => {
                f.write_str("no position to change: set one first with `position 3 4 5`")
            }
            Self::NoPositionToStep => {
                f.write_str("no position to step through: set one with `position 4 7 5`")
            }
            Self::PilesTwice { extra } => write!(
                f,
                "give piles either with --file or on the line, not both (found {})",
                quoted(extra)
            ),
            Self::StdinIsScript => f.write_str(
                "`-` reads piles from standard input, but standard input is the script being \
                 run; put the piles in a file and use `--file PATH`",
            ),
            Self::NoPilesIn { source } => write!(
                f,
                "no piles found in {source}: expected whitespace-separated pile sizes"
            ),
            Self::TooManyPilesToPlay { source } => {
                write!(f, "{source} holds too many piles to play a game with")
            }
            Self::TooManyPilesToSearch { source } => write!(
                f,
                "{source} holds too many piles to search move by move (misère play is decided by \
                 exhaustive search)"
            ),
            Self::TooManyPilesToKeep { source, limit } => write!(
                f,
                "{source} holds more than {limit} piles, too many for the session's position; \
                 use `winner --file` or `move --file` to decide it"
            ),
            Self::NoStartPosition { rules } => write!(
                f,
                "`{rules}` has no random start: give the position, {}",
                Said(&rules.pile_syntax())
            ),
            Self::NoPeriod { rules } => no_period(f, rules),
            Self::GraphAgainstSession { rules } => write!(
                f,
                "a graph's positions are names, not pile sizes: they mean nothing by the \
                 session's rules (`{rules}`) or the other way round; change the session's rules \
                 first with `rules …`"
            ),
            Self::PlayTooLong { limit } => write!(
                f,
                "the line of play from here is longer than {limit} moves: use `step` to go one \
                 move at a time"
            ),
            Self::NoDerivation { size } => write!(f, "no derivation for size {size}"),
            Self::NoVariable => f.write_str(
                "this step has no variable to instantiate: its check is one fact (`next` goes \
                 on)",
            ),
            Self::AtSyntax { var } => write!(f, "write `at {var} = K`, with a whole number K"),
            Self::Proof(e) => write!(f, "a bundled proof does not load: {e}"),
            Self::NoFormat {
                format,
                what,
                others,
            } => no_format(f, format, what, others),
            Self::Read { path, source } => write!(
                f,
                "cannot read {}: {source}",
                quoted(&path.to_string_lossy())
            ),
            Self::Unreadable { error, piles } => unreadable(f, error, *piles),
            Self::ReadInput(e) => write!(f, "cannot read standard input: {e}"),
            Self::Write(e) => write!(f, "cannot write output: {e}"),
            Self::Progress(e) => e.fmt(f),
            Self::Expr { error, .. } => error.fmt(f),
            Self::Claim(error) => error.fmt(f),
            Self::Draw(e) => e.fmt(f),
            Self::Refused(refusal) => refusal.fmt(f),
            Self::CheckFailed { failures } => write!(
                f,
                "lesson check: {failures} failure{}",
                if *failures == 1 { "" } else { "s" }
            ),
            Self::LessonLine { error } => error.fmt(f),
            // A sentence that does not parse as typed is shown under the message, with a
            // caret at the bad token (`diagnostic`): the message says only what was expected.
            Self::Sentence {
                text,
                error: crate::proof::SentenceError::Parse { error, text: read },
            } if read == text && super::diagnostic::points_at(error, read) => {
                f.write_str(&super::decide_words::parse_error(&error.kind))
            }
            Self::Sentence { text, error } => write!(f, "`{}`: {error}", text.trim()),
            Self::ConjectureFails { failures, checked } => write!(
                f,
                "the conjecture is false: it fails for {failures} of the {checked} values checked"
            ),
            Self::ConjectureDecidedFalse { var, at: Some(n) } => write!(
                f,
                "the conjecture is false: decided false at {var} = {n}, past the values compared by mex"
            ),
            Self::ConjectureDecidedFalse { var, at: None } => write!(
                f,
                "the conjecture is false: decided false for some {var}, past the values compared by mex"
            ),
            Self::SentenceFalse => f.write_str("the sentence is false"),
            Self::NotDecided { work } => write!(
                f,
                "the sentence was not decided within the decider's limits; `decide --work {}` allows twice the work",
                work.saturating_mul(2)
            ),
            Self::PositionClaimFails { at } => {
                write!(f, "the conjecture is false: it fails at {at}")
            }
            Self::ScriptLimit { path, line, limit } => script_limit(f, path, *line, limit),
            Self::ScriptFailed { failures } => write!(
                f,
                "{failures} line{} failed",
                if *failures == 1 { "" } else { "s" }
            ),
        }
    }
}

/// `goto` a step the lesson does not have: the nearest id, then the numbers and ids it takes.
fn no_such_step(
    f: &mut fmt::Formatter<'_>,
    id: &str,
    nearest: Option<&str>,
    ids: &[String],
) -> fmt::Result {
    write!(f, "this lesson has no step {}", crate::engine::quoted(id))?;
    if let Some(near) = nearest {
        write!(f, " (did you mean `{near}`?)")?;
    }
    write!(
        f,
        "; `goto` takes a step's number, 1 to {}, or its id: {}",
        ids.len(),
        ids.iter()
            .map(|i| format!("`{i}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Stopped over the memory limit: which limit it was, and how to raise it or ask for less.
fn over_memory(
    f: &mut fmt::Formatter<'_>,
    limit: u64,
    bound: crate::engine::memory::Bound,
) -> fmt::Result {
    let limit = super::bytes::Bytes(limit);
    match bound {
        crate::engine::memory::Bound::Set => write!(
            f,
            "stopped: this needs more than nimlab's memory limit of {limit}; raise \
             it with `--memory SIZE` or NIMLAB_MEMORY (e.g. `--memory 4G`), or ask \
             for less"
        ),
        crate::engine::memory::Bound::Lesson => write!(
            f,
            "stopped: this needs more than the memory limit of {limit} that a \
             lesson keeps to (`--memory` does not raise it); ask for less, or run \
             it outside the lesson"
        ),
        crate::engine::memory::Bound::System => write!(
            f,
            "stopped: this needs more than {limit}, the most this process may \
             allocate (the system's limit on it, less what it already holds); ask \
             for less, or run nimlab with a higher limit (`ulimit -v`, the \
             container's memory)"
        ),
    }
}

/// A lesson id that names no lesson: the one meant, if one is near, and where the rest are.
fn no_such_lesson(
    f: &mut fmt::Formatter<'_>,
    token: &str,
    expected: &crate::error::Expected,
) -> fmt::Result {
    match crate::suggestion::nearest(token, expected.choices()) {
        Some(name) => write!(
            f,
            "no lesson {}: did you mean `{name}`? (`lesson list` shows them all)",
            quoted(token)
        ),
        None => write!(
            f,
            "no lesson {}: `lesson list` shows the lessons there are",
            quoted(token)
        ),
    }
}

/// A word of a file or a stream that is not a pile: where it is, and what a pile is there.
fn bad_pile_at(
    f: &mut fmt::Formatter<'_>,
    token: &str,
    source: &PileSource,
    number: u64,
    offset: u64,
    expected: &PileExpected,
) -> fmt::Result {
    write!(
        f,
        "{} (pile {number}, at byte {offset} of {source}) is not a pile: expected ",
        quoted(token)
    )?;
    match expected {
        PileExpected::Wanted(wanted) => fmt::Display::fmt(&Said(wanted), f),
        PileExpected::Refused(error) => fmt::Display::fmt(&Said(error), f),
        PileExpected::Shorter { rules, max } => {
            write!(
                f,
                "a pile of {rules} (a pile in a file is at most {max} bytes)"
            )
        }
    }
}

/// `period` of rules whose values never repeat: which games it looks at, and why these
/// rules are not one of them.
fn no_period(f: &mut fmt::Formatter<'_>, rules: &Rules) -> fmt::Result {
    f.write_str(
        "`period` looks at octal games (`--rules octal:0.77`) and subtraction games \
         (`--rules subtract:1,3,4`); ",
    )?;
    match rules {
        Rules::Graph(_) => f.write_str("a graph's positions have no sizes to repeat over"),
        Rules::ZeroMove => {
            f.write_str("zero-move values grow with n (g(nF) = n), so they never repeat")
        }
        Rules::Misere => f.write_str(
            "misere's piles have the normal-play values of Nim, g(n) = n, which \
             never repeat (misère play is decided by Bouton's misère rule, not by \
             these values: see `winner`)",
        ),
        Rules::Defined(_) => write!(
            f,
            "{rules} is a defined game: nimlab reads its rule one state at a time, \
             so no finite check proves a period; `grundy --rules {rules} 0..1000 \
             --values` lists its values"
        ),
        _ => write!(f, "{rules} has g(n) = n, which never repeats"),
    }
}

/// `--format` a command or an output does not print as: the formats it does print as.
fn no_format(
    f: &mut fmt::Formatter<'_>,
    format: &str,
    what: &Formless,
    others: &[String],
) -> fmt::Result {
    write!(f, "`--format {format}` does not apply to ")?;
    match what {
        Formless::Command(name) => write!(f, "`{name}`")?,
        Formless::Output(description) => f.write_str(description)?,
    }
    f.write_str(": it prints as ")?;
    match others.split_last() {
        Some((last, rest)) if !rest.is_empty() => write!(f, "{} or {last}", rest.join(", ")),
        _ => f.write_str(&others.join("")),
    }
}

/// A file that cannot be read: the system's reason, not a regular file (piles come from a
/// pipe with `-`), or too large.
fn unreadable(f: &mut fmt::Formatter<'_>, error: &CappedReadError, piles: bool) -> fmt::Result {
    let path = |path: &std::path::Path| quoted(&path.to_string_lossy()).to_string();
    match error {
        CappedReadError::Io { path: p, source } => {
            write!(f, "cannot read {}: {source}", path(p))
        }
        CappedReadError::NotRegular { path: p, kind } => {
            write!(
                f,
                "cannot read {}: it is a {kind}, not a regular file",
                path(p)
            )?;
            if piles {
                f.write_str("; give piles from a pipe with `-`")?;
            }
            Ok(())
        }
        CappedReadError::TooLarge { path: p, limit } => {
            write!(
                f,
                "cannot read {}: it is larger than {limit} bytes",
                path(p)
            )
        }
    }
}

/// Scripts stopped at a limit (nested too deep, or too many lines run): where, and a guess
/// at why.
fn script_limit(
    f: &mut fmt::Formatter<'_>,
    path: &std::path::Path,
    line: Option<usize>,
    limit: &ScriptLimit,
) -> fmt::Result {
    let path = path.to_string_lossy();
    let at = match line {
        Some(line) => format!("{} line {line}", quoted(&path)),
        None => quoted(&path).to_string(),
    };
    match limit {
        ScriptLimit::Depth(depth) => {
            write!(f, "scripts nested more than {depth} deep at {at}")?;
        }
        ScriptLimit::Lines(lines) => write!(
            f,
            "the scripts this command started ran more than {lines} lines; stopped at {at}"
        )?,
    }
    f.write_str(" (does a script run itself?)")
}

// Long on purpose: one arm per variant of `DrawError`, each one sentence; split, the words of
// `draw`'s refusals would scatter over several functions.
impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyPositions { limit } => write!(
                f,
                "more than {limit} positions are reachable, too many to look at; draw a smaller \
                 position (fewer or smaller piles, like `draw 4`)"
            ),
            Self::TooMuchWork { limit } => write!(
                f,
                "listing the reachable positions would take too long (more than {limit} heaps \
                 examined); draw a smaller position (fewer or smaller piles)"
            ),
            Self::NoPiles => f.write_str(
                "no piles given: write the position to draw, like `draw 3` or `draw 2 3`, or \
                 set the session's with `position 2 3`",
            ),
            Self::Misere => f.write_str(
                "misère play is not decided by Grundy values, so there are none to draw; draw \
                 the same moves under normal play with `--rules nim`",
            ),
            Self::PlotGraph => f.write_str(
                "a graph's positions have no sizes to plot values against; `draw --rules \
                 graph:FILE` draws the graph itself",
            ),
            Self::PlotTuples { game } => write!(
                f,
                "the states of `{game}` are tuples, not sizes, so there is no g(n) to plot; \
                 `draw --rules {game} STATE` draws the game graph from one state"
            ),
            Self::PlotTooWide { token, limit } => write!(
                f,
                "bad range {}: a plot shows at most {limit} sizes; plot a shorter range",
                quoted(token)
            ),
            Self::PlotTargets { extra } => write!(
                f,
                "{} is not valid here: `draw --plot` takes one range, like `0..200`",
                quoted(extra)
            ),
            Self::Format { format, plot: true } => write!(
                f,
                "`--format {format}` does not apply to `draw --plot`: a plot is drawn as svg"
            ),
            Self::Format {
                format,
                plot: false,
            } => write!(
                f,
                "`--format {format}` does not apply to `draw`: it draws as dot or svg"
            ),
            Self::NoGraphviz => f.write_str(
                "drawing SVG needs Graphviz's `dot`, which is not installed (not on PATH): \
                 install the `graphviz` package (`apt install graphviz`, `brew install \
                 graphviz`, `winget install graphviz`), or `--format dot` writes the graph for \
                 any Graphviz viewer",
            ),
            Self::Graphviz { why } => graphviz_failed(f, why),
            Self::Exists { path } => write!(
                f,
                "{} exists; add `--force` to replace it",
                quoted(&path.to_string_lossy())
            ),
            Self::NotAFile {
                path,
                directory: true,
            } => write!(
                f,
                "{} is a directory; write the picture to a file in it, like `-o {}/graph.svg`",
                quoted(&path.to_string_lossy()),
                path.display()
            ),
            Self::NotAFile {
                path,
                directory: false,
            } => write!(
                f,
                "cannot write {}: its directory does not exist",
                quoted(&path.to_string_lossy())
            ),
            Self::Extension {
                extension,
                plot: false,
            } => write!(
                f,
                "nimlab does not write `.{extension}` pictures: `-o` takes `.svg` (through \
                 Graphviz), `.dot` or `.gv`, or `--format dot|svg` names the format; for \
                 .{extension}, write DOT and convert it: `dot -T{extension} x.dot -o x.{extension}`"
            ),
            Self::Extension {
                extension,
                plot: true,
            } => write!(
                f,
                "nimlab does not write `.{extension}` plots: a plot is SVG (`-o plot.svg`)"
            ),
            Self::Special { path, kind } => write!(
                f,
                "{} is {}; write the picture to a file, a character device such as \
                 /dev/null, a pipe, or `-o -` for standard output",
                quoted(&path.to_string_lossy()),
                match kind {
                    Unwritable::Socket => "a socket",
                    Unwritable::BlockDevice => "a block device",
                }
            ),
            Self::NoReader { path } => write!(
                f,
                "no one is reading the FIFO {}: nothing was written; start its reader first \
                 (`cat {} &`), then draw again",
                quoted(&path.to_string_lossy()),
                path.to_string_lossy()
            ),
            Self::WriteFile { path, source } => write!(
                f,
                "cannot write {}: {source}",
                quoted(&path.to_string_lossy())
            ),
        }
    }
}

/// "Graphviz's `dot` failed: …": how it failed to start, to run or to answer.
fn graphviz_failed(f: &mut fmt::Formatter<'_>, why: &GraphvizWhy) -> fmt::Result {
    f.write_str("Graphviz's `dot` failed: ")?;
    match why {
        GraphvizWhy::NotStarted(e) => write!(f, "it could not be started ({e})"),
        GraphvizWhy::NoPipes => f.write_str("its pipes could not be opened"),
        GraphvizWhy::Wait(e) => write!(f, "waiting for it failed ({e})"),
        GraphvizWhy::TooLong { seconds } => write!(f, "it ran longer than {seconds} s"),
        GraphvizWhy::Unread => f.write_str("its output could not be read"),
        GraphvizWhy::Exited {
            status,
            complaint: None,
        } => write!(f, "it exited with {status}"),
        GraphvizWhy::Exited {
            status,
            complaint: Some(complaint),
        } => write!(f, "{} ({status})", printable(complaint)),
        GraphvizWhy::NotUtf8 => f.write_str("its SVG is not UTF-8"),
    }
}

/// `--rules R ` as a suggested command line needs it (quoted as a shell would need), or
/// nothing for the session's rules.
fn with_rules(rules: Option<&str>) -> String {
    rules.map_or_else(String::new, |r| {
        format!("--rules {} ", shell_words::quote(r))
    })
}

/// Why a range was refused; `token` is the range as written.
fn range_why(f: &mut fmt::Formatter<'_>, token: &str, why: &RangeWhy) -> fmt::Result {
    match why {
        RangeWhy::Backwards { from, to } => {
            write!(f, "it ends before it starts; did you mean `{to}..{from}`?")
        }
        RangeWhy::NotASize { end, example } => write!(
            f,
            "{} is not a size; write a range like `{example}` (both ends included)",
            quoted(end)
        ),
        RangeWhy::AboveMax { end } => write!(f, "{} is above 2⁶⁴ − 1", quoted(end)),
        RangeWhy::TooManyDigits { end } => write!(f, "{} has more than 20 digits", quoted(end)),
        RangeWhy::TableBeyond { max } => write!(
            f,
            "tables by mex go up to {max}; for one huge state use `grundy N`"
        ),
        RangeWhy::TooManyRows {
            rows,
            max,
            values_max,
        } => write!(
            f,
            "{rows} rows is more than the {max} a table with options shows; pick a smaller \
             range, or add `--values` for each state's value alone, streamed (ranges up to \
             {values_max}; `--format csv` or `--format json` for a file)"
        ),
        RangeWhy::TooManyOptions { options, max } => write!(
            f,
            "its rows list {options} options, more than the {max} nimlab prints; pick a \
             smaller range"
        ),
        RangeWhy::ValuesBeyond { max } => write!(
            f,
            "values by mex go up to {max} (an octal game's, anywhere once its period is \
             proven); for one huge state use `grundy N`"
        ),
        RangeWhy::TooManySizes { sizes, max } => write!(
            f,
            "it holds {sizes} sizes; a range of values lists at most {max}"
        ),
        RangeWhy::DerivationSizes { max, rules } => write!(
            f,
            "a derivation walks at most {max} sizes; for a larger table use `grundy {}{token}`",
            with_rules(rules.as_deref())
        ),
        RangeWhy::DerivationBeyond { max, rules } => write!(
            f,
            "a derivation goes up to size {max}; for one large state use `grundy {}{token}`",
            with_rules(rules.as_deref())
        ),
        RangeWhy::ValuesNeedRange => {
            f.write_str("`--values` lists a range: write it like `0..1000000` (both ends included)")
        }
        RangeWhy::PlotBeyond { max } => write!(f, "a plot goes up to n = {max}"),
    }
}

/// One line from clap's message (`rendered`): its first line, without the `error: ` prefix,
/// the lines that complete it, and the tip clap gives for a mistyped command if there is one;
/// what was `typed` quoted as every other message quotes it, and "subcommand" said as a person
/// at nimlab's prompt says it.
fn clap_line(rendered: &str, typed: &[String]) -> String {
    // clap quotes what was typed in full and in single quotes; quote it as every other
    // message does, cut to a readable length.
    let mut rendered = rendered.to_string();
    for v in typed {
        rendered = rendered.replace(&format!("'{v}'"), &quoted(v).to_string());
        if v.chars().count() > crate::engine::QUOTE_MAX {
            rendered = rendered.replace(v.as_str(), &crate::engine::shortened(v).to_string());
        }
    }
    let mut lines = rendered.lines().map(str::trim);
    let first = lines.next().unwrap_or("cannot parse the command");
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    // The lines up to the first blank one complete the sentence: the missing arguments,
    // the possible values.
    for detail in lines.by_ref().take_while(|l| !l.is_empty()) {
        message.push(' ');
        message.push_str(detail);
    }
    // clap's tip names the similar names in single quotes, one or several: said the one way
    // every "did you mean" is said.
    let meant: Vec<String> = lines
        .find_map(|l| l.strip_prefix("tip: "))
        .filter(|tip| tip.contains("similar"))
        .map(|tip| {
            tip.split(['\'', '`'])
                .skip(1)
                .step_by(2)
                .map(|name| format!("`{name}`"))
                .collect()
        })
        .unwrap_or_default();
    // clap says "subcommand"; to a person at nimlab's prompt these are commands.
    let mut message = message
        .replace("unrecognized subcommand", "unknown command")
        .replace("requires a subcommand", "requires a command");
    let unknown_command = message.starts_with("unknown command");
    match meant.as_slice() {
        [] if unknown_command => message.push_str("; type `help` for the list of commands"),
        [] => {}
        names => {
            let list = match names {
                [one] => one.clone(),
                [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
                [] => String::new(),
            };
            message.push_str(&format!(": did you mean {list}?"));
            if unknown_command {
                message.push_str(" (`help` lists the commands)");
            }
        }
    }
    message
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ReadsFiles { what } => {
                f.write_str("a lesson's commands cannot read files or standard input: ")?;
                f.write_str(match what {
                    Reads::LessonsDir => "`--lessons DIR` names a directory",
                    Reads::Script => "`run FILE` reads a script",
                    Reads::PictureFile => "`--file PICTURE` names a file",
                    Reads::GraphFile => "`graph:FILE` names a file",
                    Reads::PilesFile => "`--file PATH` names a file",
                    Reads::StandardInput => "`-` reads standard input",
                })
            }
            Self::NotForLessons { command, why } => {
                write!(f, "a lesson's commands cannot use `{command}`: ")?;
                f.write_str(match why {
                    Unfit::Steers => {
                        "it steers what the learner is stepping through, and a lesson's line \
                         runs a command that stands alone"
                    }
                    Unfit::Lessons => "lessons do not start, check, reset or leave lessons",
                    Unfit::Quits => "a lesson does not leave nimlab",
                    Unfit::DrawsToFile => "a lesson draws its pictures on the screen, not in files",
                    Unfit::ShellOnly => {
                        "shell completions and the manual page are for the shell, not a lesson"
                    }
                })
            }
            Self::OverBudget { spent } => {
                let limit = match spent {
                    Spent::Lines { limit } => format!("{limit} command lines"),
                    Spent::Time { limit } => format!("{} seconds", limit.as_secs()),
                };
                write!(
                    f,
                    "the lesson's commands have used their budget of {limit} at once; a lesson \
                     shows quick examples, so the rest are not run"
                )
            }
        }
    }
}

impl fmt::Display for PileSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::File(path) => write!(f, "`{}`", path.display()),
            Self::StandardInput => f.write_str("standard input"),
        }
    }
}
