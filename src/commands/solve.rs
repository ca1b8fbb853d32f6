//! `flipgame solve`: the fewest taps for each board, as the judge prints them, or as JSON.

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

use flipgame::board::{Board, BoardId, Color};
use flipgame::input::{InputError, Record};
use flipgame::solver::DistanceTable;

use super::{Status, goal, read_all, report};
use crate::cli::{RecordFormat, SolveArgs};
use crate::output::json::{CellsJson, JsonStream, as_text};
use crate::output::write_count;
use crate::source::{RecordSink, Source, sources};

/// Solves every board of the inputs and writes one answer per board.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> io::Result<Status> {
    let table = DistanceTable::shared(goal(args.input.goal));
    let mode = match args.format {
        RecordFormat::Text => Mode::Text { taps: args.taps },
        RecordFormat::Json => Mode::Json(JsonStream::new(true)),
        RecordFormat::Jsonl => Mode::Json(JsonStream::new(false)),
    };
    let mut sink = SolveSink {
        out,
        table,
        mode,
        index: 0,
        malformed: false,
    };
    let status = read_all(&sources(&args.input), &mut sink)?;
    if let Mode::Json(stream) = &mut sink.mode {
        stream.finish(sink.out)?;
    }
    let input_status = if sink.malformed {
        Status::BadInput
    } else {
        Status::Success
    };
    Ok(status.max(input_status))
}

enum Mode {
    Text { taps: bool },
    Json(JsonStream),
}

struct SolveSink<'a, W: Write> {
    out: &'a mut W,
    table: &'static DistanceTable,
    mode: Mode,
    index: u64,
    malformed: bool,
}

impl<W: Write> RecordSink for SolveSink<'_, W> {
    #[inline]
    fn record(&mut self, source: &Source, record: Record) -> io::Result<()> {
        self.index += 1;
        match record {
            Record::Board { board, line } => self.solved(source, board, line),
            Record::Malformed(error) => self.malformed(source, &error),
        }
    }

    fn before_wait(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> SolveSink<'_, W> {
    #[inline]
    fn solved(&mut self, source: &Source, board: Board, line: u64) -> io::Result<()> {
        match &mut self.mode {
            Mode::Text { taps: false } => match self.table.moves(board) {
                Some(moves) => {
                    write_count(self.out, moves.into())?;
                    self.out.write_all(b"\n")
                }
                None => self.out.write_all(b"Impossible\n"),
            },
            Mode::Text { taps: true } => match self.table.solve(board) {
                Some(solution) if solution.taps.is_empty() => self.out.write_all(b"0\n"),
                Some(solution) => writeln!(self.out, "{} {}", solution.moves(), solution.taps),
                None => self.out.write_all(b"Impossible\n"),
            },
            Mode::Json(stream) => {
                let solution = self.table.solve(board);
                let record = SolvedJson {
                    index: self.index,
                    source: Place { source, line },
                    board,
                    id: board.id(),
                    solvable: solution.is_some(),
                    moves: solution.map(|s| s.moves()),
                    goal: solution.map(|s| s.goal),
                    taps: solution.map(|s| CellsJson(s.taps)),
                };
                stream.write(self.out, &record)
            }
        }
    }

    fn malformed(&mut self, source: &Source, error: &InputError) -> io::Result<()> {
        self.malformed = true;
        let message = format!("{source}:{error}");
        report(&message);
        if let Mode::Json(stream) = &mut self.mode {
            let record = MalformedJson {
                index: self.index,
                source: Place {
                    source,
                    line: error.board_line,
                },
                error: message,
            };
            stream.write(self.out, &record)?;
        }
        Ok(())
    }
}

/// FILE:LINE of a board's first row.
struct Place<'a> {
    source: &'a Source,
    line: u64,
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// One solved board in JSON.
#[derive(Serialize)]
struct SolvedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    #[serde(serialize_with = "as_text")]
    board: Board,
    #[serde(serialize_with = "as_text")]
    id: BoardId,
    solvable: bool,
    moves: Option<u8>,
    #[serde(serialize_with = "optional_color")]
    goal: Option<Color>,
    taps: Option<CellsJson>,
}

/// One malformed board in JSON, in its place among the others.
#[derive(Serialize)]
struct MalformedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    error: String,
}

fn optional_color<S: serde::Serializer>(color: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match color {
        Some(color) => s.serialize_str(color.name()),
        None => s.serialize_none(),
    }
}
