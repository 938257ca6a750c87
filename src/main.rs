//! The `nimlab` binary: everything happens in `nimlab::app`.

use std::process::ExitCode;

fn main() -> ExitCode {
    nimlab::app::main(std::env::args_os().collect())
}
