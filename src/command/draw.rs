//! `draw`: pictures. A position's game graph — every position reachable from it, valued by the
//! engine — as Graphviz DOT, or as SVG through Graphviz's `dot`; a Grundy sequence plotted as
//! SVG by nimlab itself. The picture goes to standard output or, with `-o FILE`, to a file
//! (never over an existing one without `--force`). This is the edge: `dot` is run and files
//! are written here; the engine computes, the renderer writes the text.

mod graphviz;

use std::io::Write as _;
use std::path::Path;

pub use crate::error::DrawError;

use super::Session;
use super::period::DEFAULT_TO;
use super::position::Kind;
use super::rules::rules_or_session;
use crate::cli::{DrawArgs, Format};
use crate::engine::Budget;
use crate::engine::reachable::{self, WalkRefused};
use crate::engine::{EngineError, Pass, Pile, Rules};
use crate::engine::{LOOKUP_WORK, Solver, TABLE_MAX_SIZE};
use crate::engine::{SizeError, parse_size};
use crate::engine::{SubtractionSet, values_until_period};
use crate::error::{Error, Expected, RangeWhy, Unwritable};
use crate::output::{
    Drawing, GraphPicture, Output, PictureFormat, PlotPeriod, PlotSeries, SequencePlot,
};

/// The most positions a game graph shows.
const MAX_POSITIONS: usize = 500;
/// Work the walk may do, in heaps copied: far more than 500 positions of a few heaps need.
const WALK_WORK: u64 = 2_000_000;
/// The most sizes a plot shows.
const MAX_PLOT_SIZES: u64 = 5_000;
/// A plot without a range shows 0..=this.
const DEFAULT_PLOT_TO: u64 = 100;

pub(super) fn draw(session: &mut Session, args: &DrawArgs) -> Result<Output, Error> {
    let format = picture_format(args, session.interactive)?;
    if let Some(path) = output(args) {
        check_destination(path, args.force)?;
    }
    let kind = Kind::of(session, &args.rules, &args.targets, args.file.is_some());
    if kind == Kind::Pictures {
        let text = match format {
            PictureFormat::Dot => super::hackenbush::dot(args)?,
            PictureFormat::Svg => graphviz::svg(&super::hackenbush::dot(args)?, &session.cancel)?,
            PictureFormat::Text => super::hackenbush::drawn(args)?,
        };
        return finish(args, format, text);
    }
    if let Some(path) = &args.file {
        return Err(Error::bad_token(
            path.display().to_string(),
            Expected::HackenbushFile,
        ));
    }
    if !args.plot && kind == Kind::Sum {
        let text = args.targets.join(" ");
        return Err(Error::bad_token(
            crate::engine::token_excerpt(text.as_bytes()),
            Expected::DrawOneRuleset,
        ));
    }
    let mut solver = rules_or_session(session, &args.rules)?;
    if solver.rules().is_misere() {
        return Err(DrawError::Misere.into());
    }
    let text = if args.plot {
        let plot = plot(session, &mut solver, &args.targets)?;
        session.remember(&solver);
        match format {
            PictureFormat::Text => crate::render::draw::plot_text(&plot),
            _ => crate::render::draw::plot_svg(&plot),
        }
    } else {
        let picture = graph(session, &mut solver, &args.targets)?;
        session.remember(&solver);
        match format {
            PictureFormat::Dot => crate::render::draw::dot(&picture),
            PictureFormat::Svg => {
                graphviz::svg(&crate::render::draw::dot(&picture), &session.cancel)?
            }
            PictureFormat::Text => crate::render::draw::graph_tree(&picture),
        }
    };
    finish(args, format, text)
}

/// The picture's text on standard output, or written to `-o FILE`.
fn finish(args: &DrawArgs, format: PictureFormat, text: String) -> Result<Output, Error> {
    match output(args) {
        None => Ok(Output::Drawing(Drawing::Text(text))),
        Some(path) => {
            write_file(path, text.as_bytes(), args.force)?;
            Ok(Output::Drawing(Drawing::Written {
                path: path.to_path_buf(),
                format,
                bytes: text.len() as u64,
            }))
        }
    }
}

/// The line's `--format` if it gave a picture's (`text` draws in the terminal), else the
/// output file's extension (`.svg`, `.dot`, `.gv`), else for a person at the prompt a
/// drawing in the terminal, and otherwise DOT for a graph and SVG for a plot.
fn picture_format(args: &DrawArgs, at_a_terminal: bool) -> Result<PictureFormat, DrawError> {
    let refuse = |format: Format| DrawError::Format {
        format: clap::ValueEnum::to_possible_value(&format)
            .map_or_else(String::new, |v| v.get_name().to_string()),
        plot: args.plot,
    };
    let format = match args.format {
        Some(Format::Dot) => PictureFormat::Dot,
        Some(Format::Svg) => PictureFormat::Svg,
        Some(Format::Text) => PictureFormat::Text,
        Some(other) => return Err(refuse(other)),
        None => {
            let extension = args
                .output
                .as_deref()
                .and_then(Path::extension)
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase);
            match extension.as_deref() {
                Some("svg") => PictureFormat::Svg,
                Some("dot" | "gv") => PictureFormat::Dot,
                // `-o x.png` would get DOT text under a PNG's name: refused, with the way to a
                // PNG. `--format` says what is meant whatever the name.
                Some(other) => {
                    return Err(DrawError::Extension {
                        extension: other.to_string(),
                        plot: args.plot,
                    });
                }
                None if at_a_terminal => PictureFormat::Text,
                None if args.plot => PictureFormat::Svg,
                None => PictureFormat::Dot,
            }
        }
    };
    if args.plot && format == PictureFormat::Dot {
        return Err(refuse(Format::Dot));
    }
    Ok(format)
}

/// Every position reachable from the piles on the line (or the session's position; for a graph
/// file with no piles, every position of the graph), each valued by the solver, which first
/// reaches the starts (so a defined game is valued as `grundy` and `winner` value it).
fn graph(
    session: &Session,
    solver: &mut Solver,
    targets: &[String],
) -> Result<GraphPicture, Error> {
    let rules = &solver.rules().clone();
    // Commas between piles were split when the line was read, as for every command; a comma
    // inside brackets belongs to a tuple state (`(2,1)` of Wythoff's game).
    let staircase = super::position::staircase_words(rules, targets)?;
    let targets = staircase.as_deref().unwrap_or(targets);
    let tokens: Vec<&str> = targets.iter().map(String::as_str).collect();
    let (starts, whole) = match (rules, tokens.is_empty()) {
        (Rules::Graph(graph), true) => {
            let every = (0..graph.len() as u64)
                .take(MAX_POSITIONS + 1)
                .map(|node| vec![Pile::plain(node)])
                .collect();
            (every, true)
        }
        (_, true) if !session.position().is_empty() => (vec![session.position_for(rules)], false),
        (_, true) => return Err(DrawError::NoPiles.into()),
        (_, false) => {
            let piles = tokens
                .iter()
                .map(|t| rules.parse_pile(t))
                .collect::<Result<Vec<Pile>, EngineError>>()?;
            (vec![piles], false)
        }
    };
    let mut reach = Budget::new(LOOKUP_WORK).cancelled_by(&session.cancel);
    for &heap in starts.iter().flatten() {
        solver.reach_within(heap, &rules.name_of(heap), &mut reach)?;
    }
    let mut budget = Budget::new(WALK_WORK).cancelled_by(&session.cancel);
    let graph =
        reachable::walk(solver, &starts, MAX_POSITIONS, &mut budget).map_err(|e| match e {
            WalkRefused::TooManyPositions { limit } => DrawError::TooManyPositions { limit }.into(),
            WalkRefused::TooMuchWork { limit } => DrawError::TooMuchWork { limit }.into(),
            WalkRefused::Interrupted => Error::interrupted(),
            WalkRefused::Unvalued(e) => Error::from(*e),
        })?;
    Ok(GraphPicture {
        rules: rules.clone(),
        graph,
        whole,
    })
}

/// g(n) over the range on the line, each value computed or proven by the solver, and the
/// period as far as the engine proves one.
fn plot(session: &Session, solver: &mut Solver, targets: &[String]) -> Result<SequencePlot, Error> {
    let rules = solver.rules().clone();
    match &rules {
        Rules::Graph(_) => return Err(DrawError::PlotGraph.into()),
        Rules::Defined(game) if game.has_tuples() => {
            return Err(DrawError::PlotTuples {
                game: rules.to_string(),
            }
            .into());
        }
        _ => {}
    }
    if let [_, extra, ..] = targets {
        return Err(DrawError::PlotTargets {
            extra: extra.clone(),
        }
        .into());
    }
    let token = targets.first().map_or("", String::as_str);
    let (from, to) = plot_range(targets.first().map(String::as_str))?;
    if to - from >= MAX_PLOT_SIZES {
        return Err(DrawError::PlotTooWide {
            token: token.into(),
            limit: MAX_PLOT_SIZES,
        }
        .into());
    }
    let mut budget = Budget::new(LOOKUP_WORK).cancelled_by(&session.cancel);
    solver.reach_within(rules.pile(to), &to.to_string(), &mut budget)?;
    let kinds: Vec<Option<Pass>> = if rules.has_pass() {
        vec![Some(Pass::Unused), Some(Pass::Spent)]
    } else {
        vec![None]
    };
    let series = kinds
        .into_iter()
        .map(|pass| {
            let points = (from..=to)
                .map(|n| {
                    let pile = pass.map_or_else(|| rules.pile(n), |p| Pile::zero_move(n, p));
                    Ok((n, solver.value(pile)?))
                })
                .collect::<Result<_, EngineError>>()?;
            Ok(PlotSeries { pass, points })
        })
        .collect::<Result<_, Error>>()?;
    let period = match &rules {
        Rules::Octal(_) => {
            let values = solver.octal();
            match values.and_then(|v| v.period()) {
                Some(p) => PlotPeriod::Proven(p),
                None => PlotPeriod::NotFound {
                    looked_to: values.and_then(|v| v.computed()).unwrap_or(to),
                },
            }
        }
        Rules::Subtract(set) => subtraction_period(set, session)?,
        _ => PlotPeriod::Never,
    };
    Ok(SequencePlot {
        rules,
        from,
        to,
        series,
        period,
    })
}

/// A subtraction game's period as `period` finds it, with `period`'s default reach: the
/// engine's one finder, on g(0) … g(DEFAULT_TO).
fn subtraction_period(set: &SubtractionSet, session: &Session) -> Result<PlotPeriod, Error> {
    let values = usize::try_from(DEFAULT_TO + 1).unwrap_or(usize::MAX);
    let looked = values_until_period(set, values, &session.cancel)?;
    Ok(match looked.period {
        Some(p) => PlotPeriod::Proven(p),
        None => PlotPeriod::NotFound {
            looked_to: DEFAULT_TO,
        },
    })
}

/// `A..B`, or `B` for `0..B`; 0..100 without one.
fn plot_range(token: Option<&str>) -> Result<(u64, u64), Error> {
    let Some(token) = token else {
        return Ok((0, DEFAULT_PLOT_TO));
    };
    let bound = |text: &str| {
        parse_size(text)
            .ok()
            .filter(|&n| n <= TABLE_MAX_SIZE)
            .ok_or_else(|| Error::BadRange {
                token: token.into(),
                why: match parse_size(text) {
                    Ok(_) | Err(SizeError::TooLarge) => RangeWhy::PlotBeyond {
                        max: TABLE_MAX_SIZE,
                    },
                    Err(_) => RangeWhy::NotASize {
                        end: text.to_string(),
                        example: "0..200",
                    },
                },
            })
    };
    let (from, to) = match token.split_once("..") {
        Some((a, b)) => (bound(a)?, bound(b.strip_prefix('=').unwrap_or(b))?),
        None => (0, bound(token)?),
    };
    if from > to {
        return Err(Error::BadRange {
            token: token.into(),
            why: RangeWhy::Backwards { from, to },
        });
    }
    Ok((from, to))
}

/// The file `-o` names; `-o -` is standard output, as for most tools.
fn output(args: &DrawArgs) -> Option<&Path> {
    args.output
        .as_deref()
        .filter(|path| *path != Path::new("-"))
}

/// Whether `path` is a character device or a pipe, which a picture is written into in place
/// (`-o /dev/null`, `-o /dev/stdout`, a FIFO), never renamed over.
fn written_in_place(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata(path)
            .is_ok_and(|m| m.file_type().is_char_device() || m.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// What kind of file other than a regular one, a directory, a character device or a pipe
/// `path` is (a socket, a block device), which no picture is written to.
fn special_kind(path: &Path) -> Option<Unwritable> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = std::fs::metadata(path).ok()?.file_type();
        if kind.is_socket() {
            return Some(Unwritable::Socket);
        }
        if kind.is_block_device() {
            return Some(Unwritable::BlockDevice);
        }
    }
    let _ = path;
    None
}

/// Refuses, before any work, a destination that cannot take the picture: an existing file
/// without `force`, a directory, a socket or block device, or a place in a directory that
/// does not exist. A character device or a pipe takes it in place, `force` or not.
fn check_destination(path: &Path, force: bool) -> Result<(), DrawError> {
    let path_buf = || path.to_path_buf();
    if path.is_dir() {
        return Err(DrawError::NotAFile {
            path: path_buf(),
            directory: true,
        });
    }
    if let Some(kind) = special_kind(path) {
        return Err(DrawError::Special {
            path: path_buf(),
            kind,
        });
    }
    if written_in_place(path) {
        return Ok(());
    }
    if !force && std::fs::symlink_metadata(path).is_ok() {
        return Err(DrawError::Exists { path: path_buf() });
    }
    if !directory_of(path).is_dir() {
        return Err(DrawError::NotAFile {
            path: path_buf(),
            directory: false,
        });
    }
    Ok(())
}

/// The directory a file is written in: its parent, or the current directory.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// How long a FIFO is given to find a reader started at the same time (`cat fifo & draw`).
const READER_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Opens a character device or a pipe for writing without waiting for ever: a FIFO that no one
/// reads fails (`ENXIO`) after [`READER_GRACE`] instead of blocking until a reader comes, which
/// nothing, Ctrl-C included, would cut short. Once open, writes wait as usual (a full pipe
/// drains).
fn open_in_place(path: &Path) -> std::io::Result<std::fs::File> {
    let start = std::time::Instant::now();
    loop {
        match open_now(path) {
            Err(e) if is_fifo_without_reader(&e) && start.elapsed() < READER_GRACE => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            opened => return opened,
        }
    }
}

fn open_now(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    #[cfg(unix)]
    {
        use nix::fcntl::{FcntlArg, OFlag, fcntl};
        let flags = OFlag::from_bits_truncate(fcntl(&file, FcntlArg::F_GETFL)?);
        fcntl(&file, FcntlArg::F_SETFL(flags - OFlag::O_NONBLOCK))?;
    }
    Ok(file)
}

/// Whether opening failed because a FIFO has no reader (`ENXIO` on a non-blocking open).
fn is_fifo_without_reader(error: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(libc::ENXIO)
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file beside it, then moved
/// into place (over an existing file only with `force`, keeping its mode; a new file gets the
/// mode the umask allows). A character device or a pipe is written in place.
fn write_file(path: &Path, bytes: &[u8], force: bool) -> Result<(), Error> {
    // The error is the target's: a temporary file's name (which the error of making one
    // carries) means nothing to whoever asked for `path`.
    let failed = |source: std::io::Error| {
        // (tempfile adds ` at path "DIR/.tmpXXXX"` to the system's words, and keeps no other
        // way to them.)
        let source = match source.to_string().rsplit_once(" at path \"") {
            Some((said, _)) if source.raw_os_error().is_none() => {
                std::io::Error::new(source.kind(), said.to_string())
            }
            _ => source,
        };
        Error::Draw(DrawError::WriteFile {
            path: path.to_path_buf(),
            source,
        })
    };
    if written_in_place(path) {
        let mut file = open_in_place(path).map_err(|e| {
            if is_fifo_without_reader(&e) {
                Error::Draw(DrawError::NoReader {
                    path: path.to_path_buf(),
                })
            } else {
                failed(e)
            }
        })?;
        return file
            .write_all(bytes)
            .and_then(|()| file.flush())
            .map_err(failed);
    }
    let old = std::fs::metadata(path).ok().filter(|m| m.is_file());
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The kernel applies the umask to a new file's 0666, as for any file a tool creates.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(directory_of(path)).map_err(failed)?;
    if let Some(old) = old {
        // A replaced file keeps its mode exactly, the umask notwithstanding.
        file.as_file()
            .set_permissions(old.permissions())
            .map_err(failed)?;
    }
    file.write_all(bytes).map_err(failed)?;
    file.flush().map_err(failed)?;
    let placed = if force {
        file.persist(path).map(drop)
    } else {
        file.persist_noclobber(path).map(drop)
    };
    placed.map_err(|e| match e.error.kind() {
        std::io::ErrorKind::AlreadyExists => Error::Draw(DrawError::Exists {
            path: path.to_path_buf(),
        }),
        _ => failed(e.error),
    })
}
