//! `flipgame solve`: the fewest taps for each board, as the judge prints them, or as JSON.

use std::io::{self, Write};

use serde::Serialize;

use flipgame::board::{Board, BoardId, Color};
use flipgame::solver::DistanceTable;

use super::{BoardCommand, Place, Status, goal, run_boards};
use crate::cli::SolveArgs;
use crate::output::json::{CellsJson, JsonStream, as_text, optional_color};
use crate::output::write_count;

/// Solves every board of the inputs and writes one answer per board.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> io::Result<Status> {
    let command = Solve {
        table: DistanceTable::shared(goal(args.input.goal)),
        taps: args.taps,
    };
    run_boards(&args.input, args.format, out, command)
}

struct Solve {
    table: &'static DistanceTable,
    taps: bool,
}

impl BoardCommand for Solve {
    #[inline]
    fn answer<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        board: Board,
    ) -> io::Result<()> {
        if let Some(json) = json {
            let solution = self.table.solve(board);
            return json.write(
                out,
                &SolvedJson {
                    index,
                    source: place,
                    board,
                    id: board.id(),
                    solvable: solution.is_some(),
                    moves: solution.map(|s| s.moves()),
                    goal: solution.map(|s| s.goal),
                    taps: solution.map(|s| CellsJson(s.taps)),
                },
            );
        }
        if !self.taps {
            // The hot path of the judge's format: one lookup, a few bytes.
            return match self.table.moves(board) {
                Some(moves) => {
                    write_count(out, moves.into())?;
                    out.write_all(b"\n")
                }
                None => out.write_all(b"Impossible\n"),
            };
        }
        match self.table.solve(board) {
            Some(solution) if solution.taps.is_empty() => out.write_all(b"0\n"),
            Some(solution) => writeln!(out, "{} {}", solution.moves(), solution.taps),
            None => out.write_all(b"Impossible\n"),
        }
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
