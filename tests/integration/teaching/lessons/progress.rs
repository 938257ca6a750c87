//! Progress in the drill lesson: quit and resume on the same step (keyed by step id, the
//! lesson's ruleset applied again), `back` and `goto`, a `kill -9` between steps, a corrupt progress file kept aside, an
//! unwritable data directory, `lesson reset`.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

use super::{
    Heading, Learner, fixture, headings, in_order, json_lines, last_heading, listed, path_str,
};
use crate::support::{Test, bin};

#[test]
fn quit_then_start_again_lands_on_the_same_step() {
    let learner = Learner::new();
    let out = learner
        .script(&["lesson start drill", "next", "next", "lesson quit"])
        .success();
    assert_eq!(last_heading(&out.stdout), Heading::drill(3, "xor"));
    assert!(out.stdout.contains("lesson start drill"), "{}", out.stdout);
    assert_eq!(learner.progress()["lessons"]["drill"]["current"], "xor");

    let out = learner
        .script(&["lesson list --format json", "lesson start drill"])
        .success();
    let list = &json_lines(&out.stdout)[0];
    assert_eq!(listed(list, "drill")["status"], "in-progress", "{list}");
    assert_eq!(listed(list, "drill")["step"], 3, "{list}");
    assert_eq!(headings(&out.stdout), [Heading::drill(3, "xor")]);
}

/// A fresh process knows nothing of the last one's ruleset: resuming must apply the lesson's
/// own again (`rules: nim`), as `setup` is rerun.
#[test]
fn resuming_reruns_the_setup() {
    let learner = Learner::new();
    learner
        .script(&["lesson start drill", "next", "lesson quit"])
        .success();
    let out = learner
        .script(&["lesson start drill", "winner --format json 1 2 3"])
        .success();
    assert_eq!(json_lines(&out.stdout)[0]["rules"], "nim", "{}", out.stdout);
}

#[test]
fn answered_questions_stay_answered_after_a_resume() {
    let learner = Learner::new();
    learner
        .script(&["lesson start drill", "next", "next", "13", "lesson quit"])
        .success();
    // Back at `who`; `back` to the answered `xor`, and `next` passes it without a new answer.
    let out = learner
        .script(&["lesson start drill", "back", "next"])
        .success();
    assert_eq!(
        headings(&out.stdout),
        [
            Heading::drill(4, "who"),
            Heading::drill(3, "xor"),
            Heading::drill(4, "who")
        ]
    );
    assert!(
        !out.stdout.contains("Answer the question first"),
        "{}",
        out.stdout
    );
    assert_eq!(
        learner.progress()["lessons"]["drill"]["steps"]["xor"],
        "correct"
    );
}

#[test]
fn back_and_goto() {
    let out = Learner::new()
        .script(&[
            "lesson start drill",
            "back",
            "next",
            "back",
            "goto law",
            "goto nowhere",
            "back",
            "goto intro",
        ])
        // `goto nowhere` fails, as a line that cannot run: the script's exit code says so.
        .code(2);
    assert!(
        out.stdout.contains("This is the first step."),
        "{}",
        out.stdout
    );
    assert!(
        out.stderr
            .contains("error: line 6: this lesson has no step `nowhere`"),
        "{}",
        out.stderr
    );
    let shown: Vec<usize> = headings(&out.stdout).iter().map(|h| h.number).collect();
    // start 1, next 2, back 1, goto law 6, back 5, goto intro 1.
    assert_eq!(shown, [1, 2, 1, 6, 5, 1]);
}

/// Progress is keyed by step id: a new version of the lesson with a step inserted before the
/// learner's step resumes on the same step, now one further on.
#[test]
fn a_changed_lesson_resumes_by_step_id() {
    let learner = Learner::new();
    learner
        .script(&["lesson start drill", "next", "next", "lesson quit"])
        .success();
    let v2 = std::fs::read_to_string(fixture("good/drill.yaml"))
        .unwrap()
        .replace("version: 1", "version: 2")
        .replace(
            "  - id: xor\n",
            "  - id: inserted\n    text: A step added in version 2.\n  - id: xor\n",
        );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("drill.yaml"), v2).unwrap();
    let out = Test::new()
        .args(["--lessons", &path_str(dir.path())])
        .env("NIMLAB_DATA_DIR", path_str(learner.data.path()))
        .stdin("lesson start drill\n")
        .run()
        .success();
    assert_eq!(headings(&out.stdout), [Heading::new(4, 8, "xor")]);
}

/// nimlab running with a pipe on stdin, fed line by line while its output is watched.
struct Live {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<Vec<u8>>,
    seen: String,
    /// Where the search for the next awaited text starts.
    cursor: usize,
}

impl Live {
    fn spawn(learner: &Learner) -> Self {
        let mut child = Command::new(bin())
            .args(["--lessons", &path_str(&fixture("good"))])
            .env("NIMLAB_DATA_DIR", learner.data.path())
            .env("NIMLAB_STATE_DIR", learner.data.path().join("state"))
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn nimlab");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = child.stdout.take().expect("stdout");
        let (tx, output) = channel();
        thread::spawn(move || {
            let mut buf = [0; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            output,
            seen: String::new(),
            cursor: 0,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to nimlab");
        self.stdin.flush().expect("flush");
    }

    /// Waits until `needle` appears after what was last awaited.
    #[track_caller]
    fn wait_for(&mut self, needle: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(i) = self.seen[self.cursor..].find(needle) {
                self.cursor += i + needle.len();
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("no {needle:?} from nimlab; it printed:\n{}", self.seen),
            }
        }
    }

    /// SIGKILL: no destructor, no flush, no chance to save anything more.
    fn kill_9(mut self) {
        self.child.kill().expect("kill nimlab");
        self.child.wait().expect("reap nimlab");
    }
}

#[test]
fn progress_survives_kill_9_between_steps() {
    let learner = Learner::new();
    let mut live = Live::spawn(&learner);
    live.send("lesson start drill");
    live.wait_for("step 1 of 7 · intro");
    live.send("next");
    live.wait_for("step 2 of 7 · show");
    live.send("next");
    live.wait_for("step 3 of 7 · xor");
    live.send("13");
    live.wait_for("Correct!");
    live.wait_for("step 4 of 7 · who");
    live.kill_9();

    // The file is whole (atomic writes), and no temporary file is left to confuse anyone.
    assert_eq!(learner.progress()["lessons"]["drill"]["current"], "who");
    let strays: Vec<String> = std::fs::read_dir(learner.data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(strays.is_empty(), "{strays:?}");

    let out = learner
        .script(&["lesson start drill", "lesson list --format json"])
        .success();
    assert_eq!(headings(&out.stdout), [Heading::drill(4, "who")]);
    assert_eq!(
        listed(&json_lines(&out.stdout)[0], "drill")["step"],
        4,
        "{}",
        out.stdout
    );
}

#[test]
fn kill_9_again_and_again_always_resumes_at_the_last_step_reached() {
    let learner = Learner::new();
    // Each round: resume, check the step, move one on, kill. Steps 1 → 2 → 3 (a question,
    // answered with `skip`) → 4.
    let rounds = [
        ("step 1 of 7 · intro", "next", "step 2 of 7 · show"),
        ("step 2 of 7 · show", "next", "step 3 of 7 · xor"),
        ("step 3 of 7 · xor", "skip", "step 4 of 7 · who"),
    ];
    for (at, command, then) in rounds {
        let mut live = Live::spawn(&learner);
        live.send("lesson start drill");
        live.wait_for(at);
        live.send(command);
        live.wait_for(then);
        live.kill_9();
    }
    let out = learner.script(&["lesson start drill"]).success();
    assert_eq!(headings(&out.stdout), [Heading::drill(4, "who")]);
}

/// Two nimlabs at once, in two lessons (two terminals): each keeps the other's progress.
#[test]
fn two_processes_in_two_lessons_keep_each_others_progress() {
    let learner = Learner::new();
    let mut one = Live::spawn(&learner);
    one.send("lesson start drill");
    one.wait_for("step 1 of 7 · intro");
    let mut two = Live::spawn(&learner);
    two.send("lesson start mex");
    two.wait_for("step 1 of ");
    two.send("next");
    two.wait_for("step 2 of ");
    // The first process saves after the second did.
    one.send("next");
    one.wait_for("step 2 of 7 · show");
    one.kill_9();
    two.kill_9();
    let saved = &learner.progress()["lessons"];
    assert_eq!(saved["drill"]["current"], "show", "{saved}");
    assert!(saved["mex"]["current"].is_string(), "mex was lost: {saved}");
}

/// Four nimlabs with the same lesson open (four terminals), each answering a different step:
/// every answer is kept, and a step skipped in one and answered in another stays answered, with
/// the later time (the skip, a second after every answer). By
/// hand: 3 ⊕ 8 ⊕ 6 = 0011 ⊕ 1000 ⊕ 0110 = 1101 = 13; 1 ⊕ 2 ⊕ 4 = 7 ≠ 0, so the first player
/// wins; mex{0, 2} = 1, choice b.
#[test]
fn processes_in_the_same_lesson_keep_each_others_answers() {
    let learner = Learner::new();
    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
    };
    let began = now();
    let mut lives: Vec<Live> = (0..4).map(|_| Live::spawn(&learner)).collect();
    // All four have read the progress file before any answers.
    for live in &mut lives {
        live.send("lesson start drill");
        live.wait_for("step 1 of 7 · intro");
    }
    let answers = [
        ("goto xor", "13", "Correct!"),
        ("goto who", "first", "Correct!"),
        ("goto pick", "b", "Correct!"),
        // After the first process answered it: a skip says less than an answer.
        ("goto xor", "skip", "step 4 of 7 · who"),
    ];
    for (i, (live, (goto, answer, then))) in lives.iter_mut().zip(answers).enumerate() {
        if i == 3 {
            std::thread::sleep(std::time::Duration::from_millis(1100));
        }
        live.send(goto);
        live.wait_for("?");
        live.send(answer);
        live.wait_for(then);
    }
    for live in lives {
        live.kill_9();
    }
    let steps = &learner.progress()["lessons"]["drill"]["steps"];
    for (step, status) in [
        ("intro", "seen"),
        ("xor", "correct"),
        ("who", "correct"),
        ("pick", "correct"),
    ] {
        assert_eq!(steps[step], status, "{step}: {steps}");
    }
    let ended = now();
    let times = &learner.progress()["lessons"]["drill"]["times"];
    let time = |step: &str| {
        times[step]
            .as_u64()
            .unwrap_or_else(|| panic!("{step}: {times}"))
    };
    for step in ["intro", "xor", "who", "pick"] {
        assert!((began..=ended).contains(&time(step)), "{step}: {times}");
    }
    assert!(time("xor") > time("who"), "the skip is later: {times}");
    assert!(time("xor") > time("pick"), "the skip is later: {times}");
}

/// The corrupt file's copies in the data directory: (name, contents).
fn corrupt_copies(learner: &Learner) -> Vec<(String, String)> {
    std::fs::read_dir(learner.data.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("progress.json.corrupt-")
        })
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_corrupt_progress_file_is_kept_aside_with_a_warning() {
    let learner = Learner::new();
    std::fs::write(
        learner.progress_path(),
        "{ \"format\": 1, \"lessons\": { oops",
    )
    .unwrap();
    let out = learner.script(&["lesson start drill", "next"]).code(0);
    // A warning, on stderr: the lesson's output is its steps.
    in_order(&out.stderr, &["warning:", "progress.json.corrupt-"]);
    // nimlab carries on: a fresh start, saved anew.
    assert_eq!(
        headings(&out.stdout),
        [Heading::drill(1, "intro"), Heading::drill(2, "show")]
    );
    assert_eq!(learner.progress()["lessons"]["drill"]["current"], "show");
    let copies = corrupt_copies(&learner);
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert_eq!(copies[0].1, "{ \"format\": 1, \"lessons\": { oops");
    let stamp = copies[0].0.trim_start_matches("progress.json.corrupt-");
    assert!(
        stamp
            .split('-')
            .all(|part| part.chars().all(|c| c.is_ascii_digit())),
        "{stamp}"
    );
    assert!(out.stderr.contains(&copies[0].0), "{}", out.stderr);
}

#[test]
fn a_progress_file_of_a_format_no_nimlab_writes_is_kept_aside() {
    let learner = Learner::new();
    std::fs::write(learner.progress_path(), "{\"format\": 0, \"lessons\": {}}").unwrap();
    let out = learner.script(&["lesson start drill"]).code(0);
    assert!(out.stderr.contains("warning:"), "{}", out.stderr);
    assert_eq!(corrupt_copies(&learner).len(), 1);
}

/// A newer nimlab's progress is that nimlab's: an older one leaves it where it is, says so, and
/// saves nothing over it.
#[test]
fn a_progress_file_from_a_newer_nimlab_is_left_alone() {
    let learner = Learner::new();
    let newer = "{\"format\": 99, \"lessons\": {\"drill\": [\"anything\"]}}";
    std::fs::write(learner.progress_path(), newer).unwrap();
    // The lesson goes on; the run's exit code says its progress was not saved.
    let out = learner.script(&["lesson start drill", "next"]).code(3);
    in_order(&out.stderr, &["warning:", "format 99", "saved over it"]);
    // Said once, not at every step.
    assert_eq!(out.stderr.matches("format 99").count(), 1, "{}", out.stderr);
    assert_eq!(
        std::fs::read_to_string(learner.progress_path()).unwrap(),
        newer
    );
    assert!(corrupt_copies(&learner).is_empty());
}

#[test]
fn lesson_list_reports_a_corrupt_progress_file() {
    let learner = Learner::new();
    std::fs::write(learner.progress_path(), "not json").unwrap();
    let out = learner.script(&["lesson list"]).success();
    let copies = corrupt_copies(&learner);
    assert_eq!(copies.len(), 1);
    in_order(&out.stdout, &["warning:", &copies[0].0]);

    std::fs::write(learner.progress_path(), "not json either").unwrap();
    let out = learner.script(&["lesson list --format json"]).success();
    let warnings = &out.json()["warnings"];
    assert_eq!(warnings.as_array().map(Vec::len), Some(1), "{warnings}");
    assert!(
        warnings[0].as_str().unwrap().contains("corrupt-"),
        "{warnings}"
    );
}

/// Two corrupt files in quick succession (within one second): both are kept.
#[test]
fn a_second_corrupt_file_does_not_replace_the_first_copy() {
    let learner = Learner::new();
    std::fs::write(learner.progress_path(), "first bad file").unwrap();
    learner.script(&["lesson list"]).success();
    std::fs::write(learner.progress_path(), "second bad file").unwrap();
    learner.script(&["lesson list"]).success();
    let mut kept: Vec<String> = corrupt_copies(&learner).into_iter().map(|c| c.1).collect();
    kept.sort();
    assert_eq!(kept, ["first bad file", "second bad file"]);
}

#[test]
fn lesson_reset_reports_a_corrupt_progress_file() {
    let learner = Learner::new();
    std::fs::write(learner.progress_path(), "not json").unwrap();
    let out = learner.script(&["lesson reset drill"]).success();
    assert_eq!(corrupt_copies(&learner).len(), 1);
    in_order(&out.stdout, &["warning:", "corrupt-", "forgotten"]);
}

/// A data directory nimlab cannot write to. Root ignores permission bits, so then the
/// directory is made unusable another way: its path runs through a regular file.
fn unwritable(learner: &Learner) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = learner.data.path().join("readonly");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(dir.join("probe"), "").is_err() {
        return dir;
    }
    std::fs::remove_file(dir.join("probe")).unwrap();
    let file = learner.data.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    file.join("data")
}

#[test]
fn an_unwritable_data_directory_warns_and_the_lesson_goes_on() {
    let learner = Learner::new();
    let dir = unwritable(&learner);
    let out = Test::new()
        .args(["--lessons", &path_str(&fixture("good"))])
        .env("NIMLAB_DATA_DIR", path_str(&dir))
        .stdin("lesson start drill\nnext\nnext\n13\n")
        .run()
        .code(3);
    // The warning and the closing error that points at it ("see the warning above") both on
    // stderr, in that order; nothing of them on stdout.
    in_order(
        &out.stderr,
        &["warning: cannot save progress", "see the warning above"],
    );
    assert!(
        !out.stdout.contains("cannot save progress"),
        "{}",
        out.stdout
    );
    // Said once, not at every step.
    assert_eq!(
        out.stderr.matches("the lesson goes on").count(),
        1,
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("Correct!"), "{}", out.stdout);
    assert_eq!(last_heading(&out.stdout), Heading::drill(4, "who"));
}

#[test]
fn reset_forgets_a_lesson() {
    let learner = Learner::new();
    learner
        .script(&["lesson start drill", "next", "lesson quit"])
        .success();
    // A script is not a terminal: no confirmation is asked for.
    let out = learner
        .script(&[
            "lesson reset drill",
            "lesson list --format json",
            "lesson start drill",
        ])
        .success();
    assert_eq!(
        listed(&json_lines(&out.stdout)[0], "drill")["status"],
        "not-started"
    );
    assert_eq!(headings(&out.stdout), [Heading::drill(1, "intro")]);
}

#[test]
fn a_finished_lesson_is_listed_done() {
    let learner = Learner::new();
    let out = learner
        .script(&[
            "lesson start drill",
            "next",
            "next",
            "13",
            "first",
            "b",
            "next",
            "next",
            "lesson list --format json",
        ])
        .success();
    assert!(
        out.stdout
            .contains("You have finished “A drill for the tests”"),
        "{}",
        out.stdout
    );
    assert_eq!(
        listed(&json_lines(&out.stdout)[0], "drill")["status"],
        "done"
    );
    let saved = &learner.progress()["lessons"]["drill"];
    assert_eq!(saved["finished"], true, "{saved}");
    // Answered: xor, who, pick; seen: the other four.
    for (id, status) in [
        ("intro", "seen"),
        ("show", "seen"),
        ("xor", "correct"),
        ("who", "correct"),
        ("pick", "correct"),
        ("law", "seen"),
        ("end", "seen"),
    ] {
        assert_eq!(saved["steps"][id], status, "{id}: {saved}");
    }
}
