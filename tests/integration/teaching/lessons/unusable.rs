//! Progress files nimlab cannot use: every kind of corruption (not UTF-8, truncated, the wrong
//! shape, empty, a directory, a FIFO, a device, a huge sparse file, symbolic links to such
//! things) is moved aside before anything is written — the original still there, under the name
//! the warning gives — whether the learner starts a lesson, lists them, or resets one. A file
//! that cannot be moved is never written over; a newer nimlab's keys are kept; a failed save is
//! an IO error (exit code 3); stale temporary files are cleaned up.

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use super::{Heading, Learner, fixture, headings, in_order, json_lines, path_str};
use crate::support::Test;

/// No run here does anything slow: longer means nimlab waits on a FIFO or reads a device.
const QUICK: Duration = Duration::from_secs(10);

/// One way a progress file can be unusable.
struct Kind {
    name: &'static str,
    /// Puts it at `path`; `scratch` is a directory outside the data directory for link targets.
    make: fn(path: &Path, scratch: &Path),
    /// What the warning says about it.
    says: &'static str,
}

fn bytes(path: &Path, contents: &[u8]) {
    fs::write(path, contents).unwrap();
}

fn link(target: &Path, path: &Path) {
    std::os::unix::fs::symlink(target, path).unwrap();
}

fn fifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

const KINDS: &[Kind] = &[
    Kind {
        name: "not UTF-8",
        make: |p, _| {
            bytes(
                p,
                b"{\"format\": 1, \"lessons\": {\"drill\": {\"current\": \"\xff\"}}}",
            )
        },
        says: "is not UTF-8 text",
    },
    Kind {
        name: "truncated JSON",
        make: |p, _| {
            bytes(
                p,
                b"{\"format\": 1, \"lessons\": {\"drill\": {\"version\": 1, \"curr",
            )
        },
        says: "is not nimlab progress",
    },
    Kind {
        name: "JSON of the wrong shape (an array)",
        make: |p, _| bytes(p, b"[{\"format\": 1, \"lessons\": {}}]"),
        says: "is not nimlab progress",
    },
    Kind {
        name: "JSON of the wrong shape (a lesson that is a number)",
        make: |p, _| bytes(p, b"{\"format\": 1, \"lessons\": {\"drill\": 7}}"),
        says: "is not nimlab progress",
    },
    Kind {
        name: "an empty file",
        make: |p, _| bytes(p, b""),
        says: "is empty",
    },
    Kind {
        name: "a directory",
        make: |p, _| {
            fs::create_dir(p).unwrap();
            bytes(&p.join("notes.txt"), b"the learner's own notes");
        },
        says: "is a directory",
    },
    Kind {
        name: "a symlink to a non-UTF-8 file",
        make: |p, scratch| {
            bytes(&scratch.join("latin1"), b"caf\xe9\n");
            link(&scratch.join("latin1"), p);
        },
        says: "is not UTF-8 text",
    },
    Kind {
        name: "a symlink to a directory",
        make: |p, scratch| link(scratch, p),
        says: "is a directory",
    },
    Kind {
        name: "a symlink to /dev/zero",
        make: |p, _| link(Path::new("/dev/zero"), p),
        says: "is a device",
    },
    Kind {
        name: "a FIFO",
        make: |p, _| fifo(p),
        says: "is a FIFO",
    },
    Kind {
        name: "a sparse 1 GiB file",
        make: |p, _| fs::File::create(p).unwrap().set_len(1 << 30).unwrap(),
        says: "is larger than",
    },
    Kind {
        name: "a dangling symlink",
        make: |p, scratch| link(&scratch.join("gone/progress.json"), p),
        says: "which does not exist",
    },
    Kind {
        name: "a symlink to itself",
        make: |p, _| link(Path::new("progress.json"), p),
        says: "cannot be read",
    },
];

/// What is at a path, in enough detail to tell that a rename kept it whole: the inode, and the
/// contents (a link's target, a directory's entries, a small file's bytes).
#[derive(Debug, PartialEq, Eq)]
struct Fingerprint {
    inode: u64,
    contents: Contents,
}

#[derive(Debug, PartialEq, Eq)]
enum Contents {
    Bytes(Vec<u8>),
    /// Length and the first and last KiB of a file too big to compare whole.
    Large(u64, Vec<u8>, Vec<u8>),
    Link(PathBuf),
    Dir(Vec<(String, Vec<u8>)>),
    Other,
}

fn fingerprint(path: &Path) -> Fingerprint {
    let meta =
        fs::symlink_metadata(path).unwrap_or_else(|e| panic!("nothing at {}: {e}", path.display()));
    let kind = meta.file_type();
    let contents = if kind.is_symlink() {
        Contents::Link(fs::read_link(path).unwrap())
    } else if kind.is_dir() {
        let mut entries: Vec<(String, Vec<u8>)> = fs::read_dir(path)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().into_string().unwrap(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        entries.sort();
        Contents::Dir(entries)
    } else if kind.is_file() && meta.len() <= 1 << 20 {
        Contents::Bytes(fs::read(path).unwrap())
    } else if kind.is_file() {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = fs::File::open(path).unwrap();
        let mut head = vec![0; 1024];
        file.read_exact(&mut head).unwrap();
        file.seek(SeekFrom::End(-1024)).unwrap();
        let mut tail = vec![0; 1024];
        file.read_exact(&mut tail).unwrap();
        Contents::Large(meta.len(), head, tail)
    } else {
        Contents::Other
    };
    Fingerprint {
        inode: meta.ino(),
        contents,
    }
}

/// The file names in the data directory that start with `progress.json.corrupt-`.
fn copies(learner: &Learner) -> Vec<PathBuf> {
    fs::read_dir(learner.data.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("progress.json.corrupt-")
        })
        .collect()
}

/// Makes `kind` in a fresh data directory, runs `lines`, and checks that exactly one copy was
/// made, holding what was there, that the output warned naming it, and that nimlab finished in
/// time. Returns the learner and the output.
fn run_on(kind: &Kind, lines: &[&str]) -> (Learner, crate::support::Output, PathBuf) {
    let learner = Learner::new();
    let scratch = tempfile::tempdir().unwrap();
    (kind.make)(&learner.progress_path(), scratch.path());
    let before = fingerprint(&learner.progress_path());
    // What a link points at, if anything (not a link to itself).
    let target = match &before.contents {
        Contents::Link(target) => Some(learner.data.path().join(target))
            .filter(|t| fs::metadata(t).is_ok())
            .map(|t| (fingerprint(&t), t)),
        _ => None,
    };
    let mut script = lines.join("\n");
    script.push('\n');
    let out = learner.test().timeout(QUICK).stdin(script).run();
    let out = out.code(0);
    let made = copies(&learner);
    assert_eq!(made.len(), 1, "{}: {made:?}", kind.name);
    let copy = made[0].clone();
    assert_eq!(
        fingerprint(&copy),
        before,
        "{}: the copy differs",
        kind.name
    );
    if let Some((was, target)) = target {
        assert_eq!(
            fingerprint(&target),
            was,
            "{}: the link's target changed",
            kind.name
        );
    }
    (learner, out, copy)
}

fn name_of(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn starting_a_lesson_moves_every_kind_aside_and_saves_afresh() {
    for kind in KINDS {
        let (learner, out, copy) = run_on(kind, &["lesson start drill", "next"]);
        // On stderr, with every warning: the lesson's own output is its steps.
        in_order(&out.stderr, &["warning:", kind.says, &name_of(&copy)]);
        // Said once, not at every step.
        assert_eq!(out.stderr.matches("warning:").count(), 1, "{}", out.stderr);
        assert!(!out.stdout.contains("warning:"), "{}", out.stdout);
        assert_eq!(
            headings(&out.stdout),
            [Heading::drill(1, "intro"), Heading::drill(2, "show")],
            "{}",
            kind.name
        );
        assert!(
            fs::symlink_metadata(learner.progress_path())
                .unwrap()
                .is_file(),
            "{}",
            kind.name
        );
        assert_eq!(learner.progress()["lessons"]["drill"]["current"], "show");
    }
}

#[test]
fn listing_lessons_moves_every_kind_aside_and_says_where() {
    for kind in KINDS {
        let (learner, out, copy) = run_on(kind, &["lesson list --format json"]);
        let list = &json_lines(&out.stdout)[0];
        let warnings = list["warnings"].as_array().unwrap();
        assert_eq!(warnings.len(), 1, "{}: {list}", kind.name);
        let warning = warnings[0].as_str().unwrap();
        in_order(warning, &[kind.says, &format!("`{}`", copy.display())]);
        // Listing writes nothing.
        assert!(
            fs::symlink_metadata(learner.progress_path()).is_err(),
            "{}",
            kind.name
        );
    }
}

#[test]
fn resetting_a_lesson_moves_every_kind_aside_and_writes_nothing() {
    for kind in KINDS {
        let (learner, out, copy) = run_on(kind, &["lesson reset drill"]);
        in_order(
            &out.stdout,
            &["warning:", kind.says, &name_of(&copy), "forgotten"],
        );
        assert!(
            fs::symlink_metadata(learner.progress_path()).is_err(),
            "{}",
            kind.name
        );
    }
}

/// Two lessons in progress, and `lesson reset` of one: the other stays as it was.
#[test]
fn reset_forgets_one_lesson_only() {
    let learner = Learner::new();
    learner
        .script(&["lesson start drill", "next", "lesson quit"])
        .success();
    learner
        .script(&["lesson start mex", "next", "lesson quit"])
        .success();
    let mex = learner.progress()["lessons"]["mex"].clone();
    assert!(mex["current"].is_string(), "{mex}");
    learner.script(&["lesson reset drill"]).success();
    let after = learner.progress();
    assert_eq!(after["lessons"].get("drill"), None, "{after}");
    assert_eq!(after["lessons"]["mex"], mex);
}

/// What a newer nimlab might write: keys this one does not know, at the top, in a lesson, in a
/// lesson it does not have, and a step status it does not know.
#[test]
fn a_newer_nimlabs_keys_survive_a_lesson_and_a_reset() {
    let learner = Learner::new();
    let newer = json!({
        "format": 1,
        "sync": {"last": "2027-01-01", "device": 42},
        "lessons": {
            "drill": {
                "version": 1,
                "current": "intro",
                "steps": {"intro": "seen", "xor": "attempted"},
                "finished": false,
                "time_spent": 12345678901234567890u64
            },
            "future": {"version": 3, "current": "a", "badges": ["gold"]}
        }
    });
    fs::write(learner.progress_path(), newer.to_string()).unwrap();
    let out = learner.script(&["lesson start drill", "next"]).success();
    assert!(!out.stdout.contains("warning:"), "{}", out.stdout);
    let saved = learner.progress();
    assert_eq!(saved["sync"], newer["sync"]);
    assert_eq!(saved["lessons"]["future"], newer["lessons"]["future"]);
    let drill = &saved["lessons"]["drill"];
    assert_eq!(drill["current"], "show");
    assert_eq!(drill["time_spent"], 12345678901234567890u64);
    assert_eq!(drill["steps"]["xor"], "attempted");
    assert_eq!(drill["steps"]["show"], "seen");

    learner.script(&["lesson reset drill"]).success();
    let saved = learner.progress();
    assert_eq!(saved["sync"], newer["sync"]);
    assert_eq!(saved["lessons"]["future"], newer["lessons"]["future"]);
    assert_eq!(saved["lessons"].get("drill"), None);
}

/// A data directory whose path is just short enough for the progress file, the lock and a
/// temporary file, and too long for the name a copy set aside would have: renaming fails with
/// ENAMETOOLONG, which no permission bits are needed for (the tests run as root, who ignores
/// them). Returns the directory.
fn too_deep_for_a_copy(base: &Path) -> PathBuf {
    const PATH_MAX: usize = 4095;
    // `…/progress.json.tmp-XXXXXX` must fit, `…/progress.json.corrupt-SSSSSSSSSS` must not.
    let target = PATH_MAX - "/progress.json.tmp-XXXXXX".len();
    let mut dir = base.to_path_buf();
    while dir.as_os_str().len() < target {
        let room = target - dir.as_os_str().len() - 1;
        dir.push("d".repeat(room.min(200)));
    }
    fs::create_dir_all(&dir).unwrap();
    // The premises, checked: a temporary file can be made there, a copy cannot.
    fs::write(dir.join("progress.json.tmp-XXXXXX"), "").unwrap();
    fs::remove_file(dir.join("progress.json.tmp-XXXXXX")).unwrap();
    let copy = fs::write(dir.join("progress.json.corrupt-1800000000"), "");
    assert_eq!(
        copy.map_err(|e| e.raw_os_error()),
        Err(Some(libc::ENAMETOOLONG))
    );
    dir
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_cannot_be_moved_aside_is_never_written_over() {
    let base = tempfile::tempdir().unwrap();
    let dir = too_deep_for_a_copy(base.path());
    let progress = dir.join("progress.json");
    fs::write(
        &progress,
        b"{\"format\": 1, \"lessons\": {\"drill\": \xff}}",
    )
    .unwrap();
    let out = Test::new()
        .args(["--lessons", &path_str(&fixture("good"))])
        .env("NIMLAB_DATA_DIR", path_str(&dir))
        .stdin("lesson start drill\nnext\nnext\n")
        .run()
        .code(3);
    in_order(
        &out.stderr,
        &[
            "warning:",
            "could not be moved aside",
            "will not be saved over it",
        ],
    );
    assert_eq!(out.stderr.matches("warning:").count(), 1, "{}", out.stderr);
    assert_eq!(
        fs::read(&progress).unwrap(),
        b"{\"format\": 1, \"lessons\": {\"drill\": \xff}}"
    );

    // `lesson reset` cannot do what it was asked: an IO error, exit code 3, one line.
    let out = Test::new()
        .args(["--lessons", &path_str(&fixture("good"))])
        .args(["lesson", "reset", "drill"])
        .env("NIMLAB_DATA_DIR", path_str(&dir))
        .run()
        .code(3);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    in_order(&out.stderr, &["error: ", "could not be moved aside"]);
    assert_eq!(
        fs::read(&progress).unwrap(),
        b"{\"format\": 1, \"lessons\": {\"drill\": \xff}}"
    );
}

/// The same with permission bits, where they work: not as root, who ignores them.
#[test]
fn a_file_in_a_read_only_directory_is_never_written_over() {
    use std::os::unix::fs::PermissionsExt;
    let learner = Learner::new();
    fs::write(learner.progress_path(), "not json").unwrap();
    let mode = |m| fs::Permissions::from_mode(m);
    fs::set_permissions(learner.data.path(), mode(0o555)).unwrap();
    if fs::write(learner.data.path().join("probe"), "").is_ok() {
        eprintln!("skipped: running as root, who ignores permission bits");
        fs::set_permissions(learner.data.path(), mode(0o755)).unwrap();
        return;
    }
    let out = learner.script(&["lesson start drill", "next"]).code(0);
    in_order(&out.stderr, &["warning:", "could not be moved aside"]);
    fs::set_permissions(learner.data.path(), mode(0o755)).unwrap();
    assert_eq!(
        fs::read_to_string(learner.progress_path()).unwrap(),
        "not json"
    );
}

/// A save that fails is an IO error with its own exit code, not a usage error.
#[test]
fn a_failed_save_exits_3() {
    let learner = Learner::new();
    let file = learner.data.path().join("a-file");
    fs::write(&file, "").unwrap();
    let out = Test::new()
        .args(["--lessons", &path_str(&fixture("good"))])
        .args(["lesson", "reset", "drill"])
        .env("NIMLAB_DATA_DIR", path_str(&file.join("data")))
        .run()
        .code(3);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    in_order(&out.stderr, &["error: ", "cannot save progress", "a-file"]);

    // A newer nimlab's file is not this one's to change.
    let newer = "{\"format\": 7, \"lessons\": {\"drill\": {}}}";
    fs::write(learner.progress_path(), newer).unwrap();
    let out = learner
        .test()
        .args(["lesson", "reset", "drill"])
        .run()
        .code(3);
    in_order(
        &out.stderr,
        &["error: ", "format 7", "will not be saved over it"],
    );
    assert_eq!(fs::read_to_string(learner.progress_path()).unwrap(), newer);
}

/// Temporary files a killed nimlab left (the old predictable names included, even as planted
/// symbolic links) are removed at the next save, and nothing is written through them.
#[test]
fn stale_and_planted_temporary_files_are_cleaned_up() {
    let learner = Learner::new();
    let victim = tempfile::NamedTempFile::new().unwrap();
    fs::write(victim.path(), "precious").unwrap();
    fs::write(
        learner.data.path().join("progress.json.tmp-4242"),
        "{\"format\": 1, \"les",
    )
    .unwrap();
    for pid in 1..=64 {
        link(
            victim.path(),
            &learner.data.path().join(format!("progress.json.tmp-{pid}")),
        );
    }
    learner.script(&["lesson start drill", "next"]).success();
    let left: Vec<String> = fs::read_dir(learner.data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(fs::read_to_string(victim.path()).unwrap(), "precious");
    assert_eq!(learner.progress()["lessons"]["drill"]["current"], "show");
}

/// `NIMLAB_DATA_DIR=` (empty) is as if unset: progress goes to the platform's data directory,
/// not into the directory nimlab was started in.
#[test]
fn an_empty_data_dir_variable_is_unset() {
    let home = tempfile::tempdir().unwrap();
    let test = Test::new()
        .args(["--lessons", &path_str(&fixture("good"))])
        .env("NIMLAB_DATA_DIR", "")
        .env("HOME", path_str(home.path()))
        .env("XDG_DATA_HOME", path_str(&home.path().join("xdg")))
        .stdin("lesson start drill\nnext\n");
    let cwd = test.write("marker", "").parent().unwrap().to_path_buf();
    test.run().success();
    assert!(!cwd.join("progress.json").exists());
    let saved: Value = serde_json::from_str(
        &fs::read_to_string(home.path().join("xdg/nimlab/progress.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(saved["lessons"]["drill"]["current"], "show");
}
