//! The words of a progress file's trouble: what is wrong with it, what became of it, why
//! progress could not be saved. Each in one line; the store only says what it found.

use std::fmt;

use crate::capped_read::CappedReadError;
use crate::lesson::progress::{FORMAT, Fate, Malformed, Problem, SaveError, Unusable};

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(CappedReadError::NotRegular { kind, .. }) => {
                write!(f, "is a {kind}, not a regular file")
            }
            Self::Unreadable(CappedReadError::TooLarge { limit, .. }) => {
                write!(f, "is larger than {limit} bytes")
            }
            Self::Unreadable(CappedReadError::Io { source, .. }) => {
                write!(f, "cannot be read ({source})")
            }
            Self::DanglingLink { target } => write!(
                f,
                "is a link to `{}`, which does not exist",
                target.display()
            ),
            Self::NotText { offset } => write!(f, "is not UTF-8 text (byte {offset})"),
            Self::Empty => f.write_str("is empty"),
            Self::Malformed { reason } => write!(f, "is not nimlab progress ({reason})"),
            Self::UnknownFormat { format } => {
                write!(f, "has format {format}, which no nimlab writes")
            }
            Self::NewerFormat { format } => write!(
                f,
                "has format {format}, from a newer nimlab (this one reads format {FORMAT})"
            ),
        }
    }
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "progress file `{}` {}",
            self.path.display(),
            self.problem
        )?;
        let left = "it is left as it is, and progress will not be saved over it";
        match &self.fate {
            Fate::SetAside { kept } => write!(
                f,
                "; it was kept as `{}` and progress starts afresh",
                kept.display()
            ),
            Fate::LeftForNewer => write!(f, "; {left}"),
            Fate::NotMoved { source } => {
                write!(f, " and could not be moved aside ({source}); {left}")
            }
            Fate::NoFreeName { copies } => write!(
                f,
                " and could not be moved aside ({copies} copies were already set aside this \
                 second); {left}"
            ),
            Fate::NotLocked { source } => {
                write!(f, " and could not be moved aside ({source}); {left}")
            }
        }
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => {
                write!(f, "cannot save progress: `{}`: {source}", path.display())
            }
            Self::Lock(e) => write!(f, "cannot save progress: {e}"),
            Self::Unusable(u) => u.fmt(f),
        }
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotJson { error } => error.fmt(f),
            Self::NotAnObject => f.write_str("not a JSON object"),
            Self::NoFormat => f.write_str("no `format`"),
            Self::Format { value } => write!(f, "`format` is {value}, not a whole number"),
            Self::LessonsNotAnObject => f.write_str("`lessons` is not an object"),
            Self::LessonNotAnObject { id } => write!(f, "lesson `{id}`: not an object"),
            Self::Lesson { id, error } => write!(f, "lesson `{id}`: {error}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_file_says_what_is_wrong_with_it() {
        let reason = |text: &str| match crate::lesson::progress::Progress::from_json(text) {
            Err(Problem::Malformed { reason }) => reason.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(reason("[1]"), "not a JSON object");
        assert_eq!(reason("{}"), "no `format`");
        assert_eq!(
            reason(r#"{"format": "one"}"#),
            "`format` is \"one\", not a whole number"
        );
        assert_eq!(
            reason(r#"{"format": 1, "lessons": 3}"#),
            "`lessons` is not an object"
        );
        assert_eq!(
            reason(r#"{"format": 1, "lessons": {"mex": 3}}"#),
            "lesson `mex`: not an object"
        );
        assert!(
            reason(r#"{"format": 1, "lessons": {"mex": {"version": "x"}}}"#)
                .starts_with("lesson `mex`: invalid type: string \"x\""),
        );
    }
}
