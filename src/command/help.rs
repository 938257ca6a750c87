//! Help: a newcomer's overview, and each command's own help from the one clap definition.

use clap::CommandFactory;

use crate::cli::{Cli, command_names};
use crate::engine::ruleset_name::RULESETS;
use crate::error::{Error, Expected};
use crate::output::{Help, Overview};

/// The overview's facts: every command with its help, from the command definition (the ones
/// the shell takes, then the ones that step through an activity in the workbench), the
/// ruleset names from the engine's table, and the commands that take `--rules`.
fn overview() -> Overview {
    let cli = Cli::command();
    let about = |c: &clap::Command| {
        (
            c.get_name().to_string(),
            c.get_about().map(|a| a.to_string()).unwrap_or_default(),
        )
    };
    Overview {
        commands: cli
            .get_subcommands()
            .filter(|c| !c.is_hide_set())
            .map(about)
            .collect(),
        inside: cli
            .get_subcommands()
            .filter(|c| c.is_hide_set())
            .map(about)
            .collect(),
        rulesets: RULESETS.iter().map(|r| r.usage()).collect(),
        taking_rules: commands_taking_rules(),
    }
}

/// The commands that take `--rules R`, in the order of the command definition.
pub(super) fn commands_taking_rules() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_long() == Some("rules")))
        .map(|c| c.get_name().to_string())
        .collect()
}

/// The overview, or the help of one command or subcommand (`help lesson start`).
pub fn help_text(topic: &[String]) -> Result<Help, Error> {
    let Some((first, rest)) = topic.split_first() else {
        return Ok(Help::Overview(overview()));
    };
    let mut command = Cli::command();
    let mut path = Vec::new();
    for (depth, word) in std::iter::once(first).chain(rest).enumerate() {
        let name = word.to_ascii_lowercase();
        let choices: Vec<String> = command
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        let Some(sub) = command.find_subcommand(&name).cloned() else {
            let expected = if depth == 0 {
                Expected::CommandName {
                    names: command_names(),
                }
            } else {
                Expected::Subcommand {
                    of: path.join(" "),
                    names: choices,
                }
            };
            return Err(Error::bad_token(word.as_str(), expected));
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    let help = crate::cli::command_help(&path, true).unwrap_or_default();
    Ok(Help::Grammar(help.trim_end().to_string()))
}
