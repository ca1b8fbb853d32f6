//! The board-by-board loop of `solve` and `explain`: every source read in turn, each
//! well-formed board handed to the command, each malformed one reported in its place (and as
//! an error object in JSON).

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

use crate::cli::{BoardInput, RecordFormat, setting_names};
use crate::output::json::JsonStream;
use crate::progress::Stages;
use crate::source::{self, Item, Records, Source};
use flipgame::grid::Shape;
use flipgame::input::{InputError, ReadBoard, Record};
use flipgame::kind::{Kind, SolutionOf};
use flipgame::notation::{Cells, state_digit};
use flipgame::record::{RuleFields, Solved, as_text};
use flipgame::settings::Advice;
use flipgame::solve::Stage;
use flipgame::words::TooLong;

use super::kind::CommandKind;
use super::{Outcome, report};

/// The answer for one board, with a progress bar on a terminal for each stage that runs long
/// (an elimination, each colour's search over the null space).
pub fn solve_board<K: Kind>(solver: &K::Solver, board: &K::Board) -> Option<SolutionOf<K>> {
    with_stages(|progress| K::solve_with_progress(solver, board, progress))
}

/// Runs `work` with a progress bar on a terminal for each stage it reports that runs long.
pub fn with_stages<T>(work: impl FnOnce(&mut dyn FnMut(Stage, u64, u64)) -> T) -> T {
    let mut stages = Stages::default();
    let done = work(&mut |stage, done, total| stages.update(stage, done, total));
    stages.finish();
    done
}

/// FILE:LINE of a board's first row, as shown in JSON `source` fields.
#[derive(Clone, Copy)]
pub struct Place<'a> {
    /// The input the board came from.
    pub source: &'a Source,
    /// The line of its first row.
    pub line: u64,
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// The JSON writer a record format asks for: none for text, one array for json, lines for jsonl.
pub fn json_stream(format: RecordFormat) -> Option<JsonStream> {
    match format {
        RecordFormat::Text => None,
        RecordFormat::Json => Some(JsonStream::new(true)),
        RecordFormat::Jsonl => Some(JsonStream::new(false)),
    }
}

/// A command that answers board by board (`solve`, `explain`).
pub trait BoardCommand {
    /// The kind of piece of the boards it answers; the input is read in their cells.
    type Kind: CommandKind;

    /// Writes the answer for one well-formed board: as text, or through `json` when set.
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: &<Self::Kind as Kind>::Board,
    ) -> io::Result<()>;

    /// True when the boards are 4x4 of two-sided pieces and each one's answer in text is a line
    /// that depends on the board alone, not on where it was read: the loop then writes each
    /// board's line once and copies it after ([`LineMemo`]).
    fn lines_by_board(&self) -> bool {
        false
    }

    /// Under [`BoardCommand::lines_by_board`], for each 4x4 board of `ids` a number that every
    /// board with the same line shares, pushed onto `keys` (the id itself will do): fewer lines
    /// to keep, found in a smaller table.
    fn line_keys(&mut self, ids: &[u16], keys: &mut Vec<u16>) {
        keys.extend_from_slice(ids);
    }

    /// Called once after the last board: reports what is left to report, and says how the
    /// boards it could not answer (see [`failed_board`]) leave the run.
    fn finish(&mut self) -> Outcome {
        Outcome::Success
    }
}

/// Each 4x4 board's line of text, written by the command the first time it is met and copied
/// every time after: a stream of a million boards meets each of the 65,536 many times, and a
/// copy costs less than building the board and its answer again. Lines are copied 16 bytes at
/// a time into a block of their own, and the block written whole.
struct LineMemo {
    /// Each line's start in `text` and its length, by the key of its boards
    /// ([`BoardCommand::line_keys`]); a length of 0 before it is written (no line is empty).
    spans: Vec<(u32, u32)>,
    /// The lines, and 16 bytes past the last, so that a copy of 16 bytes from any start stays
    /// inside.
    text: Vec<u8>,
    /// The lines copied and not yet written out, in its first `filled` bytes.
    block: Vec<u8>,
    filled: usize,
    /// The keys of the boards being answered.
    keys: Vec<u16>,
}

impl LineMemo {
    /// Bytes of a block.
    const BLOCK: usize = 1 << 16;
    /// Bytes copied at a time.
    const COPY: usize = 16;

    fn new() -> LineMemo {
        LineMemo {
            spans: vec![(0, 0); 1 << 16],
            text: vec![0; Self::COPY],
            block: vec![0; Self::BLOCK],
            filled: 0,
            keys: Vec::new(),
        }
    }

    /// Writes the lines of boards `ids`, board `index` on, the first read at `place` and each
    /// four lines after the one before; a line not met before is the command's.
    fn answer<C: BoardCommand, W: Write>(
        &mut self,
        command: &mut C,
        out: &mut W,
        (index, place): (u64, Place<'_>),
        ids: &[u16],
    ) -> io::Result<()> {
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        command.line_keys(ids, &mut keys);
        for (nth, (&id, &key)) in ids.iter().zip(&keys).enumerate() {
            let key = usize::from(key);
            if self.spans[key].1 == 0 {
                let nth = nth as u64;
                let place = Place {
                    line: place.line + nth * u64::from(Shape::FLIP_GAME.rows()),
                    ..place
                };
                self.spans[key] = self.write_line(command, (index + nth, place), id)?;
            }
            let (start, len) = (self.spans[key].0 as usize, self.spans[key].1 as usize);
            if self.filled + len + Self::COPY > self.block.len() {
                self.flush(out)?;
                let room = self.block.len().max(len + Self::COPY);
                self.block.resize(room, 0);
            }
            let at = self.filled;
            for copied in (0..len).step_by(Self::COPY) {
                let (from, to) = (start + copied, at + copied);
                self.block[to..to + Self::COPY]
                    .copy_from_slice(&self.text[from..from + Self::COPY]);
            }
            self.filled += len;
        }
        self.keys = keys;
        self.flush(out)
    }

    /// Has the command write board `id`'s line at the end of the text; returns its span.
    #[cold]
    fn write_line<C: BoardCommand>(
        &mut self,
        command: &mut C,
        (index, place): (u64, Place<'_>),
        id: u16,
    ) -> io::Result<(u32, u32)> {
        let board = <C::Kind as Kind>::Board::from_bits16(id);
        let start = self.text.len() - Self::COPY;
        self.text.truncate(start);
        command.answer(&mut self.text, None, index, place, &board)?;
        let len = self.text.len() - start;
        self.text.resize(self.text.len() + Self::COPY, 0);
        let span = (u32::try_from(start), u32::try_from(len));
        match span {
            (Ok(start), Ok(len)) => Ok((start, len)),
            _ => Err(io::Error::other("the 4x4 boards' lines passed 4 GiB")),
        }
    }

    /// Writes out the lines copied so far.
    fn flush<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(&self.block[..self.filled])?;
        self.filled = 0;
        Ok(())
    }
}

/// Feeds every board of `input` to `command`, reporting malformed boards on stderr (and as error
/// objects in JSON, in their place) and unreadable inputs, going on with the next; returns the
/// run's status. An output error ends the run.
pub fn run_boards<C: BoardCommand, W: Write>(
    input: &BoardInput,
    (shape, cells): (Shape, Cells),
    format: RecordFormat,
    out: &mut W,
    command: &mut C,
) -> io::Result<Outcome> {
    let mut json = json_stream(format);
    let sources = source::sources(input);
    if source::waits_on_terminal(&sources) {
        let pieces = match cells {
            Cells::States(states) => format!("digits from 0 to {}", state_digit(states - 1)),
            _ => "b/w pieces".to_string(),
        };
        let hint = format!(
            "flipgame: reading boards from standard input ({} lines of {} {pieces} per \
             board); end with Ctrl-D\n",
            shape.rows(),
            shape.cols()
        );
        let _ = io::stderr().lock().write_all(hint.as_bytes());
    }
    let mut records = Records::<<C::Kind as Kind>::Board>::new(&sources, shape, cells);
    let mut status = Outcome::Success;
    let mut index = 0;
    // Whole 4x4 boards in bulk, their lines copied, where the answers allow it.
    let mut by_board =
        (json.is_none() && command.lines_by_board()).then(|| (LineMemo::new(), Vec::new()));
    loop {
        if let Some((memo, ids)) = &mut by_board {
            ids.clear();
            if let Some((source, line)) = records.take_board_ids(ids) {
                memo.answer(command, out, (index + 1, Place { source, line }), ids)?;
                index += ids.len() as u64;
                if records.needs_read() {
                    out.flush()?;
                }
                continue;
            }
        }
        let Some(item) = records.next() else {
            break;
        };
        match item {
            Item::Record { source, record } => {
                index += 1;
                match &record {
                    Record::Malformed(error) => {
                        status = status.max(Outcome::BadInput);
                        malformed(out, json.as_mut(), index, source, error)?;
                    }
                    Record::Board { board, line } => {
                        let place = Place {
                            source,
                            line: *line,
                        };
                        command.answer(out, json.as_mut(), index, place, board)?;
                    }
                }
            }
            Item::Unreadable { source, error } => {
                report(&unreadable_words::<C::Kind>(source, (shape, cells), &error));
                // A line too long is the input's content, not a failure to read it.
                let outcome = if TooLong::of(&error).is_some() {
                    Outcome::BadInput
                } else {
                    Outcome::IoError
                };
                status = status.max(outcome);
            }
            Item::NoBoards { source } => {
                report(&no_boards(source, shape));
                status = status.max(Outcome::BadInput);
            }
        }
        if records.needs_read() {
            out.flush()?;
        }
    }
    if let Some(json) = &mut json {
        json.finish(out)?;
    }
    Ok(status.max(command.finish()))
}

/// Reports malformed board `index` of `source` on stderr, and in its place in JSON.
fn malformed<W: Write>(
    out: &mut W,
    json: Option<&mut JsonStream>,
    index: u64,
    source: &Source,
    error: &InputError,
) -> io::Result<()> {
    let place = Place {
        source,
        line: error.board_line,
    };
    let error = error.worded(setting_names);
    failed_board(out, json, index, place, format!("{source}:{error}"))
}

/// Reports board `index` from `place`, which cannot be answered, with `message` on stderr and
/// in its place in JSON.
pub fn failed_board<W: Write>(
    out: &mut W,
    json: Option<&mut JsonStream>,
    index: u64,
    place: Place<'_>,
    message: String,
) -> io::Result<()> {
    report(&message);
    if let Some(json) = json {
        json.write(
            out,
            &MalformedJson {
                index,
                source: place,
                error: message,
            },
        )?;
    }
    Ok(())
}

/// One malformed board in JSON, in its place among the others.
#[derive(Serialize)]
struct MalformedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    error: String,
}

/// What is said of a named file with no board in it.
pub fn no_boards(source: &Source, shape: Shape) -> String {
    format!(
        "{source}: no board in it (a {shape} board is {} lines)",
        shape.rows()
    )
}

/// What went wrong reading `source`: a line too long at its place, any other error with the
/// hint [`board_hint`] gives.
pub fn unreadable_words<K: Kind>(
    source: &Source,
    (shape, cells): (Shape, Cells),
    error: &io::Error,
) -> String {
    match TooLong::of(error) {
        Some(too_long) => format!("{source}:{too_long}"),
        None => format!(
            "{source}: {error}{}",
            board_hint::<K>(source, (shape, cells), error)
        ),
    }
}

/// For a FILE that does not exist but reads as a board of the shape (a board typed where a file
/// goes), the flag that was meant.
pub fn board_hint<K: Kind>(
    source: &Source,
    (shape, cells): (Shape, Cells),
    error: &io::Error,
) -> String {
    let Source::File(path) = source else {
        return String::new();
    };
    let text = path.to_string_lossy();
    let is_board = K::Board::read_text(&text, shape, cells).is_ok();
    if error.kind() == io::ErrorKind::NotFound && is_board {
        format!(": did you mean --board {text}?")
    } else {
        String::new()
    }
}

/// One answered board in JSON, as `solve` writes it and `explain` begins its record: where the
/// board came from, then the library's record of its answer.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
pub struct SolvedJson<'a, K: Kind> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    #[serde(flatten)]
    solved: Solved<'a, K>,
}

impl<'a, K: Kind> SolvedJson<'a, K> {
    /// The record of board `index` from `place` of `puzzle`, answered with `solution`, or
    /// proven impossible by `proof`.
    pub fn new(
        (index, place): (u64, Place<'a>),
        puzzle: &K::Puzzle,
        board: &'a K::Board,
        rule: &'a RuleFields,
        answer: (Option<&'a SolutionOf<K>>, Option<&'a K::Proof>),
    ) -> SolvedJson<'a, K> {
        SolvedJson {
            index,
            source: place,
            solved: Solved::new(puzzle, board, rule, answer),
        }
    }
}
