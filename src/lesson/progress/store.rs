//! The progress file in the learner's data directory. Read without a lock (every write is an
//! atomic rename, so a reader sees a whole file); changed under the advisory lock on
//! `progress.lock`: re-read, apply one session's change, write atomically — so two nimlabs at
//! once each keep the other's lessons.
//!
//! A file that cannot be used is never written over: it is renamed aside (under the lock) and
//! the caller is told where, or, if that fails or the file is a newer nimlab's, left alone and
//! nothing is saved.

use std::fs;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use super::Progress;
use super::unusable::{Fate, Problem, SaveError, Unusable};
use crate::capped_read::{CappedReadError, read_capped};
use crate::state_file::{self, LOCK_WAIT, with_lock};

const FILE_NAME: &str = "progress.json";
const LOCK_NAME: &str = "progress.lock";
/// Temporary files are this and a random suffix; older nimlabs used the process id.
const TEMP_PREFIX: &str = "progress.json.tmp-";
/// Far beyond any learner's progress (a few hundred bytes a lesson): a larger file is not ours.
const MAX_BYTES: u64 = 16 << 20;
/// Set-aside copies made within one second are numbered; this many are plenty.
const MAX_COPIES_PER_SECOND: u32 = 1000;

/// The progress file and where it lives.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

/// What is at the progress file's path.
enum Found {
    Nothing,
    Progress(Progress),
    Unusable(Problem),
}

impl Store {
    /// The store in `dir` (created when progress is first saved).
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Reads the progress. Nothing there is a fresh start; an unusable file is set aside (see
    /// [`Fate`]) and reported, and progress starts afresh.
    pub fn load(&self) -> (Progress, Option<Unusable>) {
        let problem = match self.read() {
            Found::Nothing => return (Progress::default(), None),
            Found::Progress(progress) => return (progress, None),
            Found::Unusable(problem) => problem,
        };
        // Set aside under the lock: never two nimlabs moving files at once, and never a file
        // another has just written moved aside for the unusable one it replaced.
        let settled = with_lock(&self.dir.join(LOCK_NAME), LOCK_WAIT, || match self.read() {
            Found::Nothing => (Progress::default(), None),
            Found::Progress(progress) => (progress, None),
            Found::Unusable(problem) => (Progress::default(), Some(self.set_aside(problem))),
        });
        settled.unwrap_or_else(|source| {
            let unusable = Unusable {
                path: self.path(),
                problem,
                fate: Fate::NotLocked { source },
            };
            (Progress::default(), Some(unusable))
        })
    }

    /// Changes the progress as it is on disk now, under the lock: `change` is applied to the
    /// file as re-read, and the result written atomically if it differs. An unusable file is
    /// set aside first (and reported in `Ok`); one that cannot be is left alone and nothing is
    /// written (`Err`).
    pub fn update(
        &self,
        change: impl FnOnce(&mut Progress),
    ) -> Result<Option<Unusable>, SaveError> {
        fs::create_dir_all(&self.dir).map_err(|source| SaveError::Io {
            path: self.dir.clone(),
            source,
        })?;
        with_lock(&self.dir.join(LOCK_NAME), LOCK_WAIT, || {
            self.update_locked(change)
        })
        .map_err(SaveError::Lock)?
    }

    fn update_locked(
        &self,
        change: impl FnOnce(&mut Progress),
    ) -> Result<Option<Unusable>, SaveError> {
        // Holding the lock, no temporary file is anyone's work in progress.
        state_file::remove_stale(&self.dir, TEMP_PREFIX);
        let (mut progress, notice) = match self.read() {
            Found::Nothing => (Progress::default(), None),
            Found::Progress(progress) => (progress, None),
            Found::Unusable(problem) => {
                let unusable = self.set_aside(problem);
                if !unusable.set_aside() {
                    return Err(SaveError::Unusable(unusable));
                }
                (Progress::default(), Some(unusable))
            }
        };
        let before = progress.clone();
        change(&mut progress);
        if progress != before {
            let path = self.path();
            let io_error = |source| SaveError::Io {
                path: path.clone(),
                source,
            };
            let text = progress.to_json().map_err(|e| io_error(e.into()))?;
            state_file::replace(&path, TEMP_PREFIX, text.as_bytes()).map_err(io_error)?;
        }
        Ok(notice)
    }

    fn read(&self) -> Found {
        let path = self.path();
        let bytes = match read_capped(&path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(CappedReadError::Io { source, .. })
                if matches!(
                    source.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                // A link to nothing is not nothing: saving would replace the link unseen.
                return match fs::read_link(&path) {
                    Ok(target) => Found::Unusable(Problem::DanglingLink { target }),
                    Err(_) => Found::Nothing,
                };
            }
            Err(e) => return Found::Unusable(Problem::Unreadable(e)),
        };
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                return Found::Unusable(Problem::NotText {
                    offset: e.utf8_error().valid_up_to(),
                });
            }
        };
        match Progress::from_json(&text) {
            Ok(progress) => Found::Progress(progress),
            Err(problem) => Found::Unusable(problem),
        }
    }

    /// Renames the unusable file to `progress.json.corrupt-<unix seconds>` (then `…-2`, `…-3`
    /// within the same second), never over an earlier copy; a newer nimlab's file stays.
    fn set_aside(&self, problem: Problem) -> Unusable {
        let path = self.path();
        if matches!(problem, Problem::NewerFormat { .. }) {
            return Unusable {
                path,
                problem,
                fate: Fate::LeftForNewer,
            };
        }
        let stamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        // `symlink_metadata`: a dangling link is a name in use too.
        let free = (1..=MAX_COPIES_PER_SECOND)
            .map(|n| match n {
                1 => self.dir.join(format!("{FILE_NAME}.corrupt-{stamp}")),
                n => self.dir.join(format!("{FILE_NAME}.corrupt-{stamp}-{n}")),
            })
            .find(|p| fs::symlink_metadata(p).is_err());
        let fate = match free {
            Some(kept) => match fs::rename(&path, &kept) {
                Ok(()) => Fate::SetAside { kept },
                Err(source) => Fate::NotMoved { source },
            },
            None => Fate::NoFreeName {
                copies: MAX_COPIES_PER_SECOND,
            },
        };
        Unusable {
            path,
            problem,
            fate,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{LessonProgress, StepStatus};
    use super::*;

    fn lesson(current: &str) -> LessonProgress {
        LessonProgress {
            version: 1,
            current: Some(current.into()),
            steps: [(current.to_string(), StepStatus::Seen)].into(),
            ..LessonProgress::default()
        }
    }

    fn names(dir: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn saves_and_loads() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().join("data"));
        let (p, warning) = store.load();
        assert!(warning.is_none());
        assert_eq!(p, Progress::default());
        store
            .update(|p| {
                p.lessons.insert("mex".into(), lesson("q1"));
            })
            .unwrap();
        let (loaded, warning) = store.load();
        assert!(warning.is_none());
        assert_eq!(loaded.lessons["mex"], lesson("q1"));
        assert_eq!(names(&store.dir), ["progress.json", "progress.lock"]);
    }

    #[test]
    fn an_update_merges_into_the_file_as_it_is_now() {
        let dir = tempfile::tempdir().unwrap();
        let one = Store::new(dir.path().to_path_buf());
        let two = Store::new(dir.path().to_path_buf());
        one.update(|p| {
            p.lessons.insert("a".into(), lesson("a1"));
        })
        .unwrap();
        two.update(|p| {
            p.lessons.insert("b".into(), lesson("b1"));
        })
        .unwrap();
        let (p, _) = one.load();
        assert_eq!(p.lessons.keys().collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn nothing_is_written_when_nothing_changes() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf());
        store.update(|p| assert!(!p.forget("mex"))).unwrap();
        assert!(!store.path().exists());
    }

    #[test]
    fn stale_temporary_files_are_removed_on_the_next_save() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["progress.json.tmp-4242", "progress.json.tmp-x9Yz1Q"] {
            fs::write(dir.path().join(name), "half a file").unwrap();
        }
        let store = Store::new(dir.path().to_path_buf());
        store
            .update(|p| {
                p.lessons.insert("mex".into(), lesson("q1"));
            })
            .unwrap();
        assert_eq!(names(dir.path()), ["progress.json", "progress.lock"]);
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(FILE_NAME), "{ not json").unwrap();
        let store = Store::new(dir.path().to_path_buf());
        let (p, warning) = store.load();
        assert_eq!(p, Progress::default());
        let warning = warning.expect("a warning");
        let Fate::SetAside { kept } = &warning.fate else {
            panic!("not set aside: {warning}");
        };
        assert_eq!(fs::read_to_string(kept).unwrap(), "{ not json");
        assert!(warning.to_string().contains(&kept.display().to_string()));
        assert!(!store.path().exists());
    }

    #[test]
    fn a_newer_format_is_left_alone_and_not_saved_over() {
        let dir = tempfile::tempdir().unwrap();
        let newer = "{\"format\": 2, \"lessons\": {\"mex\": \"whatever\"}}";
        fs::write(dir.path().join(FILE_NAME), newer).unwrap();
        let store = Store::new(dir.path().to_path_buf());
        let (_, warning) = store.load();
        assert!(matches!(warning.unwrap().fate, Fate::LeftForNewer));
        let saved = store.update(|p| {
            p.lessons.insert("mex".into(), lesson("q1"));
        });
        assert!(matches!(saved, Err(SaveError::Unusable(_))), "{saved:?}");
        assert_eq!(fs::read_to_string(store.path()).unwrap(), newer);
    }
}
