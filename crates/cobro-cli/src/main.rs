//! `cobro`: the command line of [`cobro_cli::run`].

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(cobro_cli::run(std::env::args_os()))
}
