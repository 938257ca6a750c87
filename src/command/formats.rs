//! Which commands print in which formats. Every command prints as text, Markdown, CSV and
//! JSON; only tables, binary views, derivations, proofs and periods have a LaTeX form, so
//! `--format latex` on any other command is refused before it runs (a refused `play` starts
//! no game). The picture formats, `dot` and `svg`, are `draw`'s alone, and `draw` reads its
//! line's format itself.

use crate::cli::{Command, Format};
use crate::error::{Error, Formless};

/// Refuses `format` for `command` if the command has no form in it.
pub fn check_format(command: &Command, format: Format) -> Result<(), Error> {
    if let Command::Draw(_) = command {
        return Ok(());
    }
    if format.is_picture()
        && !matches!(
            command,
            Command::Quit | Command::Help { .. } | Command::Run { .. }
        )
    {
        return Err(Error::NoFormat {
            format: if format == Format::Dot { "dot" } else { "svg" },
            what: Formless::Command(name(command)),
            others: Format::names_but(""),
        });
    }
    if format != Format::Latex || has_latex_form(command) {
        return Ok(());
    }
    Err(Error::NoFormat {
        format: "latex",
        what: Formless::Command(name(command)),
        others: Format::names_but("latex"),
    })
}

/// Grundy tables, binary views, derivations, proofs and periods; `quit`, `help` and `run`
/// print nothing of
/// their own worth refusing.
fn has_latex_form(command: &Command) -> bool {
    matches!(
        command,
        Command::Grundy { values: false, .. }
            | Command::Winner(_)
            | Command::Move(_)
            | Command::Nimsum(_)
            | Command::Position(_)
            | Command::Set { .. }
            | Command::Derive { .. }
            | Command::Prove { .. }
            | Command::Period { .. }
            | Command::Quit
            | Command::Help { .. }
            | Command::Run { .. }
    )
}

/// The command as it is typed.
fn name(command: &Command) -> &'static str {
    match command {
        Command::Mex { .. } => "mex",
        Command::Grundy { values: true, .. } => "grundy --values",
        Command::Grundy { .. } => "grundy",
        Command::Period { .. } => "period",
        Command::Winner(_) => "winner",
        Command::Move(_) => "move",
        Command::Nimsum(_) => "nimsum",
        Command::Eval { .. } => "=",
        Command::Game { .. } => "game",
        Command::Derive { .. } => "derive",
        Command::Conjecture { .. } => "conjecture",
        Command::Decide { .. } => "decide",
        Command::Verify { .. } => "verify",
        Command::Prove { .. } => "prove",
        Command::Expand => "expand",
        Command::At { .. } => "at",
        Command::Next => "next",
        Command::Back => "back",
        Command::Lesson { .. } => "lesson",
        Command::Goto { .. } => "goto",
        Command::Skip => "skip",
        Command::Reveal => "reveal",
        Command::Rules { .. } => "rules",
        Command::Position(_) => "position",
        Command::Set { .. } => "set",
        Command::Play(_) => "play",
        Command::Take { .. } => "take",
        Command::Pass { .. } => "pass",
        Command::Undo => "undo",
        Command::Hint => "hint",
        Command::Resign => "resign",
        Command::Why { .. } => "why",
        Command::Step { .. } => "step",
        Command::Run { .. } => "run",
        Command::Completions { .. } => "completions",
        Command::Man { .. } => "man",
        Command::Help { .. } => "help",
        Command::Quit => "quit",
        Command::Draw(_) => "draw",
    }
}
