//! Hostile YAML and hostile files, run under a memory limit and a time limit: an alias bomb made
//! of one big string (under the 1 MiB a lesson may have, but 50 GB expanded), 500 KB of nested
//! `[[[[`, `/dev/zero`, links to a device and to a 100 MB sparse file, a FIFO among the lessons,
//! and a file name that is not UTF-8. Each must end at once with one line that names the file
//! and the limit it hit, in the way its command reports a bad file: `grundy` exits 2,
//! `lesson check` lists the failure and exits 1, `lesson list` and the REPL warn and go on.
//!
//! The memory limit comes from `prlimit --as` (util-linux): a run that tried to expand the bomb
//! would abort instead of taking the machine's memory, and the test would see the abort.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use tempfile::TempDir;

use crate::support::{Output, Test};

/// Address space allowed to one run: nimlab needs far less; expanding the bomb needs 50 GB.
const MEMORY: u64 = 512 << 20;
/// A bound on a hang, not a timing: each of these runs takes milliseconds.
const QUICKLY: Duration = Duration::from_secs(10);

/// A lesson whose `setup` is one 400 KB string and 125 000 aliases to it: 900 KB of text.
fn bomb_lesson() -> String {
    format!(
        "format: 1\nid: bomb\nversion: 1\ntitle: Bomb\nsetup: [&a \"{}\", {}]\nsteps:\n  - id: s\n    text: Hi.\n",
        "x".repeat(400_000),
        vec!["*a"; 125_000].join(", ")
    )
}

/// A graph with the same bomb as the moves of one position.
fn bomb_graph() -> String {
    format!(
        "format: 1\npositions:\n  end: []\n  a: [&a \"{}\", {}]\n",
        "x".repeat(400_000),
        vec!["*a"; 125_000].join(", ")
    )
}

/// 250 000 `[` and as many `]`: 500 KB of nesting.
fn brackets() -> String {
    format!("{}{}", "[".repeat(250_000), "]".repeat(250_000))
}

fn deep_lesson() -> String {
    format!(
        "format: 1\nid: deep\nversion: 1\ntitle: Deep\nsetup: {}\nsteps:\n  - id: s\n    text: Hi.\n",
        brackets()
    )
}

fn deep_graph() -> String {
    format!("format: 1\npositions: {{a: {}}}\n", brackets())
}

/// A temporary directory for one test's files; nimlab runs in it.
struct Place {
    dir: TempDir,
}

impl Place {
    fn new() -> Self {
        Self {
            dir: tempfile::tempdir().expect("a temporary directory"),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// A directory `name` holding one file `file` with `contents`.
    fn lessons(&self, name: &str, file: &str, contents: &str) -> PathBuf {
        let dir = self.path(name);
        std::fs::create_dir_all(&dir).expect("a lessons directory");
        std::fs::write(dir.join(file), contents).expect("a lesson file");
        dir
    }

    /// An empty directory `name`.
    fn empty(&self, name: &str) -> PathBuf {
        let dir = self.path(name);
        std::fs::create_dir_all(&dir).expect("a directory");
        dir
    }

    /// nimlab with `args` under the memory and time limits, run here.
    fn test<I, S>(&self, args: I) -> Test
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        Test::new()
            .args(args)
            .current_dir(self.dir.path())
            .wrapped([
                OsString::from("prlimit"),
                format!("--as={MEMORY}").into(),
                "--".into(),
            ])
            .timeout(QUICKLY)
    }

    /// Runs nimlab with `args` under the limits, with `stdin` piped in; it must neither run
    /// out of memory nor panic.
    fn run<I, S>(&self, args: I, stdin: &str) -> Output
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        let run = self.test(args).stdin(stdin).run();
        assert!(
            !run.stderr.contains("memory allocation") && !run.stderr.contains("panicked"),
            "nimlab {:?} failed under the memory limit:\n{}",
            run.args,
            run.stderr
        );
        run
    }
}

/// How each command refuses a bad file.
trait Refusal: Sized {
    /// The one line of `text` that mentions `file`, which must also say each of `says`.
    fn one_line<'a>(&self, text: &'a str, file: &str, says: &[&str]) -> &'a str;
    /// `lesson list`: the bundled lessons are still listed, with one warning about `file`.
    fn lists_with_a_warning(self, file: &str, says: &[&str]) -> Self;
    /// `lesson check`: exit 1 and one failure line naming `file`.
    fn check_fails(self, file: &str, says: &[&str]) -> Self;
    /// Bad input: exit 2 and one line on stderr naming `file` in backticks.
    fn bad_file(self, file: &str, says: &[&str]) -> Self;
}

impl Refusal for Output {
    #[track_caller]
    fn one_line<'a>(&self, text: &'a str, file: &str, says: &[&str]) -> &'a str {
        let lines: Vec<&str> = text.lines().filter(|l| l.contains(file)).collect();
        assert_eq!(
            lines.len(),
            1,
            "nimlab {:?}: expected one line naming {file}:\n{text}",
            self.args
        );
        for s in says {
            assert!(lines[0].contains(s), "{:?} does not say {s:?}", lines[0]);
        }
        lines[0]
    }

    #[track_caller]
    fn lists_with_a_warning(self, file: &str, says: &[&str]) -> Self {
        let out = self.code(0);
        assert!(out.stdout.contains("mex"), "{}", out.stdout);
        let line = out.one_line(&out.stdout, file, says);
        assert!(line.starts_with("warning: "), "{line}");
        assert_eq!(out.stdout.matches("warning:").count(), 1, "{}", out.stdout);
        out
    }

    #[track_caller]
    fn check_fails(self, file: &str, says: &[&str]) -> Self {
        let out = self.code(1);
        let line = out.one_line(&out.stdout, file, says);
        assert!(line.starts_with(&format!("✗ {file}")), "{line}");
        assert!(out.stdout.contains("1 failed"), "{}", out.stdout);
        assert_eq!(out.stderr, "error: lesson check: 1 failure\n");
        out
    }

    #[track_caller]
    fn bad_file(self, file: &str, says: &[&str]) -> Self {
        let out = self.code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
        out.one_line(&out.stderr, &format!("`{file}`"), says);
        out
    }
}

const EXPANDS: &str = "expands through aliases to more than";
const NESTS: &str = "nests too deeply";

#[test]
fn a_bomb_of_one_big_string_in_a_lessons_directory() {
    let place = Place::new();
    let text = bomb_lesson();
    assert!(text.len() < 1 << 20, "the bomb fits the size limit");
    let dir = place.lessons("more", "bomb.yaml", &text);
    // `setup:` is on line 5. Expanded, the text before the aliases is 400 047 bytes and each
    // alias 400 001 more, so the fifth alias passes 2 MiB (4 aliases: 2 000 051 bytes).
    place
        .run(
            [
                OsStr::new("lesson"),
                "list".as_ref(),
                "--lessons".as_ref(),
                dir.as_os_str(),
            ],
            "",
        )
        .lists_with_a_warning("bomb.yaml", &[":5:", EXPANDS]);
}

#[test]
fn a_bomb_of_one_big_string_in_lesson_check() {
    let place = Place::new();
    let dir = place.lessons("more", "bomb.yaml", &bomb_lesson());
    let file = dir.join("bomb.yaml");
    let shown = file.display().to_string();
    place
        .run(
            [OsStr::new("lesson"), "check".as_ref(), file.as_os_str()],
            "",
        )
        .check_fails(&shown, &[EXPANDS]);
}

#[test]
fn a_bomb_of_one_big_string_when_the_repl_reads_its_lessons() {
    let place = Place::new();
    let dir = place.lessons("more", "bomb.yaml", &bomb_lesson());
    place
        .run(
            [OsStr::new("--lessons"), dir.as_os_str()],
            "lesson list\nquit\n",
        )
        .lists_with_a_warning("bomb.yaml", &[EXPANDS]);
}

/// On a terminal the REPL reads the lessons as it starts (for completion).
#[cfg(unix)]
#[test]
fn a_bomb_of_one_big_string_when_the_repl_starts_on_a_terminal() {
    let place = Place::new();
    let dir = place.lessons("more", "bomb.yaml", &bomb_lesson());
    let mut p = place.test([OsStr::new("--lessons"), dir.as_os_str()]).pty();
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("lesson list").unwrap();
    p.exp_string("warning: ").unwrap();
    let line = p.exp_string("(an alias bomb?)").unwrap();
    assert!(
        line.contains("bomb.yaml") && line.contains(EXPANDS),
        "{line}"
    );
    p.exp_string("nimlab[zero-move]> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn a_bomb_of_one_big_string_in_a_graph() {
    let place = Place::new();
    std::fs::write(place.path("bomb.yaml"), bomb_graph()).unwrap();
    place
        .run(["grundy", "--rules", "graph:bomb.yaml"], "")
        .bad_file("bomb.yaml", &[EXPANDS, "line 4"]);
}

#[test]
fn half_a_megabyte_of_brackets_in_a_lesson() {
    let place = Place::new();
    let dir = place.lessons("more", "deep.yaml", &deep_lesson());
    let file = dir.join("deep.yaml");
    place
        .run(
            [OsStr::new("lesson"), "check".as_ref(), file.as_os_str()],
            "",
        )
        .check_fails(&file.display().to_string(), &[NESTS, ":5:"]);
    place
        .run(
            [
                OsStr::new("lesson"),
                "list".as_ref(),
                "--lessons".as_ref(),
                dir.as_os_str(),
            ],
            "",
        )
        .lists_with_a_warning("deep.yaml", &[NESTS]);
}

#[test]
fn half_a_megabyte_of_brackets_in_a_graph() {
    let place = Place::new();
    std::fs::write(place.path("deep.yaml"), deep_graph()).unwrap();
    place
        .run(["grundy", "--rules", "graph:deep.yaml"], "")
        .bad_file("deep.yaml", &[NESTS, "line 2"]);
}

#[cfg(unix)]
#[test]
fn lesson_check_of_dev_zero_reads_nothing() {
    Place::new()
        .run(["lesson", "check", "/dev/zero"], "")
        .check_fails("/dev/zero", &["it is a device, not a regular file"]);
}

#[cfg(unix)]
#[test]
fn a_lesson_linked_to_dev_zero() {
    let place = Place::new();
    let dir = place.empty("more");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.yaml")).unwrap();
    place
        .run(
            [
                OsStr::new("lesson"),
                "list".as_ref(),
                "--lessons".as_ref(),
                dir.as_os_str(),
            ],
            "",
        )
        .lists_with_a_warning("zero.yaml", &["it is a device, not a regular file"]);
    let link = dir.join("zero.yaml");
    place
        .run(
            [OsStr::new("lesson"), "check".as_ref(), link.as_os_str()],
            "",
        )
        .check_fails(&link.display().to_string(), &["device"]);
}

#[cfg(unix)]
#[test]
fn a_lesson_linked_to_a_100_mb_sparse_file() {
    let place = Place::new();
    let big = place.path("big.img");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(100 * 1024 * 1024))
        .expect("a sparse file");
    let dir = place.empty("more");
    std::os::unix::fs::symlink(&big, dir.join("sparse.yaml")).unwrap();
    // 100 × 1024 × 1024 = 104857600 bytes; reading stops after 1 MiB + 1.
    place
        .run(
            [
                OsStr::new("lesson"),
                "list".as_ref(),
                "--lessons".as_ref(),
                dir.as_os_str(),
            ],
            "",
        )
        .lists_with_a_warning("sparse.yaml", &["104857600 bytes", "at most 1048576"]);
}

#[cfg(unix)]
#[test]
fn a_fifo_among_the_lessons_does_not_hang() {
    let place = Place::new();
    let dir = place.empty("more");
    let fifo = dir.join("x.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    place
        .run(
            [
                OsStr::new("lesson"),
                "list".as_ref(),
                "--lessons".as_ref(),
                dir.as_os_str(),
            ],
            "",
        )
        .lists_with_a_warning("x.yaml", &["it is a FIFO, not a regular file"]);
    place
        .run(
            [OsStr::new("lesson"), "check".as_ref(), fifo.as_os_str()],
            "",
        )
        .check_fails(&fifo.display().to_string(), &["FIFO"]);
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_opened_as_named() {
    use std::os::unix::ffi::OsStrExt;
    let place = Place::new();
    let dir = place.empty("more");
    let name = OsStr::from_bytes(b"\xffdrill.yaml");
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lessons/good/drill.yaml");
    std::fs::copy(good, dir.join(name)).unwrap();
    // The file exists only under its exact bytes: finding it proves no lossy conversion.
    let found = place
        .run(
            [
                OsStr::new("lesson"),
                "check".as_ref(),
                dir.join(name).as_os_str(),
            ],
            "",
        )
        .code(0);
    assert!(found.stdout.contains("all passed"), "{}", found.stdout);
    // A missing one is named with the lossy character only in the message.
    let missing = dir.join(OsStr::from_bytes(b"\xfe.yaml"));
    let shown = missing.display().to_string();
    assert!(shown.ends_with("\u{fffd}.yaml"), "{shown}");
    place
        .run(
            [OsStr::new("lesson"), "check".as_ref(), missing.as_os_str()],
            "",
        )
        .check_fails(&shown, &["No such file"]);
}

/// A lesson with one definition in `games:` (on line 6).
fn lesson_with_game(definition: &str) -> String {
    format!(
        "format: 1\nid: hostile-game\nversion: 1\ntitle: Hostile\ngames:\n  - \"{definition}\"\n\
         rules: game:g1\nsteps:\n  - id: s\n    text: Hi.\n"
    )
}

/// Hostile definitions in a lesson's `games:` are refused when the lesson loads, with the
/// definition's line and why: play that never ends, a loop over 2^60 elements, nesting past
/// the parser's depth, a name a ruleset has. `lesson list` warns and goes on.
#[test]
fn hostile_game_definitions_in_a_lesson_are_refused_at_load() {
    let deep = format!(
        "game g1(n) = {{{}n - 1{}}}",
        "(".repeat(400),
        ")".repeat(400)
    );
    let cases: [(&str, &[&str]); 4] = [
        ("game g1(n) = {n + 1}", &["is not a smaller state"]),
        (
            "game g1(n) = {n - 1 : k in 0..pow(2, 60), n > 0}",
            &["work limit"],
        ),
        (deep.as_str(), &["nested too deeply"]),
        ("game nim(n) = {0}", &["`nim`", "a name no ruleset"]),
    ];
    for (definition, says) in cases {
        let place = Place::new();
        let dir = place.lessons("more", "game.yaml", &lesson_with_game(definition));
        let file = dir.join("game.yaml");
        let mut says = says.to_vec();
        says.extend(["game.yaml:6:", "`games:` the definition"]);
        place
            .run(
                [OsStr::new("lesson"), "check".as_ref(), file.as_os_str()],
                "",
            )
            .check_fails(&file.display().to_string(), &says);
        place
            .run(
                [
                    OsStr::new("lesson"),
                    "list".as_ref(),
                    "--lessons".as_ref(),
                    dir.as_os_str(),
                ],
                "",
            )
            .lists_with_a_warning("game.yaml", &["`games:` the definition"]);
    }
}
