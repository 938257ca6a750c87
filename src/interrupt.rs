//! How Ctrl-C reaches a running command in the REPL: the signal sets the session's cancel
//! token, long loops see it at their next poll, output stops at its next write, and a wait
//! for input at the terminal ends.
//!
//! Only the REPL on a terminal installs the handler. Anywhere else (a command on the shell, a
//! script in a pipe) Ctrl-C keeps its default: nimlab ends at once, and the shell reports 130.

use std::io::{self, Read, Write};

use crate::engine::Cancel;

/// From now on SIGINT cancels `cancel` instead of ending nimlab. rustyline reads Ctrl-C as a
/// key while a line is being typed (the terminal sends no signal then), so the handler only
/// ever sees the Ctrl-C pressed while a command runs.
pub fn install(cancel: &Cancel) -> io::Result<()> {
    // Searches that carry no token of their own poll the same flag.
    crate::engine::install_foreground(cancel.flag());
    #[cfg(unix)]
    signal_hook::flag::register(signal_hook::consts::SIGINT, cancel.flag())?;
    #[cfg(not(unix))]
    let _ = cancel;
    Ok(())
}

/// A writer that refuses every write once its token is cancelled, so output as long as a
/// table of millions of rows stops within one buffer of Ctrl-C.
pub struct Guarded<'a, W> {
    inner: W,
    cancel: &'a Cancel,
}

impl<'a, W: Write> Guarded<'a, W> {
    pub fn new(inner: W, cancel: &'a Cancel) -> Self {
        Self { inner, cancel }
    }
}

impl<W: Write> Write for Guarded<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.cancel.check()?;
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.cancel.check()?;
        self.inner.flush()
    }
}

/// Standard output for a command's output, cut off cleanly by Ctrl-C: buffered here and
/// [`Guarded`], and written through a duplicate of the descriptor. The standard library's
/// line buffer is bypassed because after a write that Ctrl-C cut short it keeps up to a
/// kilobyte of the rest, and would print that before the next command's output.
pub fn stdout(cancel: &Cancel) -> io::BufWriter<Guarded<'_, Box<dyn Write>>> {
    // Anything printed the ordinary way goes first.
    let _ = io::stdout().flush();
    #[cfg(unix)]
    let raw: Box<dyn Write> = {
        use std::os::fd::AsFd;
        match io::stdout().as_fd().try_clone_to_owned() {
            Ok(fd) => Box::new(std::fs::File::from(fd)),
            // A closed standard output: the standard library's handle quietly drops output.
            Err(_) => Box::new(io::stdout()),
        }
    };
    #[cfg(not(unix))]
    let raw: Box<dyn Write> = Box::new(io::stdout());
    io::BufWriter::with_capacity(BUFFER, Guarded::new(raw, cancel))
}

/// Small writes are gathered up to this much; larger ones (a renderer's own buffer of rows)
/// go straight through, copied once.
const BUFFER: usize = 8 << 10;

/// Standard input, read so that a cancelled token ends a wait for input: it waits in short
/// polls and looks at the token between them (a blocking read would sleep through Ctrl-C, as
/// the signal handler restarts it). Reads go to the descriptor itself, past the standard
/// library's buffer, so no bytes wait in a buffer that a poll cannot see.
pub struct CancellableStdin<'a> {
    cancel: &'a Cancel,
}

impl<'a> CancellableStdin<'a> {
    pub fn new(cancel: &'a Cancel) -> Self {
        Self { cancel }
    }
}

/// How long one poll waits before looking at the token again.
#[cfg(unix)]
const POLL_MS: u8 = 50;

impl Read for CancellableStdin<'_> {
    #[cfg(unix)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use nix::errno::Errno;
        use nix::poll::{PollFd, PollFlags, poll};
        use std::os::fd::AsFd;

        let stdin = io::stdin();
        loop {
            self.cancel.check()?;
            let mut fds = [PollFd::new(stdin.as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, POLL_MS) {
                Ok(0) | Err(Errno::EINTR) => continue,
                // Readable, at its end, or hung up: the read says which.
                Ok(_) => {
                    self.cancel.check()?;
                    match read_now(stdin.as_fd(), buf) {
                        Err(Errno::EAGAIN | Errno::EINTR) => continue,
                        read => return read.map_err(io::Error::from),
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    #[cfg(not(unix))]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.cancel.check()?;
        io::stdin().lock().read(buf)
    }
}

/// Reads what `fd` holds without waiting for more. Ctrl-C empties the terminal's input (the
/// terminal flushes what was typed), so a line that a poll saw can be gone by the read; a
/// blocking read would then sleep through the Ctrl-C (the handler restarts it). `EAGAIN` says
/// so, and the caller polls again. The descriptor's flags are restored at once: the terminal's
/// description is shared with standard output.
#[cfg(unix)]
fn read_now(fd: std::os::fd::BorrowedFd<'_>, buf: &mut [u8]) -> nix::Result<usize> {
    use nix::fcntl::{FcntlArg, OFlag, fcntl};
    let flags = OFlag::from_bits_retain(fcntl(fd, FcntlArg::F_GETFL)?);
    fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
    let read = nix::unistd::read(fd, buf);
    let restored = fcntl(fd, FcntlArg::F_SETFL(flags));
    let n = read?;
    restored?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Interrupted;

    #[test]
    fn a_guarded_writer_stops_once_cancelled() {
        let cancel = Cancel::new();
        let mut out = Vec::new();
        let mut guarded = Guarded::new(&mut out, &cancel);
        guarded.write_all(b"row 1\n").unwrap();
        cancel.cancel();
        let error = guarded.write_all(b"row 2\n").unwrap_err();
        assert!(Interrupted::caused(&error));
        assert!(guarded.flush().is_err());
        assert_eq!(out, b"row 1\n");
    }
}
