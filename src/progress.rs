//! The progress line of a long computation: drawn by indicatif on stderr, only when stderr is
//! a terminal, only once the command has run for about a second and only while the engine
//! counts work of a known size (a command waiting for typed input shows nothing), cleared
//! before the command's output is written — or left standing, to show how far it got, when
//! Ctrl-C stopped the command. It reads the counts the engine keeps in the cancel token; it
//! computes nothing.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::Cancel;

/// A command shorter than this shows no progress.
const DELAY: Duration = Duration::from_millis(1000);
/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// The progress line of one command, drawn on a thread while the command runs; dropping it
/// ends the line.
pub struct Progress {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts watching `cancel`'s counts; `shown` is whether stderr is a terminal.
    pub fn start(cancel: &Cancel, shown: bool) -> Self {
        if !shown {
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
        });
        Self {
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

/// The line. indicatif pads it to the terminal's width, so the `^C` the terminal echoes goes
/// to the next line.
const TEMPLATE: &str = "{spinner} {bar:40} {percent:>3}%  {elapsed}  (Ctrl-C stops)";

fn style() -> ProgressStyle {
    // The template is fixed text, checked by the test below.
    ProgressStyle::with_template(TEMPLATE).unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Drop for Progress {
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
    fn the_template_parses() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
    }
}
