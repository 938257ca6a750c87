use std::process::ExitCode;

fn main() -> ExitCode {
    nimlab::app::main(std::env::args_os().collect())
}
