//! The inputs a command reads boards from: files, standard input and `--board` arguments, read
//! in turn through the library's [`BoardReader`], each record with its input's name for error
//! messages.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, IsTerminal, Read};
use std::path::{Path, PathBuf};

use flipgame::grid::{MAX_SIDE, Shape};
use flipgame::input::{BoardParser, BoardReader, InputError, LineNotation, ReadBoard, Record};
use flipgame::kind::Kind;
use flipgame::notation::{BoardTextError, Cells};

use crate::cli::{BoardInput, setting_names};
use flipgame::settings::Advice;

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

impl Source {
    /// The source's bytes, read as they are needed: standard input, the file, or the text of
    /// the argument.
    pub fn reader(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Source::Stdin => Box::new(io::stdin().lock()),
            Source::File(path) => Box::new(io::BufReader::new(open_file(path)?)),
            // A board or a line of text: a copy costs nothing.
            Source::Argument { text, .. } => Box::new(io::Cursor::new(text.clone().into_bytes())),
        })
    }
}

/// Opens the file at `path` for reading; a directory is refused here, as it is a file that
/// cannot be read, rather than met later as an empty input or a failed read.
pub fn open_file(path: &Path) -> io::Result<File> {
    let file = File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "a directory, not a file",
        ));
    }
    Ok(file)
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

/// One step of reading the sources.
#[derive(Debug)]
pub enum Item<'a, B: ReadBoard> {
    /// A board, or a malformed board, of `source`.
    Record {
        /// Where it came from.
        source: &'a Source,
        /// What was read.
        record: Record<B>,
    },
    /// `source` could not be opened or read: the rest of it is lost, the next source follows.
    Unreadable {
        /// The input that failed.
        source: &'a Source,
        /// Why.
        error: io::Error,
    },
    /// A named file with nothing in it that could be a board (empty, or only blank lines):
    /// likely the wrong file, so it is said; standard input may be empty.
    NoBoards {
        /// The file.
        source: &'a Source,
    },
}

/// Every record of every source in turn, for a plain loop:
/// `while let Some(item) = records.next() { ...; if records.needs_read() { flush } }`.
pub struct Records<'a, B: ReadBoard> {
    sources: std::slice::Iter<'a, Source>,
    shape: Shape,
    cells: Cells,
    current: Option<(&'a Source, Reading<B>)>,
    /// The current source has given a record.
    gave: bool,
}

/// The source being read.
enum Reading<B: ReadBoard> {
    /// A `--board` value: its one record, until taken.
    Argument(Option<Record<B>>),
    /// A file or standard input.
    Stream(Box<BoardReader<Box<dyn Read>, B>>),
}

impl<'a, B: ReadBoard> Records<'a, B> {
    /// The records of `sources`, boards of `shape` with cells written in `cells`.
    pub fn new(sources: &'a [Source], shape: Shape, cells: Cells) -> Records<'a, B> {
        Records {
            sources: sources.iter(),
            shape,
            cells,
            current: None,
            gave: false,
        }
    }

    /// True when the next item needs a read from an input, which may wait for a person or a
    /// pipe: the moment to flush the answers written so far, so that they are seen.
    pub fn needs_read(&self) -> bool {
        match &self.current {
            None | Some((_, Reading::Argument(None))) => true,
            Some((_, Reading::Argument(Some(_)))) => false,
            Some((_, Reading::Stream(reader))) => reader.needs_read(),
        }
    }

    /// The whole well-formed 4x4 boards next in the current source, already read, as
    /// [`BoardReader::take_board_ids`] takes them: their ids pushed onto `ids`, and the source
    /// and line of the first; `None` when the next item is anything else.
    pub fn take_board_ids(&mut self, ids: &mut Vec<u16>) -> Option<(&'a Source, u64)> {
        let Some((source, Reading::Stream(reader))) = &mut self.current else {
            return None;
        };
        let line = reader.take_board_ids(ids)?;
        self.gave = true;
        Some((*source, line))
    }

    /// Opens `source` for reading.
    fn open(&self, source: &Source) -> io::Result<Reading<B>> {
        let parser = BoardParser::with_cells(self.shape, self.cells);
        if let Source::Argument { text, .. } = source {
            let record = argument_record(text, self.shape, self.cells);
            return Ok(Reading::Argument(Some(record)));
        }
        let input = source.reader()?;
        Ok(Reading::Stream(Box::new(BoardReader::new(input, parser))))
    }
}

impl<'a, B: ReadBoard> Iterator for Records<'a, B> {
    type Item = Item<'a, B>;

    #[inline(always)]
    fn next(&mut self) -> Option<Item<'a, B>> {
        loop {
            if let Some((source, reading)) = &mut self.current {
                let source: &'a Source = source;
                let next = match reading {
                    Reading::Argument(record) => record.take().map(Ok),
                    Reading::Stream(reader) => reader.next(),
                };
                match next {
                    Some(Ok(record)) => {
                        self.gave = true;
                        return Some(Item::Record { source, record });
                    }
                    Some(Err(error)) => {
                        self.current = None;
                        return Some(Item::Unreadable { source, error });
                    }
                    None => {
                        self.current = None;
                        if !self.gave && matches!(source, Source::File(_)) {
                            return Some(Item::NoBoards { source });
                        }
                    }
                }
            }
            let source = self.sources.next()?;
            self.gave = false;
            match self.open(source) {
                Ok(reading) => self.current = Some((source, reading)),
                Err(error) => return Some(Item::Unreadable { source, error }),
            }
        }
    }
}

/// The one `--board` value of a command that takes one board, or its error as
/// `--board[1]:1:COL: message`, as a command that reads many boards names it.
pub fn board_argument<K: Kind>(text: &str, shape: Shape, cells: Cells) -> Result<K::Board, String> {
    K::Board::read_text(text, shape, cells)
        .map_err(|error| board_argument_error(text, (shape, cells), error))
}

/// What is wrong with the `--board` value `text` ([`argument_error`]) as
/// `--board[1]:1:COL: message`, in the flags' words.
pub fn board_argument_error(
    text: &str,
    (shape, cells): (Shape, Cells),
    error: BoardTextError,
) -> String {
    let error = argument_error(text, shape, cells, error);
    format!("--board[1]:{}", error.worded(setting_names))
}

/// A `--board` value as a record.
fn argument_record<B: ReadBoard>(text: &str, shape: Shape, cells: Cells) -> Record<B> {
    let parsed = B::read_text(text, shape, cells).map(|board| Record::Board { board, line: 1 });
    parsed.unwrap_or_else(|error| Record::Malformed(argument_error(text, shape, cells, error)))
}

/// What is wrong with the `--board` value `text`, read in `cells`, with the hints a file's line
/// gets: the size its rows fit, when they are all cells (of `cells` or of one other notation)
/// of one length that is not `shape`'s, and the notation it is written in, when it is another.
pub fn argument_error(text: &str, shape: Shape, cells: Cells, error: BoardTextError) -> InputError {
    let notation = LineNotation::of(text.as_bytes()).notation();
    let widths: Vec<usize> = text.split('/').map(|row| row.chars().count()).collect();
    let rows = widths.len();
    let cols = widths[0];
    let all_cells = notation.is_some()
        || text
            .bytes()
            .all(|byte| byte == b'/' || cells.state(byte).is_some());
    let fits_another = all_cells
        && cols > 0
        && widths.iter().all(|&width| width == cols)
        && (rows, cols) != (shape.rows() as usize, shape.cols() as usize)
        && rows.max(cols) <= MAX_SIDE as usize;
    InputError {
        board_line: 1,
        line: 1,
        column: error.column as u64,
        expected: error.expected,
        found: error.found,
        size_hint: fits_another.then_some((rows as u32, cols as u64)),
        not_a_row: false,
        lone_cr: false,
        notation,
    }
}

/// Reads the next line of `reader` into `line` without its line break, keeping at most `most`
/// bytes: the line's whole length, or `None` at the end of the input.
pub fn read_line_within(
    reader: &mut dyn BufRead,
    line: &mut Vec<u8>,
    most: usize,
) -> io::Result<Option<usize>> {
    line.clear();
    let mut length = 0;
    loop {
        let bytes = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if bytes.is_empty() {
            return Ok((length > 0).then_some(length));
        }
        let end = memchr::memchr(b'\n', bytes);
        let piece = end.unwrap_or(bytes.len());
        let kept = piece.min(most.saturating_sub(line.len()));
        line.extend_from_slice(&bytes[..kept]);
        length += piece;
        reader.consume(piece + usize::from(end.is_some()));
        if end.is_some() {
            return Ok(Some(length));
        }
    }
}
