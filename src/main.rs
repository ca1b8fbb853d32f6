//! The `flipgame` binary: parse the command line, run the subcommand, exit with its status.

mod cli;
mod commands;
mod output;
mod progress;
#[cfg(test)]
#[path = "../tests/common/snapshot.rs"]
mod snapshot;
mod source;

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};

fn main() -> ExitCode {
    // Under a file-size limit (`ulimit -f`) SIGXFSZ would kill the process in the middle of a
    // write, leaving an `--output` run's temporary file behind; ignored, the write fails with
    // EFBIG and is reported like any other failed write (as Rust's runtime does for SIGPIPE).
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition before any thread starts; no handler runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    match cli::Cli::try_parse() {
        Ok(cli) => commands::run(cli),
        Err(error) => without_far_suggestions(error).exit(),
    }
}

/// clap suggests the nearest subcommand for any unknown one, so `flipgame play` would be told
/// `explain`. Keep the suggestion for real typos (a few letters off) and drop it otherwise.
fn without_far_suggestions(error: clap::Error) -> clap::Error {
    if error.kind() != ErrorKind::InvalidSubcommand {
        return error;
    }
    let typed = match error.get(ContextKind::InvalidSubcommand) {
        Some(ContextValue::String(typed)) => typed.clone(),
        _ => return error,
    };
    let suggested: Vec<String> = match error.get(ContextKind::SuggestedSubcommand) {
        Some(ContextValue::String(one)) => vec![one.clone()],
        Some(ContextValue::Strings(many)) => many.clone(),
        _ => return error,
    };
    if suggested.iter().any(|name| is_typo(&typed, name)) {
        return error;
    }
    let mut plain = clap::Error::new(ErrorKind::InvalidSubcommand).with_cmd(&cli::Cli::command());
    plain.insert(ContextKind::InvalidSubcommand, ContextValue::String(typed));
    if let Some(usage) = error.get(ContextKind::Usage) {
        plain.insert(ContextKind::Usage, usage.clone());
    }
    plain
}

/// True when `typed` is at most two edits (insertions, deletions, substitutions) from `name`.
fn is_typo(typed: &str, name: &str) -> bool {
    strsim::levenshtein(typed, name) <= 2
}

#[cfg(test)]
mod tests {
    use super::is_typo;

    #[test]
    fn typos_are_a_few_letters_off() {
        assert!(is_typo("sovle", "solve"));
        assert!(is_typo("tabel", "table"));
        assert!(is_typo("stat", "stats"));
        assert!(!is_typo("play", "explain"));
        assert!(!is_typo("check", "gen"));
    }
}
