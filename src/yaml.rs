//! YAML, behind one door: the only code that names the YAML crate. It owns the limits every
//! YAML file nimlab reads must keep — size, nesting depth, and how far aliases may expand — and
//! turns the crate's errors into one plain line with a location. The lesson, proof and graph
//! loaders describe their files as serde types and call [`from_str`]; swapping the YAML crate
//! touches this file alone.
//!
//! Reading is two passes over the text. The first walks the parser's event stream and refuses,
//! as soon as it sees them, nesting deeper than the limit and aliases whose expansion would pass
//! the limit (it counts the bytes an alias stands for, not how many aliases there are: one alias
//! to a 400 KB string is 400 KB). Only text that passes is handed to serde, so nothing a file
//! holds can make the second pass allocate more than the limits allow.

use std::collections::HashMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde_saphyr::granit_parser::{self, Event, Parser, ScanError};

/// What a YAML file may cost to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest text read, in bytes.
    pub bytes: usize,
    /// The deepest nesting of sequences and mappings, flow and block together.
    pub depth: usize,
    /// The largest the document may grow when every alias is replaced by what it names, counted
    /// as the bytes of every scalar plus one for each node. A file without aliases expands to
    /// about its own length, so twice [`Limits::bytes`] leaves room for honest use.
    pub expanded: usize,
}

/// Why a YAML text was refused, with where, when the parser knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// 1-based line.
    pub line: Option<usize>,
    /// 1-based column.
    pub column: Option<usize>,
    pub kind: YamlErrorKind,
}

/// The ways reading YAML fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum YamlErrorKind {
    /// The text is longer than [`Limits::bytes`].
    TooLarge { bytes: usize, limit: usize },
    /// Sequences and mappings nest deeper than [`Limits::depth`].
    TooDeep { limit: usize },
    /// Aliases would expand the document past [`Limits::expanded`] bytes.
    Expands { limit: usize },
    /// An alias inside the node its anchor names (a node that contains itself).
    Recursive,
    /// Not YAML: the parser's message.
    Syntax { message: String },
    /// YAML, but not the shape the file must have: unknown or missing keys, wrong types, or a
    /// loader's own complaint.
    Schema { message: String },
}

impl fmt::Display for YamlErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { bytes, limit } => {
                write!(f, "the text is {bytes} bytes; at most {limit} are read")
            }
            Self::TooDeep { limit } => write!(
                f,
                "the YAML nests too deeply (more than {limit} levels of lists and maps)"
            ),
            Self::Expands { limit } => write!(
                f,
                "the YAML expands through aliases to more than {limit} bytes (an alias bomb?)"
            ),
            Self::Recursive => write!(f, "an alias refers to the node that contains it"),
            Self::Syntax { message } | Self::Schema { message } => f.write_str(message),
        }
    }
}

impl fmt::Display for YamlError {
    /// The message alone: each loader places the location its own way.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for YamlError {}

impl YamlError {
    fn new(kind: YamlErrorKind) -> Self {
        Self {
            line: None,
            column: None,
            kind,
        }
    }

    fn at(line: usize, column: usize, kind: YamlErrorKind) -> Self {
        Self {
            line: Some(line),
            column: Some(column),
            kind,
        }
    }
}

/// Reads one YAML document into `T` within `limits`.
pub fn from_str<T: DeserializeOwned>(text: &str, limits: &Limits) -> Result<T, YamlError> {
    if text.len() > limits.bytes {
        return Err(YamlError::new(YamlErrorKind::TooLarge {
            bytes: text.len(),
            limit: limits.bytes,
        }));
    }
    scan(text, limits)?;
    let options = serde_saphyr::options! {
        // `scan` has enforced the limits that matter; the crate's own budget pass would read
        // the text a third time with limits of its own choosing.
        budget: None,
        alias_limits: serde_saphyr::alias_limits! {
            max_total_replayed_events: limits.expanded,
            max_replay_stack_depth: limits.depth,
        },
        with_snippet: false,
    };
    serde_saphyr::from_str_with_options(text, options).map_err(|e| schema_error(&e))
}

/// An open sequence or mapping: its anchor (0 for none) and its expanded size so far.
struct Open {
    anchor: usize,
    size: usize,
}

/// The first pass: refuses deep nesting and alias expansion past the limits, stopping at the
/// first event that passes one, so hostile text costs no more than the bytes before it.
fn scan(text: &str, limits: &Limits) -> Result<(), YamlError> {
    let options = granit_parser::options! {
        flow_nesting_limit: limits.depth,
        block_nesting_limit: limits.depth,
    };
    let mut open: Vec<Open> = Vec::new();
    // The expanded size of every anchored node already closed, by anchor id.
    let mut anchored: HashMap<usize, usize> = HashMap::new();
    let mut expanded: usize = 0;
    for event in Parser::new_from_str_with_options(text, options) {
        let (event, span) = event.map_err(|e| scan_error(&e, limits))?;
        let at = |kind| YamlError::at(span.start.line(), span.start.col() + 1, kind);
        // The cost of a node complete at this event, and the anchor it defines.
        let (cost, anchor) = match event {
            Event::Scalar(value, _, anchor, _) => (value.len().saturating_add(1), anchor),
            Event::Alias(id) => match anchored.get(&id) {
                Some(&size) => (size, 0),
                None => return Err(at(YamlErrorKind::Recursive)),
            },
            Event::SequenceStart(_, anchor, _) | Event::MappingStart(_, anchor, _) => {
                if open.len() >= limits.depth {
                    return Err(at(YamlErrorKind::TooDeep {
                        limit: limits.depth,
                    }));
                }
                open.push(Open { anchor, size: 1 });
                expanded = expanded.saturating_add(1);
                if expanded > limits.expanded {
                    return Err(at(YamlErrorKind::Expands {
                        limit: limits.expanded,
                    }));
                }
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(closed) = open.pop() else { continue };
                if closed.anchor != 0 {
                    anchored.insert(closed.anchor, closed.size);
                }
                // Its children were counted in `expanded` as they came; only its parent grows.
                if let Some(parent) = open.last_mut() {
                    parent.size = parent.size.saturating_add(closed.size);
                }
                continue;
            }
            _ => continue,
        };
        if anchor != 0 {
            anchored.insert(anchor, cost);
        }
        if let Some(parent) = open.last_mut() {
            parent.size = parent.size.saturating_add(cost);
        }
        expanded = expanded.saturating_add(cost);
        if expanded > limits.expanded {
            return Err(at(YamlErrorKind::Expands {
                limit: limits.expanded,
            }));
        }
    }
    Ok(())
}

fn scan_error(e: &ScanError, limits: &Limits) -> YamlError {
    let mark = e.marker();
    let kind = match e.kind() {
        granit_parser::ErrorKind::RecursionLimitExceeded => YamlErrorKind::TooDeep {
            limit: limits.depth,
        },
        _ => YamlErrorKind::Syntax {
            message: clean(&e.info()),
        },
    };
    YamlError::at(mark.line(), mark.col() + 1, kind)
}

fn schema_error(e: &serde_saphyr::Error) -> YamlError {
    let location = e.location();
    YamlError {
        line: location.and_then(|l| usize::try_from(l.line()).ok()),
        column: location.and_then(|l| usize::try_from(l.column()).ok()),
        kind: YamlErrorKind::Schema {
            message: clean(&message(e)),
        },
    }
}

/// The crate's message without its location (the caller places that), in serde's usual words
/// where the crate has its own.
fn message(e: &serde_saphyr::Error) -> String {
    use serde_saphyr::Error;
    match e.without_snippet() {
        Error::AliasError { error, .. } => message(error),
        Error::Message { msg, .. } => msg.clone(),
        Error::SerdeUnknownField {
            field, expected, ..
        } => unknown_field(field, expected),
        Error::SerdeMissingField { field, .. } => format!("missing field `{field}`"),
        Error::DuplicateMappingKey { key: Some(key), .. } => {
            format!("the key `{key}` is given twice")
        }
        Error::DuplicateMappingKey { key: None, .. } => "a key is given twice".into(),
        Error::NullIntoString { .. } => "expected text, found nothing (null)".into(),
        Error::Eof { .. } => "the document ends too soon (is it empty?)".into(),
        Error::Unexpected { expected, .. } => match *expected {
            "mapping start" => "expected a map of `key: value` entries".into(),
            "sequence start" => "expected a list".into(),
            "string scalar" => "expected text".into(),
            other => format!("expected {other}"),
        },
        other => {
            let text = other.to_string();
            match other.location() {
                Some(l) => {
                    let suffix = format!(" at line {}, column {}", l.line(), l.column());
                    text.strip_suffix(&suffix).unwrap_or(&text).to_string()
                }
                None => text,
            }
        }
    }
}

/// An unknown key: the known key it is nearest to (`hint` for `hints`), else every key the
/// map accepts.
fn unknown_field(field: &str, expected: &[&str]) -> String {
    match crate::suggestion::nearest(field, expected.iter().copied()) {
        Some(near) => format!("unknown field `{field}`; did you mean `{near}`?"),
        None => format!("unknown field `{field}`, {}", one_of(expected)),
    }
}

/// serde's wording for the fields a struct accepts.
fn one_of(expected: &[&str]) -> String {
    match expected {
        [] => "there are no fields".into(),
        [one] => format!("expected `{one}`"),
        [a, b] => format!("expected `{a}` or `{b}`"),
        many => format!("expected one of `{}`", many.join("`, `")),
    }
}

/// One line, control characters escaped, long quotations shortened.
fn clean(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        match c {
            '\n' => line.push(' '),
            c if c.is_control() => line.extend(c.escape_debug()),
            c => line.push(c),
        }
    }
    crate::text::shorten_quotes(&line, 40)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    const LIMITS: Limits = Limits {
        bytes: 1 << 20,
        depth: 64,
        expanded: 2 << 20,
    };

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        name: String,
        #[serde(default)]
        items: Vec<String>,
    }

    fn read(text: &str) -> Result<Doc, YamlError> {
        from_str(text, &LIMITS)
    }

    #[test]
    fn reads_a_document() {
        let doc = read("name: x\nitems: [a, 'b', \"c\", 3]\n").unwrap();
        assert_eq!(doc.name, "x");
        assert_eq!(doc.items, ["a", "b", "c", "3"]);
    }

    #[test]
    fn honest_aliases_expand() {
        let doc = read("name: &n x\nitems: [*n, *n]\n").unwrap();
        assert_eq!(doc.items, ["x", "x"]);
    }

    #[test]
    fn schema_errors_have_serde_words_and_a_location() {
        let e = read("name: x\ncolour: red\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(1)));
        assert_eq!(
            e.to_string(),
            "unknown field `colour`, expected `name` or `items`"
        );
        // A key near a known one is told which: one line, not the list.
        let e = read("name: x\nitem: [a]\n").unwrap_err();
        assert_eq!(e.to_string(), "unknown field `item`; did you mean `items`?");
        let e = read("items: []\n").unwrap_err();
        assert_eq!(e.to_string(), "missing field `name`");
        let e = read("- x\n").unwrap_err();
        assert_eq!(e.to_string(), "expected a map of `key: value` entries");
        let e = read("name: [x]\n").unwrap_err();
        assert_eq!(e.to_string(), "expected text");
        let e = read("").unwrap_err();
        assert_eq!(e.to_string(), "the document ends too soon (is it empty?)");
        let e = read("name: x\nname: y\n").unwrap_err();
        assert_eq!(e.to_string(), "the key `name` is given twice");
        assert_eq!(e.line, Some(2));
    }

    #[test]
    fn syntax_errors_are_one_line_with_a_location() {
        let e = read("name: [x\n").unwrap_err();
        assert!(matches!(e.kind, YamlErrorKind::Syntax { .. }), "{e:?}");
        assert!(e.line.is_some() && !e.to_string().contains('\n'), "{e:?}");
        let e = read("name: \"a\u{7}b").unwrap_err();
        assert!(!e.to_string().chars().any(char::is_control), "{e:?}");
    }

    #[test]
    fn too_large_is_refused_before_parsing() {
        let limits = Limits {
            bytes: 10,
            ..LIMITS
        };
        let e = from_str::<Doc>("name: abcdefgh\n", &limits).unwrap_err();
        assert_eq!(
            e.kind,
            YamlErrorKind::TooLarge {
                bytes: 15,
                limit: 10
            }
        );
    }

    #[test]
    fn depth_is_counted_across_flow_and_block() {
        let limits = Limits { depth: 4, ..LIMITS };
        // Four levels: the top map, `items`' block list, and two flow lists.
        let four = "name: x\nitems:\n  - [[y]]\n";
        let e = from_str::<Doc>(four, &limits).unwrap_err();
        // Deep enough to pass the scan: the type then refuses the nested lists.
        assert!(matches!(e.kind, YamlErrorKind::Schema { .. }), "{e:?}");
        let five = "name: x\nitems:\n  - [[[y]]]\n";
        let e = from_str::<Doc>(five, &limits).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::TooDeep { limit: 4 });
        assert_eq!(e.line, Some(3));
        for deep in [
            format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
            format!("{}x{}", "{a: ".repeat(100_000), "}".repeat(100_000)),
            format!("{}x\n", "- ".repeat(100_000)),
        ] {
            let e = read(&deep).unwrap_err();
            assert_eq!(e.kind, YamlErrorKind::TooDeep { limit: 64 }, "{deep:.20}");
        }
    }

    #[test]
    fn expansion_counts_bytes_not_aliases() {
        // Scalars cost their bytes plus one; collections cost one each.
        let limits = Limits {
            expanded: 40,
            ..LIMITS
        };
        // Map 1 + `name` 5 + `xxxxxxxx` 9 + `items` 6 + list 1 + two aliases 9 each = 40.
        let fits = "name: &n xxxxxxxx\nitems: [*n, *n]\n";
        assert!(from_str::<Doc>(fits, &limits).is_ok());
        let over = "name: &n xxxxxxxx\nitems: [*n, *n, *n]\n";
        let e = from_str::<Doc>(over, &limits).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::Expands { limit: 40 });
        // The third alias passes the limit: line 2, column 17.
        assert_eq!((e.line, e.column), (Some(2), Some(17)));
    }

    #[test]
    fn one_big_string_aliased_many_times_is_a_bomb() {
        let big = "x".repeat(400_000);
        let text = format!(
            "name: &a \"{big}\"\nitems: [{}]\n",
            vec!["*a"; 125_000].join(", ")
        );
        assert!(text.len() < LIMITS.bytes);
        let e = read(&text).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::Expands { limit: 2 << 20 });
    }

    #[test]
    fn nested_aliases_multiply() {
        // Nine levels of ten: 10^9 scalars, refused after a few levels.
        let mut text = String::from("name: x\nitems:\n  - &a [x, x, x, x, x, x, x, x, x, x]\n");
        for pair in ["a", "b", "c", "d", "e", "f", "g", "h", "i"].windows(2) {
            let refs = vec![format!("*{}", pair[0]); 10].join(", ");
            text.push_str(&format!("  - &{} [{refs}]\n", pair[1]));
        }
        let e = read(&text).unwrap_err();
        assert!(matches!(e.kind, YamlErrorKind::Expands { .. }), "{e:?}");
    }

    #[test]
    fn an_alias_to_its_own_container_is_refused() {
        let e = read("name: x\nitems: &a [*a]\n").unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::Recursive);
    }

    proptest::proptest! {
        /// Random YAML-ish text reads or errs, in one line.
        #[test]
        fn random_text_reads_or_errs(text in "[a-z:\\- \n\\[\\]{}&*!|>'\"0-9#,?]{0,200}") {
            if let Err(e) = read(&text) {
                proptest::prop_assert!(!e.to_string().contains('\n'));
            }
        }
    }
}
