//! Lessons: the model (serde structs), the loader (YAML through `crate::yaml`), the
//! runner (a pure step state machine) and the progress store (atomic writes).

pub mod answer;
pub mod answer_form;
pub mod catalog;
pub mod fill;
pub mod graphs;
pub mod judge_error;
pub mod lesson_error;
pub mod loader;
pub mod mistake;
pub mod model;
pub mod progress;
pub mod runner;
pub mod speaker_notes;

pub use judge_error::JudgeError;
pub use lesson_error::{LessonError, LessonFault};
pub use loader::load;
pub use model::{CommandLine, Lesson, Question, Step, StepKind, Theorem};
