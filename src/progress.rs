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
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::Cancel;

/// A command shorter than this shows no progress.
const DELAY: Duration = Duration::from_millis(1000);
/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(100);
/// How often a plain line is written where stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(1);
/// A count that has not moved for this long says nothing of the work going on now (a stage
/// that counts nothing follows one that did): no share is shown, only the time.
const STALL: Duration = Duration::from_secs(3);

/// What the engine's counts honestly say, read again and again: the share done of the piece
/// of work going on, and which piece it is. A command may count several pieces one after the
/// other (values, then a search): a share that falls back or a total that changes starts a
/// new step, said as such, not a percentage that runs backwards; a count that stopped moving
/// is not shown as a share of work it does not count.
#[derive(Debug, Default)]
struct Reading {
    step: u32,
    done: u64,
    total: u64,
    moved: Option<Instant>,
}

/// What a progress line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// `percent` of step `step` (counted from 1) is done.
    Share { percent: u64, step: u32 },
    /// Nothing known but the time.
    Time,
}

impl Reading {
    fn read(&mut self, (done, total): (u64, u64), now: Instant) -> Shown {
        if total == 0 {
            self.total = 0;
            return Shown::Time;
        }
        if total != self.total || done < self.done {
            self.step += 1;
            self.moved = Some(now);
        } else if done != self.done {
            self.moved = Some(now);
        }
        self.done = done;
        self.total = total;
        if self.moved.is_some_and(|at| now.duration_since(at) >= STALL) {
            return Shown::Time;
        }
        let percent = u128::from(done.min(total)) * 100 / u128::from(total);
        Shown::Share {
            percent: u64::try_from(percent).unwrap_or(100),
            step: self.step,
        }
    }
}

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
    bar.set_style(style(TEMPLATE));
    let mut reading = Reading::default();
    let mut sharing = true;
    loop {
        // After Ctrl-C the terminal's `^C` has moved the cursor off the line: drawing
        // again would leave the old line behind. The line stays as last drawn.
        if cancel.is_cancelled() {
            return bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        let (done, total) = cancel.progress();
        match reading.read((done, total), Instant::now()) {
            Shown::Share { step, .. } => {
                if !sharing {
                    bar.set_style(style(TEMPLATE));
                    sharing = true;
                }
                bar.set_message(if step > 1 {
                    format!("step {step}  ")
                } else {
                    String::new()
                });
                bar.set_length(total);
                bar.set_position(done);
            }
            Shown::Time if sharing => {
                bar.set_style(style(TIME_TEMPLATE));
                sharing = false;
            }
            Shown::Time => {}
        }
        bar.tick();
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
    let mut reading = Reading::default();
    loop {
        if cancel.is_cancelled() {
            return;
        }
        let line = line(reading.read(cancel.progress(), Instant::now()), seconds);
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

/// The plain line after `seconds`, with the share done when it is known.
fn line(shown: Shown, seconds: u64) -> String {
    match shown {
        Shown::Share { percent, step: 1 } => {
            format!("nimlab: working, {percent}% done after {seconds} s (Ctrl-C stops)")
        }
        Shown::Share { percent, step } => format!(
            "nimlab: working, step {step}: {percent}% of it done after {seconds} s (Ctrl-C stops)"
        ),
        Shown::Time => format!("nimlab: working, {seconds} s so far (Ctrl-C stops)"),
    }
}

/// The line. indicatif pads it to the terminal's width, so the `^C` the terminal echoes goes
/// to the next line.
const TEMPLATE: &str = "{spinner} {msg}{bar:40} {percent:>3}%  {elapsed}  (Ctrl-C stops)";
/// The line while nothing is known but the time.
const TIME_TEMPLATE: &str = "{spinner} working  {elapsed}  (Ctrl-C stops)";

fn style(template: &str) -> ProgressStyle {
    // The templates are fixed text, checked by the test below.
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
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
            line(
                Shown::Share {
                    percent: 45,
                    step: 1
                },
                3
            ),
            "nimlab: working, 45% done after 3 s (Ctrl-C stops)"
        );
        assert_eq!(
            line(
                Shown::Share {
                    percent: 4,
                    step: 2
                },
                9
            ),
            "nimlab: working, step 2: 4% of it done after 9 s (Ctrl-C stops)"
        );
        assert_eq!(
            line(Shown::Time, 12),
            "nimlab: working, 12 s so far (Ctrl-C stops)"
        );
    }

    #[test]
    fn a_share_never_runs_backwards_nor_stands_for_work_it_does_not_count() {
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        let mut r = Reading::default();
        assert_eq!(r.read((0, 0), at(0)), Shown::Time);
        assert_eq!(
            r.read((50, 100), at(1)),
            Shown::Share {
                percent: 50,
                step: 1
            }
        );
        assert_eq!(
            r.read((89, 100), at(2)),
            Shown::Share {
                percent: 89,
                step: 1
            }
        );
        // A second piece of work: a new step, not 89 % → 4 %.
        assert_eq!(
            r.read((4, 100), at(3)),
            Shown::Share {
                percent: 4,
                step: 2
            }
        );
        assert_eq!(
            r.read((99, 100), at(4)),
            Shown::Share {
                percent: 99,
                step: 2
            }
        );
        // The count stands still while a stage that counts nothing runs: only the time.
        assert_eq!(
            r.read((99, 100), at(6)),
            Shown::Share {
                percent: 99,
                step: 2
            }
        );
        assert_eq!(r.read((99, 100), at(7)), Shown::Time);
        assert_eq!(r.read((99, 100), at(20)), Shown::Time);
    }

    #[test]
    fn the_templates_parse() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
        assert!(ProgressStyle::with_template(TIME_TEMPLATE).is_ok());
    }
}
