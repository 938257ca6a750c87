//! The lessons nimlab knows: those bundled into the binary, and those in a `--lessons DIR`
//! (which add to them or override them by id).

use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::lesson_error::{LessonError, LessonFault};
use super::loader::{MAX_BYTES, load};
use super::model::Lesson;
use crate::capped_read::{CappedReadError, read_capped};

/// The bundled lessons, in teaching order: (file name, contents).
pub const BUNDLED: &[(&str, &str)] = &[
    // P- and N-positions first: they need only a game's rules, and the question they end on
    // (which sums of two won positions are lost?) is what mex and Grundy values answer.
    (
        "pn-positions.yaml",
        include_str!("../../lessons/pn-positions.yaml"),
    ),
    ("mex.yaml", include_str!("../../lessons/mex.yaml")),
    ("nim.yaml", include_str!("../../lessons/nim.yaml")),
    ("grundy.yaml", include_str!("../../lessons/grundy.yaml")),
    // Subtraction games next: Grundy values by mex on one pile, and the simplest periods with
    // the simplest proof, before octal games need Guy–Smith.
    (
        "subtraction.yaml",
        include_str!("../../lessons/subtraction.yaml"),
    ),
    // Two take-away games beyond finite subtraction sets: a limit that moves with the play
    // (Fibonacci Nim, solved by Zeckendorf's representation), and an infinite set (the
    // squares), whose values never become periodic.
    (
        "fibonacci-nim.yaml",
        include_str!("../../lessons/fibonacci-nim.yaml"),
    ),
    ("squares.yaml", include_str!("../../lessons/squares.yaml")),
    // Graph games after subtraction games: the same mex on any finite graph, and a pile game
    // seen as a graph of a special shape.
    (
        "graph-games.yaml",
        include_str!("../../lessons/graph-games.yaml"),
    ),
    // Loopy games right after: the same graphs with cycles, where play may never end, valued
    // by Smith's generalised function γ (∞ values, draws).
    (
        "loopy-games.yaml",
        include_str!("../../lessons/loopy-games.yaml"),
    ),
    // Wythoff right after: the queen is a token on the graph of a board's squares, and its
    // lost squares come from backward induction alone, with a formula checked by search.
    ("wythoff.yaml", include_str!("../../lessons/wythoff.yaml")),
    // Kayles needs only Grundy values and sums, so it comes before the zero-move chapter.
    ("kayles.yaml", include_str!("../../lessons/kayles.yaml")),
    // Take-and-break games right after Kayles: the split, valued by XOR, becomes a move of its
    // own (Lasker's Nim) or the only move (Grundy's game); a pattern proved and one still open
    // close the chapter on heaps that split.
    (
        "take-and-break.yaml",
        include_str!("../../lessons/take-and-break.yaml"),
    ),
    // Coin turning needs Grundy values and sums only; it closes the games whose values are
    // found by mex before the zero-move chapter.
    (
        "coin-turning.yaml",
        include_str!("../../lessons/coin-turning.yaml"),
    ),
    // Two more Nim heaps in disguise, right after coin-turning ends on that idea; Bouton's rule
    // is all they need.
    (
        "translate-to-nim.yaml",
        include_str!("../../lessons/translate-to-nim.yaml"),
    ),
    // Equivalence after the disguises of Nim it explains: G ≈ H when G + H is lost, and
    // reversible moves (Northcott's game, Poker Nim).
    (
        "equivalence.yaml",
        include_str!("../../lessons/equivalence.yaml"),
    ),
    // Moore's Nim_k closes the Nim chapter's variants: Bouton's proof counted mod k + 1.
    ("moore.yaml", include_str!("../../lessons/moore.yaml")),
    // Chomp after the Nim chapter: a poset game whose first player wins by strategy stealing,
    // the moves found by search.
    ("chomp.yaml", include_str!("../../lessons/chomp.yaml")),
    // Green Hackenbush after the disguises of Nim: a stalk is one more, and trees and cycles
    // reduce to stalks by the colon and fusion principles, each checked by search.
    (
        "hackenbush.yaml",
        include_str!("../../lessons/hackenbush.yaml"),
    ),
    (
        "zero-move.yaml",
        include_str!("../../lessons/zero-move.yaml"),
    ),
    ("odd-even.yaml", include_str!("../../lessons/odd-even.yaml")),
    (
        "play-zero-move.yaml",
        include_str!("../../lessons/play-zero-move.yaml"),
    ),
    ("misere.yaml", include_str!("../../lessons/misere.yaml")),
    // Misère play beyond Nim right after misère Nim: sums whose parts' outcomes do not decide
    // them, genus and a first misère quotient, all by search.
    (
        "misere-play.yaml",
        include_str!("../../lessons/misere-play.yaml"),
    ),
    (
        "check-the-textbook.yaml",
        include_str!("../../lessons/check-the-textbook.yaml"),
    ),
    // What the decider proves for every n, and where it stops: after the lessons whose
    // conjectures and proofs it decides.
    (
        "machine-proofs.yaml",
        include_str!("../../lessons/machine-proofs.yaml"),
    ),
];

/// Every lesson available, in order: bundled first, then a directory's new ones by file name.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    lessons: Vec<Lesson>,
}

impl Catalog {
    /// Loads the bundled lessons and those in `dir`. Lessons that fail to load are reported
    /// and left out; the rest are usable.
    pub fn load(dir: Option<&Path>) -> (Self, Vec<LessonError>) {
        let mut lessons = Vec::new();
        let mut errors = Vec::new();
        for (name, text) in BUNDLED {
            match load(&format!("lessons/{name}"), text) {
                Ok(lesson) => lessons.push(lesson),
                Err(e) => errors.push(e),
            }
        }
        if let Some(dir) = dir {
            for path in lesson_files(dir, &mut errors) {
                match read(&path) {
                    Ok(lesson) => match lessons.iter().position(|l: &Lesson| l.id == lesson.id) {
                        Some(i) => lessons[i] = lesson,
                        None => lessons.push(lesson),
                    },
                    Err(e) => errors.push(e),
                }
            }
        }
        (Self { lessons }, errors)
    }

    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    pub fn get(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }

    /// The ids, for completion and "did you mean".
    pub fn ids(&self) -> Vec<String> {
        self.lessons.iter().map(|l| l.id.clone()).collect()
    }
}

/// Reads and loads one lesson file: a regular file (a FIFO, a device or a directory is
/// refused without being read), of at most [`MAX_BYTES`] bytes however long it claims to be.
pub fn read(path: &Path) -> Result<Lesson, LessonError> {
    let origin = path.display().to_string();
    let fail = |line: Option<usize>, fault: LessonFault| LessonError {
        line,
        ..LessonError::of_file(origin.clone(), fault)
    };
    let limit = u64::try_from(MAX_BYTES).unwrap_or(u64::MAX);
    let bytes = read_capped(path, limit).map_err(|e| match e {
        CappedReadError::Io { source, .. } => fail(
            None,
            LessonFault::Unreadable {
                source: Arc::new(source),
            },
        ),
        CappedReadError::NotRegular { kind, .. } => fail(None, LessonFault::NotRegular { kind }),
        CappedReadError::TooLarge { .. } => fail(None, too_large(path)),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        fail(Some(line), LessonFault::NotUtf8)
    })?;
    load(&origin, &text)
}

/// How large a refused file is. The length the file system reports is given only when it
/// agrees that the file is too large; the refusal itself counted the bytes read.
fn too_large(path: &Path) -> LessonFault {
    let bytes = std::fs::metadata(path)
        .map(|m| m.len())
        .ok()
        .filter(|&len| usize::try_from(len).map_or(true, |len| len > MAX_BYTES));
    LessonFault::TooLarge {
        bytes,
        limit: MAX_BYTES,
    }
}

/// The `.yaml`/`.yml` entries directly in `dir`, sorted by name. Directories are left out;
/// anything else that is not a regular file (a FIFO, a link to a device) is listed, so reading
/// it reports it instead of leaving it out in silence.
pub fn lesson_files(dir: &Path, errors: &mut Vec<LessonError>) -> Vec<PathBuf> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(LessonError::of_file(
                dir.display().to_string(),
                LessonFault::DirUnreadable {
                    source: Arc::new(e),
                },
            ));
            return Vec::new();
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            !p.is_dir() && matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
        })
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_utf8_is_refused_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("latin1.yaml");
        std::fs::write(&path, b"format: 1\nid: x\ntitle: caf\xe9\n").unwrap();
        let e = read(&path).unwrap_err();
        assert!(matches!(*e.fault, LessonFault::NotUtf8), "{e:?}");
        assert_eq!(e.line, Some(3));
    }

    #[test]
    fn a_file_over_the_limit_is_refused_with_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.yaml");
        std::fs::write(&path, vec![b'#'; MAX_BYTES + 1]).unwrap();
        let e = read(&path).unwrap_err();
        assert!(
            matches!(
                *e.fault,
                LessonFault::TooLarge {
                    bytes: Some(1_048_577),
                    limit: 1_048_576
                }
            ),
            "{e:?}"
        );
    }

    #[test]
    fn directories_are_left_out_and_other_entries_listed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub.yaml")).unwrap();
        std::fs::write(dir.path().join("b.yml"), "").unwrap();
        std::fs::write(dir.path().join("a.yaml"), "").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "").unwrap();
        let mut errors = Vec::new();
        let files = lesson_files(dir.path(), &mut errors);
        let names: Vec<_> = files.iter().filter_map(|p| p.file_name()).collect();
        assert_eq!(names, ["a.yaml", "b.yml"]);
        assert!(errors.is_empty());
    }
}
