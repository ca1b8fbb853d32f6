//! `flipgame completions SHELL`: the completion script, generated from the clap definition.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell as Target;

use super::{Failure, Outcome};
use crate::cli::{Cli, CompletionsArgs, Shell};

/// Prints the completion script for the shell; the same text is checked in under completions/.
pub fn run(args: &CompletionsArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    out.write_all(&script(args.shell))?;
    Ok(Outcome::Success)
}

/// The script for `shell`. Generated into memory first: clap_complete panics on a failed write,
/// and a closed pipe must stay a quiet success.
pub fn script(shell: Shell) -> Vec<u8> {
    let target = match shell {
        Shell::Bash => Target::Bash,
        Shell::Zsh => Target::Zsh,
        Shell::Fish => Target::Fish,
        Shell::Elvish => Target::Elvish,
        Shell::Powershell => Target::PowerShell,
    };
    let mut script = Vec::new();
    clap_complete::generate(target, &mut Cli::command(), "flipgame", &mut script);
    script
}
