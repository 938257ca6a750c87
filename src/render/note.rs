//! The words of short notes: confirmations and pointers that are neither a table nor a
//! position. Text fills them to the width; CSV and Markdown print them as they are; JSON
//! holds them under `message`.

use std::io::{self, Write};

use serde::Serialize;

use super::RenderOptions;
use crate::engine::DefinedGame;
use crate::engine::Rules;
use crate::output::{Note, SetAside};

/// `note` in words.
pub(super) fn words(note: &Note) -> String {
    match note {
        Note::RulesSet(rules, set_aside) => {
            let mut text = match rules {
                Rules::Defined(game) => {
                    format!(
                        "rules: {rules}, defined by\n  {}{}",
                        definition_lines(game.text()),
                        beyond_notation(game)
                    )
                }
                _ => format!("rules: {rules}"),
            };
            if let Some(SetAside { rules: old, piles }) = set_aside {
                const SHOWN: usize = 8;
                let mut names: Vec<String> =
                    piles.iter().take(SHOWN).map(|&p| old.name_of(p)).collect();
                if piles.len() > SHOWN {
                    names.push(format!("… ({} piles)", piles.len()));
                }
                text.push_str(&format!(
                    "\nthe position {} ({old}) was cleared: its piles are not piles of {rules}; \
                     `position` sets one",
                    names.join(" ")
                ));
            }
            text
        }
        Note::GameDefined(rules) => format!(
            "defined {rules}, now the session's rules (`--rules game:{rules}` names it; `rules` sets others)"
        ),
        Note::NoPosition => "no position yet: set one with `position 3 4 5`".into(),
        Note::FirstState => "this is the first state; Enter or `next` goes on".into(),
        Note::FirstStep => "this is the first step; Enter or `next` goes on".into(),
        Note::Proofs(proofs) => {
            let mut text = "proofs (open one with `prove NAME`):".to_string();
            for (id, title) in proofs {
                text.push_str(&format!("\n  {id:<20} {title}"));
            }
            text
        }
        Note::ProofEnd { id } => format!(
            "end of `{id}`: every step's check was run by the engine. `prove` lists the others."
        ),
        Note::ConfirmReset { id } => format!(
            "This forgets your progress in `{id}`. To confirm, type `lesson reset {id} --yes`."
        ),
        Note::NoProgressKept => "no progress is kept in this session".into(),
        Note::LessonInProgress {
            id,
            title,
            step,
            of,
        } => format!(
            "You were at step {step} of {of} of “{}”: `lesson start {}` goes on from there.",
            crate::render::printable(title),
            crate::render::printable(id)
        ),
        Note::Forgotten { id, warning } => {
            let forgotten = format!("progress in `{id}` forgotten");
            match warning {
                // Coloured or not, the note is filled as a whole: the warning goes plain.
                Some(w) => format!(
                    "{}{forgotten}",
                    super::warning(w, super::Style::default(), None)
                ),
                None => forgotten,
            }
        }
    }
}

/// What a rule the engine writes itself (a game of tuples of any length, which the game
/// language cannot write) means beyond its notation, by the game's name.
fn beyond_notation(game: &DefinedGame) -> &'static str {
    match (game.any_length(), game.name()) {
        (true, "staircase") => ", where coins moved down from step 1 leave the staircase",
        _ => "",
    }
}

/// A definition too long for one line of 80 columns, broken before each `∪` as the library
/// writes its long definitions, so a line is not broken inside a set.
fn definition_lines(text: &str) -> String {
    const ONE_LINE: usize = 76;
    if text.chars().count() <= ONE_LINE {
        return text.to_string();
    }
    text.split(" ∪ ").collect::<Vec<_>>().join("\n    ∪ ")
}

/// Text: the words filled to the width.
pub(super) fn text(note: &Note, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{}",
        super::prose::fill(&words(note), opts.width.into())
    )
}

/// CSV and Markdown: the words as they are.
pub(super) fn plain(note: &Note, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", words(note))
}

/// JSON: `{"message": …}`.
#[derive(Serialize)]
pub(super) struct NoteJson {
    message: String,
}

pub(super) fn json(note: &Note) -> NoteJson {
    NoteJson {
        message: words(note),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn written(note: &Note, width: u16) -> String {
        let opts = RenderOptions {
            width,
            ..RenderOptions::default()
        };
        let mut buf = Vec::new();
        text(note, &opts, &mut buf).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_long_definition_is_broken_before_each_union() {
        let long = "game w(a, b) = {(a - k, b) : k in 1..a} ∪ {(a, b - k) : k in 1..b} ∪ {(a - k, b - k) : k in 1..min(a, b)}";
        assert_eq!(
            definition_lines(long),
            "game w(a, b) = {(a - k, b) : k in 1..a}\n    ∪ {(a, b - k) : k in 1..b}\n    ∪ {(a - k, b - k) : k in 1..min(a, b)}"
        );
        let short = "game t(n) = {n - k : k in {1, 3}, k <= n} ∪ {0 : k in 1..n}";
        assert_eq!(definition_lines(short), short);
    }

    #[test]
    fn notes_in_words() {
        assert_eq!(
            written(&Note::RulesSet(Rules::Nim, None), 80),
            "rules: nim\n"
        );
        let proofs = Note::Proofs(vec![("sg".into(), "The sum".into())]);
        assert_eq!(
            written(&proofs, 80),
            "proofs (open one with `prove NAME`):\n  sg                   The sum\n"
        );
        let forgotten = Note::Forgotten {
            id: "mex".into(),
            warning: None,
        };
        let mut buf = Vec::new();
        super::super::json_shapes::emit(&json(&forgotten), &mut buf).unwrap();
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            "{\"message\":\"progress in `mex` forgotten\"}\n"
        );
    }

    #[test]
    fn the_staircase_rule_says_where_the_coins_from_step_1_go() {
        let made = crate::engine::ruleset_name::find("staircase")
            .and_then(|row| row.built_in)
            .unwrap()
            .make;
        let staircase = Rules::Defined(std::sync::Arc::new(made()));
        assert_eq!(
            words(&Note::RulesSet(staircase, None)),
            "rules: staircase, defined by\n  game staircase(s1, …, sn) = {(…, s(i-1) + k, \
             s(i) - k, …) : i in 1..n, k in 1..s(i)}, where coins moved down from step 1 leave \
             the staircase"
        );
    }

    #[test]
    fn a_long_note_is_filled_to_the_width() {
        let note = Note::ConfirmReset { id: "mex".into() };
        assert_eq!(
            written(&note, 40),
            "This forgets your progress in `mex`. To\nconfirm, type `lesson reset mex --yes`.\n"
        );
    }
}
