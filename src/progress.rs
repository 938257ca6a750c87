//! The progress line of a long computation: drawn by indicatif on stderr when stderr is a
//! terminal (only while the engine counts work of a known size), else one plain line a second,
//! so no run is silent for long in a pipe; only once the command has run for about a second
//! (a command waiting for typed input shows nothing), cleared
//! before the command's output is written — or left standing, to show how far it got, when
//! Ctrl-C stopped the command. It reads the counts the engine keeps in the cancel token; it
//! computes nothing.

use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::Cancel;

/// A command shorter than this shows no progress.
const DELAY: Duration = Duration::from_millis(1000);
/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(100);
/// How often a plain line is written where stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// The progress line of one command, drawn on a thread while the command runs; dropping it
/// ends the line.
pub struct ProgressLine {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl ProgressLine {
    /// Starts watching `cancel`'s counts; `shown` is whether stderr is a terminal. On a
    /// terminal the line is a bar; elsewhere (a pipe, a log) one plain line a second; nothing
    /// unless `wanted` (`NIMLAB_PROGRESS=off` turns it off).
    pub fn start(cancel: &Cancel, shown: bool, wanted: bool) -> Self {
        if !wanted {
            return Self {
                stop: None,
                thread: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let cancel = cancel.clone();
        let thread = std::thread::spawn(move || {
            // The command ends (the sender is dropped) before the delay in nearly every case.
            if stopped.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            if shown {
                bar(&cancel, &stopped);
            } else {
                lines(&cancel, &stopped);
            }
        });
        Self {
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

/// The bar on a terminal, redrawn every tick until the command ends.
fn bar(cancel: &Cancel, stopped: &mpsc::Receiver<()>) {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(style());
    loop {
        // After Ctrl-C the terminal's `^C` has moved the cursor off the line: drawing
        // again would leave the old line behind. The line stays as last drawn.
        if cancel.is_cancelled() {
            return bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        let (done, total) = cancel.progress();
        if total > 0 {
            bar.set_length(total);
            bar.set_position(done);
            bar.tick();
        }
        if stopped.recv_timeout(TICK) != Err(RecvTimeoutError::Timeout) {
            break;
        }
    }
    if cancel.is_cancelled() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.finish_and_clear();
    }
}

/// One plain line a second on stderr that is not a terminal, so a long run in a pipe or a log
/// is never silent: `nimlab: working, 45% done after 3 s (Ctrl-C stops)`.
fn lines(cancel: &Cancel, stopped: &mpsc::Receiver<()>) {
    let mut seconds = DELAY.as_secs();
    loop {
        if cancel.is_cancelled() {
            return;
        }
        let line = line(cancel.progress(), seconds);
        // A stderr that cannot be written to stops the lines, not the command.
        if writeln!(std::io::stderr(), "{line}").is_err() {
            return;
        }
        if stopped.recv_timeout(LINE_EVERY) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        seconds += LINE_EVERY.as_secs();
    }
}

/// The plain line after `seconds`, with the share done when the total is known.
fn line((done, total): (u64, u64), seconds: u64) -> String {
    if total > 0 {
        let percent = u128::from(done.min(total)) * 100 / u128::from(total);
        format!("nimlab: working, {percent}% done after {seconds} s (Ctrl-C stops)")
    } else {
        format!("nimlab: working, {seconds} s so far (Ctrl-C stops)")
    }
}

/// The line. indicatif pads it to the terminal's width, so the `^C` the terminal echoes goes
/// to the next line.
const TEMPLATE: &str = "{spinner} {bar:40} {percent:>3}%  {elapsed}  (Ctrl-C stops)";

fn style() -> ProgressStyle {
    // The template is fixed text, checked by the test below.
    ProgressStyle::with_template(TEMPLATE).unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            // The line is cleared before the output it would otherwise cut into.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_say_how_far_and_how_long() {
        assert_eq!(
            line((45, 100), 3),
            "nimlab: working, 45% done after 3 s (Ctrl-C stops)"
        );
        assert_eq!(
            line((0, 0), 12),
            "nimlab: working, 12 s so far (Ctrl-C stops)"
        );
    }

    #[test]
    fn the_template_parses() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
    }
}
