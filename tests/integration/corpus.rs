//! The output corpus: every command line of `tests/corpus/lines.txt` run as `nimlab ARGS` in
//! the text, JSON and CSV formats, and every script of `tests/corpus/scripts/` fed to the REPL
//! (games played through, positions stepped, a lesson walked), compared byte for byte with
//! `tests/corpus/recorded.txt`: exit code, standard output and standard error.
//!
//! This is the safety net of a restructuring: what nimlab prints must not change unless a change
//! means it to. The recording is not a source of truth about values (the tests beside the
//! engine's brute force are); it only says "as before". When an output changes on purpose, run
//! `NIMLAB_RECORD_CORPUS=1 cargo test --test integration corpus`, read the difference in
//! `git diff tests/corpus/recorded.txt`, and say in the commit which lines changed and why.
//!
//! Timings (milliseconds, seconds, rates) are the only thing masked: they are never the same
//! twice. A record that held one is compared with its white space collapsed, since a time's
//! width may move a word to the next line.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::support::{Output, Test};

/// The formats each command line is recorded in; the text format is nimlab's default.
const FORMATS: [Option<&str>; 3] = [None, Some("json"), Some("csv")];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// The command lines, each split as a shell would.
fn lines() -> Vec<String> {
    std::fs::read_to_string(corpus_dir().join("lines.txt"))
        .expect("read tests/corpus/lines.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The scripts, by file name, in name order.
fn scripts() -> Vec<(String, String)> {
    let mut scripts: Vec<(String, String)> = std::fs::read_dir(corpus_dir().join("scripts"))
        .expect("read tests/corpus/scripts")
        .map(|entry| {
            let path = entry.expect("a script").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("read a script");
            (name, text)
        })
        .collect();
    scripts.sort();
    scripts
}

/// One run: the heading it is recorded under, and how to run it.
enum Run {
    Line {
        format: Option<&'static str>,
        line: String,
    },
    Script {
        name: String,
        text: String,
    },
}

impl Run {
    fn heading(&self) -> String {
        match self {
            Run::Line { format: None, line } => format!("$ nimlab {line}"),
            Run::Line {
                format: Some(format),
                line,
            } => format!("$ nimlab --format {format} {line}"),
            Run::Script { name, .. } => format!("$ nimlab < scripts/{name}"),
        }
    }

    /// Runs it from the repository's root (the corpus names bundled graph files by path), in a
    /// fresh data and state directory, 80 columns, no colour.
    fn output(&self) -> Output {
        let test = Test::new()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("COLUMNS", "80")
            .env("NO_COLOR", "1");
        match self {
            Run::Line { format, line } => {
                let words = shell_words::split(line)
                    .unwrap_or_else(|e| panic!("corpus line `{line}`: {e}"));
                let format = format.map(|f| ["--format", f]);
                test.args(format.iter().flatten().copied())
                    .args(words)
                    .run()
            }
            Run::Script { text, .. } => test.stdin(text.clone()).run(),
        }
    }

    fn record(&self) -> String {
        let output = self.output();
        let mut out = String::new();
        writeln!(out, "{}", self.heading()).unwrap();
        writeln!(out, "[exit {}]", output.code).unwrap();
        let stdout = match self {
            Run::Line {
                format: Some("csv"),
                ..
            } => mask_csv_times(&output.stdout),
            _ => output.stdout.clone(),
        };
        out.push_str(&mask_times(&stdout));
        if !output.stdout.is_empty() && !output.stdout.ends_with('\n') {
            out.push_str("\n[no newline at the end]\n");
        }
        if !output.stderr.is_empty() {
            out.push_str("[stderr]\n");
            out.push_str(&mask_times(&output.stderr));
            if !output.stderr.ends_with('\n') {
                out.push_str("\n[no newline at the end]\n");
            }
        }
        out.push('\n');
        out
    }
}

fn runs() -> Vec<Run> {
    let mut runs: Vec<Run> = lines()
        .into_iter()
        .flat_map(|line| {
            FORMATS.into_iter().map(move |format| Run::Line {
                format,
                line: line.clone(),
            })
        })
        .collect();
    runs.extend(
        scripts()
            .into_iter()
            .map(|(name, text)| Run::Script { name, text }),
    );
    runs
}

/// Replaces what a clock says with `<time>`: a number followed by a unit of time, with at most
/// white space between (`4 ms`, `0.3 s`, `12 µs`, `2.5 M/s`), and the value of a JSON key that
/// holds one (`"milliseconds": 5.09`, `"search_ms": 3.5`).
fn mask_times(text: &str) -> String {
    const UNITS: [&str; 6] = ["ms", "µs", "s", "k/s", "M/s", "moves/s"];
    const KEYS: [&str; 3] = ["\"milliseconds\":", "\"seconds\":", "\"elapsed\":"];
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let key = KEYS
            .iter()
            .copied()
            .find(|k| text[i..].starts_with(*k))
            .or_else(|| ms_key(&text[i..]));
        if let Some(key) = key {
            out.push_str(key);
            i += key.len();
            let end = i + number_len(&text[i..]);
            if end > i {
                out.push_str("\"<time>\"");
                i = end;
            }
            continue;
        }
        let starts_number = bytes[i].is_ascii_digit() && (i == 0 || !is_word(bytes[i - 1]));
        if starts_number {
            let len = number_len(&text[i..]);
            let rest = &text[i + len..];
            // The unit may follow on the next line, where a line was wrapped.
            let gap = rest.len() - rest.trim_start().len();
            // nimlab always writes a space before a unit: `1s` is "ones", not a second.
            let unit = UNITS.iter().filter(|_| gap > 0).find(|u| {
                let after = &rest[gap..];
                after.starts_with(**u)
                    && !after[u.len()..]
                        .bytes()
                        .next()
                        .is_some_and(|b| is_word(b) || b == b'/')
            });
            if let Some(unit) = unit {
                out.push_str("<time>");
                out.push_str(&rest[..gap + unit.len()]);
                i += len + gap + unit.len();
                continue;
            }
            out.push_str(&text[i..i + len]);
            i += len;
            continue;
        }
        let c = text[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Replaces the fields of a CSV table's time columns (a heading ending in `ms` or `seconds`)
/// with `<time>`.
fn mask_csv_times(text: &str) -> String {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return text.to_owned();
    };
    let timed: Vec<usize> = csv_fields(header)
        .into_iter()
        .enumerate()
        .filter(|(_, name)| {
            ["_ms", " ms", "seconds"]
                .iter()
                .any(|unit| name.ends_with(unit))
        })
        .map(|(i, _)| i)
        .collect();
    if timed.is_empty() {
        return text.to_owned();
    }
    let mut out = format!("{header}\n");
    for line in lines {
        let fields: Vec<&str> = csv_fields(line)
            .into_iter()
            .enumerate()
            .map(|(i, f)| if timed.contains(&i) { "<time>" } else { f })
            .collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// The fields of a CSV line, quotes kept: commas inside quotes do not split.
fn csv_fields(line: &str) -> Vec<&str> {
    let mut fields = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, b) in line.bytes().enumerate() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => {
                fields.push(&line[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    fields.push(&line[start..]);
    fields
}

/// `record` with runs of white space made one space where it holds a masked time.
fn canonical(record: &str) -> String {
    if record.contains("<time>") {
        record.split_whitespace().collect::<Vec<_>>().join(" ")
    } else {
        record.to_owned()
    }
}

/// The JSON key `text` starts with if it names a time in milliseconds (`"search_ms":`).
fn ms_key(text: &str) -> Option<&str> {
    let body = text.strip_prefix('"')?;
    let end = body.find('"')?;
    let name = &body[..end];
    let key = text.get(..end + 3)?;
    (name.ends_with("_ms") && !name.contains(char::is_whitespace) && key.ends_with("\":"))
        .then_some(key)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.'
}

/// The length of the decimal number `text` starts with (digits, then an optional fraction).
fn number_len(text: &str) -> usize {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let whole = digits(text);
    if whole == 0 {
        return 0;
    }
    let rest = &text[whole..];
    match rest.strip_prefix('.') {
        Some(fraction) if digits(fraction) > 0 => whole + 1 + digits(fraction),
        _ => whole,
    }
}

#[test]
fn masking_times_keeps_every_other_number() {
    assert_eq!(
        mask_times("2 states, 0.1 ms; 7.4 M moves in 18 s (0.4 M/s); count of 1s"),
        "2 states, <time> ms; 7.4 M moves in <time> s (<time> M/s); count of 1s"
    );
    assert_eq!(
        mask_times("{\"milliseconds\":5.093865,\"states\":181}"),
        "{\"milliseconds\":\"<time>\",\"states\":181}"
    );
    assert_eq!(mask_times("g(7T) = 8; 0x1s; v2 s"), "g(7T) = 8; 0x1s; v2 s");
    assert_eq!(mask_times("states, 1\n    ms)"), "states, <time>\n    ms)");
    assert_eq!(mask_times("3 piles\n  4 sets"), "3 piles\n  4 sets");
    assert_eq!(
        mask_times("{\"search_ms\":3.51,\"first_wins\":51}"),
        "{\"search_ms\":\"<time>\",\"first_wins\":51}"
    );
    assert_eq!(
        mask_csv_times("rules,positions,time ms\n\"subtract:1,3\",66,3.7\n"),
        "rules,positions,time ms\n\"subtract:1,3\",66,<time>\n"
    );
}

/// Every recorded output is what nimlab prints today.
#[test]
fn the_corpus_prints_what_was_recorded() {
    let runs = runs();
    let records: Vec<String> = runs.par_iter().map(Run::record).collect();
    let actual: String = records.concat();
    let path = corpus_dir().join("recorded.txt");
    if std::env::var_os("NIMLAB_RECORD_CORPUS").is_some() {
        // A record that says the same as before (only its timings differ) stays as it was, so
        // that a diff of the recording shows only what changed.
        let before = std::fs::read_to_string(&path).unwrap_or_default();
        let before = split_records(&before);
        let kept: String = split_records(&actual)
            .into_iter()
            .enumerate()
            .map(|(i, now)| match before.get(i) {
                Some(old) if canonical(old) == canonical(now) => *old,
                _ => now,
            })
            .collect();
        std::fs::write(&path, kept).expect("write the recording");
        return;
    }
    let recorded = std::fs::read_to_string(&path)
        .expect("read tests/corpus/recorded.txt (NIMLAB_RECORD_CORPUS=1 records it)");
    assert!(
        runs.len() >= 500,
        "the corpus holds {} runs, fewer than 500",
        runs.len()
    );
    let recorded: Vec<&str> = split_records(&recorded);
    let actual_records: Vec<&str> = split_records(&actual);
    let changed: Vec<(usize, &&str)> = actual_records
        .iter()
        .enumerate()
        .filter(|(i, record)| recorded.get(*i).map(|r| canonical(r)) != Some(canonical(record)))
        .collect();
    if let Some((i, record)) = changed.first() {
        let now = Path::new(env!("CARGO_TARGET_TMPDIR")).join("corpus-now.txt");
        std::fs::write(&now, &actual).expect("write what nimlab prints now");
        let headings: Vec<&str> = changed
            .iter()
            .take(40)
            .map(|(_, record)| record.lines().next().unwrap_or(""))
            .collect();
        panic!(
            "{} of {} recorded outputs changed (recorded: {}):\n{}\nThe first:\n\
             --- recorded\n{}\n--- now\n{}\n\
             Everything printed now is in {}. If the change is meant, record again with \
             NIMLAB_RECORD_CORPUS=1 and say why in the commit.",
            changed.len(),
            actual_records.len(),
            recorded.len(),
            headings.join("\n"),
            recorded.get(*i).unwrap_or(&"(nothing)"),
            record,
            now.display()
        );
    }
    assert_eq!(
        recorded.len(),
        actual_records.len(),
        "runs added or removed"
    );
}

/// The records of a recording, each from its `$ nimlab` heading.
fn split_records(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = text
        .match_indices("\n$ nimlab ")
        .map(|(i, _)| i + 1)
        .collect();
    if text.starts_with("$ nimlab ") {
        starts.insert(0, 0);
    }
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}
