//! `flipgame solve`: the fewest taps for each board, as the judge prints them, or as JSON.

use std::io::{self, Write};

use serde::Serialize;

use flipgame::board::{Board, Color, Goal};
use flipgame::grid::{Grid, Shape};
use flipgame::lights::LightsOut;
use flipgame::solver::DistanceTable;

use super::{BoardCommand, Place, Status, goal, run_boards, shape};
use crate::cli::SolveArgs;
use crate::output::json::{
    BoardFields, CellsJson, GridCellsJson, JsonStream, as_text, optional_color,
};
use crate::output::write_count;

/// What the text format says after a count that is not proven minimal.
const NOT_PROVEN: &str = "(not proven minimal)";

/// Solves every board of the inputs and writes one answer per board.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> io::Result<Status> {
    let Some(shape) = shape(args.input.size) else {
        return Ok(Status::BadInput);
    };
    let goal = goal(args.input.goal);
    let command = Solve {
        table: DistanceTable::shared(goal),
        lights: LightsOut::new(shape),
        goal,
        taps: args.taps,
    };
    run_boards(&args.input, shape, args.format, out, command)
}

struct Solve {
    table: &'static DistanceTable,
    lights: LightsOut,
    goal: Goal,
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
                    board: BoardFields::of_board(&board),
                    solvable: solution.is_some(),
                    moves: solution.map(|s| u64::from(s.moves())),
                    goal: solution.map(|s| s.goal),
                    optimal: true,
                    taps: solution.map(|s| Taps::Board(CellsJson(s.taps))),
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

    fn answer_grid<W: Write>(
        &mut self,
        out: &mut W,
        json: Option<&mut JsonStream>,
        index: u64,
        place: Place<'_>,
        grid: &Grid,
    ) -> io::Result<()> {
        let solution = self.lights.solve(grid, self.goal);
        let _shape: Shape = grid.shape();
        if let Some(json) = json {
            return json.write(
                out,
                &SolvedJson {
                    index,
                    source: place,
                    board: BoardFields::of_grid(grid),
                    solvable: solution.is_some(),
                    moves: solution.as_ref().map(|s| s.moves()),
                    goal: solution.as_ref().map(|s| s.goal),
                    optimal: solution.as_ref().is_none_or(|s| s.optimal),
                    taps: solution
                        .as_ref()
                        .map(|s| Taps::Grid(GridCellsJson(&s.taps))),
                },
            );
        }
        let Some(solution) = solution else {
            return out.write_all(b"Impossible\n");
        };
        write_count(out, solution.moves().try_into().unwrap_or(u32::MAX))?;
        if self.taps {
            for (row, col) in solution.taps.cells() {
                write!(out, " r{}c{}", row + 1, col + 1)?;
            }
        }
        if !solution.optimal {
            write!(out, " {NOT_PROVEN}")?;
        }
        out.write_all(b"\n")
    }
}

/// The taps of a solved board, of either representation.
enum Taps<'a> {
    Board(CellsJson),
    Grid(GridCellsJson<'a>),
}

impl Serialize for Taps<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Taps::Board(cells) => cells.serialize(serializer),
            Taps::Grid(cells) => cells.serialize(serializer),
        }
    }
}

/// One solved board in JSON; `id` only for 4x4, where it is defined.
#[derive(Serialize)]
struct SolvedJson<'a> {
    index: u64,
    #[serde(serialize_with = "as_text")]
    source: Place<'a>,
    #[serde(flatten)]
    board: BoardFields<'a>,
    solvable: bool,
    moves: Option<u64>,
    #[serde(serialize_with = "optional_color")]
    goal: Option<Color>,
    optimal: bool,
    taps: Option<Taps<'a>>,
}
