//! The board-by-board loop of `solve` and `explain`: every source read in turn, each
//! well-formed board handed to the command, each malformed one reported in its place (and as
//! an error object in JSON). A stream of 4x4 boards whose lines depend on the board alone is
//! taken in bulk, read ahead on a thread of its own (`steps.rs`), each distinct board's line
//! written once and copied after (`line_memo.rs`).

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

mod line_memo;
mod steps;

use line_memo::LineMemo;
use steps::{Step, read_ahead, read_steps};

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
    let json = json_stream(format);
    // The read-ahead thread below may outlive this call when an output error ends it (it may
    // be waiting on input), so what it reads from lives as long as the process: one list of
    // sources, once per run.
    let sources: &'static [Source] = Box::leak(source::sources(input).into_boxed_slice());
    if source::waits_on_terminal(sources) {
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
    // Whole 4x4 boards in bulk, their lines copied, where the answers allow it.
    let in_bulk = json.is_none() && command.lines_by_board();
    let mut answers = Answers {
        command,
        out,
        json,
        memo: in_bulk.then(LineMemo::new),
        cells: (shape, cells),
        index: 0,
        status: Outcome::Success,
    };
    if in_bulk && flipgame::solve::threads() > 1 {
        read_ahead(sources, &mut answers)?;
    } else {
        let records = Records::new(sources, shape, cells);
        read_steps(records, in_bulk, &mut |step| answers.take(step))?;
    }
    if let Some(json) = &mut answers.json {
        json.finish(answers.out)?;
    }
    Ok(answers.status.max(answers.command.finish()))
}

/// The answering side of the board loop: the command, where it writes, and the run so far.
struct Answers<'o, C: BoardCommand, W> {
    command: &'o mut C,
    out: &'o mut W,
    json: Option<JsonStream>,
    /// Each 4x4 board's line, where boards are answered in bulk.
    memo: Option<LineMemo>,
    /// The boards' shape and notation, for the words of a read error.
    cells: (Shape, Cells),
    /// Boards and malformed boards met so far.
    index: u64,
    status: Outcome,
}

impl<C: BoardCommand, W: Write> Answers<'_, C, W> {
    /// Answers or reports what one step of reading gives.
    fn take(&mut self, step: Step<'_, <C::Kind as Kind>::Board>) -> io::Result<()> {
        let (shape, cells) = self.cells;
        let item = match step {
            Step::Boards(place, ids) => {
                if let Some(memo) = &mut self.memo {
                    memo.answer(self.command, self.out, (self.index + 1, place), &ids)?;
                }
                self.index += ids.len() as u64;
                return Ok(());
            }
            Step::Reads => return self.out.flush(),
            Step::Item(item) => item,
        };
        match item {
            Item::Record { source, record } => {
                self.index += 1;
                match &record {
                    Record::Malformed(error) => {
                        self.status = self.status.max(Outcome::BadInput);
                        malformed(self.out, self.json.as_mut(), self.index, source, error)?;
                    }
                    Record::Board { board, line } => {
                        let place = Place {
                            source,
                            line: *line,
                        };
                        let json = self.json.as_mut();
                        self.command
                            .answer(self.out, json, self.index, place, board)?;
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
                self.status = self.status.max(outcome);
            }
            Item::NoBoards { source } => {
                report(&no_boards(source, shape));
                self.status = self.status.max(Outcome::BadInput);
            }
        }
        Ok(())
    }
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
