//! `rules`: the session's ruleset, then every ruleset name from the engine's table with what
//! it is (`ruleset_words.rs`), its other spellings and examples.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use super::prose::wrap;
use super::ruleset_words::{ruleset_help, summary};
use crate::engine::Rules;
use crate::engine::ruleset_name::RULESETS;

pub(super) fn text(current: &Rules, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let style = opts.style;
    let width = opts.layout_width();
    writeln!(out, "rules: {}", style.heading(&current.to_string()))?;
    writeln!(
        out,
        "{}",
        style.dim("`rules R` sets the session's ruleset; `--rules R` sets one command's. R is:")
    )?;
    let name_width = RULESETS
        .iter()
        .map(|r| r.usage().chars().count())
        .max()
        .unwrap_or(0);
    let indent = 2 + name_width + 2;
    for row in &RULESETS {
        let usage = row.usage();
        let lines = wrap(&ruleset_help(row), width.saturating_sub(indent).max(20));
        for (i, line) in lines.iter().enumerate() {
            if i == 0 {
                let padded = format!("{usage:name_width$}");
                writeln!(out, "  {}  {line}", style.heading(&padded))?;
            } else {
                writeln!(out, "{:indent$}{line}", "")?;
            }
        }
    }
    Ok(())
}

pub(super) fn rows(current: &Rules) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let rows = RULESETS
        .iter()
        .map(|row| {
            vec![
                row.usage(),
                row.aliases.join(" "),
                row.examples
                    .iter()
                    .map(|e| e.name)
                    .collect::<Vec<_>>()
                    .join(" "),
                summary(row).to_string(),
                (row.family == current.family()).to_string(),
            ]
        })
        .collect();
    (
        vec!["name", "aliases", "examples", "summary", "current"],
        rows,
    )
}

/// `rules`: the session's ruleset and every ruleset name nimlab reads.
#[derive(Serialize)]
pub(super) struct RulesetsJson {
    rules: String,
    rulesets: Vec<RulesetJson>,
}

#[derive(Serialize)]
struct RulesetJson {
    aliases: &'static [&'static str],
    examples: Vec<ExampleJson>,
    in_expressions: Option<&'static str>,
    name: String,
    summary: &'static str,
}

#[derive(Serialize)]
struct ExampleJson {
    known_as: Option<&'static str>,
    name: &'static str,
}

pub(super) fn json(current: &Rules) -> RulesetsJson {
    RulesetsJson {
        rules: current.to_string(),
        rulesets: RULESETS
            .iter()
            .map(|row| RulesetJson {
                aliases: row.aliases,
                examples: row
                    .examples
                    .iter()
                    .map(|e| ExampleJson {
                        known_as: e.known_as,
                        name: e.name,
                    })
                    .collect(),
                in_expressions: row.in_expression,
                name: row.usage(),
                summary: summary(row),
            })
            .collect(),
    }
}
