//! Graphviz's `dot`, run as a program at the edge: DOT in, SVG out. It is given a minute
//! (500 positions take it well under a second) and stopped by Ctrl-C.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::engine::Cancel;
use crate::error::{DrawError, Error, GraphvizWhy};

/// Longer than this and `dot` is stopped.
const LIMIT: Duration = Duration::from_secs(60);

/// The SVG Graphviz lays out for `dot_text`.
pub(super) fn svg(dot_text: &str, cancel: &Cancel) -> Result<String, Error> {
    let failed = |why: GraphvizWhy| Error::Draw(DrawError::Graphviz { why });
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Error::Draw(DrawError::NoGraphviz),
            _ => failed(GraphvizWhy::NotStarted(e)),
        })?;
    let (Some(mut stdin), Some(mut stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        return Err(failed(GraphvizWhy::NoPipes));
    };
    let input = dot_text.as_bytes().to_vec();
    // Fed and drained on threads, so a large graph cannot fill a pipe and stall both sides.
    let feeder = thread::spawn(move || stdin.write_all(&input));
    let out = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let err = thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(failed(GraphvizWhy::Wait(e))),
        }
        if cancel.is_cancelled() || started.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(if cancel.is_cancelled() {
                Error::interrupted()
            } else {
                failed(GraphvizWhy::TooLong {
                    seconds: LIMIT.as_secs(),
                })
            });
        }
        thread::sleep(Duration::from_millis(5));
    };
    let _ = feeder.join();
    let svg = out
        .join()
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| failed(GraphvizWhy::Unread))?;
    let complaint = err.join().unwrap_or_default();
    if !status.success() {
        let complaint = String::from_utf8_lossy(&complaint);
        let first = complaint.lines().next().unwrap_or("").trim();
        return Err(failed(GraphvizWhy::Exited {
            status: status.to_string(),
            complaint: (!first.is_empty()).then(|| first.to_string()),
        }));
    }
    String::from_utf8(svg).map_err(|_| failed(GraphvizWhy::NotUtf8))
}
