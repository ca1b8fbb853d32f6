//! `flipgame table`: every board of a small shape with its fewest taps, in five formats: the
//! whole table as bytes, or a line a board through one [`TableWriter`] a format ([`formats`]).

use std::io::{self, Write};

use flipgame::grid::Shape;
use flipgame::notation::Cell;
use flipgame::space::SmallSpace;

use super::args::puzzle;
use super::{Failure, Outcome, usage, write_to};
use crate::cli::{TableArgs, TableFormat};
use crate::output::json::{JsonStream, RuleFields};
use crate::progress::Progress;

mod formats;

/// Explores every board and writes the table to standard output or, atomically, to `--output`.
pub fn run(args: &TableArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let puzzle = puzzle(&args.puzzle)?;
    if args.format == TableFormat::Binary && (args.solvable || args.taps) {
        return Err(usage(
            "--format binary is the whole table, one byte per board: it takes neither --solvable nor --taps",
        ));
    }
    let space = super::args::explore(&puzzle, args.taps)
        .map_err(|too_large| usage(too_large.to_string()))?;
    let rule = RuleFields::of(&puzzle);
    Ok(write_to(args.output.as_deref(), out, |out| {
        write_table(args, &space, &rule, out)
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
    /// With `--taps`: the least of the fewest tap sets (`None` for an impossible board).
    pub taps: Option<Option<u32>>,
    /// The board's shape.
    pub shape: Shape,
    /// The puzzle's rule, for JSON.
    pub rule: &'a RuleFields,
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

fn write_table(
    args: &TableArgs,
    space: &SmallSpace,
    rule: &RuleFields,
    out: &mut dyn Write,
) -> io::Result<()> {
    if args.format == TableFormat::Binary {
        // One byte per board in id (bit) order: its distance, 255 when impossible.
        return out.write_all(space.distances());
    }
    let shape = space.shape();
    let with_id = shape.is_flip_game();
    let mut writer = writer(args.format, with_id, args.taps);
    writer.start(out)?;
    let mut line = Vec::with_capacity(256);
    // Writing 2^25 lines takes a while too: the bar goes on from the search's.
    let mut progress = Progress::new("writing the table");
    let positions = space.positions();
    for bits in 0..positions as u32 {
        if bits % (1 << 16) == 0 {
            progress.update(u64::from(bits), positions);
        }
        let moves = space.moves(bits);
        if args.solvable && moves.is_none() {
            continue;
        }
        let row = Row {
            id: with_id.then(|| format!("{bits:04x}")),
            board: board_text(shape, bits),
            moves,
            taps: args.taps.then(|| space.taps(bits)),
            shape,
            rule,
        };
        line.clear();
        writer.row(&mut line, &row)?;
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

/// The tapped cells' names, `r1c2` and so on.
fn tap_list(shape: Shape, taps: u32) -> Vec<String> {
    tapped(shape, taps).map(|cell| cell.to_string()).collect()
}

/// The tapped cells, for JSON.
fn tap_cells(shape: Shape, taps: u32) -> Vec<Cell> {
    tapped(shape, taps).collect()
}
