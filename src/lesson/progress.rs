//! Where each learner is in each lesson, keyed by lesson id and step id: the model, and the
//! progress file's format, read tolerantly. What this nimlab does not know (keys a newer nimlab
//! added, step statuses it invented) is kept and written back unchanged, so a newer nimlab's
//! progress survives a run of an older one. The file itself is the store's ([`Store`]).

mod store;
mod unusable;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use store::Store;
pub use unusable::{Fate, Malformed, Problem, SaveError, Unusable};

/// The progress file's format.
pub const FORMAT: u64 = 1;

/// Everything a learner has done, per lesson.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    pub lessons: BTreeMap<String, LessonProgress>,
    as_read: AsRead,
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
    /// When each step was last worked on (shown, answered or skipped), in seconds since the Unix
    /// epoch, by step id. A file written before these were kept has none; a nimlab that does not
    /// read them writes them back unchanged.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub times: BTreeMap<String, u64>,
    /// How many answers were judged at each question (right or wrong), by step id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attempts: BTreeMap<String, u32>,
    /// How many hints were shown at each question, by step id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hints: BTreeMap<String, u32>,
}

/// The keys of a lesson's entry that [`LessonProgress`] reads; every other key is kept aside.
const LESSON_KEYS: [&str; 7] = [
    "version", "current", "steps", "finished", "times", "attempts", "hints",
];

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

/// The file as read, for writing back what this nimlab does not read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct AsRead {
    /// Top-level keys other than `format` and `lessons`.
    top: Map<String, Value>,
    /// By lesson id: the entry as the file had it, and what this nimlab read from it.
    lessons: BTreeMap<String, (Map<String, Value>, LessonProgress)>,
}

impl StepStatus {
    /// How much a status says the learner did: an answer over a step seen over a step skipped.
    fn rank(self) -> u8 {
        match self {
            StepStatus::Correct => 2,
            StepStatus::Seen => 1,
            StepStatus::Skipped => 0,
        }
    }

    /// The status that says more of `self` and `other`.
    pub fn best(self, other: StepStatus) -> StepStatus {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
}

impl Progress {
    /// Records one session's progress in lesson `id` into this (the file as it is now): step by
    /// step, the status that says more wins and the later time, so what another nimlab with the
    /// same lesson open saved since is kept; the step the learner is on is this session's, the
    /// latest; a lesson finished in either is finished. An entry is never replaced whole.
    pub fn record(&mut self, id: String, lesson: LessonProgress) {
        let Some(saved) = self.lessons.get_mut(&id) else {
            self.lessons.insert(id, lesson);
            return;
        };
        for (step, status) in lesson.steps {
            saved
                .steps
                .entry(step)
                .and_modify(|old| *old = old.best(status))
                .or_insert(status);
        }
        // Each nimlab counted from what was saved when it started, so the larger count holds
        // every answer and hint either saw (two counting at once may miss the other's).
        keep_larger(&mut saved.times, lesson.times);
        keep_larger(&mut saved.attempts, lesson.attempts);
        keep_larger(&mut saved.hints, lesson.hints);
        saved.version = lesson.version;
        saved.current = lesson.current;
        saved.finished |= lesson.finished;
    }

    /// Forgets everything about lesson `id`, what a newer nimlab kept included. Returns whether
    /// there was anything to forget.
    pub fn forget(&mut self, id: &str) -> bool {
        let read = self.as_read.lessons.remove(id).is_some();
        self.lessons.remove(id).is_some() | read
    }

    /// Reads the file's text.
    pub fn from_json(text: &str) -> Result<Self, Problem> {
        if text.trim().is_empty() {
            return Err(Problem::Empty);
        }
        let malformed = |reason: Malformed| Problem::Malformed { reason };
        let value: Value =
            serde_json::from_str(text).map_err(|error| malformed(Malformed::NotJson { error }))?;
        let Value::Object(mut top) = value else {
            return Err(malformed(Malformed::NotAnObject));
        };
        let format = match top.remove("format") {
            Some(v) => match v.as_u64() {
                Some(format) => format,
                None => return Err(malformed(Malformed::Format { value: v })),
            },
            None => return Err(malformed(Malformed::NoFormat)),
        };
        if format > FORMAT {
            return Err(Problem::NewerFormat { format });
        }
        if format != FORMAT {
            return Err(Problem::UnknownFormat { format });
        }
        let lessons = match top.remove("lessons") {
            None => Map::new(),
            Some(Value::Object(lessons)) => lessons,
            Some(_) => return Err(malformed(Malformed::LessonsNotAnObject)),
        };
        let mut progress = Self::default();
        for (id, entry) in lessons {
            let Value::Object(entry) = entry else {
                return Err(malformed(Malformed::LessonNotAnObject { id }));
            };
            let lesson = match read_lesson(&entry) {
                Ok(lesson) => lesson,
                Err(error) => return Err(malformed(Malformed::Lesson { id, error })),
            };
            progress
                .as_read
                .lessons
                .insert(id.clone(), (entry, lesson.clone()));
            progress.lessons.insert(id, lesson);
        }
        progress.as_read.top = top;
        Ok(progress)
    }

    /// The file's text: what this nimlab knows, with what it does not know put back. A lesson
    /// this session did not change is written exactly as it was read.
    pub fn to_json(&self) -> serde_json::Result<String> {
        let mut lessons = Map::new();
        for (id, lesson) in &self.lessons {
            let entry = match self.as_read.lessons.get(id) {
                Some((entry, read)) if read == lesson => entry.clone(),
                Some((entry, _)) => merge(lesson, entry)?,
                None => object(lesson)?,
            };
            lessons.insert(id.clone(), Value::Object(entry));
        }
        let mut top = self.as_read.top.clone();
        top.insert("format".into(), FORMAT.into());
        top.insert("lessons".into(), Value::Object(lessons));
        let mut text = serde_json::to_string_pretty(&Value::Object(top))?;
        text.push('\n');
        Ok(text)
    }
}

/// Merges `new` into `saved`, step by step, keeping the larger number.
fn keep_larger<T: Ord + Copy>(saved: &mut BTreeMap<String, T>, new: BTreeMap<String, T>) {
    for (step, n) in new {
        saved
            .entry(step)
            .and_modify(|old| *old = (*old).max(n))
            .or_insert(n);
    }
}

/// What this nimlab reads from a lesson's entry: its own keys, and the step statuses it knows.
fn read_lesson(entry: &Map<String, Value>) -> serde_json::Result<LessonProgress> {
    let mut known: Map<String, Value> = LESSON_KEYS
        .iter()
        .filter_map(|&key| Some((key.to_string(), entry.get(key)?.clone())))
        .collect();
    if let Some(Value::Object(steps)) = known.get_mut("steps") {
        steps.retain(|_, status| is_step_status(status));
    }
    // Times and counts are conveniences, not progress: one that is not a whole number (of
    // seconds, of answers, of hints) is dropped rather than the file set aside.
    for (key, most) in [
        ("times", u64::MAX),
        ("attempts", u64::from(u32::MAX)),
        ("hints", u64::from(u32::MAX)),
    ] {
        match known.get_mut(key) {
            Some(Value::Object(numbers)) => {
                numbers.retain(|_, n| n.as_u64().is_some_and(|n| n <= most));
            }
            Some(_) => {
                known.remove(key);
            }
            None => {}
        }
    }
    serde_json::from_value(Value::Object(known))
}

/// `lesson` as this nimlab writes it, with what it does not read put back from `entry`: other
/// keys, and statuses it does not know for steps it has not recorded since.
fn merge(
    lesson: &LessonProgress,
    entry: &Map<String, Value>,
) -> serde_json::Result<Map<String, Value>> {
    let mut merged = object(lesson)?;
    for (key, value) in entry {
        if !LESSON_KEYS.contains(&key.as_str()) {
            merged.insert(key.clone(), value.clone());
        }
    }
    if let (Some(Value::Object(odd)), Some(Value::Object(steps))) =
        (entry.get("steps"), merged.get_mut("steps"))
    {
        for (step, status) in odd.iter().filter(|(_, status)| !is_step_status(status)) {
            steps.entry(step.clone()).or_insert_with(|| status.clone());
        }
    }
    Ok(merged)
}

fn is_step_status(value: &Value) -> bool {
    StepStatus::deserialize(value).is_ok()
}

/// A lesson's progress as a JSON object (a struct with named fields always is one; were it
/// not, serde would say what it is instead).
fn object(lesson: &LessonProgress) -> serde_json::Result<Map<String, Value>> {
    serde_json::from_value(serde_json::to_value(lesson)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_keys_are_the_fields_of_lesson_progress() {
        let every = LessonProgress {
            times: [("q1".to_string(), 1)].into(),
            attempts: [("q1".to_string(), 1)].into(),
            hints: [("q1".to_string(), 1)].into(),
            ..LessonProgress::default()
        };
        let Value::Object(fields) = serde_json::to_value(every).unwrap() else {
            panic!("not an object");
        };
        let mut keys: Vec<&str> = fields.keys().map(String::as_str).collect();
        let mut expected = LESSON_KEYS.to_vec();
        keys.sort_unstable();
        expected.sort_unstable();
        assert_eq!(keys, expected);
    }

    #[test]
    fn recording_merges_step_by_step() {
        use StepStatus::*;
        let mut p = Progress::default();
        let entry = |current: &str, steps: &[(&str, StepStatus, u64)], finished| LessonProgress {
            version: 1,
            current: Some(current.into()),
            steps: steps
                .iter()
                .map(|&(s, st, _)| (s.to_string(), st))
                .collect(),
            finished,
            times: steps.iter().map(|&(s, _, t)| (s.to_string(), t)).collect(),
            ..LessonProgress::default()
        };
        p.record(
            "mex".into(),
            entry("q2", &[("q1", Correct, 100), ("q2", Skipped, 300)], true),
        );
        p.record(
            "mex".into(),
            entry(
                "q3",
                &[("q1", Skipped, 200), ("q2", Correct, 250), ("q3", Seen, 50)],
                false,
            ),
        );
        // The best status, and the latest time, whichever session each came from.
        assert_eq!(
            p.lessons["mex"],
            entry(
                "q3",
                &[("q1", Correct, 200), ("q2", Correct, 300), ("q3", Seen, 50)],
                true
            )
        );
        // Counts keep the larger: each nimlab counted on from what was saved.
        let counted = |attempts: u32, hints: u32| LessonProgress {
            attempts: [("q1".to_string(), attempts)].into(),
            hints: [("q1".to_string(), hints)].into(),
            ..LessonProgress::default()
        };
        p.record("nim".into(), counted(3, 0));
        p.record("nim".into(), counted(2, 1));
        assert_eq!(
            (
                &p.lessons["nim"].attempts["q1"],
                &p.lessons["nim"].hints["q1"]
            ),
            (&3, &1)
        );
        // Seen says more than skipped, less than correct.
        assert_eq!(Skipped.best(Seen), Seen);
        assert_eq!(Seen.best(Skipped), Seen);
        assert_eq!(Seen.best(Correct), Correct);
    }

    #[test]
    fn reads_what_it_writes() {
        let mut p = Progress::default();
        p.lessons.insert(
            "mex".into(),
            LessonProgress {
                version: 2,
                current: Some("q1".into()),
                steps: [("q1".to_string(), StepStatus::Correct)].into(),
                finished: false,
                times: [("q1".to_string(), 1_795_000_000)].into(),
                attempts: [("q1".to_string(), 3)].into(),
                hints: [("q1".to_string(), 1)].into(),
            },
        );
        let read = Progress::from_json(&p.to_json().unwrap()).unwrap();
        assert_eq!(read.lessons, p.lessons);
    }

    // Long on purpose: one table of progress files with missing or malformed times, each read
    // and checked.
    #[test]
    fn a_file_without_times_or_with_odd_ones_is_read() {
        let read = |times: &str| {
            let text = format!(
                "{{\"format\": 1, \"lessons\": {{\"mex\": {{\"version\": 1, \"current\": \"q1\", \
                 \"steps\": {{\"q1\": \"seen\"}}{times}}}}}}}"
            );
            Progress::from_json(&text).unwrap().lessons["mex"].clone()
        };
        assert!(read("").times.is_empty());
        assert!(read(", \"times\": 7").times.is_empty());
        assert_eq!(
            read(", \"times\": {\"q1\": 5, \"q2\": \"soon\", \"q3\": -1}").times,
            [("q1".to_string(), 5)].into()
        );
        assert_eq!(
            read(", \"attempts\": {\"q1\": 2, \"q2\": 4294967296}, \"hints\": []").attempts,
            [("q1".to_string(), 2)].into()
        );
    }

    /// A file as a newer nimlab might write it: a new top-level key, a new key in a lesson, a
    /// step status this nimlab does not know, a number no u64 holds.
    const NEWER: &str = r#"{
        "format": 1,
        "theme": {"dark": true, "seed": 123456789012345678901234567890},
        "lessons": {
            "mex": {
                "version": 3,
                "current": "q2",
                "steps": {"q1": "correct", "q2": "attempted"},
                "finished": false,
                "streak": [1, 2.5, "x"]
            }
        }
    }"#;

    #[test]
    fn unknown_keys_and_statuses_survive_a_rewrite() {
        let p = Progress::from_json(NEWER).unwrap();
        assert_eq!(
            p.lessons["mex"].steps,
            [("q1".to_string(), StepStatus::Correct)].into()
        );
        let written: Value = serde_json::from_str(&p.to_json().unwrap()).unwrap();
        let original: Value = serde_json::from_str(NEWER).unwrap();
        assert_eq!(written, original);
        assert!(
            p.to_json()
                .unwrap()
                .contains("123456789012345678901234567890")
        );
    }

    #[test]
    fn a_status_recorded_since_replaces_the_unknown_one_and_other_keys_stay() {
        let mut p = Progress::from_json(NEWER).unwrap();
        let mut mex = p.lessons["mex"].clone();
        mex.steps.insert("q2".into(), StepStatus::Skipped);
        mex.current = Some("q3".into());
        p.lessons.insert("mex".into(), mex);
        let written: Value = serde_json::from_str(&p.to_json().unwrap()).unwrap();
        let lesson = &written["lessons"]["mex"];
        assert_eq!(lesson["steps"]["q2"], "skipped");
        assert_eq!(lesson["current"], "q3");
        assert_eq!(lesson["streak"], serde_json::json!([1, 2.5, "x"]));
        assert_eq!(written["theme"]["dark"], true);
    }

    #[test]
    fn forgetting_a_lesson_forgets_its_unknown_keys_too() {
        let mut p = Progress::from_json(NEWER).unwrap();
        assert!(p.forget("mex"));
        assert!(!p.forget("mex"));
        let written: Value = serde_json::from_str(&p.to_json().unwrap()).unwrap();
        assert_eq!(written["lessons"], serde_json::json!({}));
        assert_eq!(written["theme"]["dark"], true);
    }

    #[test]
    fn what_is_not_progress() {
        let malformed =
            |text: &str| matches!(Progress::from_json(text), Err(Problem::Malformed { .. }));
        assert!(matches!(Progress::from_json(""), Err(Problem::Empty)));
        assert!(matches!(Progress::from_json(" \n\t"), Err(Problem::Empty)));
        assert!(malformed("{ \"format\": 1, \"lessons\": { oops"));
        assert!(malformed("[1, 2, 3]"));
        assert!(malformed("{\"lessons\": {}}"));
        assert!(malformed("{\"format\": \"1\"}"));
        assert!(malformed("{\"format\": 1, \"lessons\": []}"));
        assert!(malformed("{\"format\": 1, \"lessons\": {\"mex\": 7}}"));
        assert!(malformed(
            "{\"format\": 1, \"lessons\": {\"mex\": {\"current\": \"a\"}}}"
        ));
        assert!(malformed(
            "{\"format\": 1, \"lessons\": {\"mex\": {\"version\": \"two\"}}}"
        ));
        assert!(matches!(
            Progress::from_json("{\"format\": 0, \"lessons\": {}}"),
            Err(Problem::UnknownFormat { format: 0 })
        ));
        assert!(matches!(
            Progress::from_json("{\"format\": 2, \"lessons\": {}}"),
            Err(Problem::NewerFormat { format: 2 })
        ));
    }

    #[test]
    fn a_missing_lessons_key_is_no_lessons() {
        assert_eq!(
            Progress::from_json("{\"format\": 1}").unwrap(),
            Progress::default()
        );
    }
}
