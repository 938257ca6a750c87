//! Issue "bounded everywhere": inputs that once took the machine's memory, each run in an
//! address space of 2 GiB with a 30 s timeout. Each ends in a clear refusal that names the
//! limit and the way past it (exit 2), or a right answer — never an abort (134). Most rows set
//! a small `--memory` so the limit trips quickly; one keeps the default of 1 GiB.

use std::path::Path;

use crate::limits::bounded::limited_to;
use crate::support::{Output, Test};

/// The address space the rows run in: 2 GiB.
const CAP_KIB: u64 = 2 * 1024 * 1024;

fn capped(args: &[&str]) -> Output {
    limited_to(CAP_KIB, args, Path::new("/dev/null"))
}

fn lesson_dir(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write lesson");
    }
    dir
}

/// A stopped computation: exit 2, one error naming the limit and how to raise it.
fn over_memory(out: &Output, limit: &str) {
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains(&format!("memory limit of {limit}")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("--memory"), "{}", out.stderr);
}

#[test]
fn misere_grundy_game_stops_at_the_default_limit() {
    let out = capped(&["winner", "--misere", "--rules", "grundy-game", "1000"]);
    over_memory(&out, "1 GiB");
    // Over a second of work (a debug build takes several to fill 1 GiB): in a pipe the
    // progress is a plain line a second.
    assert!(out.stderr.contains("nimlab: working"), "{}", out.stderr);
}

#[test]
fn misere_and_lost_of_ruler_in_an_expression_stop_at_the_limit() {
    for expr in ["misere(ruler, 100)", "lost(ruler, 100)"] {
        let out = capped(&["--memory", "64M", "=", expr]);
        over_memory(&out, "64 MiB");
        assert!(out.stderr.contains("too much memory"), "{}", out.stderr);
    }
}

const RULER_LESSON: &str = "format: 1\nid: ruler-mem\nversion: 1\ntitle: Ruler memory\n\
summary: a lesson whose text asks too much\nchapter: Foundations\nsteps:\n  - id: a\n    \
text: \"value {{ misere(ruler, 100) }}\"\n";

#[test]
fn a_lesson_expression_is_held_to_the_lessons_limit() {
    let dir = lesson_dir(&[("ruler.yaml", RULER_LESSON)]);
    let file = dir.path().join("ruler.yaml");
    let out = capped(&["lesson", "check", file.to_str().unwrap()]);
    // A failed check (exit 1) that says why: the lesson's own limit, 256 MiB.
    assert_eq!(out.code, 1, "{out:?}");
    let said = format!("{}{}", out.stdout, out.stderr);
    assert!(said.contains("memory limit of 256 MiB"), "{said}");
    // `--memory` does not raise a lesson's limit: the message does not send the author there.
    assert!(said.contains("`--memory` does not raise it"), "{said}");
    assert!(!said.contains("raise the limit with"), "{said}");

    let data = tempfile::tempdir().unwrap();
    let out = Test::new()
        .args([
            "--lessons",
            dir.path().to_str().unwrap(),
            "lesson",
            "start",
            "ruler-mem",
        ])
        .env("NIMLAB_DATA_DIR", data.path())
        .run();
    assert_eq!(out.code, 0, "{out:?}");
    // The step's text is filled to 80 columns: its words, not its line breaks.
    let words = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("memory limit of 256 MiB") && words.contains("`--memory` does not raise it"),
        "{}",
        out.stdout
    );
}

/// `--memory 4G` in an address space of 2 GiB: an allocation past 2 GiB would abort the
/// process (it did: "memory allocation failed", killed by a signal). The limit is lowered
/// below the system's, said once on stderr, and the search stops in words (exit 2).
#[test]
fn a_memory_limit_above_the_systems_is_lowered_and_said() {
    let out = capped(&[
        "--memory",
        "4G",
        "winner",
        "--misere",
        "--rules",
        "grundy-game",
        "1000",
    ]);
    assert_eq!(out.code, 2, "{out:?}");
    let notes: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("note:"))
        .collect();
    assert_eq!(notes.len(), 1, "{}", out.stderr);
    assert!(
        notes[0].contains("a memory limit of 4 GiB is more than this process may allocate")
            && notes[0].contains("RLIMIT_AS")
            && notes[0].contains("is 2 GiB"),
        "{}",
        notes[0]
    );
    assert!(
        out.stderr.contains("the most this process may allocate"),
        "{}",
        out.stderr
    );
    // The same in a script: one line's `--memory 8G`, said once.
    let script = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(script.path(), "= 1 + 1 --memory 8G\n= 2 + 2 --memory 8G\n").unwrap();
    let out = limited_to(CAP_KIB, &[], script.path());
    assert_eq!((out.code, out.stdout.as_str()), (0, "2\n4\n"), "{out:?}");
    assert_eq!(
        out.stderr.matches("note: a memory limit of 8 GiB").count(),
        1,
        "{}",
        out.stderr
    );
}

#[test]
fn a_defined_game_played_misere_stops_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("t.nimlab");
    std::fs::write(
        &script,
        "game t(n) = {[n - k, n - k] : k in 1..min(n, 3)}\nwinner --misere 1000\n",
    )
    .unwrap();
    let out = capped(&["--memory", "64M", "run", script.to_str().unwrap()]);
    over_memory(&out, "64 MiB");
}

#[test]
fn misere_nim_of_many_piles_is_refused_before_searching() {
    let dir = tempfile::tempdir().unwrap();
    let piles = dir.path().join("ones.txt");
    std::fs::write(&piles, "1 ".repeat(100_000)).unwrap();
    let out = capped(&[
        "winner",
        "--misere",
        "--rules",
        "nim",
        "--file",
        piles.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 2, "{out:?}");
}

/// `--max` in a refusal, as a number.
fn fitting_max(stderr: &str) -> u64 {
    let at = stderr.find("`--max ").expect("a --max that fits") + "`--max ".len();
    stderr[at..]
        .split('`')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

#[test]
fn tuple_verify_is_refused_at_once_with_the_largest_max_that_fits() {
    for (rules, max, piles) in [
        ("wythoff", "500", "4"),
        ("wythoff", "500", "1"),
        ("wythoff", "300", "4"),
        ("northcott", "500", "1"),
        ("northcott", "300", "4"),
        ("fibonacci-nim", "1000", "1"),
    ] {
        let out = capped(&["verify", "--rules", rules, "--max", max, "--piles", piles]);
        assert_eq!(out.code, 2, "{out:?}");
        // In the words of tuples, not of piles of a size.
        assert!(out.stderr.contains("each part ≤"), "{}", out.stderr);
        assert!(!out.stderr.contains("piles of size"), "{}", out.stderr);
        let fits = fitting_max(&out.stderr);
        assert!(fits < max.parse().unwrap(), "{}", out.stderr);
    }
}

#[test]
fn the_max_named_for_a_pair_game_runs() {
    // The largest --max said to fit for one Fibonacci Nim state does run to the end.
    let out = capped(&[
        "verify",
        "--rules",
        "fibonacci-nim",
        "--max",
        "1000",
        "--piles",
        "1",
    ]);
    let fits = fitting_max(&out.stderr).min(60).to_string();
    let run = capped(&[
        "verify",
        "--rules",
        "fibonacci-nim",
        "--max",
        &fits,
        "--piles",
        "1",
    ]);
    // Success; on a loaded machine the run may pass a second and print progress lines.
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.lines().all(|l| l.starts_with("nimlab: working")),
        "{}",
        run.stderr
    );
}

#[test]
fn a_game_of_too_many_parts_is_refused_as_it_is_read() {
    let params: Vec<String> = (0..3000).map(|i| format!("v{i}")).collect();
    let lesson = format!(
        "format: 1\nid: tup\nversion: 1\ntitle: Tup\nsummary: s\nchapter: Foundations\n\
         games:\n  - \"game tup({}) = {{}}\"\nsteps:\n  - id: a\n    text: hello\n",
        params.join(",")
    );
    let dir = lesson_dir(&[("tup.yaml", &lesson)]);
    let file = dir.path().join("tup.yaml");
    let out = capped(&["lesson", "check", file.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{out:?}");
    let said = format!("{}{}", out.stdout, out.stderr);
    assert!(said.contains("at most 64 parts"), "{said}");
    // The lesson list is not slowed by it either (once 15 s): it answers at all, within the
    // timeout, and names the refusal.
    let out = capped(&["--lessons", dir.path().to_str().unwrap(), "lesson", "list"]);
    assert!(
        format!("{}{}", out.stdout, out.stderr).contains("64 parts"),
        "{out:?}"
    );
}

#[test]
fn game_names_ending_in_misere_and_overlong_names_are_refused() {
    Test::new()
        .args(["game", "x-misere(n) = {n - 1 : k in 1..min(n, 1)}"])
        .run()
        .code(2)
        .stderr_has("unexpected `x-misere`: expected a name that does not end in `-misere`");
    let long = format!("{}(n) = {{}}", "a".repeat(41));
    Test::new()
        .args(["game", &long])
        .run()
        .code(2)
        .stderr_has("at most 40 characters");
}

#[test]
fn memory_sizes_are_checked_where_they_are_given() {
    // On the line and in the environment, a size refused says what a size is, in one phrase.
    // 99999999T is past 2^64 bytes: the phrase says the most too (it said only "at least").
    for size in ["lots", "5K", "99999999T"] {
        Test::new()
            .args(["--memory", size, "mex", "0"])
            .run()
            .code(2)
            .stderr(&format!(
                "error: invalid value `{size}` for `--memory <SIZE>`: expected a size from 16M \
                 to 16777215T (2^64 bytes), such as `512M`, `4G` or `1.5G`\n"
            ));
    }
    Test::new()
        .args(["mex", "0"])
        .env("NIMLAB_MEMORY", "12Q")
        .run()
        .bad_input("NIMLAB_MEMORY=12Q");
    // Not UTF-8 is refused like any garbage (it was ignored, the default used).
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Test::new()
            .args(["mex", "0"])
            .env("NIMLAB_MEMORY", std::ffi::OsStr::from_bytes(b"\xff1G"))
            .run()
            .bad_input("NIMLAB_MEMORY=\u{fffd}1G");
    }
    // A limit the work fits in changes nothing.
    Test::new()
        .args(["mex", "0", "1"])
        .env("NIMLAB_MEMORY", "512M")
        .run()
        .success()
        .stdout_has("= 2");
}

#[test]
fn unsaved_progress_ends_the_run_with_exit_code_3() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, "").unwrap();
    let out = Test::new()
        .args(["lesson", "start", "mex"])
        .env("NIMLAB_DATA_DIR", not_a_dir.join("data"))
        .stdin("next\n3\n")
        .run()
        .code(3);
    let said = format!("{}{}", out.stdout, out.stderr);
    assert!(said.contains("warning: cannot save"), "{said}");
    assert!(
        out.stderr.contains("lesson progress could not be saved"),
        "{}",
        out.stderr
    );
}

#[cfg(unix)]
mod files {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};

    use crate::support::Test;

    #[test]
    fn dash_is_standard_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = Test::new()
            .args(["draw", "3", "-o", "-"])
            .current_dir(dir.path())
            .run()
            .success();
        assert!(out.stdout.starts_with("digraph"), "{}", out.stdout);
        assert!(!dir.path().join("-").exists());
    }

    #[test]
    fn a_replaced_file_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.dot");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        Test::new()
            .args(["draw", "3", "--force", "-o", path.to_str().unwrap()])
            .run()
            .success();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644);
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .starts_with("digraph")
        );
    }

    #[test]
    fn a_device_is_written_in_place_and_a_fifo_read_by_its_reader() {
        Test::new()
            .args(["draw", "3", "-o", "/dev/null"])
            .run()
            .success();
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        Test::new()
            .args(["draw", "3", "-o", fifo.to_str().unwrap()])
            .run()
            .success();
        assert!(reader.join().unwrap().starts_with("digraph"));
        // Still a FIFO: written into, not replaced by a file.
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
}

#[test]
fn the_decider_stops_at_the_memory_limit() {
    // Multiplication by 997 and a remainder by 1009 need automata of about a thousand
    // states over five tracks: far past 16 MiB.
    let out = capped(&[
        "--memory",
        "16M",
        "decide",
        "all x, y, z, w, v: any a, b: a = x * 997 + y or b = z % 1009",
    ]);
    over_memory(&out, "16 MiB");
}

#[test]
fn a_ruler_move_on_a_huge_coin_is_found_without_building_its_runs() {
    // Each option of Ruler's coin 10^8 is a run of up to 10^8 heaps (the fuzzer's command
    // target once found listing them aborting at 3.5 GB). The winning move is found among the
    // shortest runs instead, under the cap. By hand: coin 10^8 = 2^8 · 390625 is worth 256,
    // coin 6 worth 2, nim-sum 258; the run 99999997..99999999 is worth 1 ⊕ 2 ⊕ 1 = 2 = 256 ⊕
    // 258, so turning it with coin 10^8 leaves nim-sum 0 (the two shorter runs are worth 1
    // and 3).
    let out = capped(&["move", "--rules", "ruler", "100000000", "6"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("99999997..100000000") && out.stdout.contains("leaving nim-sum 0"),
        "{}",
        out.stdout
    );
    // A search that would list them is refused by its work limit, before any is built.
    let out = capped(&["winner", "--misere", "--rules", "ruler", "100000000", "6"]);
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}
