//! Lessons through the real binary: `lesson check` on the bundled lessons and on broken
//! fixtures, every bundled lesson completed from a script, progress (resume, `back`/`goto`,
//! `kill -9`, every kind of unusable progress file, an unwritable data directory, several
//! nimlabs saving at once), answers compared by value, presenter mode, and one lesson on a real
//! terminal.
//!
//! Most tests drive `tests/fixtures/lessons/good/drill.yaml` (added with `--lessons`), whose
//! seven steps are, in order: 1 `intro` (text), 2 `show` (run), 3 `xor` (ask: 3 ⊕ 8 ⊕ 6),
//! 4 `who` (ask: who wins Nim 1 2 4), 5 `pick` (choices: mex{0, 2}), 6 `law` (claim),
//! 7 `end` (text). Every expected value is checked by hand beside the test that uses it, or is
//! the lesson author's own `solution`.

mod answers;
mod check;
mod complete;
mod concurrent;
mod course;
mod progress;
mod results;
#[cfg(unix)]
mod terminal;
mod unusable;

use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

use crate::support::{Output, Test};

/// `tests/fixtures/lessons/NAME`.
pub(crate) fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/lessons")
        .join(name)
}

/// The bundled lessons' directory, `lessons/`.
pub(crate) fn bundled_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons")
}

pub(crate) fn path_str(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// The drill lesson has this many steps.
pub(crate) const DRILL_STEPS: usize = 7;

/// A learner: a data directory of their own that outlives single runs of nimlab, and the drill
/// lesson on top of the bundled ones.
pub(crate) struct Learner {
    pub data: TempDir,
}

impl Learner {
    pub(crate) fn new() -> Self {
        Self {
            data: tempfile::tempdir().expect("a temporary data directory"),
        }
    }

    /// A run of nimlab as this learner.
    pub(crate) fn test(&self) -> Test {
        Test::new()
            .args(["--lessons", &path_str(&fixture("good"))])
            .env("NIMLAB_DATA_DIR", path_str(self.data.path()))
    }

    /// Runs `lines` as a script on standard input.
    pub(crate) fn script<S: AsRef<str>>(&self, lines: &[S]) -> Output {
        let mut script = String::new();
        for line in lines {
            script.push_str(line.as_ref());
            script.push('\n');
        }
        self.test().stdin(script).run()
    }

    pub(crate) fn progress_path(&self) -> PathBuf {
        self.data.path().join("progress.json")
    }

    /// The progress file, parsed.
    #[track_caller]
    pub(crate) fn progress(&self) -> Value {
        let text = std::fs::read_to_string(self.progress_path()).expect("progress.json exists");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("progress.json ({e}):\n{text}"))
    }
}

/// A step's heading as printed: `── TITLE · step K of N · ID ──`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Heading {
    pub number: usize,
    pub of: usize,
    pub id: String,
}

impl Heading {
    pub(crate) fn new(number: usize, of: usize, id: &str) -> Self {
        Self {
            number,
            of,
            id: id.to_owned(),
        }
    }

    /// A step of the drill lesson.
    pub(crate) fn drill(number: usize, id: &str) -> Self {
        Self::new(number, DRILL_STEPS, id)
    }
}

/// Every step heading in `stdout`, in order.
pub(crate) fn headings(stdout: &str) -> Vec<Heading> {
    stdout
        .lines()
        .filter_map(|line| {
            let inner = line.trim().strip_prefix("── ")?.strip_suffix(" ──")?;
            let parts: Vec<&str> = inner.split(" · ").collect();
            let [.., step, id] = parts.as_slice() else {
                return None;
            };
            let (number, of) = step.strip_prefix("step ")?.split_once(" of ")?;
            Some(Heading {
                number: number.parse().ok()?,
                of: of.parse().ok()?,
                id: (*id).to_owned(),
            })
        })
        .collect()
}

/// The last step heading in `stdout`.
#[track_caller]
pub(crate) fn last_heading(stdout: &str) -> Heading {
    headings(stdout)
        .pop()
        .unwrap_or_else(|| panic!("no step heading in:\n{stdout}"))
}

/// The JSON documents among the lines of `stdout` (a script mixing text and `--format json`).
pub(crate) fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        // A document opens with a key; a wrapped line of text may open with a set, `{(2 * n`.
        .filter(|l| l.starts_with("{\""))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// The entry for lesson `id` in a `lesson list --format json` document.
#[track_caller]
pub(crate) fn listed<'a>(list: &'a Value, id: &str) -> &'a Value {
    list["lessons"]
        .as_array()
        .unwrap_or_else(|| panic!("not a lesson list: {list}"))
        .iter()
        .find(|l| l["id"] == id)
        .unwrap_or_else(|| panic!("`{id}` is not listed: {list}"))
}

/// Asserts `needles` occur in `haystack` in this order.
#[track_caller]
pub(crate) fn in_order(haystack: &str, needles: &[&str]) {
    let mut from = 0;
    for needle in needles {
        match haystack[from..].find(needle) {
            Some(i) => from += i + needle.len(),
            None => panic!("{needle:?} is missing after byte {from} of:\n{haystack}"),
        }
    }
}

/// One bundled lesson as its author wrote it, read straight from `lessons/` (so lessons added
/// later are covered without touching the tests).
pub(crate) struct Authored {
    pub file: PathBuf,
    pub id: String,
    pub title: String,
    pub steps: Vec<serde_yaml::Value>,
}

/// Every lesson file directly in `lessons/` (proofs live in a subdirectory).
pub(crate) fn bundled_lessons() -> Vec<Authored> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(bundled_dir())
        .expect("the lessons directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).expect("a lesson file");
            let yaml: serde_yaml::Value = serde_yaml::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: not YAML: {e}", file.display()));
            let field = |key: &str| {
                yaml[key]
                    .as_str()
                    .unwrap_or_else(|| panic!("{}: no `{key}`", file.display()))
                    .to_owned()
            };
            Authored {
                id: field("id"),
                title: field("title"),
                steps: yaml["steps"]
                    .as_sequence()
                    .unwrap_or_else(|| panic!("{}: no `steps`", file.display()))
                    .clone(),
                file,
            }
        })
        .collect()
}
