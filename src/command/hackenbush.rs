//! `--rules hackenbush`: Green Hackenbush, whose piles are pictures. `winner`, `move` and
//! `nimsum` take pictures written on the line (and one from `--file PICTURE.yaml`), `grundy`
//! one written picture, `draw` any of them; the engine values them.

use crate::cli::{DrawArgs, PositionArgs, RulesArg};
use crate::engine::EngineError;
use crate::engine::PictureWhy;
use crate::engine::hackenbush_syntax;
use crate::engine::ruleset_name::{self, Named};
use crate::engine::{MAX_EDGES, Picture, PictureError};
use crate::error::{Error, Expected};
use crate::output::{HackenbushComponent, HackenbushReport, HackenbushView, Output, PositionView};

/// Whether the command's `--rules` names Green Hackenbush.
pub(super) fn asked_for(rules: &RulesArg) -> bool {
    matches!(
        rules.rules.as_deref().map(ruleset_name::read),
        Some(Ok(Named::Hackenbush))
    )
}

/// The error for a line without a picture, with an example line.
fn no_picture(example: &'static str, file: bool) -> Error {
    Error::NoPicture { example, file }
}

/// One written picture.
fn written(word: &str) -> Result<HackenbushComponent, Error> {
    let picture = hackenbush_syntax::parse(word).map_err(|e| EngineError::BadPicture {
        token: crate::engine::token_excerpt(word.as_bytes()),
        why: PictureWhy::Written(e),
    })?;
    Ok(HackenbushComponent::new(word.to_string(), picture))
}

/// The pictures of a line: each word written, then the file's, within [`MAX_EDGES`] in all.
pub(super) fn components(
    words: &[String],
    file: Option<&std::path::Path>,
) -> Result<Vec<HackenbushComponent>, Error> {
    let mut out = Vec::new();
    for word in words {
        if word == "-" {
            return Err(Error::bad_token("-", Expected::PicturesNotStdin));
        }
        out.push(written(word)?);
    }
    if let Some(path) = file {
        let source = path.display().to_string();
        let picture: Picture = crate::graph::hackenbush::read(path, &source)?;
        out.push(HackenbushComponent::new(source, picture));
    }
    let edges: usize = out.iter().map(|c| c.picture().edges().len()).sum();
    if edges > MAX_EDGES {
        return Err(EngineError::BadPicture {
            token: words.join(" "),
            why: PictureWhy::Built(PictureError::TooManyEdges { limit: MAX_EDGES }),
        }
        .into());
    }
    if out.is_empty() {
        return Err(no_picture("winner --rules hackenbush 2(1,3) 5", true));
    }
    Ok(out)
}

/// `winner`, `move`, `nimsum --rules hackenbush PICTURE…`.
pub(super) fn position(args: &PositionArgs, view: PositionView) -> Result<HackenbushReport, Error> {
    if args.misere {
        return Err(Error::bad_token("--misere", Expected::HackenbushNormalPlay));
    }
    let view = match view {
        PositionView::Winner => HackenbushView::Winner,
        PositionView::Move => HackenbushView::Move,
        PositionView::NimSum => HackenbushView::NimSum,
    };
    let components = components(&args.piles, args.file.as_deref())?;
    Ok(HackenbushReport::new(view, components))
}

/// `grundy --rules hackenbush PICTURE…`: a picture's value, worked out; of several, each
/// one's and the sum's.
pub(super) fn grundy(words: &[String]) -> Result<Output, Error> {
    if words.is_empty() {
        return Err(no_picture("grundy --rules hackenbush 2(1,3)", false));
    }
    let components = words.iter().map(|w| written(w)).collect::<Result<_, _>>()?;
    Ok(Output::PictureValue(HackenbushReport::new(
        HackenbushView::Grundy,
        components,
    )))
}

/// `draw --rules hackenbush PICTURE…`: the pictures as DOT, each node with its value and the
/// first winning cut marked.
pub(super) fn dot(args: &DrawArgs) -> Result<String, Error> {
    if args.plot {
        return Err(Error::bad_token("--plot", Expected::HackenbushNoPlot));
    }
    let components = components(&args.targets, args.file.as_deref())?;
    let report = HackenbushReport::new(HackenbushView::Move, components);
    Ok(crate::render::draw::hackenbush_dot(&report))
}

/// `draw --rules hackenbush PICTURE… --format text`: the pictures drawn in the terminal, each
/// node by its name, the first winning cut marked.
pub(super) fn drawn(args: &DrawArgs) -> Result<String, Error> {
    if args.plot {
        return dot(args);
    }
    let components = components(&args.targets, args.file.as_deref())?;
    let report = HackenbushReport::new(HackenbushView::Move, components);
    Ok(crate::render::draw::hackenbush_text(&report))
}
