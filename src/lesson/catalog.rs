//! The lessons nimlab knows: those bundled into the binary, and those in a `--lessons DIR`
//! (which add to them or override them by id).

use std::path::{Path, PathBuf};

use super::loader::{LessonError, load};
use super::model::Lesson;

/// The bundled lessons, in teaching order: (file name, contents).
pub const BUNDLED: &[(&str, &str)] = &[
    ("mex.yaml", include_str!("../../lessons/mex.yaml")),
    ("nim.yaml", include_str!("../../lessons/nim.yaml")),
    ("grundy.yaml", include_str!("../../lessons/grundy.yaml")),
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
    (
        "check-the-textbook.yaml",
        include_str!("../../lessons/check-the-textbook.yaml"),
    ),
    ("kayles.yaml", include_str!("../../lessons/kayles.yaml")),
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

/// Reads and loads one lesson file.
pub fn read(path: &Path) -> Result<Lesson, LessonError> {
    let origin = path.display().to_string();
    let fail = |message: String| LessonError {
        origin: origin.clone(),
        line: None,
        column: None,
        step: None,
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read it: {e}")))?;
    if meta.len() > super::loader::MAX_BYTES as u64 {
        return Err(fail(format!(
            "the file is {} bytes; lessons may be at most {}",
            meta.len(),
            super::loader::MAX_BYTES
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read it: {e}")))?;
    load(&origin, &text)
}

/// The `.yaml`/`.yml` files directly in `dir`, sorted by name.
pub fn lesson_files(dir: &Path, errors: &mut Vec<LessonError>) -> Vec<PathBuf> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(LessonError {
                origin: dir.display().to_string(),
                line: None,
                column: None,
                step: None,
                message: format!("cannot read the lesson directory: {e}"),
            });
            return Vec::new();
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
        })
        .collect();
    files.sort();
    files
}
