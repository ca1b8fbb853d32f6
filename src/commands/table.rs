//! `flipgame table`: all 65,536 boards with their fewest taps, in five formats.

use std::io::{self, Write};

use serde::Serialize;

use flipgame::board::{Board, BoardId};
use flipgame::solver::DistanceTable;

use super::{Status, goal, report, write_to};
use crate::cli::{TableArgs, TableFormat};
use crate::output::json::{CellsJson, JsonStream, as_text};
use crate::output::write_count;

/// The byte of an impossible board in the binary table.
const IMPOSSIBLE_BYTE: u8 = u8::MAX;

/// Writes the table to standard output or, atomically, to `--output`.
pub fn run(args: &TableArgs, out: &mut impl Write) -> io::Result<Status> {
    if args.format == TableFormat::Binary && (args.solvable || args.taps) {
        report(
            "--format binary is the whole table of 65,536 bytes: it takes neither --solvable nor --taps",
        );
        return Ok(Status::BadInput);
    }
    let table = DistanceTable::shared(goal(args.goal));
    write_to(args.output.as_deref(), out, |out| {
        write_table(args, table, out)
    })
}

fn write_table(args: &TableArgs, table: &DistanceTable, out: &mut dyn Write) -> io::Result<()> {
    let mut json = match args.format {
        TableFormat::Json => Some(JsonStream::new(true)),
        TableFormat::Jsonl => Some(JsonStream::new(false)),
        _ => None,
    };
    if args.format == TableFormat::Csv {
        out.write_all(if args.taps {
            b"id,board,moves,taps\n"
        } else {
            b"id,board,moves\n"
        })?;
    }
    for board in Board::all() {
        let solution = table.solve(board);
        if args.solvable && solution.is_none() {
            continue;
        }
        let moves = solution.map(|s| s.moves());
        let taps = solution.map(|s| s.taps);
        match args.format {
            TableFormat::Binary => out.write_all(&[moves.unwrap_or(IMPOSSIBLE_BYTE)])?,
            TableFormat::Text => {
                write!(out, "{} {board} ", board.id())?;
                match moves {
                    Some(moves) => write_count(out, moves.into())?,
                    None => out.write_all(b"Impossible")?,
                }
                match taps {
                    Some(taps) if args.taps && !taps.is_empty() => writeln!(out, " {taps}")?,
                    _ => out.write_all(b"\n")?,
                }
            }
            TableFormat::Csv => {
                write!(out, "{},{board},", board.id())?;
                if let Some(moves) = moves {
                    write_count(out, moves.into())?;
                }
                match taps {
                    Some(taps) if args.taps => writeln!(out, ",{taps}")?,
                    _ if args.taps => out.write_all(b",\n")?,
                    _ => out.write_all(b"\n")?,
                }
            }
            TableFormat::Json | TableFormat::Jsonl => {
                let row = TableRow {
                    id: board.id(),
                    board,
                    moves,
                    taps: args.taps.then(|| taps.map(CellsJson)),
                };
                if let Some(json) = json.as_mut() {
                    json.write(out, &row)?;
                }
            }
        }
    }
    if let Some(json) = json.as_mut() {
        json.finish(out)?;
    }
    Ok(())
}

/// One board of the table in JSON; `taps` only with `--taps`.
#[derive(Serialize)]
struct TableRow {
    #[serde(serialize_with = "as_text")]
    id: BoardId,
    #[serde(serialize_with = "as_text")]
    board: Board,
    moves: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    taps: Option<Option<CellsJson>>,
}
