//! One module per subcommand: each turns its arguments into calls on the core and the results
//! into output. This module holds what they share: dispatch, exit status and error reporting.

pub mod solve;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use crate::cli::{Cli, Command, GoalArg};
use crate::output::Output;
use crate::source::{self, RecordSink, Source, StreamError};
use flipgame::board::Goal;

/// How a run ended, in order of precedence: the worst one seen is the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every board answered: exit 0.
    Success,
    /// A usage error or a malformed board: exit 2.
    BadInput,
    /// An input that could not be read: exit 1.
    IoError,
}

impl Status {
    /// The process exit code for this status.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Status::Success => ExitCode::SUCCESS,
            Status::IoError => ExitCode::from(1),
            Status::BadInput => ExitCode::from(2),
        }
    }
}

/// Runs the parsed command line and turns its outcome into an exit code.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = io::stdout();
    let line_buffered = stdout.is_terminal();
    let mut out = Output::new(stdout.lock(), line_buffered);
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args, &mut out),
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status.exit_code(),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            report(&format!("writing output: {error}"));
            Status::IoError.exit_code()
        }
    }
}

/// Prints one diagnostic line to standard error, in a single write so lines never interleave.
pub fn report(message: &str) {
    let line = format!("error: {message}\n");
    // Nowhere is left to report a failure to write to standard error.
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// The core's goal for a `--goal` value.
pub fn goal(arg: GoalArg) -> Goal {
    match arg {
        GoalArg::Either => Goal::Either,
        GoalArg::White => Goal::White,
        GoalArg::Black => Goal::Black,
    }
}

/// Streams every source into `sink`, reporting unreadable inputs and going on with the next.
/// Returns the worst input status; an output error ends the run.
pub fn read_all(sources: &[Source], sink: &mut impl RecordSink) -> io::Result<Status> {
    if source::waits_on_terminal(sources) {
        let hint = "flipgame: reading boards from standard input \
                    (4 lines of b/w per board); end with Ctrl-D\n";
        let _ = io::stderr().lock().write_all(hint.as_bytes());
    }
    let mut status = Status::Success;
    for source in sources {
        match source::stream(source, sink) {
            Ok(()) => {}
            Err(StreamError::Input(error)) => {
                report(&format!("{source}: {error}"));
                status = status.max(Status::IoError);
            }
            Err(StreamError::Output(error)) => return Err(error),
        }
    }
    Ok(status)
}
