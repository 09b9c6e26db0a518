//! The `parlour` command: the game window, or a headless command.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    parlour::cli::run(parlour::cli::Cli::parse())
}
