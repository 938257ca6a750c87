//! Progress under faults: nimlab killed with SIGKILL at many points while it saves lesson
//! progress must leave the progress file either as it was or as it became — never torn.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::support::bin;

/// A script that moves back and forth through the mex lesson: every line saves progress.
fn busy_script() -> String {
    let mut s = String::from("lesson start mex\n");
    for _ in 0..400 {
        s.push_str("next\nnext\nback\nback\ngoto try-it\n");
    }
    s
}

#[test]
fn progress_is_never_torn_by_sigkill() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().join("data");
    let script = busy_script();
    // A fixed spread of delays, from before the first save to well into the run.
    for round in 0..24u64 {
        let mut child = Command::new(bin())
            .env("NIMLAB_DATA_DIR", &data)
            .env("NIMLAB_STATE_DIR", dir.path().join("state"))
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nimlab starts");
        // The pipe may close when nimlab dies; that is expected.
        let _ = child
            .stdin
            .take()
            .expect("stdin")
            .write_all(script.as_bytes());
        std::thread::sleep(Duration::from_millis(round * 3 % 40));
        let _ = child.kill(); // SIGKILL on Unix
        let _ = child.wait();
        let path = data.join("progress.json");
        if !path.exists() {
            continue; // killed before the first save: nothing written is also intact
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let json: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("round {round}: torn progress file ({e}):\n{text}"));
        let current = &json["lessons"]["mex"]["current"];
        // The script only ever visits these steps (hand-checked against lessons/mex.yaml).
        assert!(
            ["what", "try-it", "gap"].contains(&current.as_str().unwrap_or("")),
            "round {round}: unexpected current step {current}"
        );
    }
}
