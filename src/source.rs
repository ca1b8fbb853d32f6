//! The inputs a command reads boards from: files, standard input and `--board` arguments, each
//! streamed through the library's parser with its name kept for error messages.

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;

use flipgame::board;
use flipgame::grid::{Grid, Shape};
use flipgame::input::{BoardParser, InputError, Record};
use flipgame::notation::Cells;

use crate::cli::BoardInput;

/// Bytes read at a time: big enough that a large file takes few system calls.
const CHUNK_BYTES: usize = 256 * 1024;

/// One place boards come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// Standard input, named `-`.
    Stdin,
    /// A file, named by its path as given.
    File(PathBuf),
    /// The n-th `--board` value (from 1), named `--board[n]`.
    Argument {
        /// Position among the `--board` values, from 1.
        number: usize,
        /// The text given.
        text: String,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("-"),
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Argument { number, .. } => write!(f, "--board[{number}]"),
        }
    }
}

/// The sources named on the command line, in order: `--board` values first, then the files
/// (`-` is standard input), and standard input when neither is given.
pub fn sources(input: &BoardInput) -> Vec<Source> {
    let arguments = input
        .boards
        .iter()
        .enumerate()
        .map(|(n, text)| Source::Argument {
            number: n + 1,
            text: text.clone(),
        });
    let files = input.files.iter().map(|path| {
        if path.as_os_str() == "-" {
            Source::Stdin
        } else {
            Source::File(path.clone())
        }
    });
    let mut all: Vec<Source> = arguments.chain(files).collect();
    if all.is_empty() {
        all.push(Source::Stdin);
    }
    all
}

/// True when the command would wait for a person to type boards.
pub fn waits_on_terminal(sources: &[Source]) -> bool {
    matches!(sources, [Source::Stdin]) && io::stdin().is_terminal()
}

/// What a command does with the records of its inputs.
pub trait RecordSink {
    /// Handles one board or malformed board of `source`.
    fn record(&mut self, source: &Source, record: Record) -> io::Result<()>;

    /// Called before a read that may wait for more input, so that answers already made are seen.
    fn before_wait(&mut self) -> io::Result<()>;
}

/// Why streaming an input stopped early.
#[derive(Debug)]
pub enum StreamError {
    /// The input could not be opened or read: report it and go on with the next input.
    Input(io::Error),
    /// The sink failed (writing output): stop the run.
    Output(io::Error),
}

/// Streams one source of boards of `shape`, cells written in `cells`, through the parser into
/// `sink`.
pub fn stream(
    source: &Source,
    shape: Shape,
    cells: Cells,
    sink: &mut impl RecordSink,
) -> Result<(), StreamError> {
    match source {
        Source::Argument { text, .. } => sink
            .record(source, argument_record(text, shape, cells))
            .map_err(StreamError::Output),
        Source::Stdin => {
            let stdin = io::stdin();
            let may_wait = !is_regular_file(&stdin);
            stream_reader(stdin.lock(), source, (shape, cells), may_wait, sink)
        }
        Source::File(path) => {
            let file = File::open(path).map_err(StreamError::Input)?;
            stream_reader(file, source, (shape, cells), false, sink)
        }
    }
}

/// The one `--board` value of a command that takes one board, or its error as
/// `--board:1:COL: message`.
pub fn board_argument(text: &str, shape: Shape, cells: Cells) -> Result<Grid, String> {
    board::parse(text, shape, cells).map_err(|error| format!("--board:1:{}: {error}", error.column))
}

/// A `--board` value as a record.
fn argument_record(text: &str, shape: Shape, cells: Cells) -> Record {
    let parsed = board::parse(text, shape, cells).map(|board| Record::Board { board, line: 1 });
    parsed.unwrap_or_else(|error| {
        Record::Malformed(InputError {
            board_line: 1,
            line: 1,
            column: error.column as u64,
            expected: error.expected,
            found: error.found,
            size_hint: None,
            not_a_row: false,
        })
    })
}

fn stream_reader(
    mut reader: impl Read,
    source: &Source,
    (shape, cells): (Shape, Cells),
    may_wait: bool,
    sink: &mut impl RecordSink,
) -> Result<(), StreamError> {
    let mut parser = BoardParser::with_cells(shape, cells);
    let mut buffer = vec![0u8; CHUNK_BYTES];
    loop {
        if may_wait {
            sink.before_wait().map_err(StreamError::Output)?;
        }
        let read = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(StreamError::Input(error)),
        };
        parser
            .feed(&buffer[..read], &mut |record| sink.record(source, record))
            .map_err(StreamError::Output)?;
    }
    parser
        .finish(&mut |record| sink.record(source, record))
        .map_err(StreamError::Output)
}

/// True when standard input is a regular file (a shell redirect), which never makes us wait.
#[cfg(unix)]
fn is_regular_file(stdin: &io::Stdin) -> bool {
    use std::os::fd::AsFd;
    stdin
        .as_fd()
        .try_clone_to_owned()
        .map(File::from)
        .and_then(|file| file.metadata())
        .is_ok_and(|meta| meta.is_file())
}

#[cfg(not(unix))]
fn is_regular_file(_stdin: &io::Stdin) -> bool {
    false
}
