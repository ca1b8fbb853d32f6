//! `flipgame table`: every board of a small shape with its fewest taps, in five formats: the
//! whole table as bytes, or a line a board through one [`TableWriter`] a format ([`formats`]).

use std::io::{self, Write};

use flipgame::grid::Shape;
use flipgame::notation::Cell;
use flipgame::space::StateSpace;

use super::args::{puzzle, state_puzzle};
use super::{Failure, Outcome, usage, write_to};
use crate::cli::{CellsArg, TableArgs, TableFormat};
use crate::output::json::{JsonStream, RuleFields};
use crate::progress::Progress;
use flipgame::space::Space;

mod formats;

/// Explores every board and writes the table to standard output or, atomically, to `--output`.
pub fn run(args: &TableArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    if args.format == TableFormat::Binary && (args.solvable || args.taps) {
        return Err(usage(
            "--format binary is the whole table, one byte per board: it takes neither --solvable nor --taps",
        ));
    }
    if args.puzzle.states != 2 {
        return run_states(args, out);
    }
    let puzzle = puzzle(&args.puzzle)?;
    let space = super::args::explore(&puzzle, args.taps)
        .map_err(|too_large| usage(too_large.to_string()))?;
    let rule = RuleFields::of(&puzzle);
    let shape = space.shape();
    let with_id = shape.is_flip_game();
    let table = Table {
        distances: space.distances(),
        with_id,
        row: &|bits: u32| Row {
            id: with_id.then(|| format!("{bits:04x}")),
            board: board_text(shape, bits),
            moves: space.moves(bits),
            taps: args.taps.then(|| {
                space
                    .taps(bits)
                    .map(|taps| tapped(shape, taps).map(|cell| (cell, 1)).collect())
            }),
            states: 2,
            rule: &rule,
        },
    };
    Ok(write_to(args.output.as_deref(), out, |out| {
        write_table(args, &table, out)
    })?)
}

/// `table --states K`: every board of K states, in the order of their digits.
fn run_states(args: &TableArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let puzzle = state_puzzle(&args.puzzle, CellsArg::Bw)?;
    let mut progress = Progress::new("exploring every board");
    let space = StateSpace::explore(&puzzle, args.taps, &mut |done, total| {
        progress.update(done, total)
    })
    .map_err(|too_large| usage(too_large.to_string()))?;
    progress.finish();
    let rule = RuleFields::of_states(&puzzle);
    let cols = puzzle.shape().cols() as usize;
    let table = Table {
        distances: space.distances(),
        with_id: false,
        row: &|index: u32| Row {
            id: None,
            board: space.board(index).to_string(),
            moves: space.moves(index),
            taps: args.taps.then(|| {
                space.presses(index).map(|counts| {
                    counts
                        .iter()
                        .enumerate()
                        .filter(|&(_, &times)| times > 0)
                        .map(|(cell, &times)| (Cell::at_index(cell, cols), times))
                        .collect()
                })
            }),
            states: space.states(),
            rule: &rule,
        },
    };
    Ok(write_to(args.output.as_deref(), out, |out| {
        write_table(args, &table, out)
    })?)
}

/// One row of the table, as every format needs it.
pub struct Row<'a> {
    /// The board's 16-bit id, on the 4x4 board only.
    pub id: Option<String>,
    /// The board in its one-line text form.
    pub board: String,
    /// Its fewest taps, or `None` when it cannot be finished.
    pub moves: Option<u8>,
    /// With `--taps`: the least of the fewest tap sets, each cell with how many times it is
    /// pressed (always 1 on boards of two states); `None` for an impossible board.
    pub taps: Option<Option<Vec<(Cell, u8)>>>,
    /// The states of a cell.
    pub states: u8,
    /// The puzzle's rule, for JSON.
    pub rule: &'a RuleFields,
}

/// An explored space as the table writes it: each board's distance, and its row.
struct Table<'a> {
    /// One byte a board in index order: its fewest taps, 255 when impossible.
    distances: &'a [u8],
    /// Whether rows start with the board's id.
    with_id: bool,
    /// The row of the board at an index.
    row: &'a dyn Fn(u32) -> Row<'a>,
}

/// A format of the table: a header, a line a board, and an end.
pub trait TableWriter {
    /// Writes what comes before the first row.
    fn start(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Appends one row to `line`.
    fn row(&mut self, line: &mut Vec<u8>, row: &Row<'_>) -> io::Result<()>;

    /// Writes what comes after the last row.
    fn finish(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// The writer of a line-by-line format.
fn writer(format: TableFormat, with_id: bool, taps: bool) -> Box<dyn TableWriter> {
    match format {
        TableFormat::Csv => Box::new(formats::Csv { with_id, taps }),
        TableFormat::Json => Box::new(formats::Json(JsonStream::new(true))),
        TableFormat::Jsonl => Box::new(formats::Json(JsonStream::new(false))),
        TableFormat::Text | TableFormat::Binary => Box::new(formats::Text),
    }
}

fn write_table(args: &TableArgs, table: &Table<'_>, out: &mut dyn Write) -> io::Result<()> {
    if args.format == TableFormat::Binary {
        // One byte per board in index order: its distance, 255 when impossible.
        return out.write_all(table.distances);
    }
    let mut writer = writer(args.format, table.with_id, args.taps);
    writer.start(out)?;
    let mut line = Vec::with_capacity(256);
    // Writing 2^25 lines takes a while too: the bar goes on from the search's.
    let mut progress = Progress::new("writing the table");
    let positions = table.distances.len() as u64;
    for (index, &moves) in table.distances.iter().enumerate() {
        if index % (1 << 16) == 0 {
            progress.update(index as u64, positions);
        }
        if args.solvable && moves == u8::MAX {
            continue;
        }
        line.clear();
        writer.row(&mut line, &(table.row)(index as u32))?;
        out.write_all(&line)?;
    }
    progress.update(positions, positions);
    progress.finish();
    writer.finish(out)
}

/// The text form of the board with these bits (first cell most significant).
fn board_text(shape: Shape, bits: u32) -> String {
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let cells = rows * cols;
    let mut text = String::with_capacity(cells + rows);
    for index in 0..cells {
        if index > 0 && index % cols == 0 {
            text.push('/');
        }
        text.push(if bits >> (cells - 1 - index) & 1 == 1 {
            'b'
        } else {
            'w'
        });
    }
    text
}

/// The tapped cells of a tap set's bits, row-major, as (row, col) from 0.
fn tapped(shape: Shape, taps: u32) -> impl Iterator<Item = Cell> {
    let cols = shape.cols() as usize;
    let cells = shape.cells() as usize;
    (0..cells)
        .filter(move |index| taps >> (cells - 1 - index) & 1 == 1)
        .map(move |index| Cell::at_index(index, cols))
}

/// The pressed cells' names, `r1c2` and so on, a cell pressed j times named j times.
fn tap_list(taps: &[(Cell, u8)]) -> String {
    let names: Vec<String> = taps
        .iter()
        .flat_map(|&(cell, times)| std::iter::repeat_n(cell.to_string(), usize::from(times)))
        .collect();
    names.join(" ")
}
