//! Output taller than the terminal: through the user's pager as `git` does (`$PAGER`, default
//! `less -FRX`), or, for a presented lesson step, in screens of its own that the lecturer turns
//! with Enter. Whether to page at all is decided at the edge (`app`); this module only counts
//! rows and moves bytes. It computes nothing and formats nothing of its own but its prompt.

use std::io::{self, BufRead, Write};
use std::process::{Command, Stdio};

use crate::render::CLEAR_SCREEN;

/// How one command's output reaches the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paging {
    /// Straight to stdout: a pipe, a script, `--no-pager`, presenter mode, or short output.
    Direct,
    /// Through the pager `command` (program and arguments) when taller than `rows`.
    Pager { command: Vec<String>, rows: u16 },
    /// A presented step in screens of `rows` rows, each but the last waiting for Enter.
    Screens { rows: u16, width: u16 },
}

/// The pager named by `$PAGER` (split as a shell would), `less -FRX` if it is unset, and
/// `None` if it is empty or cannot be split: then nothing is paged.
pub fn pager_command(pager: Option<&str>) -> Option<Vec<String>> {
    let words = match pager {
        None => vec!["less".to_string(), "-FRX".to_string()],
        Some(text) => shell_words::split(text).ok()?,
    };
    (!words.is_empty()).then_some(words)
}

/// The screen rows `text` takes on a terminal `width` columns wide: each line at least one,
/// a line wider than the terminal as many as it wraps to. Colour escapes take no columns.
pub fn rows_of(text: &str, width: u16) -> usize {
    let width = usize::from(width.max(1));
    text.lines()
        .map(|line| textwrap::core::display_width(line).div_ceil(width).max(1))
        .sum()
}

/// Standard input for [`show`]: locked only when `paging` reads keys from it (screens). A
/// script on standard input holds its lock while it runs, and the standard library's stdin
/// lock is not reentrant: taking it again for a help page or a direct write would wait for
/// ever.
pub fn keys_for(paging: &Paging) -> Box<dyn BufRead> {
    match paging {
        Paging::Screens { .. } => Box::new(io::stdin().lock()),
        _ => Box::new(io::empty()),
    }
}

/// Writes `text` as `paging` says.
pub fn show(
    text: &str,
    paging: &Paging,
    width: u16,
    out: &mut dyn Write,
    input: &mut dyn BufRead,
) -> io::Result<()> {
    match paging {
        // One row stays free for the prompt that follows.
        Paging::Pager { command, rows } if rows_of(text, width) >= usize::from(*rows) => {
            match through_pager(text, command) {
                Ok(()) => Ok(()),
                // No such pager, or one that failed to start: the text itself, unpaged.
                Err(_) => out.write_all(text.as_bytes()),
            }
        }
        Paging::Screens { rows, width } => screens(text, *rows, *width, out, input),
        _ => out.write_all(text.as_bytes()),
    }
}

/// Runs the pager with `text` on its standard input and waits for it.
fn through_pager(text: &str, command: &[String]) -> io::Result<()> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::other("no pager"))?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // The reader may quit before reading everything (`q` in less): not an error.
        match stdin.write_all(text.as_bytes()) {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e),
            _ => {}
        }
    }
    child.wait()?;
    Ok(())
}

/// The text of the line that waits between two screens.
pub fn more_prompt(next: usize, pages: usize) -> String {
    format!("-- more: Enter for page {next} of {pages} --")
}

/// A presented step in screens of `rows` rows: every screen but the last ends with the more
/// prompt on its bottom row and waits for a line on `input`; the last leaves a row for the
/// REPL's prompt. End of input shows the rest at once.
fn screens(
    text: &str,
    rows: u16,
    width: u16,
    out: &mut dyn Write,
    input: &mut dyn BufRead,
) -> io::Result<()> {
    let room = usize::from(rows.saturating_sub(1)).max(1);
    let pages = paginate(text, room, width);
    let count = pages.len();
    for (i, page) in pages.iter().enumerate() {
        // Every page starts a fresh screen, the first too: the clearing is ours, written past
        // the renderer's guard, which lets no escape sequence through.
        out.write_all(CLEAR_SCREEN.as_bytes())?;
        out.write_all(page.as_bytes())?;
        if i + 1 < count {
            write!(out, "{}", more_prompt(i + 2, count))?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                // No one to press Enter: the rest without stopping.
                writeln!(out)?;
                for rest in &pages[i + 1..] {
                    out.write_all(rest.as_bytes())?;
                }
                return Ok(());
            }
        }
    }
    Ok(())
}

/// `text` cut at line ends into pages of at most `room` screen rows each (a single line taller
/// than a page gets a page of its own).
pub fn paginate(text: &str, room: usize, width: u16) -> Vec<String> {
    let mut pages = Vec::new();
    let mut page = String::new();
    let mut used = 0;
    for line in text.split_inclusive('\n') {
        let rows = rows_of(line, width);
        if used > 0 && used + rows > room {
            pages.push(std::mem::take(&mut page));
            used = 0;
        }
        page.push_str(line);
        used += rows;
    }
    if !page.is_empty() || pages.is_empty() {
        pages.push(page);
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_pager_is_less_frx_and_an_empty_one_is_none() {
        assert_eq!(
            pager_command(None),
            Some(vec!["less".into(), "-FRX".into()])
        );
        assert_eq!(pager_command(Some("")), None);
        assert_eq!(
            pager_command(Some("most -s")),
            Some(vec!["most".into(), "-s".into()])
        );
        assert_eq!(pager_command(Some("'unclosed")), None);
    }

    #[test]
    fn rows_count_wrapped_lines() {
        assert_eq!(rows_of("a\nb\n", 80), 2);
        assert_eq!(rows_of(&"x".repeat(81), 80), 2);
        assert_eq!(rows_of("\n\n", 80), 2);
        assert_eq!(rows_of("\u{1b}[1mbold\u{1b}[0m", 4), 1);
    }

    #[test]
    fn pages_hold_whole_lines_and_lose_none() {
        let text: String = (1..=50).map(|k| format!("line {k}\n")).collect();
        let pages = paginate(&text, 23, 80);
        assert_eq!(pages.len(), 3); // 23 + 23 + 4 lines
        assert!(pages.iter().all(|p| p.lines().count() <= 23));
        assert_eq!(pages.concat(), text);
        assert_eq!(paginate("", 23, 80), [""]);
    }

    #[test]
    fn screens_wait_for_enter_between_pages() {
        let text: String = (1..=30).map(|k| format!("line {k}\n")).collect();
        let mut out = Vec::new();
        let mut enter = io::Cursor::new(b"\n".to_vec());
        show(
            &text,
            &Paging::Screens {
                rows: 24,
                width: 80,
            },
            80,
            &mut out,
            &mut enter,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let out = out
            .strip_prefix(CLEAR_SCREEN)
            .expect("a fresh first screen");
        let (first, second) = out.split_once(CLEAR_SCREEN).expect("a second screen");
        assert_eq!(first.lines().count(), 24, "23 lines and the prompt");
        assert!(first.ends_with(&more_prompt(2, 2)));
        assert!(first.contains("line 23\n") && !first.contains("line 24\n"));
        assert_eq!(second.lines().next(), Some("line 24"));
        assert_eq!(second.lines().count(), 7);
    }

    #[test]
    fn short_output_is_not_paged() {
        let mut out = Vec::new();
        let paging = Paging::Pager {
            command: vec!["/nonexistent/pager".into()],
            rows: 24,
        };
        show("one\n", &paging, 80, &mut out, &mut io::empty()).unwrap();
        assert_eq!(out, b"one\n");
        // A pager that cannot start: the text itself.
        let tall: String = (0..40).map(|k| format!("{k}\n")).collect();
        let mut out = Vec::new();
        show(&tall, &paging, 80, &mut out, &mut io::empty()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), tall);
    }
}
