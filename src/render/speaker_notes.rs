//! What the lecturer reads in presenter mode, step by step (`lesson::speaker_notes` appends it
//! to the lecturer's file): a heading naming the step, the author's notes, and for a question
//! its solution and the likely wrong answers.

use crate::lesson::{Lesson, Step, StepKind};

/// The heading of step `index` (from 0) of `lesson`.
pub(crate) fn speaker_heading(lesson: &Lesson, index: usize) -> String {
    let id = lesson.steps.get(index).map_or("", |s| s.id.as_str());
    format!(
        "{} · step {} of {} · {}",
        lesson.title,
        index + 1,
        lesson.steps.len(),
        id
    )
}

/// What the lecturer reads for a step: the author's notes, then for a question its solution
/// and the likely wrong answers with their diagnoses (the lesson's `wrong_examples`), and for
/// a step without notes what it does, so no step is left blank; a claim's checker's expression
/// always (the screen shows the claim in words only).
pub(crate) fn speaker_notes(
    step: &Step,
    notes: Option<String>,
    solution: Option<String>,
    fill: &mut dyn FnMut(&str) -> String,
) -> String {
    let mut parts: Vec<String> = notes
        .map(|n| n.trim_end().to_string())
        .into_iter()
        .collect();
    match &step.kind {
        StepKind::Ask(q) => {
            if let Some(solution) = solution {
                parts.push(format!("Solution: {solution}"));
            }
            if !q.wrong_examples.is_empty() {
                let mut lines = vec!["Likely wrong answers:".to_string()];
                for w in &q.wrong_examples {
                    lines.push(match &w.feedback {
                        Some(f) => format!("  {} — {}", w.answer, fill(f)),
                        None => format!("  {}", w.answer),
                    });
                }
                parts.push(lines.join("\n"));
            }
        }
        // The checker's expression is off the room's screen: the lecturer always has it.
        StepKind::Claim { check, .. } => parts.push(format!("Checked: `{check}`")),
        _ if !parts.is_empty() => {}
        StepKind::Text(_) => parts.push("(text: let the room read it)".into()),
        StepKind::Run(lines) => parts.push(format!(
            "Runs: {}",
            lines
                .iter()
                .map(|l| format!("`{}`", l.text))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A claim with the author's notes: the notes, then the expression the room does not see.
    #[test]
    fn a_claims_check_is_in_the_notes_even_beside_the_authors() {
        let step = Step {
            id: "law".into(),
            kind: StepKind::Claim {
                statement: "mex{0, 2} is 1.".into(),
                check: "mex{0, 2} = 1".into(),
                theorem: None,
            },
            notes: None,
            rules: None,
            line: 1,
        };
        let notes = speaker_notes(&step, Some("Ask the room first.".into()), None, &mut |t| {
            t.to_string()
        });
        assert_eq!(notes, "Ask the room first.\nChecked: `mex{0, 2} = 1`");
    }
}
