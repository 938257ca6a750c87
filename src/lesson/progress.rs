//! Where each learner is in each lesson, keyed by lesson id and step id, kept in the user's data
//! directory. Saved atomically (temporary file, fsync, rename); an unreadable file is moved
//! aside and reported, never silently dropped.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// The progress file's format.
const FORMAT: u32 = 1;
const FILE_NAME: &str = "progress.json";

/// Everything a learner has done, per lesson.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub format: u32,
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
}

/// One lesson's progress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The lesson's version when this was written.
    pub version: u32,
    /// The step the learner is on.
    pub current: Option<String>,
    /// What happened at each step, by step id (ids that no longer exist are kept harmlessly).
    #[serde(default)]
    pub steps: BTreeMap<String, StepStatus>,
    #[serde(default)]
    pub finished: bool,
}

/// What happened at a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StepStatus {
    /// Shown (text, run, claim).
    Seen,
    /// A question answered correctly.
    Correct,
    /// A question skipped (its solution shown).
    Skipped,
}

/// The progress file and where it lives.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in `dir`.
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// `$NIMLAB_DATA_DIR`, else the platform's data directory (`~/.local/share/nimlab`).
    pub fn default_location() -> Option<Self> {
        std::env::var_os("NIMLAB_DATA_DIR")
            .map(PathBuf::from)
            .or_else(|| dirs::data_dir().map(|d| d.join("nimlab")))
            .map(Self::new)
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Reads the progress. A missing file is a fresh start; an unreadable one is moved aside
    /// (`progress.json.corrupt-<unix seconds>`, then `…-2`, `…-3` within the same second) and a
    /// warning says where it went.
    pub fn load(&self) -> (Progress, Option<String>) {
        let path = self.path();
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (fresh(), None),
            Err(e) => {
                return (
                    fresh(),
                    Some(format!(
                        "cannot read progress from `{}` ({e}); progress will not be saved over it",
                        path.display()
                    )),
                );
            }
        };
        match serde_json::from_str::<Progress>(&text) {
            Ok(p) if p.format == FORMAT => (p, None),
            result => {
                let why = match result {
                    Ok(p) => format!("format {} is unknown", p.format),
                    Err(e) => e.to_string(),
                };
                let stamp = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                // Never over an earlier copy: two bad files within a second each keep theirs.
                let aside = (1..)
                    .map(|n| match n {
                        1 => self.dir.join(format!("{FILE_NAME}.corrupt-{stamp}")),
                        n => self.dir.join(format!("{FILE_NAME}.corrupt-{stamp}-{n}")),
                    })
                    .find(|p| !p.exists())
                    .expect("an unused name");
                let warning = match fs::rename(&path, &aside) {
                    Ok(()) => format!(
                        "progress file `{}` was unreadable ({why}); it was kept as `{}` and progress starts afresh",
                        path.display(),
                        aside.display()
                    ),
                    Err(e) => format!(
                        "progress file `{}` is unreadable ({why}) and could not be moved aside ({e})",
                        path.display()
                    ),
                };
                (fresh(), Some(warning))
            }
        }
    }

    /// Writes the progress atomically: a temporary file in the same directory, fsync, rename,
    /// then fsync the directory. A reader sees the old file or the new one, never a mix.
    pub fn save(&self, progress: &Progress) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let path = self.path();
        // A progress file that exists but cannot be read is the learner's, not ours to replace.
        if let Err(e) = File::open(&path)
            && e.kind() != io::ErrorKind::NotFound
        {
            return Err(io::Error::new(
                e.kind(),
                format!("the existing file cannot be read ({e}), so it is left as it is"),
            ));
        }
        let tmp = self
            .dir
            .join(format!("{FILE_NAME}.tmp-{}", std::process::id()));
        let result = write_synced(&tmp, progress).and_then(|()| fs::rename(&tmp, &path));
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result?;
        // Make the rename itself durable; not every platform can open a directory.
        if let Ok(dir) = File::open(&self.dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

fn fresh() -> Progress {
    Progress {
        format: FORMAT,
        lessons: BTreeMap::new(),
    }
}

fn write_synced(path: &Path, progress: &Progress) -> io::Result<()> {
    let mut file = File::create(path)?;
    serde_json::to_writer_pretty(&mut file, progress)?;
    file.write_all(b"\n")?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nimlab-progress-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn saves_and_loads() {
        let store = Store::new(temp_dir("roundtrip"));
        let (mut p, warning) = store.load();
        assert!(warning.is_none());
        p.lessons.insert(
            "mex".into(),
            LessonProgress {
                version: 2,
                current: Some("q1".into()),
                steps: [("q1".to_string(), StepStatus::Correct)].into(),
                finished: false,
            },
        );
        store.save(&p).unwrap();
        assert_eq!(store.load(), (p, None));
        let leftovers: Vec<_> = fs::read_dir(&store.dir)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_reported() {
        let dir = temp_dir("corrupt");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(FILE_NAME), "{ not json").unwrap();
        let store = Store::new(dir.clone());
        let (p, warning) = store.load();
        assert!(p.lessons.is_empty());
        let warning = warning.expect("a warning");
        assert!(warning.contains("corrupt-"), "{warning}");
        let kept: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains(".corrupt-"))
            .collect();
        assert_eq!(kept.len(), 1);
        assert_eq!(fs::read_to_string(kept[0].path()).unwrap(), "{ not json");
    }
}
