//! The `flipgame` binary: parse the command line, run the subcommand, exit with its status.

mod cli;
mod commands;
mod output;
mod progress;
mod render;
mod source;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    commands::run(cli::Cli::parse())
}
