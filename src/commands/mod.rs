//! One module per subcommand: each turns its arguments into calls on the core and the results
//! into output. This module holds dispatch, the exit status, and the one place a command's
//! failure is reported; [`args`] turns flags into the puzzle and its solver, [`boards`] is the
//! board-by-board loop of `solve` and `explain`.

pub mod args;
pub mod boards;
pub mod check;
pub mod completions;
pub mod explain;
pub mod flags;
pub mod generate;
pub mod graph;
pub mod judged;
pub mod kind;
pub mod play;
pub mod solve;
pub mod stats;
pub mod table;

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::cli::{self, Cli, ColorChoice, Command, setting_names};
use crate::output::Output;
use crate::output::file::{AtomicFile, PartialFile};
use flipgame::figure::html::PageError;
use flipgame::settings::Advice;

/// How a run ended, in order of precedence: the worst one seen is the exit status (the
/// statuses and their words are [`cli::EXIT_STATUS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Every board answered.
    Success,
    /// `solve --merge` lacked some shard's records of a board.
    ShardsMissing,
    /// `check` rejected an answer.
    Rejected,
    /// A usage error or a malformed board.
    BadInput,
    /// An input that could not be read, or output that could not be written.
    IoError,
}

impl Outcome {
    /// The process exit code for this status.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Success => ExitCode::SUCCESS,
            Outcome::IoError => ExitCode::from(cli::EXIT_IO_ERROR),
            Outcome::BadInput => ExitCode::from(cli::EXIT_BAD_INPUT),
            Outcome::Rejected => ExitCode::from(cli::EXIT_REJECTED),
            Outcome::ShardsMissing => ExitCode::from(cli::EXIT_SHARDS_MISSING),
        }
    }
}

/// Why a command stopped before its work was done: returned to [`run`], which reports it once.
#[derive(Debug)]
pub enum Failure {
    /// A usage error, or an input the command cannot use at all: the message, exit 2.
    Usage(String),
    /// A file or directory the command cannot read or write: the message, exit 1.
    File(String),
    /// Writing the output failed (a closed pipe is a quiet success).
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Output(error)
    }
}

/// A usage error with this message.
pub fn usage(message: impl Into<String>) -> Failure {
    Failure::Usage(message.into())
}

/// A web page refused, as the command line reports it: in the flags' words.
pub fn page_failure<T: Advice>(error: PageError<T>) -> Failure {
    match error {
        PageError::Data(error) => Failure::Output(error.into()),
        refused => usage(refused.worded(setting_names).to_string()),
    }
}

/// What every command gets besides its own arguments.
pub struct Context {
    /// Whether to colour the output (the global `--color` rule, decided once).
    pub color: bool,
}

/// Runs the parsed command line and turns its outcome into an exit code.
pub fn run(cli: Cli) -> ExitCode {
    if let Some(threads) = cli.threads.and_then(std::num::NonZeroUsize::new) {
        flipgame::solve::limit_threads(threads);
    }
    let stdout = io::stdout();
    let is_terminal = stdout.is_terminal();
    let choice = match cli.color {
        ColorChoice::Auto => None,
        ColorChoice::Always => Some(true),
        ColorChoice::Never => Some(false),
    };
    let context = Context {
        color: crate::output::terminal::color_enabled(choice, is_terminal, |name| {
            std::env::var(name).ok()
        }),
    };
    let mut out = Output::new(stdout.lock(), is_terminal);
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Explain(args) => explain::run(&args, &context, &mut out),
        Command::Table(args) => table::run(&args, &mut out),
        Command::Stats(args) => stats::run(&args, &context, &mut out),
        Command::Gen(args) => generate::run(&args, &mut out),
        Command::Check(args) => check::run(&args, &mut out),
        Command::Play(args) => play::run(&args, &context, &mut out),
        Command::Graph(args) => graph::run(&args, &mut out),
        Command::Completions(args) => completions::run(&args, &mut out),
    };
    let result = result.or_else(reported);
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status.exit_code(),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            report(&format!("writing output: {error}"));
            Outcome::IoError.exit_code()
        }
    }
}

/// Reports `failure` and says how it leaves the run: the one place a failure becomes words on
/// standard error and an exit status. A failed write of the output is not reported here: it
/// ends the run.
pub fn reported(failure: Failure) -> io::Result<Outcome> {
    match failure {
        Failure::Usage(message) => {
            report(&message);
            Ok(Outcome::BadInput)
        }
        Failure::File(message) => {
            report(&message);
            Ok(Outcome::IoError)
        }
        Failure::Output(error) => Err(error),
    }
}

/// Prints one error line to standard error, in a single write so lines never interleave.
pub fn report(message: &str) {
    tell("error", message);
}

/// Prints one note to standard error: something to know about output that is not wrong.
pub fn note(message: &str) {
    tell("note", message);
}

fn tell(kind: &str, message: &str) {
    let line = format!("{kind}: {message}\n");
    // Nowhere is left to report a failure to write to standard error.
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// Runs `write` on standard output or, with `path`, on a file that appears only when `write`
/// succeeds (see [`AtomicFile`]). A file that cannot be written is reported here, with its path.
pub fn write_to(
    path: Option<&Path>,
    stdout: &mut impl Write,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Outcome> {
    let Some(path) = path else {
        write(stdout)?;
        return Ok(Outcome::Success);
    };
    match write_file(path, |out| Ok(write(out)?)) {
        Ok(()) => Ok(Outcome::Success),
        Err(failure) => reported(failure),
    }
}

/// Runs `write` on a file at `path` that appears only when `write` has run to its end, whatever
/// the status it gives (see [`AtomicFile`]); a failure leaves no file. A file that cannot be
/// written is a failure that names it.
pub fn write_file<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, Failure>,
) -> Result<T, Failure> {
    write_through(path, (AtomicFile::create, AtomicFile::commit), write)
}

/// Runs `write` on a file at `path` written in the open, as `PATH.partial`, and renamed to
/// `path` only when `write` has run to its end (see [`PartialFile`]): a run stopped half way
/// leaves what it wrote for the next run to take up. A special file (a device, a FIFO) is
/// written in place, as [`write_file`] writes it.
pub fn write_partial_file<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let special = std::fs::metadata(path).is_ok_and(|meta| !meta.is_file() && !meta.is_dir());
    if special {
        return write_file(path, write);
    }
    write_through(path, (PartialFile::create, PartialFile::commit), write)
}

/// Runs `write` on the file `create` makes for `path`, and `commit`s it when `write` has run
/// to its end; a file that cannot be written is a failure that names `path`.
fn write_through<F: Write, T>(
    path: &Path,
    (create, commit): (
        impl FnOnce(&Path) -> io::Result<F>,
        impl FnOnce(F) -> io::Result<()>,
    ),
    write: impl FnOnce(&mut dyn Write) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let unwritable = |error: io::Error| Failure::File(format!("{}: {error}", path.display()));
    let mut out = Output::new(create(path).map_err(unwritable)?, false);
    let value = write(&mut out).map_err(|failure| match failure {
        Failure::Output(error) => unwritable(error),
        other => other,
    })?;
    out.into_inner().and_then(commit).map_err(unwritable)?;
    Ok(value)
}
