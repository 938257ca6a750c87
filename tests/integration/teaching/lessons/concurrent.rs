//! Several nimlabs saving progress at once, each in a lesson of its own, as a learner with
//! several terminals open does. Whatever the interleaving, every lesson must end where its own
//! script left it: the step it last went to, read from the lesson's YAML. Deterministic, not
//! timed: a lost update shows as a lesson missing or left at an earlier step.

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::{Learner, bundled_lessons};
use crate::support::bin;

const ROUNDS: usize = 2;
/// `goto`s per process before the last one; each saves.
const JUMPS: usize = 4;

fn wait(mut child: Child, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().expect("wait for nimlab") {
            assert!(status.success(), "{what}: {status}");
            return;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what}: still running after a minute");
        }
        thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn concurrent_sessions_in_different_lessons_keep_every_lesson() {
    let lessons = bundled_lessons();
    assert!(lessons.len() >= 4, "too few lessons to race");
    let learner = Learner::new();
    let state = tempfile::tempdir().unwrap();
    for round in 0..ROUNDS {
        let mut expected = Vec::new();
        let mut children = Vec::new();
        for (i, lesson) in lessons.iter().enumerate() {
            let steps: Vec<&str> = lesson
                .steps
                .iter()
                .map(|s| s["id"].as_str().expect("a step id"))
                .collect();
            let last = steps[(i + round) % steps.len()];
            let mut script = format!("lesson start {}\n", lesson.id);
            for k in 0..JUMPS {
                script.push_str(&format!("goto {}\n", steps[(k * 5 + i) % steps.len()]));
            }
            script.push_str(&format!("goto {last}\n"));
            let mut child = Command::new(bin())
                .env("NIMLAB_DATA_DIR", learner.data.path())
                .env("NIMLAB_STATE_DIR", state.path())
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("spawn nimlab");
            // A few hundred bytes: the pipe holds them all, so nothing waits on nimlab here.
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(script.as_bytes())
                .expect("write the script");
            children.push(child);
            expected.push((lesson.id.clone(), last.to_owned()));
        }
        for (child, (id, _)) in children.into_iter().zip(&expected) {
            wait(child, &format!("round {round}, lesson {id}"));
        }
        let saved = learner.progress();
        for (id, last) in &expected {
            assert_eq!(
                saved["lessons"][id]["current"], *last,
                "round {round}: lesson {id}: {saved}"
            );
        }
    }
}
